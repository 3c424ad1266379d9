//! [`GroupStore`] over the shared schema: `groups` (with `member_count`, `activity_at`
//! and the folded search columns of migration 0003), `group_genres`, `group_members` (the
//! owner has a row with role `owner` too; a pending request has `requested_at` and no
//! `joined_at`) and the group entries of `moderation_log`.
//!
//! Consistency: see [`writes`] — one lock per group, compare-and-set of the roles a
//! decision was made on, `member_count` kept by trigger in the same transaction.
//!
//! Cost: a group page is one row read plus its genres; its member list walks the
//! group's part of `group_members_pkey`; popular groups walk `groups_popular_idx`; a
//! user's groups start from `group_members_user_idx`; a search reads its groups through
//! the pieces of their folded names and descriptions (see [`grams`]: a query of up to
//! three characters is counted by counters and paged by a short walk; a longer one reads
//! the groups that have its rarest piece), and every list joins owners and memberships to
//! its window only (see [`lists`]).

mod grams;
mod lists;
mod reads;
mod search;
mod writes;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use leffaseura_core::domain::group::model::{
    Group, GroupChanges, GroupFilter, GroupMember, NewGroup, PendingRequest,
};
use leffaseura_core::domain::membership::SuccessionCandidate;
use leffaseura_core::domain::moderation::{GroupLogEntry, NewGroupLogEntry};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::ports::group_store::{
    Expected, GroupAccess, MembershipChange, OwnershipTransfer,
};
use leffaseura_core::ports::GroupStore;
use leffaseura_core::{GroupId, MovieId, StoreError, UserId};

use crate::community_cache::Shelf;
use crate::error::retrying;
use crate::SqlStore;

#[async_trait]
impl GroupStore for SqlStore {
    async fn create_group(&self, group: &NewGroup) -> Result<GroupId, StoreError> {
        self.changing(retrying(|| self.create_group_once(group)))
            .await
    }

    async fn find_group(
        &self,
        group: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<Group>, StoreError> {
        self.for_viewer(
            viewer,
            || format!("group:{}", group.0),
            |viewer| self.find_group_row(group, viewer),
        )
        .await
    }

    async fn group_access(
        &self,
        group: GroupId,
        user: UserId,
    ) -> Result<Option<GroupAccess>, StoreError> {
        self.kept_on(
            Shelf::Facts,
            || format!("access:{}:{}", group.0, user.0),
            || reads::access(self.pool(), group, user),
        )
        .await
    }

    async fn list_groups(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Paged<Group>, StoreError> {
        self.for_viewer(
            viewer,
            || format!("groups:{filter:?}:{page:?}"),
            |viewer| self.list_group_rows(filter, viewer, page),
        )
        .await
    }

    async fn group_window(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Vec<Group>, StoreError> {
        self.for_viewer(
            viewer,
            || format!("group_window:{filter:?}:{page:?}"),
            |viewer| self.group_window_rows(filter, viewer, page),
        )
        .await
    }

    async fn members(&self, group: GroupId) -> Result<Vec<GroupMember>, StoreError> {
        self.member_rows(group).await
    }

    async fn pending_requests(&self, group: GroupId) -> Result<Vec<PendingRequest>, StoreError> {
        self.pending_rows(group).await
    }

    async fn group_log(
        &self,
        group: GroupId,
        page: PageRequest,
    ) -> Result<Paged<GroupLogEntry>, StoreError> {
        self.log_rows(group, page).await
    }

    async fn update_group(
        &self,
        group: GroupId,
        changes: &GroupChanges,
        at: DateTime<Utc>,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        self.changing(retrying(|| {
            self.update_group_once(group, changes, at, expected, log)
        }))
        .await
    }

    async fn delete_group(
        &self,
        group: GroupId,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        self.changing(retrying(|| self.delete_group_once(group, expected, log)))
            .await
    }

    async fn change_membership(
        &self,
        change: &MembershipChange,
    ) -> Result<Option<GroupMember>, StoreError> {
        self.changing(retrying(|| self.change_membership_once(change)))
            .await
    }

    async fn transfer_ownership(&self, transfer: &OwnershipTransfer) -> Result<(), StoreError> {
        self.changing(retrying(|| self.transfer_once(transfer)))
            .await
    }

    async fn remove_group_favorite(
        &self,
        group: GroupId,
        movie: MovieId,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<bool, StoreError> {
        self.changing(retrying(|| {
            self.remove_group_favorite_once(group, movie, expected, log)
        }))
        .await
    }

    async fn owned_groups(&self, user: UserId) -> Result<Vec<GroupId>, StoreError> {
        self.owned_group_ids(user).await
    }

    async fn succession_candidates(
        &self,
        group: GroupId,
    ) -> Result<Vec<SuccessionCandidate>, StoreError> {
        reads::candidates(self.pool(), group).await
    }

    async fn hand_over_group(
        &self,
        group: GroupId,
        from: UserId,
        heir: Option<UserId>,
        candidates: &[SuccessionCandidate],
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        self.changing(retrying(|| {
            self.hand_over_once(group, from, heir, candidates, log)
        }))
        .await
    }
}
