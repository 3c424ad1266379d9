//! Fresh Postgres databases for tests (behind the `contract` feature, with the contract
//! suite): one uniquely named database per test, dropped with its guard (best effort), so
//! tests run in parallel.
//!
//! The server is `postgres://postgres@127.0.0.1:5432/test` unless `TEST_POSTGRES_URL` says
//! otherwise; when it cannot be reached the tests are skipped with a visible line, or fail
//! when `CI=true` or `LEFFASEURA_REQUIRE_POSTGRES=1`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sqlx::{Connection, Executor, PgConnection};

/// The maintenance database test databases are created from (`TEST_POSTGRES_URL`).
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

/// Whether an unreachable Postgres fails the test instead of skipping it.
pub fn postgres_required() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
        || std::env::var("LEFFASEURA_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

/// A database of its own, dropped when the guard is (also when the test panicked).
pub struct PostgresTestDb {
    admin_url: String,
    name: String,
    url: String,
}

impl PostgresTestDb {
    /// Creates a fresh database named `{prefix}_{pid}_{seq}_{nanos}`; `None` (with a
    /// visible `SKIPPED:` line) when Postgres cannot be reached and is not required.
    ///
    /// # Panics
    /// When Postgres is required but unreachable, or refuses to create the database.
    pub async fn create(prefix: &str) -> Option<Self> {
        static SEQ: AtomicUsize = AtomicUsize::new(0);
        let admin_url = postgres_admin_url();
        let connected =
            tokio::time::timeout(Duration::from_secs(5), PgConnection::connect(&admin_url)).await;
        let mut admin = match connected {
            Ok(Ok(conn)) => conn,
            Ok(Err(err)) => return unreachable(&admin_url, &err.to_string()),
            Err(_) => return unreachable(&admin_url, "timed out"),
        };
        let name = format!(
            "{prefix}_{}_{}_{}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or_default()
        );
        if let Err(err) = admin
            .execute(format!("CREATE DATABASE \"{name}\"").as_str())
            .await
        {
            panic!("create test database {name}: {err}");
        }
        let _ = admin.close().await;
        let mut url = match url::Url::parse(&admin_url) {
            Ok(url) => url,
            Err(err) => panic!("TEST_POSTGRES_URL is not a URL ({err}): {admin_url}"),
        };
        url.set_path(&name);
        Some(Self {
            admin_url,
            name,
            url: url.to_string(),
        })
    }

    /// The URL of this database.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The name of this database.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for PostgresTestDb {
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

fn unreachable<T>(url: &str, why: &str) -> Option<T> {
    if postgres_required() {
        panic!(
            "Postgres not reachable at {url}: {why} (required by CI / LEFFASEURA_REQUIRE_POSTGRES)"
        );
    }
    eprintln!("SKIPPED: Postgres not reachable at {url}: {why}");
    None
}
