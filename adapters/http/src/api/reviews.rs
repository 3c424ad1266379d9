//! `/reviews`: writing, reading, editing and deleting reviews, likes and dislikes, and
//! the two user leaderboards (API.md, Reviews).

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::registry::MetaSchemaRef;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::domain::review::{
    ActivityItem as CoreActivityItem, ActivityKind as CoreActivityKind,
    Interaction as CoreInteraction, ReactionKind, Review as CoreReview, ReviewPage,
    INTERACTIONS_SHOWN,
};
use leffaseura_core::domain::user::UserProfile;
use leffaseura_core::{GroupId, MovieId, ReviewId, UserId};

use crate::api::direct_json::DirectJson;
use crate::api::matching::{Matching, ReviewCursor};
use crate::api::paging::{list_page, PageWindow};
use crate::api::refined::{at_least_one_of, Refined, Refinement};
use crate::api::users::User;
use crate::api::{ApiTags, BodyId, JsonBody, Nullable, Timestamp};
use crate::auth::{BearerAuth, OptionalAuth};
use crate::error::ApiError;
use crate::state::AppState;

/// A reaction to a review.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ReactionType {
    Like,
    Dislike,
}

impl From<ReactionKind> for ReactionType {
    fn from(kind: ReactionKind) -> Self {
        match kind {
            ReactionKind::Like => Self::Like,
            ReactionKind::Dislike => Self::Dislike,
        }
    }
}

impl From<ReactionType> for ReactionKind {
    fn from(kind: ReactionType) -> Self {
        match kind {
            ReactionType::Like => Self::Like,
            ReactionType::Dislike => Self::Dislike,
        }
    }
}

/// One user's reaction to a review.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct Interaction {
    pub user_id: i64,
    pub username: String,
    #[oai(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ReactionType,
}

impl From<&CoreInteraction> for Interaction {
    fn from(interaction: &CoreInteraction) -> Self {
        Self {
            user_id: interaction.user_id.0,
            username: interaction.username.clone(),
            kind: interaction.kind.into(),
        }
    }
}

// Also `serde::Serialize`: review lists are written with `DirectJson`.
/// A review of a movie.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct Review {
    pub id: i64,
    /// The movie's TMDB id.
    pub movie_id: i64,
    /// The author.
    pub user_id: i64,
    pub username: String,
    /// 1..5000 characters.
    pub content: String,
    /// 1..5 stars.
    pub rating: i64,
    /// Exact number of likes.
    pub likes: i64,
    /// Exact number of dislikes.
    pub dislikes: i64,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// The newest reactions: at most 50 in one review (`GET /reviews/{id}` and the answers
    /// of writes), at most 3 in lists (movie, user, recent, group, activity), which keeps a
    /// page of 20 small; `likes` and `dislikes` count them all and `my_interaction` is the
    /// caller's own.
    pub interactions: Vec<Interaction>,
    /// The caller's own reaction; `null` without one or without a token.
    pub my_interaction: Nullable<ReactionType>,
    /// The movie's title, `null` when the movie is unknown to the server.
    pub movie_name: Nullable<String>,
    /// The movie's poster (full URL), `null` when unknown or without a poster.
    pub poster_url: Nullable<String>,
    /// The movie's release year, `null` when unknown.
    pub release_year: Nullable<i32>,
}

impl From<&CoreReview> for Review {
    fn from(review: &CoreReview) -> Self {
        debug_assert!(review.interactions.len() <= INTERACTIONS_SHOWN);
        Self {
            id: review.id.0,
            movie_id: review.movie_id.0,
            user_id: review.user_id.0,
            username: review.username.clone(),
            content: review.content.clone(),
            rating: review.rating,
            likes: review.likes,
            dislikes: review.dislikes,
            created_at: review.created_at.into(),
            updated_at: review.updated_at.into(),
            interactions: review.interactions.iter().map(Interaction::from).collect(),
            my_interaction: review.my_interaction.map(ReactionType::from).into(),
            movie_name: review.movie.title.clone().into(),
            poster_url: review.movie.poster_url.clone().into(),
            release_year: review.movie.release_year.into(),
        }
    }
}

fn reviews(items: &[CoreReview]) -> Vec<Review> {
    items.iter().map(Review::from).collect()
}

