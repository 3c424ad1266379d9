//! The command tree. Every flag also reads an environment variable, like the server's.

use leffaseura_core::domain::paging::PageRequest;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::until::{parse_until, Until, UNTIL_HELP};

mod groups;
mod reports;
mod reviews;
mod seed;

pub use groups::{GroupDeleteArgs, GroupListArgs, GroupMemberArgs, GroupShowArgs, GroupsCommand};
pub use reports::{
    parse_ban_end, ActionArg, BanEnd, ReportListArgs, ReportResolveArgs, ReportShowArgs,
    ReportsCommand, StatusArg, TargetTypeArg,
};
pub use reviews::{
    ModlogArgs, ModlogCommand, ModlogListArgs, ReviewDeleteArgs, ReviewListArgs, ReviewShowArgs,
    ReviewsCommand,
};
pub use seed::SeedArgs;

/// The largest `--limit` a listing accepts.
pub const MAX_LIMIT: i64 = 500;
/// The `--limit` a listing uses when none is given.
pub const DEFAULT_LIMIT: i64 = 20;

/// Leffaseura's admin tool: database migrations and moderation of users.
///
/// It reads the same configuration as the server: DATABASE_URL (`postgres://…` selects
/// Postgres), else the SQLite file in DATA_DIR (default ./data, relative to the current
/// folder). Only `migrate` creates a SQLite database that does not exist yet; every other
/// command refuses to run without one, and brings its schema up to date first (as the
/// server does at start-up). Each command names the database it opened on stderr (not
/// with --json). Invalid arguments are refused before the database is opened. Every moderation
/// action is written to the moderation log with the actor (--as / --actor /
/// LEFFASEURA_ADMIN, else $USER, else "admin") and the --reason given.
#[derive(Debug, Parser)]
#[command(name = "leffaseura-admin", version)]
#[command(
    after_help = "Exit codes: 0 success, 1 failure, 2 usage or invalid input, \
3 not found, 4 conflict (e.g. already banned), 5 cancelled at the confirmation prompt."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// Configuration shared by all commands, exactly as the server reads it.
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// Database to manage, `sqlite://…` or `postgres://…`
    /// [default: sqlite://<DATA_DIR>/leffaseura.db]
    #[arg(
        long,
        env = "DATABASE_URL",
        global = true,
        hide_env_values = true,
        help_heading = "Configuration"
    )]
    pub database_url: Option<String>,

    /// Directory of the embedded database (used when no DATABASE_URL is given).
    #[arg(
        long,
        env = "DATA_DIR",
        hide_env_values = true,
        global = true,
        default_value = "./data",
        help_heading = "Configuration"
    )]
    pub data_dir: PathBuf,

    /// Name written to the moderation log as the actor [default: $USER, else "admin"]
    #[arg(
        long,
        visible_alias = "as",
        env = "LEFFASEURA_ADMIN",
        hide_env_values = true,
        global = true,
        help_heading = "Configuration"
    )]
    pub actor: Option<String>,
}

impl GlobalArgs {
    /// The actor recorded in the moderation log: `--actor`/`LEFFASEURA_ADMIN`, else the
    /// operating-system user (`USER`), else `admin`.
    pub fn actor(&self) -> String {
        resolve_actor(self.actor.as_deref(), std::env::var("USER").ok().as_deref())
    }
}

/// `--reason`, checked by core's rule for the moderation log before anything is asked or done.
pub fn parse_reason(raw: &str) -> Result<String, String> {
    leffaseura_core::domain::moderation::clean_reason(Some(raw))
        .map(Option::unwrap_or_default)
        .map_err(|err| err.to_string())
}

