//! Postgres, the production backend: connection set-up and the migrations. The store
//! itself is [`leffaseura_sql::SqlStore`].

mod community_feed;

pub use community_feed::{community_cache, one_settle_per_request};

use leffaseura_core::StoreError;
use leffaseura_sql::{Backend, PoolSettings, SqlStore};

/// Connections to open at most, unless configured. A Postgres connection waits on its
/// backend process and the network, not on this process's CPU, so more of them than CPUs
/// still help; the server's own limit (`max_connections`, 100 by default) is shared by
/// every process.
const DEFAULT_POOL_SIZE: u32 = 10;

fn backend_error(err: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    StoreError::Backend(Box::new(err))
}

/// Connects a pool to the Postgres database at `url` (`postgres://user@host:5432/db`).
///
/// # Errors
/// `Backend` when the URL is malformed or the server cannot be reached.
pub async fn connect(url: &str) -> Result<SqlStore, StoreError> {
    connect_with(url, PoolSettings::default()).await
}

/// [`connect`] with pool settings from the configuration.
///
/// # Errors
/// As [`connect`].
pub async fn connect_with(url: &str, settings: PoolSettings) -> Result<SqlStore, StoreError> {
    leffaseura_sql::install_drivers();
    let pool = leffaseura_sql::pool_options(settings, DEFAULT_POOL_SIZE)
        .connect(url)
        .await
        .map_err(backend_error)?;
    tracing::debug!("connected to Postgres");
    Ok(SqlStore::new(pool, Backend::Postgres))
}

/// Brings the schema up to date (the migrations embedded from `migrations/`).
///
/// # Errors
/// `Backend` when a migration fails or the database has migrations this build lacks.
pub async fn migrate(store: &SqlStore) -> Result<(), StoreError> {
    sqlx::migrate!("./migrations")
        .run(store.pool())
        .await
        .map_err(backend_error)
}