/// Where a page of a review list sits. Page by `offset`, or — cheaper for deep pages —
/// pass `nextCursor` back as `cursor` (`offset` is then 0).
#[derive(Object, serde::Serialize, Debug, Clone)]
#[oai(rename = "ReviewPagination")]
pub struct Pagination {
    #[oai(flatten)]
    #[serde(flatten)]
    pub window: PageWindow,
    /// The `cursor` of the next page; `null` on the last one.
    #[oai(rename = "nextCursor")]
    #[serde(rename = "nextCursor")]
    pub next_cursor: Nullable<String>,
}

impl From<&ReviewPage> for Pagination {
    fn from(page: &ReviewPage) -> Self {
        Self {
            window: page.into(),
            next_cursor: page.next_cursor().map(|c| c.encode()).into(),
        }
    }
}

/// What a user did.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ActivityKind {
    /// Wrote the review.
    Review,
    /// Liked or disliked someone else's review.
    Reaction,
}

/// One entry of a user's activity.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct ActivityItem {
    pub kind: ActivityKind,
    /// When the review was written (`review`) or the reaction made (`reaction`).
    pub created_at: Timestamp,
    /// The reaction made; `null` for `review`.
    pub reaction: Nullable<ReactionType>,
    /// The review written or reacted to (its author is `user_id`/`username`).
    pub review: Review,
}

impl From<&CoreActivityItem> for ActivityItem {
    fn from(item: &CoreActivityItem) -> Self {
        let (kind, reaction) = match item.kind {
            CoreActivityKind::Review => (ActivityKind::Review, None),
            CoreActivityKind::Reaction(kind) => (ActivityKind::Reaction, Some(kind.into())),
        };
        Self {
            kind,
            created_at: item.created_at.into(),
            reaction: reaction.into(),
            review: (&item.review).into(),
        }
    }
}

#[derive(Object, serde::Serialize, Debug)]
pub struct ActivityData {
    pub activity: Vec<ActivityItem>,
    pub pagination: PageWindow,
}

/// A page of a user's activity, newest first.
#[derive(Object, serde::Serialize, Debug)]
pub struct ActivityBody {
    /// Always `true`.
    pub success: bool,
    pub data: ActivityData,
}

#[derive(ApiResponse)]
pub enum ActivityResponse {
    #[oai(status = 200)]
    Ok(DirectJson<ActivityBody>),
}

fn activity_body(page: &Paged<CoreActivityItem>) -> ActivityResponse {
    ActivityResponse::Ok(DirectJson(ActivityBody {
        success: true,
        data: ActivityData {
            activity: page.items.iter().map(ActivityItem::from).collect(),
            pagination: page.into(),
        },
    }))
}

/// How many reviews gave each number of stars.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct RatingDistribution {
    #[oai(rename = "1")]
    #[serde(rename = "1")]
    pub one: i64,
    #[oai(rename = "2")]
    #[serde(rename = "2")]
    pub two: i64,
    #[oai(rename = "3")]
    #[serde(rename = "3")]
    pub three: i64,
    #[oai(rename = "4")]
    #[serde(rename = "4")]
    pub four: i64,
    #[oai(rename = "5")]
    #[serde(rename = "5")]
    pub five: i64,
}

/// A movie's review statistics.
#[derive(Object, serde::Serialize, Debug, Clone)]
pub struct ReviewStats {
    /// Average rating to one decimal; `null` without reviews.
    #[oai(rename = "averageRating")]
    #[serde(rename = "averageRating")]
    pub average_rating: Nullable<f64>,
    #[oai(rename = "totalReviews")]
    #[serde(rename = "totalReviews")]
    pub total_reviews: i64,
    #[oai(rename = "ratingDistribution")]
    #[serde(rename = "ratingDistribution")]
    pub rating_distribution: RatingDistribution,
}

/// A new review.
#[derive(Object, Debug)]
pub struct CreateReviewRequest {
    /// The movie's TMDB id: a number, or a string of digits as existing clients send.
    #[oai(rename = "movieId")]
    pub movie_id: BodyId,
    /// 1..5 stars.
    #[oai(validator(minimum(value = "1"), maximum(value = "5")))]
    pub rating: i64,
    /// Required: some text besides spaces; trimmed; at most 5000 characters; no control
    /// characters other than line breaks and tabs.
    #[oai(validator(
        max_length = 5000,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    ))]
    pub content: String,
}

