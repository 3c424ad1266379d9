//! Infrastructure faults against the real server binary (issue 12 §1): the database going
//! away and coming back (Postgres behind a TCP proxy the test stops and starts), and
//! SIGTERM while requests are in flight. A full SQLite disk is tested in the HTTP
//! adapter (`adapters/http/src/tests/faults.rs`), where the pool's connections can be
//! given a page limit.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use leffaseura_sql::testing::PostgresTestDb;
use support::{assert_error, Backend, TestServer, PASSWORD};

/// A TCP proxy in front of Postgres that can be taken down (listener closed, every
/// connection cut) and brought back on the same port.
struct Proxy {
    port: u16,
    target: String,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
    listener: Option<JoinHandle<()>>,
}

impl Proxy {
    async fn start(target: String) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let port = listener.local_addr().expect("proxy address").port();
        let mut proxy = Self {
            port,
            target,
            tasks: Arc::default(),
            listener: None,
        };
        proxy.serve(listener);
        proxy
    }

    fn serve(&mut self, listener: TcpListener) {
        let (target, tasks) = (self.target.clone(), self.tasks.clone());
        self.listener = Some(tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let target = target.clone();
                let task = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                tasks.lock().await.push(task);
            }
        }));
    }

    /// The database is gone: new connections are refused, open ones are cut.
    async fn stop(&mut self) {
        if let Some(listener) = self.listener.take() {
            listener.abort();
            let _ = listener.await;
        }
        for task in self.tasks.lock().await.drain(..) {
            task.abort();
        }
    }

    /// The database is back, at the same address.
    async fn restart(&mut self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port))
            .await
            .expect("bind the proxy's port again");
        self.serve(listener);
    }
}

/// `url` with its host and port replaced by the proxy's.
fn through(url: &str, port: u16) -> String {
    let mut url = url::Url::parse(url).expect("a database URL");
    url.set_host(Some("127.0.0.1")).expect("host");
    url.set_port(Some(port)).expect("port");
    url.to_string()
}

fn target_of(url: &str) -> String {
    let url = url::Url::parse(url).expect("a database URL");
    format!(
        "{}:{}",
        url.host_str().unwrap_or("127.0.0.1"),
        url.port().unwrap_or(5432)
    )
}

#[tokio::test]
async fn postgres_going_away_answers_503_within_3_seconds_and_recovers_by_itself() {
    let Some(db) = PostgresTestDb::create("leffaseura_down").await else {
        return;
    };
    let mut proxy = Proxy::start(target_of(db.url())).await;
    let url = through(db.url(), proxy.port);
    let server = TestServer::start_with(Backend::Sqlite, &[("DATABASE_URL", &url)])
        .await
        .expect("server starts on Postgres");
    let (token, id) = server.register("ilona", PASSWORD).await;
    let profile = format!("/api/v1/users/{id}");
    assert_eq!(server.get(&profile, None).await.0, 200);

    proxy.stop().await;
    let login = json!({"email": "ilona@example.fi", "password": PASSWORD});
    // The profile is asked after a query has failed: until then the server may still
    // answer it from memory (the last committed state; nobody can write meanwhile).
    let requests: [(&str, Option<Value>); 3] = [
        ("/api/v1/users/login", Some(login.clone())),
        (profile.as_str(), None),
        ("/readyz", None),
    ];
    for (path, body) in requests {
        let started = Instant::now();
        let (status, answer) = match body {
            Some(body) => server.post(path, None, body).await,
            None => server.get(path, Some(&token)).await,
        };
        let elapsed = started.elapsed();
        assert_error(status, &answer, 503, "database_unavailable");
        assert!(
            elapsed < Duration::from_secs(3),
            "{path} took {elapsed:?} to answer"
        );
    }

    // The body tells the database apart from the sources, which are fine.
    let (_, ready) = server.get("/readyz", None).await;
    assert_eq!(ready["status"], "unavailable", "{ready}");
    assert_eq!(ready["database"], "unavailable", "{ready}");
    assert_eq!(ready["upstreams"]["tmdb"], "demo", "{ready}");

    proxy.restart().await;
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (status, body) = server.get(&profile, None).await;
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "no recovery: {status} {body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (status, body) = server.post("/api/v1/users/login", None, login).await;
    assert_eq!(status, 200, "{body}");
    server.register("olli", PASSWORD).await;
    assert_eq!(server.get("/readyz", None).await.0, 200);
}

/// The status code of a raw HTTP/1.1 answer read from `stream` to its end.
async fn status_of(stream: &mut TcpStream) -> u16 {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer);
    text.split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no HTTP answer: {text:?}"))
}

#[tokio::test]
async fn sigterm_lets_requests_in_flight_finish_refuses_new_ones_and_exits_0() {
    let mut server = TestServer::start_with(Backend::Sqlite, &[("RATE_LIMITS", "off")])
        .await
        .expect("SQLite always starts");
    let address = server.base_url.trim_start_matches("http://").to_owned();
    for i in 0..4 {
        server.register(&format!("early{i}"), PASSWORD).await;
    }

    // A registration whose body is still arriving when the signal comes, and finishes
    // arriving 11 s later: longer than the old fixed 10 s drain, well inside the default.
    let body = json!({"username": "slowpoke", "email": "slow@example.fi", "password": PASSWORD})
        .to_string();
    let (head, tail) = body.split_at(body.len() / 2);
    let mut slow = TcpStream::connect(&address).await.expect("connect");
    slow.write_all(
        format!(
            "POST /api/v1/users/register HTTP/1.1\r\nHost: {address}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{head}",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .expect("send the first half");

    // Logins, sent whole, that wait for their password hash when the signal comes.
    let mut logins = Vec::new();
    for i in 0..4 {
        let login =
            json!({"email": format!("early{i}@example.fi"), "password": PASSWORD}).to_string();
        let mut stream = TcpStream::connect(&address).await.expect("connect");
        stream
            .write_all(
                format!(
                    "POST /api/v1/users/login HTTP/1.1\r\nHost: {address}\r\n\
                     Content-Type: application/json\r\nContent-Length: {}\r\n\
                     Connection: close\r\n\r\n{login}",
                    login.len()
                )
                .as_bytes(),
            )
            .await
            .expect("send a login");
        logins.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(150)).await;

    let signalled = std::process::Command::new("kill")
        .args([
            "-TERM",
            &server.pid().expect("the server is running").to_string(),
        ])
        .status()
        .expect("run kill");
    assert!(signalled.success());

    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        TcpStream::connect(&address).await.is_err(),
        "a new connection was accepted after SIGTERM"
    );
    for mut login in logins {
        assert_eq!(status_of(&mut login).await, 200);
    }

    tokio::time::sleep(Duration::from_secs(11)).await;
    slow.write_all(tail.as_bytes())
        .await
        .expect("send the second half");
    assert_eq!(status_of(&mut slow).await, 201);

    let exit = server
        .wait_for_exit(Duration::from_secs(20))
        .await
        .expect("the server exits after draining");
    assert!(exit.success(), "{exit:?}");
}
