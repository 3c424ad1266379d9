//! `GET /metrics` in Prometheus' text format, and the request series behind it.
//!
//! The adapters count through the `metrics` facade (a no-op until a recorder is
//! installed, as in unit tests); [`install`] installs the Prometheus recorder once per
//! process and hands back the [`MetricsEndpoint`] the app serves. Requests are labelled by
//! the spec's route template (`/api/reviews/movie/{movie_id}`), never the raw path: one series
//! per operation, however many ids clients send.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use poem::http::{header, Method, StatusCode};
use poem::web::Data;
use poem::{handler, IntoResponse, Request, Response};

use leffaseura_core::ErrorCode;

use crate::error::error_response;

/// Latency buckets in seconds: a cached read takes about a millisecond, a password hash a
/// few hundred, an upstream call up to TMDB's 10.5 s budget.
const LATENCY_BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// Runs before each scrape so that gauges read at that moment (the database pool) are
/// current.
pub type ScrapeHook = Arc<dyn Fn() + Send + Sync>;

/// What `/metrics` serves: the recorder's handle, the optional bearer token, and the
/// hooks that refresh gauges read at scrape time.
#[derive(Clone)]
pub struct MetricsEndpoint {
    handle: PrometheusHandle,
    token: Option<Arc<str>>,
    hooks: Vec<ScrapeHook>,
    process: Arc<metrics_process::Collector>,
    series: Arc<RequestSeries>,
}

impl std::fmt::Debug for MetricsEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MetricsEndpoint")
            .field("token", &self.token.as_ref().map(|_| "<set>"))
            .field("hooks", &self.hooks.len())
            .finish_non_exhaustive()
    }
}

impl MetricsEndpoint {
    /// Adds a hook run before each scrape.
    #[must_use]
    pub fn on_scrape(mut self, hook: ScrapeHook) -> Self {
        self.hooks.push(hook);
        self
    }

    /// The request series this endpoint reports; the app counts into it.
    #[must_use]
    pub fn series(&self) -> Arc<RequestSeries> {
        self.series.clone()
    }

    fn render(&self) -> String {
        for hook in &self.hooks {
            hook();
        }
        self.process.collect();
        let mut text = self.handle.render();
        self.series.render_durations(&mut text);
        text
    }

    fn authorized(&self, req: &Request) -> bool {
        let Some(expected) = &self.token else {
            return true;
        };
        req.headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|sent| constant_time_eq(sent.trim().as_bytes(), expected.as_bytes()))
    }
}

/// Installs the Prometheus recorder for this process (inside a Tokio runtime: it starts
/// the recorder's upkeep task). `token`: when set, `/metrics`
/// answers only `Authorization: Bearer <token>`.
///
/// # Errors
/// When a recorder is already installed (it can be only once per process).
pub fn install(token: Option<String>) -> Result<MetricsEndpoint, String> {
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(
            Matcher::Suffix("duration_seconds".to_owned()),
            &LATENCY_BUCKETS,
        )
        .map_err(|err| err.to_string())?
        .install_recorder()
        .map_err(|err| err.to_string())?;
    describe();
    // Histogram samples wait in buffers until drained: by each scrape, and by this task
    // when nobody scrapes, so that memory stays bounded either way.
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(5));
        loop {
            every.tick().await;
            upkeep.run_upkeep();
        }
    });
    let process = metrics_process::Collector::default();
    process.describe();
    Ok(MetricsEndpoint {
        handle,
        token: token.filter(|t| !t.is_empty()).map(Arc::from),
        hooks: Vec::new(),
        process: Arc::new(process),
        series: Arc::new(RequestSeries::default()),
    })
}

/// Describes the series, including those the other adapters count (the text goes out
/// with the metrics, once per name), and shows the gauges at 0 before their first change.
fn describe() {
    metrics::describe_counter!(
        REQUESTS,
        "HTTP requests answered, by method, route template and status."
    );
    metrics::describe_counter!(
        "leffaseura_upstream_calls_total",
        "Requests sent to an upstream service (tmdb, finnkino), retries included."
    );
    metrics::describe_counter!(
        "leffaseura_upstream_failures_total",
        "Upstream requests that failed: unreachable, timed out, refused or a server error."
    );
    metrics::describe_histogram!(
        "leffaseura_upstream_call_duration_seconds",
        metrics::Unit::Seconds,
        "Time of one upstream request."
    );
    metrics::describe_counter!(
        "leffaseura_cache_lookups_total",
        "Lookups of the movie and showtime caches: hit (fresh), miss (asked upstream), stale (an old answer stood in)."
    );
    for (name, help) in [
        (
            crate::auth::password::HASHES_IN_FLIGHT,
            "Password hashes (argon2id) running now.",
        ),
        (
            crate::auth::password::HASHES_QUEUED,
            "Password hashes waiting for a free CPU.",
        ),
    ] {
        metrics::describe_gauge!(name, help);
        metrics::gauge!(name).increment(0.0);
    }
}

