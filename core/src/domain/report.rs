//! Reports: a user tells the site's admins that a review, a group or a user breaks the
//! rules. A report is open until an admin resolves it with an action; the reporter sees
//! how it was handled.

use chrono::{DateTime, Utc};

use crate::domain::text::reject_control_chars;
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, ReportId, ReviewId, UserId};

/// The longest note a reporter may add, in characters.
pub const REPORT_NOTE_MAX: usize = 500;
/// How many reports one user may file within [`REPORT_WINDOW_MINUTES`].
pub const REPORTS_PER_WINDOW: i64 = 10;
/// The rate limit's window.
pub const REPORT_WINDOW_MINUTES: i64 = 60;
/// `GET /reports/mine`: default `limit`.
pub const REPORT_LIST_DEFAULT: i64 = 20;
/// `GET /reports/mine`: largest `limit`.
pub const REPORT_LIST_MAX: i64 = 100;
/// How long a ban from a report lasts when the admin names no end.
pub const REPORT_BAN_DEFAULT_DAYS: i64 = 7;

/// What kind of thing is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportTargetType {
    Review,
    Group,
    User,
}

impl ReportTargetType {
    pub const ALL: [Self; 3] = [Self::Review, Self::Group, Self::User];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Review => "review",
            Self::Group => "group",
            Self::User => "user",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == value)
    }
}

/// The reported thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportTarget {
    Review(ReviewId),
    Group(GroupId),
    User(UserId),
}

impl ReportTarget {
    /// The target of type `kind` with id `id`.
    pub fn new(kind: ReportTargetType, id: i64) -> Self {
        match kind {
            ReportTargetType::Review => Self::Review(ReviewId(id)),
            ReportTargetType::Group => Self::Group(GroupId(id)),
            ReportTargetType::User => Self::User(UserId(id)),
        }
    }

    pub fn kind(self) -> ReportTargetType {
        match self {
            Self::Review(_) => ReportTargetType::Review,
            Self::Group(_) => ReportTargetType::Group,
            Self::User(_) => ReportTargetType::User,
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Self::Review(id) => id.0,
            Self::Group(id) => id.0,
            Self::User(id) => id.0,
        }
    }
}

impl std::fmt::Display for ReportTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.kind().as_str(), self.id())
    }
}

/// Why it is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportReason {
    Spam,
    Abuse,
    Spoilers,
    Other,
}

impl ReportReason {
    pub const ALL: [Self; 4] = [Self::Spam, Self::Abuse, Self::Spoilers, Self::Other];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Spam => "spam",
            Self::Abuse => "abuse",
            Self::Spoilers => "spoilers",
            Self::Other => "other",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == value)
    }
}

/// Whether an admin has handled the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportStatus {
    Open,
    Resolved,
}

impl ReportStatus {
    pub const ALL: [Self; 2] = [Self::Open, Self::Resolved];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Resolved => "resolved",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == value)
    }
}

/// How an admin handled a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resolution {
    /// Nothing against the rules: no action.
    Dismissed,
    ReviewDeleted,
    UserBanned,
    GroupDeleted,
}

impl Resolution {
    pub const ALL: [Self; 4] = [
        Self::Dismissed,
        Self::ReviewDeleted,
        Self::UserBanned,
        Self::GroupDeleted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Dismissed => "dismissed",
            Self::ReviewDeleted => "review_deleted",
            Self::UserBanned => "user_banned",
            Self::GroupDeleted => "group_deleted",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == value)
    }
}

/// The reporter's optional words: trimmed, at most [`REPORT_NOTE_MAX`] characters, no
/// control characters but line breaks and tabs; blank is none.
///
/// # Errors
/// `Invalid` `validation_error` on `note`.
pub fn parse_note(raw: Option<&str>) -> Result<Option<String>, Error> {
    let Some(value) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > REPORT_NOTE_MAX {
        return Err(Error::invalid(
            "note",
            ErrorCode::ValidationError,
            format!("The note must be at most {REPORT_NOTE_MAX} characters long."),
        ));
    }
    reject_control_chars(value, "note", "The note")?;
    Ok(Some(value.to_owned()))
}

