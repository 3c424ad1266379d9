//! A site admin's moderation of groups from the admin CLI: list and read every group
//! (members and pending requests included), delete one, hand it to another member, take
//! someone out. The admin acts with the owner's powers — the same state machine decides
//! ([`transition`] as the owner), so the admin may do to a group exactly what its owner
//! may — and every change is logged with the admin's name (no user id) and reason.

use crate::domain::group::model::{
    group_not_found, AdminGroupFilter, Group, GroupFilter, GroupMember, PendingRequest,
};
use crate::domain::membership::{transition, MembershipAction, Role};
use crate::domain::moderation::{clean_reason, ModerationAction, NewGroupLogEntry};
use crate::domain::paging::{PageRequest, Paged};
use crate::error::Error;
use crate::ids::{GroupId, UserId};
use crate::ports::group_store::{Expected, MembershipChange};
use crate::use_cases::groups::{busy, is_stale, log_action, write_error, Groups, MAX_ATTEMPTS};
use crate::use_cases::transfer_ownership::ownership_transfer;

/// A group as a site admin sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminGroupView {
    pub group: Group,
    /// Owner first, then moderators, then members.
    pub members: Vec<GroupMember>,
    /// Oldest first.
    pub pending: Vec<PendingRequest>,
}

/// What `remove-member` did: who left and the role they had (pending: their request
/// was declined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdminRemoval {
    pub username: String,
    pub had: Role,
}

impl Groups {
    /// Every group `filter` selects, oldest first.
    ///
    /// # Errors
    /// `Internal` when the store fails.
    pub async fn admin_list_groups(
        &self,
        filter: AdminGroupFilter,
        page: PageRequest,
    ) -> Result<Paged<Group>, Error> {
        Ok(self
            .store
            .list_groups(&GroupFilter::Admin(filter), None, page)
            .await?)
    }

    /// One group with its members and pending requests, whatever its visibility.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`.
    pub async fn admin_group(&self, group: GroupId) -> Result<AdminGroupView, Error> {
        let found = self.stored_group(group).await?;
        Ok(AdminGroupView {
            group: found,
            members: self.store.members(group).await?,
            pending: self.store.pending_requests(group).await?,
        })
    }

    /// Deletes any group (as [`Groups::delete_group`] does for its owner); logged as
    /// `delete_group`. Answers with the group as it was.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`.
    pub async fn admin_delete_group(
        &self,
        actor: &str,
        group: GroupId,
        reason: Option<&str>,
    ) -> Result<Group, Error> {
        let found = self.stored_group(group).await?;
        let log = self.admin_log(
            group,
            ModerationAction::DeleteGroup,
            actor,
            None,
            found.name.clone(),
            reason,
        )?;
        // A site admin's right depends on no role: nothing to compare-and-set.
        self.store
            .delete_group(group, &Expected::default(), &log)
            .await
            .map_err(write_error)?;
        Ok(found)
    }

