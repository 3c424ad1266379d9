//! The one JSON error body of the API, and the single place where core errors become
//! HTTP statuses.

use poem::http::StatusCode;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};

use leffaseura_core::{Error, ErrorCode};

pub use crate::error_code::ApiErrorCode;

/// Every failure answers with this body, whatever went wrong.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct ErrorBody {
    /// Always `false`.
    pub success: bool,
    // Documented by its schema `ErrorCode` (a rustdoc here would wrap the `$ref` in an
    // `allOf` and the generated TypeScript type in `& unknown`).
    pub code: ApiErrorCode,
    /// A human-readable explanation, fit to show to the user.
    pub message: String,
    /// The offending input (body field or parameter), for validation errors.
    #[oai(skip_serializing_if_is_none)]
    pub field: Option<String>,
}

impl ErrorBody {
    pub fn new(code: ErrorCode, message: impl Into<String>, field: Option<String>) -> Self {
        Self {
            success: false,
            code: ApiErrorCode(code),
            message: message.into(),
            field: field.filter(|f| !f.is_empty()),
        }
    }
}

/// The error answers an operation may give (each operation declares them all).
#[derive(ApiResponse, Debug)]
pub enum ApiError {
    /// Invalid input: a rule was broken (`field` names the input) or the request could not
    /// be parsed (`invalid_json`, `validation_error`, `invalid_parameter`).
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Missing, malformed, expired or revoked token (`account_banned` once the user is
    /// banned), or wrong credentials: the session, if any, is over.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// Authenticated but not allowed (e.g. `wrong_password`; `banned` when logging in).
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// The thing asked for does not exist.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// Clashes with existing data (e.g. `user_exists`).
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// The request body is larger than 1 MB.
    #[oai(status = 413)]
    PayloadTooLarge(Json<ErrorBody>),
    /// A request body of another type than the operation takes (JSON; multipart/form-data
    /// for uploads), or none where one is needed (`unsupported_media_type`).
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorBody>),
    /// Too many requests (`rate_limited`).
    #[oai(status = 429)]
    TooManyRequests(
        Json<ErrorBody>,
        /// Seconds until another attempt may succeed.
        #[oai(header = "Retry-After")]
        Option<u64>,
    ),
    /// A bug or an infrastructure fault (details are logged, not returned).
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// An upstream service (TMDB, Finnkino) answered badly.
    #[oai(status = 502)]
    BadGateway(Json<ErrorBody>),
    /// An upstream service or the database could not be reached, or the server is too
    /// busy to take the request now (`server_busy`, with `Retry-After`).
    #[oai(status = 503)]
    Unavailable(
        Json<ErrorBody>,
        /// Seconds after which the request may succeed (sent with `server_busy`).
        #[oai(header = "Retry-After")]
        Option<u64>,
    ),
    /// The database has no space left for the write (`storage_full`); nothing was saved.
    #[oai(status = 507)]
    InsufficientStorage(Json<ErrorBody>),
}

/// The answer to an unexpected failure; the details only go to the log.
pub const INTERNAL_MESSAGE: &str = "Something went wrong on our side. Please try again later.";

impl ApiError {
    /// An error answer with this status (statuses the enum lacks become 500s).
    pub fn new(
        status: StatusCode,
        code: ErrorCode,
        message: impl Into<String>,
        field: Option<String>,
    ) -> Self {
        let body = Json(ErrorBody::new(code, message, field));
        match status.as_u16() {
            400 => Self::BadRequest(body),
            401 => Self::Unauthorized(body),
            403 => Self::Forbidden(body),
            404 => Self::NotFound(body),
            409 => Self::Conflict(body),
            413 => Self::PayloadTooLarge(body),
            415 => Self::UnsupportedMediaType(body),
            429 => Self::TooManyRequests(body, None),
            502 => Self::BadGateway(body),
            503 => Self::Unavailable(body, None),
            507 => Self::InsufficientStorage(body),
            _ => Self::Internal(body),
        }
    }

    pub fn bad_request(code: ErrorCode, message: impl Into<String>, field: Option<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message, field)
    }

    /// 429 `rate_limited` with a `Retry-After` of `retry_after_secs` seconds.
    pub fn rate_limited(message: impl Into<String>, retry_after_secs: u64) -> Self {
        Self::TooManyRequests(
            Json(ErrorBody::new(ErrorCode::RateLimited, message, None)),
            Some(retry_after_secs),
        )
    }

    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::InternalError,
            INTERNAL_MESSAGE,
            None,
        )
    }

    pub fn body(&self) -> &ErrorBody {
        match self {
            Self::BadRequest(b)
            | Self::Unauthorized(b)
            | Self::Forbidden(b)
            | Self::NotFound(b)
            | Self::Conflict(b)
            | Self::PayloadTooLarge(b)
            | Self::UnsupportedMediaType(b)
            | Self::TooManyRequests(b, _)
            | Self::Internal(b)
            | Self::BadGateway(b)
            | Self::Unavailable(b, _)
            | Self::InsufficientStorage(b) => &b.0,
        }
    }
}

/// `err` and its sources, outermost first, joined for the log.
pub fn source_chain(err: &(dyn std::error::Error + 'static)) -> String {
    let mut chain = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        chain.push_str(": ");
        chain.push_str(&cause.to_string());
        source = cause.source();
    }
    chain
}

