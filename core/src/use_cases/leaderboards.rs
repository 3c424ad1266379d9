//! The homepage's user boards (API.md, Reviews: users-by-review-count, users-by-aura).

use crate::domain::constants::{LEADERBOARD_DEFAULT, LEADERBOARD_MAX};
use crate::domain::paging::PageRequest;
use crate::domain::user::UserProfile;
use crate::error::Error;
use crate::use_cases::reviews::Reviews;

impl Reviews {
    /// The most active reviewers first (`limit` 1..=20, default 20).
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit`.
    pub async fn users_by_review_count(
        &self,
        limit: Option<i64>,
    ) -> Result<Vec<UserProfile>, Error> {
        let page = PageRequest::new(limit, None, LEADERBOARD_DEFAULT, LEADERBOARD_MAX)?;
        Ok(self.reviews.users_by_review_count(page.limit).await?)
    }

    /// Reviewers (at least one review) with the highest aura first (`limit` 1..=20,
    /// default 20).
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit`.
    pub async fn users_by_aura(&self, limit: Option<i64>) -> Result<Vec<UserProfile>, Error> {
        let page = PageRequest::new(limit, None, LEADERBOARD_DEFAULT, LEADERBOARD_MAX)?;
        Ok(self.reviews.users_by_aura(page.limit).await?)
    }
}

#[cfg(test)]
mod tests {
    use crate::use_cases::reviews::testing::*;

    #[tokio::test]
    async fn boards_hold_at_most_twenty() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_users_by_review_count()
            .withf(|limit| *limit == 20)
            .returning(|_| Ok(Vec::new()));
        ports
            .reviews
            .expect_users_by_aura()
            .withf(|limit| *limit == 5)
            .returning(|_| Ok(Vec::new()));
        let reviews = ports.build();
        assert!(reviews
            .users_by_review_count(None)
            .await
            .unwrap()
            .is_empty());
        assert!(reviews.users_by_aura(Some(5)).await.unwrap().is_empty());
        for limit in [0, 21] {
            let err = reviews.users_by_aura(Some(limit)).await.unwrap_err();
            assert_code(&err, "invalid_parameter");
            let err = reviews
                .users_by_review_count(Some(limit))
                .await
                .unwrap_err();
            assert_code(&err, "invalid_parameter");
        }
    }
}
