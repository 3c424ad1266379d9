//! Who may do what inside a group (PRODUCT-SPEC §6), as pure functions of roles.
//!
//! Use cases call the `Result` functions and turn a [`Refusal`] into an [`crate::Error`]
//! with `?`; answers that describe the caller's rights (the group page's management
//! panel) use [`Capabilities`]. Role changes themselves live in
//! [`crate::domain::membership::transition`]; the checks here that overlap with it
//! (removing, answering requests, changing roles) delegate to it so the two cannot drift.

use serde::Serialize;

use crate::domain::group::Visibility;
use crate::domain::membership::{transition, MembershipAction, Refusal, RefusalKind, Role};
use crate::error::ErrorCode;
use crate::ids::UserId;

impl Refusal {
    /// 403 (PRODUCT-SPEC §6).
    pub const MEMBERS_ONLY_MEMBER_LIST: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::MembersOnly,
        "You need to be in the group to view members.",
    );
    /// 403 (PRODUCT-SPEC §2, the text non-members see on the group page).
    pub const MEMBERS_ONLY_CONTENT: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::MembersOnly,
        "This group’s favorites and activity are visible to members only.",
    );
    /// 403 (PRODUCT-SPEC §6, API.md "Favorites" rules). Note the typographic apostrophe.
    pub const NO_FAVORITES_PERMISSION: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::FavoritesForbidden,
        "You don’t have permission to add favorites for this group.",
    );
    /// 403: removing a group favorite without being owner or moderator.
    pub const NO_FAVORITES_REMOVE_PERMISSION: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::FavoritesForbidden,
        "You don’t have permission to remove favorites for this group.",
    );
    /// 403: editing a group is the owner's.
    pub const EDIT_NEEDS_OWNER: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::OwnerRequired,
        "Only the group owner can edit the group.",
    );
    /// 403: deleting a group is the owner's.
    pub const DELETE_NEEDS_OWNER: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::OwnerRequired,
        "Only the group owner can delete the group.",
    );
    /// 403: the list of join requests is for the owner and moderators.
    pub const PENDING_NEEDS_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the group owner or a moderator can see join requests.",
    );
    /// 403: a group's moderation log is for its owner and moderators.
    pub const MODLOG_NEEDS_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the group owner or a moderator can read the moderation log.",
    );
}

/// The viewer's role in a group, from what the server knows: nobody logged in is
/// [`Role::None`]; the user named by the group's `owner_id` is the owner whatever the
/// membership row says (PRODUCT-SPEC §6 "recognised by … id equal to owner_id");
/// otherwise the membership row's role, or none without a row.
pub fn viewer_role(viewer: Option<UserId>, owner_id: UserId, membership: Option<Role>) -> Role {
    match viewer {
        None => Role::None,
        Some(id) if id == owner_id => Role::Owner,
        // A stale "owner" row for someone who is no longer owner_id (e.g. after a
        // transfer) must not grant ownership; least privilege: a plain member.
        Some(_) => match membership {
            Some(Role::Owner) => Role::Member,
            Some(role) => role,
            None => Role::None,
        },
    }
}

/// Members, moderators and the owner see the member list.
pub fn view_members(actor: Role) -> Result<(), Refusal> {
    allow_if(actor.is_member(), Refusal::MEMBERS_ONLY_MEMBER_LIST)
}

/// Members, moderators and the owner see the group favorites and the group activity
/// (member reviews); a pending request sees neither.
pub fn view_group_content(actor: Role) -> Result<(), Refusal> {
    allow_if(actor.is_member(), Refusal::MEMBERS_ONLY_CONTENT)
}

/// The owner and moderators add group favorites.
pub fn add_group_favorite(actor: Role) -> Result<(), Refusal> {
    allow_if(actor.is_manager(), Refusal::NO_FAVORITES_PERMISSION)
}

/// The owner and moderators remove group favorites.
pub fn remove_group_favorite(actor: Role) -> Result<(), Refusal> {
    allow_if(actor.is_manager(), Refusal::NO_FAVORITES_REMOVE_PERMISSION)
}

/// Only the owner edits the group's name, description, visibility, theme, poster, tags.
pub fn edit_group(actor: Role) -> Result<(), Refusal> {
    allow_if(actor == Role::Owner, Refusal::EDIT_NEEDS_OWNER)
}

/// Only the owner deletes the group.
pub fn delete_group(actor: Role) -> Result<(), Refusal> {
    allow_if(actor == Role::Owner, Refusal::DELETE_NEEDS_OWNER)
}

/// The owner and moderators see the pending join requests.
pub fn view_pending_requests(actor: Role) -> Result<(), Refusal> {
    allow_if(actor.is_manager(), Refusal::PENDING_NEEDS_MODERATOR)
}

