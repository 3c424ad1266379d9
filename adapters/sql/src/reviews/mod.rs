//! [`ReviewStore`] over the shared schema.
//!
//! Counters: `reviews.likes/dislikes` and the author's `review_count`, `rating_sum`,
//! `likes_received`, `dislikes_received` change in the same transaction as the rows they
//! count; `movie_review_stats` is kept by triggers (migration 0002), so that it is right
//! whatever deletes a review (this store, account deletion's cascade, the admin CLI).
//!
//! Locking: every write that touches an existing review locks, in this order, the author's
//! `users` row, then the `reviews` row (Postgres `FOR UPDATE`, or for reactions one
//! statement that updates them in that order, see `react.rs`; on SQLite the whole write
//! transaction is serialized by `BEGIN IMMEDIATE`). One order everywhere means concurrent
//! reactions, edits and deletes queue instead of deadlocking, and the counters they read
//! are the latest committed ones.
//!
//! Cost: lists walk `reviews_movie_idx`, `reviews_user_idx` or `reviews_recent_idx`
//! (LIMIT/OFFSET); totals and movie statistics are primary-key reads of counters; a page's
//! reviews come with their newest reactions (`INTERACTIONS_IN_LISTS`, one
//! `review_reactions_review_created_idx` walk each) in the page's one query; a signed-in
//! reader's own reactions are one more primary-key query over the kept anonymous answer
//! (`mine.rs`); one review's newest `INTERACTIONS_SHOWN` (50) are a second query; a user's
//! activity merges their rows of
//! `reviews_user_idx` and `review_reactions_user_idx` (cost grows with that user's
//! reviews and reactions, never with the site) and reads its window's reviews in one
//! query, its first pages kept like the lists; leaderboards walk `users_review_count_idx` or
//! `users_aura_idx`.

mod activity;
mod mine;
mod positions;
mod react;
mod reads;
mod writes;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::Row;

use leffaseura_core::domain::moderation::NewModerationEntry;
use leffaseura_core::domain::movie::RememberedMovie;
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::review::{
    ActivityItem, MovieReviewStats, NewReview, ReactionKind, Review, ReviewChanges, ReviewPage,
    ReviewWindow,
};
use leffaseura_core::domain::user::UserProfile;
use leffaseura_core::ports::ReviewStore;
use leffaseura_core::{GroupId, MovieId, ReviewId, StoreError, UserId};

use crate::error::store_error;
use crate::SqlStore;

use crate::error::retrying;
use reads::{review_from_row, REVIEW_SELECT, USER_COLUMNS};

/// Activity pages that start this deep or deeper are not kept (see `user_activity`).
const KEPT_ACTIVITY_DEPTH: i64 = 100;

fn page_of((items, has_more): (Vec<Review>, bool), total: i64, window: ReviewWindow) -> ReviewPage {
    ReviewPage {
        items,
        total,
        limit: window.limit(),
        offset: window.offset(),
        has_more,
    }
}

#[async_trait]
impl ReviewStore for SqlStore {
    async fn create_review(
        &self,
        review: &NewReview,
        movie: &RememberedMovie,
    ) -> Result<ReviewId, StoreError> {
        retrying(|| self.create_review_once(review, movie)).await
    }

    async fn find_review(
        &self,
        id: ReviewId,
        viewer: Option<UserId>,
    ) -> Result<Option<Review>, StoreError> {
        self.reviews_for(
            viewer,
            || format!("review:{}", id.0),
            || self.review_row(id),
        )
        .await
    }

