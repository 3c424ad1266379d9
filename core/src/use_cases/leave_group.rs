//! Leaving a group (API.md, Groups: DELETE /groups/{id}/leave). A pending user leaving
//! withdraws their request.

use crate::domain::membership::MembershipAction;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// Takes `user` out of the group (or withdraws their request).
    ///
    /// # Errors
    /// `NotFound` `group_not_found` or `not_member`; `Invalid` `owner_cannot_leave`;
    /// `Conflict` `concurrent_change`.
    pub async fn leave_group(&self, user: &User, group: GroupId) -> Result<(), Error> {
        self.act_on_membership(user, group, MembershipAction::Leave, user.id)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::error::Error;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn members_moderators_and_pending_users_leave() {
        for role in [Role::Member, Role::Moderator, Role::Pending] {
            let mut ports = Ports::new();
            ports.world(Visibility::Public, &[(5, role)]);
            let changes = ports.record_changes();
            ports.build().leave_group(&member(5), GROUP).await.unwrap();
            let changes = changes.lock().unwrap();
            assert_eq!((changes[0].user, changes[0].to), (UserId(5), Role::None));
            assert_eq!(changes[0].expected.roles, [(UserId(5), role)]);
        }
    }

    #[tokio::test]
    async fn the_owner_cannot_leave_and_outsiders_are_not_members() {
        let mut ports = Ports::new();
        ports.world(Visibility::Public, &[]);
        ports.store.expect_change_membership().never();
        let groups = ports.build();
        let err = groups.leave_group(&member(1), GROUP).await.unwrap_err();
        assert_code(&err, "owner_cannot_leave");
        assert!(matches!(err, Error::Conflict { .. }));
        let err = groups.leave_group(&member(5), GROUP).await.unwrap_err();
        assert_code(&err, "not_member");
        assert!(matches!(err, Error::NotFound { .. }));
    }

    #[tokio::test]
    async fn leaving_a_group_deleted_meanwhile_is_404() {
        let mut ports = Ports::new();
        ports.world(Visibility::Public, &[(5, Role::Member)]);
        ports
            .store
            .expect_change_membership()
            .returning(|_| Err(crate::error::StoreError::NotFound));
        let err = ports
            .build()
            .leave_group(&member(5), GROUP)
            .await
            .unwrap_err();
        assert_code(&err, "group_not_found");
    }
}
