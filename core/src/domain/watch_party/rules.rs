//! Who may do what with a watch party, and when (issue 13 §1). Every rule of parties is
//! here, once; the use cases only read, call these and apply.
//!
//! - Reading: anyone for a public group; members (owner, moderators, members) for a
//!   private one.
//! - Creating: a manager's party is scheduled at once; a member's is a proposal that a
//!   manager confirms (or declines, which cancels it). Only shows still to come.
//! - Answering: members only, until the RSVP deadline and the show's start, not on a
//!   cancelled party.
//! - Cancelling: the creator or a manager, before the show starts; members see the reason.
//! - The group's calendar feed: managers create, rotate and revoke it.

use chrono::{DateTime, Utc};

use crate::domain::group::Visibility;
use crate::domain::membership::{Refusal, RefusalKind, Role};
use crate::error::{Error, ErrorCode};
use crate::ids::UserId;

use super::{PartyStatus, WatchParty};

impl Refusal {
    /// 403: a private group's watch parties are for its members.
    pub const PARTIES_MEMBERS_ONLY: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::MembersOnly,
        "This group’s watch parties are visible to members only.",
    );
    /// 403: planning or answering a party is for the group's members.
    pub const PARTY_NEEDS_MEMBER: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::MembersOnly,
        "Only members of the group can plan or answer watch parties.",
    );
    /// 403: confirming a proposed party is the managers'.
    pub const CONFIRM_NEEDS_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the group owner or a moderator can confirm a watch party.",
    );
    /// 403: cancelling someone else's party is the managers'.
    pub const CANCEL_NEEDS_CREATOR_OR_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the party’s creator, the group owner or a moderator can cancel it.",
    );
    /// 403: the calendar feed is managed by the owner and moderators.
    pub const CALENDAR_NEEDS_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the group owner or a moderator can manage the calendar feed.",
    );
}

fn allow_if(ok: bool, refusal: Refusal) -> Result<(), Error> {
    if ok {
        Ok(())
    } else {
        Err(refusal.into())
    }
}

fn cancelled() -> Error {
    Error::conflict(
        ErrorCode::PartyCancelled,
        "This watch party has been cancelled.",
    )
}

fn started() -> Error {
    Error::conflict(
        ErrorCode::PartyPast,
        "The show has already started; the watch party is in the group’s history.",
    )
}

/// Whether `role` may see the group's parties.
pub fn may_read(role: Role, visibility: Visibility) -> Result<(), Error> {
    allow_if(
        visibility == Visibility::Public || role.is_member(),
        Refusal::PARTIES_MEMBERS_ONLY,
    )
}

/// The status a new party gets from its creator's role: a manager's is scheduled, a
/// member's proposed; anyone else may not create one.
pub fn status_for_creator(role: Role) -> Result<PartyStatus, Error> {
    if role.is_manager() {
        Ok(PartyStatus::Scheduled)
    } else if role.is_member() {
        Ok(PartyStatus::Proposed)
    } else {
        Err(Refusal::PARTY_NEEDS_MEMBER.into())
    }
}

/// Confirming a proposal: managers, on a proposal whose show is to come.
pub fn confirm(role: Role, party: &WatchParty, now: DateTime<Utc>) -> Result<(), Error> {
    allow_if(role.is_member(), Refusal::PARTY_NEEDS_MEMBER)?;
    allow_if(role.is_manager(), Refusal::CONFIRM_NEEDS_MODERATOR)?;
    match party.status {
        PartyStatus::Cancelled => Err(cancelled()),
        PartyStatus::Scheduled => Err(Error::conflict(
            ErrorCode::NotProposed,
            "This watch party is already scheduled.",
        )),
        PartyStatus::Proposed if party.is_past(now) => Err(started()),
        PartyStatus::Proposed => Ok(()),
    }
}

