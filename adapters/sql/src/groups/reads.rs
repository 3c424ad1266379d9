//! The reads of [`GroupStore`](leffaseura_core::ports::GroupStore): one group, lists,
//! members, requests, the log, and what the rules and the hand-over need.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use leffaseura_core::domain::group::model::{Group, GroupMember, PendingRequest};
use leffaseura_core::domain::group::{ThemeId, Visibility};
use leffaseura_core::domain::membership::{Role, SuccessionCandidate};
use leffaseura_core::domain::moderation::{GroupLogEntry, ModerationAction};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::ports::group_store::GroupAccess;
use leffaseura_core::{GroupId, StoreError, UserId};

use crate::error::store_error;
use crate::time::from_millis;
use crate::SqlStore;

/// The columns [`group_from_row`] reads, from a group `g` joined to [`OWNER`] and
/// [`VIEWER_MEMBERSHIP`].
pub(super) const GROUP_COLUMNS: &str = "g.id, g.name, g.description, g.visibility, g.theme_id, \
     g.poster_url, g.member_count, g.owner_id, u.username AS owner_name, g.created_at, \
     g.activity_at, gm.role AS my_role";

/// The owner `u` of a group `g`.
pub(super) const OWNER: &str = " JOIN users u ON u.id = g.owner_id";

/// As `gm`, the membership in a group `g` of the viewer at `$1` (NULL for visitors).
pub(super) const VIEWER_MEMBERSHIP: &str =
    " LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = $1";

pub(super) fn corrupt(what: String) -> StoreError {
    StoreError::Backend(what.into())
}

pub(super) fn role_from(raw: &str) -> Result<Role, StoreError> {
    Role::parse(raw).ok_or_else(|| corrupt(format!("unknown membership role {raw:?}")))
}

pub(super) fn visibility_from(raw: &str) -> Result<Visibility, StoreError> {
    Visibility::parse(raw).map_err(|_| corrupt(format!("unknown visibility {raw:?}")))
}

pub(super) fn group_from_row(row: &AnyRow) -> Result<Group, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    let get_text = |name: &str| row.try_get::<String, _>(name).map_err(store_error);
    let theme: Option<i64> = row.try_get("theme_id").map_err(store_error)?;
    let my_role: Option<String> = row.try_get("my_role").map_err(store_error)?;
    Ok(Group {
        id: GroupId(get_i64("id")?),
        name: get_text("name")?,
        description: get_text("description")?,
        visibility: visibility_from(&get_text("visibility")?)?,
        theme: theme
            .and_then(|id| ThemeId::new(id).ok())
            .unwrap_or_default(),
        poster_url: row.try_get("poster_url").map_err(store_error)?,
        genres: Vec::new(),
        member_count: get_i64("member_count")?,
        owner_id: UserId(get_i64("owner_id")?),
        owner_name: get_text("owner_name")?,
        created_at: from_millis(get_i64("created_at")?)?,
        activity_at: from_millis(get_i64("activity_at")?)?,
        membership: my_role.as_deref().map(role_from).transpose()?,
    })
}

impl SqlStore {
    /// Fills in the genres of `groups`, in one query.
    pub(super) async fn with_genres(
        &self,
        mut groups: Vec<Group>,
    ) -> Result<Vec<Group>, StoreError> {
        if groups.is_empty() {
            return Ok(groups);
        }
        let ids: Vec<String> = groups.iter().map(|g| g.id.0.to_string()).collect();
        let sql = format!(
            "SELECT group_id, genre_id FROM group_genres WHERE group_id IN ({}) \
             ORDER BY group_id, genre_id",
            ids.join(", ")
        );
        let rows = sqlx::query(&sql)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        let mut genres: HashMap<i64, Vec<i64>> = HashMap::new();
        for row in &rows {
            let group: i64 = row.try_get("group_id").map_err(store_error)?;
            genres
                .entry(group)
                .or_default()
                .push(row.try_get("genre_id").map_err(store_error)?);
        }
        for group in &mut groups {
            group.genres = genres.remove(&group.id.0).unwrap_or_default();
        }
        Ok(groups)
    }

