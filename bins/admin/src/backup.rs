//! The [`Backups`] port over the configured database: SQLite by `VACUUM INTO` and an
//! atomic file swap, Postgres by `pg_dump` and `pg_restore` when they are on PATH.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{anyhow, Context as _};
use async_trait::async_trait;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};

use leffaseura_cli::{Backups, CliError};

use crate::database::{redacted, sqlite_file};

/// The configured database, not opened until a command needs it.
pub enum DatabaseFile {
    Sqlite { file: PathBuf },
    Postgres { url: String },
}

impl DatabaseFile {
    /// # Errors
    /// `Usage` for a URL that names neither a SQLite file nor Postgres (e.g. in memory).
    pub fn from_url(url: &str) -> Result<Self, CliError> {
        if leffaseura_sql::is_postgres_url(url) {
            return Ok(Self::Postgres {
                url: url.to_owned(),
            });
        }
        sqlite_file(url)
            .map(|file| Self::Sqlite { file })
            .ok_or_else(|| CliError::Usage(format!("cannot back up or restore {url}")))
    }
}

fn other(err: impl Into<anyhow::Error>) -> CliError {
    CliError::Other(err.into())
}

/// `file` with `suffix` added to its name, in the same folder (so a rename is atomic).
fn beside(file: &Path, suffix: &str) -> PathBuf {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    file.with_file_name(name)
}

/// SQL's string literal of `path`.
fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "''"))
}

/// Flushes `file`, and the folder that names it, to disk.
fn sync(file: &Path) -> std::io::Result<()> {
    std::fs::File::open(file)?.sync_all()?;
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::File::open(dir)?.sync_all()?;
    }
    Ok(())
}

/// A SQLite file read-only and without side files: `immutable` reads it as it is (a
/// backup nobody writes), without locks or a `-wal` beside it.
async fn open_backup(file: &Path) -> Result<sqlx::SqliteConnection, CliError> {
    SqliteConnectOptions::new()
        .filename(file)
        .read_only(true)
        .immutable(true)
        .connect()
        .await
        .map_err(|err| CliError::Usage(format!("{} cannot be opened: {err}", file.display())))
}

/// The pg tool `name` on PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

async fn run_tool(tool: &Path, args: &[&std::ffi::OsStr]) -> Result<(), CliError> {
    let status = tokio::process::Command::new(tool)
        .args(args)
        .stdin(std::process::Stdio::null())
        .status()
        .await
        .with_context(|| format!("could not run {}", tool.display()))?;
    if status.success() {
        Ok(())
    } else {
        Err(other(anyhow!("{} failed ({status})", tool.display())))
    }
}

fn missing_tool(tool: &str, command: &str) -> CliError {
    // The command goes to stderr as the error message: copy, paste, done.
    other(anyhow!(
        "{tool} is not on PATH (install the PostgreSQL client tools). Run it yourself:\n  \
         {command}"
    ))
}

#[async_trait]
impl Backups for DatabaseFile {
    fn describe(&self) -> String {
        match self {
            Self::Sqlite { file } => format!("sqlite {}", file.display()),
            Self::Postgres { url } => format!("postgres {}", redacted(url)),
        }
    }

    async fn backup(&self, file: &Path) -> Result<(), CliError> {
        let partial = beside(file, &format!(".partial-{}", std::process::id()));
        let result = match self {
            Self::Sqlite { file: db } => sqlite_backup(db, &partial).await,
            Self::Postgres { url } => {
                let Some(pg_dump) = on_path("pg_dump") else {
                    return Err(missing_tool(
                        "pg_dump",
                        &format!(
                            "pg_dump --format=custom --file={} \"$DATABASE_URL\"",
                            file.display()
                        ),
                    ));
                };
                let file_arg = format!("--file={}", partial.display());
                let db_arg = format!("--dbname={url}");
                run_tool(
                    &pg_dump,
                    &[
                        "--format=custom".as_ref(),
                        file_arg.as_ref(),
                        db_arg.as_ref(),
                    ],
                )
                .await
            }
        };
        let finished = result.and_then(|()| {
            sync(&partial)
                .and_then(|()| std::fs::rename(&partial, file))
                .with_context(|| format!("could not write {}", file.display()))
                .map_err(CliError::from)
        });
        if finished.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
        finished
    }

    async fn check_backup(&self, file: &Path) -> Result<(), CliError> {
        if !file.is_file() {
            return Err(CliError::NotFound(format!(
                "No backup at {}.",
                file.display()
            )));
        }
        match self {
            Self::Sqlite { .. } => check_sqlite_backup(file).await,
            Self::Postgres { .. } => {
                let Some(pg_restore) = on_path("pg_restore") else {
                    return Err(missing_tool(
                        "pg_restore",
                        &format!(
                            "pg_restore --clean --if-exists --no-owner --single-transaction \
                             --dbname=\"$DATABASE_URL\" {}",
                            file.display()
                        ),
                    ));
                };
                let listed = tokio::process::Command::new(pg_restore)
                    .arg("--list")
                    .arg(file)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .status()
                    .await
                    .context("could not run pg_restore")?;
                if listed.success() {
                    Ok(())
                } else {
                    Err(CliError::Usage(format!(
                        "{} is not a pg_dump archive (custom format).",
                        file.display()
                    )))
                }
            }
        }
    }

