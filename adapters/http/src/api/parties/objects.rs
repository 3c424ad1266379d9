//! The objects of watch parties: the party as a viewer sees it, and the request bodies.
//! The show is written as the showtimes API writes a show (camelCase, the same names), so
//! the page can send the show it lists as it is.

use poem_openapi::{Enum, Object};

use leffaseura_core::domain::showtime::helsinki;
use leffaseura_core::domain::watch_party::{PartyShow, PartyStatus, Rsvp, WatchParty as Core};
use leffaseura_core::use_cases::{PartyView, PlanParty};
use leffaseura_core::MovieId;

use crate::api::groups::objects::GroupRole;
use crate::api::{Nullable, Timestamp};

/// Where a party is: a member's `proposed` party waits for a manager; `scheduled` is on;
/// `cancelled` was called off (or a proposal declined), see `cancel_reason`.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum WatchPartyStatus {
    Proposed,
    Scheduled,
    Cancelled,
}

impl From<PartyStatus> for WatchPartyStatus {
    fn from(s: PartyStatus) -> Self {
        match s {
            PartyStatus::Proposed => Self::Proposed,
            PartyStatus::Scheduled => Self::Scheduled,
            PartyStatus::Cancelled => Self::Cancelled,
        }
    }
}

/// A member's answer.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum RsvpAnswer {
    Going,
    Maybe,
    NotGoing,
}

impl From<Rsvp> for RsvpAnswer {
    fn from(a: Rsvp) -> Self {
        match a {
            Rsvp::Going => Self::Going,
            Rsvp::Maybe => Self::Maybe,
            Rsvp::NotGoing => Self::NotGoing,
        }
    }
}

/// The show of a party, as the showtimes listed it when the party was planned.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct PartyShowBody {
    /// The cinema's show id.
    pub id: i64,
    #[oai(rename = "eventId")]
    pub event_id: i64,
    /// The Finnish release title.
    pub title: String,
    /// `Name, City`.
    pub theatre: String,
    #[oai(rename = "theatreId")]
    pub theatre_id: i64,
    pub auditorium: String,
    /// The theatre area the show was picked from.
    #[oai(rename = "areaId")]
    pub area_id: Nullable<i64>,
    #[oai(rename = "areaName")]
    pub area_name: Nullable<String>,
    /// RFC 3339 UTC.
    pub start: Timestamp,
    /// The start in Helsinki time, `YYYY-MM-DDTHH:MM`.
    #[oai(rename = "startLocal")]
    pub start_local: String,
    #[oai(rename = "lengthInMinutes")]
    pub length_in_minutes: Nullable<u32>,
    #[oai(rename = "ticketUrl")]
    pub ticket_url: Nullable<String>,
    /// The matched movie's TMDB id.
    #[oai(rename = "tmdbId")]
    pub tmdb_id: Nullable<i64>,
}

impl From<&PartyShow> for PartyShowBody {
    fn from(s: &PartyShow) -> Self {
        Self {
            id: s.show_id,
            event_id: s.event_id,
            title: s.title.clone(),
            theatre: s.theatre.clone(),
            theatre_id: s.theatre_id,
            auditorium: s.auditorium.clone(),
            area_id: s.area_id.into(),
            area_name: s.area_name.clone().into(),
            start: s.start.into(),
            start_local: helsinki::to_local(s.start)
                .format("%Y-%m-%dT%H:%M")
                .to_string(),
            length_in_minutes: s.length_minutes.into(),
            ticket_url: s.ticket_url.clone().into(),
            tmdb_id: s.tmdb_id.map(|m| m.0).into(),
        }
    }
}

/// One member's answer.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct PartyAnswerBody {
    pub user_id: i64,
    pub username: String,
    pub answer: RsvpAnswer,
}

/// How many answered what.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct RsvpCountsBody {
    pub going: i64,
    pub maybe: i64,
    pub not_going: i64,
}

/// A watch party as the caller sees it.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct WatchParty {
    pub id: i64,
    pub group_id: i64,
    pub group_name: String,
    pub status: WatchPartyStatus,
    pub show: PartyShowBody,
    /// The meeting note (may be empty).
    pub note: String,
    /// Answers close then; `null` for none (they close when the show starts).
    pub rsvp_deadline: Nullable<Timestamp>,
    /// Why it was cancelled (may be empty); `null` unless cancelled.
    pub cancel_reason: Nullable<String>,
    /// `null` once the creator's account is gone.
    pub created_by: Nullable<i64>,
    pub created_by_name: String,
    pub created_at: Timestamp,
    pub counts: RsvpCountsBody,
    /// The answers of the group's current members, oldest first.
    pub answers: Vec<PartyAnswerBody>,
    /// The caller's own answer.
    pub my_answer: Nullable<RsvpAnswer>,
    /// The caller's role in the party's group.
    pub my_role: GroupRole,
    pub can_answer: bool,
    pub can_confirm: bool,
    pub can_cancel: bool,
    /// The show has started: the party is in the group's history.
    pub past: bool,
}