/// Picks the first non-blank name.
pub fn resolve_actor(explicit: Option<&str>, os_user: Option<&str>) -> String {
    [explicit, os_user]
        .into_iter()
        .flatten()
        .map(str::trim)
        .find(|name| !name.is_empty())
        .unwrap_or("admin")
        .to_owned()
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Apply the database migrations of the configured backend and report what was applied.
    Migrate(MigrateArgs),
    /// Inspect and moderate user accounts.
    #[command(subcommand)]
    Users(UsersCommand),
    /// Read the moderation log (`modlog` alone is `modlog list`).
    Modlog(Box<ModlogArgs>),
    /// Inspect and moderate groups.
    #[command(subcommand)]
    Groups(GroupsCommand),
    /// Read and remove reviews.
    #[command(subcommand)]
    Reviews(ReviewsCommand),
    /// The queue of users' reports of reviews, groups and users, and their resolution.
    #[command(subcommand)]
    Reports(ReportsCommand),
    /// The site's numbers: users, activity, reviews, groups, favorites, the top movies and
    /// groups, the database's size.
    Stats(StatsArgs),
    /// Make a demo community through the same use cases as the site (users, reviews,
    /// reactions, favorites, watchlists, groups with members and pending requests);
    /// deterministic with --seed.
    /// Every demo user's password is `leffaseura-demo`.
    Seed(SeedArgs),
    /// Everything stored about one user as one JSON document on stdout (the person's right
    /// to their data): profile, reviews, reactions, favorites, watchlist, groups, showtime
    /// preferences and what moderators did. The password hash is never included.
    ExportUser(ExportUserArgs),
    /// Print a shell completion script (needs no database): `leffaseura-admin completions
    /// bash > /etc/bash_completion.d/leffaseura-admin`.
    Completions(CompletionsArgs),
    /// Copy the whole database to FILE while the server runs: SQLite with `VACUUM INTO`
    /// (a consistent copy as of one moment; writes go on meanwhile), Postgres with
    /// `pg_dump --format=custom` (when pg_dump is not on PATH, the command to run is
    /// printed and the exit code is 1). An existing FILE is replaced only with --force
    /// (else exit code 4).
    Backup(BackupArgs),
    /// Replace the database with the backup in FILE. Stop the server first. SQLite: the
    /// file must pass `PRAGMA integrity_check` and hold Leffaseura's migrations; it is
    /// copied beside the database and renamed over it (all at once). Postgres:
    /// `pg_restore --clean --single-transaction`. A database that holds data is replaced
    /// only with --yes or a yes at the terminal's prompt (exit code 2 without a terminal,
    /// 5 for a no); a missing FILE is exit code 3, one that is not a sound backup 2.
    Restore(RestoreArgs),
}

#[derive(Debug, Clone, Args)]
pub struct BackupArgs {
    /// Where to write the backup.
    pub file: PathBuf,

    /// Replace FILE when it exists.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Clone, Args)]
pub struct RestoreArgs {
    /// The backup to restore (made by `backup`).
    pub file: PathBuf,

    /// Replace a database that holds data without asking.
    #[arg(long)]
    pub yes: bool,
}

#[derive(Debug, Clone, Args)]
pub struct StatsArgs {
    /// How many top movies and groups to show (1–50).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(i64).range(1..=50))]
    pub top: i64,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ExportUserArgs {
    /// The user: a numeric id, a username or an email address.
    pub user: String,
}

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

impl Command {
    /// Was `--json` given? (Then stdout carries nothing but the JSON document.)
    pub fn json(&self) -> bool {
        match self {
            Self::Migrate(args) => args.json,
            Self::Modlog(args) => args.list().window.json,
            Self::Groups(groups) => groups.json(),
            Self::Reviews(reviews) => reviews.json(),
            Self::Reports(reports) => reports.json(),
            Self::Stats(args) => args.json,
            Self::Seed(args) => args.json,
            Self::Completions(_) | Self::Backup(_) | Self::Restore(_) => false,
            // The export is a JSON document and nothing else.
            Self::ExportUser(_) => true,
            Self::Users(users) => match users {
                UsersCommand::List(args) => args.json,
                UsersCommand::Show(args) => args.json,
                UsersCommand::Ban(args) => args.json,
                UsersCommand::Unban(args) => args.json,
                UsersCommand::SetRole(args) => args.json,
                UsersCommand::Delete(args) => args.json,
            },
        }
    }

