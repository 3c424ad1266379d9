//! `GET /metrics` of the real server binary (issue 15 §2): Prometheus' text format (read
//! with a parser of that format), requests counted under their route template, the
//! database pool's gauges, upstream calls and cache lookups against a fake TMDB, and the
//! optional bearer token.

mod fake_tmdb;
mod support;

use prometheus_parse::{Sample, Scrape, Value};

use fake_tmdb::FakeTmdb;
use support::{assert_error, Backend, TestServer};

const API_KEY: &str = "0123456789abcdef0123456789abcdef";

/// Scrapes `/metrics` (with `token` when given), checks the content type and parses the body.
async fn scrape(server: &TestServer, token: Option<&str>) -> Scrape {
    scrape_text(server, token).await.0
}

/// The scrape parsed, and its text (label values with braces are checked in the text).
async fn scrape_text(server: &TestServer, token: Option<&str>) -> (Scrape, String) {
    let mut request = server.client.get(server.url("/metrics"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("/metrics answers");
    assert_eq!(response.status().as_u16(), 200);
    let content_type = support::content_type(&response).to_owned();
    assert!(
        content_type.starts_with("text/plain; version=0.0.4"),
        "{content_type}"
    );
    let text = response.text().await.expect("a body");
    let lines: Vec<std::io::Result<String>> = text.lines().map(|l| Ok(l.to_owned())).collect();
    let scrape = Scrape::parse(lines.into_iter()).expect("the Prometheus text format");
    assert!(!scrape.samples.is_empty(), "{text}");
    (scrape, text)
}

fn samples<'a>(scrape: &'a Scrape, metric: &'a str) -> impl Iterator<Item = &'a Sample> + 'a {
    scrape.samples.iter().filter(move |s| s.metric == metric)
}

/// The value of the one sample of `metric` whose labels include `labels`.
fn value(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> Option<f64> {
    samples(scrape, metric)
        .find(|s| {
            labels
                .iter()
                .all(|(k, v)| s.labels.get(k).is_some_and(|have| have == *v))
        })
        .map(|s| match &s.value {
            Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v) => *v,
            Value::Histogram(buckets) => buckets.last().map_or(0.0, |b| b.count),
            Value::Summary(_) => f64::NAN,
        })
}

async fn requests_are_counted_by_route_template(server: TestServer) {
    for id in [550, 13, 680] {
        let (status, body) = server.get(&format!("/api/reviews/movie/{id}"), None).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = server.get("/api/v1/users/no-such-user", None).await;
    let (metrics, text) = scrape_text(&server, None).await;

    let template = "/api/reviews/movie/{movie_id}";
    assert!(
        text.lines().any(|l| l
            == format!(
            "leffaseura_http_requests_total{{method=\"GET\",route=\"{template}\",status=\"200\"}} 3"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "leffaseura_http_requests_total{{method=\"GET\",route=\"/api/v1/users/{{id}}\",status=\"{status}\"}} 1"
        )),
        "a refused request is counted under its template and status: {text}"
    );
    // No series names a raw path: the ids never become labels. (Only the label sets are
    // searched: a sample value such as a memory size may well contain the digits 550.)
    let labels: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| Some(&line[line.find('{')?..=line.rfind('}')?]))
        .collect();
    assert!(
        labels
            .iter()
            .all(|set| !set.contains("550") && !set.contains("no-such-user")),
        "{text}"
    );
    // The latency histogram of the route: all 3 in its count, and its buckets.
    assert!(
        text.contains(&format!(
            "leffaseura_http_request_duration_seconds_count{{method=\"GET\",route=\"{template}\"}} 3"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "leffaseura_http_request_duration_seconds_bucket{{method=\"GET\",route=\"{template}\",le=\"0.005\"}}"
        )),
        "{text}"
    );

    // The pool, read at scrape time: the first scrape already saw connections.
    let in_use = value(
        &metrics,
        "leffaseura_db_pool_connections",
        &[("state", "in_use")],
    );
    let idle = value(
        &metrics,
        "leffaseura_db_pool_connections",
        &[("state", "idle")],
    );
    assert!(in_use.is_some() && idle.is_some(), "pool gauges missing");
    assert!(idle.unwrap_or_default() + in_use.unwrap_or_default() >= 1.0);
    assert_eq!(
        value(&metrics, "leffaseura_db_pool_max_connections", &[]),
        Some(6.0),
        "DB_POOL_SIZE=6"
    );
    assert_eq!(
        value(&metrics, "leffaseura_db_pool_waiting", &[]),
        Some(0.0)
    );
    for gauge in [
        "leffaseura_password_hashes_in_flight",
        "leffaseura_password_hashes_queued",
    ] {
        assert_eq!(value(&metrics, gauge, &[]), Some(0.0), "{gauge}");
    }
    let rss = value(&metrics, "process_resident_memory_bytes", &[]).unwrap_or_default();
    assert!(rss > 1_000_000.0, "RSS {rss}");
    assert!(value(&metrics, "process_cpu_seconds_total", &[]).is_some());

    // The scrape itself is counted by the next one.
    let again = scrape(&server, None).await;
    assert!(value(
        &again,
        "leffaseura_http_requests_total",
        &[("route", "/metrics"), ("status", "200")]
    )
    .is_some_and(|n| n >= 1.0));
}

#[tokio::test]
async fn sqlite_requests_are_counted_by_route_template() {
    let server = TestServer::start_with(Backend::Sqlite, &[("DB_POOL_SIZE", "6")])
        .await
        .expect("SQLite always starts");
    requests_are_counted_by_route_template(server).await;
}

#[tokio::test]
async fn postgres_requests_are_counted_by_route_template() {
    if let Some(server) = TestServer::start_with(Backend::Postgres, &[("DB_POOL_SIZE", "6")]).await
    {
        requests_are_counted_by_route_template(server).await;
    }
}

#[tokio::test]
async fn upstream_calls_and_cache_lookups_are_counted() {
    let fake = FakeTmdb::start().await;
    let server = TestServer::start_with(
        Backend::Sqlite,
        &[("TMDB_API_KEY", API_KEY), ("TMDB_API_BASE", &fake.base_url)],
    )
    .await
    .expect("SQLite always starts");
    for _ in 0..2 {
        let (status, body) = server.get("/api/tmdb/438631", None).await;
        assert_eq!(status, 200, "{body}");
    }
    let metrics = scrape(&server, None).await;
    let tmdb = [("upstream", "tmdb")];
    assert_eq!(
        value(&metrics, "leffaseura_upstream_calls_total", &tmdb),
        Some(fake.total_hits() as f64)
    );
    assert_eq!(
        value(&metrics, "leffaseura_upstream_failures_total", &tmdb),
        None
    );
    let lookups = |metrics: &Scrape, result: &str| {
        value(
            metrics,
            "leffaseura_cache_lookups_total",
            &[("cache", "movies"), ("result", result)],
        )
        .unwrap_or_default()
    };
    assert!(lookups(&metrics, "miss") >= 1.0);
    assert!(lookups(&metrics, "hit") >= 1.0, "the second read is a hit");
}

#[tokio::test]
async fn a_metrics_token_is_required_when_set() {
    let token = "metrics-secret-0123456789";
    let server = TestServer::start_with(Backend::Sqlite, &[("METRICS_TOKEN", token)])
        .await
        .expect("SQLite always starts");
    let (status, body) = server.get("/metrics", None).await;
    assert_error(status, &body, 401, "unauthorized");
    let (status, body) = server.get("/metrics", Some("not-the-token")).await;
    assert_error(status, &body, 401, "unauthorized");
    let metrics = scrape(&server, Some(token)).await;
    assert!(value(
        &metrics,
        "leffaseura_http_requests_total",
        &[("route", "/metrics"), ("status", "401")]
    )
    .is_some_and(|n| n >= 2.0));
}

#[tokio::test]
async fn metrics_stay_off_the_api() {
    let server = TestServer::start(Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    let (status, body) = server.get("/api/metrics", None).await;
    assert_error(status, &body, 404, "not_found");
}
