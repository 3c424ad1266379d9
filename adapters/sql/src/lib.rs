//! The relational store of Leffaseura, written once over sqlx's `Any` driver so that the
//! same SQL runs on SQLite (the embedded default) and Postgres (production).
//!
//! Portability rules every statement here follows:
//! - placeholders are `$1, $2, …` (SQLite accepts them too);
//! - ids, counters, flags (0/1) and timestamps (Unix epoch **milliseconds**) are 64-bit
//!   integers; aggregates are `CAST` to `BIGINT` / `DOUBLE PRECISION` so `Any` decodes them;
//! - case-insensitive uniqueness uses key columns lower-cased in Rust (`username_key`,
//!   `groups.name_key`), because SQLite's `lower()` only folds ASCII;
//! - write transactions start with `BEGIN IMMEDIATE` on SQLite (see [`SqlStore::begin_write`])
//!   so that concurrent writers queue on `busy_timeout` instead of failing.
//!
//! The connection set-up and the migrations live in `leffaseura-sqlite` and
//! `leffaseura-postgres`; both hand back a [`SqlStore`].

mod attempts;
mod community_cache;
mod error;
mod favorites;
mod flights;
mod groups;
mod imports;
mod liveness;
mod login_failures;
mod movie_cache;
mod pool_metrics;
mod readiness;
mod reports;
mod reviews;
mod showtimes;
mod stats;
mod time;
mod users;
mod watch_parties;
mod window;

#[cfg(feature = "contract")]
pub mod contract;
#[cfg(feature = "contract")]
pub mod testing;

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use sqlx::{Any, Connection, Transaction};

use leffaseura_core::{StoreError, UserId};

pub use community_cache::{ChangeFeed, CommunityCache};
use community_cache::{Lookup, Shelf};
pub use error::{classify, is_transient, store_error};
use flights::Flight;
pub use time::{from_millis, to_millis};

/// Which database a [`SqlStore`] talks to; the few statements that differ look at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The one store implementation, for both backends. Cheap to clone (the pool is shared).
#[derive(Debug, Clone)]
pub struct SqlStore {
    pool: AnyPool,
    backend: Backend,
    /// The full-disk epoch this store's last successful write probe covered (see
    /// [`readiness`]).
    probed_epoch: Arc<AtomicU64>,
    /// Public profiles and answers in memory (the server turns it on; see
    /// [`community_cache`]).
    profiles: Option<Arc<CommunityCache>>,
}

impl SqlStore {
    /// Wraps a pool that the backend crate configured (pragmas, limits, migrations).
    pub fn new(pool: AnyPool, backend: Backend) -> Self {
        Self {
            pool,
            backend,
            probed_epoch: Arc::new(AtomicU64::new(readiness::current_epoch())),
            profiles: None,
        }
    }

    /// Serves public profiles from `cache` (after the migrations: the cache relies on the
    /// change reports of migration 0013).
    #[must_use]
    pub fn with_community_cache(mut self, cache: Arc<CommunityCache>) -> Self {
        self.profiles = Some(cache);
        self
    }

    /// After a commit that changed the `users` row of `id`: this process reads it afresh.
    fn profile_changed(&self, id: i64) {
        if let Some(cache) = &self.profiles {
            cache.evict(id);
        }
    }

    /// After a commit that changed many `users` rows.
    fn profiles_changed(&self) {
        if let Some(cache) = &self.profiles {
            cache.clear();
        }
    }

    /// After a commit that changed reviews, reactions, favorites, groups or memberships:
    /// this process answers afresh.
    fn answers_changed(&self) {
        if let Some(cache) = &self.profiles {
            cache.answers_changed();
        }
    }

    /// Runs `write`, then forgets the answers it may have changed: whatever it reports,
    /// since a commit may come before a failure.
    async fn changing<T>(&self, write: impl std::future::Future<Output = T>) -> T {
        let outcome = write.await;
        self.answers_changed();
        outcome
    }

    /// `read` for `viewer`; an anonymous reader's answer through [`cached`](Self::cached)
    /// under `key` (a signed-in reader's carries their own reactions and roles).
    async fn for_viewer<T, F, Fut>(
        &self,
        viewer: Option<UserId>,
        key: impl FnOnce() -> String,
        read: F,
    ) -> Result<T, StoreError>
    where
        T: Clone + Send + Sync + 'static,
        F: FnOnce(Option<UserId>) -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>>,
    {
        match viewer {
            None => self.cached(key, || read(None)).await,
            Some(_) => read(viewer).await,
        }
    }

