//! A site admin's reading and removal of reviews from the admin CLI. A deletion goes
//! through the same store write as the author's own (so the author's counters, aura and
//! the movie's statistics stay exact) and is logged in the same transaction.

use chrono::{DateTime, Utc};

use crate::domain::moderation::{clean_reason, ModerationAction, NewModerationEntry};
use crate::domain::paging::PageRequest;
use crate::domain::review::{Review, ReviewPage, ReviewWindow};
use crate::error::Error;
use crate::ids::{MovieId, ReviewId, UserId};
use crate::use_cases::reviews::Reviews;
use crate::use_cases::update_review::gone;

/// Which reviews the admin lists, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewFilter {
    All,
    ByUser(UserId),
    ByMovie(MovieId),
}

/// The log entry of a review deleted by someone other than its author: it names the
/// review, its author (as the user acted upon) and the movie.
pub(crate) fn review_deletion_log(
    review: &Review,
    actor: &str,
    reason: Option<&str>,
    at: DateTime<Utc>,
) -> Result<NewModerationEntry, Error> {
    let movie = review.movie.title.as_deref().map_or_else(
        || format!("movie {}", review.movie_id),
        |t| format!("{t} ({})", review.movie_id),
    );
    Ok(NewModerationEntry {
        action: ModerationAction::DeleteReview,
        actor: actor.to_owned(),
        target: format!("review:{}", review.id),
        target_user: Some(review.user_id),
        reason: clean_reason(reason)?,
        detail: Some(format!(
            "by {} on {movie}, rated {}",
            review.username, review.rating
        )),
        created_at: at,
    })
}

impl Reviews {
    /// A window of reviews, newest first.
    ///
    /// # Errors
    /// `Internal` when the store fails.
    pub async fn admin_reviews(
        &self,
        filter: ReviewFilter,
        page: PageRequest,
    ) -> Result<ReviewPage, Error> {
        let window = ReviewWindow::Offset(page);
        Ok(match filter {
            ReviewFilter::All => self.reviews.all_reviews(window, None).await?,
            ReviewFilter::ByUser(user) => self.reviews.user_reviews(user, window, None).await?,
            ReviewFilter::ByMovie(movie) => self.reviews.movie_reviews(movie, window, None).await?,
        })
    }

    /// Deletes any review with its reactions; logged as `delete_review` with the reason.
    /// Answers with the review as it was.
    ///
    /// # Errors
    /// `NotFound` `review_not_found`.
    pub async fn admin_delete_review(
        &self,
        actor: &str,
        id: ReviewId,
        reason: Option<&str>,
    ) -> Result<Review, Error> {
        let current = self.existing(id, None).await?;
        let log = review_deletion_log(&current, actor, reason, self.clock.now())?;
        self.reviews
            .delete_review(id, Some(log))
            .await
            .map_err(gone)?;
        Ok(current)
    }
}

#[cfg(test)]
mod tests {
    use super::ReviewFilter;
    use crate::domain::moderation::ModerationAction;
    use crate::domain::paging::PageRequest;
    use crate::domain::review::ReviewPage;
    use crate::error::StoreError;
    use crate::ids::{MovieId, ReviewId, UserId};
    use crate::use_cases::reviews::testing::*;

    #[tokio::test]
    async fn an_admin_deletion_is_logged_with_the_author_and_the_reason() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 4))));
        ports
            .reviews
            .expect_delete_review()
            .times(1)
            .withf(|id, log| {
                let log = log.as_ref().expect("logged");
                *id == ReviewId(9)
                    && log.action == ModerationAction::DeleteReview
                    && log.actor == "anna"
                    && log.target == "review:9"
                    && log.target_user == Some(UserId(4))
                    && log.reason.as_deref() == Some("spam")
            })
            .returning(|_, _| Ok(()));
        let deleted = ports
            .build()
            .admin_delete_review("anna", ReviewId(9), Some("spam"))
            .await
            .unwrap();
        assert_eq!(deleted.user_id, UserId(4));
    }

    #[tokio::test]
    async fn a_missing_review_is_404_and_nothing_is_written() {
        for found in [false, true] {
            let mut ports = Ports::new();
            ports
                .reviews
                .expect_find_review()
                .returning(move |id, _| Ok(found.then(|| review(id.0, 4))));
            ports
                .reviews
                .expect_delete_review()
                .returning(|_, _| Err(StoreError::NotFound));
            let err = ports
                .build()
                .admin_delete_review("anna", ReviewId(9), None)
                .await
                .unwrap_err();
            assert_code(&err, "review_not_found");
        }
    }

    #[tokio::test]
    async fn lists_read_by_user_by_movie_or_all() {
        let page = PageRequest {
            limit: 5,
            offset: 0,
        };
        let empty = || {
            Ok(ReviewPage {
                items: Vec::new(),
                total: 0,
                limit: 5,
                offset: 0,
                has_more: false,
            })
        };
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_all_reviews()
            .times(1)
            .returning(move |_, _| empty());
        ports
            .reviews
            .expect_user_reviews()
            .withf(|user, _, _| *user == UserId(3))
            .times(1)
            .returning(move |_, _, _| empty());
        ports
            .reviews
            .expect_movie_reviews()
            .withf(|movie, _, _| *movie == MovieId(550))
            .times(1)
            .returning(move |_, _, _| empty());
        let reviews = ports.build();
        for filter in [
            ReviewFilter::All,
            ReviewFilter::ByUser(UserId(3)),
            ReviewFilter::ByMovie(MovieId(550)),
        ] {
            reviews.admin_reviews(filter, page).await.unwrap();
        }
    }
}
