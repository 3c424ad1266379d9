//! What happens to every request before and after its route, in one layer: metrics, the
//! access log, security headers, compression, the URI limit, a panic's answer, CORS, the
//! app's data and the per-user write limit.
//!
//! These were ten nested middlewares; each kept its own copy of the request and moved the
//! future of the ones inside it, and the copying alone cost more than a cached read's
//! handler. Their order is kept: a step named earlier sees the answer of the ones after it.

use std::any::Any;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Instant;

use futures::FutureExt;
use poem::http::StatusCode;
use poem::{Endpoint, Request, Response};

use leffaseura_core::ErrorCode;

use crate::compression::{compress, preferred_coding};
use crate::cors::{with_cors, CorsOrigins};
use crate::headers::add_security_headers;
use crate::limits::{refuse_write, HttpLimits, WriteLimiter};
use crate::metrics::RequestSeries;
use crate::middleware::{log_access, refuse_long_uri};
use crate::state::AppState;

/// The layer around the app's routes (see the module docs).
pub(crate) struct Edge<E> {
    pub routes: E,
    pub state: AppState,
    pub limits: HttpLimits,
    pub writes: Option<Arc<WriteLimiter>>,
    pub origins: CorsOrigins,
    pub series: Arc<RequestSeries>,
}

impl<E: Endpoint> Endpoint for Edge<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> poem::Result<Response> {
        let started = Instant::now();
        let method = req.method().clone();
        // Shares the request's bytes instead of copying the path.
        let uri = req.uri().clone();
        let coding = preferred_coding(req.headers());
        let response = match refuse_long_uri(&req) {
            Some(refusal) => refusal,
            None => {
                req.extensions_mut().insert(self.state.clone());
                req.extensions_mut().insert(self.limits);
                answer_panics(with_cors(&self.origins, req, |req| self.route(req))).await
            }
        };
        let mut response = compress(response, coding, &method).await;
        add_security_headers(uri.path(), &mut response);
        let took = started.elapsed();
        log_access(&method, uri.path(), response.status(), took);
        self.series
            .record(&method, uri.path(), response.status(), took);
        Ok(response)
    }
}

impl<E: Endpoint> Edge<E> {
    async fn route(&self, req: Request) -> Response {
        match refuse_write(self.writes.as_deref(), &req) {
            Some(refusal) => refusal,
            None => self.routes.get_response(req).await,
        }
    }
}

/// `answer`, or the generic JSON 500 when it panics (a bug, logged).
async fn answer_panics(answer: impl Future<Output = Response>) -> Response {
    AssertUnwindSafe(answer)
        .catch_unwind()
        .await
        .unwrap_or_else(panic_response)
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
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

#[cfg(test)]
mod tests {
    use super::*;

    async fn buggy() -> Response {
        let numbers: Vec<u8> = Vec::new();
        #[allow(clippy::indexing_slicing)]
        let first = numbers[0];
        Response::builder().body(format!("first {first}"))
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_the_generic_json_500() {
        let response = answer_panics(buggy()).await;
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body: serde_json::Value = response.into_body().into_json().await.unwrap();
        assert_eq!(body["code"], "internal_error");
        assert_eq!(body["success"], false);
    }
}
