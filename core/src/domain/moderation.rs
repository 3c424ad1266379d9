//! The moderation log: every admin action on users and groups, and every moderation
//! action inside a group (by its owner or moderators), kept for accountability. Group
//! entries also name their group, so owners and moderators read their own group's log.

use chrono::{DateTime, Utc};

use crate::domain::text::reject_control_chars;
use crate::error::Error;
use crate::error_code::ErrorCode;
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
    /// A site admin closed a user's report without acting on its target.
    DismissReport,
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
            Self::DismissReport => "dismiss_report",
        }
    }

    pub const ALL: [Self; 15] = [
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
        Self::DismissReport,
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

/// The longest reason the log keeps, in characters.
pub const REASON_MAX: usize = 500;

/// A reason as the log keeps it: trimmed; a blank one is none.
///
/// # Errors
/// 400 `validation_error` on `reason` when it holds control characters (the log is read
/// in terminals, where they could rewrite the screen) or is longer than [`REASON_MAX`].
pub fn clean_reason(reason: Option<&str>) -> Result<Option<String>, Error> {
    let Some(reason) = reason.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    reject_control_chars(reason, "reason", "The reason")?;
    if reason.chars().count() > REASON_MAX {
        return Err(Error::invalid(
            "reason",
            ErrorCode::ValidationError,
            format!("The reason must be at most {REASON_MAX} characters."),
        ));
    }
    Ok(Some(reason.to_owned()))
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
    fn a_reason_is_trimmed_and_a_blank_one_is_none() {
        assert_eq!(
            clean_reason(Some("  spam links ")).unwrap().as_deref(),
            Some("spam links")
        );
        assert_eq!(clean_reason(Some("   ")).unwrap(), None);
        assert_eq!(clean_reason(None).unwrap(), None);
    }

    #[test]
    fn a_reason_with_terminal_escapes_or_too_long_is_refused() {
        for bad in [
            "spam\u{1b}[2J".to_owned(),
            "a\0b".to_owned(),
            "x".repeat(REASON_MAX + 1),
        ] {
            let err = clean_reason(Some(&bad)).expect_err("refused");
            assert_eq!(err.code(), ErrorCode::ValidationError.as_str(), "{bad:?}");
        }
        assert!(clean_reason(Some(&"x".repeat(REASON_MAX))).is_ok());
    }

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
