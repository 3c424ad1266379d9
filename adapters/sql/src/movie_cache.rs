//! [`MovieCache`] over the `movie_cache` and `movies` tables: catalog answers kept past
//! their expiry (so stale ones can be served when TMDB is down), and every movie seen.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::Row;

use leffaseura_core::domain::movie::RememberedMovie;
use leffaseura_core::ports::{CachedBody, MovieCache};
use leffaseura_core::{MovieId, StoreError};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::SqlStore;

/// Ids per `IN (…)` lookup; well below every backend's bind-parameter limit.
const IDS_PER_QUERY: usize = 500;

fn movie_from_row(row: &AnyRow) -> Result<RememberedMovie, StoreError> {
    Ok(RememberedMovie {
        id: MovieId(row.try_get("id").map_err(store_error)?),
        title: row.try_get("title").map_err(store_error)?,
        original_title: row.try_get("original_title").map_err(store_error)?,
        release_date: row.try_get("release_date").map_err(store_error)?,
        release_year: row
            .try_get::<Option<i64>, _>("release_year")
            .map_err(store_error)?
            .and_then(|y| i32::try_from(y).ok()),
        poster: row.try_get("poster_path").map_err(store_error)?,
        vote_average: row.try_get("vote_average").map_err(store_error)?,
    })
}

#[async_trait]
impl MovieCache for SqlStore {
    async fn get(&self, key: &str) -> Result<Option<CachedBody>, StoreError> {
        let row = sqlx::query(
            "SELECT body, fetched_at, expires_at FROM movie_cache WHERE cache_key = $1",
        )
        .bind(key)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        Ok(Some(CachedBody {
            body: row.try_get("body").map_err(store_error)?,
            fetched_at: from_millis(row.try_get("fetched_at").map_err(store_error)?)?,
            expires_at: from_millis(row.try_get("expires_at").map_err(store_error)?)?,
        }))
    }

