//! Group membership: the roles, the state machine that moves a user between them
//! (PRODUCT-SPEC §4, §5, §6; API.md "Groups" rules) and who inherits a group whose owner
//! deletes their account.
//!
//! Every refusal is a [`Refusal`] with a stable code and the product's message, so the
//! HTTP layer, the CLI and the tests all see the same words.

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::group::Visibility;
use crate::error::{Error, ErrorCode};
use crate::ids::UserId;

/// A user's standing in one group. `None` means no membership row at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    #[default]
    None,
    /// Asked to join a private group; not a member until approved.
    Pending,
    Member,
    Moderator,
    Owner,
}

impl Role {
    pub const ALL: [Self; 5] = [
        Self::None,
        Self::Pending,
        Self::Member,
        Self::Moderator,
        Self::Owner,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Pending => "pending",
            Self::Member => "member",
            Self::Moderator => "moderator",
            Self::Owner => "owner",
        }
    }

    /// The API spelling back to a role; anything else is `None` (not [`Role::None`]).
    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.as_str() == raw)
    }

    /// Members, moderators and the owner count as members; a pending request never does
    /// (it sees no favorites, activity or member list).
    pub fn is_member(self) -> bool {
        matches!(self, Self::Member | Self::Moderator | Self::Owner)
    }

    /// The owner and moderators run the group day to day: they see and answer join
    /// requests, remove plain members and keep the group favorites.
    pub fn is_manager(self) -> bool {
        matches!(self, Self::Moderator | Self::Owner)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One current member of a group, as the successor rule sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuccessionCandidate {
    pub user_id: UserId,
    pub role: Role,
    pub joined_at: DateTime<Utc>,
}

/// Who inherits a group when its owner's account is deleted: the longest-standing
/// moderator, else the longest-standing member; `None` means the group is deleted.
/// "Longest-standing" is the earliest `joined_at`; equal times go to the lower user id so
/// that every store picks the same heir. Pending requests and the owner are ignored.
pub fn successor(candidates: &[SuccessionCandidate]) -> Option<UserId> {
    candidates
        .iter()
        .filter_map(|c| {
            let rank = match c.role {
                Role::Moderator => 0,
                Role::Member => 1,
                Role::None | Role::Pending | Role::Owner => return None,
            };
            Some((rank, c.joined_at, c.user_id))
        })
        .min()
        .map(|(_, _, user_id)| user_id)
}

/// Everything that changes a user's role in a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MembershipAction {
    /// Join a public group (self).
    Join,
    /// Ask to join a private group (self); on a public group this joins at once.
    RequestJoin,
    /// Take back one's own pending request (self).
    Withdraw,
    /// Accept a pending request (owner or moderator).
    Approve,
    /// Turn down a pending request (owner or moderator).
    Decline,
    /// Leave the group (self). A pending user leaving withdraws the request.
    Leave,
    /// Remove someone else (owner: anyone; moderator: plain members). On a pending
    /// request this declines it, because the API's `DELETE /members/{userId}` does both.
    Remove,
    /// Member → moderator (owner only).
    Promote,
    /// Moderator → member (owner only).
    Demote,
    /// A member or moderator becomes the owner (owner only); the old owner becomes a
    /// moderator (see [`TRANSFERRED_OWNER_ROLE`]).
    Transfer,
}

/// What the old owner becomes when they hand the group to someone else: they keep
/// running it beside the new owner until the new owner decides otherwise.
pub const TRANSFERRED_OWNER_ROLE: Role = Role::Moderator;

impl MembershipAction {
    /// Actions a user can only take on their own membership.
    pub fn is_self_only(self) -> bool {
        matches!(
            self,
            Self::Join | Self::RequestJoin | Self::Withdraw | Self::Leave
        )
    }
}

/// How a refusal is reported: which [`Error`] variant (and so which HTTP status) it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalKind {
    /// 400, with the name of the input at fault.
    Invalid { field: &'static str },
    /// 403.
    Forbidden,
    /// 404: the membership or request the action needs does not exist. The web client
    /// treats 404 on withdraw as "already withdrawn", which is what happened.
    NotFound,
    /// 409: the user is already where the action would take them.
    Conflict,
}

