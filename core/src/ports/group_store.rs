//! Where groups, their genres, memberships and moderation log live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::group::model::{
    Group, GroupChanges, GroupFilter, GroupMember, NewGroup, PendingRequest,
};
use crate::domain::group::Visibility;
use crate::domain::membership::{Role, SuccessionCandidate};
use crate::domain::moderation::{GroupLogEntry, NewGroupLogEntry};
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::permissions::viewer_role;
use crate::error::StoreError;
use crate::ids::{GroupId, MovieId, UserId};

/// What the group rules need to know about a group and one user in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupAccess {
    /// The group's `owner_id`.
    pub owner_id: UserId,
    /// The user's membership row, if any (pending included).
    pub membership: Option<Role>,
    pub visibility: Visibility,
}

impl GroupAccess {
    /// The user's role (see [`viewer_role`]: `owner_id` decides ownership).
    pub fn role_of(&self, user: UserId) -> Role {
        viewer_role(Some(user), self.owner_id, self.membership)
    }
}

/// What a write was decided on. The store applies the write only while all of it still
/// holds — checked inside the write's transaction, with the group locked — and answers
/// `Conflict(Stale)` (writing nothing) otherwise. A role is compared the way
/// [`viewer_role`] reads it: `Owner` means "is the group's `owner_id`", `None` means "has
/// no membership row".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Expected {
    pub roles: Vec<(UserId, Role)>,
    /// The group's visibility, when the decision depended on it (joining).
    pub visibility: Option<Visibility>,
}

/// One user's move from one role to another (the roles of the state machine; `None`
/// removes the membership row, `Pending` writes `requested_at`, other roles `joined_at`
/// when the user had no such role yet). Never `Owner`: see
/// [`GroupStore::transfer_ownership`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MembershipChange {
    pub group: GroupId,
    pub user: UserId,
    pub to: Role,
    pub at: DateTime<Utc>,
    pub expected: Expected,
    pub log: Option<NewGroupLogEntry>,
}

/// A group changing hands: `to` becomes the owner and `from` becomes `from_becomes`
/// (`None`: leaves the group, as when their account is being deleted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnershipTransfer {
    pub group: GroupId,
    pub from: UserId,
    pub to: UserId,
    pub from_becomes: Role,
    pub at: DateTime<Utc>,
    pub expected: Expected,
    pub log: NewGroupLogEntry,
}

