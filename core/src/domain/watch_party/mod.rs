//! Group watch parties (issue 13 §1): a group plans to see one real cinema show together.
//! The show is kept as a snapshot of what the showtimes listed when the party was made,
//! so the party still reads right after the feed has moved on. What a party holds and
//! its checked inputs are here; who may do what, and when, in [`rules`]; the iCalendar
//! text of a party or a group's feed in [`ical`].

pub mod ical;
pub mod rules;

use chrono::{DateTime, Duration, Utc};

use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, MovieId, PartyId, UserId};

/// The longest meeting note, in characters.
pub const NOTE_MAX: usize = 1000;
/// The longest cancel reason, in characters.
pub const CANCEL_REASON_MAX: usize = 500;
/// How long a show is taken to last when the feed gives no length.
pub const DEFAULT_LENGTH_MINUTES: i64 = 120;
/// Title, theatre and area names longer than this are not a real show.
const NAME_MAX: usize = 300;
const URL_MAX: usize = 1000;
/// Longer than any film the cinemas show.
const LENGTH_MAX_MINUTES: u32 = 1000;

/// Where a party is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartyStatus {
    /// A member's suggestion, waiting for the owner or a moderator.
    Proposed,
    /// On: created by a manager, or a proposal a manager confirmed.
    Scheduled,
    /// Called off (or a proposal declined), with the reason members see.
    Cancelled,
}

impl PartyStatus {
    pub const ALL: [Self; 3] = [Self::Proposed, Self::Scheduled, Self::Cancelled];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Proposed => "proposed",
            Self::Scheduled => "scheduled",
            Self::Cancelled => "cancelled",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// A member's answer to a party.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rsvp {
    Going,
    Maybe,
    NotGoing,
}

impl Rsvp {
    pub const ALL: [Self; 3] = [Self::Going, Self::Maybe, Self::NotGoing];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Going => "going",
            Self::Maybe => "maybe",
            Self::NotGoing => "not_going",
        }
    }

    /// Exactly `going`, `maybe` or `not_going`.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|a| a.as_str() == raw)
            .ok_or_else(|| {
                Error::invalid(
                    "answer",
                    ErrorCode::InvalidAnswer,
                    "The answer must be going, maybe or not_going.",
                )
            })
    }
}

/// The show a party is for, as the showtimes listed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyShow {
    /// The cinema's show id.
    pub show_id: i64,
    /// The cinema's event (film) id.
    pub event_id: i64,
    /// The theatre area the show was picked from, when the page knew it.
    pub area_id: Option<i64>,
    pub area_name: Option<String>,
    pub theatre_id: i64,
    /// `Name, City`.
    pub theatre: String,
    pub auditorium: String,
    pub start: DateTime<Utc>,
    pub length_minutes: Option<u32>,
    /// The Finnish release title.
    pub title: String,
    /// The matched catalog movie, if any.
    pub tmdb_id: Option<MovieId>,
    pub ticket_url: Option<String>,
}

fn bad_show(message: &'static str) -> Error {
    Error::invalid("show", ErrorCode::InvalidShow, message)
}

fn clean_name(raw: &str, required: bool) -> Result<Option<String>, Error> {
    let value: String = raw.trim().chars().filter(|c| !c.is_control()).collect();
    if value.is_empty() {
        return if required {
            Err(bad_show(
                "The show needs a title, a theatre and an auditorium.",
            ))
        } else {
            Ok(None)
        };
    }
    if value.chars().count() > NAME_MAX {
        return Err(bad_show("The show's names are too long."));
    }
    Ok(Some(value))
}

