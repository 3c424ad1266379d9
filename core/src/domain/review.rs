//! Reviews and the reactions to them (API.md, Reviews; PRODUCT-SPEC §3–§6): the validated
//! inputs, the stored review as lists show it, per-movie statistics, and the rules for
//! who may edit, delete and react.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::paging::PageRequest;
use crate::domain::rating::{average_one_decimal, Rating};
use crate::domain::text::ReviewContent;
use crate::error::{Error, ErrorCode};
use crate::ids::{MovieId, ReviewId, UserId};

/// A review object carries at most this many reactions (the newest) in `interactions`;
/// `likes` and `dislikes` always count all of them.
pub const INTERACTIONS_SHOWN: usize = 50;

/// A review in a list (a movie's, a user's, the newest, a group's, an activity) carries
/// only this many of its newest reactions: a page of 20 then stays small (~10 KB instead
/// of ~29 KB), and clients read `likes`, `dislikes` and `my_interaction` there; one review
/// (`GET /reviews/{id}`) carries [`INTERACTIONS_SHOWN`].
pub const INTERACTIONS_IN_LISTS: usize = 3;

/// A like or a dislike of someone else's review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReactionKind {
    Like,
    Dislike,
}

impl ReactionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Like => "like",
            Self::Dislike => "dislike",
        }
    }

    /// The stored spelling back; anything else is `None`.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "like" => Some(Self::Like),
            "dislike" => Some(Self::Dislike),
            _ => None,
        }
    }
}

/// The reaction a user ends up with after asking for `requested` while holding
/// `current`: the same reaction again clears it; anything else replaces it; `None` clears.
pub fn next_reaction(
    current: Option<ReactionKind>,
    requested: Option<ReactionKind>,
) -> Option<ReactionKind> {
    match requested {
        Some(kind) if current == Some(kind) => None,
        other => other,
    }
}

/// How much `likes` and `dislikes` change when a reaction goes from `from` to `to`.
pub fn counter_deltas(from: Option<ReactionKind>, to: Option<ReactionKind>) -> (i64, i64) {
    let count = |reaction: Option<ReactionKind>, kind| i64::from(reaction == Some(kind));
    (
        count(to, ReactionKind::Like) - count(from, ReactionKind::Like),
        count(to, ReactionKind::Dislike) - count(from, ReactionKind::Dislike),
    )
}

/// A review about to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewReview {
    pub user_id: UserId,
    pub movie_id: MovieId,
    pub rating: Rating,
    pub content: ReviewContent,
    pub created_at: DateTime<Utc>,
}

/// Changes to a review, already validated. `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReviewChanges {
    pub rating: Option<Rating>,
    pub content: Option<ReviewContent>,
}

impl ReviewChanges {
    /// Validates the raw inputs of an edit; a field left out stays as it was.
    ///
    /// # Errors
    /// `Invalid` for a rating outside 1..=5 or blank / too long content; `Invalid`
    /// `no_changes` "No changes to update." when neither is given.
    pub fn parse(rating: Option<i64>, content: Option<&str>) -> Result<Self, Error> {
        let changes = Self {
            rating: rating.map(Rating::new).transpose()?,
            content: content.map(ReviewContent::parse).transpose()?,
        };
        if changes.is_empty() {
            return Err(Error::invalid(
                "",
                ErrorCode::NoChanges,
                "No changes to update.",
            ));
        }
        Ok(changes)
    }

    pub fn is_empty(&self) -> bool {
        self.rating.is_none() && self.content.is_none()
    }
}

/// One reaction as a review shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interaction {
    pub user_id: UserId,
    pub username: String,
    pub kind: ReactionKind,
}

/// What the store remembers of the reviewed movie (`None` fields when unknown).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReviewedMovie {
    pub title: Option<String>,
    pub poster_url: Option<String>,
    pub release_year: Option<i32>,
}

/// A review as stored, with its author's name, its newest reactions and the viewer's own.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    pub id: ReviewId,
    pub movie_id: MovieId,
    pub user_id: UserId,
    pub username: String,
    pub content: String,
    pub rating: i64,
    /// Exact counts of the reaction rows.
    pub likes: i64,
    pub dislikes: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The newest reactions, at most [`INTERACTIONS_SHOWN`].
    pub interactions: Vec<Interaction>,
    /// The viewer's own reaction (`None` for anonymous viewers).
    pub my_interaction: Option<ReactionKind>,
    pub movie: ReviewedMovie,
}

/// A place in a newest-first review list: just after this review. Lists that can grow
/// large page by cursor at the cost of one index seek however deep the page, where an
/// offset walks past every skipped review. Written as `<created_at millis>-<id>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewCursor {
    pub created_at: DateTime<Utc>,
    pub id: ReviewId,
}

impl ReviewCursor {
    /// The cursor of the page that follows `review`.
    pub fn after(review: &Review) -> Self {
        Self {
            created_at: review.created_at,
            id: review.id,
        }
    }

    pub fn encode(&self) -> String {
        format!("{}-{}", self.created_at.timestamp_millis(), self.id.0)
    }