impl From<Error> for ApiError {
    fn from(err: Error) -> Self {
        let message = err.to_string();
        match err {
            Error::Invalid { field, code, .. } => Self::new(
                StatusCode::BAD_REQUEST,
                code,
                message,
                Some(field.into_owned()),
            ),
            Error::Unauthenticated { code, .. } => {
                Self::new(StatusCode::UNAUTHORIZED, code, message, None)
            }
            Error::Forbidden { code, .. } => Self::new(StatusCode::FORBIDDEN, code, message, None),
            Error::NotFound { code, .. } => Self::new(StatusCode::NOT_FOUND, code, message, None),
            Error::Conflict { code, .. } => Self::new(StatusCode::CONFLICT, code, message, None),
            Error::TooLarge { code, .. } => {
                Self::new(StatusCode::PAYLOAD_TOO_LARGE, code, message, None)
            }
            Error::RateLimited {
                code,
                retry_after_secs,
                ..
            } => Self::TooManyRequests(Json(ErrorBody::new(code, message, None)), retry_after_secs),
            Error::Busy {
                retry_after_secs, ..
            } => Self::Unavailable(
                Json(ErrorBody::new(ErrorCode::ServerBusy, message, None)),
                Some(retry_after_secs),
            ),
            Error::Upstream {
                code, unavailable, ..
            } => {
                let status = if unavailable {
                    StatusCode::SERVICE_UNAVAILABLE
                } else {
                    StatusCode::BAD_GATEWAY
                };
                Self::new(status, code, message, None)
            }
            Error::DatabaseUnavailable(ref source) => {
                tracing::warn!(error = %source_chain(source.as_ref()), "database unavailable");
                Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::DatabaseUnavailable,
                    message,
                    None,
                )
            }
            Error::StorageFull(ref source) => {
                tracing::error!(error = %source_chain(source.as_ref()), "storage full");
                Self::new(
                    StatusCode::INSUFFICIENT_STORAGE,
                    ErrorCode::StorageFull,
                    message,
                    None,
                )
            }
            Error::Internal(ref source) => {
                tracing::error!(error = %source_chain(source.as_ref()), "internal error");
                Self::internal()
            }
        }
    }
}

/// A JSON error response with any status (for failures outside operations: 405, 415, …).
pub fn error_response(
    status: StatusCode,
    code: ErrorCode,
    message: &str,
    field: Option<String>,
) -> poem::Response {
    let body = ErrorBody::new(code, message, field);
    let json = serde_json::json!({
        "success": false,
        "code": body.code.as_str(),
        "message": body.message,
    });
    let mut json = json;
    if let (Some(field), Some(map)) = (body.field, json.as_object_mut()) {
        map.insert("field".into(), serde_json::Value::String(field));
    }
    poem::Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(json.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_errors_map_to_their_statuses() {
        let cases = [
            (Error::invalid("email", ErrorCode::InvalidEmail, "bad"), 400),
            (Error::unauthenticated(ErrorCode::InvalidToken, "no"), 401),
            (Error::forbidden(ErrorCode::Banned, "no"), 403),
            (
                Error::not_found(ErrorCode::UserNotFound, "Profile not found."),
                404,
            ),
            (Error::conflict(ErrorCode::UserExists, "taken"), 409),
            (
                Error::RateLimited {
                    code: ErrorCode::RateLimited,
                    message: "slow".into(),
                    retry_after_secs: Some(7),
                },
                429,
            ),
            (
                Error::RateLimited {
                    code: ErrorCode::TooManyReports,
                    message: "too many".into(),
                    retry_after_secs: Some(600),
                },
                429,
            ),
            (
                Error::Busy {
                    message: "busy".into(),
                    retry_after_secs: 10,
                },
                503,
            ),
            (
                Error::Upstream {
                    code: ErrorCode::UpstreamError,
                    message: "x".into(),
                    unavailable: false,
                },
                502,
            ),
            (
                Error::Upstream {
                    code: ErrorCode::UpstreamUnavailable,
                    message: "x".into(),
                    unavailable: true,
                },
                503,
            ),
            (
                Error::DatabaseUnavailable(std::io::Error::other("refused").into()),
                503,
            ),
            (
                Error::StorageFull(std::io::Error::other("disk full").into()),
                507,
            ),
            (Error::internal(std::io::Error::other("disk on fire")), 500),
        ];
        for (err, status) in cases {
            let code = err.code();
            let api = ApiError::from(err);
            let response = poem::IntoResponse::into_response(api);
            assert_eq!(response.status().as_u16(), status, "{code}");
            let retry_after = response.headers().get("retry-after");
            match code {
                "rate_limited" => assert_eq!(retry_after.unwrap(), "7"),
                "server_busy" => assert_eq!(retry_after.unwrap(), "10"),
                "too_many_reports" => assert_eq!(retry_after.unwrap(), "600"),
                _ => assert_eq!(retry_after, None, "{code}"),
            }
        }
    }

    #[test]
    fn internal_errors_hide_their_details() {
        let api = ApiError::from(Error::internal(std::io::Error::other("secret sql")));
        assert_eq!(api.body().code, "internal_error");
        assert!(!api.body().message.contains("secret"));
        assert_eq!(api.body().field, None);
    }

    #[test]
    fn validation_errors_name_the_field() {
        let api = ApiError::from(Error::invalid(
            "username",
            ErrorCode::InvalidUsername,
            "Username is required.",
        ));
        assert_eq!(api.body().field.as_deref(), Some("username"));
        assert_eq!(api.body().message, "Username is required.");
    }
}
