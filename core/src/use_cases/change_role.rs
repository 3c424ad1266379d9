//! Promoting a member to moderator and demoting a moderator back (API.md, Groups:
//! PUT /groups/{id}/members/{userId}/role).

use crate::domain::group::model::GroupMember;
use crate::domain::membership::{MembershipAction, Role};
use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, UserId};
use crate::use_cases::groups::Groups;

impl Groups {
    /// Gives `target` the `role` `moderator` or `member` (owner only); logged as
    /// `promote_member` / `demote_member`.
    ///
    /// # Errors
    /// `Invalid` `invalid_role` for any other role; `NotFound` `group_not_found` or
    /// `not_member`; `Forbidden` `owner_required`, `owner_role_fixed`; `Conflict`
    /// `already_moderator`, `not_moderator` or `concurrent_change`.
    pub async fn change_role(
        &self,
        actor: &User,
        group: GroupId,
        target: UserId,
        role: &str,
    ) -> Result<GroupMember, Error> {
        let action = match Role::parse(role.trim()) {
            Some(Role::Moderator) => MembershipAction::Promote,
            Some(Role::Member) => MembershipAction::Demote,
            _ => {
                return Err(Error::invalid(
                    "role",
                    ErrorCode::InvalidRole,
                    "Role must be moderator or member.",
                ))
            }
        };
        let outcome = self.act_on_membership(actor, group, action, target).await?;
        outcome
            .member
            .ok_or_else(|| Error::internal("a role change left no membership row"))
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
    async fn the_owner_promotes_and_demotes() {
        for (target, role, to, action) in [
            (
                4,
                "moderator",
                Role::Moderator,
                ModerationAction::PromoteMember,
            ),
            (2, "member", Role::Member, ModerationAction::DemoteMember),
        ] {
            let mut ports = Ports::new();
            ports.world(
                Visibility::Public,
                &[(2, Role::Moderator), (4, Role::Member)],
            );
            let changes = ports.record_changes();
            let member = ports
                .build()
                .change_role(&member(1), GROUP, UserId(target), role)
                .await
                .unwrap();
            assert_eq!(member.role, to);
            let changes = changes.lock().unwrap();
            assert_eq!(changes[0].log.as_ref().map(|l| l.action), Some(action));
        }
    }

    #[tokio::test]
    async fn bad_roles_and_non_owners_are_refused() {
        for (actor, role, code) in [
            (1, "owner", "invalid_role"),
            (1, "admin", "invalid_role"),
            (1, "pending", "invalid_role"),
            (2, "moderator", "owner_required"),
            (4, "member", "owner_required"),
        ] {
            let mut ports = Ports::new();
            ports.world(
                Visibility::Public,
                &[(2, Role::Moderator), (4, Role::Member)],
            );
            ports.store.expect_change_membership().never();
            let err = ports
                .build()
                .change_role(&member(actor), GROUP, UserId(4), role)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }
}
