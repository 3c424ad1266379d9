//! Finding the user a command names: by id, username or email.

use leffaseura_core::domain::user::{Email, User};
use leffaseura_core::ids::UserId;
use leffaseura_core::ports::UserStore;

use crate::error::CliError;

/// How an argument is looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserRef {
    /// All digits: an id first, then (since usernames may be digits) a username.
    IdOrUsername(i64, String),
    /// Contains `@`.
    Email(Email),
    Username(String),
}

impl UserRef {
    /// # Errors
    /// `Usage` for an empty argument or an address that cannot be an email.
    pub fn parse(raw: &str) -> Result<Self, CliError> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(CliError::Usage("Give a user id, username or email.".into()));
        }
        if value.contains('@') {
            return Email::parse(value)
                .map(Self::Email)
                .map_err(|_| CliError::Usage(format!("'{value}' is not a valid email address.")));
        }
        match value.parse::<i64>() {
            Ok(id) if value.chars().all(|c| c.is_ascii_digit()) => {
                Ok(Self::IdOrUsername(id, value.to_owned()))
            }
            _ => Ok(Self::Username(value.to_owned())),
        }
    }
}

/// Resolves `raw` to a stored user.
///
/// # Errors
/// `Usage` for an unusable argument, `NotFound` when nobody matches, `Other` when the
/// store fails.
pub async fn find_user(store: &dyn UserStore, raw: &str) -> Result<User, CliError> {
    let found = match UserRef::parse(raw)? {
        UserRef::IdOrUsername(id, name) => match store.find_user(UserId(id)).await? {
            Some(user) => Some(user),
            None => store.find_user_by_username(&name).await?,
        },
        UserRef::Email(email) => store.find_user_by_email(&email).await?,
        UserRef::Username(name) => store.find_user_by_username(&name).await?,
    };
    found.ok_or_else(|| not_found(raw))
}

pub(crate) fn not_found(raw: &str) -> CliError {
    let raw = raw.trim();
    let how = match UserRef::parse(raw) {
        Ok(UserRef::IdOrUsername(..)) => "id or username",
        Ok(UserRef::Email(_)) => "email",
        _ => "username",
    };
    CliError::NotFound(format!("No user with {how} '{raw}'."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_read_as_id_email_or_username() {
        assert_eq!(
            UserRef::parse("42").ok(),
            Some(UserRef::IdOrUsername(42, "42".into()))
        );
        assert_eq!(
            UserRef::parse(" bob ").ok(),
            Some(UserRef::Username("bob".into()))
        );
        assert_eq!(
            UserRef::parse("-5").ok(),
            Some(UserRef::Username("-5".into()))
        );
        assert_eq!(
            UserRef::parse("+5").ok(),
            Some(UserRef::Username("+5".into()))
        );
        assert!(
            matches!(UserRef::parse("Bob@Example.FI"), Ok(UserRef::Email(e)) if e.as_str() == "bob@example.fi")
        );
        assert!(matches!(UserRef::parse("a@@b"), Err(CliError::Usage(_))));
        assert!(matches!(UserRef::parse("  "), Err(CliError::Usage(_))));
        // Too large for an id: still a (digit-only) username.
        assert_eq!(
            UserRef::parse("99999999999999999999").ok(),
            Some(UserRef::Username("99999999999999999999".into()))
        );
    }

    #[test]
    fn not_found_says_how_it_looked() {
        assert_eq!(
            not_found("7").to_string(),
            "No user with id or username '7'."
        );
        assert_eq!(
            not_found("x@y.fi").to_string(),
            "No user with email 'x@y.fi'."
        );
        assert_eq!(not_found("bob").to_string(), "No user with username 'bob'.");
        assert_eq!(not_found("bob").exit_code(), 3);
    }
}