impl PartyShow {
    /// Trims and checks the snapshot: names present and of sane length, an http(s) ticket
    /// link, ids positive, and a show that has not started at `now` (a past show cannot
    /// get a party).
    pub fn checked(self, now: DateTime<Utc>) -> Result<Self, Error> {
        if self.show_id <= 0 || self.event_id <= 0 || self.theatre_id <= 0 {
            return Err(bad_show("The show's ids must be positive."));
        }
        if self.area_id.is_some_and(|id| id <= 0) || self.tmdb_id.is_some_and(|id| id.0 <= 0) {
            return Err(bad_show("The show's ids must be positive."));
        }
        if self.length_minutes.is_some_and(|m| m > LENGTH_MAX_MINUTES) {
            return Err(bad_show("The show's length is not plausible."));
        }
        if self.start <= now {
            return Err(Error::conflict(
                ErrorCode::ShowStarted,
                "This show has already started. Pick a show that is still to come.",
            ));
        }
        let ticket_url = match self.ticket_url.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(url) => {
                let lower = url.to_ascii_lowercase();
                let web = lower.starts_with("https://") || lower.starts_with("http://");
                let clean = !url.chars().any(|c| c.is_whitespace() || c.is_control());
                if !web || !clean || url.chars().count() > URL_MAX {
                    return Err(bad_show("The ticket link must be an http(s) address."));
                }
                Some(url.to_owned())
            }
        };
        Ok(Self {
            title: clean_name(&self.title, true)?.unwrap_or_default(),
            theatre: clean_name(&self.theatre, true)?.unwrap_or_default(),
            auditorium: clean_name(&self.auditorium, true)?.unwrap_or_default(),
            area_name: clean_name(self.area_name.as_deref().unwrap_or(""), false)?,
            ticket_url,
            ..self
        })
    }

    /// When the show is taken to end: its length after the start, or two hours.
    pub fn end(&self) -> DateTime<Utc> {
        let minutes = self
            .length_minutes
            .map_or(DEFAULT_LENGTH_MINUTES, i64::from);
        self.start + Duration::minutes(minutes)
    }
}

/// Free text kept as written (trimmed), at most `max` characters.
fn bounded_text(
    raw: &str,
    max: usize,
    field: &'static str,
    code: ErrorCode,
    message: &'static str,
) -> Result<String, Error> {
    let value = raw.trim();
    if value.chars().count() > max {
        return Err(Error::invalid(field, code, message));
    }
    Ok(value.to_owned())
}

/// The meeting note ("at the lobby bar at 18:30"), at most [`NOTE_MAX`] characters.
pub fn parse_note(raw: &str) -> Result<String, Error> {
    bounded_text(
        raw,
        NOTE_MAX,
        "note",
        ErrorCode::InvalidPartyNote,
        "The note can be at most 1000 characters long.",
    )
}

/// Why a party is called off, at most [`CANCEL_REASON_MAX`] characters (may be blank).
pub fn parse_cancel_reason(raw: &str) -> Result<String, Error> {
    bounded_text(
        raw,
        CANCEL_REASON_MAX,
        "reason",
        ErrorCode::InvalidCancelReason,
        "The reason can be at most 500 characters long.",
    )
}

/// An RSVP deadline must be still to come and before the show starts.
pub fn check_deadline(
    deadline: Option<DateTime<Utc>>,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, Error> {
    match deadline {
        // A conflict, not a malformed request: whether it holds depends on the clock
        // and the show, which the client cannot know exactly.
        Some(at) if at <= now || at >= start => Err(Error::conflict(
            ErrorCode::InvalidDeadline,
            "The RSVP deadline must be in the future and before the show starts.",
        )),
        other => Ok(other),
    }
}

/// A checked new party.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewParty {
    pub group: GroupId,
    pub show: PartyShow,
    pub note: String,
    pub rsvp_deadline: Option<DateTime<Utc>>,
    pub status: PartyStatus,
    pub created_by: UserId,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
}

/// One member's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyAnswer {
    pub user_id: UserId,
    pub username: String,
    pub answer: Rsvp,
    pub answered_at: DateTime<Utc>,
}

/// How many answered what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RsvpCounts {
    pub going: i64,
    pub maybe: i64,
    pub not_going: i64,
}

/// A party as part of one person's data (their export): one they answered or made, with
/// their own answer even when they have left the group since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalParty {
    pub party: WatchParty,
    pub answer: Option<Rsvp>,
    pub answered_at: Option<DateTime<Utc>>,
}

/// A stored party with the answers of the group's current members.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchParty {
    pub id: PartyId,
    pub group_id: GroupId,
    pub group_name: String,
    pub show: PartyShow,
    pub note: String,
    pub rsvp_deadline: Option<DateTime<Utc>>,
    pub status: PartyStatus,
    /// Set when cancelled (blank when no reason was given).
    pub cancel_reason: Option<String>,
    /// `None` once the creator's account is gone.
    pub created_by: Option<UserId>,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Grows by one with each status change; the compare-and-set key of writes.
    pub version: i64,
    /// Oldest answer first.
    pub answers: Vec<PartyAnswer>,
}

