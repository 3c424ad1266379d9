//! `/users`: registration, login, one's own profile, public profiles (API.md, Users).

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use leffaseura_core::domain::aura::AuraLabel as CoreAuraLabel;
use leffaseura_core::domain::rate_limit::LimitedAction;
use leffaseura_core::domain::user::UserProfile;
use leffaseura_core::use_cases::UpdateProfile;
use leffaseura_core::UserId;

use crate::api::direct_json::DirectJson;
use crate::api::refined::{absent, alternative, any_of, Refined, Refinement};
use crate::api::{ApiTags, JsonBody, Nullable, Timestamp};
use crate::auth::BearerAuth;
use crate::error::ApiError;
use crate::limits::ClientAddress;
use crate::state::AppState;

/// How the community received a user's reviews (PRODUCT-SPEC §2): aura > 10 Positive,
/// 1..10 Mostly Positive, 0 Neutral, -9..-1 Mixed, otherwise Controversial.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuraLabel {
    Positive,
    #[oai(rename = "Mostly Positive")]
    #[serde(rename = "Mostly Positive")]
    MostlyPositive,
    Neutral,
    Mixed,
    Controversial,
}

impl From<CoreAuraLabel> for AuraLabel {
    fn from(label: CoreAuraLabel) -> Self {
        match label {
            CoreAuraLabel::Positive => Self::Positive,
            CoreAuraLabel::MostlyPositive => Self::MostlyPositive,
            CoreAuraLabel::Neutral => Self::Neutral,
            CoreAuraLabel::Mixed => Self::Mixed,
            CoreAuraLabel::Controversial => Self::Controversial,
        }
    }
}

/// A user's profile with the statistics of their reviews.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct User {
    pub id: i64,
    pub username: String,
    /// Free text, at most 500 characters (may be empty).
    pub user_bio: String,
    /// When the account was created (RFC 3339 UTC).
    pub created_at: Timestamp,
    /// Number of reviews written.
    pub review_count: i64,
    /// Average of the user's ratings to one decimal; `null` without reviews.
    pub average_rating: Nullable<f64>,
    /// Likes received on the user's reviews.
    pub total_likes: i64,
    /// Dislikes received on the user's reviews.
    pub total_dislikes: i64,
    /// `total_likes - total_dislikes`.
    pub aura: i64,
    pub aura_label: AuraLabel,
    /// Only in the user's own profile (register, login, `/users/profile`).
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Only in the user's own profile: the language the user reads the product in (`fi`
    /// or `en`), `null` until chosen; the webapp switches to it after logging in.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<Nullable<String>>,
}

impl User {
    /// The public view: everything but the email.
    pub fn public(profile: &UserProfile) -> Self {
        let stats = &profile.stats;
        Self {
            id: profile.user.id.0,
            username: profile.user.username.clone(),
            user_bio: profile.user.bio.clone(),
            created_at: profile.user.created_at.into(),
            review_count: stats.review_count,
            average_rating: stats.average_rating().into(),
            total_likes: stats.total_likes,
            total_dislikes: stats.total_dislikes,
            aura: stats.aura(),
            aura_label: stats.aura_label().into(),
            email: None,
            language: None,
        }
    }

    /// The view the user gets of themself, with the email.
    pub fn own(profile: &UserProfile) -> Self {
        Self {
            email: Some(profile.user.email.clone()),
            language: Some(profile.user.language.map(|l| l.code().to_owned()).into()),
            ..Self::public(profile)
        }
    }
}

/// A new account.
#[derive(Object, Debug)]
pub struct RegisterRequest {
    /// 3–30 characters: letters (Latin, accented included), digits, `_`, `.`, `-`. Unique
    /// in any letter case.
    #[oai(validator(pattern = r"^[A-Za-z0-9_.\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F-]{3,30}$"))]
    pub username: String,
    /// A valid address (ASCII), stored lower-case, unique in any letter case.
    #[oai(validator(
        max_length = 254,
        pattern = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$"
    ))]
    pub email: String,
    /// 8–128 characters, not only spaces.
    #[oai(validator(
        min_length = 8,
        max_length = 128,
        pattern = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"
    ))]
    pub password: String,
}

