//! Site-wide numbers for the admin (`stats`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::stats::SiteStats;
use crate::error::StoreError;

/// Counts over the whole database.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait StatsStore: Send + Sync {
    /// The site's numbers at `now` (which decides which timed bans still hold): users
    /// "active" since `week_ago` and `month_ago` are those who wrote or edited a review
    /// or reacted to one since then; the `top` movies by review count and groups by
    /// member count (ties: lower id first).
    ///
    /// # Errors
    /// `Backend` only.
    async fn site_stats(
        &self,
        now: DateTime<Utc>,
        week_ago: DateTime<Utc>,
        month_ago: DateTime<Utc>,
        top: i64,
    ) -> Result<SiteStats, StoreError>;
}
