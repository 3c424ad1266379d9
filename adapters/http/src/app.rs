//! The whole HTTP application: the API under `/api` and `/api/v1`, its docs and spec,
//! health checks, and the webapp at `/`.

use std::path::PathBuf;

use poem::{get, EndpointExt, Response, Route};

use crate::api;
use crate::cors::CorsOrigins;
use crate::docs;
use crate::edge::Edge;
use crate::limits::WriteLimiter;
use crate::middleware::api_guard;
use crate::state::AppState;
use crate::webapp::Webapp;

/// Settings of the HTTP application (the server binary fills them from its config).
#[derive(Debug, Clone, Default)]
pub struct AppConfig {
    /// The built webapp (`webapp/dist`).
    pub webapp_dir: PathBuf,
    /// Origins allowed to call the API from another origin; empty = same origin only
    /// (no CORS headers at all).
    pub cors_origins: Vec<String>,
    /// The client address and the per-user write limit.
    pub limits: crate::limits::HttpLimits,
    /// `/metrics` (Prometheus); `None` = not served.
    pub metrics: Option<crate::metrics::MetricsEndpoint>,
}

/// Builds the application around `state`. Boxed: the server's own layers then move a
/// pointer instead of the whole request's future (unboxed, a cached read took 60 %
/// more instructions).
pub fn build_app(
    state: AppState,
    config: &AppConfig,
) -> poem::endpoint::BoxEndpoint<'static, Response> {
    // One API endpoint (routes, schemas and wrappers built once) serves both prefixes.
    let api = std::sync::Arc::new(api::service().boxed());
    let route = Route::new()
        .at("/healthz", get(crate::health::healthz))
        .at("/readyz", get(crate::health::readyz))
        .at("/api/openapi.json", get(docs::openapi_json))
        .at("/api/openapi.yaml", get(docs::openapi_yaml))
        .at("/api/docs", get(docs::swagger_ui))
        .at("/api/docs/", get(docs::swagger_ui))
        // API paths match with or without a trailing slash (`api_guard` trims it).
        .nest(
            "/api/v1",
            api.clone().around(|ep, req| api_guard(ep, req, "/api/v1")),
        )
        .nest("/api", api.around(|ep, req| api_guard(ep, req, "/api")))
        .nest("/", Webapp::new(&config.webapp_dir));
    let route = match &config.metrics {
        Some(endpoint) => route.at(
            "/metrics",
            get(crate::metrics::serve_metrics).data(endpoint.clone()),
        ),
        None => route,
    };

    let series = config
        .metrics
        .as_ref()
        .map(crate::metrics::MetricsEndpoint::series)
        .unwrap_or_default();
    let writes = config
        .limits
        .writes_per_user
        .map(|limit| std::sync::Arc::new(WriteLimiter::new(limit)));
    Edge {
        routes: route,
        state,
        limits: config.limits,
        writes,
        origins: CorsOrigins::new(&config.cors_origins),
        series,
    }
    .boxed()
}
