//! The showtimes benchmark tool (`scripts/bench-showtimes`): starts a fake Finnkino (the
//! black-box tests' fake: 200 Helsinki shows of 40 events a day) and a fake TMDB whose
//! search finds every title, both on loopback, runs the given server binary against them,
//! and reports
//! - cold: the first `GET /api/finnkino/schedule` of a day (Finnkino read, 200 shows
//!   parsed, 40 events looked up in TMDB, all stored);
//! - warm: the same call again (and after a restart: from the database alone), checking
//!   that neither upstream is asked;
//! - requests/s and latency percentiles of the warm call under load.
//!
//! Usage: `bench_showtimes <server-binary> <data-dir> <port> [database-url]`, with
//! REQUESTS, CONCURRENCY and MAX_SECONDS in the environment.

#[path = "../tests/fake_finnkino/mod.rs"]
mod fake_finnkino;
#[path = "support/load.rs"]
mod loadgen;

use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};

type Error = Box<dyn std::error::Error>;

const DAY: &str = "24.11.2026";

/// A fake TMDB whose `/3/search/movie` finds any title (one result with that title and
/// the asked year), counting the searches.
async fn search_tmdb() -> Result<(String, Arc<AtomicUsize>), Error> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let port = listener.local_addr()?.port();
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = hits.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let counter = counter.clone();
            tokio::spawn(async move {
                let mut buf = Vec::new();
                loop {
                    let mut chunk = [0u8; 4096];
                    let end = loop {
                        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                            break p + 4;
                        }
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => buf.extend_from_slice(&chunk[..n]),
                        }
                    };
                    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
                    buf.drain(..end);
                    let target = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
                    let body = search_answer(&target, &counter);
                    let response = format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                        body.len()
                    );
                    if stream.write_all(response.as_bytes()).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    Ok((format!("http://127.0.0.1:{port}/3"), hits))
}

fn decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("q={text}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

fn search_answer(target: &str, hits: &AtomicUsize) -> String {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if !path.ends_with("/search/movie") {
        return r#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#.to_owned();
    }
    hits.fetch_add(1, Ordering::SeqCst);
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|p| p.strip_prefix(name)?.strip_prefix('='))
            .map(decode)
            .unwrap_or_default()
    };
    let title = param("query");
    let year = param("year").parse::<i32>().unwrap_or(2024);
    let id = 100_000
        + title
            .bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
            % 800_000;
    serde_json::json!({
        "page": 1,
        "results": [{
            "id": id, "title": title, "original_title": title,
            "release_date": format!("{year}-06-01"), "overview": format!("About {title}."),
            "poster_path": format!("/p{id}.jpg"), "vote_average": 7.1, "genre_ids": [18],
            "adult": false
        }],
        "total_pages": 1, "total_results": 1
    })
    .to_string()
}

async fn start_server(
    binary: &str,
    data_dir: &str,
    port: u16,
    database_url: Option<&str>,
    finnkino: &str,
    tmdb: &str,
) -> Result<Child, Error> {
    let mut command = Command::new(binary);
    command
        .env("DATA_DIR", data_dir)
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("WEBAPP_DIR", format!("{data_dir}/no-webapp"))
        .env("RUST_LOG", "warn")
        .env("FINNKINO_API_BASE", finnkino)
        .env("TMDB_API_KEY", "bench-key")
        .env("TMDB_API_BASE", tmdb)
        .env_remove("JWT_SECRET")
        .env_remove("TMDB_READ_TOKEN")
        .env_remove("SHOWTIMES")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    let child = command.spawn()?;
    let client = reqwest::Client::new();
    let health = format!("http://127.0.0.1:{port}/healthz");
    for _ in 0..150 {
        if client
            .get(&health)
            .send()
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return Ok(child);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Err("the server did not start".into())
}

/// GETs the schedule once; returns (milliseconds, shows, enriched shows).
async fn schedule(client: &reqwest::Client, url: &str) -> Result<(f64, usize, usize), Error> {
    let started = Instant::now();
    let response = client.get(url).send().await?;
    let status = response.status();
    let body: serde_json::Value = response.json().await?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if !status.is_success() {
        return Err(format!("{url} answered {status}: {body}").into());
    }
    let shows = body["schedule"].as_array().ok_or("no schedule")?;
    let enriched = shows.iter().filter(|s| !s["tmdbId"].is_null()).count();
    Ok((ms, shows.len(), enriched))
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let [_, binary, data_dir, port, rest @ ..] = args.as_slice() else {
        return Err(
            "usage: bench_showtimes <server-binary> <data-dir> <port> [database-url]".into(),
        );
    };
    let port: u16 = port.parse()?;
    let database_url = rest.first().map(String::as_str);
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let requests = env("REQUESTS", 20_000);
    let concurrency = env("CONCURRENCY", 16);
    let max_seconds = env("MAX_SECONDS", 15) as u64;

    let finnkino = fake_finnkino::FakeFinnkino::start().await;
    let (tmdb, searches) = search_tmdb().await?;
    let mut server = start_server(
        binary,
        data_dir,
        port,
        database_url,
        &finnkino.base_url,
        &tmdb,
    )
    .await?;
    let client = loadgen::client(concurrency)?;
    let url = format!("http://127.0.0.1:{port}/api/finnkino/schedule?area=1002&dt={DAY}");

    let (cold, shows, enriched) = schedule(&client, &url).await?;
    let cold_searches = searches.load(Ordering::SeqCst);
    println!(
        "  cold schedule (Finnkino read + {shows} shows + {cold_searches} TMDB lookups): {cold:>8.1} ms  ({enriched} shows enriched)"
    );
    let mut warm = Vec::new();
    for _ in 0..20 {
        warm.push(schedule(&client, &url).await?.0);
    }
    warm.sort_by(f64::total_cmp);
    println!(
        "  warm schedule (median of 20, from memory):                    {:>8.1} ms",
        warm[10]
    );
    // From the database alone: a fresh process has nothing in memory.
    server.kill().await?;
    server = start_server(
        binary,
        data_dir,
        port,
        database_url,
        &finnkino.base_url,
        &tmdb,
    )
    .await?;
    let (from_store, _, enriched_again) = schedule(&client, &url).await?;
    println!("  warm schedule (first after a restart, from the database):    {from_store:>8.1} ms  ({enriched_again} shows enriched)");
    let upstream = (finnkino.hits("Schedule"), searches.load(Ordering::SeqCst));
    if upstream != (1, cold_searches) {
        return Err(format!(
            "warm calls reached an upstream: Finnkino {} schedules, TMDB {} searches",
            upstream.0, upstream.1
        )
        .into());
    }
    print!("  GET /api/finnkino/schedule (warm, 200 shows):  ");
    let report = loadgen::measure(
        &client,
        &url,
        None,
        requests,
        concurrency,
        Duration::from_secs(max_seconds),
    )
    .await?;
    report.print(true);
    if finnkino.hits("Schedule") != 1 || searches.load(Ordering::SeqCst) != cold_searches {
        return Err("the load reached an upstream".into());
    }
    server.kill().await?;
    Ok(())
}
