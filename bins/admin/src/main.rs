//! `leffaseura-admin`: parses the command line, connects the configured database
//! (SQLite by default, Postgres for `postgres://` URLs), runs the command and turns its
//! failure into a message on stderr and an exit code (see `leffaseura-admin --help`).

mod backup;
mod database;

use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;

use leffaseura_cli::{exit_code, run, validate, Cli, CliError, Command, Session, TerminalPrompt};
use leffaseura_core::ports::SystemClock;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // --help and --version end up here too, with exit code 0.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(exit_code::USAGE));
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("error: could not start the async runtime: {err}");
            return ExitCode::from(exit_code::FAILURE);
        }
    };
    match runtime.block_on(execute(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(err.exit_code())
        }
    }
}

async fn execute(cli: Cli) -> Result<(), CliError> {
    // Bad input fails before the database is opened (which would create it).
    validate(&cli.command)?;
    if let Command::Completions(args) = &cli.command {
        // No database, no catalog: a script for the shell only.
        return leffaseura_cli::completions(args.shell, &mut std::io::stdout().lock());
    }
    let url = database::url(&cli.global);
    // Only `migrate` may create a SQLite database: anything else on a missing file is the
    // wrong folder or DATA_DIR, and an empty new database would only mislead.
    if cli.command.needs_existing_database() {
        if let Some(file) = database::sqlite_file(&url).filter(|file| !file.exists()) {
            return Err(CliError::missing_database(&file));
        }
    }
    if cli.command.is_backups() {
        // Without the store: a restore replaces the very file the pool would hold open.
        let backups = backup::DatabaseFile::from_url(&url)?;
        let mut stdout = std::io::stdout().lock();
        return leffaseura_cli::run_backups(
            &cli.command,
            &backups,
            &mut TerminalPrompt,
            &mut stdout,
        )
        .await;
    }
    let db = database::SqlDatabase::connect(&url).await?;
    if !cli.command.json() {
        // One line on stderr, so that stdout stays the command's output alone.
        eprintln!("database: {}", db.describe());
    }
    let catalog = leffaseura_tmdb::DemoCatalog::bundled(leffaseura_tmdb::DemoConfig::default())
        .map_err(|err| CliError::Other(anyhow::anyhow!("the bundled demo catalog: {err}")))?;
    let session = Session {
        clock: Arc::new(SystemClock),
        actor: cli.global.actor(),
        catalog: Arc::new(catalog),
        hasher: Arc::new(leffaseura_http::auth::Argon2Hasher::new()),
        prompt: Box::new(TerminalPrompt),
    };
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr();
    let result = run(cli.command, &db, session, &mut stdout, &mut stderr).await;
    db.close().await;
    result
}