    async fn put(&self, key: &str, entry: &CachedBody) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO movie_cache (cache_key, body, fetched_at, expires_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (cache_key) DO UPDATE SET \
             body = excluded.body, fetched_at = excluded.fetched_at, expires_at = excluded.expires_at",
        )
        .bind(key)
        .bind(entry.body.as_str())
        .bind(to_millis(entry.fetched_at))
        .bind(to_millis(entry.expires_at))
        .execute(self.pool())
        .await
        .map_err(store_error)?;
        Ok(())
    }

    async fn remember_movies(
        &self,
        movies: &[RememberedMovie],
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if movies.is_empty() {
            return Ok(());
        }
        let now = to_millis(at);
        let mut tx = self.begin_write().await?;
        for movie in movies {
            sqlx::query(
                "INSERT INTO movies \
                 (id, title, original_title, release_date, release_year, poster_path, vote_average, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (id) DO UPDATE SET \
                 title = excluded.title, original_title = excluded.original_title, \
                 release_date = excluded.release_date, release_year = excluded.release_year, \
                 poster_path = excluded.poster_path, vote_average = excluded.vote_average, \
                 updated_at = excluded.updated_at",
            )
            .bind(movie.id.0)
            .bind(movie.title.as_str())
            .bind(movie.original_title.as_str())
            .bind(movie.release_date.as_str())
            .bind(movie.release_year.map(i64::from))
            .bind(movie.poster.clone())
            .bind(movie.vote_average)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        }
        tx.commit().await.map_err(store_error)
    }

    async fn find_movies(&self, ids: &[MovieId]) -> Result<Vec<RememberedMovie>, StoreError> {
        let mut found = Vec::new();
        for chunk in ids.chunks(IDS_PER_QUERY) {
            let placeholders = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!(
                "SELECT id, title, original_title, release_date, release_year, poster_path, vote_average \
                 FROM movies WHERE id IN ({placeholders})"
            );
            let mut query = sqlx::query(&sql);
            for id in chunk {
                query = query.bind(id.0);
            }
            let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
            for row in &rows {
                found.push(movie_from_row(row)?);
            }
        }
        Ok(found)
    }

    async fn purge_expired(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM movie_cache WHERE expires_at < $1")
            .bind(to_millis(before))
            .execute(self.pool())
            .await
            .map_err(store_error)?;
        Ok(done.rows_affected())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{install_drivers, Backend};
    use chrono::TimeZone;

    async fn store() -> SqlStore {
        install_drivers();
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect("sqlite::memory:")
            .await
            .unwrap();
        // The two tables as the migrations create them.
        for ddl in [
            "CREATE TABLE movies (id INTEGER PRIMARY KEY, title TEXT NOT NULL, \
             original_title TEXT NOT NULL DEFAULT '', release_date TEXT NOT NULL DEFAULT '', \
             release_year INTEGER, poster_path TEXT, vote_average REAL, updated_at INTEGER NOT NULL)",
            "CREATE TABLE movie_cache (cache_key TEXT PRIMARY KEY, body TEXT NOT NULL, \
             fetched_at INTEGER NOT NULL, expires_at INTEGER NOT NULL)",
        ] {
            sqlx::query(ddl).execute(&pool).await.unwrap();
        }
        SqlStore::new(pool, Backend::Sqlite)
    }

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, hour, 0, 0).unwrap()
    }

    fn movie(id: i64, title: &str, poster: Option<&str>) -> RememberedMovie {
        RememberedMovie {
            id: MovieId(id),
            title: title.into(),
            original_title: format!("{title} (original)"),
            release_date: if poster.is_some() {
                "1999-10-15".into()
            } else {
                String::new()
            },
            release_year: poster.map(|_| 1999),
            poster: poster.map(str::to_owned),
            vote_average: poster.map(|_| 8.4),
        }
    }

    #[tokio::test]
    async fn cache_entries_round_trip_and_are_replaced() {
        let store = store().await;
        assert_eq!(store.get("k").await.unwrap(), None);
        let first = CachedBody {
            body: r#"{"a":"ä"}"#.into(),
            fetched_at: at(1),
            expires_at: at(2),
        };
        store.put("k", &first).await.unwrap();
        assert_eq!(store.get("k").await.unwrap(), Some(first));
        let second = CachedBody {
            body: "{}".into(),
            fetched_at: at(3),
            expires_at: at(4),
        };
        store.put("k", &second).await.unwrap();
        assert_eq!(store.get("k").await.unwrap(), Some(second));
    }

    #[tokio::test]
    async fn long_expired_entries_are_purged() {
        let store = store().await;
        for (key, expires) in [("old", at(1)), ("recent", at(5)), ("fresh", at(9))] {
            let entry = CachedBody {
                body: "{}".into(),
                fetched_at: at(0),
                expires_at: expires,
            };
            store.put(key, &entry).await.unwrap();
        }
        assert_eq!(store.purge_expired(at(5)).await.unwrap(), 1);
        assert_eq!(store.get("old").await.unwrap(), None);
        assert!(store.get("recent").await.unwrap().is_some());
        assert!(store.get("fresh").await.unwrap().is_some());
    }

    #[tokio::test]
    async fn movies_are_upserted_and_found_by_id() {
        let store = store().await;
        store
            .remember_movies(
                &[
                    movie(550, "Fight Club", Some("https://img/fc.jpg")),
                    movie(7, "Bare", None),
                ],
                at(0),
            )
            .await
            .unwrap();
        store
            .remember_movies(
                &[movie(550, "Taistelukerho", Some("https://img/fc2.jpg"))],
                at(1),
            )
            .await
            .unwrap();
        store.remember_movies(&[], at(2)).await.unwrap();
        let mut found = store
            .find_movies(&[MovieId(550), MovieId(7), MovieId(8)])
            .await
            .unwrap();
        found.sort_by_key(|m| m.id);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0], movie(7, "Bare", None));
        assert_eq!(
            found[1],
            movie(550, "Taistelukerho", Some("https://img/fc2.jpg"))
        );
        assert!(store.find_movies(&[]).await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn many_ids_are_looked_up_in_chunks() {
        let store = store().await;
        let movies: Vec<RememberedMovie> = (1..=1200).map(|i| movie(i, "M", None)).collect();
        store.remember_movies(&movies, at(0)).await.unwrap();
        let ids: Vec<MovieId> = (1..=1300).map(MovieId).collect();
        assert_eq!(store.find_movies(&ids).await.unwrap().len(), 1200);
    }
}
