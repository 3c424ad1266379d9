//! The store's part in showtimes: cached feed answers, and the remembered outcome of
//! matching each feed event to a catalog movie.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::showtime::{EventId, EventMatch};
use crate::error::StoreError;
use crate::ports::movie_cache::CachedBody;

/// Durable storage for showtime answers (kept past expiry, so that a stale copy can be
/// served when the feed fails) and for event matches.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ShowtimeCache: Send + Sync {
    /// The answer cached under `key`, fresh or not.
    ///
    /// # Errors
    /// `Backend` only; a missing entry is `Ok(None)`.
    async fn get_answer(&self, key: &str) -> Result<Option<CachedBody>, StoreError>;

    /// Stores (or replaces) the answer under `key`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn put_answer(&self, key: &str, entry: &CachedBody) -> Result<(), StoreError>;

    /// Deletes answers that expired before `before`, returning how many went.
    ///
    /// # Errors
    /// `Backend` only.
    async fn purge_answers(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;

    /// The remembered matches of those of `events` that were looked up, in no order.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_event_matches(&self, events: &[EventId]) -> Result<Vec<EventMatch>, StoreError>;

    /// Remembers (or replaces) these matches.
    ///
    /// # Errors
    /// `Backend` only.
    async fn save_event_matches(&self, matches: &[EventMatch]) -> Result<(), StoreError>;
}