/// Answering: members, while the party is not cancelled and answers are open.
pub fn answer(role: Role, party: &WatchParty, now: DateTime<Utc>) -> Result<(), Error> {
    allow_if(role.is_member(), Refusal::PARTY_NEEDS_MEMBER)?;
    if party.status == PartyStatus::Cancelled {
        return Err(cancelled());
    }
    if party.is_past(now) {
        return Err(Error::conflict(
            ErrorCode::RsvpClosed,
            "The show has started, so answers are closed.",
        ));
    }
    if !party.rsvp_open(now) {
        return Err(Error::conflict(
            ErrorCode::RsvpClosed,
            "The RSVP deadline has passed.",
        ));
    }
    Ok(())
}

/// Cancelling: the creator (still a member) or a manager, before the show starts.
pub fn cancel(
    role: Role,
    actor: UserId,
    party: &WatchParty,
    now: DateTime<Utc>,
) -> Result<(), Error> {
    allow_if(role.is_member(), Refusal::PARTY_NEEDS_MEMBER)?;
    let creator = party.created_by == Some(actor);
    allow_if(
        creator || role.is_manager(),
        Refusal::CANCEL_NEEDS_CREATOR_OR_MODERATOR,
    )?;
    if party.status == PartyStatus::Cancelled {
        return Err(cancelled());
    }
    if party.is_past(now) {
        return Err(started());
    }
    Ok(())
}

/// Creating, rotating, revoking or reading the group's calendar feed URL.
pub fn manage_calendar(role: Role) -> Result<(), Error> {
    allow_if(role.is_manager(), Refusal::CALENDAR_NEEDS_MODERATOR)
}

/// What the viewer may do with a party, for the page's buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PartyCapabilities {
    pub answer: bool,
    pub confirm: bool,
    pub cancel: bool,
}

