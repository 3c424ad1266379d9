//! CORS for the origins in `CORS_ORIGINS`. Requests from other origins (including the
//! same origin, whose browsers also send `Origin`) pass through untouched and get no CORS
//! headers, so that the browser enforces the same-origin policy for them. (poem's `Cors`
//! answers them with a plain-text 403 instead, which would break the same-origin webapp.)

use std::future::Future;
use std::sync::Arc;

use poem::http::{header, HeaderValue, Method, StatusCode};
use poem::{IntoResponse, Request, Response};

const ALLOWED_METHODS: &str = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const DEFAULT_HEADERS: &str = "authorization, content-type";

/// Origins allowed to call the API from another origin (`https://example.fi`, no
/// trailing slash).
#[derive(Debug, Clone, Default)]
pub struct CorsOrigins(Arc<Vec<String>>);

impl CorsOrigins {
    pub fn new(origins: &[String]) -> Self {
        Self(Arc::new(
            origins
                .iter()
                .map(|o| o.trim().trim_end_matches('/').to_owned())
                .filter(|o| !o.is_empty())
                .collect(),
        ))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The request's `Origin`, when it is one of ours.
    fn allowed(&self, req: &Request) -> Option<HeaderValue> {
        let origin = req.headers().get(header::ORIGIN)?;
        let text = origin.to_str().ok()?;
        self.0
            .iter()
            .any(|o| o == text || o == "*")
            .then(|| origin.clone())
    }
}

/// Answers `req` through `next` with CORS (see the module docs): a preflight from one of
/// `origins` is answered here, any other request by `next`, and the answer to one of
/// `origins` names it.
pub(crate) async fn with_cors<F>(
    origins: &CorsOrigins,
    req: Request,
    next: impl FnOnce(Request) -> F,
) -> Response
where
    F: Future<Output = Response>,
{
    let Some(origin) = origins.allowed(&req) else {
        return next(req).await;
    };
    let preflight = req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    let mut response = if preflight {
        let requested = req
            .headers()
            .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
            .cloned()
            .unwrap_or_else(|| HeaderValue::from_static(DEFAULT_HEADERS));
        let mut response = StatusCode::NO_CONTENT.into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(ALLOWED_METHODS),
        );
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, requested);
        headers.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("600"),
        );
        response
    } else {
        next(req).await
    };
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::test::TestClient;
    use poem::{handler, Endpoint, EndpointExt};

    #[handler]
    fn hello() -> &'static str {
        "hi"
    }

    fn client() -> TestClient<impl Endpoint> {
        let origins = CorsOrigins::new(&["http://localhost:5173/".to_owned()]);
        TestClient::new(hello.around(move |ep, req| {
            let origins = origins.clone();
            async move { Ok(with_cors(&origins, req, |req| ep.get_response(req)).await) }
        }))
    }

    #[tokio::test]
    async fn allowed_origins_get_cors_headers_and_preflights() {
        let client = client();
        let response = client
            .get("/")
            .header("origin", "http://localhost:5173")
            .send()
            .await;
        response.assert_status_is_ok();
        response.assert_header("access-control-allow-origin", "http://localhost:5173");

        let response = client
            .options("/")
            .header("origin", "http://localhost:5173")
            .header("access-control-request-method", "PUT")
            .header(
                "access-control-request-headers",
                "authorization,content-type",
            )
            .send()
            .await;
        response.assert_status(StatusCode::NO_CONTENT);
        response.assert_header("access-control-allow-headers", "authorization,content-type");
    }

    #[tokio::test]
    async fn other_origins_pass_through_without_cors_headers() {
        let client = client();
        let response = client
            .get("/")
            .header("origin", "http://evil.example")
            .send()
            .await;
        response.assert_status_is_ok();
        response.assert_header_is_not_exist("access-control-allow-origin");
        response.assert_text("hi").await;
    }
}
