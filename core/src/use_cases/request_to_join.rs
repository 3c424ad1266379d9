//! Asking to join a private group (API.md, Groups: POST /groups/{id}/request-join); on a
//! public group the request joins at once.

use crate::domain::membership::{MembershipAction, Role};
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// Files `user`'s join request (private group: `Pending`) or joins them at once
    /// (public group: `Member`), and answers with the new role.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Conflict` `already_member`, `already_pending`,
    /// `already_owner`, or `concurrent_change`.
    pub async fn request_to_join(&self, user: &User, group: GroupId) -> Result<Role, Error> {
        let outcome = self
            .act_on_membership(user, group, MembershipAction::RequestJoin, user.id)
            .await?;
        Ok(outcome.to)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn private_groups_take_requests_and_public_ones_join() {
        for (visibility, expected) in [
            (Visibility::Private, Role::Pending),
            (Visibility::Public, Role::Member),
        ] {
            let mut ports = Ports::new();
            ports.world(visibility, &[]);
            let changes = ports.record_changes();
            let role = ports
                .build()
                .request_to_join(&member(5), GROUP)
                .await
                .unwrap();
            assert_eq!(role, expected);
            let changes = changes.lock().unwrap();
            assert_eq!(changes[0].to, expected);
            assert_eq!(changes[0].expected.visibility, Some(visibility));
        }
    }

    #[tokio::test]
    async fn a_group_turned_public_meanwhile_is_decided_again() {
        // The first read says private; the store says that is stale; the second read
        // (public) joins the user at once.
        let mut ports = Ports::new();
        let mut reads = 0;
        ports.store.expect_group_access().returning(move |_, _| {
            reads += 1;
            let visibility = if reads == 1 {
                Visibility::Private
            } else {
                Visibility::Public
            };
            Ok(Some(crate::ports::group_store::GroupAccess {
                owner_id: OWNER,
                membership: None,
                visibility,
            }))
        });
        let mut calls = 0;
        ports
            .store
            .expect_change_membership()
            .times(2)
            .returning(move |change| {
                calls += 1;
                if calls == 1 {
                    assert_eq!(change.to, Role::Pending);
                    Err(stale())
                } else {
                    assert_eq!(change.to, Role::Member);
                    Ok(None)
                }
            });
        let role = ports
            .build()
            .request_to_join(&member(5), GROUP)
            .await
            .unwrap();
        assert_eq!(role, Role::Member);
    }

    #[tokio::test]
    async fn a_second_request_is_409_already_pending() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &[(5, Role::Pending)]);
        ports.store.expect_change_membership().never();
        let err = ports
            .build()
            .request_to_join(&member(5), GROUP)
            .await
            .unwrap_err();
        assert_code(&err, "already_pending");
        assert_eq!(err.to_string(), "Join request is already pending.");
    }
}