    /// The public answer under `key` (see [`community_cache`]), from memory when it is
    /// kept, else from `read`, kept for the next reader. Only for answers that depend on
    /// nothing but the community's tables and `key`: never one shaped by who asks.
    async fn cached<T, F, Fut>(
        &self,
        key: impl FnOnce() -> String,
        read: F,
    ) -> Result<T, StoreError>
    where
        T: Clone + Send + Sync + 'static,
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>>,
    {
        self.kept_on(Shelf::Answers, key, read).await
    }

    /// The entry under `key` on `shelf` (see [`cached`](Self::cached)). On
    /// [`Shelf::Facts`], a small fact about one reader (their role in a group, their
    /// reactions on a page): `key` must name the reader.
    async fn kept_on<T, F, Fut>(
        &self,
        shelf: Shelf,
        key: impl FnOnce() -> String,
        read: F,
    ) -> Result<T, StoreError>
    where
        T: Clone + Send + Sync + 'static,
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>>,
    {
        self.kept_if(shelf, key, read, |_| true).await
    }

    /// As [`kept_on`](Self::kept_on), but an answer read afresh is kept only when
    /// `worth_keeping` says so.
    async fn kept_if<T, F, Fut>(
        &self,
        shelf: Shelf,
        key: impl FnOnce() -> String,
        read: F,
        worth_keeping: impl FnOnce(&T) -> bool,
    ) -> Result<T, StoreError>
    where
        T: Clone + Send + Sync + 'static,
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>>,
    {
        let Some(cache) = &self.profiles else {
            return read().await;
        };
        let key = key();
        let mut leading = None;
        let mut followed = false;
        let epoch = loop {
            let epoch = match cache.kept::<T>(shelf, &key).await {
                Lookup::Hit(answer) => return Ok(answer),
                Lookup::Miss(epoch) => epoch,
                Lookup::Bypass => break None,
            };
            if followed {
                break Some(epoch);
            }
            match cache.flight(shelf, &key) {
                Flight::Lead(lead) => {
                    leading = Some(lead);
                    break Some(epoch);
                }
                Flight::Follow(done) => {
                    flights::landed(done).await;
                    // Looked up afresh, as by any later reader: the answer the leader kept
                    // is served only if no commit this reader must see came after its read.
                    followed = true;
                }
            }
        };
        let answer = read().await?;
        if let Some(epoch) = epoch.filter(|_| worth_keeping(&answer)) {
            cache.keep(shelf, epoch, key, answer.clone());
        }
        // Only now that the answer is kept may the readers waiting for it look again.
        drop(leading);
        Ok(answer)
    }

    /// The connection pool, for migrations, fixtures and the stores of other crates.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Sets the pool's gauges (connections in use and idle, the maximum) to what the pool
    /// holds now; the metrics endpoint calls it before each scrape.
    pub fn record_pool_metrics(&self) {
        pool_metrics::record(&self.pool);
    }

    /// Closes every connection of the pool (waits for checked-out ones to come back).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Begins a transaction that will write. On SQLite it is `BEGIN IMMEDIATE`: the write
    /// lock is taken up front, so concurrent writers wait on `busy_timeout` rather than
    /// failing with `SQLITE_BUSY` when a deferred transaction tries to upgrade its lock.
    ///
    /// # Errors
    /// `Backend` when no connection can be had or `BEGIN` fails.
    pub async fn begin_write(&self) -> Result<Transaction<'static, Any>, StoreError> {
        let _waiting = pool_metrics::Waiting::start();
        let tx = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        };
        tx.map_err(store_error)
    }
}

/// Registers the SQLite and Postgres drivers with sqlx's `Any` driver. Idempotent; the
/// backend crates call it before connecting.
pub fn install_drivers() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(sqlx::any::install_default_drivers);
}

/// How long a request waits for a database connection before it is answered 503
/// `database_unavailable` (`DB_ACQUIRE_TIMEOUT_MS` of the server).
pub const DEFAULT_ACQUIRE_TIMEOUT: Duration = Duration::from_millis(2000);

/// Settings of the connection pool that the binaries take from their configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSettings {
    /// The longest wait for a connection (an idle one, or a new one while the database
    /// refuses them): past it the call fails as `Unavailable` instead of hanging.
    pub acquire_timeout: Duration,
    /// How many connections the pool opens at most; `None`: the backend's default.
    pub max_connections: Option<u32>,
}

