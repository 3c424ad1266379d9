//! The group authorization matrix: for each role a caller can have towards a group and
//! each group action, the answer the API gives (status and error code). It is the one
//! table both core's use-case tests and the black-box HTTP test walk, so the rules, the
//! use cases and the HTTP adapter cannot drift apart.
//!
//! The table describes a **private** group (so that joining and requests differ) with,
//! besides the caller: its owner, two moderators, two plain members and two pending
//! requests. Actions on someone else pick the other person of the named kind (a
//! moderator removing "a moderator" removes the other moderator). Visitors send no token;
//! a site admin is a signed-in non-member with the site's admin flag.

use crate::domain::group::Visibility;
use crate::error::ErrorCode;

/// Who the caller is towards the group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixRole {
    /// No token.
    Visitor,
    /// Signed in, no membership.
    NonMember,
    /// Asked to join; not answered yet.
    Pending,
    Member,
    Moderator,
    Owner,
    /// Signed in, no membership, the site's admin flag set.
    SiteAdmin,
}

impl MatrixRole {
    /// In the order of the table's columns.
    pub const ALL: [Self; 7] = [
        Self::Visitor,
        Self::NonMember,
        Self::Pending,
        Self::Member,
        Self::Moderator,
        Self::Owner,
        Self::SiteAdmin,
    ];
}

/// What the caller tries, with the call of API.md that does it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupAction {
    /// `GET /groups/{id}`.
    View,
    /// `GET /groups/{id}/members`.
    ViewMembers,
    /// `GET /groups/{id}/pending-requests`.
    ViewPending,
    /// `POST /groups/{id}/join`.
    Join,
    /// `POST /groups/{id}/request-join`.
    Request,
    /// `DELETE /groups/{id}/request-join`.
    Withdraw,
    /// `PUT /groups/{id}/members/{pending}/approve`.
    Approve,
    /// `DELETE /groups/{id}/members/{pending}`.
    Decline,
    /// `DELETE /groups/{id}/leave`.
    Leave,
    /// `DELETE /groups/{id}/members/{member}`.
    RemoveMember,
    /// `DELETE /groups/{id}/members/{moderator}`.
    RemoveModerator,
    /// `PUT /groups/{id}/members/{member}/role {"role": "moderator"}`.
    Promote,
    /// `PUT /groups/{id}/members/{moderator}/role {"role": "member"}`.
    Demote,
    /// `PUT /groups/{id}/owner {"user_id": member}`.
    Transfer,
    /// `PUT /groups/{id} {"description": …}`.
    Edit,
    /// `DELETE /groups/{id}`.
    Delete,
    /// `POST /favorites {"type": 3, "group_id": id, …}`.
    AddFavorite,
    /// `DELETE /favorites/{movie}/3/group/{id}`.
    RemoveFavorite,
    /// `GET /favorites/group/{id}`.
    SeeFavorites,
    /// `GET /reviews/group/{id}`.
    SeeActivity,
    /// `GET /groups/{id}/modlog`.
    ReadModlog,
    /// `POST /groups/{id}/parties` (a member's party is a proposal).
    PlanParty,
    /// `POST /parties/{party}/confirm`, the party being another member's proposal.
    ConfirmParty,
    /// `PUT /parties/{party}/rsvp {"answer": "going"}`.
    AnswerParty,
    /// `POST /parties/{party}/cancel`, the party being another member's proposal.
    CancelParty,
}

impl GroupAction {
    /// Whether the call needs a token (a visitor gets 401 `unauthorized` from the HTTP
    /// layer before any use case runs).
    pub fn needs_login(self) -> bool {
        self != Self::View
    }

    /// Whether a successful call changes the group (the HTTP walk then starts the next
    /// cell on a fresh group).
    pub fn changes_the_group(self) -> bool {
        !matches!(
            self,
            Self::View
                | Self::ViewMembers
                | Self::ViewPending
                | Self::SeeFavorites
                | Self::SeeActivity
                | Self::ReadModlog
        )
    }
}

/// The answer expected: a success status, or an error status with its `code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub status: u16,
    /// `None` on success.
    pub code: Option<ErrorCode>,
}

impl Outcome {
    pub fn is_success(self) -> bool {
        self.code.is_none()
    }
}

const fn ok(status: u16) -> Outcome {
    Outcome { status, code: None }
}

const fn no(status: u16, code: ErrorCode) -> Outcome {
    Outcome {
        status,
        code: Some(code),
    }
}

/// The visibility of the group the table describes.
pub const MATRIX_VISIBILITY: Visibility = Visibility::Private;

const LOGIN: Outcome = no(401, ErrorCode::Unauthorized);
const MEMBERS_ONLY: Outcome = no(403, ErrorCode::MembersOnly);
const MODERATOR: Outcome = no(403, ErrorCode::ModeratorRequired);
const OWNER: Outcome = no(403, ErrorCode::OwnerRequired);
const FAVORITES: Outcome = no(403, ErrorCode::FavoritesForbidden);
const IS_MEMBER: Outcome = no(409, ErrorCode::AlreadyMember);
const IS_PENDING: Outcome = no(409, ErrorCode::AlreadyPending);
const IS_OWNER: Outcome = no(409, ErrorCode::AlreadyOwner);

