//! Middleware of the API and the whole app:
//! - [`api_guard`] (around `/api` and `/api/v1`): caps bodies at 1 MB (413), rejects
//!   malformed JSON (400 `invalid_json`) before any handler sees it, and turns every
//!   failure — including poem's own (unknown route, bad parameter, missing token, wrong
//!   method) — into the one JSON error body; marks answers given to a refused token as a
//!   visitor (see [`SessionEnded`]).
//! - [`refuse_long_uri`] (in [`crate::edge`]): a JSON 414 for a URI longer than
//!   [`MAX_URI_BYTES`].
//! - [`log_access`] (in [`crate::edge`]): one log line per request with method, path,
//!   status and latency.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use poem::error::{MethodNotAllowedError, NotFoundError, ReadBodyError, SizedLimitError};
use poem::http::{header, Method, StatusCode};
use poem::{Endpoint, IntoResponse, Request, Response};
use poem_openapi::error::{
    AuthorizationError, ContentTypeError, ParseParamError, ParsePathError, ParseRequestPayloadError,
};

use leffaseura_core::ErrorCode;

use crate::api::json_body::invalid_json;
use crate::auth::optional::SessionEnded;
use crate::error::{error_response, ApiError, INTERNAL_MESSAGE};

/// The largest request body the API accepts.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The largest upload (a Letterboxd export) plus room for the multipart framing.
const MAX_UPLOAD_BODY_BYTES: usize = leffaseura_core::domain::import::UPLOAD_MAX_BYTES + 64 * 1024;

/// Paths inside the API that take an upload rather than JSON.
fn is_upload(inner_path: &str) -> bool {
    inner_path.trim_end_matches('/') == "/imports/letterboxd"
}

fn too_large() -> Response {
    error_response(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::PayloadTooLarge,
        "The request body is larger than 1 MB.",
        None,
    )
}

fn upload_too_large() -> Response {
    error_response(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::ImportTooLarge,
        "The upload is larger than 10 MB. Nothing was imported.",
        None,
    )
}

/// A `Content-Type`'s media type without parameters, lower-cased (`text/html; charset=utf-8`
/// → `text/html`).
pub(crate) fn media_type(content_type: &str) -> String {
    content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

fn is_json(content_type: &str) -> bool {
    let essence = media_type(content_type);
    essence == "application/json" || essence.ends_with("+json")
}

/// See the module docs. `prefix` is where the API is nested (`/api` or `/api/v1`).
///
/// # Errors
/// Never: every failure becomes a JSON error response.
pub async fn api_guard<E: Endpoint>(
    ep: Arc<E>,
    mut req: Request,
    prefix: &'static str,
) -> poem::Result<Response> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    let (limit, refuse): (usize, fn() -> Response) = if is_upload(req.uri().path()) {
        (MAX_UPLOAD_BODY_BYTES, upload_too_large)
    } else {
        (MAX_BODY_BYTES, too_large)
    };
    if declared.is_some_and(|len| len > limit) {
        return Ok(refuse());
    }
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        let bytes = match req.take_body().into_bytes_limit(limit).await {
            Ok(bytes) => bytes,
            Err(ReadBodyError::PayloadTooLarge) => return Ok(refuse()),
            Err(err) => {
                return Ok(error_response(
                    StatusCode::BAD_REQUEST,
                    ErrorCode::InvalidBody,
                    &format!("The request body could not be read: {err}"),
                    None,
                ))
            }
        };
        // Clients that forget the header (curl -d, fetch without headers) get JSON too.
        let content_type = req.content_type().map(str::to_owned);
        let treat_as_json = match content_type.as_deref() {
            None => true,
            Some(ct) => is_json(ct) || ct.starts_with("application/x-www-form-urlencoded"),
        };
        if treat_as_json && !bytes.iter().all(u8::is_ascii_whitespace) {
            if let Err(err) = serde_json::from_slice::<serde::de::IgnoredAny>(&bytes) {
                return Ok(ApiError::from(invalid_json(&err)).into_response());
            }
        }
        if treat_as_json && !content_type.as_deref().is_some_and(is_json) {
            req.headers_mut().insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static("application/json"),
            );
        }
        req.set_body(bytes);
    }
    // Kept as sent (before `normalize_path`) for the error answers only; cloning a URI
    // shares its bytes, so a request that succeeds copies no path.
    let paths = Paths {
        original: req.original_uri().clone(),
        inner: req.uri().clone(),
        prefix,
    };
    normalize_path(&mut req);
    let session_ended = SessionEnded::default();
    req.extensions_mut().insert(session_ended.clone());
    let mut response = match ep.call(req).await {
        Ok(output) => normalize(output.into_response(), &paths),
        Err(err) => error_to_response(err, &paths),
    };
    session_ended.mark(&mut response);
    Ok(response)
}