/// A report to file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReport {
    pub reporter: UserId,
    pub target: ReportTarget,
    /// The user answerable for the target (the review's author, the group's owner, the
    /// user), kept so that a ban can follow even after the target is gone.
    pub target_user: Option<UserId>,
    /// How the target read when it was reported (a movie title, a group name, a
    /// username), so the reporter's list still reads after the target is deleted.
    pub target_label: String,
    pub reason: ReportReason,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// How an admin resolved a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportResolution {
    pub resolution: Resolution,
    /// The admin's name (as in the moderation log).
    pub resolved_by: String,
    pub reason: Option<String>,
    pub resolved_at: DateTime<Utc>,
}

/// A stored report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub id: ReportId,
    pub reporter: UserId,
    pub reporter_name: String,
    pub target: ReportTarget,
    pub target_user: Option<UserId>,
    pub target_label: String,
    pub reason: ReportReason,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    /// `None` while open.
    pub resolution: Option<ReportResolution>,
}

impl Report {
    pub fn status(&self) -> ReportStatus {
        if self.resolution.is_some() {
            ReportStatus::Resolved
        } else {
            ReportStatus::Open
        }
    }
}

/// Which reports to list; every field narrows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReportFilter {
    pub status: Option<ReportStatus>,
    pub target_type: Option<ReportTargetType>,
    pub reporter: Option<UserId>,
}

/// What the store did with a report to file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filing {
    Filed(Report),
    /// The reporter already has an open report on this target; nothing was written.
    AlreadyOpen,
    /// The reporter has filed the most allowed within the window; nothing was written.
    /// Another may be filed once the report filed at `next_leaves` is out of the window.
    TooMany {
        next_leaves: DateTime<Utc>,
    },
}

/// 404 `report_not_found`.
pub fn report_not_found() -> Error {
    Error::not_found(ErrorCode::ReportNotFound, "Report not found.")
}

/// 409 `report_already_resolved`.
pub fn report_already_resolved() -> Error {
    Error::conflict(
        ErrorCode::ReportAlreadyResolved,
        "This report has already been resolved.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in ReportTargetType::ALL {
            assert_eq!(ReportTargetType::parse(t.as_str()), Some(t));
        }
        for r in ReportReason::ALL {
            assert_eq!(ReportReason::parse(r.as_str()), Some(r));
        }
        for s in ReportStatus::ALL {
            assert_eq!(ReportStatus::parse(s.as_str()), Some(s));
        }
        for r in Resolution::ALL {
            assert_eq!(Resolution::parse(r.as_str()), Some(r));
        }
        assert_eq!(ReportReason::parse("Spam"), None);
        assert_eq!(
            ReportTarget::new(ReportTargetType::Group, 4).to_string(),
            "group:4"
        );
    }

    #[test]
    fn notes_are_trimmed_limited_and_free_of_control_characters() {
        assert_eq!(parse_note(None).unwrap(), None);
        assert_eq!(parse_note(Some("   ")).unwrap(), None);
        assert_eq!(
            parse_note(Some(" spoils\nthe end ")).unwrap().as_deref(),
            Some("spoils\nthe end")
        );
        let longest = "ä".repeat(REPORT_NOTE_MAX);
        assert_eq!(parse_note(Some(&longest)).unwrap(), Some(longest.clone()));
        let err = parse_note(Some(&format!("{longest}x"))).unwrap_err();
        assert!(
            matches!(err, Error::Invalid { ref field, .. } if field == "note"),
            "{err:?}"
        );
        let err = parse_note(Some("bad\u{0}")).unwrap_err();
        assert_eq!(err.code(), "validation_error");
    }
}
