//! Where watch parties, their answers and the groups' calendar feed tokens live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::membership::Role;
use crate::domain::watch_party::{
    NewParty, PartyStatus, PartyWhen, PersonalParty, Rsvp, WatchParty,
};
use crate::error::StoreError;
use crate::ids::{GroupId, PartyId, UserId};

/// The state of a party a decision was made on: the write applies only while the party
/// still has this status and version (`Conflict(Stale)` otherwise, writing nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartyGuard {
    pub status: PartyStatus,
    pub version: i64,
}

impl PartyGuard {
    pub fn of(party: &WatchParty) -> Self {
        Self {
            status: party.status,
            version: party.version,
        }
    }
}

/// A status change (confirm: to `Scheduled`; cancel: to `Cancelled` with a reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChange {
    pub party: PartyId,
    pub to: PartyStatus,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
    pub expected: PartyGuard,
}

/// A member's answer, decided while they had `role` in the party's group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAnswer {
    pub party: PartyId,
    pub user: UserId,
    pub answer: Rsvp,
    pub at: DateTime<Utc>,
    pub expected: PartyGuard,
    pub role: Role,
}

/// Persistence of watch parties.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait WatchPartyStore: Send + Sync {
    /// Stores the party, applied only while its creator still has `creator_role` in the
    /// group (`Owner`: is the group's owner).
    ///
    /// # Errors
    /// `NotFound` when the group is gone; `Conflict(Stale)` when the role changed.
    async fn create_party(
        &self,
        party: &NewParty,
        creator_role: Role,
    ) -> Result<PartyId, StoreError>;

    /// One party with the answers of the group's current members, or `None`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_party(&self, party: PartyId) -> Result<Option<WatchParty>, StoreError>;

    /// At most `limit` of the group's parties, as [`PartyWhen`] orders them, relative to
    /// `now`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn group_parties(
        &self,
        group: GroupId,
        when: PartyWhen,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<WatchParty>, StoreError>;

    /// The next (not cancelled, show still to come) parties of the groups `user` is a
    /// member of, soonest first, at most `limit`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn user_parties(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<WatchParty>, StoreError>;

    /// Every party `user` answered or created, with their own answer, oldest show first
    /// (their export; parties of groups they left included).
    ///
    /// # Errors
    /// `Backend` only.
    async fn person_parties(&self, user: UserId) -> Result<Vec<PersonalParty>, StoreError>;

    /// Changes the status (the version grows by one).
    ///
    /// # Errors
    /// `NotFound` when the party is gone; `Conflict(Stale)` when `expected` no longer
    /// holds.
    async fn change_status(&self, change: &StatusChange) -> Result<(), StoreError>;

    /// Writes (or replaces) the member's answer.
    ///
    /// # Errors
    /// `NotFound` when the party is gone; `Conflict(Stale)` when the party or the
    /// member's role changed.
    async fn answer_party(&self, answer: &NewAnswer) -> Result<(), StoreError>;

    /// The group's calendar feed token, if it has one.
    ///
    /// # Errors
    /// `Backend` only.
    async fn calendar_token(&self, group: GroupId) -> Result<Option<String>, StoreError>;

    /// Sets (replacing any older one) or, with `None`, removes the group's feed token.
    ///
    /// # Errors
    /// `NotFound` when the group is gone.
    async fn set_calendar_token(
        &self,
        group: GroupId,
        token: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// The group whose feed token is `token`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn calendar_group(&self, token: &str) -> Result<Option<GroupId>, StoreError>;
}