impl WatchParty {
    pub fn counts(&self) -> RsvpCounts {
        self.answers
            .iter()
            .fold(RsvpCounts::default(), |mut counts, a| {
                match a.answer {
                    Rsvp::Going => counts.going += 1,
                    Rsvp::Maybe => counts.maybe += 1,
                    Rsvp::NotGoing => counts.not_going += 1,
                }
                counts
            })
    }

    pub fn answer_of(&self, user: UserId) -> Option<Rsvp> {
        self.answers
            .iter()
            .find(|a| a.user_id == user)
            .map(|a| a.answer)
    }

    /// A party whose show has started belongs to the group's history.
    pub fn is_past(&self, now: DateTime<Utc>) -> bool {
        self.show.start <= now
    }

    /// Whether answers are still taken at `now` (status aside).
    pub fn rsvp_open(&self, now: DateTime<Utc>) -> bool {
        !self.is_past(now) && self.rsvp_deadline.is_none_or(|d| now < d)
    }
}

/// Which of a group's parties a list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartyWhen {
    /// Shows still to come, soonest first.
    Upcoming,
    /// Shows that have started, latest first.
    Past,
    /// Everything (the calendar feed), by start.
    All,
}

impl PartyWhen {
    /// `upcoming` (also when missing) or `past`.
    pub fn parse(raw: Option<&str>) -> Result<Self, Error> {
        match raw.map(str::trim) {
            None | Some("" | "upcoming") => Ok(Self::Upcoming),
            Some("past") => Ok(Self::Past),
            Some(_) => Err(Error::invalid(
                "when",
                ErrorCode::InvalidParameter,
                "when must be upcoming or past.",
            )),
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use chrono::{DateTime, Duration, Utc};

    use super::*;
    use crate::use_cases::test_support::now;

    /// A show two days after the test clock's now.
    pub fn show() -> PartyShow {
        PartyShow {
            show_id: 1001,
            event_id: 303,
            area_id: Some(1002),
            area_name: Some("Helsinki".into()),
            theatre_id: 1031,
            theatre: "Tennispalatsi, Helsinki".into(),
            auditorium: "sali 7".into(),
            start: now() + Duration::days(2),
            length_minutes: Some(148),
            title: "Dyyni: Osa kaksi".into(),
            tmdb_id: Some(MovieId(693_134)),
            ticket_url: Some("https://www.finnkino.fi/websales/show/1001/".into()),
        }
    }

    pub fn party(id: i64, status: PartyStatus, created_by: i64) -> WatchParty {
        let at: DateTime<Utc> = now();
        WatchParty {
            id: PartyId(id),
            group_id: GroupId(7),
            group_name: "Noir".into(),
            show: show(),
            note: "Lobby at 18:30".into(),
            rsvp_deadline: None,
            status,
            cancel_reason: None,
            created_by: Some(UserId(created_by)),
            created_by_name: format!("user{created_by}"),
            created_at: at,
            updated_at: at,
            version: 1,
            answers: vec![],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{party, show};
    use super::*;
    use crate::use_cases::test_support::now;

    #[test]
    fn answers_and_statuses_parse_their_api_spelling() {
        for answer in Rsvp::ALL {
            assert_eq!(Rsvp::parse(answer.as_str()).ok(), Some(answer));
        }
        let err = Rsvp::parse("yes").unwrap_err();
        assert_eq!(err.code(), "invalid_answer");
        assert!(Rsvp::parse("Going").is_err());
        for status in PartyStatus::ALL {
            assert_eq!(PartyStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(PartyStatus::parse("done"), None);
    }

    #[test]
    fn a_show_snapshot_is_trimmed_and_checked() {
        let raw = PartyShow {
            title: "  Dyyni  ".into(),
            area_name: Some("  ".into()),
            ..show()
        };
        let checked = raw.checked(now()).unwrap();
        assert_eq!(checked.title, "Dyyni");
        assert_eq!(checked.area_name, None);

        for start in [now(), now() - Duration::hours(1)] {
            let err = PartyShow { start, ..show() }.checked(now()).unwrap_err();
            assert_eq!(err.code(), "show_started");
        }
        let bad = [
            PartyShow {
                title: " ".into(),
                ..show()
            },
            PartyShow {
                auditorium: String::new(),
                ..show()
            },
            PartyShow {
                theatre: "x".repeat(NAME_MAX + 1),
                ..show()
            },
            PartyShow {
                ticket_url: Some("javascript:alert(1)".into()),
                ..show()
            },
            PartyShow {
                show_id: 0,
                ..show()
            },
            PartyShow {
                length_minutes: Some(5000),
                ..show()
            },
        ];
        for case in bad {
            let err = case.clone().checked(now()).unwrap_err();
            assert_eq!(err.code(), "invalid_show", "{case:?}");
        }
    }

    #[test]
    fn a_show_ends_after_its_length_or_two_hours() {
        let s = show();
        assert_eq!(s.end(), s.start + Duration::minutes(148));
        let unknown = PartyShow {
            length_minutes: None,
            ..show()
        };
        assert_eq!(unknown.end(), unknown.start + Duration::hours(2));
    }

    #[test]
    fn notes_and_reasons_have_their_limits() {
        assert_eq!(parse_note("  Lobby  ").unwrap(), "Lobby");
        assert!(parse_note(&"ä".repeat(NOTE_MAX)).is_ok());
        assert_eq!(
            parse_note(&"ä".repeat(NOTE_MAX + 1)).unwrap_err().code(),
            "invalid_party_note"
        );
        assert_eq!(parse_cancel_reason("").unwrap(), "");
        assert!(parse_cancel_reason(&"x".repeat(CANCEL_REASON_MAX)).is_ok());
        assert_eq!(
            parse_cancel_reason(&"x".repeat(CANCEL_REASON_MAX + 1))
                .unwrap_err()
                .code(),
            "invalid_cancel_reason"
        );
    }

    #[test]
    fn a_deadline_lies_between_now_and_the_start() {
        let start = show().start;
        let cases = [
            (None, true),
            (Some(now() + Duration::hours(1)), true),
            (Some(start - Duration::minutes(1)), true),
            (Some(now()), false),
            (Some(now() - Duration::hours(1)), false),
            (Some(start), false),
            (Some(start + Duration::hours(1)), false),
        ];
        for (deadline, ok) in cases {
            let got = check_deadline(deadline, start, now());
            assert_eq!(got.is_ok(), ok, "{deadline:?}");
            if let Err(err) = got {
                assert_eq!(err.code(), "invalid_deadline");
            }
        }
    }

    #[test]
    fn counts_answers_and_the_deadline_closes_rsvp() {
        let mut p = party(1, PartyStatus::Scheduled, 2);
        let answer = |id: i64, answer| PartyAnswer {
            user_id: UserId(id),
            username: format!("user{id}"),
            answer,
            answered_at: now(),
        };
        p.answers = vec![
            answer(2, Rsvp::Going),
            answer(3, Rsvp::Going),
            answer(4, Rsvp::Maybe),
            answer(5, Rsvp::NotGoing),
        ];
        assert_eq!(
            p.counts(),
            RsvpCounts {
                going: 2,
                maybe: 1,
                not_going: 1
            }
        );
        assert_eq!(p.answer_of(UserId(4)), Some(Rsvp::Maybe));
        assert_eq!(p.answer_of(UserId(9)), None);
        assert!(p.rsvp_open(now()));
        p.rsvp_deadline = Some(now() + Duration::hours(1));
        assert!(p.rsvp_open(now()));
        assert!(!p.rsvp_open(now() + Duration::hours(1)));
        p.rsvp_deadline = None;
        assert!(!p.rsvp_open(p.show.start));
        assert!(p.is_past(p.show.start));
        assert!(!p.is_past(p.show.start - Duration::seconds(1)));
    }

    #[test]
    fn lists_are_upcoming_unless_past_is_asked() {
        assert_eq!(PartyWhen::parse(None).unwrap(), PartyWhen::Upcoming);
        assert_eq!(
            PartyWhen::parse(Some("upcoming")).unwrap(),
            PartyWhen::Upcoming
        );
        assert_eq!(PartyWhen::parse(Some("past")).unwrap(), PartyWhen::Past);
        assert_eq!(
            PartyWhen::parse(Some("all")).unwrap_err().code(),
            "invalid_parameter"
        );
    }
}