/// Site admins oversee every group: whatever their own role there, they see its member
/// list and its moderation log and may delete it (to take down abuse). Inside the group
/// they act with their own role only: they do not answer requests, remove members or
/// keep favorites on anyone's behalf.
pub fn view_members_overseen(actor: Role, site_admin: bool) -> Result<(), Refusal> {
    if site_admin {
        return Ok(());
    }
    view_members(actor)
}

/// See [`view_members_overseen`]: the owner, or a site admin, deletes a group.
pub fn delete_group_overseen(actor: Role, site_admin: bool) -> Result<(), Refusal> {
    if site_admin {
        return Ok(());
    }
    delete_group(actor)
}

/// The owner and moderators read their group's moderation log; so do site admins.
pub fn view_modlog(actor: Role, site_admin: bool) -> Result<(), Refusal> {
    allow_if(
        site_admin || actor.is_manager(),
        Refusal::MODLOG_NEEDS_MODERATOR,
    )
}

/// Whether `actor` may remove `target` (someone else): the owner removes anyone but
/// themself, a moderator only plain members; pending requests count as removable (that
/// declines them). Same answer as [`transition`] with [`MembershipAction::Remove`].
pub fn remove_member(actor: Role, target: Role, actor_is_target: bool) -> Result<(), Refusal> {
    // Visibility does not matter for removal.
    transition(
        MembershipAction::Remove,
        actor,
        target,
        actor_is_target,
        Visibility::Public,
    )
    .map(drop)
}

/// [`remove_member`] as a yes/no, for showing a remove button beside each member.
pub fn can_remove(actor: Role, target: Role, actor_is_target: bool) -> bool {
    remove_member(actor, target, actor_is_target).is_ok()
}

/// The owner and moderators approve or decline join requests.
pub fn answer_requests(actor: Role) -> Result<(), Refusal> {
    allow_if(actor.is_manager(), Refusal::REQUESTS_NEED_MODERATOR)
}

/// Only the owner promotes members to moderators and demotes them back.
pub fn change_roles(actor: Role) -> Result<(), Refusal> {
    allow_if(actor == Role::Owner, Refusal::ROLES_NEED_OWNER)
}

fn allow_if(allowed: bool, refusal: Refusal) -> Result<(), Refusal> {
    if allowed {
        Ok(())
    } else {
        Err(refusal)
    }
}

/// What the viewer may do in a group, for the group page's management panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Capabilities {
    pub view_members: bool,
    pub view_group_content: bool,
    pub manage_favorites: bool,
    pub view_pending_requests: bool,
    pub answer_requests: bool,
    pub change_roles: bool,
    pub edit_group: bool,
    pub delete_group: bool,
    /// Members and moderators; the owner cannot leave.
    pub leave: bool,
    /// Only a pending request can be withdrawn.
    pub withdraw: bool,
    /// Nobody in the group yet: show Join (public) or Request to join (private).
    pub join: bool,
}

