//! [`ShowtimeCache`] and [`ShowtimePreferenceStore`]: the feed's answers (in
//! `movie_cache`, beside the catalog's, under `finnkino:` keys), which catalog movie each
//! feed event is (`showtime_event_matches`), and each user's showtime preferences
//! (`showtime_preferences`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::Row;

use leffaseura_core::domain::showtime::{
    AgeRating, AreaId, EventId, EventMatch, MatchedMovie, ShowtimePreferences,
};
use leffaseura_core::ports::{CachedBody, MovieCache, ShowtimeCache, ShowtimePreferenceStore};
use leffaseura_core::{MovieId, StoreError, UserId};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::SqlStore;

/// Events per `IN (…)` lookup; well below every backend's bind-parameter limit.
const IDS_PER_QUERY: usize = 500;

fn match_from_row(row: &AnyRow) -> Result<EventMatch, StoreError> {
    let tmdb_id: Option<i64> = row.try_get("tmdb_id").map_err(store_error)?;
    let movie = match tmdb_id {
        None => None,
        Some(id) => Some(MatchedMovie {
            id: MovieId(id),
            title: row.try_get("title").map_err(store_error)?,
            original_title: row.try_get("original_title").map_err(store_error)?,
            release_year: row
                .try_get::<Option<i64>, _>("release_year")
                .map_err(store_error)?
                .and_then(|y| i32::try_from(y).ok()),
            poster_path: row.try_get("poster_path").map_err(store_error)?,
            overview: row.try_get("overview").map_err(store_error)?,
            vote_average: row.try_get("vote_average").map_err(store_error)?,
        }),
    };
    Ok(EventMatch {
        event_id: EventId(row.try_get("event_id").map_err(store_error)?),
        movie,
        confidence: row.try_get("confidence").map_err(store_error)?,
        checked_at: from_millis(row.try_get("checked_at").map_err(store_error)?)?,
    })
}

#[async_trait]
impl ShowtimeCache for SqlStore {
    async fn get_answer(&self, key: &str) -> Result<Option<CachedBody>, StoreError> {
        MovieCache::get(self, key).await
    }

    async fn put_answer(&self, key: &str, entry: &CachedBody) -> Result<(), StoreError> {
        MovieCache::put(self, key, entry).await
    }

    async fn purge_answers(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "DELETE FROM movie_cache WHERE cache_key LIKE 'finnkino:%' AND expires_at < $1",
        )
        .bind(to_millis(before))
        .execute(self.pool())
        .await
        .map_err(store_error)?;
        Ok(done.rows_affected())
    }

    async fn find_event_matches(&self, events: &[EventId]) -> Result<Vec<EventMatch>, StoreError> {
        let mut found = Vec::new();
        for chunk in events.chunks(IDS_PER_QUERY) {
            let placeholders = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!(
                "SELECT event_id, tmdb_id, title, original_title, release_year, poster_path, \
                 overview, vote_average, confidence, checked_at \
                 FROM showtime_event_matches WHERE event_id IN ({placeholders})"
            );
            let mut query = sqlx::query(&sql);
            for id in chunk {
                query = query.bind(id.0);
            }
            let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
            for row in &rows {
                found.push(match_from_row(row)?);
            }
        }
        Ok(found)
    }

    async fn save_event_matches(&self, matches: &[EventMatch]) -> Result<(), StoreError> {
        if matches.is_empty() {
            return Ok(());
        }
        let mut tx = self.begin_write().await?;
        for found in matches {
            let movie = found.movie.as_ref();
            sqlx::query(
                "INSERT INTO showtime_event_matches \
                 (event_id, tmdb_id, title, original_title, release_year, poster_path, overview, \
                  vote_average, confidence, checked_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (event_id) DO UPDATE SET \
                 tmdb_id = excluded.tmdb_id, title = excluded.title, \
                 original_title = excluded.original_title, release_year = excluded.release_year, \
                 poster_path = excluded.poster_path, overview = excluded.overview, \
                 vote_average = excluded.vote_average, confidence = excluded.confidence, \
                 checked_at = excluded.checked_at",
            )
            .bind(found.event_id.0)
            .bind(movie.map(|m| m.id.0))
            .bind(movie.map_or("", |m| m.title.as_str()))
            .bind(movie.map_or("", |m| m.original_title.as_str()))
            .bind(movie.and_then(|m| m.release_year).map(i64::from))
            .bind(movie.and_then(|m| m.poster_path.clone()))
            .bind(movie.map_or("", |m| m.overview.as_str()))
            .bind(movie.map_or(0.0, |m| m.vote_average))
            .bind(found.confidence.clamp(0.0, 1.0))
            .bind(to_millis(found.checked_at))
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        }
        tx.commit().await.map_err(store_error)
    }
}

fn flag(row: &AnyRow, column: &str) -> Result<bool, StoreError> {
    Ok(row.try_get::<i64, _>(column).map_err(store_error)? != 0)
}

#[async_trait]
impl ShowtimePreferenceStore for SqlStore {
    async fn showtime_preferences(
        &self,
        user: UserId,
    ) -> Result<Option<ShowtimePreferences>, StoreError> {
        let row = sqlx::query(
            "SELECT area_id, original_with_finnish_subtitles, finnish_dub, three_d, imax, \
             max_rating FROM showtime_preferences WHERE user_id = $1",
        )
        .bind(user.0)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let max_rating: Option<String> = row.try_get("max_rating").map_err(store_error)?;
        Ok(Some(ShowtimePreferences {
            area: row
                .try_get::<Option<i64>, _>("area_id")
                .map_err(store_error)?
                .map(AreaId),
            original_with_finnish_subtitles: flag(&row, "original_with_finnish_subtitles")?,
            finnish_dub: flag(&row, "finnish_dub")?,
            three_d: flag(&row, "three_d")?,
            imax: flag(&row, "imax")?,
            max_rating: max_rating
                .map(|r| AgeRating::parse(&r))
                .filter(|r| *r != AgeRating::Unknown),
        }))
    }

    async fn save_showtime_preferences(
        &self,
        user: UserId,
        preferences: &ShowtimePreferences,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let max_rating = preferences
            .max_rating
            .filter(|r| *r != AgeRating::Unknown)
            .map(AgeRating::as_str);
        sqlx::query(
            "INSERT INTO showtime_preferences \
             (user_id, area_id, original_with_finnish_subtitles, finnish_dub, three_d, imax, \
              max_rating, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (user_id) DO UPDATE SET \
             area_id = excluded.area_id, \
             original_with_finnish_subtitles = excluded.original_with_finnish_subtitles, \
             finnish_dub = excluded.finnish_dub, three_d = excluded.three_d, \
             imax = excluded.imax, max_rating = excluded.max_rating, \
             updated_at = excluded.updated_at",
        )
        .bind(user.0)
        .bind(preferences.area.map(|a| a.0))
        .bind(i64::from(preferences.original_with_finnish_subtitles))
        .bind(i64::from(preferences.finnish_dub))
        .bind(i64::from(preferences.three_d))
        .bind(i64::from(preferences.imax))
        .bind(max_rating)
        .bind(to_millis(at))
        .execute(self.pool())
        .await
        .map_err(store_error)?;
        Ok(())
    }
}
