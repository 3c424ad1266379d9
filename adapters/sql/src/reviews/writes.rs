//! Writing reviews and reactions: the lock order, the retry, one transaction per write.

use chrono::{DateTime, Utc};
use sqlx::{Any, Row, Transaction};

use leffaseura_core::domain::moderation::NewModerationEntry;
use leffaseura_core::domain::movie::RememberedMovie;
use leffaseura_core::domain::review::{
    counter_deltas, next_reaction, NewReview, ReactionKind, ReviewChanges,
};
use leffaseura_core::{ReviewId, StoreError, UserId};

use crate::error::store_error;
use crate::time::to_millis;
use crate::users::insert_moderation_entry;
use crate::{Backend, SqlStore};

use super::reads::reaction;

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
}

/// The write transactions, each run by [`crate::error::retrying`] (the lock order above avoids
/// deadlocks among review writes; an account deletion locks in its own order).
impl SqlStore {
    pub(super) async fn create_review_once(
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
        self.profile_changed(review.user_id.0);
        Ok(ReviewId(id))
    }

    pub(super) async fn update_review_once(
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
        tx.commit().await.map_err(store_error)?;
        self.profile_changed(locked.author);
        Ok(())
    }

    pub(super) async fn delete_review_once(
        &self,
        id: ReviewId,
        log: Option<&NewModerationEntry>,
    ) -> Result<(), StoreError> {
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
        if let Some(entry) = log {
            insert_moderation_entry(&mut tx, entry).await?;
        }
        tx.commit().await.map_err(store_error)?;
        self.profile_changed(locked.author);
        Ok(())
    }

    pub(super) async fn react_once(
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
        self.profile_changed(locked.author);
        Ok(next)
    }
}
