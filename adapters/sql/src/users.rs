//! [`UserStore`] over the shared schema.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use leffaseura_core::domain::ban::Ban;
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::moderation::{
    ModerationAction, ModerationEntry, ModerationFilter, NewModerationEntry,
};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::user::{
    Email, NewUser, PasswordHash, User, UserChanges, UserProfile, UserStats,
};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::UserStore;
use leffaseura_core::{StoreError, UserId};

use crate::community_cache::Lookup;
use crate::error::{is_transient, store_error};
use crate::time::{from_millis, to_millis};
use crate::SqlStore;

/// The columns [`user_from_row`] and [`stats_from_row`] read, in every user query.
pub(crate) const USER_COLUMNS: &str = "id, username, email, password_hash, bio, created_at, \
     token_version, banned, banned_until, is_admin, language, review_count, rating_sum, likes_received, \
     dislikes_received";

/// [`USER_COLUMNS`] for public reads (profiles, leaderboards): the email and the password
/// hash are never fetched, and come back empty.
pub(crate) const PUBLIC_USER_COLUMNS: &str = "id, username, CAST('' AS TEXT) AS email, \
     CAST('' AS TEXT) AS password_hash, bio, created_at, token_version, banned, banned_until, \
     is_admin, language, review_count, rating_sum, likes_received, dislikes_received";

/// The columns [`stats_from_row`] reads.
const STATS_COLUMNS: &str = "review_count, rating_sum, likes_received, dislikes_received";

/// The case-insensitive key of a username (the unique `users.username_key`). Lower-cased
/// in Rust because SQLite's `lower()` folds only ASCII.
pub fn username_key(username: &str) -> String {
    username.trim().to_lowercase()
}

pub(crate) fn user_from_row(row: &AnyRow) -> Result<User, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    let get_text = |name: &str| row.try_get::<String, _>(name).map_err(store_error);
    Ok(User {
        id: UserId(get_i64("id")?),
        username: get_text("username")?,
        email: get_text("email")?,
        password_hash: PasswordHash(get_text("password_hash")?),
        bio: get_text("bio")?,
        created_at: from_millis(get_i64("created_at")?)?,
        token_version: get_i64("token_version")?,
        banned: get_i64("banned")? != 0,
        banned_until: row
            .try_get::<Option<i64>, _>("banned_until")
            .map_err(store_error)?
            .map(from_millis)
            .transpose()?,
        is_admin: get_i64("is_admin")? != 0,
        language: row
            .try_get::<Option<String>, _>("language")
            .map_err(store_error)?
            .and_then(|code| Language::ALL.into_iter().find(|l| l.code() == code)),
    })
}

pub(crate) fn stats_from_row(row: &AnyRow) -> Result<UserStats, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    Ok(UserStats {
        review_count: get_i64("review_count")?,
        rating_sum: get_i64("rating_sum")?,
        total_likes: get_i64("likes_received")?,
        total_dislikes: get_i64("dislikes_received")?,
    })
}

fn entry_from_row(row: &AnyRow) -> Result<ModerationEntry, StoreError> {
    let action: String = row.try_get("action").map_err(store_error)?;
    Ok(ModerationEntry {
        id: row.try_get("id").map_err(store_error)?,
        action: ModerationAction::parse(&action).ok_or_else(|| {
            StoreError::Backend(format!("unknown moderation action {action:?}").into())
        })?,
        actor: row.try_get("actor").map_err(store_error)?,
        target: row.try_get("target").map_err(store_error)?,
        reason: row.try_get("reason").map_err(store_error)?,
        detail: row.try_get("detail").map_err(store_error)?,
        created_at: from_millis(row.try_get("created_at").map_err(store_error)?)?,
    })
}