impl PartyCapabilities {
    pub fn of(role: Role, viewer: Option<UserId>, party: &WatchParty, now: DateTime<Utc>) -> Self {
        let Some(viewer) = viewer else {
            return Self::default();
        };
        Self {
            answer: answer(role, party, now).is_ok(),
            confirm: confirm(role, party, now).is_ok(),
            cancel: cancel(role, viewer, party, now).is_ok(),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::domain::watch_party::testing::party;
    use crate::use_cases::test_support::now;

    const MEMBERS: [Role; 3] = [Role::Member, Role::Moderator, Role::Owner];
    const OUTSIDERS: [Role; 2] = [Role::None, Role::Pending];

    #[test]
    fn private_parties_are_for_members_public_ones_for_all() {
        for role in Role::ALL {
            assert!(may_read(role, Visibility::Public).is_ok());
            let private = may_read(role, Visibility::Private);
            assert_eq!(private.is_ok(), role.is_member(), "{role:?}");
            if let Err(err) = private {
                assert_eq!(err.code(), "members_only");
            }
        }
    }

    #[test]
    fn managers_schedule_members_propose_outsiders_cannot() {
        assert_eq!(
            status_for_creator(Role::Owner).unwrap(),
            PartyStatus::Scheduled
        );
        assert_eq!(
            status_for_creator(Role::Moderator).unwrap(),
            PartyStatus::Scheduled
        );
        assert_eq!(
            status_for_creator(Role::Member).unwrap(),
            PartyStatus::Proposed
        );
        for role in OUTSIDERS {
            assert_eq!(status_for_creator(role).unwrap_err().code(), "members_only");
        }
    }

    #[test]
    fn only_managers_confirm_a_proposal_still_to_come() {
        let proposal = party(1, PartyStatus::Proposed, 4);
        assert!(confirm(Role::Owner, &proposal, now()).is_ok());
        assert!(confirm(Role::Moderator, &proposal, now()).is_ok());
        assert_eq!(
            confirm(Role::Member, &proposal, now()).unwrap_err().code(),
            "moderator_required"
        );
        for role in OUTSIDERS {
            assert_eq!(
                confirm(role, &proposal, now()).unwrap_err().code(),
                "members_only"
            );
        }
        let scheduled = party(1, PartyStatus::Scheduled, 2);
        assert_eq!(
            confirm(Role::Owner, &scheduled, now()).unwrap_err().code(),
            "not_proposed"
        );
        let gone = party(1, PartyStatus::Cancelled, 4);
        assert_eq!(
            confirm(Role::Owner, &gone, now()).unwrap_err().code(),
            "party_cancelled"
        );
        let later = proposal.show.start;
        assert_eq!(
            confirm(Role::Owner, &proposal, later).unwrap_err().code(),
            "party_past"
        );
    }

    #[test]
    fn members_answer_until_the_deadline_and_the_start() {
        let mut p = party(1, PartyStatus::Scheduled, 2);
        for role in MEMBERS {
            assert!(answer(role, &p, now()).is_ok(), "{role:?}");
        }
        for role in OUTSIDERS {
            assert_eq!(answer(role, &p, now()).unwrap_err().code(), "members_only");
        }
        let proposal = party(1, PartyStatus::Proposed, 4);
        assert!(answer(Role::Member, &proposal, now()).is_ok());
        p.rsvp_deadline = Some(now() + Duration::hours(3));
        assert!(answer(Role::Member, &p, now() + Duration::hours(2)).is_ok());
        let late = answer(Role::Member, &p, now() + Duration::hours(3)).unwrap_err();
        assert_eq!(late.code(), "rsvp_closed");
        assert_eq!(late.to_string(), "The RSVP deadline has passed.");
        p.rsvp_deadline = None;
        let started = answer(Role::Member, &p, p.show.start).unwrap_err();
        assert_eq!(started.code(), "rsvp_closed");
        let gone = party(1, PartyStatus::Cancelled, 2);
        assert_eq!(
            answer(Role::Member, &gone, now()).unwrap_err().code(),
            "party_cancelled"
        );
    }

    #[test]
    fn the_creator_or_a_manager_cancels_before_the_start() {
        let p = party(1, PartyStatus::Proposed, 4);
        assert!(cancel(Role::Member, UserId(4), &p, now()).is_ok());
        assert!(cancel(Role::Moderator, UserId(2), &p, now()).is_ok());
        assert!(cancel(Role::Owner, UserId(1), &p, now()).is_ok());
        assert_eq!(
            cancel(Role::Member, UserId(5), &p, now())
                .unwrap_err()
                .code(),
            "moderator_required"
        );
        // A creator who has left the group no longer acts in it.
        assert_eq!(
            cancel(Role::None, UserId(4), &p, now()).unwrap_err().code(),
            "members_only"
        );
        assert_eq!(
            cancel(Role::Owner, UserId(1), &p, p.show.start)
                .unwrap_err()
                .code(),
            "party_past"
        );
        let gone = party(1, PartyStatus::Cancelled, 4);
        assert_eq!(
            cancel(Role::Owner, UserId(1), &gone, now())
                .unwrap_err()
                .code(),
            "party_cancelled"
        );
    }

    #[test]
    fn managers_run_the_calendar_feed() {
        for role in Role::ALL {
            assert_eq!(manage_calendar(role).is_ok(), role.is_manager(), "{role:?}");
        }
    }

    #[test]
    fn capabilities_follow_the_rules() {
        let p = party(1, PartyStatus::Proposed, 4);
        let member = PartyCapabilities::of(Role::Member, Some(UserId(5)), &p, now());
        assert_eq!(
            member,
            PartyCapabilities {
                answer: true,
                confirm: false,
                cancel: false
            }
        );
        let creator = PartyCapabilities::of(Role::Member, Some(UserId(4)), &p, now());
        assert!(creator.cancel);
        let owner = PartyCapabilities::of(Role::Owner, Some(UserId(1)), &p, now());
        assert!(owner.answer && owner.confirm && owner.cancel);
        assert_eq!(
            PartyCapabilities::of(Role::None, None, &p, now()),
            PartyCapabilities::default()
        );
    }
}
