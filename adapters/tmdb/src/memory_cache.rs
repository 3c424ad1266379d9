//! A `MovieCache` in memory: for tests and for running without a database.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use leffaseura_core::domain::movie::RememberedMovie;
use leffaseura_core::ports::{CachedBody, MovieCache};
use leffaseura_core::{MovieId, StoreError};

#[derive(Debug, Default)]
pub struct MemoryMovieCache {
    entries: Mutex<HashMap<String, CachedBody>>,
    movies: Mutex<HashMap<MovieId, RememberedMovie>>,
}

impl MemoryMovieCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of cached answers.
    pub fn len(&self) -> usize {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of remembered movies.
    pub fn remembered_count(&self) -> usize {
        self.movies
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

#[async_trait]
impl MovieCache for MemoryMovieCache {
    async fn get(&self, key: &str) -> Result<Option<CachedBody>, StoreError> {
        Ok(self
            .entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(key)
            .cloned())
    }

    async fn put(&self, key: &str, entry: &CachedBody) -> Result<(), StoreError> {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key.to_owned(), entry.clone());
        Ok(())
    }

    async fn remember_movies(
        &self,
        movies: &[RememberedMovie],
        _: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut map = self.movies.lock().unwrap_or_else(PoisonError::into_inner);
        for movie in movies {
            map.insert(movie.id, movie.clone());
        }
        Ok(())
    }

    async fn find_movies(&self, ids: &[MovieId]) -> Result<Vec<RememberedMovie>, StoreError> {
        let map = self.movies.lock().unwrap_or_else(PoisonError::into_inner);
        Ok(ids.iter().filter_map(|id| map.get(id).cloned()).collect())
    }

    async fn purge_expired(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let count = entries.len();
        entries.retain(|_, e| e.expires_at >= before);
        Ok((count - entries.len()) as u64)
    }
}