const REQUESTS: &str = "leffaseura_http_requests_total";
const DURATION: &str = "leffaseura_http_request_duration_seconds";
const DURATION_HELP: &str = "Time to answer an HTTP request, by method and route template.";

/// Serves the text format (404 when metrics are not configured is the router's: the
/// route exists only with an endpoint).
#[handler]
pub(crate) fn serve_metrics(req: &Request, endpoint: Data<&MetricsEndpoint>) -> Response {
    if !endpoint.authorized(req) {
        let mut response = error_response(
            StatusCode::UNAUTHORIZED,
            ErrorCode::Unauthorized,
            "Metrics need `Authorization: Bearer <METRICS_TOKEN>`.",
            None,
        );
        response.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            header::HeaderValue::from_static("Bearer"),
        );
        return response;
    }
    endpoint
        .render()
        .with_content_type("text/plain; version=0.0.4; charset=utf-8")
        .into_response()
}

/// The request series' handles, by label: building a metric key (owned labels, hashing,
/// the recorder's registry) cost more than the rest of counting, so each series is looked
/// up once. One per app, made after the recorder is installed.
///
/// The durations are counted here into fixed buckets rather than by the recorder, whose
/// histograms keep every sample until the next scrape or upkeep: at tens of thousands of
/// requests a second that buffer was most of the memory a busy server added.
#[derive(Default)]
pub struct RequestSeries {
    counters: RwLock<HashMap<(&'static str, &'static str, u16), metrics::Counter>>,
    durations: RwLock<HashMap<(&'static str, &'static str), Arc<Buckets>>>,
}

/// One route's durations: a count per latency bucket (the last one past every bound) and
/// their sum.
#[derive(Default)]
struct Buckets {
    counts: [AtomicU64; LATENCY_BUCKETS.len() + 1],
    sum_nanos: AtomicU64,
}

