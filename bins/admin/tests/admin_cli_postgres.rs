//! Black-box tests of `leffaseura-admin` against Postgres (chosen by the URL scheme).
//! Each test gets a fresh, uniquely named database, dropped afterwards (best effort). The
//! server is `postgres://postgres@127.0.0.1:5432/test` unless `TEST_POSTGRES_URL` says
//! otherwise; when it cannot be reached the tests are skipped with a visible line, or fail
//! when `CI=true` or `LEFFASEURA_REQUIRE_POSTGRES=1` (as the store contract tests do).

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;
use sqlx::{Connection, Executor, PgConnection};

use leffaseura_core::domain::user::{Email, NewUser, PasswordHash, Username};
use leffaseura_core::ports::UserStore;

fn admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

fn postgres_required() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
        || std::env::var("LEFFASEURA_REQUIRE_POSTGRES").is_ok_and(|v| v == "1")
}

/// A database of its own, dropped with the guard.
struct TestDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let admin_url = self.admin_url.clone();
        let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
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

async fn fresh() -> Option<TestDatabase> {
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
        "leffaseura_admin_test_{}_{}_{}",
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
    let mut url = url::Url::parse(&admin_url).expect("TEST_POSTGRES_URL is a URL");
    url.set_path(&name);
    Some(TestDatabase {
        admin_url,
        name,
        url: url.to_string(),
    })
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

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|err| panic!("stdout is not JSON ({err}): {}", self.stdout))
    }
}

fn admin(database_url: &str, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_leffaseura-admin"))
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("LEFFASEURA_ADMIN", "pg-admin")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("exited normally"),
        stdout: String::from_utf8(output.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("utf-8 stderr"),
    }
}

#[tokio::test]
async fn migrate_and_moderate_on_postgres() {
    let Some(db) = fresh().await else {
        return;
    };
    let first = admin(&db.url, &["migrate", "--json"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let report = first.json();
    assert_eq!(report["backend"], "postgres");
    assert!(
        report["applied"].as_array().is_some_and(|a| !a.is_empty()),
        "{report}"
    );
    let again = admin(&db.url, &["migrate"]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(again.stdout.contains("is up to date"), "{}", again.stdout);

    let empty = admin(&db.url, &["users", "list", "--json"]).json();
    assert_eq!(empty["pagination"]["total"], 0);
    assert_eq!(admin(&db.url, &["users", "show", "nobody"]).code, 3);

    let store = leffaseura_postgres::connect(&db.url)
        .await
        .expect("connects");
    store
        .create_user(&NewUser {
            username: Username::parse("pg_user").expect("valid"),
            email: Email::parse("pg_user@example.fi").expect("valid"),
            password_hash: PasswordHash("$argon2id$not-a-real-hash".into()),
            created_at: chrono::Utc::now(),
        })
        .await
        .expect("user is created");
    store.close().await;

    let ban = admin(&db.url, &["users", "ban", "pg_user", "--reason", "test"]);
    assert_eq!(ban.code, 0, "{}", ban.stderr);
    assert_eq!(admin(&db.url, &["users", "ban", "pg_user"]).code, 4);
    let deleted = admin(&db.url, &["users", "delete", "pg_user@example.fi", "--yes"]);
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    let log = admin(&db.url, &["modlog", "--json"]).json();
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert_eq!(actions, ["delete_user", "ban_user"]);
    assert_eq!(log["entries"][0]["actor"], "pg-admin");
}
