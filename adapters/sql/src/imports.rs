//! [`ImportStore`]: Letterboxd import jobs and their items (migration 0012). A worker's
//! claim is one `UPDATE … WHERE lease is free` (a compare-and-set), a status change one
//! `UPDATE … WHERE status = <read>`, an item's outcome one `UPDATE … WHERE outcome =
//! <read>`: whoever loses a race changes nothing and learns it from the row count.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::Row;

use leffaseura_core::domain::import::{
    Candidate, ImportItem, ImportJob, ImportStatus, ItemKind, ItemUpdate, MatchStatus, Outcome,
    OutcomeCounts, PlannedItem, SkipReason,
};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::ports::ImportStore;
use leffaseura_core::{MovieId, StoreError, UserId};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::SqlStore;

const ITEM_COLUMNS: &str = "id, job_id, position, kind, title, year, rating, \
    rating_defaulted, text, watched_at, match_status, candidates, tmdb_id, outcome, reason";

fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Backend(format!("unknown import {what} {value:?}").into())
}

fn item_from_row(row: &AnyRow) -> Result<ImportItem, StoreError> {
    let text = |name: &str| row.try_get::<String, _>(name).map_err(store_error);
    let kind = text("kind")?;
    let match_status = text("match_status")?;
    let outcome = text("outcome")?;
    let reason: Option<String> = row.try_get("reason").map_err(store_error)?;
    let candidates: Vec<Candidate> = serde_json::from_str(&text("candidates")?)
        .map_err(|err| StoreError::Backend(Box::new(err)))?;
    let year: Option<i64> = row.try_get("year").map_err(store_error)?;
    let watched_at: Option<i64> = row.try_get("watched_at").map_err(store_error)?;
    let tmdb_id: Option<i64> = row.try_get("tmdb_id").map_err(store_error)?;
    let defaulted: i64 = row.try_get("rating_defaulted").map_err(store_error)?;
    Ok(ImportItem {
        id: row.try_get("id").map_err(store_error)?,
        job_id: row.try_get("job_id").map_err(store_error)?,
        position: row.try_get("position").map_err(store_error)?,
        planned: PlannedItem {
            kind: ItemKind::parse(&kind).ok_or_else(|| corrupt("kind", &kind))?,
            title: text("title")?,
            year: year.and_then(|y| i32::try_from(y).ok()),
            rating: row.try_get("rating").map_err(store_error)?,
            rating_defaulted: defaulted != 0,
            text: row.try_get("text").map_err(store_error)?,
            logged_at: watched_at.map(from_millis).transpose()?,
            skip: match reason {
                None => None,
                Some(r) => Some(SkipReason::parse(&r).ok_or_else(|| corrupt("reason", &r))?),
            },
        },
        match_status: MatchStatus::parse(&match_status)
            .ok_or_else(|| corrupt("match status", &match_status))?,
        candidates,
        tmdb_id: tmdb_id.map(MovieId),
        outcome: Outcome::parse(&outcome).ok_or_else(|| corrupt("outcome", &outcome))?,
    })
}

fn candidates_json(candidates: &[Candidate]) -> Result<String, StoreError> {
    serde_json::to_string(candidates).map_err(|err| StoreError::Backend(Box::new(err)))
}

impl SqlStore {
    async fn counts(&self, job: i64) -> Result<(OutcomeCounts, i64), StoreError> {
        let rows = sqlx::query(
            "SELECT outcome, CAST(COUNT(*) AS BIGINT) AS n, \
             CAST(SUM(rating_defaulted) AS BIGINT) AS defaulted, \
             CAST(SUM(CASE WHEN match_status = 'pending' THEN 1 ELSE 0 END) AS BIGINT) AS pending \
             FROM import_items WHERE job_id = $1 GROUP BY outcome",
        )
        .bind(job)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        let mut counts = OutcomeCounts::default();
        let mut unmatched_yet = 0;
        for row in rows {
            let outcome: String = row.try_get("outcome").map_err(store_error)?;
            let outcome = Outcome::parse(&outcome).ok_or_else(|| corrupt("outcome", &outcome))?;
            counts.add(outcome, row.try_get("n").map_err(store_error)?);
            let defaulted: Option<i64> = row.try_get("defaulted").map_err(store_error)?;
            if matches!(outcome, Outcome::WouldAdd | Outcome::Added) {
                counts.rating_defaulted += defaulted.unwrap_or(0);
            }
            let pending: Option<i64> = row.try_get("pending").map_err(store_error)?;
            unmatched_yet += pending.unwrap_or(0);
        }
        Ok((counts, unmatched_yet))
    }

