//! Joining a public group at once (API.md, Groups: POST /groups/{id}/join).

use crate::domain::membership::{MembershipAction, Role};
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// Makes `user` a member of a public group and answers with their new role.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `join_request_required` for a private
    /// group; `Conflict` `already_member`, `already_pending`, `already_owner`, or
    /// `concurrent_change`.
    pub async fn join_group(&self, user: &User, group: GroupId) -> Result<Role, Error> {
        let outcome = self
            .act_on_membership(user, group, MembershipAction::Join, user.id)
            .await?;
        Ok(outcome.to)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::ids::{GroupId, UserId};
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn a_public_group_is_joined_at_once_if_nothing_changed_meanwhile() {
        let mut ports = Ports::new();
        ports.world(Visibility::Public, &[]);
        let changes = ports.record_changes();
        let role = ports.build().join_group(&member(5), GROUP).await.unwrap();
        assert_eq!(role, Role::Member);
        let changes = changes.lock().unwrap();
        assert_eq!(changes.len(), 1);
        let change = &changes[0];
        assert_eq!((change.user, change.to), (UserId(5), Role::Member));
        assert_eq!(change.expected.roles, [(UserId(5), Role::None)]);
        assert_eq!(change.expected.visibility, Some(Visibility::Public));
        assert!(change.log.is_none(), "joining is not a moderation action");
    }

    #[tokio::test]
    async fn refusals_write_nothing() {
        // (visibility, own row, code)
        let cases = [
            (Visibility::Private, None, "join_request_required"),
            (Visibility::Private, Some(Role::Pending), "already_pending"),
            (Visibility::Public, Some(Role::Member), "already_member"),
            (Visibility::Public, Some(Role::Moderator), "already_member"),
        ];
        for (visibility, row, code) in cases {
            let mut ports = Ports::new();
            let rows: Vec<(i64, Role)> = row.map(|r| (5, r)).into_iter().collect();
            ports.world(visibility, &rows);
            ports.store.expect_change_membership().never();
            let err = ports
                .build()
                .join_group(&member(5), GROUP)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
        let mut ports = Ports::new();
        ports.world(Visibility::Public, &[]);
        ports.store.expect_change_membership().never();
        let groups = ports.build();
        let err = groups.join_group(&member(1), GROUP).await.unwrap_err();
        assert_code(&err, "already_owner");
        let err = groups.join_group(&member(5), GroupId(8)).await.unwrap_err();
        assert_code(&err, "group_not_found");
    }
}
