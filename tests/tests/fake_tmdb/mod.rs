//! A fake TMDB v3 API on loopback, serving the recorded answers in
//! `tests/fixtures/tmdb/` over a minimal HTTP/1.1 (keep-alive, GET only). It counts every
//! request that reaches it, checks that a credential is sent (`api_key` or a bearer
//! token, else TMDB's 401 body), answers unknown movies with TMDB's 404 body, and can be
//! told to hang: accept connections, read requests and never answer.
//!
//! Used by `tests/movies.rs` and by the `fake_tmdb` example (for `scripts/bench-movies`).
//! `GET /__hits` (outside `/3`, not counted) answers the number of counted requests.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// The recorded TMDB answers.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tmdb")
}

#[derive(Default)]
struct State {
    hang: AtomicBool,
    /// Request targets (`/3/movie/438631?api_key=…`) that were answered.
    answered: Mutex<Vec<String>>,
    /// Request targets that arrived while hanging (never answered).
    hung: Mutex<Vec<String>>,
}

impl State {
    fn answered(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.answered.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn hung(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        self.hung.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

pub struct FakeTmdb {
    /// `http://127.0.0.1:<port>/3`, for `TMDB_API_BASE`.
    pub base_url: String,
    state: Arc<State>,
    task: tokio::task::JoinHandle<()>,
}

impl FakeTmdb {
    /// Listens on a free loopback port.
    pub async fn start() -> Self {
        Self::start_on("127.0.0.1:0").await
    }

    pub async fn start_on(addr: &str) -> Self {
        let listener = TcpListener::bind(addr).await.expect("bind the fake TMDB");
        let port = listener.local_addr().expect("fake TMDB address").port();
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
            base_url: format!("http://127.0.0.1:{port}/3"),
            state,
            task,
        }
    }

    /// From now on, requests are read but never answered (connections stay open).
    pub fn hang(&self) {
        self.state.hang.store(true, Ordering::SeqCst);
    }

    /// Every answered request target, in order.
    pub fn requests(&self) -> Vec<String> {
        self.state.answered().clone()
    }

    /// Answered requests for `path` (below `/3`, without the query), e.g. `/movie/550`.
    pub fn hits(&self, path: &str) -> usize {
        let full = format!("/3{path}");
        self.state
            .answered()
            .iter()
            .filter(|t| t.split('?').next() == Some(full.as_str()))
            .count()
    }

    /// All answered requests.
    pub fn total_hits(&self) -> usize {
        self.state.answered().len()
    }

    /// Requests that arrived while hanging.
    pub fn hung_requests(&self) -> usize {
        self.state.hung().len()
    }
}

impl Drop for FakeTmdb {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn find_header_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|p| p + 4)
}

async fn serve(mut stream: TcpStream, state: Arc<State>) {
    let mut buf = Vec::new();
    loop {
        let end = loop {
            if let Some(end) = find_header_end(&buf) {
                break end;
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

        if state.hang.load(Ordering::SeqCst) {
            state.hung().push(target);
            // Keep the connection open and silent until the peer gives up.
            let mut sink = [0u8; 1024];
            while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
            return;
        }
        let (status, body) = if target == "/__hits" {
            ("200 OK", state.answered().len().to_string())
        } else {
            state.answered().push(target.clone());
            route(&head, &target)
        };
        let response = format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json;charset=utf-8\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        if stream.write_all(response.as_bytes()).await.is_err() {
            return;
        }
    }
}

fn fixture(name: &str) -> Option<String> {
    std::fs::read_to_string(fixtures_dir().join(name)).ok()
}

fn not_found() -> (&'static str, String) {
    (
        "404 Not Found",
        fixture("error_404.json").expect("error_404.json fixture"),
    )
}

fn route(head: &str, target: &str) -> (&'static str, String) {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
            .unwrap_or("")
    };
    let bearer = head.lines().any(|line| {
        line.to_ascii_lowercase()
            .starts_with("authorization: bearer ")
    });
    if param("api_key").is_empty() && !bearer {
        return (
            "401 Unauthorized",
            fixture("error_401.json").expect("error_401.json fixture"),
        );
    }
    let Some(path) = path.strip_prefix("/3") else {
        return not_found();
    };
    let file = match path {
        // Genre names follow `language`, as TMDB's do; other answers are English only.
        "/genre/movie/list" => Some(if param("language") == "fi-FI" {
            "genre_movie_list_fi-FI.json".to_owned()
        } else {
            "genre_movie_list.json".to_owned()
        }),
        "/search/movie" => {
            if param("query").to_ascii_lowercase().contains("dune") {
                Some("search_movie_dune_page1.json".to_owned())
            } else {
                return (
                    "200 OK",
                    r#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#.to_owned(),
                );
            }
        }
        "/discover/movie" => Some(format!(
            "discover_movie_{}_page{}.json",
            param("with_genres"),
            param("page")
        )),
        "/movie/popular" => Some(format!("movie_popular_page{}.json", param("page"))),
        other => other
            .strip_prefix("/movie/")
            .filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
            .map(|id| format!("movie_{id}.json")),
    };
    match file.as_deref().and_then(fixture) {
        Some(body) => ("200 OK", body),
        None => not_found(),
    }
}