    async fn job_from_row(&self, row: &AnyRow) -> Result<ImportJob, StoreError> {
        let id: i64 = row.try_get("id").map_err(store_error)?;
        let status: String = row.try_get("status").map_err(store_error)?;
        let (counts, unmatched_yet) = self.counts(id).await?;
        Ok(ImportJob {
            id,
            user_id: UserId(row.try_get("user_id").map_err(store_error)?),
            status: ImportStatus::parse(&status).ok_or_else(|| corrupt("status", &status))?,
            error: row.try_get("error").map_err(store_error)?,
            counts,
            unmatched_yet,
            to_import: row.try_get("to_import").map_err(store_error)?,
            created_at: from_millis(row.try_get("created_at").map_err(store_error)?)?,
            updated_at: from_millis(row.try_get("updated_at").map_err(store_error)?)?,
        })
    }
}

/// Items per INSERT (12 values each, well under SQLite's 32,766 placeholders).
const INSERT_CHUNK: usize = 200;

const JOB_COLUMNS: &str = "id, user_id, status, error, to_import, created_at, updated_at";

#[async_trait]
impl ImportStore for SqlStore {
    async fn create_import(
        &self,
        user: UserId,
        items: &[PlannedItem],
        now: DateTime<Utc>,
    ) -> Result<ImportJob, StoreError> {
        let mut tx = self.begin_write().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO import_jobs (user_id, source, status, created_at, updated_at) \
             SELECT id, 'letterboxd', 'matching', $2, $2 FROM users WHERE id = $1 RETURNING id",
        )
        .bind(user.0)
        .bind(to_millis(now))
        .fetch_optional(&mut *tx)
        .await
        .map_err(store_error)?
        .ok_or(StoreError::NotFound)?;
        // Many rows per statement: a 10,000-row upload is 100 round trips, not 10,000.
        for (chunk_no, chunk) in items.chunks(INSERT_CHUNK).enumerate() {
            let rows: Vec<String> = (0..chunk.len())
                .map(|r| {
                    let at = r * 12;
                    let cells: Vec<String> = (1..=12).map(|c| format!("${}", at + c)).collect();
                    format!("({})", cells.join(", "))
                })
                .collect();
            let sql = format!(
                "INSERT INTO import_items (job_id, position, kind, title, year, rating, \
                 rating_defaulted, text, watched_at, match_status, outcome, reason) VALUES {}",
                rows.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for (n, item) in chunk.iter().enumerate() {
                let (match_status, outcome) = item.initial();
                let position = chunk_no * INSERT_CHUNK + n;
                query = query
                    .bind(id)
                    .bind(i64::try_from(position).unwrap_or(i64::MAX))
                    .bind(item.kind.as_str())
                    .bind(item.title.clone())
                    .bind(item.year.map(i64::from))
                    .bind(item.rating)
                    .bind(i64::from(item.rating_defaulted))
                    .bind(item.text.clone())
                    .bind(item.logged_at.map(to_millis))
                    .bind(match_status.as_str())
                    .bind(outcome.as_str())
                    .bind(item.skip.map(SkipReason::as_str));
            }
            query.execute(&mut *tx).await.map_err(store_error)?;
        }
        tx.commit().await.map_err(store_error)?;
        self.find_import(id).await?.ok_or(StoreError::NotFound)
    }

