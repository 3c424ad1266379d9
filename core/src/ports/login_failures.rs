//! Runs of failed logins per (client address, email), kept where every server process
//! sees them: with several processes on one database, a guesser cannot multiply the
//! allowance of [`crate::domain::login_lock`] by spreading attempts over them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::login_lock::{FailureRun, LoginPair};
use crate::error::StoreError;

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait LoginFailureLedger: Send + Sync {
    /// The pair's run of failures, if it has one.
    ///
    /// # Errors
    /// `Backend` only.
    async fn failure_run(&self, pair: &LoginPair) -> Result<Option<FailureRun>, StoreError>;

    /// Counts one failure at `at` and returns the run it is now part of: the pair's run,
    /// or a new run of one when there is none or it began at or before `over_by` (it has
    /// ended). Concurrent calls never lose a count (one atomic upsert).
    ///
    /// # Errors
    /// `Backend` only.
    async fn record_failure(
        &self,
        pair: &LoginPair,
        at: DateTime<Utc>,
        over_by: DateTime<Utc>,
    ) -> Result<FailureRun, StoreError>;

    /// Forgets the pair's run (a successful login).
    ///
    /// # Errors
    /// `Backend` only.
    async fn clear_failures(&self, pair: &LoginPair) -> Result<(), StoreError>;

    /// Forgets every run that began at or before `over_by` (ended ones), returning how
    /// many went.
    ///
    /// # Errors
    /// `Backend` only.
    async fn forget_failures(&self, over_by: DateTime<Utc>) -> Result<u64, StoreError>;
}
