//! The bearer security scheme: `Authorization: Bearer <token>`, checked against the
//! account's current state on every request.

use poem::Request;
use poem_openapi::auth::Bearer;
use poem_openapi::SecurityScheme;

use leffaseura_core::domain::user::User;

use crate::error::ApiError;
use crate::state::AppState;

/// A session token (JWT) from `POST /users/register` or `POST /users/login`. Valid for
/// 7 days; it stops working when the user is deleted or banned, or changes password.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "check_bearer")]
pub struct BearerAuth(pub User);

async fn check_bearer(req: &Request, bearer: Bearer) -> poem::Result<User> {
    let Some(state) = req.data::<AppState>() else {
        tracing::error!("AppState missing from the request: the API was mounted without it");
        return Err(ApiError::internal().into());
    };
    state
        .accounts
        .authenticate(&bearer.token)
        .await
        .map_err(|err| ApiError::from(err).into())
}
