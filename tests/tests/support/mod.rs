//! Starts the real `leffaseura-server` binary on a free port with a fresh database and
//! talks to it over HTTP, exactly as a client would.

#![allow(dead_code)]

pub mod groups;
pub mod parties;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use leffaseura_sql::testing::PostgresTestDb;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// The password of every user the black-box tests register.
pub const PASSWORD: &str = "correct horse";

/// Asserts an error answer: the status, and the JSON error body of API.md
/// (`success: false`, the `code`, a non-empty `message`).
pub fn assert_error(status: u16, body: &Value, expected_status: u16, code: &str) {
    assert_eq!(status, expected_status, "{body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

/// The `Content-Type` of a response (`""` without one).
pub fn content_type(response: &reqwest::Response) -> &str {
    response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

/// Which database the server under test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestServer {
    pub base_url: String,
    pub client: reqwest::Client,
    child: Child,
    data_dir: tempfile::TempDir,
    database_url: Option<String>,
    /// The fresh Postgres database, dropped after the server (declared after `child`).
    postgres_db: Option<PostgresTestDb>,
    extra_env: Vec<(String, String)>,
}

fn server_command(
    data_dir: &Path,
    database_url: Option<&str>,
    extra_env: &[(String, String)],
) -> Command {
    let mut command = Command::new(server_binary());
    command
        .env("DATA_DIR", data_dir)
        .env("BIND", "127.0.0.1:0")
        .env("WEBAPP_DIR", data_dir.join("no-webapp"))
        .env("LOG_FORMAT", "pretty")
        .env("RUST_LOG", "info")
        // Tests register and log in many accounts from one address; the tests of the
        // limits turn them on with `start_with`.
        .env("RATE_LIMITS", "off")
        .env_remove("DATABASE_URL")
        .env_remove("JWT_SECRET")
        .env_remove("TMDB_API_KEY")
        .env_remove("TMDB_READ_TOKEN")
        .env_remove("CORS_ORIGINS")
        .env_remove("METRICS_TOKEN")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    for (key, value) in extra_env {
        command.env(key, value);
    }
    command
}

fn server_binary() -> PathBuf {
    sibling_binary("leffaseura-server", "LEFFASEURA_SERVER_BIN")
}

pub fn admin_binary() -> PathBuf {
    sibling_binary("leffaseura-admin", "LEFFASEURA_ADMIN_BIN")
}

fn sibling_binary(name: &str, override_var: &str) -> PathBuf {
    if let Ok(path) = std::env::var(override_var) {
        return PathBuf::from(path);
    }
    // target/<profile>/deps/<test-binary> → target/<profile>/leffaseura-server
    let exe = std::env::current_exe().expect("current test executable");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test binary lives in target/<profile>/deps");
    let binary = profile_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.exists(),
        "{} is missing: build it first with `cargo build --workspace --bins` (scripts/test does)",
        binary.display()
    );
    binary
}

impl TestServer {
    /// Starts a server on SQLite, or on a fresh Postgres database. Returns `None` only for
    /// Postgres when it is unavailable and not required.
    pub async fn start(backend: Backend) -> Option<Self> {
        Self::start_with(backend, &[]).await
    }

    pub async fn start_with(backend: Backend, extra_env: &[(&str, &str)]) -> Option<Self> {
        let data_dir = tempfile::tempdir().expect("temp data dir");
        let (database_url, postgres_db) = match backend {
            Backend::Sqlite => (None, None),
            Backend::Postgres => {
                let db = PostgresTestDb::create("leffaseura_bb").await?;
                (Some(db.url().to_owned()), Some(db))
            }
        };
        let extra_env: Vec<(String, String)> = extra_env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let mut child = server_command(data_dir.path(), database_url.as_deref(), &extra_env)
            .spawn()
            .expect("start leffaseura-server");
        let base_url = wait_for_listening(&mut child).await;
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("http client");
        Some(Self {
            base_url,
            client,
            child,
            data_dir,
            database_url,
            postgres_db,
            extra_env,
        })
    }

    /// A second server process on this server's database, with its own data directory
    /// (and so its own signing key) and `extra_env`.
    pub async fn start_beside(&self, extra_env: &[(&str, &str)]) -> Self {
        let data_dir = tempfile::tempdir().expect("temp data dir");
        let extra_env: Vec<(String, String)> = extra_env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let database_url = Some(self.database_url());
        let mut child = server_command(data_dir.path(), database_url.as_deref(), &extra_env)
            .spawn()
            .expect("start leffaseura-server");
        let base_url = wait_for_listening(&mut child).await;
        Self {
            base_url,
            client: self.client.clone(),
            child,
            data_dir,
            database_url,
            postgres_db: None,
            extra_env,
        }
    }

    /// Runs `leffaseura-admin` against this server's database; returns (exit code, stdout, stderr).
    pub async fn admin(&self, args: &[&str]) -> (i32, String, String) {
        run_admin(self.data_dir.path(), self.database_url.as_deref(), args).await
    }

    /// This server's data directory (its SQLite database is `leffaseura.db` there).
    pub fn data_dir(&self) -> &Path {
        self.data_dir.path()
    }

    /// Stops the server and starts it again on the same data directory and database.
    pub async fn restart(&mut self) {
        let _ = self.child.kill().await;
        self.child = server_command(
            self.data_dir.path(),
            self.database_url.as_deref(),
            &self.extra_env,
        )
        .spawn()
        .expect("restart leffaseura-server");
        self.base_url = wait_for_listening(&mut self.child).await;
    }

    /// Kills the server at once (SIGKILL: no draining, as when its machine dies) and
    /// waits until it is gone.
    pub async fn kill(&mut self) {
        let _ = self.child.kill().await;
    }

    /// Waits for the server to exit by itself; `None` when it is still running after `limit`.
    pub async fn wait_for_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        tokio::time::timeout(limit, self.child.wait())
            .await
            .ok()
            .map(|status| status.expect("wait for the server"))
    }

    /// The URL of this server's database, for fixtures no API writes yet (groups):
    /// the SQLite file in the private data directory, or the fresh Postgres database.
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| {
            format!(
                "sqlite://{}",
                self.data_dir.path().join("leffaseura.db").display()
            )
        })
    }

    /// The server's process id (to read its memory from `/proc`).
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }

    /// A GET without a token, answered raw: for headers and bodies that are not JSON.
    pub async fn fetch(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .unwrap_or_else(|err| panic!("GET {path}: {err}"))
    }

    /// Sends a request with an optional bearer token and JSON body; returns status and body
    /// (JSON, or `Value::Null` for an empty body).
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request reaches the server");
        let status = response.status().as_u16();
        let text = response.text().await.expect("response body");
        let json = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text)
                .unwrap_or_else(|_| panic!("{path} answered non-JSON: {text}"))
        };
        (status, json)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.call(reqwest::Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.call(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.call(reqwest::Method::PUT, path, token, Some(body))
            .await
    }

    pub async fn delete(
        &self,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        self.call(reqwest::Method::DELETE, path, token, body).await
    }

    /// Registers a user and returns (token, user id). Like a polite client it tries again
    /// when the server answers 503 `server_busy` (its password-hash queue is full, which a
    /// burst of registrations on a loaded machine can reach): the callers test what comes
    /// after registering, not the queue.
    pub async fn register(&self, username: &str, password: &str) -> (String, i64) {
        let request = json!({"username": username, "email": format!("{username}@example.fi"), "password": password});
        let mut attempts = 0;
        let (status, body) = loop {
            let (status, body) = self
                .post("/api/v1/users/register", None, request.clone())
                .await;
            attempts += 1;
            if status != 503 || body["code"] != "server_busy" || attempts == 20 {
                break (status, body);
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        };
        assert_eq!(status, 201, "register {username}: {body}");
        let token = body["token"].as_str().expect("token").to_owned();
        let id = body["user"]["id"].as_i64().expect("user id");
        (token, id)
    }
}

/// Runs `leffaseura-admin` on the database in `data_dir`, or at `database_url`; returns
/// (exit code, stdout, stderr). Stdin is not a terminal: confirmations need `--yes`.
pub async fn run_admin(
    data_dir: &Path,
    database_url: Option<&str>,
    args: &[&str],
) -> (i32, String, String) {
    let mut command = Command::new(admin_binary());
    command
        .args(args)
        .env("DATA_DIR", data_dir)
        .env("LEFFASEURA_ADMIN", "blackbox-test")
        .env_remove("DATABASE_URL")
        .stdin(Stdio::null());
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let output = command.output().await.expect("run leffaseura-admin");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

async fn wait_for_listening(child: &mut Child) -> String {
    let stdout = child.stdout.take().expect("stdout piped");
    let stderr = child.stderr.take().expect("stderr piped");
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    for stream in [
        Box::new(stdout) as Box<dyn tokio::io::AsyncRead + Unpin + Send>,
        Box::new(stderr),
    ] {
        let tx = tx.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stream).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let _ = tx.send(line);
            }
        });
    }
    drop(tx);
    let mut seen = Vec::new();
    let found = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(line) = rx.recv().await {
            if let Some(pos) = line.find("listening on http://") {
                let rest = &line[pos + "listening on ".len()..];
                let url: String = rest
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '"' && *c != ',')
                    .collect();
                return Some(url);
            }
            seen.push(line);
        }
        None
    })
    .await;
    match found {
        Ok(Some(url)) => {
            // Keep draining output so the server never blocks on a full pipe.
            tokio::spawn(async move { while rx.recv().await.is_some() {} });
            url
        }
        _ => panic!(
            "server did not report its address; output:\n{}",
            seen.join("\n")
        ),
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        // The Postgres database goes after this, with its guard (WITH (FORCE)).
        let _ = self.child.start_kill();
    }
}

/// Defines one test per backend: `mod name { sqlite, postgres }`.
#[macro_export]
macro_rules! on_both_backends {
    ($name:ident, |$server:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[allow(unused_mut)]
            async fn scenario(mut $server: support::TestServer) $body

            #[tokio::test]
            async fn sqlite() {
                let server = support::TestServer::start(support::Backend::Sqlite)
                    .await
                    .expect("SQLite always starts");
                scenario(server).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(server) = support::TestServer::start(support::Backend::Postgres).await {
                    scenario(server).await;
                }
            }
        }
    };
}
