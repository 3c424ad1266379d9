//! The objects of `/groups`: the Group of API.md "Objects", members, join requests, log
//! entries, themes, and the request and answer bodies.

use poem_openapi::registry::MetaSchemaRef;
use poem_openapi::{Enum, Object};

use leffaseura_core::domain::genre::genre_name;
use leffaseura_core::domain::group::model::{GroupMember as CoreMember, PendingRequest};
use leffaseura_core::domain::group::Visibility;
use leffaseura_core::domain::membership::Role;
use leffaseura_core::domain::moderation::GroupLogEntry;
use leffaseura_core::domain::paging::Paged;
use leffaseura_core::use_cases::GroupView;

use crate::api::genre_tag::GenreTag;
use crate::api::paging::PageWindow;
use crate::api::refined::{at_least_one_of, Refinement};
use crate::api::{BodyId, Nullable, Timestamp};

/// Who may join without asking: anyone joins a public group at once; a private group
/// takes join requests.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum GroupVisibility {
    Public,
    Private,
}

impl From<Visibility> for GroupVisibility {
    fn from(v: Visibility) -> Self {
        match v {
            Visibility::Public => Self::Public,
            Visibility::Private => Self::Private,
        }
    }
}

/// A user's standing in a group; `none` without a membership.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum GroupRole {
    Owner,
    Moderator,
    Member,
    Pending,
    None,
}

impl From<Role> for GroupRole {
    fn from(role: Role) -> Self {
        match role {
            Role::Owner => Self::Owner,
            Role::Moderator => Self::Moderator,
            Role::Member => Self::Member,
            Role::Pending => Self::Pending,
            Role::None => Self::None,
        }
    }
}

/// One genre a group is tagged with.
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GroupGenre {
    pub genre_id: i64,
    pub genre_name: String,
}

/// Someone in a group (owner, moderator or member).
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GroupMember {
    /// The user's id.
    pub id: i64,
    pub username: String,
    pub role: GroupRole,
    /// When they joined (for the owner of a new group: its creation).
    pub joined_at: Timestamp,
}

impl From<&CoreMember> for GroupMember {
    fn from(m: &CoreMember) -> Self {
        Self {
            id: m.user_id.0,
            username: m.username.clone(),
            role: m.role.into(),
            joined_at: m.joined_at.into(),
        }
    }
}

/// A movie group. Everyone sees its public facts, also of a private group; `members` is
/// there only for its members, moderators and owner.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct Group {
    pub id: i64,
    pub name: String,
    /// `""` without a description.
    pub description: String,
    pub visibility: GroupVisibility,
    /// 1 blue, 2 green, 3 purple, 4 orange.
    pub theme_id: i64,
    /// `null` without a poster.
    pub poster_url: Nullable<String>,
    /// Genre ids (TMDB's), ascending.
    pub tags: Vec<i64>,
    /// The genres' names, in the order of `tags`.
    pub genre_tags: Vec<String>,
    pub genres: Vec<GroupGenre>,
    /// Owner, moderators and members; pending requests are not counted.
    pub member_count: i64,
    pub owner_id: i64,
    pub owner_name: String,
    pub created_at: Timestamp,
    /// Whether the caller owns the group (false for visitors).
    pub is_owner: bool,
    /// Whether the caller is a member, moderator or owner (a pending request is not).
    pub is_member: bool,
    /// The caller's role (`none` for visitors and outsiders).
    pub role: GroupRole,
    /// Owner first, then moderators, then members, longest-standing first. Only for
    /// members; left out for everyone else.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub members: Option<Vec<GroupMember>>,
}

impl From<&GroupView> for Group {
    fn from(view: &GroupView) -> Self {
        let g = &view.group;
        let named: Vec<(i64, &str)> = g
            .genres
            .iter()
            .filter_map(|id| genre_name(*id).map(|name| (*id, name)))
            .collect();
        Self {
            id: g.id.0,
            name: g.name.clone(),
            description: g.description.clone(),
            visibility: g.visibility.into(),
            theme_id: g.theme.value(),
            poster_url: g.poster_url.clone().into(),
            tags: named.iter().map(|(id, _)| *id).collect(),
            genre_tags: named.iter().map(|(_, name)| (*name).to_owned()).collect(),
            genres: named
                .iter()
                .map(|(id, name)| GroupGenre {
                    genre_id: *id,
                    genre_name: (*name).to_owned(),
                })
                .collect(),
            member_count: g.member_count,
            owner_id: g.owner_id.0,
            owner_name: g.owner_name.clone(),
            created_at: g.created_at.into(),
            is_owner: view.role == Role::Owner,
            is_member: view.role.is_member(),
            role: view.role.into(),
            members: view
                .members
                .as_ref()
                .map(|members| members.iter().map(GroupMember::from).collect()),
        }
    }
}

