//! The optional bearer scheme: operations open to visitors that answer more to users.

use poem::http::header::AUTHORIZATION;
use poem::{Request, RequestBody};
use poem_openapi::registry::Registry;
use poem_openapi::{ApiExtractor, ApiExtractorType, ExtractParamOptions};

use leffaseura_core::domain::user::User;
use leffaseura_core::UserId;

use crate::auth::BearerAuth;

/// A session token when the caller sends one. Without an `Authorization` header the
/// caller is a visitor; a header that is sent must hold a valid token — an invalid,
/// expired or revoked one is the same 401 JSON error as on operations that require a
/// token, so a client holding a dead session learns it at once instead of silently
/// reading as a visitor.
///
/// In the spec it is the `BearerAuth` scheme or none (`security: [BearerAuth, {}]`).
pub struct OptionalAuth(pub Option<User>);

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
        let BearerAuth(user) = BearerAuth::from_request(req, body, param_opts).await?;
        Ok(Self(Some(user)))
    }
}
