//! The admin's moderation of users: ban (for good or for a while), unban and delete. Each action is written to the
//! moderation log in the same transaction as the change (the store sees to that).

use chrono::{DateTime, SecondsFormat, Utc};

use crate::domain::ban::Ban;
use crate::domain::moderation::{clean_reason, ModerationAction, NewModerationEntry};
use crate::domain::user::User;
use crate::error::{Error, ErrorCode, StoreError};
use crate::ids::UserId;
use crate::use_cases::accounts::Accounts;

pub(crate) fn no_such_user() -> Error {
    Error::not_found(ErrorCode::UserNotFound, "User not found.")
}

pub(crate) fn missing_as_not_found(err: StoreError) -> Error {
    match err {
        StoreError::NotFound => no_such_user(),
        other => other.into(),
    }
}

impl Accounts {
    pub(crate) fn log_entry(
        &self,
        action: ModerationAction,
        actor: &str,
        id: UserId,
        reason: Option<&str>,
        detail: Option<String>,
    ) -> Result<NewModerationEntry, Error> {
        Ok(NewModerationEntry {
            action,
            actor: actor.to_owned(),
            target: format!("user:{id}"),
            target_user: Some(id),
            reason: clean_reason(reason)?,
            detail,
            created_at: self.clock.now(),
        })
    }

    /// Bans a user, for good (`until == None`) or until a time after which the ban lifts
    /// itself: they can no longer log in and their tokens stop working at once.
    ///
    /// # Errors
    /// `NotFound` `user_not_found`; `Invalid` `ban_end_in_past`; `Conflict`
    /// `already_banned` while a ban holds (lift it first to change its end).
    pub async fn ban_user(
        &self,
        actor: &str,
        id: UserId,
        until: Option<DateTime<Utc>>,
        reason: Option<&str>,
    ) -> Result<User, Error> {
        let now = self.clock.now();
        let ban = Ban::new(until, now)?;
        let user = self.users.find_user(id).await?.ok_or_else(no_such_user)?;
        if user.is_banned_at(now) {
            return Err(Error::conflict(
                ErrorCode::AlreadyBanned,
                "User is already banned.",
            ));
        }
        let detail = ban
            .until
            .map(|end| format!("until {}", end.to_rfc3339_opts(SecondsFormat::Secs, true)));
        let log = self.log_entry(ModerationAction::BanUser, actor, id, reason, detail)?;
        self.users
            .set_ban(id, Some(ban), &log)
            .await
            .map_err(missing_as_not_found)
    }

    /// Lifts a ban that still holds.
    ///
    /// # Errors
    /// `NotFound` `user_not_found`; `Conflict` `not_banned` (also once a timed ban has
    /// lifted itself).
    pub async fn unban_user(
        &self,
        actor: &str,
        id: UserId,
        reason: Option<&str>,
    ) -> Result<User, Error> {
        let user = self.users.find_user(id).await?.ok_or_else(no_such_user)?;
        if !user.is_banned_at(self.clock.now()) {
            return Err(Error::conflict(ErrorCode::NotBanned, "User is not banned."));
        }
        let log = self.log_entry(ModerationAction::UnbanUser, actor, id, reason, None)?;
        self.users
            .set_ban(id, None, &log)
            .await
            .map_err(missing_as_not_found)
    }

