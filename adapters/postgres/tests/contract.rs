//! The shared store contract (`leffaseura_sql::contract`) against Postgres. Each test gets
//! a fresh, uniquely named database (dropped afterwards, best effort), so tests run in
//! parallel. The server is `postgres://postgres@127.0.0.1:5432/test` unless
//! `TEST_POSTGRES_URL` says otherwise; when it cannot be reached the tests are skipped
//! with a visible line, or fail when `CI=true` or `LEFFASEURA_REQUIRE_POSTGRES=1`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sqlx::{Connection, Executor, PgConnection};

use leffaseura_sql::SqlStore;

fn admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

fn postgres_required() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
        || std::env::var("LEFFASEURA_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

/// Drops its database when dropped (also when the test panicked).
struct TestDatabase {
    admin_url: String,
    name: String,
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
        // Drop runs inside the test's runtime; do the async work on a thread of its own.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(async {
                let mut conn = PgConnection::connect(&admin_url).await?;
                conn.execute(sql.as_str()).await?;
                conn.close().await
            })?;
            Ok::<_, Box<dyn std::error::Error + Send + Sync>>(())
        })
        .join();
        if let Ok(Err(err)) = dropped {
            eprintln!("could not drop test database {}: {err}", self.name);
        }
    }
}

async fn fresh() -> Option<(SqlStore, TestDatabase)> {
    static SEQ: AtomicUsize = AtomicUsize::new(0);
    let admin_url = admin_url();
    let connected =
        tokio::time::timeout(Duration::from_secs(5), PgConnection::connect(&admin_url)).await;
    let mut admin = match connected {
        Ok(Ok(conn)) => conn,
        Ok(Err(err)) => return unreachable(&admin_url, &err.to_string()),
        Err(_) => return unreachable(&admin_url, "timed out"),
    };
    let name = format!(
        "leffaseura_test_{}_{}_{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or_default()
    );
    admin
        .execute(format!("CREATE DATABASE \"{name}\"").as_str())
        .await
        .expect("create test database");
    admin.close().await.expect("close admin connection");
    let guard = TestDatabase {
        admin_url: admin_url.clone(),
        name: name.clone(),
    };

    let mut url = url::Url::parse(&admin_url).expect("TEST_POSTGRES_URL is a URL");
    url.set_path(&name);
    let store = leffaseura_postgres::connect(url.as_str())
        .await
        .expect("connect");
    leffaseura_postgres::migrate(&store).await.expect("migrate");
    Some((store, guard))
}

fn unreachable<T>(url: &str, why: &str) -> Option<T> {
    if postgres_required() {
        panic!(
            "Postgres not reachable at {url}: {why} (required by CI / LEFFASEURA_REQUIRE_POSTGRES)"
        );
    }
    eprintln!("SKIPPED: Postgres not reachable at {url}: {why}");
    None
}

leffaseura_sql::contract_suite!(fresh());

#[tokio::test]
async fn migrating_twice_is_harmless() {
    let Some((store, _db)) = fresh().await else {
        return;
    };
    leffaseura_postgres::migrate(&store)
        .await
        .expect("migrate again");
    store.close().await;
}