    /// Only `migrate` may create a database; every other command refuses a SQLite file
    /// that does not exist yet (most likely the wrong folder or DATA_DIR, where creating
    /// an empty database would answer "No users yet." for a site that has users).
    pub fn needs_existing_database(&self) -> bool {
        !matches!(
            self,
            Self::Migrate(_) | Self::Completions(_) | Self::Restore(_)
        )
    }

    /// `backup` and `restore` run on the [`crate::backups::Backups`] port, without the
    /// store (see [`crate::run_backups`]).
    pub fn is_backups(&self) -> bool {
        matches!(self, Self::Backup(_) | Self::Restore(_))
    }
}

#[derive(Debug, Clone, Args)]
pub struct MigrateArgs {
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// List users, oldest first, with their review count and aura.
    List(ListArgs),
    /// Show one user with their statistics.
    Show(ShowArgs),
    /// Ban a user, for good or until a time: they can no longer log in and their sessions
    /// end at once. A timed ban lifts itself at its end.
    Ban(BanArgs),
    /// Lift a user's ban.
    Unban(ModerateArgs),
    /// Make a user a site admin or a plain user again.
    SetRole(SetRoleArgs),
    /// Delete a user's account with their reviews, reactions, favorites and memberships.
    Delete(DeleteArgs),
}

/// A window of a listing.
#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    /// How many rows to show (1–500).
    #[arg(long, default_value_t = DEFAULT_LIMIT, value_parser = clap::value_parser!(i64).range(1..=MAX_LIMIT))]
    pub limit: i64,