impl From<&PartyView> for WatchParty {
    fn from(v: &PartyView) -> Self {
        let p: &Core = &v.party;
        let counts = p.counts();
        Self {
            id: p.id.0,
            group_id: p.group_id.0,
            group_name: p.group_name.clone(),
            status: p.status.into(),
            show: (&p.show).into(),
            note: p.note.clone(),
            rsvp_deadline: p.rsvp_deadline.map(Timestamp).into(),
            cancel_reason: p.cancel_reason.clone().into(),
            created_by: p.created_by.map(|u| u.0).into(),
            created_by_name: p.created_by_name.clone(),
            created_at: p.created_at.into(),
            counts: RsvpCountsBody {
                going: counts.going,
                maybe: counts.maybe,
                not_going: counts.not_going,
            },
            answers: p
                .answers
                .iter()
                .map(|a| PartyAnswerBody {
                    user_id: a.user_id.0,
                    username: a.username.clone(),
                    answer: a.answer.into(),
                })
                .collect(),
            my_answer: v.my_answer.map(RsvpAnswer::from).into(),
            my_role: v.role.into(),
            can_answer: v.can.answer,
            can_confirm: v.can.confirm,
            can_cancel: v.can.cancel,
            past: v.past,
        }
    }
}

/// One party.
#[derive(Object, Debug, Clone)]
pub struct PartyBody {
    pub success: bool,
    pub party: WatchParty,
}

impl From<&PartyView> for PartyBody {
    fn from(v: &PartyView) -> Self {
        Self {
            success: true,
            party: v.into(),
        }
    }
}

/// Parties, in the order the operation names.
#[derive(Object, Debug, Clone)]
pub struct PartiesBody {
    pub success: bool,
    pub parties: Vec<WatchParty>,
}

impl From<&[PartyView]> for PartiesBody {
    fn from(views: &[PartyView]) -> Self {
        Self {
            success: true,
            parties: views.iter().map(WatchParty::from).collect(),
        }
    }
}

/// The show to plan a party for, as the showtimes API lists it (its other fields may be
/// sent too and are ignored).
#[derive(Object, Debug, Clone)]
pub struct PartyShowInput {
    /// The cinema's show id.
    #[oai(validator(minimum(value = "1")))]
    pub id: i64,
    #[oai(rename = "eventId", validator(minimum(value = "1")))]
    pub event_id: i64,
    /// Not blank; at most 300 characters.
    #[oai(validator(
        max_length = 300,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$"
    ))]
    pub title: String,
    #[oai(validator(
        max_length = 300,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$"
    ))]
    pub theatre: String,
    #[oai(rename = "theatreId", validator(minimum(value = "1")))]
    pub theatre_id: i64,
    #[oai(validator(
        max_length = 300,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$"
    ))]
    pub auditorium: String,
    /// RFC 3339; must be still to come (409 `show_started` otherwise).
    pub start: Timestamp,
    #[oai(
        rename = "lengthInMinutes",
        validator(minimum(value = "0"), maximum(value = "1000"))
    )]
    pub length_in_minutes: Option<u32>,
    /// An http(s) address without spaces, at most 1000 characters; `""` for none.
    #[oai(
        rename = "ticketUrl",
        validator(
            max_length = 1000,
            pattern = r"^(?:\s*[hH][tT][tT][pP][sS]?://[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*\s*)?$"
        )
    )]
    pub ticket_url: Option<String>,
    #[oai(rename = "tmdbId", validator(minimum(value = "1")))]
    pub tmdb_id: Option<i64>,
    /// The theatre area the page lists shows of.
    #[oai(rename = "areaId", validator(minimum(value = "1")))]
    pub area_id: Option<i64>,
    #[oai(rename = "areaName", validator(max_length = 300))]
    pub area_name: Option<String>,
}

/// A party to plan.
#[derive(Object, Debug, Clone)]
pub struct CreatePartyRequest {
    pub show: PartyShowInput,
    /// Where and when to meet; at most 1000 characters.
    #[oai(validator(max_length = 1000))]
    pub note: Option<String>,
    /// When answers close: in the future and before the show starts (409
    /// `invalid_deadline` otherwise: it depends on the clock and the show).
    pub rsvp_deadline: Option<Timestamp>,
}

impl From<CreatePartyRequest> for PlanParty {
    fn from(r: CreatePartyRequest) -> Self {
        let s = r.show;
        Self {
            show: PartyShow {
                show_id: s.id,
                event_id: s.event_id,
                area_id: s.area_id,
                area_name: s.area_name,
                theatre_id: s.theatre_id,
                theatre: s.theatre,
                auditorium: s.auditorium,
                start: s.start.0,
                length_minutes: s.length_in_minutes,
                title: s.title,
                tmdb_id: s.tmdb_id.map(MovieId),
                ticket_url: s.ticket_url,
            },
            note: r.note.unwrap_or_default(),
            rsvp_deadline: r.rsvp_deadline.map(|t| t.0),
        }
    }
}

/// An answer: `going`, `maybe` or `not_going`.
#[derive(Object, Debug, Clone)]
pub struct RsvpRequest {
    #[oai(validator(pattern = r"^(?:going|maybe|not_going)$"))]
    pub answer: String,
}

/// Why the party is called off (members see it); at most 500 characters.
#[derive(Object, Debug, Clone)]
pub struct CancelPartyRequest {
    #[oai(validator(max_length = 500))]
    pub reason: Option<String>,
}

/// A group's calendar feed: subscribe to `path` on this server. `null` without a feed.
#[derive(Object, Debug, Clone)]
pub struct CalendarFeedBody {
    pub success: bool,
    pub token: Nullable<String>,
    /// `/api/calendar/groups/{token}.ics`.
    pub path: Nullable<String>,
}

impl CalendarFeedBody {
    pub fn of(token: Option<String>) -> Self {
        Self {
            success: true,
            path: token
                .as_ref()
                .map(|t| format!("/api/calendar/groups/{t}.ics"))
                .into(),
            token: token.into(),
        }
    }
}
