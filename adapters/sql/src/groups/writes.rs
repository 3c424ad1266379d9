//! The writes of [`GroupStore`](leffaseura_core::ports::GroupStore), each one
//! transaction run by [`crate::error::retrying`].
//!
//! Every write on an existing group starts by locking the group's row ([`lock_group`]:
//! `SELECT … FOR UPDATE` on Postgres; on SQLite `BEGIN IMMEDIATE` already serializes
//! writers), then checks that the roles the use case decided on are still the roles in
//! the database ([`check_expected`]) — after the lock, so no other group write can
//! change them before this one commits. A mismatch rolls back with `Conflict(Stale)`.
//! `member_count` follows the membership rows by trigger (migration 0003).

use chrono::{DateTime, Utc};
use sqlx::{Any, Row, Transaction};

use leffaseura_core::domain::group::model::{GroupChanges, GroupMember, NewGroup};
use leffaseura_core::domain::group::Visibility;
use leffaseura_core::domain::membership::{Role, SuccessionCandidate};
use leffaseura_core::domain::moderation::NewGroupLogEntry;
use leffaseura_core::domain::permissions::viewer_role;
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::group_store::{Expected, MembershipChange, OwnershipTransfer};
use leffaseura_core::{GroupId, MovieId, StoreError, UserId};

use super::reads::{candidates, member_from_row, role_from, visibility_from};
use super::search::search_key;
use crate::error::store_error;
use crate::time::to_millis;
use crate::{Backend, SqlStore};

type Tx = Transaction<'static, Any>;

fn stale() -> StoreError {
    StoreError::Conflict(Conflict::Stale)
}

/// Writes one group moderation entry inside `tx`.
async fn insert_log(tx: &mut Tx, entry: &NewGroupLogEntry) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO moderation_log \
           (action, actor, target, reason, created_at, group_id, actor_id, target_user_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(entry.action.as_str())
    .bind(entry.actor.as_str())
    .bind(entry.target.as_str())
    .bind(entry.reason.as_deref())
    .bind(to_millis(entry.created_at))
    .bind(entry.group.0)
    .bind(entry.actor_id.map(|u| u.0))
    .bind(entry.target_user.map(|u| u.0))
    .execute(&mut **tx)
    .await
    .map_err(store_error)?;
    Ok(())
}

async fn row_role(tx: &mut Tx, group: GroupId, user: UserId) -> Result<Option<Role>, StoreError> {
    let role: Option<String> =
        sqlx::query_scalar("SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2")
            .bind(group.0)
            .bind(user.0)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?;
    role.as_deref().map(role_from).transpose()
}

async fn exec(tx: &mut Tx, sql: &str, group: GroupId, user: UserId) -> Result<u64, StoreError> {
    Ok(sqlx::query(sql)
        .bind(group.0)
        .bind(user.0)
        .execute(&mut **tx)
        .await
        .map_err(store_error)?
        .rows_affected())
}

async fn touch(tx: &mut Tx, group: GroupId, at: DateTime<Utc>) -> Result<(), StoreError> {
    sqlx::query("UPDATE groups SET activity_at = $2 WHERE id = $1 AND activity_at < $2")
        .bind(group.0)
        .bind(to_millis(at))
        .execute(&mut **tx)
        .await
        .map_err(store_error)?;
    Ok(())
}

impl SqlStore {
    /// Locks the group's row for the rest of `tx` and reads its owner and visibility;
    /// `NotFound` when it is gone.
    async fn lock_group(
        &self,
        tx: &mut Tx,
        group: GroupId,
    ) -> Result<(UserId, Visibility), StoreError> {
        let sql = match self.backend() {
            Backend::Postgres => "SELECT owner_id, visibility FROM groups WHERE id = $1 FOR UPDATE",
            Backend::Sqlite => "SELECT owner_id, visibility FROM groups WHERE id = $1",
        };
        let row = sqlx::query(sql)
            .bind(group.0)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let visibility: String = row.try_get("visibility").map_err(store_error)?;
        Ok((
            UserId(row.try_get("owner_id").map_err(store_error)?),
            visibility_from(&visibility)?,
        ))
    }

