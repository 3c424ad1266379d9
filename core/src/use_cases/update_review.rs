//! Editing and deleting a review (API.md, Reviews: PUT and DELETE /reviews/{id}).

use crate::domain::review::{self, review_not_found, Review, ReviewChanges};
use crate::domain::user::User;
use crate::error::{Error, StoreError};
use crate::ids::ReviewId;
use crate::use_cases::admin_reviews::review_deletion_log;
use crate::use_cases::reviews::Reviews;

/// A review gone meanwhile is 404 `review_not_found`.
pub(crate) fn gone(err: StoreError) -> Error {
    match err {
        StoreError::NotFound => review_not_found(),
        other => other.into(),
    }
}

impl Reviews {
    /// The author changes the rating and/or the content; a field left out stays as it was.
    ///
    /// # Errors
    /// `NotFound` `review_not_found`; `Forbidden` `not_author`; `Invalid`
    /// `invalid_rating` / `invalid_content`, or `no_changes` "No changes to update." when
    /// neither is given.
    pub async fn update_review(
        &self,
        actor: &User,
        id: ReviewId,
        rating: Option<i64>,
        content: Option<&str>,
    ) -> Result<Review, Error> {
        let current = self.existing(id, Some(actor.id)).await?;
        review::edit_review(actor.id, current.user_id)?;
        let changes = ReviewChanges::parse(rating, content)?;
        self.reviews
            .update_review(id, &changes, self.clock.now())
            .await
            .map_err(gone)?;
        self.existing(id, Some(actor.id)).await
    }

    /// The author or a site administrator deletes a review with its reactions; an
    /// administrator's deletion of someone else's review is a moderation action and is
    /// logged.
    ///
    /// # Errors
    /// `NotFound` `review_not_found`; `Forbidden` `not_author`.
    pub async fn delete_review(&self, actor: &User, id: ReviewId) -> Result<(), Error> {
        let current = self.existing(id, None).await?;
        review::delete_review(actor.id, actor.is_admin, current.user_id)?;
        let log = (current.user_id != actor.id)
            .then(|| review_deletion_log(&current, &actor.username, None, self.clock.now()))
            .transpose()?;
        self.reviews.delete_review(id, log).await.map_err(gone)
    }
}

#[cfg(test)]
mod tests {
    use crate::error::StoreError;
    use crate::ids::ReviewId;
    use crate::use_cases::reviews::testing::*;
    use crate::use_cases::test_support::user;

    #[tokio::test]
    async fn only_the_author_edits() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        let err = ports
            .build()
            .update_review(&user(2, "other", "pw"), ReviewId(9), Some(3), None)
            .await
            .unwrap_err();
        assert_code(&err, "not_author");
    }

    #[tokio::test]
    async fn an_edit_without_changes_is_400_no_changes() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        let err = ports
            .build()
            .update_review(&user(1, "aino", "pw"), ReviewId(9), None, None)
            .await
            .unwrap_err();
        assert_code(&err, "no_changes");
        assert_eq!(err.to_string(), "No changes to update.");
    }

    #[tokio::test]
    async fn an_edit_passes_only_what_was_given() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        ports
            .reviews
            .expect_update_review()
            .withf(|id, changes, _| {
                id.0 == 9
                    && changes.rating.map(|r| r.value()) == Some(2)
                    && changes.content.is_none()
            })
            .times(1)
            .returning(|_, _, _| Ok(()));
        ports
            .build()
            .update_review(&user(1, "aino", "pw"), ReviewId(9), Some(2), None)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn editing_or_deleting_a_missing_review_is_404() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|_, _| Ok(None));
        let reviews = ports.build();
        let me = user(1, "aino", "pw");
        let err = reviews
            .update_review(&me, ReviewId(9), Some(2), None)
            .await
            .unwrap_err();
        assert_code(&err, "review_not_found");
        let err = reviews.delete_review(&me, ReviewId(9)).await.unwrap_err();
        assert_code(&err, "review_not_found");
    }

    #[tokio::test]
    async fn the_author_or_an_admin_deletes() {
        let mut admin = user(3, "admin", "pw");
        admin.is_admin = true;
        for (actor, allowed) in [
            (user(1, "aino", "pw"), true),
            (admin, true),
            (user(2, "other", "pw"), false),
        ] {
            let mut ports = Ports::new();
            ports
                .reviews
                .expect_find_review()
                .returning(|id, _| Ok(Some(review(id.0, 1))));
            let by_admin = actor.is_admin;
            ports
                .reviews
                .expect_delete_review()
                .times(usize::from(allowed))
                .withf(move |_, log| log.is_some() == by_admin)
                .returning(|_, _| Ok(()));
            let result = ports.build().delete_review(&actor, ReviewId(9)).await;
            if allowed {
                assert!(result.is_ok(), "{}: {result:?}", actor.username);
            } else {
                assert_code(&result.unwrap_err(), "not_author");
            }
        }
    }

    #[tokio::test]
    async fn a_review_deleted_meanwhile_is_404() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        ports
            .reviews
            .expect_delete_review()
            .returning(|_, _| Err(StoreError::NotFound));
        let err = ports
            .build()
            .delete_review(&user(1, "aino", "pw"), ReviewId(9))
            .await
            .unwrap_err();
        assert_code(&err, "review_not_found");
    }
}
