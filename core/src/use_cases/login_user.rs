//! Logging in (API.md, Users: POST /users/login).

use crate::domain::ban::Ban;
use crate::domain::user::{Email, Password, User};
use crate::error::{Error, ErrorCode};
use crate::use_cases::accounts::{Accounts, Session};

/// The one answer for an unknown email and a wrong password alike.
pub const INVALID_CREDENTIALS: &str = "Invalid email or password.";

impl Accounts {
    /// Checks the credentials and opens a session.
    ///
    /// Never reveals whether an email is registered: unknown emails, malformed emails and
    /// wrong passwords all answer `invalid_credentials`, and an unknown email still spends
    /// one password verification so that the timing tells nothing either.
    ///
    /// # Errors
    /// `Invalid` (field `email` / `password`) when either is blank; `Unauthenticated`
    /// `invalid_credentials`; `Forbidden` `banned` when the password is right but a ban
    /// holds (its message names the end of a timed ban; an ended one no longer counts).
    pub async fn login_user(&self, email: &str, password: &str) -> Result<Session, Error> {
        if email.trim().is_empty() {
            return Err(Error::invalid(
                "email",
                ErrorCode::InvalidEmail,
                "Email is required.",
            ));
        }
        if password.is_empty() {
            return Err(Error::invalid(
                "password",
                ErrorCode::InvalidPassword,
                "Password is required.",
            ));
        }
        let found = match Email::parse(email) {
            Ok(email) => self.users.find_user_by_email(&email).await?,
            Err(_) => None,
        };
        let Some(user) = found else {
            self.verify_decoy(password).await?;
            return Err(invalid_credentials());
        };
        if !self.hasher.verify(password, &user.password_hash).await? {
            return Err(invalid_credentials());
        }
        if let Some(ban) = user.ban_at(self.clock.now()) {
            return Err(banned(&ban));
        }
        if self.hasher.is_outdated(&user.password_hash) {
            self.upgrade_hash(&user, password).await;
        }
        let stats = self.users.user_stats(user.id).await?;
        let token = self.issue_token(&user);
        Ok(Session {
            profile: crate::domain::user::UserProfile { user, stats },
            token,
        })
    }
}

impl Accounts {
    /// Stores `password` hashed with today's parameters in place of the user's older hash.
    /// Best effort: the login stands whatever happens here, and a hash that failed to
    /// upgrade is tried again at the next login.
    async fn upgrade_hash(&self, user: &User, password: &str) {
        // A password set under older rules may not parse under today's: it keeps its hash.
        let Ok(password) = Password::parse(password, "password") else {
            return;
        };
        if let Ok(new) = self.hasher.hash(&password).await {
            let _ = self
                .users
                .upgrade_password_hash(user.id, &user.password_hash, &new)
                .await;
        }
    }
}

fn invalid_credentials() -> Error {
    Error::unauthenticated(ErrorCode::InvalidCredentials, INVALID_CREDENTIALS)
}