/// `POST /favorites/` of the original clients: API paths match with or without a
/// trailing slash, and with repeated slashes (`//users//1` is `/users/1`), as poem's
/// `NormalizePath` trims them; that middleware ran a regular expression and rebuilt the
/// path on every request, this one only when there is something to change.
fn normalize_path(req: &mut Request) {
    let path = req.uri().path();
    if !(path.contains("//") || (path.len() > 1 && path.ends_with('/'))) {
        return;
    }
    let mut normalized = String::with_capacity(path.len());
    for segment in path.split('/').filter(|segment| !segment.is_empty()) {
        normalized.push('/');
        normalized.push_str(segment);
    }
    if normalized.is_empty() {
        normalized.push('/');
    }
    if let Some(query) = req.uri().query() {
        normalized.push('?');
        normalized.push_str(query);
    }
    let mut parts = req.uri().clone().into_parts();
    let Ok(path_and_query) = normalized.parse() else {
        return;
    };
    parts.path_and_query = Some(path_and_query);
    if let Ok(uri) = poem::http::Uri::from_parts(parts) {
        *req.uri_mut() = uri;
    }
}

/// The path the client sent. Inside the nest `uri` lacks the prefix (and `GET /api` is
/// just `/` there); `original_uri` has it as sent, except from test clients, which leave
/// it at `/`: then the path is rebuilt from the prefix.
fn full_path(original: &str, prefix: &str, inner: &str) -> String {
    let rest = inner.strip_prefix('/').unwrap_or(inner);
    let under_prefix = original
        .strip_prefix(prefix)
        .is_some_and(|after| after.is_empty() || after.starts_with('/'));
    if under_prefix {
        original.to_owned()
    } else if rest.is_empty() {
        prefix.to_owned()
    } else {
        format!("{prefix}/{rest}")
    }
}

/// The request's URI as sent, and as the API sees it (without `/api` or `/api/v1`).
struct Paths {
    original: poem::http::Uri,
    inner: poem::http::Uri,
    prefix: &'static str,
}

impl Paths {
    /// The path the client sent.
    fn full(&self) -> String {
        full_path(self.original.path(), self.prefix, self.inner.path())
    }

    fn inner(&self) -> &str {
        self.inner.path()
    }

    fn query(&self) -> &str {
        self.inner.query().unwrap_or_default()
    }
}

/// Answers with a JSON body that are not JSON yet (e.g. a bare 404) get one.
fn normalize(response: Response, paths: &Paths) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let already_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(is_json);
    if already_json {
        response
    } else {
        by_status(status, &paths.full())
    }
}

