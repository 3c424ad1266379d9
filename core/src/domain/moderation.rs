//! The moderation log: every admin action on users and groups, and every moderation
//! action inside a group (by its owner or moderators), kept for accountability. Group
//! entries also name their group, so owners and moderators read their own group's log.

use chrono::{DateTime, Utc};

use crate::ids::{GroupId, UserId};

/// What an admin did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModerationAction {
    BanUser,
    UnbanUser,
    DeleteUser,
    DeleteGroup,
    TransferGroup,
    RemoveMember,
    DeleteReview,
    SetRole,
    /// A group's owner or moderator accepted a join request.
    ApproveRequest,
    /// … turned a join request down.
    DeclineRequest,
    /// The owner made a member a moderator.
    PromoteMember,
    /// The owner made a moderator a plain member again.
    DemoteMember,
    /// The owner changed the group's name, description, visibility, theme, poster or tags.
    EditGroup,
    /// An owner or moderator took a movie off the group's favorites.
    RemoveGroupFavorite,
}

impl ModerationAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::BanUser => "ban_user",
            Self::UnbanUser => "unban_user",
            Self::DeleteUser => "delete_user",
            Self::DeleteGroup => "delete_group",
            Self::TransferGroup => "transfer_group",
            Self::RemoveMember => "remove_member",
            Self::DeleteReview => "delete_review",
            Self::SetRole => "set_role",
            Self::ApproveRequest => "approve_request",
            Self::DeclineRequest => "decline_request",
            Self::PromoteMember => "promote_member",
            Self::DemoteMember => "demote_member",
            Self::EditGroup => "edit_group",
            Self::RemoveGroupFavorite => "remove_group_favorite",
        }
    }

    pub const ALL: [Self; 14] = [
        Self::BanUser,
        Self::UnbanUser,
        Self::DeleteUser,
        Self::DeleteGroup,
        Self::TransferGroup,
        Self::RemoveMember,
        Self::DeleteReview,
        Self::SetRole,
        Self::ApproveRequest,
        Self::DeclineRequest,
        Self::PromoteMember,
        Self::DemoteMember,
        Self::EditGroup,
        Self::RemoveGroupFavorite,
    ];

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|action| action.as_str() == value)
    }
}

/// Which log entries to read; the default reads them all. Every field narrows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModerationFilter {
    /// The actor's name as written (an admin's name or a username), exactly.
    pub actor: Option<String>,
    /// The user acted upon.
    pub target_user: Option<UserId>,
    pub group: Option<GroupId>,
    pub action: Option<ModerationAction>,
    /// At or after.
    pub since: Option<DateTime<Utc>>,
    /// Before.
    pub until: Option<DateTime<Utc>>,
}

/// A reason as the log keeps it: trimmed; a blank one is none.
pub fn clean_reason(reason: Option<&str>) -> Option<String> {
    reason
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(str::to_owned)
}

/// A log entry to write.
#[derive(Debug, Clone)]
pub struct NewModerationEntry {
    pub action: ModerationAction,
    /// Who did it: the operating-system user running the admin CLI, or a username.
    pub actor: String,
    /// What it was done to, e.g. `user:42`.
    pub target: String,
    /// The user acted upon, when it is a user (the log is filtered by it).
    pub target_user: Option<UserId>,
    pub reason: Option<String>,
    /// What the action set, when its name does not say it all: the end of a timed ban
    /// (`until 2026-12-01T12:00:00Z`), the new site role (`role admin`).
    pub detail: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A stored log entry.
#[derive(Debug, Clone)]
pub struct ModerationEntry {
    pub id: i64,
    pub action: ModerationAction,
    pub actor: String,
    pub target: String,
    pub reason: Option<String>,
    pub detail: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A moderation action inside a group, to write to the log with the change itself.
/// `actor` and `target` are also kept as text (the actor's username; the target's
/// username, the movie or the group name) so the entry still reads after renames and
/// deletions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGroupLogEntry {
    pub group: GroupId,
    pub action: ModerationAction,
    /// `None` when a site admin acted from the admin CLI (named in `actor` only).
    pub actor_id: Option<UserId>,
    pub actor: String,
    /// The user acted upon, for member actions.
    pub target_user: Option<UserId>,
    pub target: String,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A stored entry of a group's moderation log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupLogEntry {
    pub id: i64,
    pub action: ModerationAction,
    /// `None` only for entries the admin CLI wrote (no group log entry lacks it).
    pub actor_id: Option<UserId>,
    pub actor: String,
    pub target_user: Option<UserId>,
    pub target: String,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_their_names() {
        for action in ModerationAction::ALL {
            assert_eq!(ModerationAction::parse(action.as_str()), Some(action));
        }
        let mut names: Vec<&str> = ModerationAction::ALL.iter().map(|a| a.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ModerationAction::ALL.len(), "names are unique");
        assert_eq!(ModerationAction::parse("nuke"), None);
    }
}