    /// # Errors
    /// `Invalid` `invalid_parameter` (field `cursor`) for anything `encode` did not write.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let bad = || {
            Error::invalid(
                "cursor",
                ErrorCode::InvalidParameter,
                "cursor is not valid.",
            )
        };
        let (millis, id) = raw.trim().split_once('-').ok_or_else(bad)?;
        let millis: i64 = millis.parse().map_err(|_| bad())?;
        let id: i64 = id.parse().map_err(|_| bad())?;
        let created_at = DateTime::from_timestamp_millis(millis).ok_or_else(bad)?;
        Ok(Self {
            created_at,
            id: ReviewId(id),
        })
    }
}

/// Which window of a newest-first review list to read: by offset, or after a cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewWindow {
    Offset(PageRequest),
    After { limit: i64, cursor: ReviewCursor },
}

impl ReviewWindow {
    /// `limit` defaults to `default` and must be within `1..=max`; then either `offset`
    /// (default 0) or `cursor` (which wins when both are given).
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` naming `limit`, `offset` or `cursor`.
    pub fn new(
        limit: Option<i64>,
        offset: Option<i64>,
        cursor: Option<&str>,
        default: i64,
        max: i64,
    ) -> Result<Self, Error> {
        let page = PageRequest::new(limit, offset, default, max)?;
        // A cursor names the place itself, so an offset beside it has nothing to add: it
        // is ignored rather than refused, as the spec cannot say "not both" of two
        // parameters and a request valid by the spec must be accepted.
        match cursor {
            None => Ok(Self::Offset(page)),
            Some(raw) => Ok(Self::After {
                limit: page.limit,
                cursor: ReviewCursor::parse(raw)?,
            }),
        }
    }

    pub fn limit(&self) -> i64 {
        match self {
            Self::Offset(page) => page.limit,
            Self::After { limit, .. } => *limit,
        }
    }

    /// Reviews skipped before the window (0 after a cursor).
    pub fn offset(&self) -> i64 {
        match self {
            Self::Offset(page) => page.offset,
            Self::After { .. } => 0,
        }
    }

    pub fn cursor(&self) -> Option<ReviewCursor> {
        match self {
            Self::Offset(_) => None,
            Self::After { cursor, .. } => Some(*cursor),
        }
    }
}

/// One window of a newest-first review list.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewPage {
    pub items: Vec<Review>,
    /// All reviews of the list.
    pub total: i64,
    pub limit: i64,
    pub offset: i64,
    /// More reviews follow this window.
    pub has_more: bool,
}

impl ReviewPage {
    /// Where the next window starts, when there is one.
    pub fn next_cursor(&self) -> Option<ReviewCursor> {
        self.items
            .last()
            .filter(|_| self.has_more)
            .map(ReviewCursor::after)
    }
}

/// What a user did: wrote a review, or reacted to someone else's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivityKind {
    Review,
    Reaction(ReactionKind),
}

/// One entry of a user's activity: the review written or reacted to, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityItem {
    pub kind: ActivityKind,
    /// The review's creation time, or the reaction's.
    pub created_at: DateTime<Utc>,
    pub review: Review,
}

/// The review statistics of one movie.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MovieReviewStats {
    pub total_reviews: i64,
    pub rating_sum: i64,
    /// Reviews with 1, 2, 3, 4 and 5 stars.
    pub distribution: [i64; 5],
}

impl MovieReviewStats {
    /// The average rating to one decimal, `None` without reviews.
    pub fn average_rating(&self) -> Option<f64> {
        average_one_decimal(self.rating_sum, self.total_reviews)
    }
}

/// 403 `not_author`: only the author edits a review.
pub fn edit_review(actor: UserId, author: UserId) -> Result<(), Error> {
    if actor == author {
        Ok(())
    } else {
        Err(Error::forbidden(
            ErrorCode::NotAuthor,
            "Only the author can edit this review.",
        ))
    }
}

/// 403 `not_author`: the author or a site administrator deletes a review.
pub fn delete_review(actor: UserId, actor_is_admin: bool, author: UserId) -> Result<(), Error> {
    if actor == author || actor_is_admin {
        Ok(())
    } else {
        Err(Error::forbidden(
            ErrorCode::NotAuthor,
            "Only the author or an administrator can delete this review.",
        ))
    }
}

/// 403 `own_review`: authors cannot react to their own review.
pub fn react_to_review(actor: UserId, author: UserId) -> Result<(), Error> {
    if actor == author {
        Err(Error::forbidden(
            ErrorCode::OwnReview,
            "You cannot like or dislike your own review.",
        ))
    } else {
        Ok(())
    }
}

/// 404 `review_not_found`.
pub fn review_not_found() -> Error {
    Error::not_found(ErrorCode::ReviewNotFound, "Review not found")
}

/// 409 `already_reviewed`: one review per user per movie.
pub fn already_reviewed() -> Error {
    Error::conflict(
        ErrorCode::AlreadyReviewed,
        "You have already reviewed this movie.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ReactionKind::{Dislike, Like};

    #[test]
    fn the_same_reaction_again_clears_it() {
        let cases = [
            (None, Some(Like), Some(Like)),
            (None, Some(Dislike), Some(Dislike)),
            (None, None, None),
            (Some(Like), Some(Like), None),
            (Some(Like), Some(Dislike), Some(Dislike)),
            (Some(Like), None, None),
            (Some(Dislike), Some(Dislike), None),
            (Some(Dislike), Some(Like), Some(Like)),
            (Some(Dislike), None, None),
        ];
        for (current, requested, expected) in cases {
            assert_eq!(
                next_reaction(current, requested),
                expected,
                "{current:?} + {requested:?}"
            );
        }
    }

    #[test]
    fn counters_move_with_the_reaction() {
        let cases = [
            (None, Some(Like), (1, 0)),
            (None, Some(Dislike), (0, 1)),
            (Some(Like), None, (-1, 0)),
            (Some(Like), Some(Dislike), (-1, 1)),
            (Some(Dislike), Some(Like), (1, -1)),
            (Some(Dislike), None, (0, -1)),
            (Some(Like), Some(Like), (0, 0)),
            (None, None, (0, 0)),
        ];
        for (from, to, deltas) in cases {
            assert_eq!(counter_deltas(from, to), deltas, "{from:?} → {to:?}");
        }
    }

    #[test]
    fn reaction_kinds_round_trip() {
        for kind in [Like, Dislike] {
            assert_eq!(ReactionKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(ReactionKind::parse("love"), None);
    }

    #[test]
    fn edits_keep_what_is_left_out_and_need_something() {
        let only_rating = ReviewChanges::parse(Some(4), None).unwrap();
        assert_eq!(only_rating.rating.map(Rating::value), Some(4));
        assert!(only_rating.content.is_none());
        let only_content = ReviewChanges::parse(None, Some("  Better on rewatch. ")).unwrap();
        assert_eq!(
            only_content.content.as_ref().map(ReviewContent::as_str),
            Some("Better on rewatch.")
        );
        let cases: [(Option<i64>, Option<&str>, &str); 4] = [
            (None, None, "no_changes"),
            (Some(0), None, "invalid_rating"),
            (Some(6), Some("fine"), "invalid_rating"),
            (None, Some("   "), "invalid_content"),
        ];
        for (rating, content, code) in cases {
            let err = ReviewChanges::parse(rating, content).unwrap_err();
            assert!(
                matches!(err, Error::Invalid { code: c, .. } if c.as_str() == code),
                "{rating:?} {content:?}: {err:?}"
            );
        }
    }

    #[test]
    fn who_may_edit_delete_and_react() {
        let author = UserId(1);
        let other = UserId(2);
        assert!(edit_review(author, author).is_ok());
        assert_eq!(edit_review(other, author).unwrap_err().code(), "not_author");
        assert!(delete_review(author, false, author).is_ok());
        assert!(delete_review(other, true, author).is_ok());
        assert_eq!(
            delete_review(other, false, author).unwrap_err().code(),
            "not_author"
        );
        assert!(react_to_review(other, author).is_ok());
        assert_eq!(
            react_to_review(author, author).unwrap_err().code(),
            "own_review"
        );
    }

    #[test]
    fn cursors_round_trip_and_win_over_offsets() {
        let cursor = ReviewCursor {
            created_at: DateTime::from_timestamp_millis(1_760_000_123_456).unwrap(),
            id: ReviewId(42),
        };
        assert_eq!(cursor.encode(), "1760000123456-42");
        assert_eq!(ReviewCursor::parse(&cursor.encode()).unwrap(), cursor);
        for bad in ["", "42", "x-1", "1-y", "1-2-3", "99999999999999999-1"] {
            let err = ReviewCursor::parse(bad).unwrap_err();
            assert!(
                matches!(&err, Error::Invalid { field, .. } if field == "cursor"),
                "{bad:?}: {err:?}"
            );
        }
        let window = ReviewWindow::new(Some(5), None, Some("1760000123456-42"), 20, 100).unwrap();
        assert_eq!((window.limit(), window.offset()), (5, 0));
        assert_eq!(window.cursor(), Some(cursor));
        let both = ReviewWindow::new(None, Some(20), Some("1-2"), 20, 100).unwrap();
        assert_eq!(
            both.offset(),
            0,
            "the cursor places the window, not the offset"
        );
        assert_eq!(both.cursor().map(|c| c.id), Some(ReviewId(2)));
        assert_eq!(
            ReviewWindow::new(None, Some(40), None, 20, 100).unwrap(),
            ReviewWindow::Offset(PageRequest {
                limit: 20,
                offset: 40
            })
        );
    }

    #[test]
    fn movie_averages_have_one_decimal() {
        let stats = MovieReviewStats {
            total_reviews: 3,
            rating_sum: 10,
            distribution: [0, 0, 2, 1, 0],
        };
        assert_eq!(stats.average_rating(), Some(3.3));
        assert_eq!(MovieReviewStats::default().average_rating(), None);
    }
}
