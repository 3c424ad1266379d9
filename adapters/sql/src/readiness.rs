//! Readiness beyond "the database answers": after a write failed for lack of space, the
//! readiness check also proves that a write fits again, so that a load balancer stops
//! sending traffic to a server whose writes fail and sends it again once space is back.
//!
//! A failed write is noticed where sqlx errors are translated ([`crate::error`]), which
//! knows no store; so failures count in one process-wide epoch, and each store remembers
//! the epoch its last successful write probe covered. One process normally has one store;
//! when tests run several, a full disk in one makes the others probe once (harmless), and
//! no store's success hides another's failure.

use std::sync::atomic::{AtomicU64, Ordering};

use leffaseura_core::StoreError;

use crate::error::store_error;
use crate::SqlStore;

/// How many writes of this process have failed with a full disk (only ever grows).
static FULL_EPOCH: AtomicU64 = AtomicU64::new(0);

/// A write probe's row: larger than a page, so it needs room the database may not have.
const PROBE_BYTES: usize = 5000;

/// Called for every write that failed with "database or disk is full".
pub(crate) fn saw_storage_full() {
    FULL_EPOCH.fetch_add(1, Ordering::AcqRel);
}

/// The current epoch, for a new store (it has seen no failure yet).
pub(crate) fn current_epoch() -> u64 {
    FULL_EPOCH.load(Ordering::Acquire)
}

impl SqlStore {
    /// Whether a write failed for lack of space since this store last proved it can write.
    fn storage_full_suspected(&self) -> bool {
        self.probed_epoch.load(Ordering::Acquire) < FULL_EPOCH.load(Ordering::Acquire)
    }

    /// `SELECT 1`; and while a full disk is suspected, a committed write of a page-sized row
    /// (the previous probe's row is deleted only after it, so the new one needs fresh room).
    ///
    /// # Errors
    /// `Unavailable` when the database does not answer, `Full` while writes still do not fit.
    pub(crate) async fn check_ready(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1")
            .execute(self.pool())
            .await
            .map_err(store_error)?;
        if !self.storage_full_suspected() {
            return Ok(());
        }
        let epoch = FULL_EPOCH.load(Ordering::Acquire);
        self.probe_write().await?;
        self.probed_epoch.fetch_max(epoch, Ordering::AcqRel);
        Ok(())
    }

    async fn probe_write(&self) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let id: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(MAX(id), 0) + 1 AS BIGINT) FROM readiness_probe",
        )
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error)?;
        sqlx::query("INSERT INTO readiness_probe (id, filler) VALUES ($1, $2)")
            .bind(id)
            .bind("x".repeat(PROBE_BYTES))
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        sqlx::query("DELETE FROM readiness_probe WHERE id < $1")
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        tx.commit().await.map_err(store_error)
    }
}