pub fn groups(views: &[GroupView]) -> Vec<Group> {
    views.iter().map(Group::from).collect()
}

/// A join request waiting for an answer.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct JoinRequest {
    pub user_id: i64,
    pub username: String,
    pub requested_at: Timestamp,
}

impl From<&PendingRequest> for JoinRequest {
    fn from(r: &PendingRequest) -> Self {
        Self {
            user_id: r.user_id.0,
            username: r.username.clone(),
            requested_at: r.requested_at.into(),
        }
    }
}

/// One moderation action in a group.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct ModlogEntry {
    pub id: i64,
    /// `approve_request`, `decline_request`, `remove_member`, `promote_member`,
    /// `demote_member`, `transfer_group`, `remove_group_favorite`, `edit_group` or
    /// `delete_group`.
    pub action: String,
    /// The acting user's username, as it was then.
    pub actor: String,
    pub actor_id: Nullable<i64>,
    /// Who or what it was done to, as it read then: a username, a movie title, the
    /// group's name.
    pub target: String,
    /// The user acted upon, for member actions.
    pub target_user_id: Nullable<i64>,
    /// E.g. the fields an edit changed; `null` when there is nothing to add.
    pub reason: Nullable<String>,
    pub created_at: Timestamp,
}

impl From<&GroupLogEntry> for ModlogEntry {
    fn from(e: &GroupLogEntry) -> Self {
        Self {
            id: e.id,
            action: e.action.as_str().to_owned(),
            actor: e.actor.clone(),
            actor_id: e.actor_id.map(|u| u.0).into(),
            target: e.target.clone(),
            target_user_id: e.target_user.map(|u| u.0).into(),
            reason: e.reason.clone().into(),
            created_at: e.created_at.into(),
        }
    }
}

/// A colour theme of group pages.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    pub id: i64,
    pub name: String,
}

/// Where a window of a group list lies in the whole list.
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GroupPagination {
    #[oai(flatten)]
    #[serde(flatten)]
    pub window: PageWindow,
}

impl<T> From<&Paged<T>> for GroupPagination {
    fn from(page: &Paged<T>) -> Self {
        Self {
            window: page.into(),
        }
    }
}

/// A new group.
#[derive(Object, Debug)]
pub struct CreateGroupRequest {
    /// 1–60 characters after trimming, one line without control characters; unique in
    /// any letter case.
    #[oai(validator(
        max_length = 60,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$"
    ))]
    pub name: String,
    /// At most 2,000 characters after trimming; no control characters other than line
    /// breaks and tabs.
    #[oai(validator(
        max_length = 2000,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    ))]
    pub description: Option<String>,
    /// `public` (default) or `private`.
    #[oai(validator(pattern = r"^(?:public|private)$"))]
    pub visibility: Option<String>,
    /// 1 blue (default), 2 green, 3 purple, 4 orange.
    #[oai(validator(minimum(value = "1"), maximum(value = "4")))]
    pub theme_id: Option<i64>,
    /// Genre ids (TMDB's), e.g. `[18, 80]`; each at most once counts.
    #[oai(validator(max_items = 19))]
    pub tags: Option<Vec<GenreTag>>,
    /// An `http(s)://` URL or a path on this site (`/…`), at most 1000 characters without
    /// spaces; `""` for none.
    #[oai(validator(
        max_length = 1000,
        pattern = r"^(?:[hH][tT][tT][pP][sS]?://[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|/(?:[^/\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)?)?$"
    ))]
    pub poster_url: Option<String>,
}

/// The fields to change; the ones left out stay as they are.
#[derive(Object, Debug)]
pub struct UpdateGroupRequest {
    /// As when creating the group.
    #[oai(validator(
        max_length = 60,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u001F\u007F-\u009F]*$"
    ))]
    pub name: Option<String>,
    #[oai(validator(
        max_length = 2000,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    ))]
    pub description: Option<String>,
    #[oai(validator(pattern = r"^(?:public|private)$"))]
    pub visibility: Option<String>,
    #[oai(validator(minimum(value = "1"), maximum(value = "4")))]
    pub theme_id: Option<i64>,
    #[oai(validator(max_items = 19))]
    pub tags: Option<Vec<GenreTag>>,
    /// `""` takes the poster away.
    #[oai(validator(
        max_length = 1000,
        pattern = r"^(?:[hH][tT][tT][pP][sS]?://[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*|/(?:[^/\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*)?)?$"
    ))]
    pub poster_url: Option<String>,
}