    pub(super) async fn find_group_row(
        &self,
        group: GroupId,
        viewer: Option<UserId>,
    ) -> Result<Option<Group>, StoreError> {
        let sql = format!(
            "SELECT {GROUP_COLUMNS} FROM groups g{OWNER}{VIEWER_MEMBERSHIP} WHERE g.id = $2"
        );
        let row = sqlx::query(&sql)
            .bind(viewer.map(|v| v.0))
            .bind(group.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        Ok(self.with_genres(vec![group_from_row(&row)?]).await?.pop())
    }

    pub(super) async fn member_rows(&self, group: GroupId) -> Result<Vec<GroupMember>, StoreError> {
        let rows = sqlx::query(
            "SELECT gm.user_id, u.username, gm.role, gm.joined_at \
             FROM group_members gm JOIN users u ON u.id = gm.user_id \
             WHERE gm.group_id = $1 AND gm.role <> 'pending' \
             ORDER BY CASE gm.role WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END, \
               gm.joined_at, gm.user_id",
        )
        .bind(group.0)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        rows.iter().map(member_from_row).collect()
    }

    pub(super) async fn pending_rows(
        &self,
        group: GroupId,
    ) -> Result<Vec<PendingRequest>, StoreError> {
        let rows = sqlx::query(
            "SELECT gm.user_id, u.username, gm.requested_at \
             FROM group_members gm JOIN users u ON u.id = gm.user_id \
             WHERE gm.group_id = $1 AND gm.role = 'pending' \
             ORDER BY gm.requested_at, gm.user_id",
        )
        .bind(group.0)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        rows.iter()
            .map(|row| {
                Ok(PendingRequest {
                    user_id: UserId(row.try_get("user_id").map_err(store_error)?),
                    username: row.try_get("username").map_err(store_error)?,
                    requested_at: from_millis(row.try_get("requested_at").map_err(store_error)?)?,
                })
            })
            .collect()
    }

    pub(super) async fn log_rows(
        &self,
        group: GroupId,
        page: PageRequest,
    ) -> Result<Paged<GroupLogEntry>, StoreError> {
        let total: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM moderation_log WHERE group_id = $1",
        )
        .bind(group.0)
        .fetch_one(self.pool())
        .await
        .map_err(store_error)?;
        let rows = sqlx::query(
            "SELECT id, action, actor, actor_id, target, target_user_id, reason, created_at \
             FROM moderation_log WHERE group_id = $1 \
             ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
        )
        .bind(group.0)
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        let mut items = Vec::with_capacity(rows.len());
        for row in &rows {
            let action: String = row.try_get("action").map_err(store_error)?;
            let actor_id: Option<i64> = row.try_get("actor_id").map_err(store_error)?;
            let target_user: Option<i64> = row.try_get("target_user_id").map_err(store_error)?;
            items.push(GroupLogEntry {
                id: row.try_get("id").map_err(store_error)?,
                action: ModerationAction::parse(&action)
                    .ok_or_else(|| corrupt(format!("unknown moderation action {action:?}")))?,
                actor_id: actor_id.map(UserId),
                actor: row.try_get("actor").map_err(store_error)?,
                target_user: target_user.map(UserId),
                target: row.try_get("target").map_err(store_error)?,
                reason: row.try_get("reason").map_err(store_error)?,
                created_at: from_millis(row.try_get("created_at").map_err(store_error)?)?,
            });
        }
        Ok(Paged {
            items,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    pub(super) async fn owned_group_ids(&self, user: UserId) -> Result<Vec<GroupId>, StoreError> {
        let ids: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM groups WHERE owner_id = $1 ORDER BY id")
                .bind(user.0)
                .fetch_all(self.pool())
                .await
                .map_err(store_error)?;
        Ok(ids.into_iter().map(GroupId).collect())
    }
}

pub(super) fn member_from_row(row: &AnyRow) -> Result<GroupMember, StoreError> {
    let role: String = row.try_get("role").map_err(store_error)?;
    Ok(GroupMember {
        user_id: UserId(row.try_get("user_id").map_err(store_error)?),
        username: row.try_get("username").map_err(store_error)?,
        role: role_from(&role)?,
        joined_at: from_millis(row.try_get("joined_at").map_err(store_error)?)?,
    })
}

/// The group's owner and visibility and `user`'s row, read through `executor` (the pool,
/// or a write transaction holding the group's lock).
pub(super) async fn access<'e, E>(
    executor: E,
    group: GroupId,
    user: UserId,
) -> Result<Option<GroupAccess>, StoreError>
where
    E: Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT g.owner_id, g.visibility, gm.role FROM groups g \
         LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = $2 \
         WHERE g.id = $1",
    )
    .bind(group.0)
    .bind(user.0)
    .fetch_optional(executor)
    .await
    .map_err(store_error)?;
    let Some(row) = row else {
        return Ok(None);
    };
    let role: Option<String> = row.try_get("role").map_err(store_error)?;
    let visibility: String = row.try_get("visibility").map_err(store_error)?;
    Ok(Some(GroupAccess {
        owner_id: UserId(row.try_get("owner_id").map_err(store_error)?),
        membership: role.as_deref().map(role_from).transpose()?,
        visibility: visibility_from(&visibility)?,
    }))
}

/// Everyone in the group but its owner, ordered by user id, read through `executor`.
pub(super) async fn candidates<'e, E>(
    executor: E,
    group: GroupId,
) -> Result<Vec<SuccessionCandidate>, StoreError>
where
    E: Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT gm.user_id, gm.role, COALESCE(gm.joined_at, gm.requested_at, 0) AS since \
         FROM group_members gm JOIN groups g ON g.id = gm.group_id \
         WHERE gm.group_id = $1 AND gm.user_id <> g.owner_id ORDER BY gm.user_id",
    )
    .bind(group.0)
    .fetch_all(executor)
    .await
    .map_err(store_error)?;
    rows.iter()
        .map(|row| {
            let role: String = row.try_get("role").map_err(store_error)?;
            Ok(SuccessionCandidate {
                user_id: UserId(row.try_get("user_id").map_err(store_error)?),
                role: role_from(&role)?,
                joined_at: from_millis(row.try_get("since").map_err(store_error)?)?,
            })
        })
        .collect()
}