    /// How many rows to skip.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(i64).range(0..))]
    pub offset: i64,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

impl ListArgs {
    /// The window these flags ask for, checked against the list limits.
    ///
    /// # Errors
    /// `Invalid` when the window is out of bounds (clap already refuses most such input).
    pub fn page_request(&self) -> Result<PageRequest, leffaseura_core::Error> {
        PageRequest::new(
            Some(self.limit),
            Some(self.offset),
            DEFAULT_LIMIT,
            MAX_LIMIT,
        )
    }
}

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// The user: a numeric id, a username or an email address.
    pub user: String,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ModerateArgs {
    /// The user: a numeric id, a username or an email address.
    pub user: String,

    /// Why; written to the moderation log.
    #[arg(long, value_parser = crate::args::parse_reason)]
    pub reason: Option<String>,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct BanArgs {
    /// The user: a numeric id, a username or an email address.
    pub user: String,

    #[arg(long, value_parser = parse_until, help = UNTIL_HELP)]
    pub until: Option<Until>,

    /// Why; written to the moderation log.
    #[arg(long, value_parser = crate::args::parse_reason)]
    pub reason: Option<String>,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct SetRoleArgs {
    /// The user: a numeric id, a username or an email address.
    pub user: String,

    /// The site role: `admin` (may delete any review or group) or `user`.
    #[arg(value_parser = ["user", "admin"], ignore_case = true)]
    pub role: String,

    /// Why; written to the moderation log.
    #[arg(long, value_parser = crate::args::parse_reason)]
    pub reason: Option<String>,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct DeleteArgs {
    /// The user: a numeric id, a username or an email address.
    pub user: String,

    /// Why; written to the moderation log.
    #[arg(long, value_parser = crate::args::parse_reason)]
    pub reason: Option<String>,

    /// Do not ask for confirmation (required when stdin is not a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("leffaseura-admin").chain(args.iter().copied()))
    }

    #[test]
    fn the_command_tree_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn listing_defaults_to_twenty_from_the_start() {
        let cli = parse(&["users", "list"]).expect("parses");
        match cli.command {
            Command::Users(UsersCommand::List(args)) => {
                assert_eq!((args.limit, args.offset, args.json), (20, 0, false));
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn limits_outside_one_to_five_hundred_are_usage_errors() {
        for bad in ["0", "501", "-1", "ten", ""] {
            let err = parse(&["users", "list", "--limit", bad]).expect_err(bad);
            assert_eq!(err.exit_code(), 2, "{bad}");
        }
        assert!(parse(&["users", "list", "--limit", "500"]).is_ok());
        let err = parse(&["modlog", "--offset", "-3"]).expect_err("negative offset");
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn global_flags_are_accepted_after_the_subcommand() {
        let cli = parse(&[
            "users",
            "show",
            "bob",
            "--json",
            "--data-dir",
            "/tmp/x",
            "--database-url",
            "sqlite://y.db",
        ])
        .expect("parses");
        assert_eq!(cli.global.data_dir, PathBuf::from("/tmp/x"));
        assert_eq!(cli.global.database_url.as_deref(), Some("sqlite://y.db"));
        match cli.command {
            Command::Users(UsersCommand::Show(args)) => {
                assert_eq!(args.user, "bob");
                assert!(args.json);
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn moderation_commands_take_a_reason_and_delete_takes_yes() {
        let cli = parse(&["users", "ban", "7", "--reason", "spam links"]).expect("parses");
        match cli.command {
            Command::Users(UsersCommand::Ban(args)) => {
                assert_eq!(args.user, "7");
                assert_eq!(args.reason.as_deref(), Some("spam links"));
            }
            other => panic!("unexpected {other:?}"),
        }
        let cli = parse(&["users", "delete", "bob", "--yes"]).expect("parses");
        assert!(matches!(
            cli.command,
            Command::Users(UsersCommand::Delete(DeleteArgs { yes: true, .. }))
        ));
    }

    #[test]
    fn json_is_read_from_every_command_and_only_migrate_may_create_the_database() {
        for (args, json, needs_db) in [
            (&["migrate"][..], false, false),
            (&["migrate", "--json"], true, false),
            (&["modlog", "--json"], true, true),
            (&["users", "list"], false, true),
            (&["users", "list", "--json"], true, true),
            (&["users", "show", "bob", "--json"], true, true),
            (&["users", "ban", "bob", "--json"], true, true),
            (&["users", "ban", "bob", "--until", "7d"], false, true),
            (&["users", "set-role", "bob", "admin", "--json"], true, true),
            (&["users", "unban", "bob"], false, true),
            (&["users", "delete", "bob", "--yes", "--json"], true, true),
        ] {
            let cli = parse(args).expect("parses");
            assert_eq!(cli.command.json(), json, "{args:?}");
            assert_eq!(cli.command.needs_existing_database(), needs_db, "{args:?}");
        }
    }

    #[test]
    fn ban_takes_an_end_and_set_role_only_known_roles() {
        let cli = parse(&["users", "ban", "bob", "--until", "1w", "--as", "anna"]).expect("parses");
        assert_eq!(cli.global.actor.as_deref(), Some("anna"));
        match cli.command {
            Command::Users(UsersCommand::Ban(args)) => {
                assert_eq!(args.until, Some(Until::After(chrono::Duration::weeks(1))));
            }
            other => panic!("unexpected {other:?}"),
        }
        for bad in [
            &["users", "ban", "bob", "--until", "soon"][..],
            &["users", "ban", "bob", "--until"],
            &["users", "set-role", "bob", "root"],
            &["users", "set-role", "bob"],
        ] {
            assert_eq!(parse(bad).expect_err("refused").exit_code(), 2, "{bad:?}");
        }
        assert!(parse(&["users", "set-role", "bob", "ADMIN"]).is_ok());
    }

    #[test]
    fn a_missing_user_argument_is_a_usage_error() {
        let err = parse(&["users", "ban"]).expect_err("no user");
        assert_eq!(err.kind(), ErrorKind::MissingRequiredArgument);
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn the_actor_falls_back_to_the_os_user_then_admin() {
        assert_eq!(resolve_actor(Some("mod-anna"), Some("root")), "mod-anna");
        assert_eq!(resolve_actor(Some("  "), Some("root")), "root");
        assert_eq!(resolve_actor(None, Some("root")), "root");
        assert_eq!(resolve_actor(None, None), "admin");
        assert_eq!(resolve_actor(None, Some("")), "admin");
    }
}
