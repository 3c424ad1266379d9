//! SQLite, the embedded default backend: connection set-up (WAL, foreign keys, busy
//! timeout on every connection) and the migrations. The store itself is
//! [`leffaseura_sql::SqlStore`].

mod community_feed;
mod wal_activity;

pub use community_feed::community_cache;

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::Executor;

use leffaseura_core::StoreError;
use leffaseura_sql::{Backend, PoolSettings, SqlStore};

/// Run on every new connection: WAL lets readers work beside the one writer, foreign keys
/// make the ON DELETE rules real, busy_timeout makes writers queue instead of failing.
/// Each connection caches 512 KiB of pages instead of SQLite's 2,000 KiB: the four
/// connections' caches each filled with much of the same 12 MB database (6.7 MB in all
/// after a benchmark run), pages that the operating system's file cache holds anyway. The
/// server's memory late in a run fell by 4-5 MiB; requests/s stayed within noise except
/// the user rankings that read every user (-10 %).
const PRAGMAS: [&str; 5] = [
    "PRAGMA journal_mode = WAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA cache_size = -512",
];

/// Connections to open at most, unless configured: two per CPU, at least 4. A SQLite
/// connection is a thread of its own that reads with the CPU, so more of them than the
/// CPUs can run buy no throughput; but each keeps its own page cache, prepared statements
/// and malloc arena. On the benchmark's 2 CPUs, 4 instead of 10 lowered the server's peak
/// memory late in a run from 65-77 MiB to 45-58 MiB at about the same requests/s.
fn default_pool_size() -> u32 {
    let cpus = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    u32::try_from(cpus.saturating_mul(2))
        .unwrap_or(u32::MAX)
        .max(4)
}

/// The database file inside `data_dir`: `sqlite://<data_dir>/leffaseura.db`.
pub fn default_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("leffaseura.db").display())
}

fn backend_error(err: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    StoreError::Backend(Box::new(err))
}

fn is_in_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// The database file a `sqlite://` URL names; `None` for an in-memory database.
pub fn database_file(url: &str) -> Option<PathBuf> {
    if is_in_memory(url) {
        return None;
    }
    let options = SqliteConnectOptions::from_str(url).ok()?;
    Some(options.get_filename().to_path_buf())
}

/// Opens (creating the file and its directory when missing) the SQLite database at `url`,
/// e.g. `sqlite://data/leffaseura.db`. `sqlite::memory:` works too but lives in a single
/// connection (each in-memory connection would otherwise be a database of its own); tests
/// should prefer a temporary file.
///
/// # Errors
/// `Backend` when the URL is malformed, the directory cannot be created or SQLite refuses.
pub async fn connect(url: &str) -> Result<SqlStore, StoreError> {
    connect_with(url, PoolSettings::default()).await
}

/// [`connect`] with pool settings from the configuration.
///
/// # Errors
/// As [`connect`].
pub async fn connect_with(url: &str, settings: PoolSettings) -> Result<SqlStore, StoreError> {
    leffaseura_sql::install_drivers();
    let memory = is_in_memory(url);
    let mut url = url.to_owned();
    if !memory {
        let options = SqliteConnectOptions::from_str(&url).map_err(backend_error)?;
        let file: PathBuf = options.get_filename().to_path_buf();
        if let Some(dir) = file.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(backend_error)?;
        }
        if !url.contains("mode=") {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str("mode=rwc");
        }
    }
    let mut options =
        leffaseura_sql::pool_options(settings, default_pool_size()).after_connect(|conn, _meta| {
            Box::pin(async move {
                for pragma in PRAGMAS {
                    conn.execute(pragma).await?;
                }
                Ok(())
            })
        });
    if memory {
        options = options
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None);
    }
    let pool = options.connect(&url).await.map_err(backend_error)?;
    tracing::debug!(url = %url, "connected to SQLite");
    Ok(SqlStore::new(pool, Backend::Sqlite))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_configured_pool_size_caps_the_connections() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = default_url(dir.path());
        let settings = PoolSettings {
            max_connections: Some(2),
            ..PoolSettings::default()
        };
        let store = connect_with(&url, settings).await.expect("connect");
        let held = (
            store.pool().acquire().await.expect("first"),
            store.pool().acquire().await.expect("second"),
        );
        let third = tokio::time::timeout(
            std::time::Duration::from_millis(200),
            store.pool().acquire(),
        )
        .await;
        assert!(third.is_err(), "a third connection was opened");
        drop(held);
        assert!(default_pool_size() >= 4);
    }

    #[test]
    fn the_default_database_lives_in_the_data_dir() {
        assert_eq!(
            default_url(Path::new("data")),
            "sqlite://data/leffaseura.db"
        );
        assert_eq!(
            default_url(Path::new("/var/lib/lf")),
            "sqlite:///var/lib/lf/leffaseura.db"
        );
    }
}
