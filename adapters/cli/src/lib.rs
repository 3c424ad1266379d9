//! The admin CLI as a library: the clap command tree ([`Cli`]), one handler per command
//! and [`run`], which the `leffaseura-admin` binary calls after wiring a [`Database`].
//! Handlers write results to `out` (stdout) and return [`CliError`]s whose message goes
//! to stderr and whose [`CliError::exit_code`] becomes the process's exit code.
//!
//! Every command except `migrate` needs an existing database (the binary refuses a
//! missing SQLite file, see [`Command::needs_existing_database`]) and first applies
//! pending migrations to it (idempotent, and exactly what the server does at start-up);
//! when that applied anything, a note goes to `diag` (stderr).

pub mod args;
pub mod backups;
pub mod commands;
pub mod context;
pub mod error;
pub mod output;
pub mod until;

use std::io::Write;

use anyhow::Context as _;

pub use args::{
    Cli, Command, GlobalArgs, GroupsCommand, ReportsCommand, ReviewsCommand, UsersCommand,
};
pub use backups::Backups;
pub use context::{
    AppliedMigration, Context, Database, MigrationReport, Prompt, Session, TerminalPrompt,
};
pub use error::{exit_code, CliError};

/// Checks what can be checked without the database (user arguments), so that bad input
/// fails before a database file is created or migrated.
///
/// # Errors
/// `Usage` for an unusable argument.
pub fn validate(command: &Command) -> Result<(), CliError> {
    let users: Vec<&str> = match command {
        Command::Groups(groups) => groups.user_refs(),
        Command::Reviews(ReviewsCommand::List(args)) => {
            args.user.iter().map(String::as_str).collect()
        }
        Command::Modlog(args) => args.list().user.iter().map(String::as_str).collect(),
        _ => Vec::new(),
    };
    for user in users {
        commands::find_user::UserRef::parse(user)?;
    }
    if let Command::Reports(ReportsCommand::Resolve(args)) = command {
        commands::reports::check_resolve_args(args)?;
    }
    let user = match command {
        Command::Users(UsersCommand::Show(args)) => &args.user,
        Command::Users(UsersCommand::Ban(args)) => &args.user,
        Command::Users(UsersCommand::Unban(args)) => &args.user,
        Command::Users(UsersCommand::SetRole(args)) => &args.user,
        Command::Users(UsersCommand::Delete(args)) => &args.user,
        Command::ExportUser(args) => &args.user,
        Command::Migrate(_)
        | Command::Modlog(_)
        | Command::Groups(_)
        | Command::Reviews(_)
        | Command::Reports(_)
        | Command::Stats(_)
        | Command::Seed(_)
        | Command::Completions(_)
        | Command::Backup(_)
        | Command::Restore(_)
        | Command::Users(UsersCommand::List(_)) => return Ok(()),
    };
    commands::find_user::UserRef::parse(user).map(|_| ())
}

/// Writes the completion script of `shell` for the whole command tree.
///
/// # Errors
/// `Other` when `out` cannot be written.
pub fn completions(shell: clap_complete::Shell, out: &mut dyn Write) -> Result<(), CliError> {
    use clap::CommandFactory;
    let mut buffer = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "leffaseura-admin", &mut buffer);
    out.write_all(&buffer).context("could not write output")?;
    Ok(())
}

/// Runs `backup` or `restore` (see [`Command::is_backups`]); any other command is a
/// usage error here.
///
/// # Errors
/// Whatever the command fails with; see [`CliError`].
pub async fn run_backups(
    command: &Command,
    backups: &dyn Backups,
    prompt: &mut dyn Prompt,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    match command {
        Command::Backup(args) => commands::backup::backup(backups, args, out).await,
        Command::Restore(args) => commands::backup::restore(backups, args, prompt, out).await,
        _ => Err(CliError::Usage(
            "only backup and restore run without the store".to_owned(),
        )),
    }
}

/// Runs one command.
///
/// # Errors
/// Whatever the command fails with; see [`CliError`].
pub async fn run(
    command: Command,
    db: &dyn Database,
    session: Session,
    out: &mut dyn Write,
    diag: &mut dyn Write,
) -> Result<(), CliError> {
    validate(&command)?;
    if let Command::Completions(args) = &command {
        return completions(args.shell, out);
    }
    if let Command::Migrate(args) = &command {
        return commands::migrate::migrate(db, args, out).await;
    }
    if command.is_backups() {
        return Err(CliError::Usage(
            "backup and restore run before the store is opened (run_backups)".to_owned(),
        ));
    }
    let report = db
        .migrate()
        .await
        .context("could not bring the database schema up to date")?;
    if !report.applied.is_empty() {
        // Best effort: a broken stderr must not fail the command.
        let _ = writeln!(
            diag,
            "note: applied {} pending migration(s) to {} first",
            report.applied.len(),
            report.database
        );
    }
    let mut ctx = Context::new(db, session);
    let store = ctx.store.clone();
    let now = ctx.session.clock.now();
    match command {
        Command::Migrate(_)
        | Command::Completions(_)
        | Command::Backup(_)
        | Command::Restore(_) => Ok(()),
        Command::Stats(args) => commands::stats::stats(&ctx, &args, out).await,
        Command::Seed(args) => commands::seed::seed(&ctx, &args, out, diag).await,
        Command::ExportUser(args) => commands::export_user::export_user(&ctx, &args, out).await,
        Command::Modlog(args) => {
            commands::list_moderation_log::list_moderation_log(&ctx, args.list(), out).await
        }
        Command::Reviews(reviews) => {
            use commands::reviews;
            match reviews {
                ReviewsCommand::List(args) => reviews::list_reviews(&ctx, &args, out).await,
                ReviewsCommand::Show(args) => reviews::show_review(&ctx, &args, out).await,
                ReviewsCommand::Delete(args) => reviews::delete_review(&mut ctx, &args, out).await,
            }
        }
        Command::Reports(reports) => {
            use commands::reports;
            match reports {
                ReportsCommand::List(args) => reports::list_reports(&ctx, &args, out).await,
                ReportsCommand::Show(args) => reports::show_report(&ctx, &args, out).await,
                ReportsCommand::Resolve(args) => {
                    reports::resolve_report(&mut ctx, &args, out).await
                }
            }
        }
        Command::Groups(groups) => {
            use commands::{groups as read, moderate_group as act};
            match groups {
                GroupsCommand::List(args) => read::list_groups(&ctx, &args, out).await,
                GroupsCommand::Show(args) => read::show_group(&ctx, &args, out).await,
                GroupsCommand::Delete(args) => act::delete_group(&mut ctx, &args, out).await,
                GroupsCommand::TransferOwner(args) => act::transfer_owner(&ctx, &args, out).await,
                GroupsCommand::RemoveMember(args) => act::remove_member(&ctx, &args, out).await,
            }
        }
        Command::Users(users) => match users {
            UsersCommand::List(args) => {
                commands::list_users::list_users(store.as_ref(), now, &args, out).await
            }
            UsersCommand::Show(args) => {
                commands::show_user::show_user(store.as_ref(), now, &args, out).await
            }
            UsersCommand::Ban(args) => commands::ban_user::ban_user(&ctx, &args, out).await,
            UsersCommand::Unban(args) => commands::ban_user::unban_user(&ctx, &args, out).await,
            UsersCommand::SetRole(args) => commands::ban_user::set_role(&ctx, &args, out).await,
            UsersCommand::Delete(args) => {
                commands::delete_user::delete_user(&mut ctx, &args, out).await
            }
        },
    }
}

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
