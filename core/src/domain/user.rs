//! Accounts: the validated inputs (username, email, password, bio) and the stored user.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::aura::{aura, AuraLabel};
use crate::domain::ban::{Ban, SiteRole};
use crate::domain::language::Language;
use crate::domain::text::reject_control_chars;
use crate::error::{Error, ErrorCode};
use crate::ids::UserId;

pub const USERNAME_MIN: usize = 3;
pub const USERNAME_MAX: usize = 30;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;
pub const EMAIL_MAX: usize = 254;
pub const BIO_MAX: usize = 500;

/// 3–30 characters of letters, digits, `_`, `.` and `-`. Case is kept for display;
/// uniqueness is case-insensitive (enforced by the stores).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(Error::invalid(
                "username",
                ErrorCode::InvalidUsername,
                "Username is required.",
            ));
        }
        let len = value.chars().count();
        if !(USERNAME_MIN..=USERNAME_MAX).contains(&len) {
            return Err(Error::invalid(
                "username",
                ErrorCode::InvalidUsername,
                format!("Username must be {USERNAME_MIN} to {USERNAME_MAX} characters long."),
            ));
        }
        if !value
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
        {
            return Err(Error::invalid(
                "username",
                ErrorCode::InvalidUsername,
                "Username may contain only letters, digits, '_', '.' and '-'.",
            ));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A syntactically valid address, stored lower-case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim().to_lowercase();
        if value.is_empty() {
            return Err(Error::invalid(
                "email",
                ErrorCode::InvalidEmail,
                "Email is required.",
            ));
        }
        let bad = || {
            Error::invalid(
                "email",
                ErrorCode::InvalidEmail,
                "Email address is not valid.",
            )
        };
        if value.len() > EMAIL_MAX || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(bad());
        }
        let (local, domain) = value.split_once('@').ok_or_else(bad)?;
        let domain_ok = !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && domain
                .split('.')
                .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'));
        if local.is_empty() || local.len() > 64 || !domain_ok {
            return Err(bad());
        }
        Ok(Self(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A plain-text password that satisfies the policy (8..=128 characters). It is never
/// stored or logged; `Debug` redacts it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    pub fn parse(raw: &str, field: &'static str) -> Result<Self, Error> {
        let len = raw.chars().count();
        if len == 0 {
            return Err(Error::invalid(
                field,
                ErrorCode::InvalidPassword,
                "Password is required.",
            ));
        }
        if raw.chars().all(char::is_whitespace) {
            return Err(Error::invalid(
                field,
                ErrorCode::InvalidPassword,
                "Password cannot be only spaces.",
            ));
        }
        if len < PASSWORD_MIN {
            return Err(Error::invalid(
                field,
                ErrorCode::InvalidPassword,
                format!("Password must be at least {PASSWORD_MIN} characters long."),
            ));
        }
        if len > PASSWORD_MAX {
            return Err(Error::invalid(
                field,
                ErrorCode::InvalidPassword,
                format!("Password must be at most {PASSWORD_MAX} characters long."),
            ));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(<redacted>)")
    }
}

/// The free-text bio of a profile, trimmed, at most [`BIO_MAX`] characters (may be empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Bio(String);

impl Bio {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim();
        if value.chars().count() > BIO_MAX {
            return Err(Error::invalid(
                "user_bio",
                ErrorCode::InvalidBio,
                format!("Bio must be at most {BIO_MAX} characters long."),
            ));
        }
        reject_control_chars(value, "user_bio", "Bio")?;
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An argon2 PHC string. Opaque to the core.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(pub String);

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(<redacted>)")
    }
}

/// A user about to be stored.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub username: Username,
    pub email: Email,
    pub password_hash: PasswordHash,
    pub created_at: DateTime<Utc>,
}

/// A user as stored.
#[derive(Debug, Clone)]
pub struct User {
    pub id: UserId,
    pub username: String,
    pub email: String,
    pub password_hash: PasswordHash,
    pub bio: String,
    pub created_at: DateTime<Utc>,
    /// Bumped whenever old tokens must stop working (password change, ban).
    pub token_version: i64,
    pub banned: bool,
    /// The end of a timed ban (`None` while `banned`: for good).
    pub banned_until: Option<DateTime<Utc>>,
    /// Site administrators may delete any review.
    pub is_admin: bool,
    /// The language the user reads the product in, once chosen (the webapp follows it
    /// after logging in on any browser); `None` until the user picks one.
    pub language: Option<Language>,
}

impl User {
    /// The ban in force at `now`, if any (a timed ban past its end no longer is).
    pub fn ban_at(&self, now: DateTime<Utc>) -> Option<Ban> {
        let ban = Ban {
            until: self.banned_until,
        };
        (self.banned && ban.holds_at(now)).then_some(ban)
    }

