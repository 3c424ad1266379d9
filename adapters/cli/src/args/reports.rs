//! `reports …`: the queue of users' reports and their resolution.

use clap::{Args, Subcommand, ValueEnum};

use super::ListArgs;
use crate::until::{parse_until, Until};

#[derive(Debug, Subcommand)]
pub enum ReportsCommand {
    /// List reports, newest first, narrowed by status and target type.
    List(ReportListArgs),
    /// Show one report.
    Show(ReportShowArgs),
    /// Resolve a report with an action, carried out as the matching admin command would
    /// (and logged as it): every other open report on the same target is resolved too.
    Resolve(ReportResolveArgs),
}

impl ReportsCommand {
    pub fn json(&self) -> bool {
        match self {
            Self::List(args) => args.window.json,
            Self::Show(args) => args.json,
            Self::Resolve(args) => args.json,
        }
    }
}

/// A report id.
fn report_id() -> clap::builder::RangedI64ValueParser<i64> {
    clap::value_parser!(i64).range(1..)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatusArg {
    Open,
    Resolved,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TargetTypeArg {
    Review,
    Group,
    User,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ActionArg {
    /// Nothing against the rules; no action (logged as dismiss_report).
    Dismiss,
    /// Delete the reported review (review reports only).
    DeleteReview,
    /// Ban the user answerable for the target: the reported user, the review's author or
    /// the group's owner.
    BanUser,
    /// Delete the reported group (group reports only).
    DeleteGroup,
}

/// How long a ban from `reports resolve --action ban-user` lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BanEnd {
    Permanent,
    Until(Until),
}

/// The help text of `reports resolve --until`.
pub const BAN_END_HELP: &str = "With --action ban-user: end of the ban, a length from now \
(30m, 12h, 7d, 2w) or a time in UTC (2026-12-24, 2026-12-24T18:00), or `permanent` \
[default: 7d]";

/// Parses `--until` of `reports resolve`: `permanent`, or what `users ban --until` takes.
///
/// # Errors
/// A sentence saying what is accepted.
pub fn parse_ban_end(raw: &str) -> Result<BanEnd, String> {
    if raw.trim().eq_ignore_ascii_case("permanent") {
        return Ok(BanEnd::Permanent);
    }
    parse_until(raw)
        .map(BanEnd::Until)
        .map_err(|why| format!("{why}, nor `permanent`"))
}

#[derive(Debug, Clone, Args)]
pub struct ReportListArgs {
    /// Only open or only resolved reports.
    #[arg(long, value_enum)]
    pub status: Option<StatusArg>,

    /// Only reports of reviews, groups or users.
    #[arg(long, value_enum)]
    pub target_type: Option<TargetTypeArg>,

    #[command(flatten)]
    pub window: ListArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ReportShowArgs {
    /// The report's id.
    #[arg(value_parser = report_id())]
    pub report: i64,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ReportResolveArgs {
    /// The report's id.
    #[arg(value_parser = report_id())]
    pub report: i64,

    /// What to do about it.
    #[arg(long, value_enum)]
    pub action: ActionArg,

    #[arg(long, value_parser = parse_ban_end, help = BAN_END_HELP)]
    pub until: Option<BanEnd>,

    /// Why; written to the moderation log and kept with the report.
    #[arg(long)]
    pub reason: String,

    /// Do not ask for confirmation of a deletion (required when stdin is not a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}