    /// Hands the group to `new_owner` (a member or moderator); the old owner becomes a
    /// moderator, as when an owner transfers. Logged as `transfer_group`. Answers with
    /// the group afterwards.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Invalid` `not_member` for someone not in the group;
    /// `Conflict` `already_owner` or `concurrent_change`.
    pub async fn admin_transfer_ownership(
        &self,
        actor: &str,
        group: GroupId,
        new_owner: UserId,
        reason: Option<&str>,
    ) -> Result<Group, Error> {
        for _ in 0..MAX_ATTEMPTS {
            let access = self.access(group, new_owner).await?;
            let target_role = access.role_of(new_owner);
            transition(
                MembershipAction::Transfer,
                Role::Owner,
                target_role,
                false,
                access.visibility,
            )?;
            let log = self.admin_log(
                group,
                ModerationAction::TransferGroup,
                actor,
                Some(new_owner),
                self.username(new_owner).await?,
                reason,
            )?;
            let transfer = ownership_transfer(
                group,
                (access.owner_id, Role::Owner),
                (new_owner, target_role),
                log,
            );
            match self.store.transfer_ownership(&transfer).await {
                Ok(()) => return self.stored_group(group).await,
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }

    /// Takes `target` out of the group, or declines their pending request; the owner
    /// cannot be removed (hand the group over first). Logged as `remove_member` or
    /// `decline_request`.
    ///
    /// # Errors
    /// `NotFound` `group_not_found` or `not_member`; `Forbidden` `cannot_remove_owner`;
    /// `Conflict` `concurrent_change`.
    pub async fn admin_remove_member(
        &self,
        actor: &str,
        group: GroupId,
        target: UserId,
        reason: Option<&str>,
    ) -> Result<AdminRemoval, Error> {
        let action = MembershipAction::Remove;
        for _ in 0..MAX_ATTEMPTS {
            let access = self.access(group, target).await?;
            let had = access.role_of(target);
            let to = transition(action, Role::Owner, had, false, access.visibility)?;
            let username = self.username(target).await?;
            let log = log_action(action, had)
                .map(|logged| {
                    self.admin_log(group, logged, actor, Some(target), username.clone(), reason)
                })
                .transpose()?;
            let change = MembershipChange {
                group,
                user: target,
                to,
                at: self.clock.now(),
                expected: Expected {
                    roles: vec![(target, had)],
                    visibility: None,
                },
                log,
            };
            match self.store.change_membership(&change).await {
                Ok(_) => return Ok(AdminRemoval { username, had }),
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }

    async fn stored_group(&self, group: GroupId) -> Result<Group, Error> {
        self.store
            .find_group(group, None)
            .await?
            .ok_or_else(group_not_found)
    }

    fn admin_log(
        &self,
        group: GroupId,
        action: ModerationAction,
        actor: &str,
        target_user: Option<UserId>,
        target: String,
        reason: Option<&str>,
    ) -> Result<NewGroupLogEntry, Error> {
        Ok(NewGroupLogEntry {
            group,
            action,
            actor_id: None,
            actor: actor.to_owned(),
            target_user,
            target,
            reason: clean_reason(reason)?,
            created_at: self.clock.now(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::moderation::ModerationAction;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    /// Owner 1, moderator 2, member 4, pending 5.
    fn rows() -> Vec<(i64, Role)> {
        vec![(2, Role::Moderator), (4, Role::Member), (5, Role::Pending)]
    }

    #[tokio::test]
    async fn the_admin_removes_anyone_but_the_owner_and_is_logged_by_name() {
        // (target, outcome: logged action or refusal code)
        let cases: [(i64, Result<ModerationAction, &str>); 5] = [
            (2, Ok(ModerationAction::RemoveMember)),
            (4, Ok(ModerationAction::RemoveMember)),
            (5, Ok(ModerationAction::DeclineRequest)),
            (1, Err("cannot_remove_owner")),
            (9, Err("not_member")),
        ];
        for (target, expected) in cases {
            let mut ports = Ports::new();
            ports.world(Visibility::Private, &rows());
            let changes = ports.record_changes();
            let got = ports
                .build()
                .admin_remove_member("anna", GROUP, UserId(target), Some(" spam "))
                .await;
            let changes = changes.lock().unwrap();
            match (got, expected) {
                (Ok(removal), Ok(action)) => {
                    assert_eq!(removal.username, format!("user{target}"));
                    let log = changes[0].log.as_ref().expect("logged");
                    assert_eq!(log.action, action);
                    assert_eq!((log.actor_id, log.actor.as_str()), (None, "anna"));
                    assert_eq!(log.reason.as_deref(), Some("spam"));
                    assert_eq!(changes[0].expected.roles, [(UserId(target), removal.had)]);
                }
                (Err(err), Err(code)) => {
                    assert_code(&err, code);
                    assert!(changes.is_empty(), "{target}");
                }
                (got, want) => panic!("{target}: {got:?}, want {want:?}"),
            }
        }
    }

    #[tokio::test]
    async fn the_admin_hands_a_group_to_a_member_and_the_owner_stays_as_moderator() {
        let mut ports = Ports::new();
        ports.world(Visibility::Public, &rows());
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
                    && t.log.actor_id.is_none()
                    && t.log.reason.as_deref() == Some("owner left")
            })
            .returning(|_| Ok(()));
        ports
            .store
            .expect_find_group()
            .returning(|_, _| Ok(Some(stored_group(Visibility::Public, None))));
        ports
            .build()
            .admin_transfer_ownership("anna", GROUP, UserId(4), Some("owner left"))
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn only_members_can_receive_a_group() {
        for (target, code) in [(1, "already_owner"), (5, "not_member"), (9, "not_member")] {
            let mut ports = Ports::new();
            ports.world(Visibility::Public, &rows());
            ports.store.expect_transfer_ownership().never();
            let err = ports
                .build()
                .admin_transfer_ownership("anna", GROUP, UserId(target), None)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }

    #[tokio::test]
    async fn the_admin_deletes_any_group_without_a_role_check() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_group()
            .returning(|_, _| Ok(Some(stored_group(Visibility::Private, None))));
        ports
            .store
            .expect_delete_group()
            .times(1)
            .withf(|_, expected, log| {
                expected.roles.is_empty()
                    && log.action == ModerationAction::DeleteGroup
                    && log.actor == "anna"
                    && log.target == "Noir Club"
            })
            .returning(|_, _, _| Ok(()));
        let deleted = ports
            .build()
            .admin_delete_group("anna", GROUP, None)
            .await
            .unwrap();
        assert_eq!(deleted.name, "Noir Club");
    }
}
