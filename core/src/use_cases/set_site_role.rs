//! An admin gives a user a site role (`user` or `admin`); logged as `set_role` with the
//! new role, in the same transaction as the change.

use crate::domain::ban::SiteRole;
use crate::domain::moderation::ModerationAction;
use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ids::UserId;
use crate::use_cases::accounts::Accounts;
use crate::use_cases::moderate_user::{missing_as_not_found, no_such_user};

impl Accounts {
    /// Makes `id` a site admin or a plain user.
    ///
    /// # Errors
    /// `NotFound` `user_not_found`; `Conflict` `role_unchanged` when the user already has
    /// the role (so that the log only records real changes).
    pub async fn set_site_role(
        &self,
        actor: &str,
        id: UserId,
        role: SiteRole,
        reason: Option<&str>,
    ) -> Result<User, Error> {
        let user = self.users.find_user(id).await?.ok_or_else(no_such_user)?;
        if user.role() == role {
            return Err(Error::conflict(
                ErrorCode::RoleUnchanged,
                format!("User already has the role {}.", role.as_str()),
            ));
        }
        let detail = Some(format!("role {}", role.as_str()));
        let log = self.log_entry(ModerationAction::SetRole, actor, id, reason, detail)?;
        self.users
            .set_admin(id, role.is_admin(), &log)
            .await
            .map_err(missing_as_not_found)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::ban::SiteRole;
    use crate::domain::moderation::ModerationAction;
    use crate::ids::UserId;
    use crate::use_cases::test_support::*;

    #[tokio::test]
    async fn promoting_a_user_is_logged_with_the_new_role() {
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "moderaattori", "pw"))));
        ports
            .users
            .expect_set_admin()
            .withf(|id, is_admin, log| {
                *id == UserId(4)
                    && *is_admin
                    && log.action == ModerationAction::SetRole
                    && log.detail.as_deref() == Some("role admin")
                    && log.reason.as_deref() == Some("trusted")
            })
            .times(1)
            .returning(|id, is_admin, _| {
                let mut u = user(id.0, "moderaattori", "pw");
                u.is_admin = is_admin;
                Ok(u)
            });
        let user = ports
            .accounts()
            .set_site_role("anna", UserId(4), SiteRole::Admin, Some("trusted"))
            .await
            .unwrap();
        assert!(user.is_admin);
    }

    #[tokio::test]
    async fn the_same_role_again_is_a_conflict_and_unknown_users_are_not_found() {
        let mut ports = Ports::new();
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok((id.0 == 1).then(|| user(1, "tavallinen", "pw"))));
        ports.users.expect_set_admin().never();
        let accounts = ports.accounts();
        let err = accounts
            .set_site_role("anna", UserId(1), SiteRole::User, None)
            .await
            .unwrap_err();
        assert_conflict(&err, "role_unchanged", "User already has the role user.");
        let err = accounts
            .set_site_role("anna", UserId(2), SiteRole::Admin, None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "user_not_found");
    }
}