/// Changes to a review; a field left out stays as it was.
#[derive(Object, Debug)]
pub struct UpdateReviewRequest {
    /// 1..5 stars.
    #[oai(validator(minimum(value = "1"), maximum(value = "5")))]
    pub rating: Option<i64>,
    /// Trimmed; 1..5000 characters (some text besides spaces), as when writing.
    #[oai(validator(
        max_length = 5000,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*[^\u0000-\u0020\u007F-\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    ))]
    pub content: Option<String>,
}

/// An edit gives at least one field.
impl Refinement for UpdateReviewRequest {
    fn any_of() -> Vec<MetaSchemaRef> {
        at_least_one_of(&[("rating", "integer"), ("content", "string")])
    }
}

/// The reaction wanted: `like`, `dislike`, or `null` to clear. Asking for the reaction
/// one already has clears it.
#[derive(Object, Debug)]
pub struct InteractionRequest {
    #[oai(rename = "type")]
    pub kind: Option<ReactionType>,
}

/// The caller's reaction after the request, with the updated review's fields beside
/// `type` (`likes`, `dislikes`, `my_interaction`, …): the original clients read the
/// counts from here (API.md).
#[derive(Object, Debug)]
pub struct InteractionState {
    #[oai(rename = "type")]
    pub kind: Nullable<ReactionType>,
    #[oai(flatten)]
    pub review: Review,
}

#[derive(Object, serde::Serialize, Debug)]
pub struct ReviewData {
    pub review: Review,
}

/// One review.
#[derive(Object, serde::Serialize, Debug)]
pub struct ReviewBody {
    /// Always `true`.
    pub success: bool,
    pub data: ReviewData,
}

#[derive(Object, serde::Serialize, Debug)]
pub struct MovieReviewsData {
    pub reviews: Vec<Review>,
    pub stats: ReviewStats,
    pub pagination: Pagination,
}

/// A page of a movie's reviews, newest first, with the movie's statistics.
#[derive(Object, serde::Serialize, Debug)]
pub struct MovieReviewsBody {
    /// Always `true`.
    pub success: bool,
    pub data: MovieReviewsData,
}

#[derive(Object, serde::Serialize, Debug)]
pub struct ReviewPageData {
    pub reviews: Vec<Review>,
    pub pagination: Pagination,
}

/// A page of reviews, newest first.
#[derive(Object, serde::Serialize, Debug)]
pub struct ReviewPageBody {
    /// Always `true`.
    pub success: bool,
    pub data: ReviewPageData,
}

#[derive(Object, serde::Serialize, Debug)]
pub struct RecentReviewsData {
    pub reviews: Vec<Review>,
}

/// The newest reviews.
#[derive(Object, serde::Serialize, Debug)]
pub struct RecentReviewsBody {
    /// Always `true`.
    pub success: bool,
    pub data: RecentReviewsData,
}

#[derive(Object, Debug)]
pub struct InteractionData {
    pub interaction: InteractionState,
    pub review: Review,
}

/// The caller's reaction and the review with fresh counts.
#[derive(Object, Debug)]
pub struct InteractionBody {
    /// Always `true`.
    pub success: bool,
    pub data: InteractionData,
}

#[derive(Object, serde::Serialize, Debug)]
pub struct LeaderboardData {
    pub users: Vec<User>,
}

/// Users, best first.
#[derive(Object, serde::Serialize, Debug)]
pub struct LeaderboardBody {
    /// Always `true`.
    pub success: bool,
    pub data: LeaderboardData,
}

#[derive(ApiResponse)]
pub enum CreateReviewResponse {
    /// The review was stored.
    #[oai(status = 201)]
    Created(Json<ReviewBody>),
}

#[derive(ApiResponse)]
pub enum ReviewResponse {
    #[oai(status = 200)]
    Ok(DirectJson<ReviewBody>),
}

#[derive(ApiResponse)]
pub enum MovieReviewsResponse {
    #[oai(status = 200)]
    Ok(DirectJson<MovieReviewsBody>),
}