impl Default for PoolSettings {
    fn default() -> Self {
        Self {
            acquire_timeout: DEFAULT_ACQUIRE_TIMEOUT,
            max_connections: None,
        }
    }
}

/// Pool options shared by both backends (the backend crates add their own hooks), with
/// at most `settings.max_connections`, else `default_size`, connections.
///
/// A connection goes back to the pool only outside any transaction. A write that fails
/// inside a transaction drops it, which queues a `ROLLBACK`; when the database already
/// rolled back by itself (SQLite does on "database or disk is full"), that `ROLLBACK`
/// fails, sqlx still counts the transaction as open, and every later `BEGIN` on that
/// connection would fail. Such a connection is closed and replaced instead.
pub fn pool_options(settings: PoolSettings, default_size: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(settings.max_connections.unwrap_or(default_size))
        .acquire_timeout(settings.acquire_timeout)
        // sqlx pings every connection it hands out by default: a second round trip per
        // query (to the SQLite worker thread or the Postgres backend), which cost a
        // primary-key read about a third of its server CPU under load. Only a connection
        // that may have broken is pinged (see `liveness`).
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if liveness::worth_a_ping(meta.idle_for) {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
        .after_release(|conn, _meta| {
            Box::pin(async move {
                if conn.is_in_transaction() {
                    // Runs the queued ROLLBACK (commands run in order) before looking again.
                    conn.ping().await?;
                }
                let clean = !conn.is_in_transaction();
                if !clean {
                    tracing::warn!("closing a connection left inside a failed transaction");
                }
                Ok(clean)
            })
        })
}

/// True when `url` names a Postgres database (`postgres://` or `postgresql://`), so that
/// binaries can pick the backend crate by the URL scheme.
pub fn is_postgres_url(url: &str) -> bool {
    let url = url.trim_start().to_ascii_lowercase();
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// A feed with nothing to report: every kept entry may be served.
    #[derive(Debug)]
    struct Quiet;

    #[async_trait::async_trait]
    impl ChangeFeed for Quiet {
        fn catch_up(&self, _cache: &CommunityCache) -> bool {
            true
        }
    }

    async fn cached_store() -> (SqlStore, Arc<CommunityCache>) {
        install_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect("sqlite::memory:")
            .await
            .expect("in-memory database");
        let cache = Arc::new(CommunityCache::new(Arc::new(Quiet)));
        let store = SqlStore::new(pool, Backend::Sqlite).with_community_cache(cache.clone());
        (store, cache)
    }

    /// 16 readers of the key "page" at once, each of whose reads counts itself in `reads`,
    /// lets `between` act while it is under way, and answers 7.
    async fn sixteen_readers(
        store: &SqlStore,
        reads: &AtomicUsize,
        between: impl Fn(),
    ) -> Vec<i64> {
        let readers = (0..16).map(|_| {
            store.kept_on(
                Shelf::Answers,
                || "page".to_owned(),
                || async {
                    reads.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    between();
                    Ok(7_i64)
                },
            )
        });
        let mut answers = Vec::new();
        for answer in futures::future::join_all(readers).await {
            answers.push(answer.expect("answer"));
        }
        answers
    }

    #[tokio::test]
    async fn readers_missing_one_answer_at_once_wait_for_one_read() {
        let (store, _cache) = cached_store().await;
        let reads = AtomicUsize::new(0);
        let answers = sixteen_readers(&store, &reads, || {}).await;
        assert_eq!(answers, vec![7; 16]);
        assert_eq!(
            reads.load(Ordering::SeqCst),
            1,
            "one read for sixteen readers"
        );
    }

    #[tokio::test]
    async fn a_read_overtaken_by_a_change_is_not_handed_to_those_waiting_for_it() {
        let (store, cache) = cached_store().await;
        let reads = AtomicUsize::new(0);
        // Every read sees a community change commit while it runs: nothing it read may be
        // served to a reader who waited for it, so each of them reads for itself.
        let answers = sixteen_readers(&store, &reads, || cache.answers_changed()).await;
        assert_eq!(answers, vec![7; 16]);
        assert_eq!(reads.load(Ordering::SeqCst), 16);
    }

    #[test]
    fn postgres_urls_are_recognised_by_their_scheme() {
        assert!(is_postgres_url("postgres://u@h/db"));
        assert!(is_postgres_url("PostgreSQL://u@h/db"));
        assert!(!is_postgres_url("sqlite://data/leffaseura.db"));
        assert!(!is_postgres_url("sqlite::memory:"));
    }
}
