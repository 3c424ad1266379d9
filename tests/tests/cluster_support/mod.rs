//! A cluster for the black-box tests: several real `leffaseura-server` processes on one
//! fresh Postgres database, sharing one JWT secret, behind a real nginx started from the
//! same configuration as `scripts/cluster` (scripts/lib/cluster-nginx.conf).
//!
//! Without nginx the tests print why they are skipped, unless LEFFASEURA_REQUIRE_NGINX=1
//! (set by CI), which makes a missing nginx a failure; without Postgres they are skipped
//! as every Postgres test is (or fail when Postgres is required).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::process::{Child, Command};

use crate::support::{Backend, TestServer};

/// The configuration scripts/cluster runs; the tests fill in the same placeholders.
const NGINX_CONF: &str = include_str!("../../../scripts/lib/cluster-nginx.conf");

/// Shared by every server of a cluster: a token signed by one is accepted by all.
const JWT_SECRET: &str = "cluster-test-secret-shared-by-every-server-process";

fn nginx_binary() -> Option<PathBuf> {
    if let Ok(path) = std::env::var("NGINX_BIN") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var("PATH").unwrap_or_default();
    for dir in path
        .split(':')
        .chain(["/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin"])
    {
        let candidate = Path::new(dir).join("nginx");
        if candidate.is_file() {
            return Some(candidate);
        }
    }
    None
}

fn nginx_required() -> bool {
    std::env::var("LEFFASEURA_REQUIRE_NGINX").is_ok_and(|v| v == "1")
}

/// One HTTP endpoint: the balancer, or a server addressed directly.
#[derive(Clone)]
pub struct Http {
    pub base_url: String,
    client: reqwest::Client,
}

/// An answer: status, JSON body (`Null` when empty or not JSON) and the server nginx
/// passed the request to (`X-Upstream`; empty when answered directly).
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub upstream: String,
}

impl Http {
    fn new(base_url: &str) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("http client");
        Self {
            base_url: base_url.to_owned(),
            client,
        }
    }

    /// Sends a request; `Err` only when no HTTP answer came at all.
    pub async fn try_send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
        forwarded_for: Option<&str>,
    ) -> Result<Answer, reqwest::Error> {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base_url));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(address) = forwarded_for {
            request = request.header("x-forwarded-for", address);
        }
        let response = request.send().await?;
        let status = response.status().as_u16();
        let upstream = response
            .headers()
            .get("x-upstream")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let text = response.text().await?;
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Ok(Answer {
            status,
            body,
            upstream,
        })
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        self.try_send(method.clone(), path, token, body, None)
            .await
            .unwrap_or_else(|err| panic!("{method} {}{path}: {err}", self.base_url))
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.send(reqwest::Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.send(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.send(reqwest::Method::PUT, path, token, Some(body))
            .await
    }
}

/// nginx in the foreground with every file in its own directory.
struct Balancer {
    child: Child,
    base_url: String,
    dir: tempfile::TempDir,
}

impl Balancer {
    async fn start(nginx: &Path, upstreams: &[String]) -> Self {
        let mut last_error = String::new();
        // The port is picked free and then handed to nginx: another process may take it in
        // between, so a failed start is tried again on another port.
        for _ in 0..3 {
            let dir = tempfile::tempdir().expect("nginx dir");
            // When the tests run as root, nginx's worker runs as `nobody`: it must reach
            // the directory of its buffers.
            make_world_readable(dir.path());
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .expect("a free port")
                .port();
            let listen = format!("127.0.0.1:{port}");
            let config_path = dir.path().join("nginx.conf");
            std::fs::write(&config_path, config(dir.path(), &listen, upstreams))
                .expect("write nginx.conf");
            let child = Command::new(nginx)
                .arg("-p")
                .arg(dir.path())
                .arg("-e")
                .arg(dir.path().join("error.log"))
                .arg("-c")
                .arg(&config_path)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|err| panic!("start {}: {err}", nginx.display()));
            let mut balancer = Self {
                child,
                base_url: format!("http://{listen}"),
                dir,
            };
            match balancer.wait_until_answering().await {
                Ok(()) => return balancer,
                Err(why) => last_error = why,
            }
        }
        panic!("nginx did not start: {last_error}");
    }

    async fn wait_until_answering(&mut self) -> Result<(), String> {
        let http = Http::new(&self.base_url);
        let deadline = Instant::now() + Duration::from_secs(15);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("exited with {status}: {}", self.error_log()));
            }
            if let Ok(answer) = http
                .try_send(reqwest::Method::GET, "/healthz", None, None, None)
                .await
            {
                if answer.status == 200 {
                    return Ok(());
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err(format!("no answer in 15 s: {}", self.error_log()))
    }

    fn error_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default()
    }
}

