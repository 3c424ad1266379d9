//! Removing someone from a group (API.md, Groups: DELETE /groups/{id}/members/{userId}):
//! the owner removes anyone but themself, a moderator only plain members; on a pending
//! request this declines it.

use crate::domain::membership::MembershipAction;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::{GroupId, UserId};
use crate::use_cases::groups::Groups;

impl Groups {
    /// Takes `target` out of the group (or declines their request); logged as
    /// `remove_member` (or `decline_request`).
    ///
    /// # Errors
    /// `NotFound` `group_not_found` or `not_member`; `Invalid` `use_leave` "Use the leave
    /// button to remove yourself."; `Forbidden` `moderator_required`,
    /// `moderator_removes_members_only`, `cannot_remove_owner`; `Conflict`
    /// `concurrent_change`.
    pub async fn remove_member(
        &self,
        actor: &User,
        group: GroupId,
        target: UserId,
    ) -> Result<(), Error> {
        self.act_on_membership(actor, group, MembershipAction::Remove, target)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::moderation::ModerationAction;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    /// Owner 1, moderators 2 and 3, member 4, pending 5.
    fn rows() -> Vec<(i64, Role)> {
        vec![
            (2, Role::Moderator),
            (3, Role::Moderator),
            (4, Role::Member),
            (5, Role::Pending),
        ]
    }

    #[tokio::test]
    async fn who_removes_whom_and_what_is_logged() {
        // (actor, target, outcome: logged action or refusal code)
        let cases: [(i64, i64, Result<ModerationAction, &str>); 9] = [
            (1, 2, Ok(ModerationAction::RemoveMember)),
            (1, 4, Ok(ModerationAction::RemoveMember)),
            (1, 5, Ok(ModerationAction::DeclineRequest)),
            (2, 4, Ok(ModerationAction::RemoveMember)),
            (2, 5, Ok(ModerationAction::DeclineRequest)),
            (2, 3, Err("moderator_removes_members_only")),
            (2, 1, Err("cannot_remove_owner")),
            (4, 2, Err("moderator_required")),
            (1, 9, Err("not_member")),
        ];
        for (actor, target, expected) in cases {
            let mut ports = Ports::new();
            ports.world(Visibility::Private, &rows());
            let changes = ports.record_changes();
            let got = ports
                .build()
                .remove_member(&member(actor), GROUP, UserId(target))
                .await;
            let changes = changes.lock().unwrap();
            match (got, expected) {
                (Ok(()), Ok(action)) => {
                    assert_eq!(changes.len(), 1);
                    assert_eq!(changes[0].to, Role::None);
                    assert_eq!(changes[0].log.as_ref().map(|l| l.action), Some(action));
                }
                (Err(err), Err(code)) => {
                    assert_code(&err, code);
                    assert!(changes.is_empty(), "{actor} → {target}");
                }
                (got, want) => panic!("{actor} → {target}: {got:?}, want {want:?}"),
            }
        }
    }

    #[tokio::test]
    async fn removing_yourself_says_use_leave() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &rows());
        ports.store.expect_change_membership().never();
        let err = ports
            .build()
            .remove_member(&member(2), GROUP, UserId(2))
            .await
            .unwrap_err();
        assert_code(&err, "use_leave");
        assert_eq!(err.to_string(), "Use the leave button to remove yourself.");
    }
}
