//! Groups: the settings with a fixed set of values (visibility, colour theme) here; what a
//! group holds and how it is read in [`model`]; who may do what, as one table, in
//! [`matrix`].

pub mod matrix;
pub mod model;

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode};

/// Who may join without asking. Public groups let anyone join at once; private groups
/// take join requests that the owner or a moderator approves (PRODUCT-SPEC §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    #[default]
    Public,
    Private,
}

impl Visibility {
    pub const ALL: [Self; 2] = [Self::Public, Self::Private];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Public => "public",
            Self::Private => "private",
        }
    }

    /// Accepts exactly `public` or `private` (the API's values; case matters so that
    /// stored values and answers never differ in spelling).
    pub fn parse(raw: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|v| v.as_str() == raw)
            .ok_or_else(|| {
                Error::invalid(
                    "visibility",
                    ErrorCode::InvalidVisibility,
                    "Visibility must be public or private.",
                )
            })
    }
}

/// The colour theme of a group page: 1 blue, 2 green, 3 purple, 4 orange (PRODUCT-SPEC §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ThemeId(i64);

/// Every theme as `(id, name)`, in id order; `GET /groups/themes` lists exactly these.
pub const THEMES: [(i64, &str); 4] = [(1, "blue"), (2, "green"), (3, "purple"), (4, "orange")];

impl ThemeId {
    /// The theme a group gets when none is chosen.
    pub const DEFAULT: Self = Self(1);

    pub fn new(id: i64) -> Result<Self, Error> {
        if THEMES.iter().any(|(known, _)| *known == id) {
            Ok(Self(id))
        } else {
            Err(Error::invalid(
                "theme_id",
                ErrorCode::InvalidTheme,
                "Theme must be one of 1 (blue), 2 (green), 3 (purple) or 4 (orange).",
            ))
        }
    }

    pub fn value(self) -> i64 {
        self.0
    }

    /// The theme's name, used as the page's CSS class.
    pub fn name(self) -> &'static str {
        THEMES
            .iter()
            .find(|(id, _)| *id == self.0)
            .map_or("blue", |(_, name)| *name)
    }

    /// All themes, in id order.
    pub fn all() -> impl Iterator<Item = (Self, &'static str)> {
        THEMES.iter().map(|(id, name)| (Self(*id), *name))
    }
}

impl Default for ThemeId {
    fn default() -> Self {
        Self::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visibility_parses_the_two_api_values() {
        let cases = [
            ("public", Some(Visibility::Public)),
            ("private", Some(Visibility::Private)),
            ("Public", None),
            (" private", None),
            ("", None),
            ("secret", None),
        ];
        for (input, expected) in cases {
            assert_eq!(Visibility::parse(input).ok(), expected, "{input:?}");
        }
        let err = Visibility::parse("hidden").unwrap_err();
        assert_eq!(err.code(), "invalid_visibility");
        assert_eq!(err.to_string(), "Visibility must be public or private.");
        assert!(matches!(err, Error::Invalid { ref field, .. } if field == "visibility"));
        for v in Visibility::ALL {
            assert_eq!(Visibility::parse(v.as_str()).ok(), Some(v));
        }
    }

    #[test]
    fn visibility_deserializes_lowercase() {
        use serde::de::{value::StrDeserializer, IntoDeserializer};
        let de: StrDeserializer<'_, serde::de::value::Error> = "private".into_deserializer();
        assert_eq!(Visibility::deserialize(de).ok(), Some(Visibility::Private));
    }

    #[test]
    fn themes_one_to_four_with_their_names() {
        let cases = [
            (0, None),
            (1, Some("blue")),
            (2, Some("green")),
            (3, Some("purple")),
            (4, Some("orange")),
            (5, None),
            (-1, None),
        ];
        for (id, name) in cases {
            assert_eq!(ThemeId::new(id).ok().map(ThemeId::name), name, "theme {id}");
        }
        let err = ThemeId::new(9).unwrap_err();
        assert_eq!(err.code(), "invalid_theme");
        assert!(matches!(err, Error::Invalid { ref field, .. } if field == "theme_id"));
        assert_eq!(ThemeId::default().value(), 1);
        let all: Vec<_> = ThemeId::all()
            .map(|(id, name)| (id.value(), name))
            .collect();
        assert_eq!(all, THEMES.to_vec());
    }
}
