//! The writes of watch parties: plan one from a show, answer, confirm a proposal, cancel
//! (API.md, Watch parties). See [`crate::use_cases::watch_parties`] for how they stay
//! correct when two requests race.

use chrono::{DateTime, Utc};

use crate::domain::user::User;
use crate::domain::watch_party::rules::{self, status_for_creator};
use crate::domain::watch_party::{
    check_deadline, parse_cancel_reason, parse_note, NewParty, PartyShow, PartyStatus, Rsvp,
};
use crate::error::{Error, StoreError};
use crate::ids::{GroupId, PartyId};
use crate::ports::watch_party_store::{NewAnswer, PartyGuard, StatusChange};
use crate::use_cases::groups::{busy, is_stale, MAX_ATTEMPTS};
use crate::use_cases::watch_parties::{party_not_found, PartyView, WatchParties};

/// A party to plan: the show as the showtimes listed it, a note, an optional deadline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanParty {
    pub show: PartyShow,
    pub note: String,
    pub rsvp_deadline: Option<DateTime<Utc>>,
}

fn party_write_error(err: StoreError) -> Error {
    match err {
        StoreError::NotFound => party_not_found(),
        other => other.into(),
    }
}

impl WatchParties {
    /// Plans a party for `group`: scheduled when an owner or moderator plans it, a
    /// proposal when a member does.
    ///
    /// # Errors
    /// `Invalid` `invalid_show` (also for a show that has started), `invalid_party_note`,
    /// `invalid_deadline`; `Forbidden` `members_only`; `NotFound` `group_not_found`;
    /// `Conflict` `concurrent_change`.
    pub async fn create_party(
        &self,
        actor: &User,
        group: GroupId,
        plan: PlanParty,
    ) -> Result<PartyView, Error> {
        let now = self.clock.now();
        let show = plan.show.checked(now)?;
        let note = parse_note(&plan.note)?;
        let rsvp_deadline = check_deadline(plan.rsvp_deadline, show.start, now)?;
        for _ in 0..MAX_ATTEMPTS {
            let (role, _) = self.standing(group, Some(actor.id)).await?;
            let status = status_for_creator(role)?;
            let party = NewParty {
                group,
                show: show.clone(),
                note: note.clone(),
                rsvp_deadline,
                status,
                created_by: actor.id,
                created_by_name: actor.username.clone(),
                created_at: now,
            };
            match self.parties.create_party(&party, role).await {
                Ok(id) => return self.get_party(Some(actor), id).await,
                Err(err) if is_stale(&err) => continue,
                Err(StoreError::NotFound) => {
                    return Err(crate::domain::group::model::group_not_found())
                }
                Err(err) => return Err(err.into()),
            }
        }
        Err(busy())
    }

    /// Sets (or changes) the actor's answer.
    ///
    /// # Errors
    /// `Invalid` `invalid_answer`; `NotFound` `party_not_found`; `Forbidden`
    /// `members_only`; `Conflict` `rsvp_closed`, `party_cancelled`, `concurrent_change`.
    pub async fn answer_party(
        &self,
        actor: &User,
        party: PartyId,
        answer: &str,
    ) -> Result<PartyView, Error> {
        let answer = Rsvp::parse(answer)?;
        for _ in 0..MAX_ATTEMPTS {
            let (found, role) = self.readable(Some(actor.id), party).await?;
            let now = self.clock.now();
            rules::answer(role, &found, now)?;
            let write = NewAnswer {
                party,
                user: actor.id,
                answer,
                at: now,
                expected: PartyGuard::of(&found),
                role,
            };
            match self.parties.answer_party(&write).await {
                Ok(()) => return self.get_party(Some(actor), party).await,
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(party_write_error(err)),
            }
        }
        Err(busy())
    }

