//! Changing one's own profile (API.md, Users: PUT /users/profile).

use crate::domain::language::Language;
use crate::domain::user::{Bio, Email, Password, User, UserChanges, UserProfile, Username};
use crate::error::{Conflict, Error, ErrorCode, StoreError};
use crate::use_cases::accounts::{user_not_found, Accounts};

/// What the user asked to change. `None` (or a blank username, email or new password)
/// leaves a field as it is; an empty bio clears the bio. The language alone is a
/// preference, not an account change: it needs no password.
#[derive(Debug, Clone, Default)]
pub struct UpdateProfile {
    /// The confirmation every change needs.
    pub current_password: Option<String>,
    pub username: Option<String>,
    pub email: Option<String>,
    pub new_password: Option<String>,
    pub bio: Option<String>,
    /// `fi` or `en` (also `fi-FI`, `en-US`).
    pub language: Option<String>,
}

/// The profile after the change, and a new token when the password changed (the old
/// ones stop working, and the client swaps in this one to stay logged in).
#[derive(Debug, Clone)]
pub struct ProfileUpdate {
    pub profile: UserProfile,
    pub token: Option<String>,
}

fn given(value: Option<&String>) -> Option<&str> {
    value.map(String::as_str).filter(|v| !v.trim().is_empty())
}

impl Accounts {
    /// Applies a profile change confirmed with the current password.
    ///
    /// # Errors
    /// `Invalid` `current_password_required` when the confirmation is missing or blank;
    /// `Invalid` (field `username`, `email`, `newPassword` or `user_bio`) for values that
    /// break the rules; `Forbidden` `wrong_password`; `Invalid` `no_changes` when nothing
    /// differs from the stored values; `Conflict` `username_taken` / `email_taken`.
    pub async fn update_profile(
        &self,
        user: &User,
        request: UpdateProfile,
    ) -> Result<ProfileUpdate, Error> {
        let language = Language::parse(request.language.as_deref())?;
        let only_language = request.username.is_none()
            && request.email.is_none()
            && request.new_password.is_none()
            && request.bio.is_none();
        if let (Some(language), true) = (language, only_language) {
            return self.set_language(user, language).await;
        }
        if given(request.current_password.as_ref()).is_none() {
            return Err(crate::use_cases::accounts::current_password_required());
        }
        let username = given(request.username.as_ref())
            .map(Username::parse)
            .transpose()?;
        let email = given(request.email.as_ref())
            .map(Email::parse)
            .transpose()?;
        let new_password = given(request.new_password.as_ref())
            .map(|pw| Password::parse(pw, "newPassword"))
            .transpose()?;
        let bio = request.bio.as_deref().map(Bio::parse).transpose()?;

        self.confirm_password(user, request.current_password.as_deref())
            .await?;

        let mut changes = UserChanges {
            username: username.filter(|name| name.as_str() != user.username),
            email: email.filter(|email| email.as_str() != user.email),
            password_hash: None,
            bio: bio.filter(|bio| bio.as_str() != user.bio),
            language: language.filter(|language| Some(*language) != user.language),
        };
        // The current password was just confirmed, so "new = current" is no change.
        let new_password =
            new_password.filter(|pw| Some(pw.expose()) != request.current_password.as_deref());
        if changes.is_empty() && new_password.is_none() {
            return Err(Error::invalid(
                "",
                ErrorCode::NoChanges,
                "No changes to update.",
            ));
        }
        if let Some(password) = &new_password {
            changes.password_hash = Some(self.hasher.hash(password).await?);
        }

        let updated = self
            .users
            .update_user(user.id, &changes, self.clock.now())
            .await
            .map_err(|err| match err {
                StoreError::Conflict(Conflict::Email) => Error::conflict(
                    ErrorCode::EmailTaken,
                    "An account with this email already exists.",
                ),
                StoreError::Conflict(_) => {
                    Error::conflict(ErrorCode::UsernameTaken, "This username is already taken.")
                }
                StoreError::NotFound => user_not_found(),
                other => other.into(),
            })?;
        let token = new_password.is_some().then(|| self.issue_token(&updated));
        self.profile_update(updated, token).await
    }