/// Writes one moderation log entry inside `tx`.
pub(crate) async fn insert_moderation_entry(
    tx: &mut Transaction<'static, Any>,
    entry: &NewModerationEntry,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO moderation_log \
           (action, actor, target, reason, detail, target_user_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(entry.action.as_str())
    .bind(entry.actor.as_str())
    .bind(entry.target.as_str())
    .bind(entry.reason.as_deref())
    .bind(entry.detail.as_deref())
    .bind(entry.target_user.map(|user| user.0))
    .bind(to_millis(entry.created_at))
    .execute(&mut **tx)
    .await
    .map_err(store_error)?;
    Ok(())
}

/// A value bound to a [`log_condition`] placeholder.
enum LogValue {
    Int(i64),
    Text(String),
}

/// ` WHERE …` with `$1…` placeholders for what `filter` asks, and their values in order.
fn log_condition(filter: &ModerationFilter) -> (String, Vec<LogValue>) {
    let mut values = Vec::new();
    let mut conditions = Vec::new();
    let mut add = |column: &str, op: &str, value: LogValue| {
        values.push(value);
        conditions.push(format!("{column} {op} ${}", values.len()));
    };
    if let Some(actor) = &filter.actor {
        add("actor", "=", LogValue::Text(actor.clone()));
    }
    if let Some(user) = filter.target_user {
        add("target_user_id", "=", LogValue::Int(user.0));
    }
    if let Some(group) = filter.group {
        add("group_id", "=", LogValue::Int(group.0));
    }
    if let Some(action) = filter.action {
        add("action", "=", LogValue::Text(action.as_str().to_owned()));
    }
    if let Some(since) = filter.since {
        add("created_at", ">=", LogValue::Int(to_millis(since)));
    }
    if let Some(until) = filter.until {
        add("created_at", "<", LogValue::Int(to_millis(until)));
    }
    let condition = if conditions.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conditions.join(" AND "))
    };
    (condition, values)
}

