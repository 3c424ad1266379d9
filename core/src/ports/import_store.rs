//! Where import jobs and their items live (issue 13 §2).

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::import::{
    ImportItem, ImportJob, ImportStatus, ItemKind, ItemUpdate, Outcome, PlannedItem,
};
use crate::domain::paging::{PageRequest, Paged};
use crate::error::StoreError;
use crate::ids::{MovieId, UserId};

/// Persistence of imports. Every change of a job's status or an item's outcome is a
/// compare-and-set on the value the caller read, so a worker and a user (or two workers)
/// never both apply a change.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ImportStore: Send + Sync {
    /// Stores a job in `matching` with its items (in order), in one transaction.
    ///
    /// # Errors
    /// `NotFound` when the user is gone; `Backend` otherwise.
    async fn create_import(
        &self,
        user: UserId,
        items: &[PlannedItem],
        now: DateTime<Utc>,
    ) -> Result<ImportJob, StoreError>;

    /// One job with its counts, or `None`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_import(&self, id: i64) -> Result<Option<ImportJob>, StoreError>;

    /// A window of a job's items in file order, optionally only those with `outcome`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn list_items(
        &self,
        job: i64,
        outcome: Option<Outcome>,
        page: PageRequest,
    ) -> Result<Paged<ImportItem>, StoreError>;

    /// One item of a job, or `None`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_item(&self, job: i64, item: i64) -> Result<Option<ImportItem>, StoreError>;

    /// The first `limit` items (in file order) whose outcome is `outcome`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn items_with(
        &self,
        job: i64,
        outcome: Outcome,
        limit: i64,
    ) -> Result<Vec<ImportItem>, StoreError>;

    /// Applies `update` to the item if its outcome is still `expected`; `false` when it
    /// changed meanwhile (nothing written).
    ///
    /// # Errors
    /// `Backend` only.
    async fn update_item(
        &self,
        item: i64,
        expected: Outcome,
        update: &ItemUpdate,
    ) -> Result<bool, StoreError>;

    /// Which of `movies` the user already has as `kind` (a review by them, an entry on
    /// their watchlist).
    ///
    /// # Errors
    /// `Backend` only.
    async fn existing(
        &self,
        user: UserId,
        kind: ItemKind,
        movies: &[MovieId],
    ) -> Result<Vec<MovieId>, StoreError>;

    /// Which of `movies` another item of the job already brings in as `kind` (outcome
    /// `would_add` or `added`): two rows of one file for one film add it once.
    ///
    /// # Errors
    /// `Backend` only.
    async fn already_planned(
        &self,
        job: i64,
        kind: ItemKind,
        movies: &[MovieId],
    ) -> Result<Vec<MovieId>, StoreError>;

    /// Claims the oldest job with work to do ([`ImportStatus::needs_work`]) whose lease
    /// is free or ran out before `now`, leasing it to `worker` until `until`. Of two
    /// workers claiming at once, one gets it.
    ///
    /// # Errors
    /// `Backend` only.
    async fn claim_job(
        &self,
        worker: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<Option<ImportJob>, StoreError>;

    /// Moves the job from `from` to `to` if it is still in `from`, with `error` (for
    /// `failed`), freeing its lease. Moving to `importing` records how many items are
    /// `would_add` then. `false` when the status had changed (nothing written).
    ///
    /// # Errors
    /// `Backend` only.
    async fn set_status(
        &self,
        job: i64,
        from: ImportStatus,
        to: ImportStatus,
        error: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;

    /// Frees the job's lease if `worker` holds it.
    ///
    /// # Errors
    /// `Backend` only.
    async fn release_job(&self, job: i64, worker: &str) -> Result<(), StoreError>;
}
