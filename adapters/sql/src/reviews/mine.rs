//! A signed-in reader's review answers: the anonymous answer (kept in the community cache)
//! with the reader's own reactions written in. A list differs between readers only in
//! `my_interaction`, so a signed-in page costs one primary-key query of the reader's
//! reactions instead of the whole list query with its newest-reactions subqueries (a
//! 20-review page: about half a millisecond of Postgres CPU per request).

use std::future::Future;

use leffaseura_core::domain::review::{MovieReviewStats, Review, ReviewPage};
use leffaseura_core::{StoreError, UserId};

use crate::community_cache::Shelf;
use crate::SqlStore;

/// An answer made of reviews that can carry the reader's own reaction.
pub(super) trait WithReviews {
    fn reviews_mut(&mut self) -> &mut [Review];
}

impl WithReviews for Option<Review> {
    fn reviews_mut(&mut self) -> &mut [Review] {
        self.as_mut_slice()
    }
}

impl WithReviews for Vec<Review> {
    fn reviews_mut(&mut self) -> &mut [Review] {
        self
    }
}

impl WithReviews for ReviewPage {
    fn reviews_mut(&mut self) -> &mut [Review] {
        &mut self.items
    }
}

impl WithReviews for (ReviewPage, MovieReviewStats) {
    fn reviews_mut(&mut self) -> &mut [Review] {
        &mut self.0.items
    }
}

impl SqlStore {
    /// The answer `read_anonymous` gives (from memory when kept under `key`), with
    /// `viewer`'s own reactions added.
    pub(super) async fn reviews_for<T, F, Fut>(
        &self,
        viewer: Option<UserId>,
        key: impl FnOnce() -> String,
        read_anonymous: F,
    ) -> Result<T, StoreError>
    where
        T: WithReviews + Clone + Send + Sync + 'static,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, StoreError>>,
    {
        let key = key();
        let mut answer = self.cached(|| key.clone(), read_anonymous).await?;
        if let Some(viewer) = viewer {
            let reviews = answer.reviews_mut();
            if !reviews.is_empty() {
                // Kept with the page it was read for: the same key names the same reviews
                // until a community change forgets both.
                let mine = self
                    .kept_on(
                        Shelf::Facts,
                        || format!("mine:{}:{key}", viewer.0),
                        || self.viewer_reactions(reviews, viewer),
                    )
                    .await?;
                for review in reviews {
                    review.my_interaction = mine.get(&review.id.0).copied();
                }
            }
        }
        Ok(answer)
    }
}
