//! The reads of [`GroupStore`](leffaseura_core::ports::GroupStore): one group, lists,
//! members, requests, the log, and what the rules and the hand-over need.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use leffaseura_core::domain::group::model::{
    GenreMatch, Group, GroupFilter, GroupMember, PendingRequest, PrivateGroups,
};
use leffaseura_core::domain::group::{ThemeId, Visibility};
use leffaseura_core::domain::membership::{Role, SuccessionCandidate};
use leffaseura_core::domain::moderation::{GroupLogEntry, ModerationAction};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::ports::group_store::GroupAccess;
use leffaseura_core::{GroupId, StoreError, UserId};

use super::search::contains_pattern;
use crate::error::store_error;
use crate::time::from_millis;
use crate::SqlStore;

/// The columns [`group_from_row`] reads. `$1` is the viewer (NULL for visitors): their
/// membership row is joined as `gm`.
const GROUP_SELECT: &str = "SELECT g.id, g.name, g.description, g.visibility, g.theme_id, \
     g.poster_url, g.member_count, g.owner_id, u.username AS owner_name, g.created_at, \
     g.activity_at, gm.role AS my_role \
     FROM groups g JOIN users u ON u.id = g.owner_id \
     LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = $1";

/// Most popular first: most members, newest activity, newest group.
const POPULAR_ORDER: &str = "g.member_count DESC, g.activity_at DESC, g.id DESC";

pub(super) fn corrupt(what: String) -> StoreError {
    StoreError::Backend(what.into())
}

pub(super) fn role_from(raw: &str) -> Result<Role, StoreError> {
    Role::parse(raw).ok_or_else(|| corrupt(format!("unknown membership role {raw:?}")))
}

pub(super) fn visibility_from(raw: &str) -> Result<Visibility, StoreError> {
    Visibility::parse(raw).map_err(|_| corrupt(format!("unknown visibility {raw:?}")))
}

fn group_from_row(row: &AnyRow) -> Result<Group, StoreError> {
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

/// The `WHERE` (and joins) of a list, its order, and the text it binds (after the
/// viewer at `$1`). Integers (genre and user ids) are inlined: they are numbers, so no
/// text reaches the SQL.
fn list_shape(filter: &GroupFilter) -> (String, String, Option<String>) {
    match filter {
        GroupFilter::Popular => (String::new(), POPULAR_ORDER.to_owned(), None),
        GroupFilter::Search(text) if text.is_empty() => {
            (String::new(), POPULAR_ORDER.to_owned(), None)
        }
        GroupFilter::Search(text) => (
            " WHERE (g.name_search LIKE $2 ESCAPE '\\' \
               OR g.description_search LIKE $2 ESCAPE '\\')"
                .to_owned(),
            format!(
                "CASE WHEN g.name_search LIKE $2 ESCAPE '\\' THEN 0 ELSE 1 END, {POPULAR_ORDER}"
            ),
            Some(contains_pattern(text.as_str())),
        ),
        GroupFilter::Genres { genres, mode } => {
            // The tagged groups are found from the genres' index and only they are read
            // (rather than every group probed for its genres: with 2,000 groups, one
            // request cost 2.2 ms of CPU on SQLite, at 20 groups 0.1 ms).
            let ids = genres.to_query();
            let all = match mode {
                GenreMatch::Any => String::new(),
                GenreMatch::All => {
                    format!(" GROUP BY gg.group_id HAVING COUNT(*) = {}", genres.len())
                }
            };
            let condition = format!(
                " WHERE g.id IN (SELECT gg.group_id FROM group_genres gg \
                   WHERE gg.genre_id IN ({ids}){all})"
            );
            (condition, POPULAR_ORDER.to_owned(), None)
        }
        GroupFilter::Admin(wanted) => {
            // Ids and the visibility's fixed names are safe to write into the SQL.
            let mut conditions = Vec::new();
            if let Some(visibility) = wanted.visibility {
                conditions.push(format!("g.visibility = '{}'", visibility.as_str()));
            }
            if let Some(owner) = wanted.owner {
                conditions.push(format!("g.owner_id = {}", owner.0));
            }
            let text = (!wanted.search.is_empty()).then(|| {
                conditions.push(
                    "(g.name_search LIKE $2 ESCAPE '\\' OR g.description_search LIKE $2 \
                     ESCAPE '\\')"
                        .to_owned(),
                );
                contains_pattern(wanted.search.as_str())
            });
            let condition = if conditions.is_empty() {
                String::new()
            } else {
                format!(" WHERE {}", conditions.join(" AND "))
            };
            (condition, "g.id".to_owned(), text)
        }
        GroupFilter::OfUser { user, private } => {
            let shown = match private {
                PrivateGroups::All => String::new(),
                // The viewer's own row (`gm`, joined on `$1`) must be a membership.
                PrivateGroups::SharedWith(_) => " AND (g.visibility = 'public' \
                     OR (gm.role IS NOT NULL AND gm.role <> 'pending'))"
                    .to_owned(),
                PrivateGroups::None => " AND g.visibility = 'public'".to_owned(),
            };
            (
                format!(
                    " JOIN group_members um ON um.group_id = g.id AND um.user_id = {} \
                     AND um.role <> 'pending' WHERE 1 = 1{shown}",
                    user.0
                ),
                "um.joined_at DESC, g.id DESC".to_owned(),
                None,
            )
        }
    }
}

impl SqlStore {
    /// Fills in the genres of `groups`, in one query.
    async fn with_genres(&self, mut groups: Vec<Group>) -> Result<Vec<Group>, StoreError> {
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
        let sql = format!("{GROUP_SELECT} WHERE g.id = $2");
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

    pub(super) async fn list_group_rows(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Paged<Group>, StoreError> {
        let (condition, _, text) = list_shape(filter);
        // The page's joins but the owner's name: every group has an owner (a required
        // reference), and joining `users` for the count made Postgres hash the whole
        // users table when its statistics were behind (0.6 ms a request on 2,000 users).
        let from = "FROM groups g \
             LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = $1";
        let count_sql = format!("SELECT CAST(COUNT(*) AS BIGINT) {from}{condition}");
        let mut count = sqlx::query_scalar::<_, i64>(&count_sql).bind(viewer.map(|v| v.0));
        if let Some(text) = &text {
            count = count.bind(text.as_str());
        }
        let total = count.fetch_one(self.pool()).await.map_err(store_error)?;
        Ok(Paged {
            items: self.group_window_rows(filter, viewer, page).await?,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    /// The groups of [`Self::list_group_rows`]'s window, with their genres.
    pub(super) async fn group_window_rows(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Vec<Group>, StoreError> {
        let (condition, order, text) = list_shape(filter);
        let limit_at = if text.is_some() { 3 } else { 2 };
        let sql = format!(
            "{GROUP_SELECT}{condition} ORDER BY {order} LIMIT ${limit_at} OFFSET ${}",
            limit_at + 1
        );
        let mut query = sqlx::query(&sql).bind(viewer.map(|v| v.0));
        if let Some(text) = &text {
            query = query.bind(text.as_str());
        }
        let rows = query
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        let groups = rows.iter().map(group_from_row).collect::<Result<_, _>>()?;
        self.with_genres(groups).await
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
