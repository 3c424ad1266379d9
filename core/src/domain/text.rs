//! Free text users type: review content, group names and descriptions. Each is trimmed
//! first (PRODUCT-SPEC §5 trims names and descriptions; a review of only spaces is empty)
//! and limited in characters, not bytes, so "ä" counts once.

use serde::Serialize;

use crate::error::{Error, ErrorCode};

/// The longest review, in characters (API.md "Reviews" rules).
pub const REVIEW_CONTENT_MAX: usize = 5000;
/// The longest group name, in characters (API.md "Groups" rules).
pub const GROUP_NAME_MAX: usize = 60;
/// The longest group description, in characters (API.md "Groups" rules).
pub const DESCRIPTION_MAX: usize = 2000;

/// Refuses control characters in text a user writes, except line breaks (`\n`, and the
/// `\r` of a Windows `\r\n`) and tabs: a NUL is refused by Postgres (a 500) while SQLite
/// would keep it, and the others are invisible in the page. 400 `validation_error`
/// naming `field`; `label` starts the message ("Review content").
pub fn reject_control_chars(value: &str, field: &'static str, label: &str) -> Result<(), Error> {
    if value
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(Error::invalid(
            field,
            ErrorCode::ValidationError,
            format!("{label} must not contain control characters."),
        ));
    }
    Ok(())
}

/// The text of a review: 1..=5000 characters after trimming.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct ReviewContent(String);

impl ReviewContent {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(Error::invalid(
                "content",
                ErrorCode::InvalidContent,
                "Review content is required.",
            ));
        }
        if value.chars().count() > REVIEW_CONTENT_MAX {
            return Err(Error::invalid(
                "content",
                ErrorCode::InvalidContent,
                format!("Review content must be at most {REVIEW_CONTENT_MAX} characters long."),
            ));
        }
        reject_control_chars(value, "content", "Review content")?;
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A group's name: 1..=60 characters after trimming, on one line. Display keeps the
/// case as typed; uniqueness is case-insensitive, see [`GroupName::unique_key`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct GroupName(String);

impl GroupName {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim();
        if value.is_empty() {
            return Err(Error::invalid(
                "name",
                ErrorCode::InvalidGroupName,
                "Group name is required.",
            ));
        }
        if value.chars().count() > GROUP_NAME_MAX {
            return Err(Error::invalid(
                "name",
                ErrorCode::InvalidGroupName,
                format!("Group name must be at most {GROUP_NAME_MAX} characters long."),
            ));
        }
        reject_control_chars(value, "name", "Group name")?;
        // A name is shown on cards and in headings; a line break or a control character
        // there is always a mistake (or an attempt to spoof the layout).
        if value.chars().any(char::is_control) {
            return Err(Error::invalid(
                "name",
                ErrorCode::InvalidGroupName,
                "Group name must be a single line without control characters.",
            ));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }

    /// The name lower-cased, for the case-insensitive uniqueness rule: "Noir Fans" and
    /// "noir fans" are the same group name.
    pub fn unique_key(&self) -> String {
        self.0.to_lowercase()
    }
}

/// A group's description: trimmed, at most 2000 characters, may be empty (the page then
/// shows "No description available."). Line breaks are kept.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(transparent)]
pub struct Description(String);

impl Description {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim();
        if value.chars().count() > DESCRIPTION_MAX {
            return Err(Error::invalid(
                "description",
                ErrorCode::InvalidDescription,
                format!("Description must be at most {DESCRIPTION_MAX} characters long."),
            ));
        }
        reject_control_chars(value, "description", "Description")?;
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the user sees: the kept text, or the field, code and message of the refusal.
    fn outcome<T>(result: Result<T, Error>, text: impl Fn(&T) -> &str) -> Result<String, String> {
        match result {
            Ok(value) => Ok(text(&value).to_owned()),
            Err(Error::Invalid {
                field,
                code,
                message,
            }) => Err(format!("{field}/{code}: {message}")),
            Err(other) => Err(format!("unexpected {other:?}")),
        }
    }

