//! [`LoginFailureLedger`]: runs of failed logins in `login_failures`, one row per
//! (client, email), counted with one atomic upsert so that concurrent failures on any
//! number of server processes are all counted.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::Row;

use leffaseura_core::domain::login_lock::{FailureRun, LoginPair};
use leffaseura_core::ports::LoginFailureLedger;
use leffaseura_core::StoreError;

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::SqlStore;

fn run_from_row(row: &AnyRow) -> Result<FailureRun, StoreError> {
    let failures: i64 = row.try_get("failures").map_err(store_error)?;
    Ok(FailureRun {
        failures: u32::try_from(failures).unwrap_or(u32::MAX),
        first_at: from_millis(row.try_get("first_at").map_err(store_error)?)?,
    })
}

#[async_trait]
impl LoginFailureLedger for SqlStore {
    async fn failure_run(&self, pair: &LoginPair) -> Result<Option<FailureRun>, StoreError> {
        sqlx::query(
            "SELECT failures, first_at FROM login_failures WHERE client = $1 AND email = $2",
        )
        .bind(&pair.client)
        .bind(&pair.email)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?
        .as_ref()
        .map(run_from_row)
        .transpose()
    }

    async fn record_failure(
        &self,
        pair: &LoginPair,
        at: DateTime<Utc>,
        over_by: DateTime<Utc>,
    ) -> Result<FailureRun, StoreError> {
        // Both SET expressions read the row as it was (SQL's rule on both backends).
        let row = sqlx::query(
            "INSERT INTO login_failures (client, email, failures, first_at) \
             VALUES ($1, $2, 1, $3) \
             ON CONFLICT (client, email) DO UPDATE SET \
             failures = CASE WHEN login_failures.first_at <= $4 THEN 1 \
                        ELSE login_failures.failures + 1 END, \
             first_at = CASE WHEN login_failures.first_at <= $4 THEN excluded.first_at \
                        ELSE login_failures.first_at END \
             RETURNING failures, first_at",
        )
        .bind(&pair.client)
        .bind(&pair.email)
        .bind(to_millis(at))
        .bind(to_millis(over_by))
        .fetch_one(self.pool())
        .await
        .map_err(store_error)?;
        run_from_row(&row)
    }

    async fn clear_failures(&self, pair: &LoginPair) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM login_failures WHERE client = $1 AND email = $2")
            .bind(&pair.client)
            .bind(&pair.email)
            .execute(self.pool())
            .await
            .map_err(store_error)?;
        Ok(())
    }

    async fn forget_failures(&self, over_by: DateTime<Utc>) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM login_failures WHERE first_at <= $1")
            .bind(to_millis(over_by))
            .execute(self.pool())
            .await
            .map_err(store_error)?;
        Ok(done.rows_affected())
    }
}
