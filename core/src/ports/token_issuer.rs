//! Session tokens (signed JWTs in the adapter).

use crate::ids::UserId;

/// What a valid token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenClaims {
    pub user_id: UserId,
    /// Must equal the user's current token version, else the token was revoked.
    pub token_version: i64,
}

/// Why a token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("token expired")]
    Expired,
    #[error("token invalid")]
    Invalid,
}

#[cfg_attr(test, mockall::automock)]
pub trait TokenIssuer: Send + Sync {
    /// A new signed token for this user and token version.
    fn issue(&self, claims: TokenClaims) -> String;

    /// # Errors
    /// `Expired` or `Invalid` (bad signature, malformed, wrong algorithm).
    fn verify(&self, token: &str) -> Result<TokenClaims, TokenError>;
}