#[derive(ApiResponse)]
pub enum ReviewPageResponse {
    #[oai(status = 200)]
    Ok(DirectJson<ReviewPageBody>),
}

#[derive(ApiResponse)]
pub enum RecentReviewsResponse {
    #[oai(status = 200)]
    Ok(DirectJson<RecentReviewsBody>),
}

#[derive(ApiResponse)]
pub enum DeleteReviewResponse {
    /// The review and its reactions are gone.
    #[oai(status = 204)]
    Deleted,
}

#[derive(ApiResponse)]
pub enum InteractionResponse {
    #[oai(status = 200)]
    Ok(Json<InteractionBody>),
}

#[derive(ApiResponse)]
pub enum LeaderboardResponse {
    #[oai(status = 200)]
    Ok(DirectJson<LeaderboardBody>),
}

fn review_body(review: &CoreReview) -> ReviewBody {
    ReviewBody {
        success: true,
        data: ReviewData {
            review: review.into(),
        },
    }
}

fn review_page(page: &ReviewPage) -> ReviewPageResponse {
    ReviewPageResponse::Ok(DirectJson(ReviewPageBody {
        success: true,
        data: ReviewPageData {
            reviews: reviews(&page.items),
            pagination: page.into(),
        },
    }))
}

fn leaderboard(users: &[UserProfile]) -> LeaderboardResponse {
    LeaderboardResponse::Ok(DirectJson(LeaderboardBody {
        success: true,
        data: LeaderboardData {
            users: users.iter().map(User::public).collect(),
        },
    }))
}

/// `/reviews` operations.
pub struct ReviewsApi;