    #[test]
    fn review_content() {
        let long = "ä".repeat(REVIEW_CONTENT_MAX);
        let too_long = "ä".repeat(REVIEW_CONTENT_MAX + 1);
        let padded = format!("  {long}\n");
        let cases: Vec<(&str, Result<&str, &str>)> = vec![
            ("Great film.", Ok("Great film.")),
            ("  spaces around \n", Ok("spaces around")),
            ("x", Ok("x")),
            (&long, Ok(&long)),
            (&padded, Ok(&long)),
            (
                "",
                Err("content/invalid_content: Review content is required."),
            ),
            (
                " \n\t ",
                Err("content/invalid_content: Review content is required."),
            ),
            (
                &too_long,
                Err(
                    "content/invalid_content: Review content must be at most 5000 characters long.",
                ),
            ),
            ("two\nlines\r\nand\ta tab", Ok("two\nlines\r\nand\ta tab")),
            (
                "a\u{0}b",
                Err(
                    "content/validation_error: Review content must not contain control characters.",
                ),
            ),
            (
                "bell\u{7}",
                Err(
                    "content/validation_error: Review content must not contain control characters.",
                ),
            ),
            (
                "c1\u{85}x",
                Err(
                    "content/validation_error: Review content must not contain control characters.",
                ),
            ),
        ];
        for (input, expected) in cases {
            let got = outcome(ReviewContent::parse(input), ReviewContent::as_str);
            let expected = expected.map(str::to_owned).map_err(str::to_owned);
            assert_eq!(
                got,
                expected,
                "{:?}",
                input.chars().take(20).collect::<String>()
            );
        }
    }

    #[test]
    fn group_names() {
        let sixty = "n".repeat(GROUP_NAME_MAX);
        let sixty_one = "n".repeat(GROUP_NAME_MAX + 1);
        let cases: Vec<(&str, Result<&str, &str>)> = vec![
            ("Noir Fans", Ok("Noir Fans")),
            ("  Kauhuleffat  ", Ok("Kauhuleffat")),
            (&sixty, Ok(&sixty)),
            ("", Err("name/invalid_group_name: Group name is required.")),
            ("   ", Err("name/invalid_group_name: Group name is required.")),
            (
                &sixty_one,
                Err("name/invalid_group_name: Group name must be at most 60 characters long."),
            ),
            (
                "two\nlines",
                Err("name/invalid_group_name: Group name must be a single line without control characters."),
            ),
            (
                "a\u{0}b",
                Err("name/validation_error: Group name must not contain control characters."),
            ),
        ];
        for (input, expected) in cases {
            let got = outcome(GroupName::parse(input), GroupName::as_str);
            let expected = expected.map(str::to_owned).map_err(str::to_owned);
            assert_eq!(got, expected, "{input:?}");
        }
    }

    #[test]
    fn group_name_uniqueness_ignores_case() {
        let cases = [("Noir Fans", "noir fans"), ("ÄÄNIELOKUVAT", "äänielokuvat")];
        for (input, key) in cases {
            assert_eq!(GroupName::parse(input).unwrap().unique_key(), key);
        }
    }

    #[test]
    fn descriptions() {
        let max = "d".repeat(DESCRIPTION_MAX);
        let over = "d".repeat(DESCRIPTION_MAX + 1);
        let cases: Vec<(&str, Result<&str, &str>)> = vec![
            ("", Ok("")),
            ("   ", Ok("")),
            ("  We watch noir.\nEvery Friday.  ", Ok("We watch noir.\nEvery Friday.")),
            (&max, Ok(&max)),
            (
                &over,
                Err("description/invalid_description: Description must be at most 2000 characters long."),
            ),
            ("tab\there", Ok("tab\there")),
            (
                "a\u{0}b",
                Err("description/validation_error: Description must not contain control characters."),
            ),
        ];
        for (input, expected) in cases {
            let got = outcome(Description::parse(input), Description::as_str);
            let expected = expected.map(str::to_owned).map_err(str::to_owned);
            assert_eq!(
                got,
                expected,
                "{:?}",
                input.chars().take(20).collect::<String>()
            );
        }
        assert!(Description::parse(" ").unwrap().is_empty());
        assert!(Description::default().is_empty());
    }
}
