//! The group use cases share one struct holding their ports. Each action lives in its own
//! file as an `impl Groups` block: `create_group`, `get_group`, `update_group`,
//! `delete_group`, `list_groups` (popular, search, by genres, a user's), `join_group`,
//! `request_to_join`, `withdraw_request`, `leave_group`, `approve_request`,
//! `decline_request`, `remove_member`, `change_role`, `transfer_ownership`,
//! `list_members`, `pending_requests`, `group_modlog`.
//!
//! Every write follows one pattern: read the roles involved, let core's rules decide,
//! then ask the store to apply the decision only if those roles are still the roles in
//! the database (a compare-and-set inside the store's transaction, see
//! [`Expected`]). When another request changed them in between, the store writes
//! nothing and the use case reads again and decides again — so of two moderators
//! approving the same request, the second one is told the user is already a member
//! (409), never a 500 and never a second row.

use std::sync::Arc;

use crate::domain::group::model::{group_not_found, Group, GroupMember};
use crate::domain::membership::{transition, MembershipAction, Role};
use crate::domain::moderation::{ModerationAction, NewGroupLogEntry};
use crate::domain::user::User;
use crate::error::{Conflict, Error, ErrorCode, StoreError};
use crate::ids::{GroupId, UserId};
use crate::ports::group_store::{Expected, GroupAccess, MembershipChange};
use crate::ports::{Clock, GroupStore, UserStore};

/// How often a write is decided again after losing a compare-and-set before giving up
/// with [`busy`]. Each retry re-reads, so a lost race normally ends in the documented
/// refusal on the second attempt; only a group changing non-stop exhausts these.
pub(crate) const MAX_ATTEMPTS: usize = 8;

/// 409 `concurrent_change`: the group kept changing while we tried to apply the action.
pub(crate) fn busy() -> Error {
    Error::conflict(
        ErrorCode::ConcurrentChange,
        "The group changed while you were acting on it. Please try again.",
    )
}

/// Whether a store answer means "read again and decide again".
pub(crate) fn is_stale(err: &StoreError) -> bool {
    matches!(err, StoreError::Conflict(Conflict::Stale))
}

/// A write's failure as the caller sees it: a group gone meanwhile is 404.
pub(crate) fn write_error(err: StoreError) -> Error {
    match err {
        StoreError::NotFound => group_not_found(),
        other => other.into(),
    }
}

/// A group as one caller sees it: the caller's role, and the member list when the
/// caller may see it (members, moderators, the owner).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupView {
    pub group: Group,
    pub role: Role,
    pub members: Option<Vec<GroupMember>>,
}

/// What a membership action did to its target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MembershipOutcome {
    pub from: Role,
    pub to: Role,
    /// The target's membership afterwards; `None` when they are out of the group or
    /// only pending.
    pub member: Option<GroupMember>,
}

/// Create, read, edit and delete groups; join, leave and everything owners and
/// moderators do; the group lists. Cheap to share: wrap it in an `Arc`.
pub struct Groups {
    pub(crate) store: Arc<dyn GroupStore>,
    pub(crate) users: Arc<dyn UserStore>,
    pub(crate) clock: Arc<dyn Clock>,
}

