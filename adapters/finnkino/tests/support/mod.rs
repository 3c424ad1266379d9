//! A fake Finnkino on loopback for the adapter tests: a minimal HTTP/1.1 server (GET
//! only, one request per connection) whose answer can be switched between the fixture
//! files, an error status, malformed XML and silence (a hang). It records every request
//! line and User-Agent it sees.

#![allow(dead_code)]

use std::sync::{Arc, Mutex, PoisonError};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the fake answers.
#[derive(Debug, Clone)]
pub enum Mode {
    /// The fixture named after the endpoint: TheatreAreas → theatre_areas.xml,
    /// Schedule → `schedule`, Events → events_now_in_theatres.xml.
    Fixtures {
        schedule: &'static str,
    },
    Status(u16),
    Body(&'static str),
    Hang,
}

#[derive(Default)]
struct State {
    mode: Mutex<Option<Mode>>,
    requests: Mutex<Vec<String>>,
    agents: Mutex<Vec<String>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

pub struct FakeFinnkino {
    /// `http://127.0.0.1:<port>/xml`.
    pub base_url: String,
    state: Arc<State>,
    task: tokio::task::JoinHandle<()>,
}

pub fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

impl FakeFinnkino {
    pub async fn start(mode: Mode) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let state = Arc::new(State::default());
        *lock(&state.mode) = Some(mode);
        let shared = state.clone();
        let task = tokio::spawn(async move {
            loop {
                if let Ok((stream, _)) = listener.accept().await {
                    tokio::spawn(serve(stream, shared.clone()));
                }
            }
        });
        Self {
            base_url: format!("http://127.0.0.1:{port}/xml"),
            state,
            task,
        }
    }

    pub fn set(&self, mode: Mode) {
        *lock(&self.state.mode) = Some(mode);
    }

    /// Request targets, e.g. `/xml/Schedule/?area=1002&dt=24.11.2026&nrOfDays=1`.
    pub fn requests(&self) -> Vec<String> {
        lock(&self.state.requests).clone()
    }

    pub fn agents(&self) -> Vec<String> {
        lock(&self.state.agents).clone()
    }
}

impl Drop for FakeFinnkino {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn serve(mut stream: TcpStream, state: Arc<State>) {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let head = String::from_utf8_lossy(&buf).into_owned();
    let target = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let agent = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("user-agent: ")
                .or_else(|| l.strip_prefix("User-Agent: "))
        })
        .unwrap_or("")
        .to_owned();
    lock(&state.requests).push(target.clone());
    lock(&state.agents).push(agent);
    let mode = lock(&state.mode).clone().unwrap_or(Mode::Status(500));
    let (status, body): (u16, Vec<u8>) = match mode {
        Mode::Hang => {
            let mut sink = [0u8; 1024];
            while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
            return;
        }
        Mode::Status(code) => (code, b"<html><body>Forbidden</body></html>".to_vec()),
        Mode::Body(text) => (200, text.as_bytes().to_vec()),
        Mode::Fixtures { schedule } => {
            let path = target.split('?').next().unwrap_or("");
            let name = if path.starts_with("/xml/TheatreAreas") {
                "theatre_areas.xml"
            } else if path.starts_with("/xml/Schedule") {
                schedule
            } else if path.starts_with("/xml/Events") {
                "events_now_in_theatres.xml"
            } else {
                ""
            };
            if name.is_empty() {
                (404, b"not found".to_vec())
            } else {
                (200, fixture(name))
            }
        }
    };
    // A misleading charset, as some servers send: the body is UTF-8 whatever it says.
    let head = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: text/xml; charset=iso-8859-1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(&body).await;
    let _ = stream.shutdown().await;
}
