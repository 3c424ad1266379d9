//! The moderation log: every admin action on users and groups, kept for accountability.

use chrono::{DateTime, Utc};

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
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [
            Self::BanUser,
            Self::UnbanUser,
            Self::DeleteUser,
            Self::DeleteGroup,
            Self::TransferGroup,
            Self::RemoveMember,
            Self::DeleteReview,
            Self::SetRole,
        ]
        .into_iter()
        .find(|action| action.as_str() == value)
    }
}

/// A log entry to write.
#[derive(Debug, Clone)]
pub struct NewModerationEntry {
    pub action: ModerationAction,
    /// Who did it: the operating-system user running the admin CLI, or a username.
    pub actor: String,
    /// What it was done to, e.g. `user:42`.
    pub target: String,
    pub reason: Option<String>,
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
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_through_their_names() {
        for action in [
            ModerationAction::BanUser,
            ModerationAction::DeleteGroup,
            ModerationAction::SetRole,
        ] {
            assert_eq!(ModerationAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(ModerationAction::parse("nuke"), None);
    }
}
