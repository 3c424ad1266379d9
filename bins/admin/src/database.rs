//! The configured database behind the CLI's [`Database`] port: the shared SQL store plus
//! the migrations of its backend.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use anyhow::Context as _;
use async_trait::async_trait;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::Row;

use leffaseura_cli::{AppliedMigration, Database, GlobalArgs, MigrationReport};
use leffaseura_core::ports::{
    FavoriteStore, GroupStore, MovieCache, ReportStore, ReviewStore, ShowtimePreferenceStore,
    StatsStore, UserStore, WatchPartyStore,
};
use leffaseura_core::StoreError;
use leffaseura_sql::SqlStore;

/// `--database-url`, else the SQLite file in `--data-dir`, exactly like the server.
pub fn url(global: &GlobalArgs) -> String {
    match global.database_url.as_deref().map(str::trim) {
        Some(url) if !url.is_empty() => url.to_owned(),
        _ => leffaseura_sqlite::default_url(&global.data_dir),
    }
}

/// The file of a SQLite `url` (`None` for Postgres, an in-memory database or a URL that
/// does not parse, which `connect` then reports).
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    if leffaseura_sql::is_postgres_url(url)
        || url.contains(":memory:")
        || url.contains("mode=memory")
    {
        return None;
    }
    let options = SqliteConnectOptions::from_str(url).ok()?;
    Some(options.get_filename().to_path_buf())
}

/// `url` without its password, for messages.
pub fn redacted(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            if parsed.set_password(Some("***")).is_ok() {
                parsed.to_string()
            } else {
                "<database url>".to_owned()
            }
        }
        _ => url.to_owned(),
    }
}

/// The backend's own error, without `StoreError`'s wrapper (whose message repeats it).
fn unwrap_store_error(err: StoreError) -> anyhow::Error {
    match err {
        StoreError::Backend(source)
        | StoreError::Unavailable(source)
        | StoreError::Full(source) => anyhow::Error::from_boxed(source),
        other => anyhow::Error::new(other),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sqlite,
    Postgres,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

pub struct SqlDatabase {
    store: SqlStore,
    kind: Kind,
    display: String,
}

impl SqlDatabase {
    /// Connects by URL scheme: `postgres://`/`postgresql://` → Postgres, else SQLite
    /// (whose file and directory are created when missing, as the server does; the
    /// binary only lets `migrate` get that far without an existing file).
    ///
    /// # Errors
    /// When the database cannot be opened or reached.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        let display = redacted(url);
        let (kind, store) = if leffaseura_sql::is_postgres_url(url) {
            (Kind::Postgres, leffaseura_postgres::connect(url).await)
        } else {
            (Kind::Sqlite, leffaseura_sqlite::connect(url).await)
        };
        let store = store
            .with_context(|| format!("could not open the {} database {display}", kind.name()))?;
        Ok(Self {
            store,
            kind,
            display,
        })
    }

    /// The backend and the database, password removed: `sqlite sqlite://./data/leffaseura.db`.
    pub fn describe(&self) -> String {
        format!("{} {}", self.kind.name(), self.display)
    }

    pub async fn close(&self) {
        self.store.close().await;
    }

    /// Successfully applied migrations by version; empty before the first run (no table).
    async fn applied(&self) -> BTreeMap<i64, String> {
        let rows = sqlx::query("SELECT version, description FROM _sqlx_migrations WHERE success = TRUE ORDER BY version")
            .fetch_all(self.store.pool())
            .await
            .unwrap_or_default();
        rows.iter()
            .filter_map(|row| {
                let version: i64 = row.try_get(0).ok()?;
                let description: String = row.try_get(1).ok()?;
                Some((version, description))
            })
            .collect()
    }
}

#[async_trait]
impl Database for SqlDatabase {
    fn store(&self) -> Arc<dyn UserStore> {
        Arc::new(self.store.clone())
    }

    fn groups(&self) -> Arc<dyn GroupStore> {
        Arc::new(self.store.clone())
    }

    fn favorites(&self) -> Arc<dyn FavoriteStore> {
        Arc::new(self.store.clone())
    }

    fn showtime_preferences(&self) -> Arc<dyn ShowtimePreferenceStore> {
        Arc::new(self.store.clone())
    }

    fn watch_parties(&self) -> Arc<dyn WatchPartyStore> {
        Arc::new(self.store.clone())
    }

    fn movie_cache(&self) -> Arc<dyn MovieCache> {
        Arc::new(self.store.clone())
    }

    fn parallel_writes(&self) -> bool {
        self.kind == Kind::Postgres
    }

    fn reviews(&self) -> Arc<dyn ReviewStore> {
        Arc::new(self.store.clone())
    }

    fn stats(&self) -> Arc<dyn StatsStore> {
        Arc::new(self.store.clone())
    }

    fn reports(&self) -> Arc<dyn ReportStore> {
        Arc::new(self.store.clone())
    }

    async fn migrate(&self) -> anyhow::Result<MigrationReport> {
        let before = self.applied().await;
        let result = match self.kind {
            Kind::Sqlite => leffaseura_sqlite::migrate(&self.store).await,
            Kind::Postgres => leffaseura_postgres::migrate(&self.store).await,
        };
        result.map_err(unwrap_store_error).with_context(|| {
            format!(
                "migrating the {} database {} failed",
                self.kind.name(),
                self.display
            )
        })?;
        let after = self.applied().await;
        let applied = after
            .iter()
            .filter(|(version, _)| !before.contains_key(version))
            .map(|(version, description)| AppliedMigration {
                version: *version,
                description: description.clone(),
            })
            .collect();
        Ok(MigrationReport {
            backend: self.kind.name().to_owned(),
            database: self.display.clone(),
            applied,
            total: after.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn global(database_url: Option<&str>, data_dir: &str) -> GlobalArgs {
        GlobalArgs {
            database_url: database_url.map(str::to_owned),
            data_dir: PathBuf::from(data_dir),
            actor: None,
        }
    }

    #[test]
    fn the_url_defaults_to_sqlite_in_the_data_dir() {
        assert_eq!(
            url(&global(None, "./data")),
            "sqlite://./data/leffaseura.db"
        );
        assert_eq!(
            url(&global(Some(" "), "/srv/lf")),
            "sqlite:///srv/lf/leffaseura.db"
        );
        assert_eq!(
            url(&global(Some("postgres://u@h/db"), "x")),
            "postgres://u@h/db"
        );
    }

    #[test]
    fn the_sqlite_file_is_read_from_the_url() {
        let default = url(&global(None, "./data"));
        assert_eq!(
            sqlite_file(&default),
            Some(PathBuf::from("./data/leffaseura.db"))
        );
        assert_eq!(
            sqlite_file("sqlite:///srv/lf/leffaseura.db?mode=rwc"),
            Some(PathBuf::from("/srv/lf/leffaseura.db"))
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u:p@h/db"), None);
    }

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redacted("postgres://lf:s3cret@db:5432/lf"),
            "postgres://lf:***@db:5432/lf"
        );
        assert_eq!(
            redacted("sqlite://data/leffaseura.db"),
            "sqlite://data/leffaseura.db"
        );
    }
}
