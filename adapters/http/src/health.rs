//! Health checks for load balancers and operators.
//!
//! - `/healthz` (liveness): the process answers.
//! - `/readyz` (readiness): the database, each upstream source and the cache in front of
//!   it, told apart. Only the database decides the status: 503 when it does not answer
//!   within 3 seconds or a write does not fit (`storage_full`), because then this server
//!   cannot do its work and a balancer should send requests elsewhere. An upstream that
//!   is down only makes the answer `"degraded"` (200): every server shares the same
//!   upstream, the cache stands in with what it holds, and everything else still works.

use std::time::Duration;

use poem::http::StatusCode;
use poem::web::{Data, Json};
use poem::{handler, IntoResponse, Response};
use serde_json::{json, Value};

use leffaseura_core::domain::source::SourceHealth;
use leffaseura_core::{ErrorCode, StoreError};

use crate::state::AppState;

/// Liveness: the process answers.
#[handler]
pub(crate) fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

/// The database's part of readiness: `None` when it answers and takes writes, else the
/// code and message of the failure.
async fn database(state: &AppState) -> Option<(ErrorCode, &'static str)> {
    let ping = tokio::time::timeout(Duration::from_secs(3), state.users.ping()).await;
    let (code, message, reason) = match ping {
        Ok(Ok(())) => return None,
        Ok(Err(StoreError::Full(source))) => (
            ErrorCode::StorageFull,
            "The database has no space left for writes.",
            crate::error::source_chain(source.as_ref()),
        ),
        Ok(Err(err)) => (
            ErrorCode::DatabaseUnavailable,
            "The database is not reachable.",
            crate::error::source_chain(&err),
        ),
        Err(_) => (
            ErrorCode::DatabaseUnavailable,
            "The database is not reachable.",
            "timed out".to_owned(),
        ),
    };
    tracing::warn!(%reason, "readiness check failed");
    Some((code, message))
}

/// See the module docs. The body always names every component:
/// `{"status", "database", "catalog", "upstreams": {"tmdb", "finnkino"},
/// "caches": {"movies", "showtimes"}}`, and on 503 the error body's fields too.
#[handler]
pub(crate) async fn readyz(state: Data<&AppState>) -> Response {
    let movies = state.movies.source_health();
    let showtimes = state.showtimes.source_health();
    let failure = database(&state).await;
    let degraded = [movies, showtimes]
        .iter()
        .any(|h| matches!(h, SourceHealth::Down { .. }));
    let status = match (&failure, degraded) {
        (Some(_), _) => "unavailable",
        (None, true) => "degraded",
        (None, false) => "ok",
    };
    let mut body = json!({
        "status": status,
        "database": failure.as_ref().map_or("ok", |(code, _)| match code {
            ErrorCode::StorageFull => "storage_full",
            _ => "unavailable",
        }),
        "catalog": state.movies.catalog_kind().as_str(),
        "upstreams": {"tmdb": movies.upstream(), "finnkino": showtimes.upstream()},
        "caches": {"movies": movies.cache(), "showtimes": showtimes.cache()},
    });
    match failure {
        None => Json(body).into_response(),
        Some((code, message)) => {
            body["success"] = json!(false);
            body["code"] = json!(code.as_str());
            body["message"] = json!(message);
            Json(body)
                .with_status(StatusCode::SERVICE_UNAVAILABLE)
                .into_response()
        }
    }
}