/// Credentials.
#[derive(Object, Debug)]
pub struct LoginRequest {
    /// Not blank. An address no account has is answered like a wrong password.
    #[oai(validator(
        pattern = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"
    ))]
    pub email: String,
    #[oai(validator(min_length = 1))]
    pub password: String,
}

/// A profile change. Send only what changes; blank `username`, `email` or `newPassword`
/// are ignored, an empty `user_bio` clears the bio. `{"language": "fi"}` alone needs no
/// password.
#[derive(Object, Debug)]
pub struct UpdateProfileRequest {
    /// The current password, required for every change but the language alone.
    #[oai(
        rename = "currentPassword",
        validator(
            pattern = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"
        )
    )]
    pub current_password: Option<String>,
    /// Blank leaves it as it is.
    #[oai(validator(
        pattern = r"^(?:[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|[A-Za-z0-9_.\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F-]{3,30})$"
    ))]
    pub username: Option<String>,
    /// Blank leaves it as it is.
    #[oai(validator(
        max_length = 254,
        pattern = r"^(?:[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+)$"
    ))]
    pub email: Option<String>,
    /// 8–128 characters. Changing it ends every other session; the answer carries a new
    /// token.
    #[oai(
        rename = "newPassword",
        validator(
            max_length = 128,
            pattern = r"^(?:[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|[\s\S]{8,})$"
        )
    )]
    pub new_password: Option<String>,
    /// At most 500 characters, without control characters other than line breaks and
    /// tabs.
    #[oai(validator(
        max_length = 500,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    ))]
    pub user_bio: Option<String>,
    /// `fi` or `en` (`fi-FI`, `en-US` accepted): remembered for the user's next login on
    /// any browser; anything else is 400 `invalid_language`. Blank is no choice.
    #[oai(validator(
        pattern = r"^(?:[\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|(?:[fF][iI]|[eE][nN])(?:[-_][A-Za-z0-9_-]*)?)$"
    ))]
    pub language: Option<String>,
}

/// Every change needs `currentPassword`, except choosing the language alone.
impl Refinement for UpdateProfileRequest {
    fn any_of() -> Vec<MetaSchemaRef> {
        let language = MetaSchema {
            pattern: Some(r"^(?:[fF][iI]|[eE][nN])(?:[-_][A-Za-z0-9_-]*)?$".to_owned()),
            ..MetaSchema::new("string")
        };
        any_of(vec![
            alternative(
                &["currentPassword"],
                vec![("currentPassword", MetaSchema::new("string"))],
            ),
            alternative(
                &["language"],
                vec![
                    ("username", absent()),
                    ("email", absent()),
                    ("newPassword", absent()),
                    ("user_bio", absent()),
                    ("language", language),
                ],
            ),
        ])
    }
}

/// Confirmation of an account deletion.
#[derive(Object, Debug)]
pub struct DeleteAccountRequest {
    /// The current password.
    #[oai(
        rename = "currentPassword",
        validator(
            pattern = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"
        )
    )]
    pub current_password: String,
}

/// A logged-in user and their session token.
#[derive(Object, Debug)]
pub struct SessionBody {
    /// Always `true`.
    pub success: bool,
    /// Send as `Authorization: Bearer <token>`; valid for 7 days.
    pub token: String,
    pub user: User,
}

// Written with `DirectJson`: the most read answer.
/// One user.
#[derive(Object, serde::Serialize, Debug)]
pub struct UserBody {
    /// Always `true`.
    pub success: bool,
    pub user: User,
}

/// The changed profile.
#[derive(Object, Debug)]
pub struct UpdatedProfileBody {
    /// Always `true`.
    pub success: bool,
    pub user: User,
    /// A new session token, only when the password changed (the old tokens stopped
    /// working).
    #[oai(skip_serializing_if_is_none)]
    pub token: Option<String>,
}