fn make_world_readable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755))
        .expect("chmod the nginx dir");
}

/// scripts/lib/cluster-nginx.conf with its placeholders filled as scripts/cluster does.
fn config(dir: &Path, listen: &str, upstreams: &[String]) -> String {
    let servers: String = upstreams
        .iter()
        .map(|address| format!("        server {address} max_fails=1 fail_timeout=5s;\n"))
        .collect();
    NGINX_CONF
        .lines()
        .map(|line| {
            if line == "@SERVERS@" {
                servers.trim_end().to_owned()
            } else {
                line.replace("@DIR@", &dir.display().to_string())
                    .replace("@LISTEN@", listen)
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Drop for Balancer {
    fn drop(&mut self) {
        // SIGTERM and a wait, never a bare SIGKILL: only the master stops its workers,
        // which would otherwise outlive it holding the port.
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .arg(pid.to_string())
                .status();
            let deadline = Instant::now() + Duration::from_secs(5);
            while Instant::now() < deadline {
                if !matches!(self.child.try_wait(), Ok(None)) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = self.child.start_kill();
        }
    }
}

pub struct Cluster {
    /// The server processes, in the order they started (the first migrated the database).
    pub servers: Vec<TestServer>,
    balancer: Balancer,
}

impl Cluster {
    /// `count` servers with `extra_env` (beside the shared JWT secret and
    /// TRUST_PROXY=true) behind nginx. `None` when nginx or Postgres is missing and not
    /// required, after saying so.
    pub async fn start(count: usize, extra_env: &[(&str, &str)]) -> Option<Self> {
        let Some(nginx) = nginx_binary() else {
            assert!(
                !nginx_required(),
                "nginx not found (required by LEFFASEURA_REQUIRE_NGINX=1): apt-get install nginx"
            );
            eprintln!("SKIPPED: cluster tests — nginx not found (apt-get install nginx)");
            return None;
        };
        let mut env = vec![("JWT_SECRET", JWT_SECRET), ("TRUST_PROXY", "true")];
        env.extend_from_slice(extra_env);
        let first = TestServer::start_with(Backend::Postgres, &env).await?;
        let mut servers = Vec::with_capacity(count);
        for _ in 1..count {
            servers.push(first.start_beside(&env).await);
        }
        servers.insert(0, first);
        let upstreams: Vec<String> = servers
            .iter()
            .map(|server| server.base_url.trim_start_matches("http://").to_owned())
            .collect();
        let balancer = Balancer::start(&nginx, &upstreams).await;
        Some(Self { servers, balancer })
    }

    /// The load balancer.
    pub fn balancer(&self) -> Http {
        Http::new(&self.balancer.base_url)
    }

    /// Server `i`, addressed directly.
    pub fn server(&self, i: usize) -> Http {
        Http::new(&self.servers[i].base_url)
    }

    /// The `host:port` nginx names server `i` by in `X-Upstream`.
    pub fn upstream(&self, i: usize) -> String {
        self.servers[i]
            .base_url
            .trim_start_matches("http://")
            .to_owned()
    }
}