    async fn movie_reviews(
        &self,
        movie: MovieId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError> {
        let total = self
            .count(
                "SELECT review_count FROM movie_review_stats WHERE movie_id = $1",
                movie.0,
            )
            .await?;
        let items = self
            .review_page(
                Some(("r.movie_id = $1", movie.0)),
                Some(total),
                window,
                viewer,
                Some(movie),
            )
            .await?;
        Ok(page_of(items, total, window))
    }

    async fn movie_reviews_with_stats(
        &self,
        movie: MovieId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<(ReviewPage, MovieReviewStats), StoreError> {
        self.reviews_for(
            viewer,
            || format!("movie_reviews:{}:{window:?}", movie.0),
            || self.movie_reviews_with_stats_rows(movie, window),
        )
        .await
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
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError> {
        self.reviews_for(
            viewer,
            || format!("user_reviews:{}:{window:?}", user.0),
            || self.user_review_rows(user, window),
        )
        .await
    }

    async fn user_activity(
        &self,
        user: UserId,
        page: PageRequest,
        viewer: Option<UserId>,
    ) -> Result<Option<Paged<ActivityItem>>, StoreError> {
        if page.offset >= KEPT_ACTIVITY_DEPTH {
            // Deep pages (an export walks them all) are read as they are, so that one
            // export does not crowd out the pages visitors read.
            return self.activity_rows(user, page, viewer).await;
        }
        self.reviews_for(
            viewer,
            || format!("activity:{}:{}:{}", user.0, page.limit, page.offset),
            || self.activity_rows(user, page, None),
        )
        .await
    }

    async fn recent_reviews(
        &self,
        limit: i64,
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, StoreError> {
        self.reviews_for(
            viewer,
            || format!("recent_reviews:{limit}"),
            || self.recent_review_rows(limit),
        )
        .await
    }

    async fn group_reviews(
        &self,
        group: GroupId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError> {
        // Only members get here (the use case checks), and the page is the same for all
        // of them but for their own reactions.
        self.reviews_for(
            viewer,
            || format!("group_reviews:{}:{window:?}", group.0),
            || self.group_review_rows(group, window),
        )
        .await
    }

    async fn update_review(
        &self,
        id: ReviewId,
        changes: &ReviewChanges,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        retrying(|| self.update_review_once(id, changes, at)).await
    }

    async fn delete_review(
        &self,
        id: ReviewId,
        log: Option<NewModerationEntry>,
    ) -> Result<(), StoreError> {
        retrying(|| self.delete_review_once(id, log.as_ref())).await
    }

    async fn all_reviews(
        &self,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError> {
        let total: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM reviews")
            .fetch_one(self.pool())
            .await
            .map_err(store_error)?;
        let items = self
            .review_page(None, Some(total), window, viewer, None)
            .await?;
        Ok(page_of(items, total, window))
    }

    async fn react(
        &self,
        review: ReviewId,
        user: UserId,
        requested: Option<ReactionKind>,
        at: DateTime<Utc>,
    ) -> Result<Option<ReactionKind>, StoreError> {
        match self.backend() {
            // SQLite runs one writer at a time anyway; its transaction is short and local.
            crate::Backend::Sqlite => {
                self.changing(retrying(|| self.react_once(review, user, requested, at)))
                    .await
            }
            crate::Backend::Postgres => {
                self.changing(retrying(|| {
                    self.react_in_one_statement(review, user, requested, at)
                }))
                .await
            }
        }
    }

    // Kept as answers: a leaderboard reads the users' counters, and any change to a user
    // row (a review or reaction moves the counters) forgets every answer.
    async fn users_by_review_count(&self, limit: i64) -> Result<Vec<UserProfile>, StoreError> {
        self.cached(
            || format!("users_by_review_count:{limit}"),
            || {
                let sql =
                    format!("SELECT {USER_COLUMNS} FROM users ORDER BY review_count DESC, id");
                async move { self.leaderboard(&sql, limit).await }
            },
        )
        .await
    }

    async fn users_by_aura(&self, limit: i64) -> Result<Vec<UserProfile>, StoreError> {
        self.cached(
            || format!("users_by_aura:{limit}"),
            || {
                // Written exactly as `users_aura_idx` is defined, so both databases walk it.
                let sql = format!(
                    "SELECT {USER_COLUMNS} FROM users WHERE review_count >= 1 \
                     ORDER BY (likes_received - dislikes_received) DESC, id"
                );
                async move { self.leaderboard(&sql, limit).await }
            },
        )
        .await
    }
}

/// The reads behind the cached answers of [`ReviewStore`]'s methods.
impl SqlStore {
    async fn review_row(&self, id: ReviewId) -> Result<Option<Review>, StoreError> {
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
        self.add_interactions(&mut reviews).await?;
        let [review] = reviews;
        Ok(Some(review))
    }

    async fn movie_reviews_with_stats_rows(
        &self,
        movie: MovieId,
        window: ReviewWindow,
    ) -> Result<(ReviewPage, MovieReviewStats), StoreError> {
        // The statistics row counts the reviews too: two queries in all, and one for a
        // movie nobody reviewed.
        let stats = self.movie_stats(movie).await?;
        let items = self
            .review_page(
                Some(("r.movie_id = $1", movie.0)),
                Some(stats.total_reviews),
                window,
                None,
                Some(movie),
            )
            .await?;
        Ok((page_of(items, stats.total_reviews, window), stats))
    }

    async fn user_review_rows(
        &self,
        user: UserId,
        window: ReviewWindow,
    ) -> Result<ReviewPage, StoreError> {
        self.counted_rows(
            "SELECT review_count FROM users WHERE id = $1",
            "r.user_id = $1",
            user.0,
            window,
        )
        .await
    }

    async fn group_review_rows(
        &self,
        group: GroupId,
        window: ReviewWindow,
    ) -> Result<ReviewPage, StoreError> {
        // Cost grows with the group's size (its members' counters and reviews), never
        // with the whole site.
        self.counted_rows(
            "SELECT CAST(COALESCE(SUM(u.review_count), 0) AS BIGINT) \
             FROM group_members gm JOIN users u ON u.id = gm.user_id \
             WHERE gm.group_id = $1 AND gm.role <> 'pending'",
            "r.user_id IN (SELECT gm.user_id FROM group_members gm \
             WHERE gm.group_id = $1 AND gm.role <> 'pending')",
            group.0,
            window,
        )
        .await
    }

    /// The window of the reviews matching `filter` (on `$1` = `key`), their total counted
    /// by `total_sql` (on the same key) from counters.
    async fn counted_rows(
        &self,
        total_sql: &str,
        filter: &str,
        key: i64,
        window: ReviewWindow,
    ) -> Result<ReviewPage, StoreError> {
        let total = self.count(total_sql, key).await?;
        let items = self
            .review_page(Some((filter, key)), Some(total), window, None, None)
            .await?;
        Ok(page_of(items, total, window))
    }

    async fn recent_review_rows(&self, limit: i64) -> Result<Vec<Review>, StoreError> {
        let window = ReviewWindow::Offset(PageRequest { limit, offset: 0 });
        Ok(self.review_page(None, None, window, None, None).await?.0)
    }
}
