//! Cinema showtimes as the Finnish cinema chain's feed (Finnkino) describes them, or the
//! offline demo feed imitates it: theatre areas, shows, events (films and live events),
//! and the pure rules around them (age ratings, presentation methods, languages, Helsinki
//! wall-clock time, matching events to catalog movies, a user's showtime preferences).

pub mod helsinki;
pub mod matching;
pub mod preferences;
pub mod presentation;
pub mod rating;
pub mod show;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::show_date::ShowDate;
use crate::error::{Error, ErrorCode};

pub use matching::{EventMatch, MatchedMovie};
pub use preferences::ShowtimePreferences;
pub use presentation::PresentationMethod;
pub use rating::{AgeRating, ShowRating};
pub use show::{EnrichedEvent, EnrichedShow, Event, EventKind, Images, Language, Show};

/// A theatre area of the feed: a region (1014), a city (1002 Helsinki) or one theatre
/// (1033 "Helsinki: TENNISPALATSI"); all peers in one flat list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AreaId(pub i64);

/// The area the feed lists first as its drop-down's "choose area/theatre" prompt
/// ("Valitse alue/teatteri"): not a place, so it means "no area chosen".
pub const PLACEHOLDER_AREA: AreaId = AreaId(1029);

/// A film or live event of the feed (`EventID`). Not a catalog (TMDB) id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EventId(pub i64);

impl std::fmt::Display for AreaId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for EventId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A theatre area with its name as the feed writes it ("Pääkaupunkiseutu").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    pub id: AreaId,
    pub name: String,
}

impl Area {
    pub fn is_placeholder(&self) -> bool {
        self.id == PLACEHOLDER_AREA
    }
}

/// Most days one schedule query may cover (API.md: `nrOfDays` 1..14).
pub const SCHEDULE_DAYS_MAX: u32 = 14;
/// Days a film's or a watchlist's "next shows" look ahead unless told otherwise.
pub const NEXT_SHOWS_DAYS_DEFAULT: u32 = 7;

/// How many days a schedule covers: 1..=[`SCHEDULE_DAYS_MAX`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScheduleDays(u32);

impl ScheduleDays {
    pub const ONE: Self = Self(1);

    /// # Errors
    /// `Invalid` `invalid_days` (on `field`) outside 1..=14.
    pub fn new(days: i64, field: &'static str) -> Result<Self, Error> {
        match u32::try_from(days) {
            Ok(d) if (1..=SCHEDULE_DAYS_MAX).contains(&d) => Ok(Self(d)),
            _ => Err(Error::invalid(
                field,
                ErrorCode::InvalidDays,
                "Number of days must be between 1 and 14.",
            )),
        }
    }

    /// Parses the text of an optional parameter; absent or blank means `default`.
    ///
    /// # Errors
    /// `Invalid` `invalid_days` for anything but a number in 1..=14.
    pub fn parse(raw: Option<&str>, default: u32, field: &'static str) -> Result<Self, Error> {
        match raw.map(str::trim).filter(|r| !r.is_empty()) {
            None => Self::new(i64::from(default), field),
            Some(text) => {
                let days = text.parse::<i64>().map_err(|_| {
                    Error::invalid(
                        field,
                        ErrorCode::InvalidDays,
                        "Number of days must be between 1 and 14.",
                    )
                })?;
                Self::new(days, field)
            }
        }
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

/// One schedule query of the feed: an area, a first day, how many days, and optionally
/// one event only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScheduleQuery {
    pub area: AreaId,
    pub date: ShowDate,
    pub days: ScheduleDays,
    pub event: Option<EventId>,
}

impl ScheduleQuery {
    /// The calendar days (Helsinki) the query covers, first to last.
    pub fn last_date(&self) -> NaiveDate {
        let first = self.date.date();
        first
            .checked_add_days(chrono::Days::new(u64::from(self.days.get() - 1)))
            .unwrap_or(first)
    }
}

/// Which events list: what is showing now, or what is coming.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventList {
    NowInTheatres,
    ComingSoon,
}

impl EventList {
    /// `NowInTheatres` or `ComingSoon`, as the feed's `listType` spells them (blank or
    /// absent: now in theatres).
    ///
    /// # Errors
    /// `Invalid` `invalid_list_type` (field `listType`) for anything else.
    pub fn parse(raw: Option<&str>) -> Result<Self, Error> {
        match raw.map(str::trim).unwrap_or("") {
            "" | "NowInTheatres" => Ok(Self::NowInTheatres),
            "ComingSoon" => Ok(Self::ComingSoon),
            _ => Err(Error::invalid(
                "listType",
                ErrorCode::InvalidListType,
                "listType must be NowInTheatres or ComingSoon.",
            )),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::NowInTheatres => "NowInTheatres",
            Self::ComingSoon => "ComingSoon",
        }
    }
}

