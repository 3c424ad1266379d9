//! Accepting a join request (API.md, Groups: PUT /groups/{id}/members/{userId}/approve).

use crate::domain::group::model::GroupMember;
use crate::domain::membership::MembershipAction;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::{GroupId, UserId};
use crate::use_cases::groups::Groups;

impl Groups {
    /// Makes the pending `target` a member (owner or moderator); logged.
    ///
    /// # Errors
    /// `NotFound` `group_not_found` or `no_pending_request`; `Forbidden`
    /// `moderator_required`; `Conflict` `user_already_member` (also for the second of two
    /// simultaneous approvals) or `concurrent_change`.
    pub async fn approve_request(
        &self,
        actor: &User,
        group: GroupId,
        target: UserId,
    ) -> Result<GroupMember, Error> {
        let outcome = self
            .act_on_membership(actor, group, MembershipAction::Approve, target)
            .await?;
        outcome
            .member
            .ok_or_else(|| Error::internal("an approved request left no membership row"))
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::moderation::ModerationAction;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;
    use crate::use_cases::test_support::now;

    #[tokio::test]
    async fn a_moderator_approves_and_it_is_logged() {
        let mut ports = Ports::new();
        ports.world(
            Visibility::Private,
            &[(2, Role::Moderator), (5, Role::Pending)],
        );
        let changes = ports.record_changes();
        let member = ports
            .build()
            .approve_request(&member(2), GROUP, UserId(5))
            .await
            .unwrap();
        assert_eq!((member.user_id, member.role), (UserId(5), Role::Member));
        assert_eq!(member.joined_at, now());
        let changes = changes.lock().unwrap();
        let change = &changes[0];
        assert_eq!(
            change.expected.roles,
            [(UserId(2), Role::Moderator), (UserId(5), Role::Pending)]
        );
        let log = change.log.as_ref().expect("logged");
        assert_eq!(log.action, ModerationAction::ApproveRequest);
        assert_eq!(
            (log.actor_id, log.actor.as_str()),
            (Some(UserId(2)), "user2")
        );
        assert_eq!(
            (log.target_user, log.target.as_str()),
            (Some(UserId(5)), "user5")
        );
        assert_eq!(log.group, GROUP);
    }

    #[tokio::test]
    async fn the_second_of_two_approvals_sees_a_member_and_gets_409() {
        // Both read "pending"; the other approval wins, so this one's write is stale;
        // reading again finds a member.
        let mut ports = Ports::new();
        let mut reads_of_target = 0;
        ports.store.expect_group_access().returning(move |_, user| {
            let membership = if user == UserId(5) {
                reads_of_target += 1;
                Some(if reads_of_target == 1 {
                    Role::Pending
                } else {
                    Role::Member
                })
            } else {
                Some(Role::Moderator)
            };
            Ok(Some(crate::ports::group_store::GroupAccess {
                owner_id: OWNER,
                membership,
                visibility: Visibility::Private,
            }))
        });
        ports
            .store
            .expect_change_membership()
            .times(1)
            .returning(|_| Err(stale()));
        let err = ports
            .build()
            .approve_request(&member(2), GROUP, UserId(5))
            .await
            .unwrap_err();
        assert_code(&err, "user_already_member");
    }

    #[tokio::test]
    async fn only_managers_approve_and_only_requests() {
        // (actor, target row, code)
        let cases = [
            (3, Some(Role::Pending), "moderator_required"),
            (6, Some(Role::Pending), "moderator_required"),
            (2, None, "no_pending_request"),
            (2, Some(Role::Member), "user_already_member"),
        ];
        for (actor, target, code) in cases {
            let mut ports = Ports::new();
            let mut rows = vec![(2, Role::Moderator), (3, Role::Member)];
            rows.extend(target.map(|r| (5, r)));
            ports.world(Visibility::Private, &rows);
            ports.store.expect_change_membership().never();
            let err = ports
                .build()
                .approve_request(&member(actor), GROUP, UserId(5))
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }

    #[tokio::test]
    async fn a_group_that_keeps_changing_ends_in_409_concurrent_change() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &[(5, Role::Pending)]);
        ports
            .store
            .expect_change_membership()
            .times(crate::use_cases::groups::MAX_ATTEMPTS)
            .returning(|_| Err(stale()));
        let err = ports
            .build()
            .approve_request(&member(1), GROUP, UserId(5))
            .await
            .unwrap_err();
        assert_code(&err, "concurrent_change");
    }
}
