//! The languages movie data is asked for in: the product's two, Finnish and English.

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode};

/// A language of movie data (titles, overviews, genre names, trailers). The catalog
/// answers in it where it has a translation; the offline demo catalog is English only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// `fi-FI`.
    Finnish,
    /// `en-US`.
    English,
}

impl Language {
    pub const ALL: [Self; 2] = [Self::Finnish, Self::English];

    /// The BCP 47 tag TMDB takes: `fi-FI` or `en-US`.
    pub fn tag(self) -> &'static str {
        match self {
            Self::Finnish => "fi-FI",
            Self::English => "en-US",
        }
    }

    /// The ISO 639-1 code: `fi` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Self::Finnish => "fi",
            Self::English => "en",
        }
    }

    /// The language a `language` parameter names: `fi-FI` or `en-US`, also any region
    /// or none (`fi`, `en`, `en-GB`: what a page's own locale is), in any case. Absent
    /// or blank means no choice (`None`): the catalog's default language.
    ///
    /// # Errors
    /// `Invalid` `invalid_language` (field `language`) for any other language.
    pub fn parse(raw: Option<&str>) -> Result<Option<Self>, Error> {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            return Ok(None);
        };
        let primary = raw.split(['-', '_']).next().unwrap_or(raw);
        Self::ALL
            .into_iter()
            .find(|language| primary.eq_ignore_ascii_case(language.code()))
            .map(Some)
            .ok_or_else(|| {
                Error::invalid(
                    "language",
                    ErrorCode::InvalidLanguage,
                    "Language must be fi-FI or en-US.",
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_parse_from_tags_codes_and_locales() {
        let cases = [
            (None, Ok(None)),
            (Some(""), Ok(None)),
            (Some("  "), Ok(None)),
            (Some("fi-FI"), Ok(Some(Language::Finnish))),
            (Some("fi"), Ok(Some(Language::Finnish))),
            (Some("FI"), Ok(Some(Language::Finnish))),
            (Some(" fi_fi "), Ok(Some(Language::Finnish))),
            (Some("en-US"), Ok(Some(Language::English))),
            (Some("en"), Ok(Some(Language::English))),
            (Some("en-GB"), Ok(Some(Language::English))),
            (Some("sv-SE"), Err(())),
            (Some("finnish"), Err(())),
            (Some("e"), Err(())),
            (Some("-"), Err(())),
        ];
        for (raw, expected) in cases {
            assert_eq!(Language::parse(raw).map_err(|_| ()), expected, "{raw:?}");
        }
        let err = Language::parse(Some("de")).unwrap_err();
        assert!(
            matches!(err, Error::Invalid { code: ErrorCode::InvalidLanguage, ref field, .. } if field == "language"),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "Language must be fi-FI or en-US.");
    }

    #[test]
    fn tags_and_codes() {
        assert_eq!(Language::Finnish.tag(), "fi-FI");
        assert_eq!(Language::English.tag(), "en-US");
        assert_eq!(Language::Finnish.code(), "fi");
        assert_eq!(Language::English.code(), "en");
    }
}