/// A feed answer and how old it is: `fetched_at` is when the feed was read; `stale` is
/// true when the feed failed (or refused) and an older copy stands in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fetched<T> {
    pub value: T,
    pub fetched_at: DateTime<Utc>,
    pub stale: bool,
}

impl<T> Fetched<T> {
    pub fn fresh(value: T, fetched_at: DateTime<Utc>) -> Self {
        Self {
            value,
            fetched_at,
            stale: false,
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Fetched<U> {
        Fetched {
            value: f(self.value),
            fetched_at: self.fetched_at,
            stale: self.stale,
        }
    }
}

/// The answer when the feed fails and nothing is cached (API.md: 502).
pub fn feed_unavailable() -> Error {
    Error::Upstream {
        code: ErrorCode::UpstreamUnavailable,
        message: "The showtimes service is not available right now. Please try again later.".into(),
        // 502, not 503: the contract for a failing (or refusing) feed.
        unavailable: false,
    }
}

/// "Please select both area and date" (PRODUCT-SPEC §5), on `field`.
pub fn area_and_date_required(field: &'static str) -> Error {
    Error::invalid(
        field,
        ErrorCode::AreaAndDateRequired,
        "Please select both area and date",
    )
}

/// 404 for an area the feed does not list.
pub fn area_not_found() -> Error {
    Error::not_found(ErrorCode::AreaNotFound, "Theatre area not found.")
}

/// Parses a positive id parameter (`area`, `eventID`).
///
/// # Errors
/// `Invalid` `invalid_parameter` on `field` for anything but a positive number.
pub fn parse_positive_id(raw: &str, field: &'static str) -> Result<i64, Error> {
    match raw.trim().parse::<i64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(Error::invalid(
            field,
            ErrorCode::InvalidParameter,
            format!("{field} must be a positive number."),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_days_are_one_to_fourteen() {
        for (raw, expected) in [
            (None, Some(1)),
            (Some(""), Some(1)),
            (Some("7"), Some(7)),
            (Some(" 14 "), Some(14)),
            (Some("0"), None),
            (Some("15"), None),
            (Some("-1"), None),
            (Some("two"), None),
        ] {
            assert_eq!(
                ScheduleDays::parse(raw, 1, "nrOfDays")
                    .ok()
                    .map(ScheduleDays::get),
                expected,
                "{raw:?}"
            );
        }
        let err = ScheduleDays::parse(Some("99"), 7, "days").unwrap_err();
        assert!(
            matches!(err, Error::Invalid { code: ErrorCode::InvalidDays, ref field, .. } if field == "days")
        );
    }

    #[test]
    fn a_query_knows_its_last_day() {
        let query = ScheduleQuery {
            area: AreaId(1002),
            date: ShowDate::parse("30.12.2026").unwrap(),
            days: ScheduleDays::new(3, "nrOfDays").unwrap(),
            event: None,
        };
        assert_eq!(
            query.last_date(),
            NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()
        );
    }

    #[test]
    fn list_types_are_the_feeds_two_names() {
        assert_eq!(EventList::parse(None).unwrap(), EventList::NowInTheatres);
        assert_eq!(
            EventList::parse(Some("ComingSoon")).unwrap(),
            EventList::ComingSoon
        );
        let err = EventList::parse(Some("comingsoon")).unwrap_err();
        assert_eq!(err.code(), "invalid_list_type");
    }

    #[test]
    fn a_failing_feed_is_a_502_with_the_documented_code() {
        let err = feed_unavailable();
        assert_eq!(err.code(), "upstream_unavailable");
        assert!(matches!(
            err,
            Error::Upstream {
                unavailable: false,
                ..
            }
        ));
        assert_eq!(
            area_and_date_required("area").to_string(),
            "Please select both area and date"
        );
    }

    #[test]
    fn ids_are_positive_numbers() {
        assert_eq!(parse_positive_id(" 1002 ", "area").unwrap(), 1002);
        for bad in ["", "0", "-4", "abc", "10.5"] {
            assert!(parse_positive_id(bad, "area").is_err(), "{bad:?}");
        }
    }
}