/// Persistence of groups. Every write that changes memberships keeps
/// `member_count` equal to the rows (owner, moderators, members) in the same
/// transaction, and writes its moderation log entry in that transaction too. Writes of
/// one group are serialized (the group's row is locked first), so two simultaneous
/// decisions on the same state cannot both apply.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait GroupStore: Send + Sync {
    /// Stores the group, its genres and the owner's membership.
    ///
    /// # Errors
    /// `Conflict(GroupName)` when the name is taken (case-insensitively); `NotFound` when
    /// the owner is gone.
    async fn create_group(&self, group: &NewGroup) -> Result<GroupId, StoreError>;

    /// One group with `viewer`'s membership row, or `None`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_group(
        &self,
        group: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<Group>, StoreError>;

    /// The group's owner and visibility and `user`'s membership in it; `None` when there
    /// is no such group.
    ///
    /// # Errors
    /// `Backend` only.
    async fn group_access(
        &self,
        group: GroupId,
        user: UserId,
    ) -> Result<Option<GroupAccess>, StoreError>;

    /// A window of the groups `filter` selects (in its order), each with `viewer`'s
    /// membership row, and how many it selects in all.
    ///
    /// # Errors
    /// `Backend` only.
    async fn list_groups(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Paged<Group>, StoreError>;

    /// The window of [`GroupStore::list_groups`] without the count, for a list that shows
    /// no total (the popular groups).
    ///
    /// # Errors
    /// `Backend` only.
    async fn group_window(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Vec<Group>, StoreError>;

    /// The group's owner, moderators and members: the owner first, then moderators, then
    /// members, each longest-standing first (ties: lower user id).
    ///
    /// # Errors
    /// `Backend` only (an unknown group has no members).
    async fn members(&self, group: GroupId) -> Result<Vec<GroupMember>, StoreError>;

    /// The group's pending join requests, oldest first.
    ///
    /// # Errors
    /// `Backend` only.
    async fn pending_requests(&self, group: GroupId) -> Result<Vec<PendingRequest>, StoreError>;

    /// The group's moderation log, newest first (ties: higher id first).
    ///
    /// # Errors
    /// `Backend` only.
    async fn group_log(
        &self,
        group: GroupId,
        page: PageRequest,
    ) -> Result<Paged<GroupLogEntry>, StoreError>;

    /// Applies the changes (and `updated_at`, `activity_at`) and the log entry.
    ///
    /// # Errors
    /// `NotFound` when the group is gone; `Conflict(Stale)` when `expected` no longer
    /// holds; `Conflict(GroupName)` when the new name is taken.
    async fn update_group(
        &self,
        group: GroupId,
        changes: &GroupChanges,
        at: DateTime<Utc>,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError>;

    /// Deletes the group with its genres, memberships and group favorites; writes the log
    /// entry (which outlives the group in the site's log).
    ///
    /// # Errors
    /// `NotFound` when the group is gone; `Conflict(Stale)` when `expected` no longer
    /// holds.
    async fn delete_group(
        &self,
        group: GroupId,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError>;

    /// Moves one user to another role (see [`MembershipChange`]) and answers with their
    /// membership afterwards (`None` when out of the group or only pending).
    ///
    /// # Errors
    /// `NotFound` when the group (or, for a new row, the user) is gone;
    /// `Conflict(Stale)` when `expected` no longer holds.
    async fn change_membership(
        &self,
        change: &MembershipChange,
    ) -> Result<Option<GroupMember>, StoreError>;

    /// Hands the group over (see [`OwnershipTransfer`]).
    ///
    /// # Errors
    /// `NotFound` when the group is gone; `Conflict(Stale)` when `expected` no longer
    /// holds.
    async fn transfer_ownership(&self, transfer: &OwnershipTransfer) -> Result<(), StoreError>;

    /// Takes `movie` off the group's favorites; the log entry is written only when it was
    /// there. `false` when it was not.
    ///
    /// # Errors
    /// `NotFound` when the group is gone; `Conflict(Stale)` when `expected` no longer
    /// holds.
    async fn remove_group_favorite(
        &self,
        group: GroupId,
        movie: MovieId,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<bool, StoreError>;

    /// The groups `user` owns, by id.
    ///
    /// # Errors
    /// `Backend` only.
    async fn owned_groups(&self, user: UserId) -> Result<Vec<GroupId>, StoreError>;

    /// Everyone in the group but its owner (pending requests included, with their
    /// request time as `joined_at`), for [`crate::domain::membership::successor`].
    ///
    /// # Errors
    /// `Backend` only.
    async fn succession_candidates(
        &self,
        group: GroupId,
    ) -> Result<Vec<SuccessionCandidate>, StoreError>;

    /// Hands the group of an owner who is leaving for good (their account is being
    /// deleted) to `heir`, whom [`crate::domain::membership::successor`] chose from
    /// `candidates`, or deletes the group when there is no heir. The old owner's
    /// membership goes; the heir's role becomes owner. Applied only while `from` still
    /// owns the group and `candidates` are still exactly everyone else in it (same users,
    /// roles and times), so the heir is still the one the rule would choose.
    ///
    /// # Errors
    /// `NotFound` when the group is gone; `Conflict(Stale)` when the owner or the
    /// candidates changed.
    async fn hand_over_group(
        &self,
        group: GroupId,
        from: UserId,
        heir: Option<UserId>,
        candidates: &[SuccessionCandidate],
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError>;
}