/// The table. Columns, in order: visitor, signed-in non-member, pending, member,
/// moderator, owner, site admin ([`MatrixRole::ALL`]).
pub const AUTHORIZATION_MATRIX: [(GroupAction, [Outcome; 7]); 25] = {
    use GroupAction as A;
    [
        (A::View, [ok(200); 7]),
        (
            A::ViewMembers,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                ok(200),
                ok(200),
                ok(200),
                ok(200),
            ],
        ),
        (
            A::ViewPending,
            [
                LOGIN,
                MODERATOR,
                MODERATOR,
                MODERATOR,
                ok(200),
                ok(200),
                MODERATOR,
            ],
        ),
        (
            A::Join,
            [
                LOGIN,
                no(403, ErrorCode::JoinRequestRequired),
                IS_PENDING,
                IS_MEMBER,
                IS_MEMBER,
                IS_OWNER,
                no(403, ErrorCode::JoinRequestRequired),
            ],
        ),
        (
            A::Request,
            [
                LOGIN,
                ok(201),
                IS_PENDING,
                IS_MEMBER,
                IS_MEMBER,
                IS_OWNER,
                ok(201),
            ],
        ),
        (
            A::Withdraw,
            [
                LOGIN,
                no(404, ErrorCode::NoPendingRequest),
                ok(204),
                IS_MEMBER,
                IS_MEMBER,
                IS_OWNER,
                no(404, ErrorCode::NoPendingRequest),
            ],
        ),
        (
            A::Approve,
            [
                LOGIN,
                MODERATOR,
                MODERATOR,
                MODERATOR,
                ok(200),
                ok(200),
                MODERATOR,
            ],
        ),
        (
            A::Decline,
            [
                LOGIN,
                MODERATOR,
                MODERATOR,
                MODERATOR,
                ok(204),
                ok(204),
                MODERATOR,
            ],
        ),
        (
            A::Leave,
            [
                LOGIN,
                no(404, ErrorCode::NotMember),
                ok(204),
                ok(204),
                ok(204),
                no(409, ErrorCode::OwnerCannotLeave),
                no(404, ErrorCode::NotMember),
            ],
        ),
        (
            A::RemoveMember,
            [
                LOGIN,
                MODERATOR,
                MODERATOR,
                MODERATOR,
                ok(204),
                ok(204),
                MODERATOR,
            ],
        ),
        (
            A::RemoveModerator,
            [
                LOGIN,
                MODERATOR,
                MODERATOR,
                MODERATOR,
                no(403, ErrorCode::ModeratorRemovesMembersOnly),
                ok(204),
                MODERATOR,
            ],
        ),
        (
            A::Promote,
            [LOGIN, OWNER, OWNER, OWNER, OWNER, ok(200), OWNER],
        ),
        (
            A::Demote,
            [LOGIN, OWNER, OWNER, OWNER, OWNER, ok(200), OWNER],
        ),
        (
            A::Transfer,
            [LOGIN, OWNER, OWNER, OWNER, OWNER, ok(200), OWNER],
        ),
        (A::Edit, [LOGIN, OWNER, OWNER, OWNER, OWNER, ok(200), OWNER]),
        (
            A::Delete,
            [LOGIN, OWNER, OWNER, OWNER, OWNER, ok(204), ok(204)],
        ),
        (
            A::AddFavorite,
            [
                LOGIN,
                FAVORITES,
                FAVORITES,
                FAVORITES,
                ok(201),
                ok(201),
                FAVORITES,
            ],
        ),
        (
            A::RemoveFavorite,
            [
                LOGIN,
                FAVORITES,
                FAVORITES,
                FAVORITES,
                ok(204),
                ok(204),
                FAVORITES,
            ],
        ),
        (
            A::SeeFavorites,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                ok(200),
                ok(200),
                ok(200),
                MEMBERS_ONLY,
            ],
        ),
        (
            A::SeeActivity,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                ok(200),
                ok(200),
                ok(200),
                MEMBERS_ONLY,
            ],
        ),
        (
            A::ReadModlog,
            [
                LOGIN,
                MODERATOR,
                MODERATOR,
                MODERATOR,
                ok(200),
                ok(200),
                ok(200),
            ],
        ),
        (
            A::PlanParty,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                ok(201),
                ok(201),
                ok(201),
                MEMBERS_ONLY,
            ],
        ),
        (
            A::ConfirmParty,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                MODERATOR,
                ok(200),
                ok(200),
                MEMBERS_ONLY,
            ],
        ),
        (
            A::AnswerParty,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                ok(200),
                ok(200),
                ok(200),
                MEMBERS_ONLY,
            ],
        ),
        (
            A::CancelParty,
            [
                LOGIN,
                MEMBERS_ONLY,
                MEMBERS_ONLY,
                MODERATOR,
                ok(200),
                ok(200),
                MEMBERS_ONLY,
            ],
        ),
    ]
};

/// Every cell of the table as `(role, action, expected)`.
pub fn cells() -> impl Iterator<Item = (MatrixRole, GroupAction, Outcome)> {
    AUTHORIZATION_MATRIX.iter().flat_map(|(action, outcomes)| {
        MatrixRole::ALL
            .iter()
            .zip(outcomes.iter())
            .map(move |(role, outcome)| (*role, *action, *outcome))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_appears_once_and_visitors_must_log_in() {
        let mut seen = std::collections::HashSet::new();
        for (action, outcomes) in AUTHORIZATION_MATRIX {
            assert!(seen.insert(action), "{action:?} twice");
            let visitor = outcomes[0];
            if action.needs_login() {
                assert_eq!(visitor, LOGIN, "{action:?}");
            } else {
                assert!(visitor.is_success(), "{action:?}");
            }
        }
        assert_eq!(cells().count(), 25 * 7);
    }
}
