//! [`ReviewStore`] over the shared schema.
//!
//! Counters: `reviews.likes/dislikes` and the author's `review_count`, `rating_sum`,
//! `likes_received`, `dislikes_received` change in the same transaction as the rows they
//! count; `movie_review_stats` is kept by triggers (migration 0002), so that it is right
//! whatever deletes a review (this store, account deletion's cascade, the admin CLI).
//!
//! Locking: every write that touches an existing review locks, in this order, the author's
//! `users` row, then the `reviews` row (Postgres `FOR UPDATE`; on SQLite the whole write
//! transaction is serialized by `BEGIN IMMEDIATE`). One order everywhere means concurrent
//! reactions, edits and deletes queue instead of deadlocking, and the counters they read
//! are the latest committed ones.
//!
//! Cost: lists walk `reviews_movie_idx`, `reviews_user_idx` or `reviews_recent_idx`
//! (LIMIT/OFFSET); totals and movie statistics are primary-key reads of counters; each
//! review's newest reactions are one `review_reactions_review_created_idx` walk of at most
//! [`INTERACTIONS_SHOWN`] rows; leaderboards walk `users_review_count_idx` or
//! `users_aura_idx`.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use leffaseura_core::domain::membership::Role;
use leffaseura_core::domain::movie::RememberedMovie;
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::review::{
    counter_deltas, next_reaction, Interaction, MovieReviewStats, NewReview, ReactionKind, Review,
    ReviewChanges, ReviewedMovie, INTERACTIONS_SHOWN,
};
use leffaseura_core::domain::user::{PasswordHash, User, UserProfile, UserStats};
use leffaseura_core::ports::favorite_store::GroupAccess;
use leffaseura_core::ports::ReviewStore;
use leffaseura_core::{GroupId, MovieId, ReviewId, StoreError, UserId};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::{Backend, SqlStore};

/// Every review read: the review, its author's name and what the store remembers of the
/// movie (NULLs when the movie was never seen).
const REVIEW_SELECT: &str = "SELECT r.id, r.movie_id, r.user_id, u.username, r.content, \
     r.rating, r.likes, r.dislikes, r.created_at, r.updated_at, \
     m.title AS movie_name, m.poster_path AS poster_url, m.release_year \
     FROM reviews r JOIN users u ON u.id = r.user_id LEFT JOIN movies m ON m.id = r.movie_id";

/// The user columns the leaderboards read (the same as the user store's).
const USER_COLUMNS: &str = "id, username, email, password_hash, bio, created_at, \
     token_version, banned, is_admin, review_count, rating_sum, likes_received, dislikes_received";

fn review_from_row(row: &AnyRow) -> Result<Review, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    let release_year: Option<i64> = row.try_get("release_year").map_err(store_error)?;
    Ok(Review {
        id: ReviewId(get_i64("id")?),
        movie_id: MovieId(get_i64("movie_id")?),
        user_id: UserId(get_i64("user_id")?),
        username: row.try_get("username").map_err(store_error)?,
        content: row.try_get("content").map_err(store_error)?,
        rating: get_i64("rating")?,
        likes: get_i64("likes")?,
        dislikes: get_i64("dislikes")?,
        created_at: from_millis(get_i64("created_at")?)?,
        updated_at: from_millis(get_i64("updated_at")?)?,
        interactions: Vec::new(),
        my_interaction: None,
        movie: ReviewedMovie {
            title: row.try_get("movie_name").map_err(store_error)?,
            poster_url: row.try_get("poster_url").map_err(store_error)?,
            release_year: release_year.and_then(|y| i32::try_from(y).ok()),
        },
    })
}

fn profile_from_row(row: &AnyRow) -> Result<UserProfile, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    let get_text = |name: &str| row.try_get::<String, _>(name).map_err(store_error);
    Ok(UserProfile {
        user: User {
            id: UserId(get_i64("id")?),
            username: get_text("username")?,
            email: get_text("email")?,
            password_hash: PasswordHash(get_text("password_hash")?),
            bio: get_text("bio")?,
            created_at: from_millis(get_i64("created_at")?)?,
            token_version: get_i64("token_version")?,
            banned: get_i64("banned")? != 0,
            is_admin: get_i64("is_admin")? != 0,
        },
        stats: UserStats {
            review_count: get_i64("review_count")?,
            rating_sum: get_i64("rating_sum")?,
            total_likes: get_i64("likes_received")?,
            total_dislikes: get_i64("dislikes_received")?,
        },
    })
}