impl Groups {
    pub fn new(
        store: Arc<dyn GroupStore>,
        users: Arc<dyn UserStore>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            store,
            users,
            clock,
        }
    }

    /// The group's owner, visibility and `user`'s membership, or 404 `group_not_found`.
    pub(crate) async fn access(&self, group: GroupId, user: UserId) -> Result<GroupAccess, Error> {
        self.store
            .group_access(group, user)
            .await?
            .ok_or_else(group_not_found)
    }

    /// The group and `actor`'s role in it (without the member list), or 404.
    pub(crate) async fn current(
        &self,
        actor: &User,
        group: GroupId,
    ) -> Result<(Group, Role), Error> {
        let found = self
            .store
            .find_group(group, Some(actor.id))
            .await?
            .ok_or_else(group_not_found)?;
        let role = found.role_of(Some(actor.id));
        Ok((found, role))
    }

    /// A username for the log, read now (the log keeps it as text).
    pub(crate) async fn username(&self, user: UserId) -> Result<String, Error> {
        Ok(self
            .users
            .find_user(user)
            .await?
            .map_or_else(|| format!("user {user}"), |u| u.username))
    }

    pub(crate) fn log_entry(
        &self,
        group: GroupId,
        action: ModerationAction,
        actor: &User,
        target_user: Option<UserId>,
        target: String,
        reason: Option<String>,
    ) -> NewGroupLogEntry {
        NewGroupLogEntry {
            group,
            action,
            actor_id: Some(actor.id),
            actor: actor.username.clone(),
            target_user,
            target,
            reason,
            created_at: self.clock.now(),
        }
    }

    /// Runs a membership action of the state machine: `actor` does `action` to `target`
    /// (themself for join, request, withdraw and leave). Moderation actions are logged.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; the action's [`crate::domain::membership::Refusal`];
    /// `Conflict` `concurrent_change` when the group kept changing.
    pub(crate) async fn act_on_membership(
        &self,
        actor: &User,
        group: GroupId,
        action: MembershipAction,
        target: UserId,
    ) -> Result<MembershipOutcome, Error> {
        let is_self = target == actor.id;
        for _ in 0..MAX_ATTEMPTS {
            let actor_access = self.access(group, actor.id).await?;
            let actor_role = actor_access.role_of(actor.id);
            let target_role = if is_self {
                actor_role
            } else {
                self.access(group, target).await?.role_of(target)
            };
            let to = transition(
                action,
                actor_role,
                target_role,
                is_self,
                actor_access.visibility,
            )?;
            let log = match log_action(action, target_role) {
                Some(logged) => Some(self.log_entry(
                    group,
                    logged,
                    actor,
                    Some(target),
                    self.username(target).await?,
                    None,
                )),
                None => None,
            };
            let mut roles = vec![(actor.id, actor_role)];
            if !is_self {
                roles.push((target, target_role));
            }
            let joining = matches!(
                action,
                MembershipAction::Join | MembershipAction::RequestJoin
            );
            let change = MembershipChange {
                group,
                user: target,
                to,
                at: self.clock.now(),
                expected: Expected {
                    roles,
                    visibility: joining.then_some(actor_access.visibility),
                },
                log,
            };
            match self.store.change_membership(&change).await {
                Ok(member) => {
                    return Ok(MembershipOutcome {
                        from: target_role,
                        to,
                        member,
                    })
                }
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }
}

/// The log entry a membership action writes, if any: what owners and moderators do to
/// others is logged; what users do to their own membership is not.
pub(crate) fn log_action(action: MembershipAction, target_role: Role) -> Option<ModerationAction> {
    use MembershipAction as A;
    match action {
        A::Approve => Some(ModerationAction::ApproveRequest),
        A::Decline => Some(ModerationAction::DeclineRequest),
        A::Remove if target_role == Role::Pending => Some(ModerationAction::DeclineRequest),
        A::Remove => Some(ModerationAction::RemoveMember),
        A::Promote => Some(ModerationAction::PromoteMember),
        A::Demote => Some(ModerationAction::DemoteMember),
        A::Transfer => Some(ModerationAction::TransferGroup),
        A::Join | A::RequestJoin | A::Withdraw | A::Leave => None,
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Mocked ports and a small group world for the group use-case tests.

    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};

    use chrono::DateTime;

    use crate::domain::group::model::{Group, GroupMember};
    use crate::domain::group::{ThemeId, Visibility};
    use crate::domain::membership::Role;
    use crate::domain::user::User;
    use crate::error::{Conflict, StoreError};
    use crate::ids::{GroupId, UserId};
    use crate::ports::clock::MockClock;
    use crate::ports::group_store::{GroupAccess, MembershipChange, MockGroupStore};
    use crate::ports::user_store::MockUserStore;
    use crate::use_cases::test_support::{now, user};

    use super::Groups;

    /// The group every test uses.
    pub const GROUP: GroupId = GroupId(7);
    /// Its owner.
    pub const OWNER: UserId = UserId(1);

    pub struct Ports {
        pub store: MockGroupStore,
        pub users: MockUserStore,
    }

    impl Ports {
        pub fn new() -> Self {
            let mut users = MockUserStore::new();
            users
                .expect_find_user()
                .returning(|id| Ok(Some(user(id.0, &format!("user{}", id.0), "pw"))));
            Self {
                store: MockGroupStore::new(),
                users,
            }
        }

        pub fn build(self) -> Groups {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            Groups::new(Arc::new(self.store), Arc::new(self.users), Arc::new(clock))
        }

        /// Group 7 (owned by user 1, `visibility`) with these membership rows; any other
        /// group does not exist.
        pub fn world(&mut self, visibility: Visibility, rows: &[(i64, Role)]) {
            let rows: HashMap<UserId, Role> =
                rows.iter().map(|(id, role)| (UserId(*id), *role)).collect();
            self.store
                .expect_group_access()
                .returning(move |group, user| {
                    Ok((group == GROUP).then(|| GroupAccess {
                        owner_id: OWNER,
                        membership: rows.get(&user).copied().or(
                            // The owner's own row.
                            (user == OWNER).then_some(Role::Owner),
                        ),
                        visibility,
                    }))
                });
        }

        /// Membership writes succeed and are recorded in `log`.
        pub fn record_changes(&mut self) -> Arc<Mutex<Vec<MembershipChange>>> {
            let log = Arc::new(Mutex::new(Vec::new()));
            let seen = Arc::clone(&log);
            self.store
                .expect_change_membership()
                .returning(move |change| {
                    seen.lock().expect("lock").push(change.clone());
                    Ok(change.to.is_member().then(|| GroupMember {
                        user_id: change.user,
                        username: format!("user{}", change.user.0),
                        role: change.to,
                        joined_at: change.at,
                    }))
                });
            log
        }
    }

    pub fn stale() -> StoreError {
        StoreError::Conflict(Conflict::Stale)
    }

    pub fn member(id: i64) -> User {
        user(id, &format!("user{id}"), "pw")
    }

    pub fn admin(id: i64) -> User {
        User {
            is_admin: true,
            ..member(id)
        }
    }

    /// Group 7 as the store would read it for a viewer with `membership`.
    pub fn stored_group(visibility: Visibility, membership: Option<Role>) -> Group {
        Group {
            id: GROUP,
            name: "Noir Club".into(),
            description: "Shadows.".into(),
            visibility,
            theme: ThemeId::DEFAULT,
            poster_url: None,
            genres: vec![80, 18],
            member_count: 3,
            owner_id: OWNER,
            owner_name: "user1".into(),
            created_at: now(),
            activity_at: DateTime::UNIX_EPOCH,
            membership,
        }
    }

    pub fn assert_code(err: &crate::error::Error, code: &str) {
        assert_eq!(err.code(), code, "{err:?}");
    }
}