#[derive(ApiResponse)]
pub enum RegisterResponse {
    /// The account was created; the user is logged in.
    #[oai(status = 201)]
    Created(Json<SessionBody>),
}

#[derive(ApiResponse)]
pub enum LoginResponse {
    /// Logged in.
    #[oai(status = 200)]
    Ok(Json<SessionBody>),
}

#[derive(ApiResponse)]
pub enum OwnProfileResponse {
    /// The caller's profile, with email.
    #[oai(status = 200)]
    Ok(DirectJson<UserBody>),
}

#[derive(ApiResponse)]
pub enum UpdateProfileResponse {
    /// The profile after the change.
    #[oai(status = 200)]
    Ok(Json<UpdatedProfileBody>),
}

#[derive(ApiResponse)]
pub enum DeleteAccountResponse {
    /// The account and everything it owned are gone.
    #[oai(status = 204)]
    Deleted,
}

#[derive(ApiResponse)]
pub enum PublicProfileResponse {
    /// The public profile (no email).
    #[oai(status = 200)]
    Ok(DirectJson<UserBody>),
}

/// `/users` operations.
pub struct UsersApi;

#[OpenApi(tag = "ApiTags::Users")]
impl UsersApi {
    /// Create an account
    ///
    /// Errors: 400 with `field` for invalid input; 409 `user_exists` "An account with this
    /// email or username already exists."; 429 `rate_limited` with `Retry-After` when the
    /// client address has registered too many accounts lately (`RATE_LIMIT_REGISTER`);
    /// 503 `server_busy` with `Retry-After` when too many password hashes are queued.
    #[oai(
        path = "/users/register",
        method = "post",
        operation_id = "registerUser"
    )]
    async fn register(
        &self,
        state: Data<&AppState>,
        client: ClientAddress,
        body: JsonBody<RegisterRequest>,
    ) -> Result<RegisterResponse, ApiError> {
        let request = body.0;
        state
            .rate_limits
            .admit(LimitedAction::Register, &client.key())
            .await?;
        let session = state
            .accounts
            .register_user(&request.username, &request.email, &request.password)
            .await?;
        Ok(RegisterResponse::Created(Json(SessionBody {
            success: true,
            token: session.token,
            user: User::own(&session.profile),
        })))
    }

    /// Log in
    ///
    /// Errors: 401 `invalid_credentials` for an unknown email or a wrong password alike;
    /// 403 `banned`; 429 `rate_limited` with `Retry-After` (seconds until another attempt
    /// may succeed) after 10 failed attempts for one email from one address within 15
    /// minutes, or after too many attempts from one address whatever the emails
    /// (`RATE_LIMIT_LOGIN`); 503 `server_busy` with `Retry-After` when too many password
    /// hashes are queued.
    #[oai(path = "/users/login", method = "post", operation_id = "loginUser")]
    async fn login(
        &self,
        state: Data<&AppState>,
        client: ClientAddress,
        body: JsonBody<LoginRequest>,
    ) -> Result<LoginResponse, ApiError> {
        let request = body.0;
        let session = state
            .logins
            .log_in(&client.key(), &request.email, &request.password)
            .await?;
        Ok(LoginResponse::Ok(Json(SessionBody {
            success: true,
            token: session.token,
            user: User::own(&session.profile),
        })))
    }

    /// The caller's own profile
    ///
    /// Errors: 401 `invalid_token`, `token_expired`, `token_revoked` or `account_banned`.
    #[oai(
        path = "/users/profile",
        method = "get",
        operation_id = "getOwnProfile"
    )]
    async fn own_profile(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<OwnProfileResponse, ApiError> {
        let profile = state.accounts.get_own_profile(auth.0).await?;
        Ok(OwnProfileResponse::Ok(DirectJson(UserBody {
            success: true,
            user: User::own(&profile),
        })))
    }

    /// Change the caller's profile
    ///
    /// Needs `currentPassword`. Errors: 400 `current_password_required` "Current password
    /// is required."; 403 `wrong_password`; 400 `no_changes` "No changes to update.";
    /// 400 with `field` for invalid values; 409 `username_taken` / `email_taken`.
    #[oai(
        path = "/users/profile",
        method = "put",
        operation_id = "updateOwnProfile"
    )]
    async fn update_profile(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<Refined<UpdateProfileRequest>>,
    ) -> Result<UpdateProfileResponse, ApiError> {
        let request = body.0 .0;
        let update = state
            .accounts
            .update_profile(
                &auth.0,
                UpdateProfile {
                    current_password: request.current_password,
                    username: request.username,
                    email: request.email,
                    new_password: request.new_password,
                    bio: request.user_bio,
                    language: request.language,
                },
            )
            .await?;
        Ok(UpdateProfileResponse::Ok(Json(UpdatedProfileBody {
            success: true,
            user: User::own(&update.profile),
            token: update.token,
        })))
    }

    /// Delete the caller's account
    ///
    /// Removes the user's reviews, reactions, favorites and memberships; owned groups pass
    /// to their longest-standing moderator, else member, else are deleted. Needs
    /// `currentPassword`: 400 `current_password_required`, 403 `wrong_password`.
    #[oai(
        path = "/users/profile",
        method = "delete",
        operation_id = "deleteOwnAccount"
    )]
    async fn delete_account(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<DeleteAccountRequest>,
    ) -> Result<DeleteAccountResponse, ApiError> {
        state
            .accounts
            .delete_account(&auth.0, Some(body.0.current_password.as_str()))
            .await?;
        Ok(DeleteAccountResponse::Deleted)
    }

    /// A user's public profile
    ///
    /// Errors: 404 `user_not_found` "Profile not found."; 400 `invalid_parameter` when the
    /// id is not a number.
    #[oai(path = "/users/:id", method = "get", operation_id = "getUserProfile")]
    async fn public_profile(
        &self,
        state: Data<&AppState>,
        /// The user's id.
        #[oai(validator(minimum(value = "1")))]
        id: Path<i64>,
    ) -> Result<PublicProfileResponse, ApiError> {
        let profile = state.accounts.get_profile(UserId(id.0)).await?;
        Ok(PublicProfileResponse::Ok(DirectJson(UserBody {
            success: true,
            user: User::public(&profile),
        })))
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use leffaseura_core::domain::language::Language;
    use leffaseura_core::domain::user::{PasswordHash, User as CoreUser, UserStats};

    use super::*;
    use crate::api::direct_json::assert_same_json;

    fn profile(reviews: i64, likes: i64, language: Option<Language>) -> UserProfile {
        UserProfile {
            user: CoreUser {
                id: UserId(7),
                username: "Äijä \"quoted\" \u{1F37F}".to_owned(),
                email: "aija@example.fi".to_owned(),
                password_hash: PasswordHash(String::new()),
                bio: "line\nbreak".to_owned(),
                created_at: Utc.with_ymd_and_hms(2026, 11, 26, 12, 30, 5).unwrap(),
                token_version: 0,
                banned: false,
                banned_until: None,
                is_admin: false,
                language,
            },
            stats: UserStats {
                review_count: reviews,
                rating_sum: reviews * 4 - 1,
                total_likes: likes,
                total_dislikes: 3,
            },
        }
    }

    #[test]
    fn a_user_answer_is_the_same_json_written_directly() {
        for profile in [
            profile(0, 0, None),
            profile(3, 40, Some(Language::Finnish)),
            profile(7, 2, None),
            profile(2, 8, Some(Language::English)),
        ] {
            for user in [User::public(&profile), User::own(&profile)] {
                assert_same_json(&UserBody {
                    success: true,
                    user,
                });
            }
        }
    }
}
