//! A fake Finnkino XML feed on loopback for the black-box tests and the showtimes
//! benchmark: a minimal HTTP/1.1 server (GET only, keep-alive) answering `TheatreAreas/`,
//! `Schedule/` and `Events/` in the feed's format, with schedules generated for any date:
//! Helsinki (1002) has 200 shows a day of 40 events, Tampere (1021) 40; every other listed
//! area has none. Most films are the demo catalog's (so they match), some are not in any
//! catalog, one has the right title but the wrong decade. It counts requests per
//! endpoint and can be told to refuse (any status), to send broken XML, or to hang.

#![allow(dead_code)]

use std::sync::{Arc, Mutex, PoisonError};

use chrono::NaiveDate;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How the fake answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Status(u16),
    Malformed,
    Hang,
}

mod films;
mod xml;

#[allow(unused_imports)]
pub use films::{Film, FILMS, MATCHES};
use xml::{areas_xml, events_xml, schedule_xml};
#[allow(unused_imports)]
pub use xml::{shows, FakeShow};

#[derive(Default)]
struct State {
    mode: Mutex<Option<Mode>>,
    requests: Mutex<Vec<String>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

pub struct FakeFinnkino {
    /// `http://127.0.0.1:<port>/xml`, for `FINNKINO_API_BASE`.
    pub base_url: String,
    state: Arc<State>,
    task: tokio::task::JoinHandle<()>,
}

impl FakeFinnkino {
    pub async fn start() -> Self {
        Self::start_on("127.0.0.1:0").await
    }

    pub async fn start_on(addr: &str) -> Self {
        let listener = TcpListener::bind(addr)
            .await
            .expect("bind the fake Finnkino");
        let port = listener.local_addr().expect("address").port();
        let state = Arc::new(State::default());
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

    pub fn set_mode(&self, mode: Mode) {
        *lock(&self.state.mode) = Some(mode);
    }

    /// Requests that reached `endpoint` (`Schedule`, `TheatreAreas`, `Events`).
    pub fn hits(&self, endpoint: &str) -> usize {
        let prefix = format!("/xml/{endpoint}");
        lock(&self.state.requests)
            .iter()
            .filter(|r| r.starts_with(&prefix))
            .count()
    }

    pub fn requests(&self) -> Vec<String> {
        lock(&self.state.requests).clone()
    }
}

impl Drop for FakeFinnkino {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn serve(mut stream: TcpStream, state: Arc<State>) {
    let mut buf = Vec::new();
    loop {
        let end = loop {
            if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break pos + 4;
            }
            let mut chunk = [0u8; 4096];
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
            }
        };
        let head = String::from_utf8_lossy(&buf[..end]).into_owned();
        buf.drain(..end);
        let target = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
        if target == "/__hits" {
            let body = lock(&state.requests).len().to_string();
            let _ = respond(&mut stream, 200, &body).await;
            continue;
        }
        lock(&state.requests).push(target.clone());
        let mode = lock(&state.mode).unwrap_or(Mode::Normal);
        let (status, body) = match mode {
            Mode::Hang => {
                let mut sink = [0u8; 1024];
                while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
                return;
            }
            Mode::Status(code) => (code, "<html><body>Access denied</body></html>".to_owned()),
            Mode::Malformed => (
                200,
                "<?xml version=\"1.0\"?>\n<Schedule><Shows><Show><ID>1".to_owned(),
            ),
            Mode::Normal => route(&target),
        };
        if respond(&mut stream, status, &body).await.is_err() {
            return;
        }
    }
}

async fn respond(stream: &mut TcpStream, status: u16, body: &str) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: text/xml\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await
}

fn param<'a>(query: &'a str, name: &str) -> &'a str {
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
        .unwrap_or("")
}

fn route(target: &str) -> (u16, String) {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = path.trim_end_matches('/');
    match path {
        "/xml/TheatreAreas" => (200, areas_xml()),
        "/xml/Schedule" => {
            let Ok(date) = NaiveDate::parse_from_str(param(query, "dt"), "%d.%m.%Y") else {
                return (200, schedule_xml(&[]));
            };
            let days = param(query, "nrOfDays").parse::<u32>().unwrap_or(1);
            let event = param(query, "eventID").parse::<i64>().ok();
            let area = param(query, "area");
            (200, schedule_xml(&shows(area, date, days, event)))
        }
        "/xml/Events" => (200, events_xml()),
        _ => (404, "<html>not found</html>".to_owned()),
    }
}
