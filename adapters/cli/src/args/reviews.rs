//! `reviews …` and `modlog …`: reading and removing reviews, reading the log.

use clap::{Args, Subcommand};

use super::ListArgs;
use crate::until::{parse_until, Until};

#[derive(Debug, Subcommand)]
pub enum ReviewsCommand {
    /// List reviews, newest first: all, one user's or one movie's.
    List(ReviewListArgs),
    /// Show one review.
    Show(ReviewShowArgs),
    /// Delete a review with its reactions; the author's counters and aura follow.
    Delete(ReviewDeleteArgs),
}

impl ReviewsCommand {
    pub fn json(&self) -> bool {
        match self {
            Self::List(args) => args.window.json,
            Self::Show(args) => args.json,
            Self::Delete(args) => args.json,
        }
    }
}

/// A review id.
fn review_id() -> clap::builder::RangedI64ValueParser<i64> {
    clap::value_parser!(i64).range(1..)
}

#[derive(Debug, Clone, Args)]
pub struct ReviewListArgs {
    /// Only this user's reviews (id, username or email).
    #[arg(long, conflicts_with = "movie")]
    pub user: Option<String>,

    /// Only the reviews of this movie (its TMDB id).
    #[arg(long, value_parser = clap::value_parser!(i64).range(1..))]
    pub movie: Option<i64>,

    #[command(flatten)]
    pub window: ListArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ReviewShowArgs {
    /// The review's id.
    #[arg(value_parser = review_id())]
    pub review: i64,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ReviewDeleteArgs {
    /// The review's id.
    #[arg(value_parser = review_id())]
    pub review: i64,

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

/// `modlog` alone lists, as `modlog list` does.
#[derive(Debug, Clone, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ModlogArgs {
    #[command(subcommand)]
    pub command: Option<ModlogCommand>,

    #[command(flatten)]
    pub list: ModlogListArgs,
}

impl ModlogArgs {
    /// What to list, whichever way it was asked.
    pub fn list(&self) -> &ModlogListArgs {
        match &self.command {
            Some(ModlogCommand::List(args)) => args,
            None => &self.list,
        }
    }
}

#[derive(Debug, Clone, Subcommand)]
pub enum ModlogCommand {
    /// List the moderation log, newest first, narrowed by the filters.
    List(ModlogListArgs),
}

#[derive(Debug, Clone, Args)]
pub struct ModlogListArgs {
    /// Only what this actor did (an admin's name, or a username for group moderators).
    /// (Not --actor: that names who runs this command.)
    #[arg(long = "by", value_name = "ACTOR")]
    pub by: Option<String>,

    /// Only actions on this user (id, username or email).
    #[arg(long)]
    pub user: Option<String>,

    /// Only entries of this group (its id).
    #[arg(long, value_parser = clap::value_parser!(i64).range(1..))]
    pub group: Option<i64>,

    /// Only this action, e.g. ban_user, delete_review, transfer_group.
    #[arg(long)]
    pub action: Option<String>,

    /// Only entries at or after this time (a time in UTC, or a length back from now:
    /// 7d means the last seven days).
    #[arg(long, value_parser = parse_until)]
    pub since: Option<Until>,

    /// Only entries before this time (same forms as --since).
    #[arg(long, value_parser = parse_until)]
    pub until: Option<Until>,

    #[command(flatten)]
    pub window: ListArgs,
}