    async fn find_import(&self, id: i64) -> Result<Option<ImportJob>, StoreError> {
        let sql = format!("SELECT {JOB_COLUMNS} FROM import_jobs WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?;
        match row {
            Some(row) => Ok(Some(self.job_from_row(&row).await?)),
            None => Ok(None),
        }
    }

    async fn list_items(
        &self,
        job: i64,
        outcome: Option<Outcome>,
        page: PageRequest,
    ) -> Result<Paged<ImportItem>, StoreError> {
        let filter = if outcome.is_some() {
            "job_id = $1 AND outcome = $2"
        } else {
            "job_id = $1 AND $2 = ''"
        };
        let wanted = outcome.map_or("", Outcome::as_str);
        let total: i64 = sqlx::query_scalar(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM import_items WHERE {filter}"
        ))
        .bind(job)
        .bind(wanted)
        .fetch_one(self.pool())
        .await
        .map_err(store_error)?;
        let rows = sqlx::query(&format!(
            "SELECT {ITEM_COLUMNS} FROM import_items WHERE {filter} \
             ORDER BY position LIMIT $3 OFFSET $4"
        ))
        .bind(job)
        .bind(wanted)
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        Ok(Paged {
            items: rows.iter().map(item_from_row).collect::<Result<_, _>>()?,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    async fn find_item(&self, job: i64, item: i64) -> Result<Option<ImportItem>, StoreError> {
        sqlx::query(&format!(
            "SELECT {ITEM_COLUMNS} FROM import_items WHERE job_id = $1 AND id = $2"
        ))
        .bind(job)
        .bind(item)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?
        .as_ref()
        .map(item_from_row)
        .transpose()
    }

    async fn items_with(
        &self,
        job: i64,
        outcome: Outcome,
        limit: i64,
    ) -> Result<Vec<ImportItem>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ITEM_COLUMNS} FROM import_items WHERE job_id = $1 AND outcome = $2 \
             ORDER BY position LIMIT $3"
        ))
        .bind(job)
        .bind(outcome.as_str())
        .bind(limit)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        rows.iter().map(item_from_row).collect()
    }

    async fn update_item(
        &self,
        item: i64,
        expected: Outcome,
        update: &ItemUpdate,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE import_items SET match_status = $1, candidates = $2, tmdb_id = $3, \
             outcome = $4 WHERE id = $5 AND outcome = $6",
        )
        .bind(update.match_status.as_str())
        .bind(candidates_json(&update.candidates)?)
        .bind(update.tmdb_id.map(|id| id.0))
        .bind(update.outcome.as_str())
        .bind(item)
        .bind(expected.as_str())
        .execute(self.pool())
        .await
        .map_err(store_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn existing(
        &self,
        user: UserId,
        kind: ItemKind,
        movies: &[MovieId],
    ) -> Result<Vec<MovieId>, StoreError> {
        if movies.is_empty() {
            return Ok(Vec::new());
        }
        let table = match kind {
            ItemKind::Review => "reviews WHERE user_id = $1",
            // Type 1: the watchlist.
            ItemKind::Watchlist => "favorites WHERE type = 1 AND user_id = $1",
            ItemKind::Rating => return Ok(Vec::new()),
        };
        let placeholders: Vec<String> = (0..movies.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!(
            "SELECT DISTINCT movie_id FROM {table} AND movie_id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query_scalar::<_, i64>(&sql).bind(user.0);
        for movie in movies {
            query = query.bind(movie.0);
        }
        let found = query.fetch_all(self.pool()).await.map_err(store_error)?;
        Ok(found.into_iter().map(MovieId).collect())
    }

    async fn already_planned(
        &self,
        job: i64,
        kind: ItemKind,
        movies: &[MovieId],
    ) -> Result<Vec<MovieId>, StoreError> {
        if movies.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (0..movies.len()).map(|i| format!("${}", i + 3)).collect();
        let sql = format!(
            "SELECT DISTINCT tmdb_id FROM import_items WHERE job_id = $1 AND kind = $2 \
             AND outcome IN ('would_add', 'added') AND tmdb_id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query_scalar::<_, i64>(&sql)
            .bind(job)
            .bind(kind.as_str());
        for movie in movies {
            query = query.bind(movie.0);
        }
        let found = query.fetch_all(self.pool()).await.map_err(store_error)?;
        Ok(found.into_iter().map(MovieId).collect())
    }

    async fn claim_job(
        &self,
        worker: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<Option<ImportJob>, StoreError> {
        let candidates: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM import_jobs WHERE status IN ('matching', 'importing') \
             AND (lease_until IS NULL OR lease_until < $1) ORDER BY id LIMIT 5",
        )
        .bind(to_millis(now))
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        for id in candidates {
            let claimed = sqlx::query(
                "UPDATE import_jobs SET lease_owner = $1, lease_until = $2 WHERE id = $3 \
                 AND status IN ('matching', 'importing') \
                 AND (lease_until IS NULL OR lease_until < $4)",
            )
            .bind(worker)
            .bind(to_millis(until))
            .bind(id)
            .bind(to_millis(now))
            .execute(self.pool())
            .await
            .map_err(store_error)?;
            if claimed.rows_affected() == 1 {
                return self.find_import(id).await;
            }
        }
        Ok(None)
    }

    async fn set_status(
        &self,
        job: i64,
        from: ImportStatus,
        to: ImportStatus,
        error: Option<String>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE import_jobs SET status = $1, error = $2, updated_at = $3, \
             lease_owner = NULL, lease_until = NULL, \
             to_import = CASE WHEN $1 = 'importing' THEN (SELECT CAST(COUNT(*) AS BIGINT) \
                 FROM import_items WHERE job_id = $4 AND outcome = 'would_add') \
                 ELSE to_import END \
             WHERE id = $4 AND status = $5",
        )
        .bind(to.as_str())
        .bind(error)
        .bind(to_millis(now))
        .bind(job)
        .bind(from.as_str())
        .execute(self.pool())
        .await
        .map_err(store_error)?;
        Ok(done.rows_affected() == 1)
    }

    async fn release_job(&self, job: i64, worker: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE import_jobs SET lease_owner = NULL, lease_until = NULL \
             WHERE id = $1 AND lease_owner = $2",
        )
        .bind(job)
        .bind(worker)
        .execute(self.pool())
        .await
        .map_err(store_error)?;
        Ok(())
    }
}