#[OpenApi(tag = "ApiTags::Reviews")]
impl ReviewsApi {
    /// Write a review
    ///
    /// One review per user per movie. Errors: 400 `invalid_rating` (not a whole number
    /// 1..5), `invalid_content` (blank or over 5000 characters) or `validation_error`;
    /// 401 without a valid token; 404 `movie_not_found` "Movie not found"; 409
    /// `already_reviewed`.
    #[oai(path = "/reviews", method = "post", operation_id = "createReview")]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<CreateReviewRequest>,
    ) -> Result<CreateReviewResponse, ApiError> {
        let request = body.0;
        let review = state
            .reviews
            .write_review(
                &auth.0,
                request.movie_id.0,
                request.rating,
                &request.content,
            )
            .await?;
        Ok(CreateReviewResponse::Created(Json(review_body(&review))))
    }

    /// A movie's reviews
    ///
    /// Newest first, with the movie's statistics. `limit` 1..100 (default 20), then
    /// `offset` or `cursor`. Errors: 400 `invalid_parameter`. A token that is not valid
    /// is ignored (answered as a visitor, with `WWW-Authenticate: Bearer
    /// error="invalid_token"`).
    #[oai(
        path = "/reviews/movie/:movie_id",
        method = "get",
        operation_id = "listMovieReviews"
    )]
    async fn by_movie(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// The movie's TMDB id.
        #[oai(validator(minimum(value = "1")))]
        movie_id: Path<i64>,
        /// 1..100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0; ignored with `cursor`.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
        /// `pagination.nextCursor` of the previous page (`<millis>-<id>`); when given,
        /// `offset` is ignored.
        cursor: Query<Option<Matching<ReviewCursor>>>,
    ) -> Result<MovieReviewsResponse, ApiError> {
        let answer = state
            .reviews
            .movie_reviews(
                MovieId(movie_id.0),
                list_page(&limit, &offset, &cursor),
                auth.viewer(),
            )
            .await?;
        let stats = &answer.stats;
        let [one, two, three, four, five] = stats.distribution;
        Ok(MovieReviewsResponse::Ok(DirectJson(MovieReviewsBody {
            success: true,
            data: MovieReviewsData {
                reviews: reviews(&answer.reviews.items),
                stats: ReviewStats {
                    average_rating: stats.average_rating().into(),
                    total_reviews: stats.total_reviews,
                    rating_distribution: RatingDistribution {
                        one,
                        two,
                        three,
                        four,
                        five,
                    },
                },
                pagination: (&answer.reviews).into(),
            },
        })))
    }

    /// A user's reviews
    ///
    /// Newest first. `limit` 1..100 (default 20), then `offset` or `cursor`. Errors: 400
    /// `invalid_parameter`; 404 `user_not_found` "Profile not found." for an unknown user
    /// (as `/activity`). A token that is not valid is ignored (answered as a visitor, with
    /// `WWW-Authenticate: Bearer error="invalid_token"`).
    #[oai(
        path = "/reviews/user/:user_id",
        method = "get",
        operation_id = "listUserReviews"
    )]
    async fn by_user(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// The author's id.
        #[oai(validator(minimum(value = "1")))]
        user_id: Path<i64>,
        /// 1..100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0; ignored with `cursor`.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
        /// `pagination.nextCursor` of the previous page (`<millis>-<id>`); when given,
        /// `offset` is ignored.
        cursor: Query<Option<Matching<ReviewCursor>>>,
    ) -> Result<ReviewPageResponse, ApiError> {
        let page = state
            .reviews
            .user_reviews(
                UserId(user_id.0),
                list_page(&limit, &offset, &cursor),
                auth.viewer(),
            )
            .await?;
        Ok(review_page(&page))
    }

    /// A user's activity
    ///
    /// The reviews the user wrote and the reactions they made on others' reviews, newest
    /// first. `limit` 1..50 (default 20), `offset`. Errors: 400 `invalid_parameter`; 404
    /// `user_not_found` "Profile not found.". A token that is not valid is ignored (answered
    /// as a visitor, with `WWW-Authenticate: Bearer error="invalid_token"`).
    #[oai(
        path = "/reviews/user/:user_id/activity",
        method = "get",
        operation_id = "listUserActivity"
    )]
    async fn user_activity(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// The user's id.
        #[oai(validator(minimum(value = "1")))]
        user_id: Path<i64>,
        /// 1..50, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "50")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<ActivityResponse, ApiError> {
        let page = state
            .reviews
            .user_activity(UserId(user_id.0), limit.0, offset.0, auth.viewer())
            .await?;
        Ok(activity_body(&page))
    }

    /// The newest reviews
    ///
    /// `limit` 1..50 (default 20). Errors: 400 `invalid_parameter`. A token that is not
    /// valid is ignored (answered as a visitor, with `WWW-Authenticate: Bearer
    /// error="invalid_token"`).
    #[oai(
        path = "/reviews/recent",
        method = "get",
        operation_id = "listRecentReviews"
    )]
    async fn recent(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// 1..50, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "50")))]
        limit: Query<Option<i64>>,
    ) -> Result<RecentReviewsResponse, ApiError> {
        let items = state.reviews.recent_reviews(limit.0, auth.viewer()).await?;
        Ok(RecentReviewsResponse::Ok(DirectJson(RecentReviewsBody {
            success: true,
            data: RecentReviewsData {
                reviews: reviews(&items),
            },
        })))
    }

    /// Reviews by a group's members
    ///
    /// For the group's members, moderators and owner; newest first. `limit` 1..100
    /// (default 20). Errors: 401 without a valid token; 403 `members_only` for
    /// non-members and pending requests; 404 `group_not_found`.
    #[oai(
        path = "/reviews/group/:group_id",
        method = "get",
        operation_id = "listGroupReviews"
    )]
    async fn by_group(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The group's id.
        #[oai(validator(minimum(value = "1")))]
        group_id: Path<i64>,
        /// 1..100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0; ignored with `cursor`.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
        /// `pagination.nextCursor` of the previous page (`<millis>-<id>`); when given,
        /// `offset` is ignored.
        cursor: Query<Option<Matching<ReviewCursor>>>,
    ) -> Result<ReviewPageResponse, ApiError> {
        let page = state
            .reviews
            .group_reviews(
                GroupId(group_id.0),
                auth.0.id,
                list_page(&limit, &offset, &cursor),
            )
            .await?;
        Ok(review_page(&page))
    }

    /// Users with the most reviews
    ///
    /// `limit` 1..20 (default 20). Errors: 400 `invalid_parameter`.
    #[oai(
        path = "/reviews/users-by-review-count",
        method = "get",
        operation_id = "listUsersByReviewCount"
    )]
    async fn users_by_review_count(
        &self,
        state: Data<&AppState>,
        /// 1..20, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "20")))]
        limit: Query<Option<i64>>,
    ) -> Result<LeaderboardResponse, ApiError> {
        let users = state.reviews.users_by_review_count(limit.0).await?;
        Ok(leaderboard(&users))
    }

    /// Users with the highest aura
    ///
    /// Only users with at least one review, highest aura (likes minus dislikes received)
    /// first. `limit` 1..20 (default 20). Errors: 400 `invalid_parameter`.
    #[oai(
        path = "/reviews/users-by-aura",
        method = "get",
        operation_id = "listUsersByAura"
    )]
    async fn users_by_aura(
        &self,
        state: Data<&AppState>,
        /// 1..20, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "20")))]
        limit: Query<Option<i64>>,
    ) -> Result<LeaderboardResponse, ApiError> {
        let users = state.reviews.users_by_aura(limit.0).await?;
        Ok(leaderboard(&users))
    }

    /// One review
    ///
    /// Errors: 404 `review_not_found`. A token that is not valid is ignored (answered as a
    /// visitor, with `WWW-Authenticate: Bearer error="invalid_token"`).
    #[oai(path = "/reviews/:id", method = "get", operation_id = "getReview")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// The review's id.
        #[oai(validator(minimum(value = "1")))]
        id: Path<i64>,
    ) -> Result<ReviewResponse, ApiError> {
        let review = state
            .reviews
            .get_review(ReviewId(id.0), auth.viewer())
            .await?;
        Ok(ReviewResponse::Ok(DirectJson(review_body(&review))))
    }

    /// Edit a review
    ///
    /// The author only; a field left out stays as it was. Errors: 400 `no_changes` "No
    /// changes to update.", `invalid_rating`, `invalid_content`; 401; 403 `not_author`;
    /// 404 `review_not_found`.
    #[oai(path = "/reviews/:id", method = "put", operation_id = "updateReview")]
    async fn update(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The review's id.
        #[oai(validator(minimum(value = "1")))]
        id: Path<i64>,
        body: JsonBody<Refined<UpdateReviewRequest>>,
    ) -> Result<ReviewResponse, ApiError> {
        let request = body.0 .0;
        let review = state
            .reviews
            .update_review(
                &auth.0,
                ReviewId(id.0),
                request.rating,
                request.content.as_deref(),
            )
            .await?;
        Ok(ReviewResponse::Ok(DirectJson(review_body(&review))))
    }

    /// Delete a review
    ///
    /// The author or a site administrator; the review's reactions go with it. Errors: 401;
    /// 403 `not_author`; 404 `review_not_found`.
    #[oai(
        path = "/reviews/:id",
        method = "delete",
        operation_id = "deleteReview"
    )]
    async fn delete(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The review's id.
        #[oai(validator(minimum(value = "1")))]
        id: Path<i64>,
    ) -> Result<DeleteReviewResponse, ApiError> {
        state.reviews.delete_review(&auth.0, ReviewId(id.0)).await?;
        Ok(DeleteReviewResponse::Deleted)
    }

    /// Like, dislike or clear
    ///
    /// `type` `like` or `dislike` sets the caller's reaction; the same reaction again, or
    /// `null`, clears it. Authors cannot react to their own review. Answers
    /// `data.interaction` (`type` and, as existing clients expect, the updated review's
    /// fields) and `data.review`. Errors: 400
    /// `validation_error` for another `type`; 401; 403 `own_review`; 404
    /// `review_not_found`.
    #[oai(
        path = "/reviews/:id/interaction",
        method = "post",
        operation_id = "reactToReview"
    )]
    async fn interact(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The review's id.
        #[oai(validator(minimum(value = "1")))]
        id: Path<i64>,
        body: JsonBody<InteractionRequest>,
    ) -> Result<InteractionResponse, ApiError> {
        let reacted = state
            .reviews
            .react_to_review(&auth.0, ReviewId(id.0), body.0.kind.map(Into::into))
            .await?;
        Ok(InteractionResponse::Ok(Json(InteractionBody {
            success: true,
            data: InteractionData {
                interaction: InteractionState {
                    kind: reacted.reaction.map(ReactionType::from).into(),
                    review: (&reacted.review).into(),
                },
                review: (&reacted.review).into(),
            },
        })))
    }
}

