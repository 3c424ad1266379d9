//! Where reviews, their reactions and the counters derived from them live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::moderation::NewModerationEntry;
use crate::domain::movie::RememberedMovie;
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::review::{
    ActivityItem, MovieReviewStats, NewReview, ReactionKind, Review, ReviewChanges, ReviewPage,
    ReviewWindow,
};
use crate::domain::user::UserProfile;
use crate::error::StoreError;
use crate::ids::{GroupId, MovieId, ReviewId, UserId};

/// Persistence of reviews and reactions. Every write changes the counters that depend on
/// it (`reviews.likes/dislikes`; the author's review count, rating sum, likes and
/// dislikes received; the movie's statistics) in the same transaction as the rows, so
/// that they always equal what the rows say, also under concurrent requests.
///
/// Reads take an optional `viewer` whose own reaction fills
/// [`Review::my_interaction`]; one review read carries at most
/// [`crate::domain::review::INTERACTIONS_SHOWN`] of its newest reactions, a review in a
/// list at most [`crate::domain::review::INTERACTIONS_IN_LISTS`]. Lists are newest
/// first (ties: higher id first) and read a [`ReviewWindow`]: an offset, or the reviews
/// after a cursor.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReviewStore: Send + Sync {
    /// Stores a review, and `movie` (refreshing what the store remembers of it).
    ///
    /// # Errors
    /// `Conflict(Review)` when the user already reviewed the movie; `NotFound` when the
    /// user is gone.
    async fn create_review(
        &self,
        review: &NewReview,
        movie: &RememberedMovie,
    ) -> Result<ReviewId, StoreError>;

    /// One review, or `None`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_review(
        &self,
        id: ReviewId,
        viewer: Option<UserId>,
    ) -> Result<Option<Review>, StoreError>;

    /// A movie's reviews, newest first.
    ///
    /// # Errors
    /// `Backend` only.
    async fn movie_reviews(
        &self,
        movie: MovieId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError>;

    /// A movie's review statistics (zeros without reviews).
    ///
    /// # Errors
    /// `Backend` only.
    async fn movie_stats(&self, movie: MovieId) -> Result<MovieReviewStats, StoreError>;

    /// A movie's reviews and its statistics together: a store can read the statistics row
    /// once, for the total too, and skip the list of a movie without reviews.
    ///
    /// # Errors
    /// `Backend` only.
    async fn movie_reviews_with_stats(
        &self,
        movie: MovieId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<(ReviewPage, MovieReviewStats), StoreError> {
        let page = self.movie_reviews(movie, window, viewer).await?;
        let stats = self.movie_stats(movie).await?;
        Ok((page, stats))
    }

    /// A user's reviews, newest first (empty for unknown users).
    ///
    /// # Errors
    /// `Backend` only.
    async fn user_reviews(
        &self,
        user: UserId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError>;

    /// A user's activity, newest first: the reviews they wrote (at the review's
    /// `created_at`) and the reactions they hold on others' reviews (at the reaction's
    /// `created_at`); ties: reactions before reviews, then higher review id first.
    /// `total` counts both. `None` when there is no such user.
    ///
    /// # Errors
    /// `Backend` only.
    async fn user_activity(
        &self,
        user: UserId,
        page: PageRequest,
        viewer: Option<UserId>,
    ) -> Result<Option<Paged<ActivityItem>>, StoreError>;

    /// The newest reviews of all, at most `limit`.
    ///
    /// # Errors
    /// `Backend` only.
    async fn recent_reviews(
        &self,
        limit: i64,
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, StoreError>;

    /// Reviews by the group's members (owner, moderators, members; not pending), newest
    /// first.
    ///
    /// # Errors
    /// `Backend` only.
    async fn group_reviews(
        &self,
        group: GroupId,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError>;

    /// Applies the changes and sets `updated_at`.
    ///
    /// # Errors
    /// `NotFound` when the review is gone.
    async fn update_review(
        &self,
        id: ReviewId,
        changes: &ReviewChanges,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Deletes the review and its reactions, and writes `log` (a site admin's deletion)
    /// in the same transaction.
    ///
    /// # Errors
    /// `NotFound` when the review is gone (nothing is logged then).
    async fn delete_review(
        &self,
        id: ReviewId,
        log: Option<NewModerationEntry>,
    ) -> Result<(), StoreError>;

    /// Every review, newest first (the admin's list).
    ///
    /// # Errors
    /// `Backend` only.
    async fn all_reviews(
        &self,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, StoreError>;

    /// Applies `user`'s request for `requested` on the review atomically, with
    /// [`crate::domain::review::next_reaction`] (the same reaction again clears it), and
    /// returns the reaction the user holds afterwards. Does not check authorship.
    ///
    /// # Errors
    /// `NotFound` when the review (or the user) is gone.
    async fn react(
        &self,
        review: ReviewId,
        user: UserId,
        requested: Option<ReactionKind>,
        at: DateTime<Utc>,
    ) -> Result<Option<ReactionKind>, StoreError>;

    /// Users with the most reviews first (ties: oldest account first), at most `limit`.
    /// Public profiles: `email` and `password_hash` are left empty.
    ///
    /// # Errors
    /// `Backend` only.
    async fn users_by_review_count(&self, limit: i64) -> Result<Vec<UserProfile>, StoreError>;

    /// Users with at least one review, highest aura first (ties: oldest account first),
    /// at most `limit`. Public profiles, as [`Self::users_by_review_count`].
    ///
    /// # Errors
    /// `Backend` only.
    async fn users_by_aura(&self, limit: i64) -> Result<Vec<UserProfile>, StoreError>;
}