fn reaction(kind: &str) -> Result<ReactionKind, StoreError> {
    ReactionKind::parse(kind)
        .ok_or_else(|| StoreError::Backend(format!("unknown reaction kind {kind:?}").into()))
}

/// A review locked for a write, as it is now.
struct Locked {
    author: i64,
    rating: i64,
    likes: i64,
    dislikes: i64,
}

impl SqlStore {
    /// `FOR UPDATE` on Postgres; nothing on SQLite, whose write transactions are already
    /// exclusive.
    fn for_update(&self) -> &'static str {
        match self.backend() {
            Backend::Postgres => " FOR UPDATE",
            Backend::Sqlite => "",
        }
    }

    /// Locks the author's row, then the review's (see the module docs for why this order).
    async fn lock_review(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: ReviewId,
    ) -> Result<Locked, StoreError> {
        let author: i64 = sqlx::query_scalar("SELECT user_id FROM reviews WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let lock_user = format!("SELECT id FROM users WHERE id = $1{}", self.for_update());
        sqlx::query(&lock_user)
            .bind(author)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?;
        let lock_review = format!(
            "SELECT user_id, rating, likes, dislikes FROM reviews WHERE id = $1{}",
            self.for_update()
        );
        let row = sqlx::query(&lock_review)
            .bind(id.0)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let get = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
        Ok(Locked {
            author: get("user_id")?,
            rating: get("rating")?,
            likes: get("likes")?,
            dislikes: get("dislikes")?,
        })
    }

    /// Reviews matching `filter` (a condition on `$1`, bound to the given key), or all
    /// reviews without one; newest first.
    async fn review_page(
        &self,
        filter: Option<(&str, i64)>,
        limit: i64,
        offset: i64,
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, StoreError> {
        let order = "ORDER BY r.created_at DESC, r.id DESC";
        let sql = match filter {
            Some((condition, _)) => {
                format!("{REVIEW_SELECT} WHERE {condition} {order} LIMIT $2 OFFSET $3")
            }
            None => format!("{REVIEW_SELECT} {order} LIMIT $1 OFFSET $2"),
        };
        let mut query = sqlx::query(&sql);
        if let Some((_, key)) = filter {
            query = query.bind(key);
        }
        let rows = query
            .bind(limit)
            .bind(offset)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        let mut reviews = rows
            .iter()
            .map(review_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        self.add_interactions(&mut reviews, viewer).await?;
        Ok(reviews)
    }

    /// Fills `interactions` (the newest [`INTERACTIONS_SHOWN`] per review, one indexed
    /// walk each, in one round trip) and the viewer's `my_interaction`.
    async fn add_interactions(
        &self,
        reviews: &mut [Review],
        viewer: Option<UserId>,
    ) -> Result<(), StoreError> {
        if reviews.is_empty() {
            return Ok(());
        }
        let parts: Vec<String> = (1..=reviews.len())
            .map(|n| {
                format!(
                    "SELECT * FROM (SELECT rr.review_id, rr.user_id, u.username, rr.kind, \
                     rr.created_at FROM review_reactions rr JOIN users u ON u.id = rr.user_id \
                     WHERE rr.review_id = ${n} \
                     ORDER BY rr.created_at DESC, rr.user_id DESC LIMIT {INTERACTIONS_SHOWN}) \
                     AS t{n}"
                )
            })
            .collect();
        let sql = parts.join(" UNION ALL ");
        let mut query = sqlx::query(&sql);
        for review in reviews.iter() {
            query = query.bind(review.id.0);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut by_review: HashMap<i64, Vec<(i64, Interaction)>> = HashMap::new();
        for row in &rows {
            let review_id: i64 = row.try_get("review_id").map_err(store_error)?;
            let kind: String = row.try_get("kind").map_err(store_error)?;
            let created_at: i64 = row.try_get("created_at").map_err(store_error)?;
            by_review.entry(review_id).or_default().push((
                created_at,
                Interaction {
                    user_id: UserId(row.try_get("user_id").map_err(store_error)?),
                    username: row.try_get("username").map_err(store_error)?,
                    kind: reaction(&kind)?,
                },
            ));
        }
        let mine = match viewer {
            Some(viewer) => self.viewer_reactions(reviews, viewer).await?,
            None => HashMap::new(),
        };
        for review in reviews.iter_mut() {
            let mut found = by_review.remove(&review.id.0).unwrap_or_default();
            // UNION ALL keeps no order: newest first, as each part was cut.
            found.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.user_id.cmp(&a.1.user_id)));
            review.interactions = found.into_iter().map(|(_, i)| i).collect();
            review.my_interaction = mine.get(&review.id.0).copied();
        }
        Ok(())
    }

    /// The viewer's reactions to these reviews (primary-key lookups).
    async fn viewer_reactions(
        &self,
        reviews: &[Review],
        viewer: UserId,
    ) -> Result<HashMap<i64, ReactionKind>, StoreError> {
        let placeholders: Vec<String> = (2..=reviews.len() + 1).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT review_id, kind FROM review_reactions \
             WHERE user_id = $1 AND review_id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(viewer.0);
        for review in reviews {
            query = query.bind(review.id.0);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut mine = HashMap::with_capacity(rows.len());
        for row in &rows {
            let kind: String = row.try_get("kind").map_err(store_error)?;
            mine.insert(
                row.try_get::<i64, _>("review_id").map_err(store_error)?,
                reaction(&kind)?,
            );
        }
        Ok(mine)
    }

    async fn count(&self, sql: &str, key: i64) -> Result<i64, StoreError> {
        let total: Option<i64> = sqlx::query_scalar(sql)
            .bind(key)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?;
        Ok(total.unwrap_or(0))
    }

    async fn leaderboard(&self, sql: &str, limit: i64) -> Result<Vec<UserProfile>, StoreError> {
        let rows = sqlx::query(sql)
            .bind(limit)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        rows.iter().map(profile_from_row).collect()
    }
}

fn paged(items: Vec<Review>, total: i64, page: PageRequest) -> Paged<Review> {
    Paged {
        items,
        total,
        limit: page.limit,
        offset: page.offset,
    }
}

#[async_trait]
impl ReviewStore for SqlStore {
    async fn create_review(
        &self,
        review: &NewReview,
        movie: &RememberedMovie,
    ) -> Result<ReviewId, StoreError> {
        let mut tx = self.begin_write().await?;
        let at = to_millis(review.created_at);
        // The author's row first (the lock order of every review write).
        let found = sqlx::query(
            "UPDATE users SET review_count = review_count + 1, rating_sum = rating_sum + $2 \
             WHERE id = $1",
        )
        .bind(review.user_id.0)
        .bind(review.rating.value())
        .execute(&mut *tx)
        .await
        .map_err(store_error)?
        .rows_affected();
        if found == 0 {
            return Err(StoreError::NotFound);
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
        )
        .bind(review.user_id.0)
        .bind(review.movie_id.0)
        .bind(review.rating.value())
        .bind(review.content.as_str())
        .bind(at)
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error)?;
        sqlx::query(
            "INSERT INTO movies (id, title, original_title, release_date, release_year, \
               poster_path, vote_average, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (id) DO UPDATE SET title = excluded.title, \
               original_title = excluded.original_title, release_date = excluded.release_date, \
               release_year = excluded.release_year, poster_path = excluded.poster_path, \
               vote_average = excluded.vote_average, updated_at = excluded.updated_at",
        )
        .bind(movie.id.0)
        .bind(movie.title.as_str())
        .bind(movie.original_title.as_str())
        .bind(movie.release_date.as_str())
        .bind(movie.release_year.map(i64::from))
        .bind(movie.poster.as_deref())
        .bind(movie.vote_average)
        .bind(at)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)?;
        Ok(ReviewId(id))
    }

    async fn find_review(
        &self,
        id: ReviewId,
        viewer: Option<UserId>,
    ) -> Result<Option<Review>, StoreError> {
        let sql = format!("{REVIEW_SELECT} WHERE r.id = $1");
        let Some(row) = sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?
        else {
            return Ok(None);
        };
        let mut reviews = [review_from_row(&row)?];
        self.add_interactions(&mut reviews, viewer).await?;
        let [review] = reviews;
        Ok(Some(review))
    }

    async fn movie_reviews(
        &self,
        movie: MovieId,
        page: PageRequest,
        viewer: Option<UserId>,
    ) -> Result<Paged<Review>, StoreError> {
        let total = self
            .count(
                "SELECT review_count FROM movie_review_stats WHERE movie_id = $1",
                movie.0,
            )
            .await?;
        let items = self
            .review_page(
                Some(("r.movie_id = $1", movie.0)),
                page.limit,
                page.offset,
                viewer,
            )
            .await?;
        Ok(paged(items, total, page))
    }

    async fn movie_stats(&self, movie: MovieId) -> Result<MovieReviewStats, StoreError> {
        let row = sqlx::query(
            "SELECT review_count, rating_sum, rating_1, rating_2, rating_3, rating_4, rating_5 \
             FROM movie_review_stats WHERE movie_id = $1",
        )
        .bind(movie.0)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(MovieReviewStats::default());
        };
        let get = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
        Ok(MovieReviewStats {
            total_reviews: get("review_count")?,
            rating_sum: get("rating_sum")?,
            distribution: [
                get("rating_1")?,
                get("rating_2")?,
                get("rating_3")?,
                get("rating_4")?,
                get("rating_5")?,
            ],
        })
    }

    async fn user_reviews(
        &self,
        user: UserId,
        page: PageRequest,
        viewer: Option<UserId>,
    ) -> Result<Paged<Review>, StoreError> {
        let total = self
            .count("SELECT review_count FROM users WHERE id = $1", user.0)
            .await?;
        let items = self
            .review_page(
                Some(("r.user_id = $1", user.0)),
                page.limit,
                page.offset,
                viewer,
            )
            .await?;
        Ok(paged(items, total, page))
    }

    async fn recent_reviews(
        &self,
        limit: i64,
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, StoreError> {
        self.review_page(None, limit, 0, viewer).await
    }

    async fn group_member_access(
        &self,
        group: GroupId,
        viewer: UserId,
    ) -> Result<Option<GroupAccess>, StoreError> {
        let row = sqlx::query(
            "SELECT g.owner_id, gm.role FROM groups g \
             LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = $2 \
             WHERE g.id = $1",
        )
        .bind(group.0)
        .bind(viewer.0)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let role: Option<String> = row.try_get("role").map_err(store_error)?;
        Ok(Some(GroupAccess {
            owner_id: UserId(row.try_get("owner_id").map_err(store_error)?),
            membership: role.as_deref().and_then(Role::parse),
        }))
    }

    async fn group_reviews(
        &self,
        group: GroupId,
        page: PageRequest,
        viewer: Option<UserId>,
    ) -> Result<Paged<Review>, StoreError> {
        // Cost grows with the group's size (its members' counters and reviews), never
        // with the whole site.
        let total = self
            .count(
                "SELECT CAST(COALESCE(SUM(u.review_count), 0) AS BIGINT) \
                 FROM group_members gm JOIN users u ON u.id = gm.user_id \
                 WHERE gm.group_id = $1 AND gm.role <> 'pending'",
                group.0,
            )
            .await?;
        let items = self
            .review_page(
                Some((
                    "r.user_id IN (SELECT gm.user_id FROM group_members gm \
                     WHERE gm.group_id = $1 AND gm.role <> 'pending')",
                    group.0,
                )),
                page.limit,
                page.offset,
                viewer,
            )
            .await?;
        Ok(paged(items, total, page))
    }

    async fn update_review(
        &self,
        id: ReviewId,
        changes: &ReviewChanges,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let locked = self.lock_review(&mut tx, id).await?;
        if let Some(rating) = changes.rating {
            sqlx::query("UPDATE users SET rating_sum = rating_sum + $2 WHERE id = $1")
                .bind(locked.author)
                .bind(rating.value() - locked.rating)
                .execute(&mut *tx)
                .await
                .map_err(store_error)?;
        }
        sqlx::query(
            "UPDATE reviews SET rating = COALESCE($2, rating), content = COALESCE($3, content), \
             updated_at = $4 WHERE id = $1",
        )
        .bind(id.0)
        .bind(changes.rating.map(|r| r.value()))
        .bind(changes.content.as_ref().map(|c| c.as_str().to_owned()))
        .bind(to_millis(at))
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)
    }

    async fn delete_review(&self, id: ReviewId) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let locked = self.lock_review(&mut tx, id).await?;
        // The reactions go with the review (ON DELETE CASCADE), and so does their effect
        // on the author's aura.
        sqlx::query(
            "UPDATE users SET review_count = review_count - 1, rating_sum = rating_sum - $2, \
             likes_received = likes_received - $3, dislikes_received = dislikes_received - $4 \
             WHERE id = $1",
        )
        .bind(locked.author)
        .bind(locked.rating)
        .bind(locked.likes)
        .bind(locked.dislikes)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        sqlx::query("DELETE FROM reviews WHERE id = $1")
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        tx.commit().await.map_err(store_error)
    }

    async fn react(
        &self,
        review: ReviewId,
        user: UserId,
        requested: Option<ReactionKind>,
        at: DateTime<Utc>,
    ) -> Result<Option<ReactionKind>, StoreError> {
        let mut tx = self.begin_write().await?;
        let locked = self.lock_review(&mut tx, review).await?;
        let current: Option<String> = sqlx::query_scalar(
            "SELECT kind FROM review_reactions WHERE review_id = $1 AND user_id = $2",
        )
        .bind(review.0)
        .bind(user.0)
        .fetch_optional(&mut *tx)
        .await
        .map_err(store_error)?;
        let current = current.as_deref().map(reaction).transpose()?;
        let next = next_reaction(current, requested);
        if current == next {
            tx.commit().await.map_err(store_error)?;
            return Ok(next);
        }
        let row_change = match (current, next) {
            (None, Some(kind)) => sqlx::query(
                "INSERT INTO review_reactions (review_id, user_id, kind, created_at) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(review.0)
            .bind(user.0)
            .bind(kind.as_str())
            .bind(to_millis(at)),
            (Some(_), Some(kind)) => sqlx::query(
                "UPDATE review_reactions SET kind = $3, created_at = $4 \
                 WHERE review_id = $1 AND user_id = $2",
            )
            .bind(review.0)
            .bind(user.0)
            .bind(kind.as_str())
            .bind(to_millis(at)),
            _ => sqlx::query("DELETE FROM review_reactions WHERE review_id = $1 AND user_id = $2")
                .bind(review.0)
                .bind(user.0),
        };
        row_change.execute(&mut *tx).await.map_err(store_error)?;
        let (likes, dislikes) = counter_deltas(current, next);
        sqlx::query(
            "UPDATE reviews SET likes = likes + $2, dislikes = dislikes + $3 WHERE id = $1",
        )
        .bind(review.0)
        .bind(likes)
        .bind(dislikes)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        sqlx::query(
            "UPDATE users SET likes_received = likes_received + $2, \
             dislikes_received = dislikes_received + $3 WHERE id = $1",
        )
        .bind(locked.author)
        .bind(likes)
        .bind(dislikes)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)?;
        Ok(next)
    }

    async fn users_by_review_count(&self, limit: i64) -> Result<Vec<UserProfile>, StoreError> {
        let sql =
            format!("SELECT {USER_COLUMNS} FROM users ORDER BY review_count DESC, id LIMIT $1");
        self.leaderboard(&sql, limit).await
    }

    async fn users_by_aura(&self, limit: i64) -> Result<Vec<UserProfile>, StoreError> {
        // Written exactly as `users_aura_idx` is defined, so both databases walk it.
        let sql = format!(
            "SELECT {USER_COLUMNS} FROM users WHERE review_count >= 1 \
             ORDER BY (likes_received - dislikes_received) DESC, id LIMIT $1"
        );
        self.leaderboard(&sql, limit).await
    }
}