fn by_status(status: StatusCode, path: &str) -> Response {
    let (code, message) = match status.as_u16() {
        400 => (
            ErrorCode::BadRequest,
            "The request is not valid.".to_owned(),
        ),
        401 => (
            ErrorCode::Unauthorized,
            "Authentication required: send `Authorization: Bearer <token>`.".to_owned(),
        ),
        403 => (
            ErrorCode::Forbidden,
            "You are not allowed to do this.".to_owned(),
        ),
        404 => (
            ErrorCode::NotFound,
            format!("There is no API endpoint at {path}."),
        ),
        405 => (
            ErrorCode::MethodNotAllowed,
            format!("{path} does not support this method."),
        ),
        413 => (
            ErrorCode::PayloadTooLarge,
            "The request body is larger than 1 MB.".to_owned(),
        ),
        415 => (
            ErrorCode::UnsupportedMediaType,
            "Send the request body as JSON (Content-Type: application/json), or as \
             multipart/form-data where a file is uploaded."
                .to_owned(),
        ),
        429 => (
            ErrorCode::RateLimited,
            "Too many requests. Please slow down.".to_owned(),
        ),
        _ if status.is_server_error() => (ErrorCode::InternalError, INTERNAL_MESSAGE.to_owned()),
        _ => (
            ErrorCode::OtherClientError,
            status.canonical_reason().unwrap_or("Error").to_owned(),
        ),
    };
    error_response(status, code, &message, None)
}

fn error_to_response(err: poem::Error, paths: &Paths) -> Response {
    let full = paths.full();
    let path = full.as_str();
    if err.is_from_response() {
        return normalize(err.into_response(), paths);
    }
    if let Some(e) = err.downcast_ref::<ParseRequestPayloadError>() {
        return error_response(
            StatusCode::BAD_REQUEST,
            ErrorCode::ValidationError,
            &format!(
                "The request body does not have the expected shape: {}",
                e.reason
            ),
            None,
        );
    }
    let param = err
        .downcast_ref::<ParseParamError>()
        .map(|e| (e.name, &e.reason))
        .or_else(|| {
            err.downcast_ref::<ParsePathError>()
                .map(|e| (e.name, &e.reason))
        });
    if let Some((name, reason)) = param {
        // poem-openapi calls path parameters `param0`, `param1`, …; the spec knows their names.
        let name = name
            .strip_prefix("param")
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|index| path_param_name(paths.inner(), index))
            .unwrap_or_else(|| name.to_owned());
        return invalid_parameter(&name, reason, param_code(&name, paths));
    }
    if err.is::<ContentTypeError>() {
        return by_status(StatusCode::UNSUPPORTED_MEDIA_TYPE, path);
    }
    if err.is::<AuthorizationError>() {
        return by_status(StatusCode::UNAUTHORIZED, path);
    }
    if err.is::<NotFoundError>() {
        return by_status(StatusCode::NOT_FOUND, path);
    }
    if err.is::<MethodNotAllowedError>() {
        return method_not_allowed(paths);
    }
    if err.is::<SizedLimitError>()
        || matches!(
            err.downcast_ref::<ReadBodyError>(),
            Some(ReadBodyError::PayloadTooLarge)
        )
    {
        return too_large();
    }
    let status = err.status();
    if status.is_server_error() {
        tracing::error!(error = %err, path, "unhandled error");
    }
    by_status(status, path)
}

/// A path of the spec: its template split into segments (`{id}` marks a variable), and
/// its methods, upper-case.
#[derive(Debug)]
struct Template {
    segments: Vec<String>,
    /// How many of the segments are variables.
    variables: usize,
    methods: Vec<String>,
    /// The metrics' route labels: the template under `/api` and under `/api/v1`.
    labels: [String; 2],
}

/// The spec's path templates, from the operations' metadata. (Rendering the spec and
/// parsing it back, as this once did, made the server's first request allocate some
/// 7 MiB at once for a document of which only the paths are read.)
fn path_templates() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        // One path may be served by several resources' operations: the spec merges them.
        let mut methods_by_path: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for path in <crate::api::Api as poem_openapi::OpenApi>::meta()
            .into_iter()
            .flat_map(|api| api.paths)
        {
            let methods = methods_by_path.entry(path.path).or_default();
            for operation in path.operations {
                let method = operation.method.as_str().to_ascii_uppercase();
                if !methods.contains(&method) {
                    methods.push(method);
                }
            }
        }
        methods_by_path
            .into_iter()
            .map(|(path, methods)| {
                let segments: Vec<String> = path
                    .split('/')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                Template {
                    labels: [format!("/api{path}"), format!("/api/v1{path}")],
                    variables: segments.iter().filter(|s| is_variable(s)).count(),
                    segments,
                    methods,
                }
            })
            .collect()
    })
}

