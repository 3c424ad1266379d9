//! The timed half shared by the benchmark tools (`bench_favorites`, `bench_reviews`):
//! GETs one URL from a number of loopback connections until enough answers or the time
//! limit, and reports requests/s and latency percentiles. Any non-2xx answer fails the run.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A client keeping `concurrency` connections alive, with a 10 s timeout per request.
pub fn client(concurrency: usize) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .pool_max_idle_per_host(concurrency)
        .timeout(Duration::from_secs(10))
        .build()
}

/// What one measured run saw.
pub struct Report {
    latencies: Vec<Duration>,
    bytes: usize,
    concurrency: usize,
    elapsed: f64,
}

/// GETs `url` (with `token` as bearer when given) from `concurrency` workers until
/// `requests` answers or `limit` has passed; sends no warm-up of its own.
pub async fn measure(
    client: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    requests: usize,
    concurrency: usize,
    limit: Duration,
) -> Result<Report, Box<dyn std::error::Error>> {
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let deadline = started + limit;
    let mut workers = Vec::new();
    for _ in 0..concurrency {
        let client = client.clone();
        let url = url.to_owned();
        let token = token.map(str::to_owned);
        let next = Arc::clone(&next);
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut bytes = 0usize;
            while next.fetch_add(1, Ordering::Relaxed) < requests && Instant::now() < deadline {
                let sent = Instant::now();
                let mut request = client.get(&url);
                if let Some(token) = &token {
                    request = request.bearer_auth(token);
                }
                let response = request.send().await.map_err(|e| e.to_string())?;
                let status = response.status();
                let body = response.bytes().await.map_err(|e| e.to_string())?;
                if !status.is_success() {
                    return Err(format!("{url} answered {status}"));
                }
                bytes += body.len();
                latencies.push(sent.elapsed());
            }
            Ok::<_, String>((latencies, bytes))
        }));
    }
    let mut latencies = Vec::new();
    let mut bytes = 0;
    for worker in workers {
        let (mine, size) = worker.await??;
        latencies.extend(mine);
        bytes += size;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    Ok(Report {
        latencies,
        bytes,
        concurrency,
        elapsed,
    })
}

impl Report {
    /// The latency at quantile `q` in milliseconds (0 without answers).
    fn pick(&self, q: f64) -> f64 {
        let index = ((self.latencies.len() as f64 * q).ceil() as usize).saturating_sub(1);
        self.latencies
            .get(index)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }

    /// Prints the one-line summary; `with_size` adds the mean answer size.
    pub fn print(&self, with_size: bool) {
        let size = if with_size {
            format!(", {} B/answer", self.bytes / self.latencies.len().max(1))
        } else {
            String::new()
        };
        println!(
            "{:>8.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  ({} requests, {} conns, {:.1} s{size})",
            self.latencies.len() as f64 / self.elapsed,
            self.pick(0.50),
            self.pick(0.99),
            self.latencies.len(),
            self.concurrency,
            self.elapsed,
        );
    }
}