/// Stand-ins for the HTTP tests of other resources: review use cases whose store and
/// catalog always fail (the reviews themselves are tested black-box in `tests/`).
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use async_trait::async_trait;
    use chrono::{DateTime, Utc};

    use leffaseura_core::domain::movie::RememberedMovie;
    use leffaseura_core::domain::paging::{PageRequest, Paged};
    use leffaseura_core::domain::review::{
        ActivityItem, MovieReviewStats, NewReview, ReactionKind, Review, ReviewChanges, ReviewPage,
        ReviewWindow,
    };
    use leffaseura_core::domain::user::UserProfile;
    use leffaseura_core::ports::{GroupStore, ReviewStore, SystemClock};
    use leffaseura_core::use_cases::Reviews;

    use crate::testing::NoCatalog;
    use leffaseura_core::{GroupId, MovieId, ReviewId, StoreError, UserId};

    struct Down;

    fn down() -> StoreError {
        StoreError::Backend("no review store in this test".into())
    }

    #[async_trait]
    impl ReviewStore for Down {
        async fn create_review(
            &self,
            _: &NewReview,
            _: &RememberedMovie,
        ) -> Result<ReviewId, StoreError> {
            Err(down())
        }
        async fn find_review(
            &self,
            _: ReviewId,
            _: Option<UserId>,
        ) -> Result<Option<Review>, StoreError> {
            Err(down())
        }
        async fn movie_reviews(
            &self,
            _: MovieId,
            _: ReviewWindow,
            _: Option<UserId>,
        ) -> Result<ReviewPage, StoreError> {
            Err(down())
        }
        async fn movie_stats(&self, _: MovieId) -> Result<MovieReviewStats, StoreError> {
            Err(down())
        }
        async fn user_reviews(
            &self,
            _: UserId,
            _: ReviewWindow,
            _: Option<UserId>,
        ) -> Result<ReviewPage, StoreError> {
            Err(down())
        }
        async fn user_activity(
            &self,
            _: UserId,
            _: PageRequest,
            _: Option<UserId>,
        ) -> Result<Option<Paged<ActivityItem>>, StoreError> {
            Err(down())
        }
        async fn recent_reviews(
            &self,
            _: i64,
            _: Option<UserId>,
        ) -> Result<Vec<Review>, StoreError> {
            Err(down())
        }
        async fn group_reviews(
            &self,
            _: GroupId,
            _: ReviewWindow,
            _: Option<UserId>,
        ) -> Result<ReviewPage, StoreError> {
            Err(down())
        }
        async fn update_review(
            &self,
            _: ReviewId,
            _: &ReviewChanges,
            _: DateTime<Utc>,
        ) -> Result<(), StoreError> {
            Err(down())
        }
        async fn delete_review(
            &self,
            _: ReviewId,
            _: Option<leffaseura_core::domain::moderation::NewModerationEntry>,
        ) -> Result<(), StoreError> {
            Err(down())
        }
        async fn all_reviews(
            &self,
            _: ReviewWindow,
            _: Option<UserId>,
        ) -> Result<ReviewPage, StoreError> {
            Err(down())
        }
        async fn react(
            &self,
            _: ReviewId,
            _: UserId,
            _: Option<ReactionKind>,
            _: DateTime<Utc>,
        ) -> Result<Option<ReactionKind>, StoreError> {
            Err(down())
        }
        async fn users_by_review_count(&self, _: i64) -> Result<Vec<UserProfile>, StoreError> {
            Err(down())
        }
        async fn users_by_aura(&self, _: i64) -> Result<Vec<UserProfile>, StoreError> {
            Err(down())
        }
    }

    /// Review use cases that fail with 500/503 whatever is asked (group access comes
    /// from `groups`, the test's store).
    pub fn unavailable_reviews(groups: Arc<dyn GroupStore>) -> Arc<Reviews> {
        Arc::new(Reviews::new(
            Arc::new(Down),
            groups,
            Arc::new(NoCatalog),
            Arc::new(SystemClock),
        ))
    }
}
