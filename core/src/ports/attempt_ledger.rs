//! Counters of rate-limited attempts (logins, registrations per client address), kept
//! where every server process sees them: with several processes on one database, a
//! client cannot multiply its allowance by spreading its attempts over them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::rate_limit::LimitedAction;
use crate::error::StoreError;

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait AttemptLedger: Send + Sync {
    /// Counts one attempt of `action` by `client` in the window that began at
    /// `window_start`, and returns how many that window holds now, this one included.
    /// Concurrent calls never lose a count (one atomic increment).
    ///
    /// # Errors
    /// `Backend` only.
    async fn count_attempt(
        &self,
        action: LimitedAction,
        client: &str,
        window_start: DateTime<Utc>,
    ) -> Result<u32, StoreError>;

    /// Forgets the counts of `action` in windows that began before `before`, returning
    /// how many counters went.
    ///
    /// # Errors
    /// `Backend` only.
    async fn forget_attempts(
        &self,
        action: LimitedAction,
        before: DateTime<Utc>,
    ) -> Result<u64, StoreError>;
}
