//! A durable cache of catalog answers, and the record of every movie the catalog showed.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::movie::RememberedMovie;
use crate::error::StoreError;
use crate::ids::MovieId;

/// One cached answer: a serialized body and its lifetime.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedBody {
    pub body: String,
    pub fetched_at: DateTime<Utc>,
    /// After this the entry is stale: still served when the upstream fails.
    pub expires_at: DateTime<Utc>,
}

impl CachedBody {
    pub fn is_fresh(&self, now: DateTime<Utc>) -> bool {
        now < self.expires_at
    }
}

/// Storage for catalog answers (kept past expiry, so that stale answers can be served
/// when the upstream is down) and for remembered movies.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MovieCache: Send + Sync {
    /// The entry under `key`, fresh or not.
    ///
    /// # Errors
    /// `Backend` only; a missing entry is `Ok(None)`.
    async fn get(&self, key: &str) -> Result<Option<CachedBody>, StoreError>;

    /// Stores (or replaces) the entry under `key`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn put(&self, key: &str, entry: &CachedBody) -> Result<(), StoreError>;

    /// Inserts or refreshes the records of these movies, as seen `at`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn remember_movies(
        &self,
        movies: &[RememberedMovie],
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// The records of those of `ids` that were seen, in no particular order.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_movies(&self, ids: &[MovieId]) -> Result<Vec<RememberedMovie>, StoreError>;

    /// Deletes cached answers that expired before `before` (too old to be worth serving
    /// even as stale), returning how many went. The default keeps everything.
    ///
    /// # Errors
    /// `Backend` only.
    async fn purge_expired(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let _ = before;
        Ok(0)
    }
}
