//! `groups …`: a site admin's moderation of groups.

use clap::{Args, Subcommand};

use super::ListArgs;

#[derive(Debug, Subcommand)]
pub enum GroupsCommand {
    /// List groups, oldest first, narrowed by visibility, owner or a name search.
    List(GroupListArgs),
    /// Show one group with its members and pending join requests.
    Show(GroupShowArgs),
    /// Delete a group with its memberships, requests and group favorites.
    Delete(GroupDeleteArgs),
    /// Hand a group to one of its members or moderators; the owner becomes a moderator.
    TransferOwner(GroupMemberArgs),
    /// Take someone out of a group (on a pending request: decline it). Not the owner:
    /// hand the group over first.
    RemoveMember(GroupMemberArgs),
}

impl GroupsCommand {
    pub fn json(&self) -> bool {
        match self {
            Self::List(args) => args.window.json,
            Self::Show(args) => args.json,
            Self::Delete(args) => args.json,
            Self::TransferOwner(args) | Self::RemoveMember(args) => args.json,
        }
    }

    /// The user arguments, checked before the database is opened.
    pub fn user_refs(&self) -> Vec<&str> {
        match self {
            Self::List(args) => args.owner.iter().map(String::as_str).collect(),
            Self::TransferOwner(args) | Self::RemoveMember(args) => vec![args.user.as_str()],
            Self::Show(_) | Self::Delete(_) => Vec::new(),
        }
    }
}

/// A group id (groups are named by id: names change).
fn group_id() -> clap::builder::RangedI64ValueParser<i64> {
    clap::value_parser!(i64).range(1..)
}

#[derive(Debug, Clone, Args)]
pub struct GroupListArgs {
    /// Only public or only private groups.
    #[arg(long, value_parser = ["public", "private"])]
    pub visibility: Option<String>,

    /// Only the groups this user owns (id, username or email).
    #[arg(long)]
    pub owner: Option<String>,

    /// Name or description contains this, ignoring case and accents.
    #[arg(long)]
    pub search: Option<String>,

    #[command(flatten)]
    pub window: ListArgs,
}

#[derive(Debug, Clone, Args)]
pub struct GroupShowArgs {
    /// The group's id.
    #[arg(value_parser = group_id())]
    pub group: i64,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct GroupDeleteArgs {
    /// The group's id.
    #[arg(value_parser = group_id())]
    pub group: i64,

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

#[derive(Debug, Clone, Args)]
pub struct GroupMemberArgs {
    /// The group's id.
    #[arg(value_parser = group_id())]
    pub group: i64,

    /// The member: a numeric id, a username or an email address.
    pub user: String,

    /// Why; written to the moderation log.
    #[arg(long, value_parser = crate::args::parse_reason)]
    pub reason: Option<String>,

    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}
