//! Turning a bearer token into the user it belongs to, re-checking the account's state
//! on every request: JWTs cannot be revoked, so a token only counts while its user still
//! exists, is not banned and has not changed password since it was issued.

use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ports::TokenError;
use crate::use_cases::accounts::Accounts;

impl Accounts {
    /// The user a validly signed, unexpired token names, without asking the store
    /// whether it still counts: enough to key a per-user quota before the request runs
    /// (the request itself authenticates fully).
    pub fn token_user(&self, token: &str) -> Option<crate::ids::UserId> {
        self.tokens.verify(token).ok().map(|claims| claims.user_id)
    }

    /// The user a session token belongs to.
    ///
    /// # Errors
    /// `Unauthenticated` with `invalid_token` (bad signature, malformed), `token_expired`,
    /// or `token_revoked` (the user was deleted, or the password changed since the token
    /// was issued); `Unauthenticated` `account_banned` when the account is banned (checked
    /// before the token version, which a ban also bumps, so that the client learns why; a
    /// 401 rather than a 403 so that clients end the dead session, as for any invalid
    /// token; logging in as a banned user stays a 403 `banned`).
    pub async fn authenticate(&self, token: &str) -> Result<User, Error> {
        let claims = self.tokens.verify(token).map_err(|err| match err {
            TokenError::Expired => Error::unauthenticated(
                ErrorCode::TokenExpired,
                "Your session has expired. Please log in again.",
            ),
            TokenError::Invalid => Error::unauthenticated(
                ErrorCode::InvalidToken,
                "The authentication token is not valid.",
            ),
        })?;
        let Some(user) = self.users.find_user(claims.user_id).await? else {
            return Err(token_revoked());
        };
        if user.is_banned_at(self.clock.now()) {
            return Err(account_banned());
        }
        if user.token_version != claims.token_version {
            return Err(token_revoked());
        }
        Ok(user)
    }
}

fn account_banned() -> Error {
    Error::unauthenticated(ErrorCode::AccountBanned, "This account has been banned.")
}

fn token_revoked() -> Error {
    Error::unauthenticated(
        ErrorCode::TokenRevoked,
        "Your session is no longer valid. Please log in again.",
    )
}

#[cfg(test)]
mod tests {
    use crate::error::{Error, ErrorCode};
    use crate::ids::UserId;
    use crate::ports::{TokenClaims, TokenError};
    use crate::use_cases::test_support::*;

    fn claims(id: i64, version: i64) -> TokenClaims {
        TokenClaims {
            user_id: UserId(id),
            token_version: version,
        }
    }

    #[tokio::test]
    async fn a_current_token_yields_its_user() {
        let mut ports = Ports::new();
        ports.tokens.expect_verify().returning(|_| Ok(claims(5, 2)));
        ports.users.expect_find_user().returning(|id| {
            let mut u = user(id.0, "sisu", "pw");
            u.token_version = 2;
            Ok(Some(u))
        });
        let user = ports.accounts().authenticate("tok").await.unwrap();
        assert_eq!(user.id, UserId(5));
    }

    #[tokio::test]
    async fn bad_and_expired_tokens_have_their_own_codes() {
        for (err, code) in [
            (TokenError::Invalid, "invalid_token"),
            (TokenError::Expired, "token_expired"),
        ] {
            let mut ports = Ports::new();
            ports.tokens.expect_verify().returning(move |_| Err(err));
            let got = ports.accounts().authenticate("tok").await.unwrap_err();
            assert!(
                matches!(got, Error::Unauthenticated { code: c, .. } if c.as_str() == code),
                "{got:?}"
            );
        }
    }

    #[tokio::test]
    async fn tokens_of_deleted_users_or_old_versions_are_revoked() {
        let mut ports = Ports::new();
        ports.tokens.expect_verify().returning(|_| Ok(claims(5, 0)));
        ports.users.expect_find_user().returning(|_| Ok(None));
        let err = ports.accounts().authenticate("tok").await.unwrap_err();
        assert!(
            matches!(
                err,
                Error::Unauthenticated {
                    code: ErrorCode::TokenRevoked,
                    ..
                }
            ),
            "{err:?}"
        );

        let mut ports = Ports::new();
        ports.tokens.expect_verify().returning(|_| Ok(claims(5, 0)));
        ports.users.expect_find_user().returning(|id| {
            let mut u = user(id.0, "ville", "pw");
            u.token_version = 1;
            Ok(Some(u))
        });
        let err = ports.accounts().authenticate("tok").await.unwrap_err();
        assert!(
            matches!(
                err,
                Error::Unauthenticated {
                    code: ErrorCode::TokenRevoked,
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn tokens_of_banned_users_are_unauthenticated_with_their_own_code() {
        let mut ports = Ports::new();
        ports.tokens.expect_verify().returning(|_| Ok(claims(5, 0)));
        ports.users.expect_find_user().returning(|id| {
            let mut u = user(id.0, "kiusaaja", "pw");
            u.banned = true;
            u.token_version = 1;
            Ok(Some(u))
        });
        let err = ports.accounts().authenticate("tok").await.unwrap_err();
        match err {
            Error::Unauthenticated { code, message } => {
                assert_eq!(code, ErrorCode::AccountBanned);
                assert_eq!(message, "This account has been banned.");
            }
            other => panic!("expected 401 account_banned, got {other:?}"),
        }
    }
}
