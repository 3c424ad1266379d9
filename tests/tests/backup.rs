//! `leffaseura-admin backup` and `restore` with the real binaries (issue 15 §3): a backup
//! taken while the server acknowledges writes restores to a sound database holding every
//! write acknowledged before the backup began; and what each command refuses. SQLite
//! always; Postgres when it answers and `pg_dump` is on PATH.

mod support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::json;
use sqlx::{Connection, Row};

use leffaseura_sql::testing::PostgresTestDb;
use support::{run_admin, Backend, TestServer, PASSWORD};

/// Demo films to review: the first pages of the catalog's popular list.
async fn movie_ids(server: &TestServer) -> Vec<i64> {
    let mut ids = Vec::new();
    for page in 1..=3 {
        let (status, body) = server
            .get(&format!("/api/tmdb/popular?page={page}"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        ids.extend(
            body["results"]
                .as_array()
                .expect("results")
                .iter()
                .filter_map(|m| m["id"].as_i64()),
        );
    }
    ids
}

/// Writes reviews through the HTTP API until `stop` (or every film is reviewed by every
/// writer) and records the id of each one acknowledged (201).
struct Writer {
    acked: Arc<Mutex<Vec<i64>>>,
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Writer {
    async fn start(server: &TestServer) -> Self {
        let movies = movie_ids(server).await;
        let mut tokens = Vec::new();
        for name in ["wilma", "walter", "wendy"] {
            tokens.push(server.register(name, PASSWORD).await.0);
        }
        let acked = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (client, base) = (server.client.clone(), server.base_url.clone());
        let (acked_w, stop_w) = (acked.clone(), stop.clone());
        let task = tokio::spawn(async move {
            for movie in movies {
                for token in &tokens {
                    if stop_w.load(Ordering::SeqCst) {
                        return;
                    }
                    let response = client
                        .post(format!("{base}/api/reviews"))
                        .bearer_auth(token)
                        .json(&json!({"movieId": movie, "rating": 4, "content": "Backed up."}))
                        .send()
                        .await
                        .expect("the server answers");
                    assert_eq!(response.status().as_u16(), 201);
                    let body: serde_json::Value = response.json().await.expect("JSON");
                    let id = body["data"]["review"]["id"].as_i64().expect("review id");
                    acked_w.lock().expect("lock").push(id);
                }
            }
        });
        Self { acked, stop, task }
    }

    fn acked(&self) -> Vec<i64> {
        self.acked.lock().expect("lock").clone()
    }

    async fn wait_for(&self, count: usize) {
        while self.acked().len() < count {
            assert!(!self.task.is_finished(), "the writer stopped early");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    async fn finish(self) -> Vec<i64> {
        self.stop.store(true, Ordering::SeqCst);
        self.task.await.expect("the writer task");
        let acked = self.acked.lock().expect("lock").clone();
        acked
    }
}

/// Takes a backup while `writer` writes: returns the writes acknowledged before it began
/// and all acknowledged by the end.
async fn backup_during_writes(server: &TestServer, file: &str) -> (Vec<i64>, Vec<i64>) {
    let writer = Writer::start(server).await;
    writer.wait_for(10).await;
    let before = writer.acked();
    let (code, out, err) = server.admin(&["backup", file]).await;
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Backed up "), "{out}");
    let during = writer.acked().len() - before.len();
    let all = writer.finish().await;
    eprintln!(
        "{} writes acknowledged before the backup, {during} while it ran",
        before.len()
    );
    (before, all)
}

fn assert_holds(restored: &[i64], before: &[i64], all: &[i64]) {
    for id in before {
        assert!(
            restored.contains(id),
            "review {id}, acknowledged before the backup, is missing"
        );
    }
    assert!(
        restored.iter().all(|id| all.contains(id)),
        "the backup holds reviews never acknowledged"
    );
}

#[tokio::test]
async fn sqlite_backup_during_writes_restores_every_acknowledged_write() {
    let server = TestServer::start(Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("leffaseura.backup.db");
    let file_arg = file.to_str().expect("UTF-8 path");
    let (before, all) = backup_during_writes(&server, file_arg).await;

    // An existing backup is replaced only with --force.
    let (code, _, err) = server.admin(&["backup", file_arg]).await;
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("--force"), "{err}");

    // Restore into an empty place: no question asked.
    let target = tempfile::tempdir().expect("temp dir");
    let (code, out, err) = run_admin(target.path(), None, &["restore", file_arg]).await;
    assert_eq!(code, 0, "{out}{err}");
    let restored_db = target.path().join("leffaseura.db");
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", restored_db.display()))
        .await
        .expect("open the restored database");
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .expect("integrity_check");
    assert_eq!(check, "ok");
    let restored: Vec<i64> = sqlx::query("SELECT id FROM reviews")
        .fetch_all(&mut conn)
        .await
        .expect("reviews")
        .iter()
        .map(|row| row.get::<i64, _>(0))
        .collect();
    conn.close().await.expect("close");
    assert_holds(&restored, &before, &all);

    // The restored database serves: the admin CLI reads it.
    let (code, out, err) = run_admin(target.path(), None, &["reviews", "list", "--json"]).await;
    assert_eq!(code, 0, "{out}{err}");

    // It holds data now: replacing it needs --yes (stdin is no terminal to ask on).
    let (code, _, err) = run_admin(target.path(), None, &["restore", file_arg]).await;
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--yes"), "{err}");
    let (code, out, err) = run_admin(target.path(), None, &["restore", file_arg, "--yes"]).await;
    assert_eq!(code, 0, "{out}{err}");

    // Not a backup: refused before anything is touched; no backup at all: not found.
    let garbage = dir.path().join("garbage.db");
    std::fs::write(&garbage, b"not a database at all, just text").expect("write");
    let garbage_arg = garbage.to_str().expect("UTF-8 path");
    let (code, _, err) = run_admin(target.path(), None, &["restore", garbage_arg, "--yes"]).await;
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run_admin(
        target.path(),
        None,
        &["restore", "/nonexistent/leffaseura.db", "--yes"],
    )
    .await;
    assert_eq!(code, 3, "{err}");
    let (code, out, err) = run_admin(target.path(), None, &["stats", "--json"]).await;
    assert_eq!(code, 0, "still the restored database: {out}{err}");
}

#[tokio::test]
async fn sqlite_backup_refuses_a_missing_database() {
    let empty = tempfile::tempdir().expect("temp dir");
    let file = empty.path().join("b.db");
    let (code, _, err) = run_admin(
        empty.path(),
        None,
        &["backup", file.to_str().expect("UTF-8 path")],
    )
    .await;
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("No database at"), "{err}");
    assert!(!file.exists());
}

fn pg_tools_present() -> bool {
    ["pg_dump", "pg_restore"].iter().all(|tool| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file()))
    })
}

#[tokio::test]
async fn postgres_backup_during_writes_restores_every_acknowledged_write() {
    if !pg_tools_present() {
        eprintln!("skipped: pg_dump or pg_restore is not on PATH");
        return;
    }
    let Some(server) = TestServer::start(Backend::Postgres).await else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("leffaseura.pgdump");
    let file_arg = file.to_str().expect("UTF-8 path");
    let (before, all) = backup_during_writes(&server, file_arg).await;

    let Some(target) = PostgresTestDb::create("leffaseura_restore").await else {
        return;
    };
    let (code, out, err) = run_admin(
        server.data_dir(),
        Some(target.url()),
        &["restore", file_arg],
    )
    .await;
    assert_eq!(code, 0, "{out}{err}");
    let mut conn = sqlx::PgConnection::connect(target.url())
        .await
        .expect("connect to the restored database");
    let restored: Vec<i64> = sqlx::query("SELECT id FROM reviews")
        .fetch_all(&mut conn)
        .await
        .expect("reviews")
        .iter()
        .map(|row| row.get::<i64, _>(0))
        .collect();
    conn.close().await.expect("close");
    assert_holds(&restored, &before, &all);

    // Holding data now, it is replaced only with --yes.
    let (code, _, err) = run_admin(
        server.data_dir(),
        Some(target.url()),
        &["restore", file_arg],
    )
    .await;
    assert_eq!(code, 2, "{err}");
    let (code, out, err) = run_admin(
        server.data_dir(),
        Some(target.url()),
        &["restore", file_arg, "--yes"],
    )
    .await;
    assert_eq!(code, 0, "{out}{err}");
}

#[tokio::test]
async fn postgres_backup_without_pg_dump_prints_the_command() {
    let Some(server) = TestServer::start(Backend::Postgres).await else {
        return;
    };
    let url = server.database_url();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("b.pgdump");
    let mut command = tokio::process::Command::new(support::admin_binary());
    let output = command
        .args(["backup", file.to_str().expect("UTF-8 path")])
        .env("DATABASE_URL", &url)
        .env("PATH", dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .expect("run leffaseura-admin");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("pg_dump --format=custom"), "{err}");
    assert!(!file.exists());
}
