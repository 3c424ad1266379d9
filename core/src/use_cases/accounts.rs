//! The account use cases share one struct holding their ports.

use std::sync::{Arc, OnceLock};

use crate::domain::user::{Password, PasswordHash, User, UserProfile};
use crate::error::{Error, ErrorCode};
use crate::ports::{Clock, GroupStore, PasswordHasher, TokenClaims, TokenIssuer, UserStore};

/// Register, log in, authenticate, read and change profiles, delete accounts, and the
/// admin's moderation of users. Cheap to share: wrap it in an `Arc`.
pub struct Accounts {
    pub(crate) users: Arc<dyn UserStore>,
    /// Account deletion hands the user's groups over first.
    pub(crate) groups: Arc<dyn GroupStore>,
    pub(crate) hasher: Arc<dyn PasswordHasher>,
    pub(crate) tokens: Arc<dyn TokenIssuer>,
    pub(crate) clock: Arc<dyn Clock>,
    /// A real hash of a throw-away password, verified against when a login names an
    /// unknown email so that the answer takes as long as for a known one.
    decoy_hash: OnceLock<PasswordHash>,
}

/// A logged-in user: their profile and a fresh session token.
#[derive(Debug, Clone)]
pub struct Session {
    pub profile: UserProfile,
    pub token: String,
}

impl Accounts {
    pub fn new(
        users: Arc<dyn UserStore>,
        groups: Arc<dyn GroupStore>,
        hasher: Arc<dyn PasswordHasher>,
        tokens: Arc<dyn TokenIssuer>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            users,
            groups,
            hasher,
            tokens,
            clock,
            decoy_hash: OnceLock::new(),
        }
    }

    /// The store behind these use cases (readiness checks ping it).
    pub fn store(&self) -> &Arc<dyn UserStore> {
        &self.users
    }

    pub(crate) fn issue_token(&self, user: &User) -> String {
        self.tokens.issue(TokenClaims {
            user_id: user.id,
            token_version: user.token_version,
        })
    }

    /// Checks `current_password` (the confirmation every profile change and account
    /// deletion needs) against the user's stored hash.
    pub(crate) async fn confirm_password(
        &self,
        user: &User,
        current_password: Option<&str>,
    ) -> Result<(), Error> {
        let current = current_password.unwrap_or_default();
        if current.trim().is_empty() {
            return Err(current_password_required());
        }
        if self.hasher.verify(current, &user.password_hash).await? {
            Ok(())
        } else {
            Err(Error::forbidden(
                ErrorCode::WrongPassword,
                "Current password is incorrect.",
            ))
        }
    }

    /// Spends one hash verification on nothing, for unknown emails (see `decoy_hash`).
    pub(crate) async fn verify_decoy(&self, password: &str) -> Result<(), Error> {
        let hash = match self.decoy_hash.get() {
            Some(hash) => hash.clone(),
            None => {
                let decoy = Password::parse("leffaseura-decoy-password", "password")?;
                let hash = self.hasher.hash(&decoy).await?;
                // Two concurrent first logins may both compute one; either is fine.
                let _ = self.decoy_hash.set(hash.clone());
                hash
            }
        };
        let _ = self.hasher.verify(password, &hash).await?;
        Ok(())
    }
}

pub(crate) fn current_password_required() -> Error {
    Error::invalid(
        "currentPassword",
        ErrorCode::CurrentPasswordRequired,
        "Current password is required.",
    )
}

pub(crate) fn user_not_found() -> Error {
    Error::not_found(ErrorCode::UserNotFound, "Profile not found.")
}
