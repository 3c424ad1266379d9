//! Group watch parties (issue 13 §1). [`WatchParties`] holds the ports; reading is here,
//! the writes in `party_actions` (create, answer, confirm, cancel) and the iCalendar
//! downloads and the group feed in `party_calendar`.
//!
//! Writes follow the groups' pattern: read the party and the actor's role, let
//! [`crate::domain::watch_party::rules`] decide, and have the store apply the decision
//! only while the party (status, version) and the role are still what was read; when
//! another request changed them meanwhile, read again and decide again.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::domain::group::model::group_not_found;
use crate::domain::group::Visibility;
use crate::domain::membership::Role;
use crate::domain::user::User;
use crate::domain::watch_party::rules::{may_read, PartyCapabilities};
use crate::domain::watch_party::{PartyWhen, Rsvp, WatchParty};
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, PartyId, UserId};
use crate::ports::{Clock, GroupStore, WatchPartyStore};

/// How many parties one list holds at most.
pub const PARTY_LIST_MAX: i64 = 100;
/// How many next parties the homepage shows.
pub const NEXT_PARTIES_MAX: i64 = 5;

/// 404 `party_not_found`.
pub fn party_not_found() -> Error {
    Error::not_found(ErrorCode::PartyNotFound, "Watch party not found.")
}

/// A party as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyView {
    pub party: WatchParty,
    /// The viewer's role in the party's group.
    pub role: Role,
    pub my_answer: Option<Rsvp>,
    pub can: PartyCapabilities,
    /// The show has started: the party is history.
    pub past: bool,
}

/// Plan, read, answer, confirm and cancel watch parties; their calendars.
pub struct WatchParties {
    pub(crate) parties: Arc<dyn WatchPartyStore>,
    pub(crate) groups: Arc<dyn GroupStore>,
    pub(crate) clock: Arc<dyn Clock>,
}