    /// Confirms a member's proposal (owner or moderator).
    ///
    /// # Errors
    /// `NotFound` `party_not_found`; `Forbidden` `members_only`, `moderator_required`;
    /// `Conflict` `not_proposed`, `party_cancelled`, `party_past`, `concurrent_change`.
    pub async fn confirm_party(&self, actor: &User, party: PartyId) -> Result<PartyView, Error> {
        self.change_status(actor, party, PartyStatus::Scheduled, None)
            .await
    }

    /// Calls the party off (its creator, the owner or a moderator); declining a proposal
    /// is cancelling it. Members see the reason.
    ///
    /// # Errors
    /// `Invalid` `invalid_cancel_reason`; `NotFound` `party_not_found`; `Forbidden`
    /// `members_only`, `moderator_required`; `Conflict` `party_cancelled`, `party_past`,
    /// `concurrent_change`.
    pub async fn cancel_party(
        &self,
        actor: &User,
        party: PartyId,
        reason: &str,
    ) -> Result<PartyView, Error> {
        let reason = parse_cancel_reason(reason)?;
        self.change_status(actor, party, PartyStatus::Cancelled, Some(reason))
            .await
    }

    async fn change_status(
        &self,
        actor: &User,
        party: PartyId,
        to: PartyStatus,
        reason: Option<String>,
    ) -> Result<PartyView, Error> {
        for _ in 0..MAX_ATTEMPTS {
            let (found, role) = self.readable(Some(actor.id), party).await?;
            let now = self.clock.now();
            match to {
                PartyStatus::Scheduled => rules::confirm(role, &found, now)?,
                _ => rules::cancel(role, actor.id, &found, now)?,
            }
            let change = StatusChange {
                party,
                to,
                reason: reason.clone(),
                at: now,
                expected: PartyGuard::of(&found),
            };
            match self.parties.change_status(&change).await {
                Ok(()) => return self.get_party(Some(actor), party).await,
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(party_write_error(err)),
            }
        }
        Err(busy())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use chrono::Duration;

    use super::*;
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::watch_party::testing::{party, show};
    use crate::error::Conflict;
    use crate::use_cases::groups::testing::GROUP;
    use crate::use_cases::test_support::{now, user};
    use crate::use_cases::watch_parties::testing::{build, holding};

    fn plan() -> PlanParty {
        PlanParty {
            show: show(),
            note: "Lobby bar at 18:30".into(),
            rsvp_deadline: Some(now() + Duration::days(1)),
        }
    }

    #[tokio::test]
    async fn managers_schedule_members_propose_and_outsiders_are_refused() {
        for (who, expected) in [
            (1, Some(PartyStatus::Scheduled)),
            (2, Some(PartyStatus::Scheduled)),
            (4, Some(PartyStatus::Proposed)),
            (6, None),
            (8, None),
        ] {
            let created = Arc::new(Mutex::new(Vec::new()));
            let seen = created.clone();
            let mut store = holding(Some(party(1, PartyStatus::Scheduled, who)));
            store.expect_create_party().returning(move |new, role| {
                seen.lock().unwrap().push((new.status, role));
                Ok(PartyId(1))
            });
            let result = build(Visibility::Private, store)
                .create_party(&user(who, "u", "pw"), GROUP, plan())
                .await;
            match expected {
                Some(status) => {
                    result.unwrap();
                    let created = created.lock().unwrap();
                    assert_eq!(created.len(), 1);
                    assert_eq!(created[0].0, status, "user {who}");
                }
                None => {
                    assert_eq!(result.unwrap_err().code(), "members_only");
                    assert!(created.lock().unwrap().is_empty());
                }
            }
        }
    }

    #[tokio::test]
    async fn bad_plans_are_refused_before_anything_is_read() {
        let cases = [
            (
                PlanParty {
                    show: PartyShow {
                        start: now() - Duration::minutes(5),
                        ..show()
                    },
                    ..plan()
                },
                "show_started",
            ),
            (
                PlanParty {
                    note: "x".repeat(1001),
                    ..plan()
                },
                "invalid_party_note",
            ),
            (
                PlanParty {
                    rsvp_deadline: Some(show().start + Duration::hours(1)),
                    ..plan()
                },
                "invalid_deadline",
            ),
        ];
        for (bad, code) in cases {
            let mut store = holding(None);
            store.expect_create_party().never();
            let err = build(Visibility::Private, store)
                .create_party(&user(1, "owner", "pw"), GROUP, bad)
                .await
                .unwrap_err();
            assert_eq!(err.code(), code);
        }
    }

    #[tokio::test]
    async fn an_answer_is_guarded_by_the_party_and_the_role_read() {
        let writes = Arc::new(Mutex::new(Vec::new()));
        let seen = writes.clone();
        let mut store = holding(Some(party(3, PartyStatus::Scheduled, 2)));
        store.expect_answer_party().returning(move |a| {
            seen.lock().unwrap().push(a.clone());
            Ok(())
        });
        let parties = build(Visibility::Private, store);
        parties
            .answer_party(&user(5, "u5", "pw"), PartyId(3), "maybe")
            .await
            .unwrap();
        let err = parties
            .answer_party(&user(5, "u5", "pw"), PartyId(3), "perhaps")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_answer");
        let err = parties
            .answer_party(&user(8, "u8", "pw"), PartyId(3), "going")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "members_only");
        let writes = writes.lock().unwrap();
        assert_eq!(writes.len(), 1);
        assert_eq!(writes[0].answer, Rsvp::Maybe);
        assert_eq!(writes[0].role, Role::Member);
        assert_eq!(writes[0].expected.version, 1);
    }

