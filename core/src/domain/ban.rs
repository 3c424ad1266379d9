//! Site-wide moderation of accounts: bans (for good, or until a time, after which they lift
//! themselves) and the site roles an admin hands out.

use chrono::{DateTime, SecondsFormat, Utc};

use crate::error::{Error, ErrorCode};

/// A ban as stored: `until == None` is for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ban {
    pub until: Option<DateTime<Utc>>,
}

impl Ban {
    /// Does the ban still hold at `now`? A timed ban lifts itself at its end: nothing has
    /// to run at that moment, every check asks this.
    pub fn holds_at(&self, now: DateTime<Utc>) -> bool {
        self.until.is_none_or(|end| end > now)
    }

    /// A new ban decided at `now`; a timed one must end in the future.
    ///
    /// # Errors
    /// `Invalid` `ban_end_in_past` (field `until`).
    pub fn new(until: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Result<Self, Error> {
        match until {
            Some(end) if end <= now => Err(Error::invalid(
                "until",
                ErrorCode::BanEndInPast,
                format!("The ban's end ({}) must be in the future.", rfc3339(end)),
            )),
            _ => Ok(Self { until }),
        }
    }

    /// What a banned user is told when logging in (API.md: 403 `banned`, with the ban's
    /// end for timed bans).
    pub fn message(&self) -> String {
        match self.until {
            None => "This account has been banned.".to_owned(),
            Some(end) => format!("This account has been banned until {}.", rfc3339(end)),
        }
    }
}

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Who a user is on the whole site (group roles are separate, see `membership`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteRole {
    User,
    /// May delete any review and group, and reads every group's log.
    Admin,
}

impl SiteRole {
    pub const ALL: [Self; 2] = [Self::User, Self::Admin];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Admin => "admin",
        }
    }

    pub fn of(is_admin: bool) -> Self {
        if is_admin {
            Self::Admin
        } else {
            Self::User
        }
    }

    pub fn is_admin(self) -> bool {
        self == Self::Admin
    }

    /// # Errors
    /// `Invalid` `invalid_role` (field `role`) for anything but `user` or `admin`.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim().to_lowercase();
        Self::ALL
            .into_iter()
            .find(|role| role.as_str() == value)
            .ok_or_else(|| {
                Error::invalid(
                    "role",
                    ErrorCode::InvalidRole,
                    format!("Unknown role '{}'; use user or admin.", raw.trim()),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn noon() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 20, 12, 0, 0)
            .single()
            .expect("valid")
    }

    #[test]
    fn a_timed_ban_holds_until_its_end_and_then_lifts_itself() {
        let ban = Ban::new(Some(noon() + Duration::days(7)), noon()).expect("future end");
        assert!(ban.holds_at(noon()));
        assert!(ban.holds_at(noon() + Duration::days(7) - Duration::seconds(1)));
        assert!(!ban.holds_at(noon() + Duration::days(7)));
        let forever = Ban::new(None, noon()).expect("permanent");
        assert!(forever.holds_at(noon() + Duration::days(10_000)));
    }

    #[test]
    fn a_ban_ending_now_or_earlier_is_refused() {
        for end in [noon(), noon() - Duration::seconds(1)] {
            let err = Ban::new(Some(end), noon()).expect_err("past end");
            assert_eq!(err.code(), "ban_end_in_past");
        }
    }

    #[test]
    fn the_login_message_names_the_end_of_a_timed_ban() {
        assert_eq!(
            Ban { until: None }.message(),
            "This account has been banned."
        );
        let ban = Ban {
            until: Some(noon() + Duration::days(7)),
        };
        assert_eq!(
            ban.message(),
            "This account has been banned until 2026-11-27T12:00:00Z."
        );
    }

    #[test]
    fn site_roles_parse_case_insensitively_and_nothing_else() {
        assert_eq!(SiteRole::parse(" Admin ").ok(), Some(SiteRole::Admin));
        assert_eq!(SiteRole::parse("user").ok(), Some(SiteRole::User));
        for bad in ["", "moderator", "root"] {
            assert_eq!(SiteRole::parse(bad).expect_err(bad).code(), "invalid_role");
        }
        assert_eq!(SiteRole::of(true), SiteRole::Admin);
        assert!(!SiteRole::of(false).is_admin());
    }
}