impl WatchParties {
    pub fn new(
        parties: Arc<dyn WatchPartyStore>,
        groups: Arc<dyn GroupStore>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            parties,
            groups,
            clock,
        }
    }

    /// The viewer's role in the group and its visibility, or 404 `group_not_found`.
    pub(crate) async fn standing(
        &self,
        group: GroupId,
        viewer: Option<UserId>,
    ) -> Result<(Role, Visibility), Error> {
        match viewer {
            Some(user) => {
                let access = self
                    .groups
                    .group_access(group, user)
                    .await?
                    .ok_or_else(group_not_found)?;
                Ok((access.role_of(user), access.visibility))
            }
            None => {
                let found = self
                    .groups
                    .find_group(group, None)
                    .await?
                    .ok_or_else(group_not_found)?;
                Ok((Role::None, found.visibility))
            }
        }
    }

    /// The party and the viewer's role in its group, when the viewer may see it.
    pub(crate) async fn readable(
        &self,
        viewer: Option<UserId>,
        party: PartyId,
    ) -> Result<(WatchParty, Role), Error> {
        let found = self
            .parties
            .find_party(party)
            .await?
            .ok_or_else(party_not_found)?;
        let (role, visibility) = self.standing(found.group_id, viewer).await?;
        may_read(role, visibility)?;
        Ok((found, role))
    }

    pub(crate) fn view(
        party: WatchParty,
        role: Role,
        viewer: Option<UserId>,
        now: DateTime<Utc>,
    ) -> PartyView {
        PartyView {
            my_answer: viewer.and_then(|v| party.answer_of(v)),
            can: PartyCapabilities::of(role, viewer, &party, now),
            past: party.is_past(now),
            role,
            party,
        }
    }

    /// One party.
    ///
    /// # Errors
    /// `NotFound` `party_not_found`; `Forbidden` `members_only` (private group).
    pub async fn get_party(
        &self,
        viewer: Option<&User>,
        party: PartyId,
    ) -> Result<PartyView, Error> {
        let viewer = viewer.map(|u| u.id);
        let (found, role) = self.readable(viewer, party).await?;
        Ok(Self::view(found, role, viewer, self.clock.now()))
    }

    /// The group's upcoming parties (soonest first) or its history (latest first).
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `members_only` (private group);
    /// `Invalid` `invalid_parameter` for a `when` other than upcoming or past.
    pub async fn group_parties(
        &self,
        viewer: Option<&User>,
        group: GroupId,
        when: Option<&str>,
    ) -> Result<Vec<PartyView>, Error> {
        let when = PartyWhen::parse(when)?;
        let viewer = viewer.map(|u| u.id);
        let (role, visibility) = self.standing(group, viewer).await?;
        may_read(role, visibility)?;
        let now = self.clock.now();
        let found = self
            .parties
            .group_parties(group, when, now, PARTY_LIST_MAX)
            .await?;
        Ok(found
            .into_iter()
            .map(|p| Self::view(p, role, viewer, now))
            .collect())
    }

    /// The user's next parties (not cancelled) in the groups they are a member of.
    ///
    /// # Errors
    /// Store failures only.
    pub async fn my_parties(&self, user: &User) -> Result<Vec<PartyView>, Error> {
        let now = self.clock.now();
        let found = self
            .parties
            .user_parties(user.id, now, NEXT_PARTIES_MAX)
            .await?;
        let mut views = Vec::with_capacity(found.len());
        for party in found {
            // The role decides the buttons; the store picked member groups only.
            let (role, _) = self.standing(party.group_id, Some(user.id)).await?;
            views.push(Self::view(party, role, Some(user.id), now));
        }
        Ok(views)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! A group (7, owned by user 1) with fixed members and a mocked party store.

    use std::collections::HashMap;
    use std::sync::Arc;

    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::watch_party::WatchParty;
    use crate::ids::UserId;
    use crate::ports::clock::MockClock;
    use crate::ports::group_store::{GroupAccess, MockGroupStore};
    use crate::ports::watch_party_store::MockWatchPartyStore;
    use crate::use_cases::groups::testing::{stored_group, GROUP, OWNER};
    use crate::use_cases::test_support::now;

    use super::WatchParties;

    /// Owner 1, moderator 2, members 4 and 5, pending 6; anyone else is an outsider.
    pub fn rows() -> HashMap<UserId, Role> {
        [
            (1, Role::Owner),
            (2, Role::Moderator),
            (4, Role::Member),
            (5, Role::Member),
            (6, Role::Pending),
        ]
        .into_iter()
        .map(|(id, role)| (UserId(id), role))
        .collect()
    }

    pub fn group_store(visibility: Visibility) -> MockGroupStore {
        let rows = rows();
        let mut store = MockGroupStore::new();
        let access_rows = rows.clone();
        store.expect_group_access().returning(move |group, user| {
            Ok((group == GROUP).then(|| GroupAccess {
                owner_id: OWNER,
                membership: access_rows.get(&user).copied(),
                visibility,
            }))
        });
        store.expect_find_group().returning(move |group, viewer| {
            let row = viewer.and_then(|v| rows.get(&v).copied());
            Ok((group == GROUP).then(|| stored_group(visibility, row)))
        });
        store
    }

    /// A store holding `party` (any id finds it); writes are left to the test.
    pub fn holding(party: Option<WatchParty>) -> MockWatchPartyStore {
        let mut store = MockWatchPartyStore::new();
        store
            .expect_find_party()
            .returning(move |_| Ok(party.clone()));
        store
    }

    pub fn build(visibility: Visibility, parties: MockWatchPartyStore) -> WatchParties {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        WatchParties::new(
            Arc::new(parties),
            Arc::new(group_store(visibility)),
            Arc::new(clock),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::watch_party::testing::party;
    use crate::domain::watch_party::PartyStatus;
    use crate::ids::PartyId;
    use crate::use_cases::groups::testing::GROUP;
    use crate::use_cases::test_support::user;

    #[tokio::test]
    async fn private_parties_are_read_by_members_only_public_by_anyone() {
        let stored = party(3, PartyStatus::Scheduled, 2);
        let private = build(Visibility::Private, holding(Some(stored.clone())));
        let member = user(4, "user4", "pw");
        let seen = private.get_party(Some(&member), PartyId(3)).await.unwrap();
        assert_eq!(seen.role, Role::Member);
        assert!(seen.can.answer && !seen.can.confirm && !seen.can.cancel);
        for outsider in [None, Some(user(8, "user8", "pw")), Some(user(6, "p", "pw"))] {
            let err = private
                .get_party(outsider.as_ref(), PartyId(3))
                .await
                .unwrap_err();
            assert_eq!(err.code(), "members_only");
        }
        let public = build(Visibility::Public, holding(Some(stored)));
        let seen = public.get_party(None, PartyId(3)).await.unwrap();
        assert_eq!(seen.can, Default::default());
        let missing = build(Visibility::Public, holding(None));
        let err = missing.get_party(None, PartyId(9)).await.unwrap_err();
        assert_eq!(err.code(), "party_not_found");
    }

    #[tokio::test]
    async fn group_lists_check_visibility_and_when() {
        let mut store = holding(None);
        store
            .expect_group_parties()
            .returning(|_, _, _, _| Ok(vec![party(1, PartyStatus::Proposed, 4)]));
        let parties = build(Visibility::Private, store);
        let owner = user(1, "user1", "pw");
        let list = parties
            .group_parties(Some(&owner), GROUP, Some("past"))
            .await
            .unwrap();
        assert_eq!(list.len(), 1);
        assert!(list[0].can.confirm);
        let err = parties
            .group_parties(Some(&owner), GROUP, Some("soon"))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_parameter");
        let err = parties.group_parties(None, GROUP, None).await.unwrap_err();
        assert_eq!(err.code(), "members_only");
        let err = parties
            .group_parties(Some(&owner), crate::ids::GroupId(99), None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "group_not_found");
    }
}