fn is_variable(segment: &str) -> bool {
    segment.starts_with('{')
}

/// Templates of one shape: their number of segments and their first segment (`None`
/// when it is a variable).
#[derive(Debug)]
struct Shape {
    segments: usize,
    first: Option<&'static str>,
    templates: Vec<&'static Template>,
}

/// The templates grouped by [`Shape`]: a path is compared with the few of its own shape,
/// not all of them (the metrics label every request).
fn shapes() -> &'static [Shape] {
    static SHAPES: OnceLock<Vec<Shape>> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let mut shapes: Vec<Shape> = Vec::new();
        for template in path_templates() {
            let segments = template.segments.len();
            let first = template
                .segments
                .first()
                .map(String::as_str)
                .filter(|s| !is_variable(s));
            match shapes
                .iter_mut()
                .find(|shape| shape.segments == segments && shape.first == first)
            {
                Some(shape) => shape.templates.push(template),
                None => shapes.push(Shape {
                    segments,
                    first,
                    templates: vec![template],
                }),
            }
        }
        shapes
    })
}

/// The template `path` matches (`/users/abc` → `/users/{id}`): static segments exactly,
/// and the one with the fewest variables wins (`/reviews/recent` over `/reviews/{id}`).
fn matching_template(path: &str) -> Option<&'static Template> {
    let segments = || path.split('/').filter(|s| !s.is_empty());
    let count = segments().count();
    let first = segments().next();
    shapes()
        .iter()
        .filter(|shape| shape.segments == count && shape.first.is_none_or(|f| Some(f) == first))
        .flat_map(|shape| shape.templates.iter().copied())
        .filter(|template| {
            template
                .segments
                .iter()
                .zip(segments())
                .all(|(t, s)| is_variable(t) || t == s)
        })
        .min_by_key(|template| template.variables)
}

/// The spec's template `path` (inside the API prefix) matches, under that prefix, as the
/// spec writes it (`/reviews/movie/550` under `/api/v1` → `/api/v1/reviews/movie/{movie_id}`).
pub(crate) fn route_template(path: &str, under_v1: bool) -> Option<&'static str> {
    matching_template(path).map(|template| template.labels[usize::from(under_v1)].as_str())
}

/// A 405 says which methods the path has (`Allow`), as HTTP asks.
fn method_not_allowed(paths: &Paths) -> Response {
    let mut response = by_status(StatusCode::METHOD_NOT_ALLOWED, &paths.full());
    if let Some(template) = matching_template(paths.inner()) {
        let mut methods = template.methods.clone();
        if methods.iter().any(|m| m == "GET") {
            methods.push("HEAD".to_owned());
        }
        if let Ok(allow) = header::HeaderValue::from_str(&methods.join(", ")) {
            response.headers_mut().insert(header::ALLOW, allow);
        }
    }
    response
}

/// The name of the `index`-th variable of the template `path` matches (`/users/abc` →
/// `id`). Static segments must match exactly.
fn path_param_name(path: &str, index: usize) -> Option<String> {
    matching_template(path).and_then(|template| {
        template
            .segments
            .iter()
            .filter_map(|t| t.strip_prefix('{').and_then(|t| t.strip_suffix('}')))
            .nth(index)
            .map(str::to_owned)
    })
}

fn invalid_parameter(name: &str, reason: &str, code: ErrorCode) -> Response {
    tracing::debug!(parameter = name, reason, "invalid parameter");
    let message = param_message(code).map_or_else(
        || format!("The parameter `{name}` has an invalid value."),
        str::to_owned,
    );
    error_response(
        StatusCode::BAD_REQUEST,
        code,
        &message,
        Some(name.to_owned()),
    )
}