    /// Remembers the user's language; choosing the one already stored is no error (the
    /// webapp sends it on every switch).
    async fn set_language(&self, user: &User, language: Language) -> Result<ProfileUpdate, Error> {
        let updated = if user.language == Some(language) {
            user.clone()
        } else {
            let changes = UserChanges {
                language: Some(language),
                ..UserChanges::default()
            };
            self.users
                .update_user(user.id, &changes, self.clock.now())
                .await
                .map_err(|err| match err {
                    StoreError::NotFound => user_not_found(),
                    other => other.into(),
                })?
        };
        self.profile_update(updated, None).await
    }

    async fn profile_update(
        &self,
        user: User,
        token: Option<String>,
    ) -> Result<ProfileUpdate, Error> {
        let stats = self.users.user_stats(user.id).await?;
        Ok(ProfileUpdate {
            profile: UserProfile { user, stats },
            token,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::UpdateProfile;
    use crate::domain::user::UserStats;
    use crate::error::{Conflict, Error, ErrorCode, StoreError};
    use crate::use_cases::test_support::*;

    const PW: &str = "correct horse";

    fn request(current: Option<&str>) -> UpdateProfile {
        UpdateProfile {
            current_password: current.map(str::to_owned),
            ..UpdateProfile::default()
        }
    }

    fn verifying(ports: &mut Ports) {
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
    }

    #[tokio::test]
    async fn the_current_password_is_required() {
        for current in [None, Some(""), Some("   ")] {
            let ports = Ports::new();
            let me = user(1, "maija", PW);
            let mut req = request(current);
            req.bio = Some("Hi".into());
            let err = ports.accounts().update_profile(&me, req).await.unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::Invalid {
                        code: ErrorCode::CurrentPasswordRequired,
                        ..
                    }
                ),
                "{err:?}"
            );
            assert_eq!(err.to_string(), "Current password is required.");
        }
    }

    #[tokio::test]
    async fn a_wrong_current_password_is_403() {
        let mut ports = Ports::new();
        verifying(&mut ports);
        let mut req = request(Some("not it"));
        req.bio = Some("Hi".into());
        let err = ports
            .accounts()
            .update_profile(&user(1, "maija", PW), req)
            .await
            .unwrap_err();
        assert_forbidden(&err, "wrong_password");
    }

    #[tokio::test]
    async fn nothing_or_only_equal_values_is_no_changes() {
        let mut me = user(1, "maija", PW);
        me.bio = "Hello".into();
        let equal = UpdateProfile {
            current_password: Some(PW.into()),
            username: Some("maija".into()),
            email: Some("MAIJA@example.fi".into()),
            new_password: Some(PW.into()),
            bio: Some(" Hello ".into()),
            language: None,
        };
        for req in [request(Some(PW)), equal] {
            let mut ports = Ports::new();
            verifying(&mut ports);
            let err = ports.accounts().update_profile(&me, req).await.unwrap_err();
            assert!(
                matches!(
                    err,
                    Error::Invalid {
                        code: ErrorCode::NoChanges,
                        ..
                    }
                ),
                "{err:?}"
            );
            assert_eq!(err.to_string(), "No changes to update.");
        }
    }

    #[tokio::test]
    async fn invalid_values_name_their_field() {
        let cases = [
            (Some("x"), None, None, "username"),
            (None, Some("nope"), None, "email"),
            (None, None, Some("short"), "newPassword"),
        ];
        for (username, email, new_password, field) in cases {
            let ports = Ports::new();
            let req = UpdateProfile {
                current_password: Some(PW.into()),
                username: username.map(Into::into),
                email: email.map(Into::into),
                new_password: new_password.map(Into::into),
                bio: None,
                language: None,
            };
            let err = ports
                .accounts()
                .update_profile(&user(1, "maija", PW), req)
                .await
                .unwrap_err();
            assert!(
                matches!(err, Error::Invalid { field: ref f, .. } if f == field),
                "{err:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_bio_change_keeps_the_session() {
        let mut ports = Ports::new();
        verifying(&mut ports);
        ports
            .users
            .expect_update_user()
            // Stamped by the use case's clock, not the store's.
            .withf(|_, changes, at| {
                changes.bio.as_ref().map(|b| b.as_str()) == Some("I love Kaurismäki.")
                    && changes.username.is_none()
                    && changes.password_hash.is_none()
                    && *at == now()
            })
            .returning(|id, changes, _| {
                let mut u = user(id.0, "maija", PW);
                u.bio = changes
                    .bio
                    .as_ref()
                    .map(|b| b.as_str().to_owned())
                    .unwrap_or_default();
                Ok(u)
            });
        ports
            .users
            .expect_user_stats()
            .returning(|_| Ok(UserStats::default()));
        let mut req = request(Some(PW));
        req.bio = Some("I love Kaurismäki.".into());
        req.username = Some(String::new()); // blank: left as it is
        let update = ports
            .accounts()
            .update_profile(&user(1, "maija", PW), req)
            .await
            .unwrap();
        assert_eq!(update.profile.user.bio, "I love Kaurismäki.");
        assert!(update.token.is_none());
    }

    #[tokio::test]
    async fn a_password_change_returns_a_token_for_the_new_version() {
        let mut ports = Ports::new();
        verifying(&mut ports);
        ports
            .hasher
            .expect_hash()
            .returning(|pw| Ok(hash_of(pw.expose())));
        ports
            .users
            .expect_update_user()
            .withf(|_, changes, _| changes.password_hash == Some(hash_of("an even better one")))
            .returning(|id, _, _| {
                let mut u = user(id.0, "ville", "an even better one");
                u.token_version = 1;
                Ok(u)
            });
        ports
            .users
            .expect_user_stats()
            .returning(|_| Ok(UserStats::default()));
        ports
            .tokens
            .expect_issue()
            .returning(|claims| format!("v{}", claims.token_version));
        let mut req = request(Some(PW));
        req.new_password = Some("an even better one".into());
        let update = ports
            .accounts()
            .update_profile(&user(1, "ville", PW), req)
            .await
            .unwrap();
        assert_eq!(update.token.as_deref(), Some("v1"));
    }

    #[tokio::test]
    async fn taken_names_and_emails_are_conflicts() {
        for (conflict, code) in [
            (Conflict::Username, "username_taken"),
            (Conflict::Email, "email_taken"),
        ] {
            let mut ports = Ports::new();
            verifying(&mut ports);
            ports
                .users
                .expect_update_user()
                .returning(move |_, _, _| Err(StoreError::Conflict(conflict)));
            let mut req = request(Some(PW));
            req.username = Some("other".into());
            let err = ports
                .accounts()
                .update_profile(&user(1, "maija", PW), req)
                .await
                .unwrap_err();
            assert!(
                matches!(err, Error::Conflict { code: c, .. } if c.as_str() == code),
                "{err:?}"
            );
        }
    }

    #[tokio::test]
    async fn the_language_alone_needs_no_password_and_is_remembered() {
        use crate::domain::language::Language;
        let mut ports = Ports::new();
        ports
            .users
            .expect_update_user()
            .times(1)
            .withf(|_, changes, _| {
                changes.language == Some(Language::Finnish)
                    && changes.bio.is_none()
                    && changes.password_hash.is_none()
            })
            .returning(|id, changes, _| {
                let mut u = user(id.0, "maija", PW);
                u.language = changes.language;
                Ok(u)
            });
        ports
            .users
            .expect_user_stats()
            .returning(|_| Ok(UserStats::default()));
        let mut req = request(None);
        req.language = Some("fi".into());
        let update = ports
            .accounts()
            .update_profile(&user(1, "maija", PW), req)
            .await
            .expect("language saved");
        assert_eq!(update.profile.user.language, Some(Language::Finnish));
        assert!(update.token.is_none());
    }

    #[tokio::test]
    async fn the_same_language_again_writes_nothing_and_is_no_error() {
        use crate::domain::language::Language;
        let mut ports = Ports::new();
        ports.users.expect_update_user().never();
        ports
            .users
            .expect_user_stats()
            .returning(|_| Ok(UserStats::default()));
        let mut me = user(1, "maija", PW);
        me.language = Some(Language::English);
        let mut req = request(None);
        req.language = Some("en-US".into());
        let update = ports.accounts().update_profile(&me, req).await.unwrap();
        assert_eq!(update.profile.user.language, Some(Language::English));
    }

    #[tokio::test]
    async fn an_unknown_language_or_other_changes_without_a_password_are_refused() {
        let me = user(1, "maija", PW);
        let mut req = request(None);
        req.language = Some("sv".into());
        let err = Ports::new()
            .accounts()
            .update_profile(&me, req)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_language");

        let ports = Ports::new();
        let mut req = request(None);
        req.language = Some("fi".into());
        req.bio = Some("Hei".into());
        let err = ports.accounts().update_profile(&me, req).await.unwrap_err();
        assert_eq!(err.code(), "current_password_required");
    }
}