/// Why a group action was refused: a stable snake_case `code` and the product's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    pub kind: RefusalKind,
    pub code: ErrorCode,
    pub message: &'static str,
}

impl Refusal {
    pub const fn new(kind: RefusalKind, code: ErrorCode, message: &'static str) -> Self {
        Self {
            kind,
            code,
            message,
        }
    }

    /// 409 `owner_cannot_leave`: a group always has an owner; deleting the group is the
    /// owner's way out. (A conflict with the group's state, not a malformed request: the
    /// same request is fine from a member.)
    pub const OWNER_CANNOT_LEAVE: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::OwnerCannotLeave,
        "The owner cannot leave the group. Delete the group instead.",
    );
    /// 409 `use_leave` (PRODUCT-SPEC §5): the request is well formed, it just names
    /// the caller, whose way out is leaving.
    pub const USE_LEAVE: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::UseLeave,
        "Use the leave button to remove yourself.",
    );
    /// 409 `already_member` (PRODUCT-SPEC §8).
    pub const ALREADY_MEMBER: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::AlreadyMember,
        "You are already a member of this group.",
    );
    /// 409 `already_pending` (PRODUCT-SPEC §8).
    pub const ALREADY_PENDING: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::AlreadyPending,
        "Join request is already pending.",
    );
    /// 409 `already_owner` (PRODUCT-SPEC §8).
    pub const ALREADY_OWNER: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::AlreadyOwner,
        "You already own this group.",
    );
    /// 403: a private group is joined by request only.
    pub const REQUEST_REQUIRED: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::JoinRequestRequired,
        "This group is private. Send a join request instead.",
    );
    /// 404: withdraw without a pending request.
    pub const NO_PENDING_REQUEST: Self = Self::new(
        RefusalKind::NotFound,
        ErrorCode::NoPendingRequest,
        "You have no pending join request for this group.",
    );
    /// 404: leave without being in the group.
    pub const NOT_A_MEMBER: Self = Self::new(
        RefusalKind::NotFound,
        ErrorCode::NotMember,
        "You are not a member of this group.",
    );
    /// 404: the other user is not in the group (nor waiting to be).
    pub const TARGET_NOT_MEMBER: Self = Self::new(
        RefusalKind::NotFound,
        ErrorCode::NotMember,
        "This user is not a member of this group.",
    );
    /// 404: approve or decline without a request.
    pub const TARGET_NO_REQUEST: Self = Self::new(
        RefusalKind::NotFound,
        ErrorCode::NoPendingRequest,
        "This user has no pending join request.",
    );
    /// 409: approve someone already in.
    pub const TARGET_ALREADY_MEMBER: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::UserAlreadyMember,
        "This user is already a member of this group.",
    );
    /// 403: join/leave/withdraw on behalf of someone else.
    pub const SELF_ONLY: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::SelfOnly,
        "You can only do this for your own membership.",
    );
    /// 403: remove without being owner or moderator.
    pub const REMOVE_NEEDS_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the group owner or a moderator can remove members.",
    );
    /// 403: a moderator tried to remove a moderator or the owner.
    pub const MODERATOR_REMOVES_MEMBERS_ONLY: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRemovesMembersOnly,
        "Moderators can only remove regular members.",
    );
    /// 403: nobody removes the owner.
    pub const CANNOT_REMOVE_OWNER: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::CannotRemoveOwner,
        "The group owner cannot be removed.",
    );
    /// 403: approve/decline without being owner or moderator.
    pub const REQUESTS_NEED_MODERATOR: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::ModeratorRequired,
        "Only the group owner or a moderator can answer join requests.",
    );
    /// 403: promote/demote without being the owner.
    pub const ROLES_NEED_OWNER: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::OwnerRequired,
        "Only the group owner can change member roles.",
    );
    /// 403: the owner's own role is not promoted or demoted.
    pub const OWNER_ROLE_FIXED: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::OwnerRoleFixed,
        "The owner's role cannot be changed.",
    );
    /// 409: promote a moderator.
    pub const ALREADY_MODERATOR: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::AlreadyModerator,
        "This user is already a moderator.",
    );
    /// 409: demote a plain member.
    pub const NOT_MODERATOR: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::NotModerator,
        "This user is not a moderator.",
    );
    /// 403: transfer without being the owner.
    pub const TRANSFER_NEEDS_OWNER: Self = Self::new(
        RefusalKind::Forbidden,
        ErrorCode::OwnerRequired,
        "Only the group owner can transfer the group.",
    );
    /// 409 `not_member`: the new owner must already be in the group (pending requests
    /// are not); whether they are is the group's state, not the request's shape.
    pub const TRANSFER_TO_MEMBERS_ONLY: Self = Self::new(
        RefusalKind::Conflict,
        ErrorCode::NotMember,
        "The group can only be handed to one of its members or moderators.",
    );
}

