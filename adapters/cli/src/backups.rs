//! The port `backup` and `restore` run against: copies of the whole database, made and
//! put back by the binary (SQLite's `VACUUM INTO` and a file swap, Postgres' `pg_dump`
//! and `pg_restore`). They run without the store: a restore replaces the database the
//! store would hold open.

use std::path::Path;

use async_trait::async_trait;

use crate::error::CliError;

/// Backups of the configured database.
#[async_trait]
pub trait Backups: Send + Sync {
    /// The backend and the database, password removed, for messages.
    fn describe(&self) -> String;

    /// Writes a consistent copy of the database, as of one moment, to `file`, replacing
    /// a file already there (the command has asked about that first). The copy appears
    /// under its name only once complete.
    ///
    /// # Errors
    /// When the database cannot be read or the file written, or (Postgres) `pg_dump` is
    /// missing.
    async fn backup(&self, file: &Path) -> Result<(), CliError>;

    /// Checks that `file` is a backup of this kind of database that can be restored.
    ///
    /// # Errors
    /// `NotFound` when there is no such file, `Usage` when it is not a sound backup.
    async fn check_backup(&self, file: &Path) -> Result<(), CliError>;

    /// Does the database to be replaced hold any data (a user)?
    ///
    /// # Errors
    /// When it exists but cannot be read.
    async fn holds_data(&self) -> Result<bool, CliError>;

    /// Replaces the database with the backup in `file`, all at once.
    ///
    /// # Errors
    /// When the replacement fails; the database is then as it was.
    async fn restore(&self, file: &Path) -> Result<(), CliError>;
}
