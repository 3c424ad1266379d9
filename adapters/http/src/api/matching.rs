//! `Matching<P>`: a string parameter that must match pattern `P`, with the pattern in the
//! spec exactly as `#[oai(validator(pattern = …))]` writes it. That validator compiles
//! its regular expression on every check (poem-openapi 5.1's `Pattern::check` calls
//! `Regex::new`): microseconds per parameter on every request, a large share of a cached
//! read's CPU for the longer patterns (the date's). Here each pattern is compiled once.
//! A value that does not match is a parse error of the parameter, answered like the
//! validator's (400 `invalid_parameter` or the parameter's own code).

use std::borrow::Cow;
use std::marker::PhantomData;
use std::ops::Deref;
use std::sync::LazyLock;

use poem_openapi::registry::{MetaSchema, MetaSchemaRef};
use poem_openapi::types::{ParseError, ParseFromParameter, ParseResult, Type};
use regex::Regex;

/// A named pattern for [`Matching`].
pub trait Pattern: Send + Sync + 'static {
    const PATTERN: &'static str;
    /// [`Self::PATTERN`], compiled on first use.
    fn regex() -> &'static Regex;
}

/// A string parameter that matched `P`.
pub struct Matching<P>(String, PhantomData<P>);

impl<P> Deref for Matching<P> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl<P> std::fmt::Debug for Matching<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<P: Pattern> Type for Matching<P> {
    const IS_REQUIRED: bool = true;
    type RawValueType = String;
    type RawElementValueType = String;

    fn name() -> Cow<'static, str> {
        "string".into()
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Inline(Box::new(MetaSchema {
            pattern: Some(P::PATTERN.to_owned()),
            ..MetaSchema::new("string")
        }))
    }

    fn as_raw_value(&self) -> Option<&String> {
        Some(&self.0)
    }

    fn raw_element_iter<'a>(&'a self) -> Box<dyn Iterator<Item = &'a String> + 'a> {
        Box::new(std::iter::once(&self.0))
    }
}

impl<P: Pattern> ParseFromParameter for Matching<P> {
    fn parse_from_parameter(value: &str) -> ParseResult<Self> {
        if P::regex().is_match(value) {
            Ok(Self(value.to_owned(), PhantomData))
        } else {
            Err(ParseError::custom(format!(
                "verification failed. pattern(\"{}\")",
                P::PATTERN
            )))
        }
    }
}

macro_rules! patterns {
    ($($(#[$doc:meta])* $name:ident = $pattern:literal;)*) => {
        $(
            $(#[$doc])*
            pub struct $name;

            impl Pattern for $name {
                const PATTERN: &'static str = $pattern;

                fn regex() -> &'static Regex {
                    static COMPILED: LazyLock<Regex> = LazyLock::new(|| {
                        // A literal, compiled by the test below on every run.
                        #[allow(clippy::expect_used)]
                        Regex::new($pattern).expect("a valid pattern")
                    });
                    &COMPILED
                }
            }
        )*

        #[cfg(test)]
        fn every_pattern() -> Vec<&'static Regex> {
            vec![$(<$name as Pattern>::regex()),*]
        }
    };
}

patterns! {
    /// 1 to 14 days.
    DayCount = r"^(?:[1-9]|1[0-4])$";
    /// A Finnkino event list.
    EventListName = r"^(?:NowInTheatres|ComingSoon)$";
    /// A real date as dd.mm.yyyy.
    FinnkinoDate = r"^(?:(?:(?:0[1-9]|1[0-9]|2[0-8])\.(?:0[1-9]|1[0-2])|(?:29|30)\.(?:0[13-9]|1[0-2])|31\.(?:0[13578]|1[02]))\.(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})|29\.02\.(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00))$";
    /// Up to 20 comma-separated positive ids.
    GenreIdList = r"^[1-9][0-9]{0,17}(?:,[1-9][0-9]{0,17}){0,19}$";
    /// Up to 19 comma-separated TMDB genre ids.
    GenreIdSet = r"^(?:28|12|16|35|80|99|18|10751|14|36|27|10402|9648|10749|878|10770|53|10752|37)(?:,(?:28|12|16|35|80|99|18|10751|14|36|27|10402|9648|10749|878|10770|53|10752|37)){0,18}$";
    /// An import row outcome.
    ImportOutcome = r"^(?:would_add|skip_existing|skipped|unmatched|ambiguous|added|pending)$";
    /// `fi` or `en`, with any region.
    LanguageTag = r"^(?:(?:[fF][iI]|[eE][nN])(?:[-_][A-Za-z0-9_-]*)?)?$";
    /// Any or all of the genres.
    MatchType = r"^(?:any|all)?$";
    /// Up to 100 comma-separated positive ids.
    MovieIdList = r"^[1-9][0-9]{0,17}(?:,[1-9][0-9]{0,17}){0,99}$";
    /// Some text that is not only white space.
    NotBlank = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]";
    /// A result page, 1 to 500.
    PageNumber = r"^(?:[1-9][0-9]?|[1-4][0-9]{2}|500)$";
    /// Upcoming or past watch parties.
    PartyWhen = r"^(?:upcoming|past)$";
    /// A positive id.
    PositiveId = r"^[1-9][0-9]{0,17}$";
    /// A year from 1870 to 2100.
    ReleaseYear = r"^(?:18[7-9][0-9]|19[0-9]{2}|20[0-9]{2}|2100)$";
    /// A review list cursor: `<time>-<id>`.
    ReviewCursor = r"^[0-9]{1,15}-[0-9]{1,18}$";
    /// A TMDB sort order.
    SortOrder = r"^(?:popularity|vote_average|vote_count|primary_release_date|release_date|title|original_title|revenue)(?:\.(?:asc|desc))?$";
    /// A theatre area id other than 1029, the "choose an area" placeholder.
    TheatreAreaId = r"^(?:[1-9][0-9]{0,2}|[2-9][0-9]{3}|1[1-9][0-9]{2}|10[013-9][0-9]|102[0-8]|[1-9][0-9]{4,8})$";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        assert_eq!(every_pattern().len(), 17);
    }

    #[test]
    fn a_value_must_match_the_whole_pattern() {
        assert!(Matching::<PositiveId>::parse_from_parameter("603").is_ok());
        for bad in ["0", "-1", "60a", "", "1234567890123456789"] {
            assert!(
                Matching::<PositiveId>::parse_from_parameter(bad).is_err(),
                "{bad:?}"
            );
        }
        assert!(Matching::<FinnkinoDate>::parse_from_parameter("29.02.2028").is_ok());
        assert!(Matching::<FinnkinoDate>::parse_from_parameter("29.02.2027").is_err());
    }

    #[test]
    fn the_spec_shows_the_pattern() {
        let MetaSchemaRef::Inline(schema) = Matching::<DayCount>::schema_ref() else {
            panic!("an inline schema");
        };
        assert_eq!(schema.ty, "string");
        assert_eq!(schema.pattern.as_deref(), Some(r"^(?:[1-9]|1[0-4])$"));
    }
}