impl From<Refusal> for Error {
    fn from(refusal: Refusal) -> Self {
        match refusal.kind {
            RefusalKind::Invalid { field } => Error::invalid(field, refusal.code, refusal.message),
            RefusalKind::Forbidden => Error::forbidden(refusal.code, refusal.message),
            RefusalKind::NotFound => Error::not_found(refusal.code, refusal.message),
            RefusalKind::Conflict => Error::conflict(refusal.code, refusal.message),
        }
    }
}

/// The membership state machine: the role `target` ends up with when `actor` does
/// `action`, or why not.
///
/// `actor_is_target` tells self-service (join, leave, …) from acting on someone else; for
/// self-only actions `target_role` is the actor's own role. Checks run in the order a user
/// would find most helpful: "that's yourself" first, then the actor's rights, then the
/// target's state. `visibility` only matters for joining.
///
/// Two choices beyond the spec's words: a pending user of a group that has since turned
/// public joins at once on `Join`/`RequestJoin` (nobody would otherwise answer them), and
/// approve/decline do not check visibility, so leftover requests can always be answered.
pub fn transition(
    action: MembershipAction,
    actor_role: Role,
    target_role: Role,
    actor_is_target: bool,
    visibility: Visibility,
) -> Result<Role, Refusal> {
    use MembershipAction as A;

    if action.is_self_only() && !actor_is_target {
        return Err(Refusal::SELF_ONLY);
    }
    match action {
        A::Join | A::RequestJoin => match target_role {
            Role::Owner => Err(Refusal::ALREADY_OWNER),
            Role::Member | Role::Moderator => Err(Refusal::ALREADY_MEMBER),
            Role::None | Role::Pending if visibility == Visibility::Public => Ok(Role::Member),
            Role::Pending => Err(Refusal::ALREADY_PENDING),
            Role::None if action == A::RequestJoin => Ok(Role::Pending),
            Role::None => Err(Refusal::REQUEST_REQUIRED),
        },
        // A request that was already approved is not "withdrawn" silently: the user
        // learns they are in (409), while no request at all is a 404, which the web
        // client counts as already withdrawn.
        A::Withdraw => match target_role {
            Role::Pending => Ok(Role::None),
            Role::None => Err(Refusal::NO_PENDING_REQUEST),
            Role::Member | Role::Moderator => Err(Refusal::ALREADY_MEMBER),
            Role::Owner => Err(Refusal::ALREADY_OWNER),
        },
        A::Leave => match target_role {
            Role::Member | Role::Moderator | Role::Pending => Ok(Role::None),
            Role::Owner => Err(Refusal::OWNER_CANNOT_LEAVE),
            Role::None => Err(Refusal::NOT_A_MEMBER),
        },
        A::Remove => {
            if actor_is_target {
                return Err(Refusal::USE_LEAVE);
            }
            match (actor_role, target_role) {
                (Role::None | Role::Pending | Role::Member, _) => {
                    Err(Refusal::REMOVE_NEEDS_MODERATOR)
                }
                (_, Role::None) => Err(Refusal::TARGET_NOT_MEMBER),
                (_, Role::Owner) => Err(Refusal::CANNOT_REMOVE_OWNER),
                (Role::Moderator, Role::Moderator) => Err(Refusal::MODERATOR_REMOVES_MEMBERS_ONLY),
                (Role::Moderator | Role::Owner, _) => Ok(Role::None),
            }
        }
        A::Approve | A::Decline => {
            if !actor_role.is_manager() {
                return Err(Refusal::REQUESTS_NEED_MODERATOR);
            }
            match target_role {
                Role::Pending if action == A::Approve => Ok(Role::Member),
                Role::Pending => Ok(Role::None),
                Role::None => Err(Refusal::TARGET_NO_REQUEST),
                Role::Member | Role::Moderator | Role::Owner => Err(Refusal::TARGET_ALREADY_MEMBER),
            }
        }
        A::Promote | A::Demote => {
            if actor_role != Role::Owner {
                return Err(Refusal::ROLES_NEED_OWNER);
            }
            match (action, target_role) {
                (_, Role::Owner) => Err(Refusal::OWNER_ROLE_FIXED),
                (_, Role::None | Role::Pending) => Err(Refusal::TARGET_NOT_MEMBER),
                (A::Promote, Role::Member) => Ok(Role::Moderator),
                (A::Promote, _) => Err(Refusal::ALREADY_MODERATOR),
                (_, Role::Moderator) => Ok(Role::Member),
                _ => Err(Refusal::NOT_MODERATOR),
            }
        }
        A::Transfer => {
            if actor_role != Role::Owner {
                return Err(Refusal::TRANSFER_NEEDS_OWNER);
            }
            match target_role {
                Role::Owner => Err(Refusal::ALREADY_OWNER),
                Role::None | Role::Pending => Err(Refusal::TRANSFER_TO_MEMBERS_ONLY),
                Role::Member | Role::Moderator => Ok(Role::Owner),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    use MembershipAction::*;
    use Role::{Member as M, Moderator as Mod, None as N, Owner as O, Pending as P};
    use Visibility::{Private as Priv, Public as Pub};

    #[test]
    fn roles_round_trip_and_only_real_members_count() {
        let cases = [
            (N, "none", false, false),
            (P, "pending", false, false),
            (M, "member", true, false),
            (Mod, "moderator", true, true),
            (O, "owner", true, true),
        ];
        for (role, name, member, manager) in cases {
            assert_eq!(role.as_str(), name);
            assert_eq!(role.to_string(), name);
            assert_eq!(Role::parse(name), Some(role));
            assert_eq!(role.is_member(), member, "{name} is_member");
            assert_eq!(role.is_manager(), manager, "{name} is_manager");
        }
        for bad in ["", "Owner", "admin", "mod", " member"] {
            assert_eq!(Role::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn roles_deserialize_lowercase() {
        use serde::de::{value::StrDeserializer, IntoDeserializer};
        for role in Role::ALL {
            let de: StrDeserializer<'_, serde::de::value::Error> =
                role.as_str().into_deserializer();
            assert_eq!(Role::deserialize(de).ok(), Some(role));
        }
    }

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 1, day, 12, 0, 0).unwrap()
    }

    fn c(id: i64, role: Role, day: u32) -> SuccessionCandidate {
        SuccessionCandidate {
            user_id: UserId(id),
            role,
            joined_at: at(day),
        }
    }

    #[test]
    fn successor_prefers_longest_standing_moderator_then_member() {
        let cases: [(&str, Vec<SuccessionCandidate>, Option<i64>); 8] = [
            ("nobody left: group is deleted", vec![], None),
            ("only pending and owner", vec![c(1, O, 1), c(2, P, 2)], None),
            (
                "moderator beats an older member",
                vec![c(1, O, 1), c(2, M, 2), c(3, Mod, 9)],
                Some(3),
            ),
            (
                "oldest moderator wins",
                vec![c(4, Mod, 5), c(5, Mod, 3), c(6, Mod, 4)],
                Some(5),
            ),
            (
                "no moderator: oldest member",
                vec![c(7, M, 6), c(8, M, 2), c(9, P, 1)],
                Some(8),
            ),
            (
                "same join time: lower id",
                vec![c(12, Mod, 3), c(11, Mod, 3)],
                Some(11),
            ),
            (
                "member tie: lower id",
                vec![c(22, M, 3), c(21, M, 3), c(20, P, 1)],
                Some(21),
            ),
            (
                "none role ignored",
                vec![c(30, N, 1), c(31, M, 9)],
                Some(31),
            ),
        ];
        for (name, candidates, expected) in cases {
            assert_eq!(successor(&candidates), expected.map(UserId), "{name}");
        }
    }

    #[test]
    fn self_service_joining_and_leaving() {
        // (action, own role, visibility, expected new role or refusal code)
        let cases: &[(MembershipAction, Role, Visibility, Result<Role, &str>)] = &[
            (Join, N, Pub, Ok(M)),
            (Join, N, Priv, Err("join_request_required")),
            (RequestJoin, N, Priv, Ok(P)),
            (RequestJoin, N, Pub, Ok(M)),
            (Join, P, Priv, Err("already_pending")),
            (RequestJoin, P, Priv, Err("already_pending")),
            (Join, P, Pub, Ok(M)),
            (RequestJoin, P, Pub, Ok(M)),
            (Join, M, Pub, Err("already_member")),
            (RequestJoin, M, Priv, Err("already_member")),
            (Join, Mod, Priv, Err("already_member")),
            (Join, O, Pub, Err("already_owner")),
            (RequestJoin, O, Priv, Err("already_owner")),
            (Withdraw, P, Priv, Ok(N)),
            (Withdraw, N, Priv, Err("no_pending_request")),
            (Withdraw, M, Priv, Err("already_member")),
            (Withdraw, Mod, Pub, Err("already_member")),
            (Withdraw, O, Priv, Err("already_owner")),
            (Leave, M, Pub, Ok(N)),
            (Leave, Mod, Priv, Ok(N)),
            (Leave, P, Priv, Ok(N)),
            (Leave, O, Pub, Err("owner_cannot_leave")),
            (Leave, N, Pub, Err("not_member")),
        ];
        for (action, role, vis, expected) in cases {
            let got = transition(*action, *role, *role, true, *vis).map_err(|r| r.code.as_str());
            assert_eq!(got, *expected, "{action:?} as {role} in {vis:?} group");
        }
    }

    #[test]
    fn acting_on_someone_else() {
        // (action, actor role, target role, expected new role of target or refusal code)
        let cases: &[(MembershipAction, Role, Role, Result<Role, &str>)] = &[
            // Remove: owner removes anyone but self; moderator only plain members.
            (Remove, O, M, Ok(N)),
            (Remove, O, Mod, Ok(N)),
            (Remove, O, P, Ok(N)),
            (Remove, O, N, Err("not_member")),
            (Remove, Mod, M, Ok(N)),
            (Remove, Mod, P, Ok(N)),
            (Remove, Mod, Mod, Err("moderator_removes_members_only")),
            (Remove, Mod, O, Err("cannot_remove_owner")),
            (Remove, Mod, N, Err("not_member")),
            (Remove, M, M, Err("moderator_required")),
            (Remove, M, O, Err("moderator_required")),
            (Remove, P, M, Err("moderator_required")),
            (Remove, N, M, Err("moderator_required")),
            // Approve / decline: owner or moderator, target must be pending.
            (Approve, O, P, Ok(M)),
            (Approve, Mod, P, Ok(M)),
            (Decline, O, P, Ok(N)),
            (Decline, Mod, P, Ok(N)),
            (Approve, M, P, Err("moderator_required")),
            (Decline, P, P, Err("moderator_required")),
            (Decline, N, P, Err("moderator_required")),
            (Approve, O, N, Err("no_pending_request")),
            (Decline, Mod, N, Err("no_pending_request")),
            (Approve, O, M, Err("user_already_member")),
            (Approve, Mod, Mod, Err("user_already_member")),
            // Promote / demote: owner only.
            (Promote, O, M, Ok(Mod)),
            (Demote, O, Mod, Ok(M)),
            (Promote, O, Mod, Err("already_moderator")),
            (Demote, O, M, Err("not_moderator")),
            (Promote, O, P, Err("not_member")),
            (Demote, O, N, Err("not_member")),
            (Promote, Mod, M, Err("owner_required")),
            (Demote, Mod, Mod, Err("owner_required")),
            (Promote, M, M, Err("owner_required")),
            (Demote, N, Mod, Err("owner_required")),
            // Transfer: owner only, to a member or moderator.
            (Transfer, O, M, Ok(O)),
            (Transfer, O, Mod, Ok(O)),
            (Transfer, O, P, Err("not_member")),
            (Transfer, O, N, Err("not_member")),
            (Transfer, Mod, M, Err("owner_required")),
            (Transfer, M, Mod, Err("owner_required")),
            (Transfer, N, M, Err("owner_required")),
            // Self-service actions cannot be done for someone else.
            (Join, O, N, Err("self_only")),
            (RequestJoin, Mod, N, Err("self_only")),
            (Withdraw, O, P, Err("self_only")),
            (Leave, O, M, Err("self_only")),
        ];
        for (action, actor, target, expected) in cases {
            for vis in [Pub, Priv] {
                let got =
                    transition(*action, *actor, *target, false, vis).map_err(|r| r.code.as_str());
                assert_eq!(
                    got, *expected,
                    "{action:?} by {actor} on {target} in {vis:?} group"
                );
            }
        }
    }

    #[test]
    fn acting_on_yourself_where_only_others_make_sense() {
        let cases: &[(MembershipAction, Role, &str)] = &[
            (Remove, O, "use_leave"),
            (Remove, Mod, "use_leave"),
            (Remove, M, "use_leave"),
            (Promote, O, "owner_role_fixed"),
            (Demote, O, "owner_role_fixed"),
            (Promote, Mod, "owner_required"),
            (Approve, Mod, "user_already_member"),
            (Approve, P, "moderator_required"),
            (Transfer, O, "already_owner"),
        ];
        for (action, role, code) in cases {
            let got = transition(*action, *role, *role, true, Priv).map_err(|r| r.code.as_str());
            assert_eq!(got, Err(*code), "{action:?} on yourself as {role}");
        }
    }

    #[test]
    fn refusals_become_the_documented_errors() {
        let cases: [(Refusal, &str, &str, &str); 6] = [
            (
                Refusal::OWNER_CANNOT_LEAVE,
                "conflict",
                "owner_cannot_leave",
                "The owner cannot leave the group. Delete the group instead.",
            ),
            (
                Refusal::USE_LEAVE,
                "conflict",
                "use_leave",
                "Use the leave button to remove yourself.",
            ),
            (
                Refusal::ALREADY_MEMBER,
                "conflict",
                "already_member",
                "You are already a member of this group.",
            ),
            (
                Refusal::ALREADY_PENDING,
                "conflict",
                "already_pending",
                "Join request is already pending.",
            ),
            (
                Refusal::ALREADY_OWNER,
                "conflict",
                "already_owner",
                "You already own this group.",
            ),
            (
                Refusal::ROLES_NEED_OWNER,
                "forbidden",
                "owner_required",
                "Only the group owner can change member roles.",
            ),
        ];
        for (refusal, kind, code, message) in cases {
            assert_eq!(refusal.to_string(), message);
            let err = Error::from(refusal);
            let got_kind = match &err {
                Error::Invalid { .. } => "invalid",
                Error::Conflict { .. } => "conflict",
                Error::Forbidden { .. } => "forbidden",
                Error::NotFound { .. } => "not_found",
                _ => "other",
            };
            assert_eq!(got_kind, kind, "{code}");
            assert_eq!(err.code(), code);
            assert_eq!(err.to_string(), message);
        }
        assert!(matches!(
            Error::from(Refusal::TRANSFER_TO_MEMBERS_ONLY),
            Error::Conflict {
                code: ErrorCode::NotMember,
                ..
            }
        ));
        assert!(matches!(
            Error::from(Refusal::NO_PENDING_REQUEST),
            Error::NotFound {
                code: ErrorCode::NoPendingRequest,
                ..
            }
        ));
    }
}