/// Core's words for the mistakes [`param_code`] names.
fn param_message(code: ErrorCode) -> Option<&'static str> {
    Some(match code {
        ErrorCode::AreaAndDateRequired => "Please select both area and date",
        ErrorCode::AreaRequired => "Please select a theatre area.",
        ErrorCode::InvalidDate => "Date must be in dd.mm.yyyy format",
        ErrorCode::InvalidLanguage => "Language must be fi-FI or en-US.",
        ErrorCode::InvalidPage => "Page must be between 1 and 500.",
        ErrorCode::InvalidDays => "Number of days must be between 1 and 14.",
        ErrorCode::InvalidListType => "listType must be NowInTheatres or ComingSoon.",
        ErrorCode::InvalidTitle => "Original title is required.",
        ErrorCode::InvalidYear => "Year must be between 1870 and 2100.",
        ErrorCode::InvalidQuery => "Search query is required (at most 200 characters).",
        ErrorCode::InvalidSort => {
            "sort_by must be one of popularity, vote_average, vote_count, \
             primary_release_date, title, revenue with .asc or .desc."
        }
        ErrorCode::InvalidGenres => "Genres must be a comma-separated list of genre ids.",
        ErrorCode::InvalidIds => {
            "Movie ids must be comma-separated positive whole numbers (at most 100), e.g. 550,13."
        }
        ErrorCode::InvalidFavoriteType => {
            "Type must be 1 (watchlist), 2 (favorite) or 3 (group favorite)."
        }
        ErrorCode::GroupList => {
            "Group favorites (type 3) belong to a group; use the group's favorites."
        }
        _ => return None,
    })
}

/// The code a parameter refused by the spec's constraints (checked by poem-openapi
/// before the handler) answers with: the one core gives the same mistake (API.md), so
/// that moving a check into the spec changes nothing for clients.
fn param_code(name: &str, paths: &Paths) -> ErrorCode {
    // Blank counts as not sent, and area 1029 is Finnkino's "choose an area" entry: core
    // reads both as no area.
    let value = paths
        .query()
        .split('&')
        .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value);
    let chosen = value.is_some_and(|v| !v.trim().is_empty() && v != "1029");
    let path = paths.inner();
    match name {
        "area" | "dt" if path.ends_with("/finnkino/schedule") && !chosen => {
            ErrorCode::AreaAndDateRequired
        }
        "area" if path.ends_with("/showtimes") && !chosen => ErrorCode::AreaRequired,
        "dt" => ErrorCode::InvalidDate,
        "ids" => ErrorCode::InvalidIds,
        "page" => ErrorCode::InvalidPage,
        "language" => ErrorCode::InvalidLanguage,
        "sort_by" => ErrorCode::InvalidSort,
        "genres" | "with_genres" => ErrorCode::InvalidGenres,
        "listType" => ErrorCode::InvalidListType,
        "originalTitle" => ErrorCode::InvalidTitle,
        "year" => ErrorCode::InvalidYear,
        "days" | "nrOfDays" => ErrorCode::InvalidDays,
        "query" if path.starts_with("/tmdb/") => ErrorCode::InvalidQuery,
        // A user's lists are 1 and 2; asking one of them for 3 is asking the wrong path.
        "type" if !path.contains("/group/") && path.ends_with("/3") => ErrorCode::GroupList,
        "type" => ErrorCode::InvalidFavoriteType,
        _ => ErrorCode::InvalidParameter,
    }
}

/// The longest URI (path and query) served. hyper's own limit is 64 KiB and answers an
/// empty 414; below it the answer is ours, with the JSON error body.
pub const MAX_URI_BYTES: usize = 8 * 1024;

