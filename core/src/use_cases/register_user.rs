//! Registering a new account (API.md, Users: POST /users/register).

use crate::domain::user::{Email, NewUser, Password, UserProfile, UserStats, Username};
use crate::error::{Error, ErrorCode, StoreError};
use crate::use_cases::accounts::{Accounts, Session};

/// The message PRODUCT-SPEC §8 shows for a taken username or email.
pub const USER_EXISTS: &str = "An account with this email or username already exists.";

impl Accounts {
    /// Creates an account and logs it in.
    ///
    /// # Errors
    /// `Invalid` (field `username`, `email` or `password`) for input that breaks the rules;
    /// `Conflict` `user_exists` when the username or email is taken in any letter case.
    pub async fn register_user(
        &self,
        username: &str,
        email: &str,
        password: &str,
    ) -> Result<Session, Error> {
        let username = Username::parse(username)?;
        let email = Email::parse(email)?;
        let password = Password::parse(password, "password")?;
        let password_hash = self.hasher.hash(&password).await?;
        let new_user = NewUser {
            username,
            email,
            password_hash,
            created_at: self.clock.now(),
        };
        let user = self
            .users
            .create_user(&new_user)
            .await
            .map_err(|err| match err {
                StoreError::Conflict(_) => Error::conflict(ErrorCode::UserExists, USER_EXISTS),
                other => other.into(),
            })?;
        let token = self.issue_token(&user);
        Ok(Session {
            profile: UserProfile {
                user,
                stats: UserStats::default(),
            },
            token,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::error::{Conflict, Error, StoreError};
    use crate::use_cases::test_support::*;

    #[tokio::test]
    async fn registering_stores_a_hashed_lower_case_account_and_returns_a_token() {
        let mut ports = Ports::new();
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok(hash_of("correct horse")));
        ports.users.expect_create_user().returning(|new| {
            assert_eq!(new.username.as_str(), "Aino");
            assert_eq!(new.email.as_str(), "aino@example.fi");
            assert_eq!(new.password_hash, hash_of("correct horse"));
            assert_eq!(new.created_at, now());
            Ok(user(7, "Aino", "correct horse"))
        });
        ports
            .tokens
            .expect_issue()
            .returning(|claims| format!("token-{}-{}", claims.user_id, claims.token_version));
        let session = ports
            .accounts()
            .register_user(" Aino ", "Aino@Example.FI", "correct horse")
            .await
            .unwrap();
        assert_eq!(session.token, "token-7-0");
        assert_eq!(session.profile.user.username, "Aino");
        assert_eq!(session.profile.stats.review_count, 0);
    }

    #[tokio::test]
    async fn invalid_input_names_the_field_and_touches_nothing() {
        let cases = [
            ("x", "ok@example.fi", "correct horse", "username"),
            ("bad name!", "ok@example.fi", "correct horse", "username"),
            ("ok_name", "not-an-email", "correct horse", "email"),
            ("ok_name", "ok@example.fi", "short", "password"),
        ];
        for (username, email, password, expected) in cases {
            let ports = Ports::new();
            let err = ports
                .accounts()
                .register_user(username, email, password)
                .await
                .unwrap_err();
            match err {
                Error::Invalid { field, .. } => assert_eq!(field, expected),
                other => panic!("{username}/{email}: {other:?}"),
            }
        }
    }

    #[tokio::test]
    async fn a_taken_username_or_email_is_user_exists() {
        for conflict in [Conflict::Username, Conflict::Email] {
            let mut ports = Ports::new();
            ports
                .hasher
                .expect_hash()
                .returning(|_| Ok(hash_of("correct horse")));
            ports
                .users
                .expect_create_user()
                .returning(move |_| Err(StoreError::Conflict(conflict)));
            let err = ports
                .accounts()
                .register_user("kalle", "kalle@example.fi", "correct horse")
                .await
                .unwrap_err();
            assert_conflict(
                &err,
                "user_exists",
                "An account with this email or username already exists.",
            );
        }
    }
}
