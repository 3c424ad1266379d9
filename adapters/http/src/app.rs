//! The whole HTTP application: the API under `/api` and `/api/v1`, its docs and spec,
//! health checks, and the webapp at `/`.

use std::path::PathBuf;

use poem::http::StatusCode;
use poem::middleware::CatchPanic;
use poem::{get, EndpointExt, Response, Route};

use leffaseura_core::ErrorCode;

use crate::api;
use crate::compression::compress_response;
use crate::cors::{cors, CorsOrigins};
use crate::docs;
use crate::headers::security_headers;
use crate::limits::{limit_writes, WriteLimiter};
use crate::middleware::{api_guard, limit_uri, log_request};
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

/// A panic in a handler (a bug) is logged and answered with the generic JSON 500.
fn on_panic(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    tracing::error!(panic = %message, "a request handler panicked");
    crate::error::error_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        ErrorCode::InternalError,
        crate::error::INTERNAL_MESSAGE,
        None,
    )
}

/// Builds the application around `state`.
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

    let origins = CorsOrigins::new(&config.cors_origins);
    let series = config
        .metrics
        .as_ref()
        .map(crate::metrics::MetricsEndpoint::series)
        .unwrap_or_default();
    let writes = config
        .limits
        .writes_per_user
        .map(|limit| std::sync::Arc::new(WriteLimiter::new(limit)));
    route
        .around(move |ep, req| limit_writes(ep, req, writes.clone()))
        .data(state)
        .data(config.limits)
        .around(move |ep, req| cors(ep, req, origins.clone()))
        .with(CatchPanic::new().with_handler(on_panic))
        .around(limit_uri)
        .around(compress_response)
        .around(security_headers)
        .around(log_request)
        .around(move |ep, req| crate::metrics::record_request(ep, req, series.clone()))
        .map_to_response()
        .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::handler;
    use poem::test::TestClient;

    #[handler]
    fn buggy() -> &'static str {
        let numbers: Vec<u8> = Vec::new();
        #[allow(clippy::indexing_slicing)]
        let first = numbers[0];
        if first == 0 {
            "zero"
        } else {
            "other"
        }
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_the_generic_json_500() {
        let client = TestClient::new(get(buggy).with(CatchPanic::new().with_handler(on_panic)));
        let response = client.get("/").send().await;
        response.assert_status(StatusCode::INTERNAL_SERVER_ERROR);
        let body: serde_json::Value = response.0.into_body().into_json().await.unwrap();
        assert_eq!(body["code"], "internal_error");
        assert_eq!(body["success"], false);
    }
}
