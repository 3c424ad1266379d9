//! A signed-in reader's review answers: the anonymous answer (kept in the community cache)
//! with the reader's own reactions written in. A list differs between readers only in
//! `my_interaction`, so a signed-in page costs one primary-key query of the reader's
//! reactions instead of the whole list query with its newest-reactions subqueries (a
//! 20-review page: about half a millisecond of Postgres CPU per request).

use std::future::Future;

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::domain::review::{ActivityItem, MovieReviewStats, Review, ReviewPage};
use leffaseura_core::{StoreError, UserId};

use crate::community_cache::Shelf;
use crate::SqlStore;

/// An answer made of reviews that can carry the reader's own reaction.
pub(super) trait WithReviews {
    fn reviews_mut(&mut self) -> Vec<&mut Review>;

    /// Whether the answer may be kept: not one that says its subject does not exist when
    /// the subject's creation reports no change.
    fn worth_keeping(&self) -> bool {
        true
    }
}

impl WithReviews for Option<Review> {
    fn reviews_mut(&mut self) -> Vec<&mut Review> {
        self.iter_mut().collect()
    }
}

impl WithReviews for Vec<Review> {
    fn reviews_mut(&mut self) -> Vec<&mut Review> {
        self.iter_mut().collect()
    }
}

impl WithReviews for ReviewPage {
    fn reviews_mut(&mut self) -> Vec<&mut Review> {
        self.items.iter_mut().collect()
    }
}

impl WithReviews for (ReviewPage, MovieReviewStats) {
    fn reviews_mut(&mut self) -> Vec<&mut Review> {
        self.0.items.iter_mut().collect()
    }
}

/// A user's activity; `None` for an unknown user.
impl WithReviews for Option<Paged<ActivityItem>> {
    fn reviews_mut(&mut self) -> Vec<&mut Review> {
        self.iter_mut()
            .flat_map(|page| page.items.iter_mut().map(|item| &mut item.review))
            .collect()
    }

    /// A registration reports no change (migration 0013 reports updates and deletions of
    /// users only), so "no such user" kept would outlive the account made next.
    fn worth_keeping(&self) -> bool {
        self.is_some()
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
        let mut answer = self
            .kept_if(
                Shelf::Answers,
                || key.clone(),
                read_anonymous,
                T::worth_keeping,
            )
            .await?;
        if let Some(viewer) = viewer {
            let reviews = answer.reviews_mut();
            if !reviews.is_empty() {
                let ids: Vec<i64> = reviews.iter().map(|review| review.id.0).collect();
                // Kept with the page it was read for: the same key names the same reviews
                // until a community change forgets both.
                let mine = self
                    .kept_on(
                        Shelf::Facts,
                        || format!("mine:{}:{key}", viewer.0),
                        || self.viewer_reactions(&ids, viewer),
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