impl SqlStore {
    async fn fetch_user_where<T>(
        &self,
        condition: &str,
        value: T,
    ) -> Result<Option<AnyRow>, StoreError>
    where
        T: for<'q> sqlx::Encode<'q, Any> + sqlx::Type<Any> + Send + 'static,
    {
        let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE {condition}");
        sqlx::query(&sql)
            .bind(value)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)
    }

    /// `UPDATE users SET <assignments>, updated_at = <log time> WHERE id = $1` with
    /// `values` bound from `$2` on, and the log entry, in one transaction.
    async fn update_user_and_log(
        &self,
        id: UserId,
        assignments: &str,
        values: &[Option<i64>],
        log: &NewModerationEntry,
    ) -> Result<User, StoreError> {
        let mut tx = self.begin_write().await?;
        let sql = format!(
            "UPDATE users SET {assignments}, updated_at = ${} WHERE id = $1 \
             RETURNING {USER_COLUMNS}",
            values.len() + 2
        );
        let mut query = sqlx::query(&sql).bind(id.0);
        for value in values {
            query = query.bind(*value);
        }
        let row = query
            .bind(to_millis(log.created_at))
            .fetch_optional(&mut *tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let user = user_from_row(&row)?;
        insert_moderation_entry(&mut tx, log).await?;
        tx.commit().await.map_err(store_error)?;
        self.profile_changed(id.0);
        Ok(user)
    }

    /// One attempt of [`UserStore::delete_user`], in one transaction.
    async fn delete_user_once(
        &self,
        id: UserId,
        log: Option<&NewModerationEntry>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;

        // A write first: it locks the user's row (Postgres) and tells us whether it exists.
        let found = sqlx::query("UPDATE users SET token_version = token_version + 1 WHERE id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?
            .rows_affected();
        if found == 0 {
            return Err(StoreError::NotFound);
        }

        // The cascade will remove this user's reactions; take them off the counters of the
        // reviews they were on and of those reviews' authors first. (Reactions on the
        // user's own reviews vanish with the reviews and the author, so they are skipped.)
        // Authors' rows before review rows: the same lock order as the review store.
        let count_own = |kind: &str, on_review: &str| {
            format!(
                "(SELECT COUNT(*) FROM review_reactions rr JOIN reviews r ON r.id = rr.review_id \
                 WHERE rr.user_id = $1 AND rr.kind = '{kind}' AND {on_review})"
            )
        };
        let authors_sql = format!(
            "UPDATE users SET likes_received = likes_received - {}, \
               dislikes_received = dislikes_received - {} \
             WHERE id <> $1 AND id IN (SELECT r.user_id FROM review_reactions rr \
               JOIN reviews r ON r.id = rr.review_id WHERE rr.user_id = $1)",
            count_own("like", "r.user_id = users.id"),
            count_own("dislike", "r.user_id = users.id"),
        );
        let reviews_sql = format!(
            "UPDATE reviews SET likes = likes - {}, dislikes = dislikes - {} \
             WHERE user_id <> $1 AND id IN \
               (SELECT review_id FROM review_reactions WHERE user_id = $1)",
            count_own("like", "r.id = reviews.id"),
            count_own("dislike", "r.id = reviews.id"),
        );
        for sql in [authors_sql, reviews_sql] {
            sqlx::query(&sql)
                .bind(id.0)
                .execute(&mut *tx)
                .await
                .map_err(store_error)?;
        }

        // The groups a user owns are handed over (or deleted) by the account-deletion use
        // case before it calls this; one created meanwhile sends it round again.
        let owns: i64 =
            sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM groups WHERE owner_id = $1")
                .bind(id.0)
                .fetch_one(&mut *tx)
                .await
                .map_err(store_error)?;
        if owns > 0 {
            return Err(StoreError::Conflict(Conflict::Stale));
        }

        // Group favorites belong to the group, not to whoever added them: before the
        // cascade on `favorites.user_id` takes them, credit them to the group's owner. The
        // unique index on (group_id, movie_id) is per group, so this cannot collide.
        sqlx::query(
            "UPDATE favorites SET user_id = \
               (SELECT owner_id FROM groups WHERE groups.id = favorites.group_id) \
             WHERE user_id = $1 AND type = 3 AND group_id IS NOT NULL",
        )
        .bind(id.0)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;

        // Reviews, reactions, watchlists and favorites go with the account by
        // ON DELETE CASCADE.
        sqlx::query("DELETE FROM users WHERE id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;

        if let Some(entry) = log {
            insert_moderation_entry(&mut tx, entry).await?;
        }
        tx.commit().await.map_err(store_error)?;
        // The user's row, and the counters of every author they had reacted to.
        self.profiles_changed();
        Ok(())
    }
}

#[async_trait]
impl UserStore for SqlStore {
    async fn create_user(&self, user: &NewUser) -> Result<User, StoreError> {
        let sql = format!(
            "INSERT INTO users (username, username_key, email, password_hash, bio, \
             created_at, updated_at) VALUES ($1, $2, $3, $4, '', $5, $5) \
             RETURNING {USER_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(user.username.as_str())
            .bind(username_key(user.username.as_str()))
            .bind(user.email.as_str())
            .bind(user.password_hash.0.as_str())
            .bind(to_millis(user.created_at))
            .fetch_one(self.pool())
            .await
            .map_err(store_error)?;
        user_from_row(&row)
    }

    /// Every signed-in request's token check: from the community cache when the account
    /// is kept there (as correct as a read of the row: see [`crate::community_cache`]).
    async fn find_user(&self, id: UserId) -> Result<Option<User>, StoreError> {
        let lookup = match self.profiles.as_deref() {
            Some(cache) => cache.lookup_account(id).await,
            None => Lookup::Bypass,
        };
        let epoch = match lookup {
            Lookup::Hit(account) => return Ok(Some(account)),
            Lookup::Miss(epoch) => Some(epoch),
            Lookup::Bypass => None,
        };
        let account = self
            .fetch_user_where("id = $1", id.0)
            .await?
            .as_ref()
            .map(user_from_row)
            .transpose()?;
        if let (Some(cache), Some(epoch), Some(account)) = (&self.profiles, epoch, &account) {
            cache.store_account(epoch, account);
        }
        Ok(account)
    }

    async fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, StoreError> {
        self.fetch_user_where("email = $1", email.as_str().to_lowercase())
            .await?
            .as_ref()
            .map(user_from_row)
            .transpose()
    }

    async fn find_user_by_username(&self, username: &str) -> Result<Option<User>, StoreError> {
        self.fetch_user_where("username_key = $1", username_key(username))
            .await?
            .as_ref()
            .map(user_from_row)
            .transpose()
    }

    async fn find_profile(&self, id: UserId) -> Result<Option<UserProfile>, StoreError> {
        let lookup = match self.profiles.as_deref() {
            Some(cache) => cache.lookup(id).await,
            None => Lookup::Bypass,
        };
        let epoch = match lookup {
            Lookup::Hit(profile) => return Ok(Some(profile)),
            Lookup::Miss(epoch) => Some(epoch),
            Lookup::Bypass => None,
        };
        let sql = format!("SELECT {PUBLIC_USER_COLUMNS} FROM users WHERE id = $1");
        let Some(row) = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?
        else {
            return Ok(None);
        };
        let profile = UserProfile {
            user: user_from_row(&row)?,
            stats: stats_from_row(&row)?,
        };
        if let (Some(cache), Some(epoch)) = (&self.profiles, epoch) {
            cache.store(epoch, &profile);
        }
        Ok(Some(profile))
    }

    async fn user_stats(&self, id: UserId) -> Result<UserStats, StoreError> {
        let sql = format!("SELECT {STATS_COLUMNS} FROM users WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?;
        match row {
            Some(row) => stats_from_row(&row),
            None => Ok(UserStats::default()),
        }
    }

    async fn update_user(
        &self,
        id: UserId,
        changes: &UserChanges,
        at: DateTime<Utc>,
    ) -> Result<User, StoreError> {
        let sql = format!(
            "UPDATE users SET \
               username = COALESCE($2, username), \
               username_key = COALESCE($3, username_key), \
               email = COALESCE($4, email), \
               password_hash = COALESCE($5, password_hash), \
               bio = COALESCE($6, bio), \
               token_version = token_version + $7, \
               updated_at = $8, \
               language = COALESCE($9, language) \
             WHERE id = $1 RETURNING {USER_COLUMNS}"
        );
        let bump: i64 = changes.password_hash.is_some().into();
        let row = sqlx::query(&sql)
            .bind(id.0)
            .bind(changes.username.as_ref().map(|u| u.as_str().to_owned()))
            .bind(changes.username.as_ref().map(|u| username_key(u.as_str())))
            .bind(changes.email.as_ref().map(|e| e.as_str().to_owned()))
            .bind(changes.password_hash.as_ref().map(|h| h.0.clone()))
            .bind(changes.bio.as_ref().map(|b| b.as_str().to_owned()))
            .bind(bump)
            .bind(to_millis(at))
            .bind(changes.language.map(Language::code))
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        self.profile_changed(id.0);
        user_from_row(&row)
    }

    async fn upgrade_password_hash(
        &self,
        id: UserId,
        old: &PasswordHash,
        new: &PasswordHash,
    ) -> Result<bool, StoreError> {
        let replaced =
            sqlx::query("UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2")
                .bind(id.0)
                .bind(old.0.as_str())
                .bind(new.0.as_str())
                .execute(self.pool())
                .await
                .map_err(store_error)?
                .rows_affected()
                > 0;
        if replaced {
            // Cached accounts carry the hash that the password is checked against.
            self.profile_changed(id.0);
        }
        Ok(replaced)
    }

    async fn set_ban(
        &self,
        id: UserId,
        ban: Option<Ban>,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError> {
        let banned = i64::from(ban.is_some());
        let until = ban.and_then(|ban| ban.until).map(to_millis);
        // A ban also ends the user's sessions: their tokens carry the old version.
        self.update_user_and_log(
            id,
            "banned = $2, banned_until = $3, token_version = token_version + $2",
            &[Some(banned), until],
            log,
        )
        .await
    }

    async fn set_admin(
        &self,
        id: UserId,
        is_admin: bool,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError> {
        self.update_user_and_log(id, "is_admin = $2", &[Some(i64::from(is_admin))], log)
            .await
    }

    async fn delete_user(
        &self,
        id: UserId,
        log: Option<NewModerationEntry>,
    ) -> Result<(), StoreError> {
        // Two deletions that touch each other's counters may deadlock on Postgres; the
        // server aborts one of them, which is then simply run again.
        let mut attempt = 1;
        loop {
            match self.delete_user_once(id, log.as_ref()).await {
                Err(err) if attempt < 5 && is_transient(&err) => attempt += 1,
                result => return result,
            }
        }
    }

    async fn list_users(&self, page: PageRequest) -> Result<Paged<UserProfile>, StoreError> {
        let total: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM users")
            .fetch_one(self.pool())
            .await
            .map_err(store_error)?;
        let sql = format!("SELECT {USER_COLUMNS} FROM users ORDER BY id LIMIT $1 OFFSET $2");
        let rows = sqlx::query(&sql)
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        Ok(Paged {
            items: rows
                .iter()
                .map(|row| {
                    Ok(UserProfile {
                        user: user_from_row(row)?,
                        stats: stats_from_row(row)?,
                    })
                })
                .collect::<Result<_, StoreError>>()?,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    async fn list_moderation_log(
        &self,
        filter: &ModerationFilter,
        page: PageRequest,
    ) -> Result<Paged<ModerationEntry>, StoreError> {
        let (condition, values) = log_condition(filter);
        let count_sql = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM moderation_log{condition}");
        let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
        for value in &values {
            count = match value {
                LogValue::Int(v) => count.bind(*v),
                LogValue::Text(v) => count.bind(v.clone()),
            };
        }
        let total = count.fetch_one(self.pool()).await.map_err(store_error)?;
        let sql = format!(
            "SELECT id, action, actor, target, reason, detail, created_at FROM moderation_log\
             {condition} ORDER BY created_at DESC, id DESC LIMIT ${} OFFSET ${}",
            values.len() + 1,
            values.len() + 2
        );
        let mut query = sqlx::query(&sql);
        for value in &values {
            query = match value {
                LogValue::Int(v) => query.bind(*v),
                LogValue::Text(v) => query.bind(v.clone()),
            };
        }
        let rows = query
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        Ok(Paged {
            items: rows.iter().map(entry_from_row).collect::<Result<_, _>>()?,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.check_ready().await
    }
}
