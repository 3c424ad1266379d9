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
const PRAGMAS: [&str; 4] = [
    "PRAGMA journal_mode = WAL",
    "PRAGMA foreign_keys = ON",
    "PRAGMA busy_timeout = 5000",
    "PRAGMA synchronous = NORMAL",
];

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
    let mut options = leffaseura_sql::pool_options(settings).after_connect(|conn, _meta| {
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
