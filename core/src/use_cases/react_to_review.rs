//! Liking and disliking (API.md, Reviews: POST /reviews/{id}/interaction).

use crate::domain::review::{self, review_not_found, ReactionKind, Review};
use crate::domain::user::User;
use crate::error::{Error, StoreError};
use crate::ids::ReviewId;
use crate::use_cases::reviews::Reviews;

/// The reaction the user holds after the request, and the review with fresh counts.
#[derive(Debug, Clone, PartialEq)]
pub struct Reacted {
    pub reaction: Option<ReactionKind>,
    pub review: Review,
}

impl Reviews {
    /// Sets, replaces or clears `actor`'s reaction to someone else's review; asking for
    /// the reaction one already has clears it.
    ///
    /// # Errors
    /// `NotFound` `review_not_found`; `Forbidden` `own_review` on one's own review.
    pub async fn react_to_review(
        &self,
        actor: &User,
        id: ReviewId,
        requested: Option<ReactionKind>,
    ) -> Result<Reacted, Error> {
        let target = self.existing(id, None).await?;
        review::react_to_review(actor.id, target.user_id)?;
        let reaction = self
            .reviews
            .react(id, actor.id, requested, self.clock.now())
            .await
            .map_err(|err| match err {
                StoreError::NotFound => review_not_found(),
                other => other.into(),
            })?;
        let review = self.existing(id, Some(actor.id)).await?;
        Ok(Reacted { reaction, review })
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::review::ReactionKind;
    use crate::error::StoreError;
    use crate::ids::ReviewId;
    use crate::use_cases::reviews::testing::*;
    use crate::use_cases::test_support::user;

    #[tokio::test]
    async fn authors_cannot_react_to_their_own_review() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        ports.reviews.expect_react().never();
        let err = ports
            .build()
            .react_to_review(
                &user(1, "aino", "pw"),
                ReviewId(4),
                Some(ReactionKind::Like),
            )
            .await
            .unwrap_err();
        assert_code(&err, "own_review");
    }

    #[tokio::test]
    async fn the_store_decides_the_toggle_and_the_answer_carries_it() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        ports
            .reviews
            .expect_react()
            .withf(|id, user, requested, _| {
                id.0 == 4 && user.0 == 2 && *requested == Some(ReactionKind::Like)
            })
            .returning(|_, _, _, _| Ok(None));
        let reacted = ports
            .build()
            .react_to_review(
                &user(2, "other", "pw"),
                ReviewId(4),
                Some(ReactionKind::Like),
            )
            .await
            .unwrap();
        assert_eq!(reacted.reaction, None, "liking a liked review clears it");
    }

    #[tokio::test]
    async fn reacting_to_a_missing_review_is_404() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|_, _| Ok(None));
        let err = ports
            .build()
            .react_to_review(&user(2, "other", "pw"), ReviewId(4), None)
            .await
            .unwrap_err();
        assert_code(&err, "review_not_found");

        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        ports
            .reviews
            .expect_react()
            .returning(|_, _, _, _| Err(StoreError::NotFound));
        let err = ports
            .build()
            .react_to_review(&user(2, "other", "pw"), ReviewId(4), None)
            .await
            .unwrap_err();
        assert_code(&err, "review_not_found");
    }
}