/// 403 `banned`, naming the end of a timed ban.
pub(crate) fn banned(ban: &Ban) -> Error {
    Error::forbidden(ErrorCode::Banned, ban.message())
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use crate::domain::user::{PasswordHash, UserStats};
    use crate::error::{Error, ErrorCode};
    use crate::use_cases::test_support::*;

    /// Liisa's account (password "correct horse"), whatever the email asked, checked by a
    /// hasher that compares `hash_of` the password.
    fn liisa_with_her_password() -> Ports {
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user_by_email()
            .returning(|_| Ok(Some(user(3, "liisa", "correct horse"))));
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        ports
    }

    #[tokio::test]
    async fn the_right_password_opens_a_session_with_stats() {
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user_by_email()
            .withf(|email| email.as_str() == "liisa@example.fi")
            .returning(|_| Ok(Some(user(3, "liisa", "correct horse"))));
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        ports.hasher.expect_is_outdated().return_const(false);
        ports.users.expect_user_stats().returning(|_| {
            Ok(UserStats {
                review_count: 2,
                rating_sum: 7,
                total_likes: 4,
                total_dislikes: 1,
            })
        });
        ports.tokens.expect_issue().returning(|_| "t".into());
        let session = ports
            .accounts()
            .login_user("LIISA@example.fi", "correct horse")
            .await
            .unwrap();
        assert_eq!(session.profile.user.id.0, 3);
        assert_eq!(session.profile.stats.average_rating(), Some(3.5));
        assert_eq!(session.token, "t");
    }

    #[tokio::test]
    async fn a_hash_made_with_older_parameters_is_replaced_at_login() {
        let mut ports = liisa_with_her_password();
        ports
            .hasher
            .expect_is_outdated()
            .withf(|hash| *hash == hash_of("correct horse"))
            .return_const(true);
        ports
            .hasher
            .expect_hash()
            .times(1)
            .returning(|pw| Ok(PasswordHash(format!("new${}", pw.expose()))));
        ports
            .users
            .expect_upgrade_password_hash()
            .withf(|id, old, new| {
                id.0 == 3 && *old == hash_of("correct horse") && new.0 == "new$correct horse"
            })
            .times(1)
            // Replaced meanwhile (a password change): the login stands all the same.
            .returning(|_, _, _| Ok(false));
        ports
            .users
            .expect_user_stats()
            .returning(|_| Ok(UserStats::default()));
        ports.tokens.expect_issue().returning(|_| "t".into());
        let session = ports
            .accounts()
            .login_user("liisa@example.fi", "correct horse")
            .await
            .unwrap();
        assert_eq!(session.profile.user.id.0, 3);
    }

    #[tokio::test]
    async fn wrong_password_and_unknown_email_answer_the_same() {
        let ports = liisa_with_her_password();
        let wrong = ports
            .accounts()
            .login_user("liisa@example.fi", "wrong one")
            .await
            .unwrap_err();

        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user_by_email()
            .returning(|_| Ok(None));
        ports
            .hasher
            .expect_hash()
            .times(1)
            .returning(|pw| Ok(hash_of(pw.expose())));
        // The decoy verification runs for every unknown email (the decoy hash is made once).
        ports
            .hasher
            .expect_verify()
            .times(2)
            .returning(|_, _| Ok(false));
        let accounts = ports.accounts();
        let unknown = accounts
            .login_user("nobody@example.fi", "correct horse")
            .await
            .unwrap_err();
        let again = accounts
            .login_user("nobody@example.fi", "correct horse")
            .await
            .unwrap_err();

        for err in [&wrong, &unknown, &again] {
            assert!(
                matches!(
                    err,
                    Error::Unauthenticated {
                        code: ErrorCode::InvalidCredentials,
                        ..
                    }
                ),
                "{err:?}"
            );
            assert_eq!(err.to_string(), "Invalid email or password.");
        }
    }

    #[tokio::test]
    async fn a_malformed_email_is_just_invalid_credentials() {
        let mut ports = Ports::new();
        ports
            .hasher
            .expect_hash()
            .returning(|pw| Ok(hash_of(pw.expose())));
        ports
            .hasher
            .expect_verify()
            .times(1)
            .returning(|_, _| Ok(false));
        let err = ports
            .accounts()
            .login_user("no-at-sign", "whatever1")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_credentials");
    }

    #[tokio::test]
    async fn blank_fields_are_named() {
        let accounts = Ports::new().accounts();
        let err = accounts.login_user("  ", "x").await.unwrap_err();
        assert!(
            matches!(err, Error::Invalid { ref field, .. } if field == "email"),
            "{err:?}"
        );
        let err = accounts.login_user("a@b.fi", "").await.unwrap_err();
        assert!(
            matches!(err, Error::Invalid { ref field, .. } if field == "password"),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn a_banned_account_is_refused_after_the_password_check() {
        let mut ports = Ports::new();
        ports.users.expect_find_user_by_email().returning(|_| {
            let mut banned = user(3, "kiusaaja", "correct horse");
            banned.banned = true;
            Ok(Some(banned))
        });
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        let accounts = ports.accounts();
        let err = accounts
            .login_user("k@example.fi", "correct horse")
            .await
            .unwrap_err();
        assert_forbidden(&err, "banned");
        assert_eq!(err.to_string(), "This account has been banned.");
        // With a wrong password the ban is not revealed.
        let err = accounts
            .login_user("k@example.fi", "wrong guess")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_credentials");
    }

    #[tokio::test]
    async fn a_timed_ban_names_its_end_and_lets_the_user_in_once_over() {
        for (end, open) in [(now() + Duration::hours(1), false), (now(), true)] {
            let mut ports = Ports::new();
            ports.users.expect_find_user_by_email().returning(move |_| {
                let mut banned = user(3, "kiusaaja", "correct horse");
                banned.banned = true;
                banned.banned_until = Some(end);
                Ok(Some(banned))
            });
            ports
                .hasher
                .expect_verify()
                .returning(|pw, hash| Ok(hash_of(pw) == *hash));
            ports.hasher.expect_is_outdated().return_const(false);
            ports
                .users
                .expect_user_stats()
                .returning(|_| Ok(UserStats::default()));
            ports.tokens.expect_issue().returning(|_| "t".into());
            let got = ports
                .accounts()
                .login_user("k@example.fi", "correct horse")
                .await;
            match got {
                Ok(session) => assert!(open, "{:?}", session.profile.user),
                Err(err) => {
                    assert!(!open, "{err:?}");
                    assert_forbidden(&err, "banned");
                    assert_eq!(
                        err.to_string(),
                        "This account has been banned until 2026-11-20T13:00:00Z."
                    );
                }
            }
        }
    }
}