    /// Locks the group and checks `expected` against what it holds now.
    async fn lock_and_check(
        &self,
        tx: &mut Tx,
        group: GroupId,
        expected: &Expected,
    ) -> Result<UserId, StoreError> {
        let (owner, visibility) = self.lock_group(tx, group).await?;
        if expected.visibility.is_some_and(|v| v != visibility) {
            return Err(stale());
        }
        for (user, role) in &expected.roles {
            let row = row_role(tx, group, *user).await?;
            if viewer_role(Some(*user), owner, row) != *role {
                return Err(stale());
            }
        }
        Ok(owner)
    }

    pub(super) async fn create_group_once(&self, group: &NewGroup) -> Result<GroupId, StoreError> {
        let mut tx = self.begin_write().await?;
        let at = to_millis(group.created_at);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO groups (name, name_key, name_search, description, description_search, \
               visibility, theme_id, poster_url, owner_id, created_at, updated_at, activity_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10) RETURNING id",
        )
        .bind(group.name.as_str())
        .bind(group.name.unique_key())
        .bind(search_key(group.name.as_str()))
        .bind(group.description.as_str())
        .bind(search_key(group.description.as_str()))
        .bind(group.visibility.as_str())
        .bind(group.theme.value())
        .bind(group.poster_url.as_ref().map(|p| p.as_str().to_owned()))
        .bind(group.owner.0)
        .bind(at)
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error)?;
        let id = GroupId(id);
        set_genres(&mut tx, id, group.genres.as_slice()).await?;
        sqlx::query(
            "INSERT INTO group_members (group_id, user_id, role, joined_at) \
             VALUES ($1, $2, 'owner', $3)",
        )
        .bind(id.0)
        .bind(group.owner.0)
        .bind(at)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)?;
        Ok(id)
    }

    pub(super) async fn update_group_once(
        &self,
        group: GroupId,
        changes: &GroupChanges,
        at: DateTime<Utc>,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        self.lock_and_check(&mut tx, group, expected).await?;
        let name = changes.name.as_ref();
        let description = changes.description.as_ref();
        let poster = changes.poster_url.as_ref();
        sqlx::query(
            "UPDATE groups SET \
               name = COALESCE($2, name), \
               name_key = COALESCE($3, name_key), \
               name_search = COALESCE($4, name_search), \
               description = COALESCE($5, description), \
               description_search = COALESCE($6, description_search), \
               visibility = COALESCE($7, visibility), \
               theme_id = COALESCE($8, theme_id), \
               poster_url = CASE WHEN $9 = 1 THEN $10 ELSE poster_url END, \
               updated_at = $11, \
               activity_at = $11 \
             WHERE id = $1",
        )
        .bind(group.0)
        .bind(name.map(|n| n.as_str().to_owned()))
        .bind(name.map(|n| n.unique_key()))
        .bind(name.map(|n| search_key(n.as_str())))
        .bind(description.map(|d| d.as_str().to_owned()))
        .bind(description.map(|d| search_key(d.as_str())))
        .bind(changes.visibility.map(|v| v.as_str()))
        .bind(changes.theme.map(|t| t.value()))
        .bind(i64::from(poster.is_some()))
        .bind(poster.and_then(|p| p.as_ref().map(|p| p.as_str().to_owned())))
        .bind(to_millis(at))
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        if let Some(genres) = &changes.genres {
            sqlx::query("DELETE FROM group_genres WHERE group_id = $1")
                .bind(group.0)
                .execute(&mut *tx)
                .await
                .map_err(store_error)?;
            set_genres(&mut tx, group, genres.as_slice()).await?;
        }
        insert_log(&mut tx, log).await?;
        tx.commit().await.map_err(store_error)
    }

    pub(super) async fn delete_group_once(
        &self,
        group: GroupId,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        self.lock_and_check(&mut tx, group, expected).await?;
        // Genres, memberships and group favorites go by ON DELETE CASCADE.
        sqlx::query("DELETE FROM groups WHERE id = $1")
            .bind(group.0)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        insert_log(&mut tx, log).await?;
        tx.commit().await.map_err(store_error)
    }

    pub(super) async fn change_membership_once(
        &self,
        change: &MembershipChange,
    ) -> Result<Option<GroupMember>, StoreError> {
        let (group, user) = (change.group, change.user);
        let mut tx = self.begin_write().await?;
        self.lock_and_check(&mut tx, group, &change.expected)
            .await?;
        let current = row_role(&mut tx, group, user).await?;
        let at = to_millis(change.at);
        let done = match (current, change.to) {
            (_, Role::Owner) | (Some(Role::Owner), _) => {
                return Err(corrupt_change(
                    "ownership changes through transfer_ownership",
                ))
            }
            (None, Role::None) => 0,
            (Some(_), Role::None) => {
                exec(
                    &mut tx,
                    "DELETE FROM group_members WHERE group_id = $1 AND user_id = $2",
                    group,
                    user,
                )
                .await?
            }
            (None, to) => {
                let since = if to == Role::Pending {
                    "requested_at"
                } else {
                    "joined_at"
                };
                sqlx::query(&format!(
                    "INSERT INTO group_members (group_id, user_id, role, {since}) \
                     VALUES ($1, $2, $3, $4)"
                ))
                .bind(group.0)
                .bind(user.0)
                .bind(to.as_str())
                .bind(at)
                .execute(&mut *tx)
                .await
                .map_err(store_error)?
                .rows_affected()
            }
            (Some(Role::Pending), to) => sqlx::query(
                "UPDATE group_members SET role = $3, joined_at = $4 \
                     WHERE group_id = $1 AND user_id = $2",
            )
            .bind(group.0)
            .bind(user.0)
            .bind(to.as_str())
            .bind(at)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?
            .rows_affected(),
            (Some(_), to) => sqlx::query(
                "UPDATE group_members SET role = $3 WHERE group_id = $1 AND user_id = $2",
            )
            .bind(group.0)
            .bind(user.0)
            .bind(to.as_str())
            .execute(&mut *tx)
            .await
            .map_err(store_error)?
            .rows_affected(),
        };
        // Requests coming and going are not activity of the group; member changes are.
        let request_only = change.to == Role::Pending
            || (current == Some(Role::Pending) && change.to == Role::None);
        if done > 0 && !request_only {
            touch(&mut tx, group, change.at).await?;
        }
        if let Some(entry) = &change.log {
            insert_log(&mut tx, entry).await?;
        }
        let member = if change.to.is_member() {
            let row = sqlx::query(
                "SELECT gm.user_id, u.username, gm.role, gm.joined_at \
                 FROM group_members gm JOIN users u ON u.id = gm.user_id \
                 WHERE gm.group_id = $1 AND gm.user_id = $2",
            )
            .bind(group.0)
            .bind(user.0)
            .fetch_one(&mut *tx)
            .await
            .map_err(store_error)?;
            Some(member_from_row(&row)?)
        } else {
            None
        };
        tx.commit().await.map_err(store_error)?;
        Ok(member)
    }

    pub(super) async fn transfer_once(&self, t: &OwnershipTransfer) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let owner = self.lock_and_check(&mut tx, t.group, &t.expected).await?;
        if owner != t.from || t.from == t.to {
            return Err(stale());
        }
        // The old owner's row first: at most one owner row per group.
        self.step_down(&mut tx, t.group, t.from, t.from_becomes, t.at)
            .await?;
        self.take_over(&mut tx, t.group, t.to, t.at).await?;
        insert_log(&mut tx, &t.log).await?;
        tx.commit().await.map_err(store_error)
    }

    /// The old owner's row becomes `role` (created if it was missing), or goes for
    /// `Role::None`.
    async fn step_down(
        &self,
        tx: &mut Tx,
        group: GroupId,
        from: UserId,
        role: Role,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        if !role.is_member() || role == Role::Owner {
            exec(
                tx,
                "DELETE FROM group_members WHERE group_id = $1 AND user_id = $2",
                group,
                from,
            )
            .await?;
            return Ok(());
        }
        let changed =
            sqlx::query("UPDATE group_members SET role = $3 WHERE group_id = $1 AND user_id = $2")
                .bind(group.0)
                .bind(from.0)
                .bind(role.as_str())
                .execute(&mut **tx)
                .await
                .map_err(store_error)?
                .rows_affected();
        if changed == 0 {
            sqlx::query(
                "INSERT INTO group_members (group_id, user_id, role, joined_at) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(group.0)
            .bind(from.0)
            .bind(role.as_str())
            .bind(to_millis(at))
            .execute(&mut **tx)
            .await
            .map_err(store_error)?;
        }
        Ok(())
    }

    /// `heir`'s row becomes the owner's, and the group's `owner_id` names them.
    async fn take_over(
        &self,
        tx: &mut Tx,
        group: GroupId,
        heir: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let promoted = exec(
            tx,
            "UPDATE group_members SET role = 'owner' WHERE group_id = $1 AND user_id = $2",
            group,
            heir,
        )
        .await?;
        if promoted == 0 {
            return Err(stale());
        }
        sqlx::query(
            "UPDATE groups SET owner_id = $2, updated_at = $3, activity_at = $3 WHERE id = $1",
        )
        .bind(group.0)
        .bind(heir.0)
        .bind(to_millis(at))
        .execute(&mut **tx)
        .await
        .map_err(store_error)?;
        Ok(())
    }

    pub(super) async fn hand_over_once(
        &self,
        group: GroupId,
        from: UserId,
        heir: Option<UserId>,
        expected: &[SuccessionCandidate],
        log: &NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let (owner, _) = self.lock_group(&mut tx, group).await?;
        if owner != from || candidates(&mut *tx, group).await? != sorted(expected) {
            return Err(stale());
        }
        match heir {
            Some(heir) => {
                self.step_down(&mut tx, group, from, Role::None, log.created_at)
                    .await?;
                self.take_over(&mut tx, group, heir, log.created_at).await?;
            }
            None => {
                sqlx::query("DELETE FROM groups WHERE id = $1")
                    .bind(group.0)
                    .execute(&mut *tx)
                    .await
                    .map_err(store_error)?;
            }
        }
        insert_log(&mut tx, log).await?;
        tx.commit().await.map_err(store_error)
    }

    pub(super) async fn remove_group_favorite_once(
        &self,
        group: GroupId,
        movie: MovieId,
        expected: &Expected,
        log: &NewGroupLogEntry,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        self.lock_and_check(&mut tx, group, expected).await?;
        let removed =
            sqlx::query("DELETE FROM favorites WHERE group_id = $1 AND type = 3 AND movie_id = $2")
                .bind(group.0)
                .bind(movie.0)
                .execute(&mut *tx)
                .await
                .map_err(store_error)?
                .rows_affected()
                > 0;
        if removed {
            insert_log(&mut tx, log).await?;
        }
        tx.commit().await.map_err(store_error)?;
        Ok(removed)
    }
}

/// The candidates as [`candidates`] reads them: by user id.
fn sorted(given: &[SuccessionCandidate]) -> Vec<SuccessionCandidate> {
    let mut sorted = given.to_vec();
    sorted.sort_by_key(|c| c.user_id);
    sorted
}

fn corrupt_change(what: &str) -> StoreError {
    StoreError::Backend(format!("invalid membership change: {what}").into())
}

async fn set_genres(tx: &mut Tx, group: GroupId, genres: &[i64]) -> Result<(), StoreError> {
    for genre in genres {
        sqlx::query("INSERT INTO group_genres (group_id, genre_id) VALUES ($1, $2)")
            .bind(group.0)
            .bind(*genre)
            .execute(&mut **tx)
            .await
            .map_err(store_error)?;
    }
    Ok(())
}