    async fn holds_data(&self) -> Result<bool, CliError> {
        let users = match self {
            Self::Sqlite { file } => {
                if !file.exists() {
                    return Ok(false);
                }
                let mut conn = SqliteConnectOptions::new()
                    .filename(file)
                    .read_only(true)
                    .connect()
                    .await
                    .with_context(|| format!("could not open {}", file.display()))?;
                let users = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users")
                    .fetch_one(&mut conn)
                    .await;
                let _ = conn.close().await;
                users_or_none(users)?
            }
            Self::Postgres { url } => {
                let mut conn = sqlx::PgConnection::connect(url)
                    .await
                    .with_context(|| format!("could not connect to {}", redacted(url)))?;
                let users = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users")
                    .fetch_one(&mut conn)
                    .await;
                let _ = conn.close().await;
                users_or_none(users)?
            }
        };
        Ok(users > 0)
    }

    async fn restore(&self, file: &Path) -> Result<(), CliError> {
        match self {
            Self::Sqlite { file: db } => sqlite_restore(file, db),
            Self::Postgres { url } => {
                let pg_restore = on_path("pg_restore")
                    .ok_or_else(|| other(anyhow!("pg_restore is not on PATH")))?;
                let db_arg = format!("--dbname={url}");
                run_tool(
                    &pg_restore,
                    &[
                        "--clean".as_ref(),
                        "--if-exists".as_ref(),
                        "--no-owner".as_ref(),
                        "--single-transaction".as_ref(),
                        "--exit-on-error".as_ref(),
                        db_arg.as_ref(),
                        file.as_os_str(),
                    ],
                )
                .await
            }
        }
    }
}

/// Users in the database; 0 when it has no users table yet (never migrated). Any other
/// failure is an error, never "empty": that would replace data without asking.
fn users_or_none(counted: Result<i64, sqlx::Error>) -> Result<i64, CliError> {
    match counted {
        Ok(n) => Ok(n),
        Err(sqlx::Error::Database(err))
            if err.code().as_deref() == Some("42P01")
                || err.message().contains("no such table") =>
        {
            Ok(0)
        }
        Err(err) => Err(other(anyhow!(
            "could not count the database's users: {err}"
        ))),
    }
}

/// `VACUUM INTO` reads the database in one transaction, so the copy is the database as
/// of one moment, while the server goes on writing (WAL lets readers and the writer
/// run side by side).
async fn sqlite_backup(db: &Path, partial: &Path) -> Result<(), CliError> {
    let url = format!("sqlite://{}", db.display());
    let mut conn = SqliteConnectOptions::from_str(&url)
        .map_err(other)?
        .create_if_missing(false)
        .connect()
        .await
        .with_context(|| format!("could not open {}", db.display()))?;
    let result = sqlx::query(&format!("VACUUM INTO {}", quoted(partial)))
        .execute(&mut conn)
        .await
        .with_context(|| format!("could not copy {}", db.display()));
    let _ = conn.close().await;
    result.map(|_| ()).map_err(CliError::from)
}

/// A Leffaseura SQLite database, sound: `PRAGMA integrity_check` answers `ok` and the
/// migrations table lists applied migrations.
async fn check_sqlite_backup(file: &Path) -> Result<(), CliError> {
    let mut conn = open_backup(file).await?;
    let not_sound = |why: String| CliError::Usage(format!("{} {why}", file.display()));
    let check: Result<Vec<String>, _> = sqlx::query("PRAGMA integrity_check")
        .fetch_all(&mut conn)
        .await
        .map(|rows| rows.iter().map(|row| row.get::<String, _>(0)).collect());
    let outcome = match check {
        Err(err) => Err(not_sound(format!("is not a SQLite database ({err})."))),
        Ok(lines) if lines != ["ok"] => Err(not_sound(format!(
            "fails SQLite's integrity check: {}",
            lines.join("; ")
        ))),
        Ok(_) => {
            let migrations: Result<i64, _> =
                sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success")
                    .fetch_one(&mut conn)
                    .await;
            match migrations {
                Ok(n) if n > 0 => Ok(()),
                _ => Err(not_sound(
                    "is not a Leffaseura database (it has no migrations table).".to_owned(),
                )),
            }
        }
    };
    let _ = conn.close().await;
    outcome
}

/// Copies the backup beside the database and renames it over the database: the database
/// is at every moment either the old one or the restored one, never half of each.
fn sqlite_restore(backup: &Path, db: &Path) -> Result<(), CliError> {
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let incoming = beside(db, &format!(".restore-{}", std::process::id()));
    let copied = std::fs::copy(backup, &incoming)
        .and_then(|_| sync(&incoming))
        .with_context(|| format!("could not copy {} beside the database", backup.display()));
    if let Err(err) = copied {
        let _ = std::fs::remove_file(&incoming);
        return Err(err.into());
    }
    // The old database's write-ahead log belongs to the old database: replayed into the
    // restored one it would corrupt it.
    for side in ["-wal", "-shm"] {
        let side = beside(db, side);
        if let Err(err) = std::fs::remove_file(&side) {
            if err.kind() != std::io::ErrorKind::NotFound {
                let _ = std::fs::remove_file(&incoming);
                return Err(other(anyhow!("could not remove {}: {err}", side.display())));
            }
        }
    }
    std::fs::rename(&incoming, db)
        .and_then(|()| sync(db))
        .with_context(|| format!("could not put the backup in place of {}", db.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_files_stay_in_the_same_folder() {
        assert_eq!(
            beside(Path::new("/srv/lf/leffaseura.db"), "-wal"),
            PathBuf::from("/srv/lf/leffaseura.db-wal")
        );
        assert_eq!(quoted(Path::new("/tmp/it's.db")), "'/tmp/it''s.db'");
    }
}