impl Buckets {
    fn record(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let bucket = LATENCY_BUCKETS
            .iter()
            .position(|bound| seconds <= *bound)
            .unwrap_or(LATENCY_BUCKETS.len());
        if let Some(count) = self.counts.get(bucket) {
            count.fetch_add(1, Ordering::Relaxed);
        }
        let nanos = u64::try_from(took.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// Prometheus' cumulative `_bucket` lines, `_sum` and `_count` for `labels`.
    fn render(&self, labels: &str, out: &mut String) {
        let mut total = 0;
        let bounds = LATENCY_BUCKETS.iter().map(ToString::to_string);
        for (count, bound) in self.counts.iter().zip(bounds.chain(["+Inf".to_owned()])) {
            total += count.load(Ordering::Relaxed);
            let _ = writeln!(out, "{DURATION}_bucket{{{labels},le=\"{bound}\"}} {total}");
        }
        let sum = Duration::from_nanos(self.sum_nanos.load(Ordering::Relaxed)).as_secs_f64();
        let _ = writeln!(out, "{DURATION}_sum{{{labels}}} {sum}");
        let _ = writeln!(out, "{DURATION}_count{{{labels}}} {total}");
    }
}

impl RequestSeries {
    /// Counts a `method` request for `path` under its route template and `status`, and
    /// its time.
    pub(crate) fn record(&self, method: &Method, path: &str, status: StatusCode, took: Duration) {
        let (method, route) = (method_label(method), route_label(path));
        self.count(method, route, status.as_u16());
        self.time(method, route, took);
    }

    fn count(&self, method: &'static str, route: &'static str, status: u16) {
        let key = (method, route, status);
        let known = self
            .counters
            .read()
            .ok()
            .and_then(|counters| counters.get(&key).cloned());
        let counter = known.unwrap_or_else(|| {
            let counter = metrics::counter!(
                REQUESTS, "method" => method, "route" => route, "status" => status.to_string()
            );
            if let Ok(mut counters) = self.counters.write() {
                counters.insert(key, counter.clone());
            }
            counter
        });
        counter.increment(1);
    }

    fn time(&self, method: &'static str, route: &'static str, took: Duration) {
        let key = (method, route);
        let known = self
            .durations
            .read()
            .ok()
            .and_then(|durations| durations.get(&key).cloned());
        let buckets = known.unwrap_or_else(|| match self.durations.write() {
            Ok(mut durations) => durations.entry(key).or_default().clone(),
            Err(_) => Arc::default(),
        });
        buckets.record(took);
    }

    /// The durations in Prometheus' text format, after what the recorder rendered.
    fn render_durations(&self, out: &mut String) {
        let Ok(durations) = self.durations.read() else {
            return;
        };
        let mut routes: Vec<_> = durations.iter().collect();
        routes.sort_by_key(|(key, _)| **key);
        let _ = writeln!(out, "# HELP {DURATION} {DURATION_HELP}");
        let _ = writeln!(out, "# TYPE {DURATION} histogram");
        for ((method, route), buckets) in routes {
            buckets.render(&format!("method=\"{method}\",route=\"{route}\""), out);
        }
    }
}

/// Methods outside HTTP's usual ones (any token is a valid method) share one label.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// The route a path belongs to: the spec's template under its API prefix, the fixed
/// paths by name, `unmatched` for an API path no operation has, and `webapp` for the rest
/// (static files and the single-page app's routes).
fn route_label(path: &str) -> &'static str {
    const FIXED: [&str; 5] = [
        "/healthz",
        "/readyz",
        "/metrics",
        "/api/openapi.json",
        "/api/openapi.yaml",
    ];
    if let Some(fixed) = FIXED.iter().find(|fixed| **fixed == path) {
        return fixed;
    }
    if under(path, "/api/docs") {
        return "/api/docs";
    }
    for (prefix, under_v1) in [("/api/v1", true), ("/api", false)] {
        if under(path, prefix) {
            let inner = &path[prefix.len()..];
            return crate::middleware::route_template(inner, under_v1).unwrap_or("unmatched");
        }
    }
    "webapp"
}

fn under(path: &str, prefix: &str) -> bool {
    path.strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Compares without stopping at the first difference, so the answer time does not tell
/// how much of a guessed token was right.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_render_as_cumulative_buckets_with_their_sum_and_count() {
        let series = RequestSeries::default();
        for millis in [1, 3, 3, 40_000] {
            series.time("GET", "/api/users/{id}", Duration::from_millis(millis));
        }
        series.time("POST", "/api/users/login", Duration::from_millis(300));
        let mut text = String::new();
        series.render_durations(&mut text);
        for line in [
            "# TYPE leffaseura_http_request_duration_seconds histogram",
            r#"leffaseura_http_request_duration_seconds_bucket{method="GET",route="/api/users/{id}",le="0.001"} 1"#,
            r#"leffaseura_http_request_duration_seconds_bucket{method="GET",route="/api/users/{id}",le="0.0025"} 1"#,
            r#"leffaseura_http_request_duration_seconds_bucket{method="GET",route="/api/users/{id}",le="0.005"} 3"#,
            r#"leffaseura_http_request_duration_seconds_bucket{method="GET",route="/api/users/{id}",le="30"} 3"#,
            r#"leffaseura_http_request_duration_seconds_bucket{method="GET",route="/api/users/{id}",le="+Inf"} 4"#,
            r#"leffaseura_http_request_duration_seconds_sum{method="GET",route="/api/users/{id}"} 40.007"#,
            r#"leffaseura_http_request_duration_seconds_count{method="GET",route="/api/users/{id}"} 4"#,
            r#"leffaseura_http_request_duration_seconds_bucket{method="POST",route="/api/users/login",le="0.25"} 0"#,
            r#"leffaseura_http_request_duration_seconds_count{method="POST",route="/api/users/login"} 1"#,
        ] {
            assert!(
                text.lines().any(|l| l == line),
                "{line} missing from:\n{text}"
            );
        }
    }

    #[test]
    fn paths_are_labelled_by_their_route_template() {
        for (path, label) in [
            ("/api/reviews/movie/550", "/api/reviews/movie/{movie_id}"),
            (
                "/api/v1/reviews/movie/13",
                "/api/v1/reviews/movie/{movie_id}",
            ),
            ("/api/reviews/recent", "/api/reviews/recent"),
            ("/api/users/abc", "/api/users/{id}"),
            ("/api/users/abc/", "/api/users/{id}"),
            ("/api/no/such/thing/here", "unmatched"),
            ("/api/openapi.json", "/api/openapi.json"),
            ("/api/docs/index.html", "/api/docs"),
            ("/readyz", "/readyz"),
            ("/metrics", "/metrics"),
            ("/movies/550", "webapp"),
            ("/apinot", "webapp"),
        ] {
            assert_eq!(route_label(path), label, "{path}");
        }
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(constant_time_eq(b"secret", b"secret"));
        assert!(!constant_time_eq(b"secret", b"secreT"));
        assert!(!constant_time_eq(b"secret", b"secret!"));
        assert!(!constant_time_eq(b"", b"x"));
    }
}