/// A JSON 414 for a URI longer than [`MAX_URI_BYTES`]; `None` for any other.
pub(crate) fn refuse_long_uri(req: &Request) -> Option<Response> {
    let length = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    (length > MAX_URI_BYTES).then(|| {
        error_response(
            StatusCode::URI_TOO_LONG,
            ErrorCode::UriTooLong,
            &format!("The URI is longer than {MAX_URI_BYTES} bytes."),
            None,
        )
    })
}

/// The tracing target of the access log's lines (one per request): the server turns it
/// off with `ACCESS_LOG=off`, which leaves the 5xx warnings (their own target) on.
pub const ACCESS_LOG_TARGET: &str = "access";

/// The access log's line for a `method` request for `path` answered with `status` in
/// `took`, or a warning for a 5xx.
pub(crate) fn log_access(method: &Method, path: &str, status: StatusCode, took: Duration) {
    let status = status.as_u16();
    let latency_ms = took.as_secs_f64() * 1000.0;
    let method = method.as_str();
    if status >= 500 {
        tracing::warn!(method, path, status, latency_ms, "request");
    } else {
        tracing::info!(target: ACCESS_LOG_TARGET, method, path, status, latency_ms, "request");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_path_keeps_the_prefix_the_client_sent() {
        for (original, prefix, inner, full) in [
            ("/api", "/api", "/", "/api"),
            ("/api/", "/api", "/", "/api/"),
            ("/api/v1", "/api/v1", "/", "/api/v1"),
            ("/api/nothing", "/api", "/nothing", "/api/nothing"),
            (
                "/api/v1/users/1/x",
                "/api/v1",
                "/users/1/x",
                "/api/v1/users/1/x",
            ),
            // Test clients leave the original URI at `/`.
            ("/", "/api", "/", "/api"),
            ("/", "/api/v1", "/users/x", "/api/v1/users/x"),
        ] {
            assert_eq!(
                full_path(original, prefix, inner),
                full,
                "{original} {prefix}"
            );
        }
    }

    #[test]
    fn trailing_and_repeated_slashes_are_dropped_and_the_query_kept() {
        for (sent, seen) in [
            ("/users/1", "/users/1"),
            ("/", "/"),
            ("///", "/"),
            ("/favorites/", "/favorites"),
            ("//users//1//", "/users/1"),
            ("/reviews/recent/?limit=5", "/reviews/recent?limit=5"),
        ] {
            let mut req = Request::builder().uri(sent.parse().unwrap()).finish();
            normalize_path(&mut req);
            assert_eq!(req.uri().to_string(), seen, "{sent}");
        }
    }

    #[test]
    fn the_path_templates_are_the_specs_paths_and_methods() {
        let spec: serde_json::Value =
            serde_json::from_str(&crate::api::spec_json()).expect("the spec is JSON");
        let mut in_spec: Vec<(String, Vec<String>)> = spec["paths"]
            .as_object()
            .expect("paths")
            .iter()
            .map(|(path, operations)| {
                let mut methods: Vec<String> = operations
                    .as_object()
                    .expect("operations")
                    .keys()
                    .map(|method| method.to_ascii_uppercase())
                    .collect();
                methods.sort();
                (path.clone(), methods)
            })
            .collect();
        in_spec.sort();
        let mut templates: Vec<(String, Vec<String>)> = path_templates()
            .iter()
            .map(|template| {
                let mut methods = template.methods.clone();
                methods.sort();
                (
                    template.labels[0].trim_start_matches("/api").to_owned(),
                    methods,
                )
            })
            .collect();
        templates.sort();
        assert!(in_spec.len() > 50, "{} paths", in_spec.len());
        assert_eq!(templates, in_spec);
    }

    #[test]
    fn path_parameters_get_their_names_from_the_spec() {
        assert_eq!(
            path_param_name("/users/abc", 0).as_deref(),
            Some("id"),
            "{:?}",
            path_templates()
        );
        assert_eq!(path_param_name("/users/profile/x", 0), None);
    }
}