    pub fn is_banned_at(&self, now: DateTime<Utc>) -> bool {
        self.ban_at(now).is_some()
    }

    pub fn role(&self) -> SiteRole {
        SiteRole::of(self.is_admin)
    }
}

/// Changes to a profile, already validated. `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct UserChanges {
    pub username: Option<Username>,
    pub email: Option<Email>,
    pub password_hash: Option<PasswordHash>,
    pub bio: Option<Bio>,
    pub language: Option<Language>,
}

impl UserChanges {
    pub fn is_empty(&self) -> bool {
        self.username.is_none()
            && self.email.is_none()
            && self.password_hash.is_none()
            && self.bio.is_none()
            && self.language.is_none()
    }
}

/// What a user's reviews add up to; always computed from (or kept in step with) the rows.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct UserStats {
    pub review_count: i64,
    /// Sum of ratings; the average is derived so that rounding happens in one place.
    pub rating_sum: i64,
    pub total_likes: i64,
    pub total_dislikes: i64,
}

impl UserStats {
    /// The average rating to one decimal, or `None` without reviews.
    pub fn average_rating(&self) -> Option<f64> {
        crate::domain::rating::average_one_decimal(self.rating_sum, self.review_count)
    }

    pub fn aura(&self) -> i64 {
        aura(self.total_likes, self.total_dislikes)
    }

    pub fn aura_label(&self) -> AuraLabel {
        AuraLabel::of(self.aura())
    }
}

/// A user with their statistics, as profiles show them.
#[derive(Debug, Clone)]
pub struct UserProfile {
    pub user: User,
    pub stats: UserStats,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames() {
        let cases = [
            ("bob", true),
            ("  alice_99  ", true),
            ("a.b-c", true),
            ("Äijä", true),
            ("ab", false),
            ("", false),
            ("has space", false),
            ("semi;colon", false),
            (&"x".repeat(30), true),
            (&"x".repeat(31), false),
        ];
        for (input, ok) in cases {
            assert_eq!(Username::parse(input).is_ok(), ok, "{input:?}");
        }
        assert_eq!(
            Username::parse("  alice  ").map(|u| u.0).ok(),
            Some("alice".into())
        );
    }

    #[test]
    fn emails() {
        let cases = [
            ("a@b.fi", true),
            ("  Mixed.Case@Example.COM ", true),
            ("no-at.example.com", false),
            ("two@@example.com", false),
            ("@example.com", false),
            ("a@localhost", false),
            ("a@.com", false),
            ("a@b..com", false),
            ("a b@c.com", false),
            ("", false),
        ];
        for (input, ok) in cases {
            assert_eq!(Email::parse(input).is_ok(), ok, "{input:?}");
        }
        assert_eq!(
            Email::parse("X@Y.FI").map(|e| e.0).ok(),
            Some("x@y.fi".into())
        );
    }

    #[test]
    fn passwords() {
        let cases = [
            ("", false),
            ("1234567", false),
            ("12345678", true),
            (&"p".repeat(128), true),
            (&"p".repeat(129), false),
            ("ääääääää", true),
            ("        ", false),
            (" \t\n \u{a0}   \u{3000}", false),
            ("   ", false),
            ("  pass  word  ", true),
            ("   x    ", true),
        ];
        for (input, ok) in cases {
            assert_eq!(Password::parse(input, "password").is_ok(), ok, "{input:?}");
        }
        for (input, field) in [("        ", "password"), ("\t \t \t \t ", "newPassword")] {
            match Password::parse(input, field) {
                Err(Error::Invalid {
                    field: got,
                    code,
                    message,
                }) => {
                    assert_eq!(got, field);
                    assert_eq!(code, ErrorCode::InvalidPassword);
                    assert_eq!(message, "Password cannot be only spaces.");
                }
                other => panic!("{input:?}: {other:?}"),
            }
        }
        let p = Password::parse("secret-pass", "password").unwrap();
        assert!(!format!("{p:?}").contains("secret"));
    }

    #[test]
    fn bios() {
        assert_eq!(Bio::parse("  hi  ").unwrap().as_str(), "hi");
        assert!(Bio::parse(&"b".repeat(BIO_MAX)).is_ok());
        assert!(Bio::parse(&"b".repeat(BIO_MAX + 1)).is_err());
        assert_eq!(Bio::parse("line\none").unwrap().as_str(), "line\none");
        assert!(matches!(
            Bio::parse("a\u{0}b"),
            Err(Error::Invalid { field, code: ErrorCode::ValidationError, .. }) if field == "user_bio"
        ));
    }
}
