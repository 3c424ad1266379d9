//! The login benchmark's load (driven by `scripts/bench-login-memory`):
//! `bench_login <server-url> <logins> <concurrency>` registers one account, then logs it
//! in `logins` times from `concurrency` workers at once and prints one line:
//! `<logins/s> <p50 ms> <p99 ms> <ok> <busy> <other>` (busy = 503 `server_busy`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

const EMAIL: &str = "bench-login@example.fi";
const PASSWORD: &str = "correct horse battery";

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    ok: usize,
    busy: usize,
    other: usize,
}

async fn worker(
    client: reqwest::Client,
    url: String,
    next: Arc<AtomicUsize>,
    logins: usize,
) -> Tally {
    let mut tally = Tally::default();
    let body = json!({"email": EMAIL, "password": PASSWORD});
    while next.fetch_add(1, Ordering::Relaxed) < logins {
        let sent = Instant::now();
        let status = client
            .post(&url)
            .json(&body)
            .send()
            .await
            .map(|r| r.status().as_u16());
        match status {
            Ok(200) => {
                tally.ok += 1;
                tally.latencies.push(sent.elapsed());
            }
            Ok(503) => tally.busy += 1,
            _ => tally.other += 1,
        }
    }
    tally
}

fn percentile(sorted: &[Duration], q: f64) -> f64 {
    let index = ((sorted.len() as f64 * q).ceil() as usize).saturating_sub(1);
    sorted.get(index).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [base, logins, concurrency] = args.as_slice() else {
        return Err("usage: bench_login <server-url> <logins> <concurrency>".into());
    };
    let (logins, concurrency): (usize, usize) = (logins.parse()?, concurrency.parse()?);
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency)
        .timeout(Duration::from_secs(60))
        .build()?;
    let registered = client
        .post(format!("{base}/api/users/register"))
        .json(&json!({"username": "benchlogin", "email": EMAIL, "password": PASSWORD}))
        .send()
        .await?;
    if !registered.status().is_success() {
        return Err(format!("registering answered {}", registered.status()).into());
    }
    let url = format!("{base}/api/users/login");
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..concurrency)
        .map(|_| tokio::spawn(worker(client.clone(), url.clone(), next.clone(), logins)))
        .collect();
    let mut all = Tally::default();
    for worker in workers {
        let tally = worker.await?;
        all.latencies.extend(tally.latencies);
        all.ok += tally.ok;
        all.busy += tally.busy;
        all.other += tally.other;
    }
    let elapsed = started.elapsed().as_secs_f64();
    all.latencies.sort();
    println!(
        "{:.1} {:.1} {:.1} {} {} {}",
        all.ok as f64 / elapsed,
        percentile(&all.latencies, 0.50),
        percentile(&all.latencies, 0.99),
        all.ok,
        all.busy,
        all.other
    );
    Ok(())
}
