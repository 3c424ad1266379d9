//! The optional bearer scheme: operations open to visitors that answer more to users.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use poem::http::header::{HeaderValue, AUTHORIZATION, WWW_AUTHENTICATE};
use poem::http::StatusCode;
use poem::{Request, RequestBody, Response};
use poem_openapi::registry::Registry;
use poem_openapi::{ApiExtractor, ApiExtractorType, ExtractParamOptions};

use leffaseura_core::domain::user::User;
use leffaseura_core::UserId;

use crate::auth::BearerAuth;

/// A session token when the caller sends one. Without an `Authorization` header, or
/// with an invalid, expired or revoked token (`Bearer null` from a logged-out client of
/// PRODUCT-SPEC §7), the caller is a visitor: these operations need no login (API.md
/// "Conventions"). The answer then carries `WWW-Authenticate: Bearer
/// error="invalid_token"` (see [`SessionEnded`]) so our webapp still learns that its
/// session ended.
///
/// In the spec it is the `BearerAuth` scheme or none (`security: [BearerAuth, {}]`).
pub struct OptionalAuth(pub Option<User>);

/// Set by [`OptionalAuth`] when a sent token was refused; [`crate::middleware::api_guard`]
/// puts one in each request and marks the answer (an extractor cannot set headers).
#[derive(Clone, Default)]
pub struct SessionEnded(Arc<AtomicBool>);

impl SessionEnded {
    /// Adds `WWW-Authenticate: Bearer error="invalid_token"` to `response` if a token was
    /// refused while answering it.
    pub fn mark(&self, response: &mut Response) {
        if self.0.load(Ordering::Relaxed) {
            response.headers_mut().insert(
                WWW_AUTHENTICATE,
                HeaderValue::from_static("Bearer error=\"invalid_token\""),
            );
        }
    }
}

impl OptionalAuth {
    /// The caller, if logged in.
    pub fn user(&self) -> Option<&User> {
        self.0.as_ref()
    }

    /// The caller's id, if logged in.
    pub fn viewer(&self) -> Option<UserId> {
        self.0.as_ref().map(|user| user.id)
    }
}

impl<'a> ApiExtractor<'a> for OptionalAuth {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::SecurityScheme];

    type ParamType = ();
    type ParamRawType = ();

    fn register(registry: &mut Registry) {
        <BearerAuth as ApiExtractor>::register(registry);
    }

    fn security_schemes() -> Vec<&'static str> {
        <BearerAuth as ApiExtractor>::security_schemes()
    }

    fn has_security_fallback() -> bool {
        true
    }

    async fn from_request(
        req: &'a Request,
        body: &mut RequestBody,
        param_opts: ExtractParamOptions<Self::ParamType>,
    ) -> poem::Result<Self> {
        if !req.headers().contains_key(AUTHORIZATION) {
            return Ok(Self(None));
        }
        match BearerAuth::from_request(req, body, param_opts).await {
            Ok(BearerAuth(user)) => Ok(Self(Some(user))),
            Err(err) if err.status() == StatusCode::UNAUTHORIZED => {
                if let Some(flag) = req.extensions().get::<SessionEnded>() {
                    flag.0.store(true, Ordering::Relaxed);
                }
                Ok(Self(None))
            }
            Err(err) => Err(err),
        }
    }
}