impl Capabilities {
    pub fn of(role: Role) -> Self {
        Self {
            view_members: view_members(role).is_ok(),
            view_group_content: view_group_content(role).is_ok(),
            manage_favorites: add_group_favorite(role).is_ok(),
            view_pending_requests: view_pending_requests(role).is_ok(),
            answer_requests: answer_requests(role).is_ok(),
            change_roles: change_roles(role).is_ok(),
            edit_group: edit_group(role).is_ok(),
            delete_group: delete_group(role).is_ok(),
            leave: matches!(role, Role::Member | Role::Moderator),
            withdraw: role == Role::Pending,
            join: role == Role::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::{Member as M, Moderator as Mod, None as N, Owner as O, Pending as P};

    type Check = fn(Role) -> Result<(), Refusal>;

    /// Each check against every role: who passes, and the words everybody else sees.
    #[test]
    fn role_checks_follow_the_spec() {
        let cases: [(&str, Check, &[Role], &str, &str); 9] = [
            (
                "view members",
                view_members,
                &[O, Mod, M],
                "members_only",
                "You need to be in the group to view members.",
            ),
            (
                "group favorites and activity",
                view_group_content,
                &[O, Mod, M],
                "members_only",
                "This group’s favorites and activity are visible to members only.",
            ),
            (
                "add group favorite",
                add_group_favorite,
                &[O, Mod],
                "favorites_forbidden",
                "You don’t have permission to add favorites for this group.",
            ),
            (
                "remove group favorite",
                remove_group_favorite,
                &[O, Mod],
                "favorites_forbidden",
                "You don’t have permission to remove favorites for this group.",
            ),
            (
                "edit group",
                edit_group,
                &[O],
                "owner_required",
                "Only the group owner can edit the group.",
            ),
            (
                "delete group",
                delete_group,
                &[O],
                "owner_required",
                "Only the group owner can delete the group.",
            ),
            (
                "view pending requests",
                view_pending_requests,
                &[O, Mod],
                "moderator_required",
                "Only the group owner or a moderator can see join requests.",
            ),
            (
                "approve/decline",
                answer_requests,
                &[O, Mod],
                "moderator_required",
                "Only the group owner or a moderator can answer join requests.",
            ),
            (
                "promote/demote",
                change_roles,
                &[O],
                "owner_required",
                "Only the group owner can change member roles.",
            ),
        ];
        for (name, check, allowed, code, message) in cases {
            for role in Role::ALL {
                let got = check(role);
                if allowed.contains(&role) {
                    assert_eq!(got, Ok(()), "{name} as {role}");
                } else {
                    let refusal = got.expect_err(name);
                    assert_eq!(refusal.kind, RefusalKind::Forbidden, "{name} as {role}");
                    assert_eq!(
                        (refusal.code.as_str(), refusal.message),
                        (code, message),
                        "{name} as {role}"
                    );
                }
            }
        }
    }

    #[test]
    fn site_admins_oversee_without_acting_inside() {
        for role in Role::ALL {
            assert_eq!(view_members_overseen(role, true), Ok(()), "{role}");
            assert_eq!(delete_group_overseen(role, true), Ok(()), "{role}");
            assert_eq!(view_modlog(role, true), Ok(()), "{role}");
            assert_eq!(
                view_members_overseen(role, false),
                view_members(role),
                "{role}"
            );
            assert_eq!(
                delete_group_overseen(role, false),
                delete_group(role),
                "{role}"
            );
            assert_eq!(
                view_modlog(role, false).is_ok(),
                role.is_manager(),
                "{role}"
            );
        }
        let refusal = view_modlog(M, false).unwrap_err();
        assert_eq!(refusal.code, ErrorCode::ModeratorRequired);
        assert_eq!(
            refusal.message,
            "Only the group owner or a moderator can read the moderation log."
        );
    }

    #[test]
    fn the_favorites_403_keeps_the_typographic_apostrophe() {
        let err = crate::Error::from(add_group_favorite(M).unwrap_err());
        assert!(matches!(err, crate::Error::Forbidden { .. }));
        assert!(err.to_string().contains("don\u{2019}t"));
    }

    #[test]
    fn who_removes_whom() {
        // (actor, target, may remove)
        let cases = [
            (O, Mod, true),
            (O, M, true),
            (O, P, true),
            (O, N, false),
            (Mod, M, true),
            (Mod, P, true),
            (Mod, Mod, false),
            (Mod, O, false),
            (M, M, false),
            (M, P, false),
            (P, M, false),
            (N, M, false),
        ];
        for (actor, target, ok) in cases {
            assert_eq!(
                can_remove(actor, target, false),
                ok,
                "{actor} removes {target}"
            );
        }
        for role in Role::ALL {
            assert_eq!(
                remove_member(role, role, true).map_err(|r| r.code.as_str()),
                Err("use_leave"),
                "{role} removes self"
            );
        }
    }

    #[test]
    fn viewer_role_trusts_owner_id_first() {
        let owner = UserId(1);
        let other = UserId(2);
        let cases = [
            (None, None, N),
            (None, Some(M), N),
            (Some(owner), None, O),
            (Some(owner), Some(M), O),
            (Some(other), None, N),
            (Some(other), Some(P), P),
            (Some(other), Some(M), M),
            (Some(other), Some(Mod), Mod),
            (Some(other), Some(O), M),
        ];
        for (viewer, row, expected) in cases {
            assert_eq!(
                viewer_role(viewer, owner, row),
                expected,
                "{viewer:?} with row {row:?}"
            );
        }
    }

    #[test]
    fn capabilities_per_role() {
        let cases = [
            (
                O,
                "members content favorites pending answer roles edit delete",
            ),
            (Mod, "members content favorites pending answer leave"),
            (M, "members content leave"),
            (P, "withdraw"),
            (N, "join"),
        ];
        for (role, expected) in cases {
            let c = Capabilities::of(role);
            let flags = [
                (c.view_members, "members"),
                (c.view_group_content, "content"),
                (c.manage_favorites, "favorites"),
                (c.view_pending_requests, "pending"),
                (c.answer_requests, "answer"),
                (c.change_roles, "roles"),
                (c.edit_group, "edit"),
                (c.delete_group, "delete"),
                (c.leave, "leave"),
                (c.withdraw, "withdraw"),
                (c.join, "join"),
            ];
            let got: Vec<&str> = flags
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, name)| *name)
                .collect();
            assert_eq!(got.join(" "), expected, "{role}");
        }
    }
}
