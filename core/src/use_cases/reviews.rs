//! The review use cases share one struct holding their ports. Each action lives in its own
//! file as an `impl Reviews` block: `write_review`, `read_reviews` (one, by movie, by user,
//! recent, by group), `update_review`, `delete_review`, `react_to_review`, `leaderboards`.

use std::sync::Arc;

use crate::domain::review::{review_not_found, Review};
use crate::error::Error;
use crate::ids::{ReviewId, UserId};
use crate::ports::{Clock, GroupStore, MovieCatalog, ReviewStore};

/// Write, read, edit, delete and react to reviews; the review leaderboards. Cheap to
/// share: wrap it in an `Arc`.
pub struct Reviews {
    pub(crate) reviews: Arc<dyn ReviewStore>,
    /// Who may read a group's activity.
    pub(crate) groups: Arc<dyn GroupStore>,
    pub(crate) catalog: Arc<dyn MovieCatalog>,
    pub(crate) clock: Arc<dyn Clock>,
}

impl Reviews {
    pub fn new(
        reviews: Arc<dyn ReviewStore>,
        groups: Arc<dyn GroupStore>,
        catalog: Arc<dyn MovieCatalog>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            reviews,
            groups,
            catalog,
            clock,
        }
    }

    /// The review, or 404 `review_not_found`.
    pub(crate) async fn existing(
        &self,
        id: ReviewId,
        viewer: Option<UserId>,
    ) -> Result<Review, Error> {
        self.reviews
            .find_review(id, viewer)
            .await?
            .ok_or_else(review_not_found)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Mocked ports and sample data for the review use-case tests.

    use std::sync::Arc;

    use crate::domain::review::{Review, ReviewedMovie};
    use crate::ids::{MovieId, ReviewId, UserId};
    use crate::ports::clock::MockClock;
    use crate::ports::group_store::MockGroupStore;
    use crate::ports::movie_catalog::MockMovieCatalog;
    use crate::ports::review_store::MockReviewStore;
    use crate::use_cases::test_support::now;

    use super::Reviews;

    pub struct Ports {
        pub reviews: MockReviewStore,
        pub groups: MockGroupStore,
        pub catalog: MockMovieCatalog,
    }

    impl Ports {
        pub fn new() -> Self {
            Self {
                reviews: MockReviewStore::new(),
                groups: MockGroupStore::new(),
                catalog: MockMovieCatalog::new(),
            }
        }

        pub fn build(self) -> Reviews {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            Reviews::new(
                Arc::new(self.reviews),
                Arc::new(self.groups),
                Arc::new(self.catalog),
                Arc::new(clock),
            )
        }
    }

    /// A review of movie 603 by `author`, 4 stars, no reactions.
    pub fn review(id: i64, author: i64) -> Review {
        Review {
            id: ReviewId(id),
            movie_id: MovieId(603),
            user_id: UserId(author),
            username: format!("user{author}"),
            content: "Still holds up.".to_owned(),
            rating: 4,
            likes: 0,
            dislikes: 0,
            created_at: now(),
            updated_at: now(),
            interactions: Vec::new(),
            my_interaction: None,
            movie: ReviewedMovie::default(),
        }
    }

    pub fn assert_code(err: &crate::error::Error, code: &str) {
        assert_eq!(err.code(), code, "{err:?}");
    }
}
