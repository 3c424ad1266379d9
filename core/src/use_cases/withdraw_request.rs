//! Taking back one's own join request (API.md, Groups: DELETE /groups/{id}/request-join;
//! `DELETE /groups/{id}/leave` withdraws too).

use crate::domain::membership::MembershipAction;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// Withdraws `user`'s pending request.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`, or `no_pending_request` (the web client counts a
    /// 404 as already withdrawn); `Conflict` `already_member` / `already_owner` when the
    /// request was approved meanwhile, or `concurrent_change`.
    pub async fn withdraw_request(&self, user: &User, group: GroupId) -> Result<(), Error> {
        self.act_on_membership(user, group, MembershipAction::Withdraw, user.id)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn a_pending_request_is_removed() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &[(5, Role::Pending)]);
        let changes = ports.record_changes();
        ports
            .build()
            .withdraw_request(&member(5), GROUP)
            .await
            .unwrap();
        let changes = changes.lock().unwrap();
        assert_eq!((changes[0].user, changes[0].to), (UserId(5), Role::None));
        assert_eq!(changes[0].expected.roles, [(UserId(5), Role::Pending)]);
    }

    #[tokio::test]
    async fn without_a_request_it_is_404_and_once_approved_409() {
        for (row, code) in [
            (None, "no_pending_request"),
            (Some(Role::Member), "already_member"),
        ] {
            let mut ports = Ports::new();
            let rows: Vec<(i64, Role)> = row.map(|r| (5, r)).into_iter().collect();
            ports.world(Visibility::Private, &rows);
            ports.store.expect_change_membership().never();
            let err = ports
                .build()
                .withdraw_request(&member(5), GROUP)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }
}