    #[tokio::test]
    async fn answers_close_at_the_deadline() {
        let mut closed = party(3, PartyStatus::Scheduled, 2);
        closed.rsvp_deadline = Some(now());
        let mut store = holding(Some(closed));
        store.expect_answer_party().never();
        let err = build(Visibility::Private, store)
            .answer_party(&user(5, "u5", "pw"), PartyId(3), "going")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "rsvp_closed");
    }

    #[tokio::test]
    async fn a_lost_race_is_decided_again_on_what_is_there_now() {
        // The first read sees a proposal; while confirming, another moderator cancelled
        // it: the store refuses as stale and the second read sees the cancellation.
        let reads = Arc::new(Mutex::new(0));
        let counter = reads.clone();
        let mut store = crate::ports::watch_party_store::MockWatchPartyStore::new();
        store.expect_find_party().returning(move |_| {
            let mut n = counter.lock().unwrap();
            *n += 1;
            let status = if *n == 1 {
                PartyStatus::Proposed
            } else {
                PartyStatus::Cancelled
            };
            Ok(Some(party(3, status, 4)))
        });
        store
            .expect_change_status()
            .times(1)
            .returning(|_| Err(StoreError::Conflict(Conflict::Stale)));
        let err = build(Visibility::Private, store)
            .confirm_party(&user(2, "mod", "pw"), PartyId(3))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "party_cancelled");
    }

    #[tokio::test]
    async fn cancelling_keeps_the_reason_and_checks_its_length() {
        let changes = Arc::new(Mutex::new(Vec::new()));
        let seen = changes.clone();
        let mut store = holding(Some(party(3, PartyStatus::Proposed, 4)));
        store.expect_change_status().returning(move |c| {
            seen.lock().unwrap().push(c.clone());
            Ok(())
        });
        let parties = build(Visibility::Private, store);
        parties
            .cancel_party(&user(4, "creator", "pw"), PartyId(3), " Sold out ")
            .await
            .unwrap();
        let err = parties
            .cancel_party(&user(5, "other", "pw"), PartyId(3), "")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "moderator_required");
        let err = parties
            .cancel_party(&user(1, "owner", "pw"), PartyId(3), &"x".repeat(501))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_cancel_reason");
        let changes = changes.lock().unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].to, PartyStatus::Cancelled);
        assert_eq!(changes[0].reason.as_deref(), Some("Sold out"));
    }
}
