//! Turning a join request down (API.md, Groups: DELETE /groups/{id}/members/{userId} on a
//! pending request, see `remove_member`).

use crate::domain::membership::MembershipAction;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::{GroupId, UserId};
use crate::use_cases::groups::Groups;

impl Groups {
    /// Removes the pending `target`'s request (owner or moderator); logged.
    ///
    /// # Errors
    /// `NotFound` `group_not_found` or `no_pending_request`; `Forbidden`
    /// `moderator_required`; `Conflict` `user_already_member` or `concurrent_change`.
    pub async fn decline_request(
        &self,
        actor: &User,
        group: GroupId,
        target: UserId,
    ) -> Result<(), Error> {
        self.act_on_membership(actor, group, MembershipAction::Decline, target)
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

    #[tokio::test]
    async fn the_owner_declines_and_it_is_logged() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &[(5, Role::Pending)]);
        let changes = ports.record_changes();
        ports
            .build()
            .decline_request(&member(1), GROUP, UserId(5))
            .await
            .unwrap();
        let changes = changes.lock().unwrap();
        assert_eq!(changes[0].to, Role::None);
        assert_eq!(
            changes[0].log.as_ref().map(|l| l.action),
            Some(ModerationAction::DeclineRequest)
        );
    }

    #[tokio::test]
    async fn members_are_not_declined() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &[(5, Role::Member)]);
        ports.store.expect_change_membership().never();
        let err = ports
            .build()
            .decline_request(&member(1), GROUP, UserId(5))
            .await
            .unwrap_err();
        assert_code(&err, "user_already_member");
    }
}
