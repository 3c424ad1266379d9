//! Handing a group to another member (API.md, Groups: PUT /groups/{id}/owner): the old
//! owner becomes a moderator.

use crate::domain::membership::{transition, MembershipAction, Role, TRANSFERRED_OWNER_ROLE};
use crate::domain::moderation::{ModerationAction, NewGroupLogEntry};
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::{GroupId, UserId};
use crate::ports::group_store::{Expected, OwnershipTransfer};
use crate::use_cases::groups::{busy, is_stale, write_error, GroupView, Groups, MAX_ATTEMPTS};

impl Groups {
    /// Makes `new_owner` (a member or moderator) the owner and the caller a moderator;
    /// logged as `transfer_group`. Answers with the group as the caller now sees it.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `owner_required`; `Invalid` `not_member`
    /// (field `user_id`) for someone not in the group; `Conflict` `already_owner` or
    /// `concurrent_change`.
    pub async fn transfer_ownership(
        &self,
        actor: &User,
        group: GroupId,
        new_owner: UserId,
    ) -> Result<GroupView, Error> {
        let is_self = new_owner == actor.id;
        for _ in 0..MAX_ATTEMPTS {
            let access = self.access(group, actor.id).await?;
            let actor_role = access.role_of(actor.id);
            let target_role = if is_self {
                actor_role
            } else {
                self.access(group, new_owner).await?.role_of(new_owner)
            };
            transition(
                MembershipAction::Transfer,
                actor_role,
                target_role,
                is_self,
                access.visibility,
            )?;
            let log = self.log_entry(
                group,
                ModerationAction::TransferGroup,
                actor,
                Some(new_owner),
                self.username(new_owner).await?,
                None,
            );
            let transfer =
                ownership_transfer(group, (actor.id, actor_role), (new_owner, target_role), log);
            match self.store.transfer_ownership(&transfer).await {
                Ok(()) => return self.get_group(Some(actor), group).await,
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }
}

/// The hand-over the store applies only while `from` and `to` still hold the roles the
/// decision was made on; the old owner stays on as moderator. Shared by the owner's own
/// transfer and the admin's.
pub(crate) fn ownership_transfer(
    group: GroupId,
    (from, from_role): (UserId, Role),
    (to, to_role): (UserId, Role),
    log: NewGroupLogEntry,
) -> OwnershipTransfer {
    OwnershipTransfer {
        group,
        from,
        to,
        from_becomes: TRANSFERRED_OWNER_ROLE,
        at: log.created_at,
        expected: Expected {
            roles: vec![(from, from_role), (to, to_role)],
            visibility: None,
        },
        log,
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
    async fn the_owner_hands_over_and_stays_as_moderator() {
        let mut ports = Ports::new();
        ports.world(Visibility::Private, &[(4, Role::Member)]);
        ports
            .store
            .expect_transfer_ownership()
            .times(1)
            .withf(|t| {
                t.from == OWNER
                    && t.to == UserId(4)
                    && t.from_becomes == Role::Moderator
                    && t.expected.roles == [(OWNER, Role::Owner), (UserId(4), Role::Member)]
                    && t.log.action == ModerationAction::TransferGroup
                    && t.log.target == "user4"
            })
            .returning(|_| Ok(()));
        ports.store.expect_find_group().returning(|_, _| {
            let mut group = stored_group(Visibility::Private, Some(Role::Moderator));
            group.owner_id = UserId(4);
            Ok(Some(group))
        });
        ports.store.expect_members().returning(|_| Ok(vec![]));
        let view = ports
            .build()
            .transfer_ownership(&member(1), GROUP, UserId(4))
            .await
            .unwrap();
        assert_eq!(view.role, Role::Moderator);
        assert_eq!(view.group.owner_id, UserId(4));
    }

    #[tokio::test]
    async fn refusals() {
        // (actor, new owner, code)
        let cases = [
            (1, 1, "already_owner"),
            (1, 5, "not_member"),
            (1, 9, "not_member"),
            (2, 4, "owner_required"),
            (4, 2, "owner_required"),
        ];
        for (actor, target, code) in cases {
            let mut ports = Ports::new();
            ports.world(
                Visibility::Private,
                &[(2, Role::Moderator), (4, Role::Member), (5, Role::Pending)],
            );
            ports.store.expect_transfer_ownership().never();
            let err = ports
                .build()
                .transfer_ownership(&member(actor), GROUP, UserId(target))
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }
}