    /// Deletes any account (as [`Accounts::delete_account`] does, groups handed over
    /// first, without a password) and logs it.
    ///
    /// # Errors
    /// `NotFound` `user_not_found`; `Conflict` `concurrent_change` when the user's groups
    /// keep changing.
    pub async fn admin_delete_user(
        &self,
        actor: &str,
        id: UserId,
        reason: Option<&str>,
    ) -> Result<(), Error> {
        let user = self.users.find_user(id).await?.ok_or_else(no_such_user)?;
        let log = self.log_entry(ModerationAction::DeleteUser, actor, id, reason, None)?;
        self.remove_account(&user, Some(log))
            .await
            .map_err(|err| match err {
                Error::NotFound { .. } => no_such_user(),
                other => other,
            })
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use crate::domain::ban::Ban;
    use crate::domain::moderation::ModerationAction;
    use crate::error::{Error, ErrorCode, StoreError};
    use crate::ids::UserId;
    use crate::use_cases::test_support::*;

    #[tokio::test]
    async fn banning_writes_a_log_entry() {
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "kiusaaja", "pw"))));
        ports
            .users
            .expect_set_ban()
            .withf(|id, ban, log| {
                *id == UserId(2)
                    && *ban == Some(Ban { until: None })
                    && log.action == ModerationAction::BanUser
                    && log.actor == "anna"
                    && log.target == "user:2"
                    && log.reason.as_deref() == Some("spam")
                    && log.detail.is_none()
                    && log.created_at == now()
            })
            .times(1)
            .returning(|id, ban, _| {
                let mut u = user(id.0, "kiusaaja", "pw");
                u.banned = ban.is_some();
                Ok(u)
            });
        let user = ports
            .accounts()
            .ban_user("anna", UserId(2), None, Some(" spam "))
            .await
            .unwrap();
        assert!(user.banned);
    }

    #[tokio::test]
    async fn a_timed_ban_records_its_end_and_must_end_in_the_future() {
        let end = now() + Duration::days(7);
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "kiusaaja", "pw"))));
        ports
            .users
            .expect_set_ban()
            .withf(move |_, ban, log| {
                *ban == Some(Ban { until: Some(end) })
                    && log.detail.as_deref() == Some("until 2026-11-27T12:00:00Z")
            })
            .times(1)
            .returning(|id, _, _| Ok(user(id.0, "kiusaaja", "pw")));
        let accounts = ports.accounts();
        accounts
            .ban_user("anna", UserId(2), Some(end), Some("spam"))
            .await
            .unwrap();
        let err = accounts
            .ban_user("anna", UserId(2), Some(now()), None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "ban_end_in_past");
    }

    #[tokio::test]
    async fn a_timed_ban_past_its_end_no_longer_counts() {
        let mut ports = Ports::new();
        ports.users.expect_find_user().returning(|id| {
            let mut u = user(id.0, "x_user", "pw");
            u.banned = true;
            u.banned_until = Some(now() - Duration::seconds(1));
            Ok(Some(u))
        });
        ports
            .users
            .expect_set_ban()
            .times(1)
            .returning(|id, _, _| Ok(user(id.0, "x_user", "pw")));
        let accounts = ports.accounts();
        let err = accounts
            .unban_user("anna", UserId(1), None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "not_banned");
        // … and banning again is a new ban, not "already banned".
        accounts
            .ban_user("anna", UserId(1), None, None)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn banning_twice_or_unbanning_the_unbanned_is_a_conflict() {
        let mut ports = Ports::new();
        ports.users.expect_find_user().returning(|id| {
            let mut u = user(id.0, "x_user", "pw");
            u.banned = id.0 == 1;
            Ok(Some(u))
        });
        let accounts = ports.accounts();
        let err = accounts
            .ban_user("anna", UserId(1), None, None)
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::Conflict {
                    code: ErrorCode::AlreadyBanned,
                    ..
                }
            ),
            "{err:?}"
        );
        let err = accounts
            .unban_user("anna", UserId(2), None)
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::Conflict {
                    code: ErrorCode::NotBanned,
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn unbanning_logs_and_missing_users_are_not_found() {
        let mut ports = Ports::new();
        ports.users.expect_find_user().returning(|id| {
            if id.0 == 1 {
                let mut u = user(1, "x_user", "pw");
                u.banned = true;
                Ok(Some(u))
            } else {
                Ok(None)
            }
        });
        ports
            .users
            .expect_set_ban()
            .withf(|_, ban, log| {
                ban.is_none() && log.action == ModerationAction::UnbanUser && log.reason.is_none()
            })
            .returning(|id, _, _| Ok(user(id.0, "x_user", "pw")));
        let accounts = ports.accounts();
        assert!(
            !accounts
                .unban_user("anna", UserId(1), Some("  "))
                .await
                .unwrap()
                .banned
        );
        let err = accounts
            .ban_user("anna", UserId(9), None, None)
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::NotFound {
                    code: ErrorCode::UserNotFound,
                    ..
                }
            ),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn admin_deletion_is_logged() {
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "kiusaaja", "pw"))));
        ports.groups.expect_owned_groups().returning(|_| Ok(vec![]));
        ports
            .users
            .expect_delete_user()
            .withf(|id, log| {
                *id == UserId(3)
                    && log.as_ref().is_some_and(|l| {
                        l.action == ModerationAction::DeleteUser && l.target == "user:3"
                    })
            })
            .returning(|id, _| {
                if id.0 == 3 {
                    Ok(())
                } else {
                    Err(StoreError::NotFound)
                }
            });
        let accounts = ports.accounts();
        accounts
            .admin_delete_user("anna", UserId(3), Some("abuse"))
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn deleting_a_missing_user_is_not_found() {
        let mut ports = Ports::new();
        ports.users.expect_find_user().returning(|_| Ok(None));
        ports.users.expect_delete_user().never();
        let err = ports
            .accounts()
            .admin_delete_user("anna", UserId(3), None)
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::NotFound {
                    code: ErrorCode::UserNotFound,
                    ..
                }
            ),
            "{err:?}"
        );
    }
}