/// An edit gives at least one field.
impl Refinement for UpdateGroupRequest {
    fn any_of() -> Vec<MetaSchemaRef> {
        at_least_one_of(&[
            ("name", "string"),
            ("description", "string"),
            ("visibility", "string"),
            ("theme_id", "integer"),
            ("tags", "array"),
            ("poster_url", "string"),
        ])
    }
}

/// A new role for a member.
#[derive(Object, Debug)]
pub struct ChangeRoleRequest {
    /// `moderator` (promote) or `member` (demote).
    #[oai(validator(pattern = r"^(?:moderator|member)$"))]
    pub role: String,
}

/// Who gets the group.
#[derive(Object, Debug)]
pub struct TransferRequest {
    /// A member or moderator of the group (a number or a string of digits).
    pub user_id: BodyId,
}

/// One group.
#[derive(Object, Debug)]
pub struct GroupBody {
    /// Always `true`.
    pub success: bool,
    pub group: Group,
}

/// The most popular groups.
#[derive(Object, Debug)]
pub struct PopularGroupsBody {
    /// Always `true`.
    pub success: bool,
    pub data: Vec<Group>,
}

// Written with `DirectJson`: searches and lists are the groups' busiest reads.
/// A window of a group list.
#[derive(Object, serde::Serialize, Debug)]
pub struct GroupListBody {
    /// Always `true`.
    pub success: bool,
    pub groups: Vec<Group>,
    pub pagination: GroupPagination,
}

impl From<&Paged<GroupView>> for GroupListBody {
    fn from(page: &Paged<GroupView>) -> Self {
        Self {
            success: true,
            groups: groups(&page.items),
            pagination: page.into(),
        }
    }
}

/// Every theme.
#[derive(Object, Debug)]
pub struct ThemesBody {
    /// Always `true`.
    pub success: bool,
    pub themes: Vec<Theme>,
}

/// The caller's role after joining or asking to.
#[derive(Object, Debug)]
pub struct JoinBody {
    /// Always `true`.
    pub success: bool,
    /// `member` (joined) or `pending` (request sent).
    pub role: GroupRole,
}

/// The pending join requests, oldest first.
#[derive(Object, Debug)]
pub struct PendingRequestsBody {
    /// Always `true`.
    pub success: bool,
    #[oai(rename = "pendingRequests")]
    pub pending_requests: Vec<JoinRequest>,
}

/// A member after an approval or a role change.
#[derive(Object, Debug)]
pub struct MemberBody {
    /// Always `true`.
    pub success: bool,
    pub member: GroupMember,
}

/// The owner, moderators and members.
#[derive(Object, Debug)]
pub struct MembersBody {
    /// Always `true`.
    pub success: bool,
    pub members: Vec<GroupMember>,
}

/// A window of the moderation log, newest first.
#[derive(Object, Debug)]
pub struct ModlogBody {
    /// Always `true`.
    pub success: bool,
    pub entries: Vec<ModlogEntry>,
    pub pagination: GroupPagination,
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use leffaseura_core::domain::group::model::Group as CoreGroup;
    use leffaseura_core::domain::group::ThemeId;
    use leffaseura_core::{GroupId, UserId};

    use super::*;
    use crate::api::direct_json::assert_same_json;

    fn view(poster: Option<&str>, role: Role, members: bool) -> GroupView {
        let at = Utc.with_ymd_and_hms(2026, 11, 26, 12, 30, 5).unwrap();
        GroupView {
            group: CoreGroup {
                id: GroupId(4),
                name: "Äijät \"kauhu\" \u{1F37F}".to_owned(),
                description: "line\nbreak".to_owned(),
                visibility: Visibility::Private,
                theme: ThemeId::DEFAULT,
                poster_url: poster.map(str::to_owned),
                // The last one is no genre the catalog knows: left out of the names.
                genres: vec![18, 80, 99_999],
                member_count: 3,
                owner_id: UserId(7),
                owner_name: "omistaja".to_owned(),
                created_at: at,
                activity_at: at,
                membership: Some(role),
            },
            role,
            members: members.then(|| {
                vec![CoreMember {
                    user_id: UserId(7),
                    username: "omistaja".to_owned(),
                    role: Role::Owner,
                    joined_at: at,
                }]
            }),
        }
    }

    #[test]
    fn a_group_list_is_the_same_json_written_directly() {
        let items = vec![
            view(Some("/posters/a.jpg"), Role::Owner, true),
            view(None, Role::Pending, false),
            view(None, Role::None, false),
        ];
        for (total, limit) in [(3, 20), (40, 3)] {
            assert_same_json(&GroupListBody::from(&Paged {
                items: items.clone(),
                total,
                limit,
                offset: 0,
            }));
        }
    }
}
