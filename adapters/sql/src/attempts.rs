//! [`AttemptLedger`]: counters of rate-limited attempts in `rate_limit_attempts`, one row
//! per (action, client, window), bumped with one atomic upsert so that concurrent
//! attempts on any number of server processes are all counted.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::Row;

use leffaseura_core::domain::rate_limit::LimitedAction;
use leffaseura_core::ports::AttemptLedger;
use leffaseura_core::StoreError;

use crate::error::store_error;
use crate::time::to_millis;
use crate::SqlStore;

#[async_trait]
impl AttemptLedger for SqlStore {
    async fn count_attempt(
        &self,
        action: LimitedAction,
        client: &str,
        window_start: DateTime<Utc>,
    ) -> Result<u32, StoreError> {
        let row = sqlx::query(
            "INSERT INTO rate_limit_attempts (action, client, window_start, attempts) \
             VALUES ($1, $2, $3, 1) \
             ON CONFLICT (action, client, window_start) \
             DO UPDATE SET attempts = rate_limit_attempts.attempts + 1 \
             RETURNING attempts",
        )
        .bind(action.as_str())
        .bind(client)
        .bind(to_millis(window_start))
        .fetch_one(self.pool())
        .await
        .map_err(store_error)?;
        let attempts: i64 = row.try_get("attempts").map_err(store_error)?;
        Ok(u32::try_from(attempts).unwrap_or(u32::MAX))
    }

    async fn forget_attempts(
        &self,
        action: LimitedAction,
        before: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let done =
            sqlx::query("DELETE FROM rate_limit_attempts WHERE action = $1 AND window_start < $2")
                .bind(action.as_str())
                .bind(to_millis(before))
                .execute(self.pool())
                .await
                .map_err(store_error)?;
        Ok(done.rows_affected())
    }
}
