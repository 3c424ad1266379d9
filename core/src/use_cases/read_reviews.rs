//! Reading reviews: one, a movie's (with statistics), a user's, the newest, and a group's
//! (members only) (API.md, Reviews: the GET calls).

use crate::domain::constants::{
    ACTIVITY_DEFAULT, ACTIVITY_MAX, RECENT_REVIEWS_DEFAULT, RECENT_REVIEWS_MAX,
    REVIEW_LIST_DEFAULT, REVIEW_LIST_MAX,
};
use crate::domain::group::model::group_not_found;
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::permissions::view_group_content;
use crate::domain::review::{ActivityItem, MovieReviewStats, Review, ReviewPage, ReviewWindow};
use crate::error::Error;
use crate::ids::{GroupId, MovieId, ReviewId, UserId};
use crate::use_cases::accounts::user_not_found;
use crate::use_cases::reviews::Reviews;

/// A page of a movie's reviews with the movie's statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct MovieReviews {
    pub reviews: ReviewPage,
    pub stats: MovieReviewStats,
}

/// The raw paging inputs of a review list: `limit`, then `offset` or `cursor`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListPage<'a> {
    pub limit: Option<i64>,
    pub offset: Option<i64>,
    pub cursor: Option<&'a str>,
}

impl ListPage<'_> {
    fn window(&self) -> Result<ReviewWindow, Error> {
        ReviewWindow::new(
            self.limit,
            self.offset,
            self.cursor,
            REVIEW_LIST_DEFAULT,
            REVIEW_LIST_MAX,
        )
    }
}

impl Reviews {
    /// One review; `viewer` fills `my_interaction`.
    ///
    /// # Errors
    /// `NotFound` `review_not_found`.
    pub async fn get_review(&self, id: ReviewId, viewer: Option<UserId>) -> Result<Review, Error> {
        self.existing(id, viewer).await
    }

    /// A movie's reviews, newest first (`limit` 1..=100, default 20; then `offset` or
    /// `cursor`), and its statistics.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit`, `offset` or `cursor`.
    pub async fn movie_reviews(
        &self,
        movie: MovieId,
        page: ListPage<'_>,
        viewer: Option<UserId>,
    ) -> Result<MovieReviews, Error> {
        let (reviews, stats) = self
            .reviews
            .movie_reviews_with_stats(movie, page.window()?, viewer)
            .await?;
        Ok(MovieReviews { reviews, stats })
    }

    /// A user's reviews, newest first (`limit` 1..=100, default 20; then `offset` or
    /// `cursor`).
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit`, `offset` or `cursor`; `NotFound`
    /// `user_not_found` "Profile not found." when there is no such user.
    pub async fn user_reviews(
        &self,
        user: UserId,
        page: ListPage<'_>,
        viewer: Option<UserId>,
    ) -> Result<ReviewPage, Error> {
        let reviews = self
            .reviews
            .user_reviews(user, page.window()?, viewer)
            .await?;
        // An empty page is either a user without reviews or no user at all; the activity
        // query tells them apart (`None` = no such user), as `/activity` answers.
        if reviews.items.is_empty() {
            let probe = PageRequest::new(Some(1), None, ACTIVITY_DEFAULT, ACTIVITY_MAX)?;
            if self
                .reviews
                .user_activity(user, probe, None)
                .await?
                .is_none()
            {
                return Err(user_not_found());
            }
        }
        Ok(reviews)
    }

    /// A user's activity, newest first: their reviews and the reactions they made on
    /// others' reviews (`limit` 1..=50, default 20; `offset`). `viewer` fills
    /// `my_interaction`.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit` or `offset`; `NotFound`
    /// `user_not_found` "Profile not found." when there is no such user.
    pub async fn user_activity(
        &self,
        user: UserId,
        limit: Option<i64>,
        offset: Option<i64>,
        viewer: Option<UserId>,
    ) -> Result<Paged<ActivityItem>, Error> {
        let page = PageRequest::new(limit, offset, ACTIVITY_DEFAULT, ACTIVITY_MAX)?;
        self.reviews
            .user_activity(user, page, viewer)
            .await?
            .ok_or_else(user_not_found)
    }

    /// The newest reviews of all (`limit` 1..=50, default 20).
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit`.
    pub async fn recent_reviews(
        &self,
        limit: Option<i64>,
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, Error> {
        let page = PageRequest::new(limit, None, RECENT_REVIEWS_DEFAULT, RECENT_REVIEWS_MAX)?;
        Ok(self.reviews.recent_reviews(page.limit, viewer).await?)
    }

    /// Reviews by a group's members, newest first, for its members only.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a bad `limit`, `offset` or `cursor`; `NotFound`
    /// `group_not_found` "Group not found."; `Forbidden` `members_only` for non-members and
    /// pending requests.
    pub async fn group_reviews(
        &self,
        group: GroupId,
        viewer: UserId,
        page: ListPage<'_>,
    ) -> Result<ReviewPage, Error> {
        let window = page.window()?;
        let access = self
            .groups
            .group_access(group, viewer)
            .await?
            .ok_or_else(group_not_found)?;
        view_group_content(access.role_of(viewer))?;
        Ok(self
            .reviews
            .group_reviews(group, window, Some(viewer))
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::paging::PageRequest;
    use crate::domain::review::{MovieReviewStats, ReviewPage, ReviewWindow};
    use crate::ids::{GroupId, MovieId, ReviewId, UserId};
    use crate::ports::group_store::GroupAccess;
    use crate::use_cases::reviews::testing::*;

    use super::ListPage;

    fn empty(window: ReviewWindow) -> ReviewPage {
        ReviewPage {
            items: Vec::new(),
            total: 0,
            limit: window.limit(),
            offset: window.offset(),
            has_more: false,
        }
    }

    #[tokio::test]
    async fn a_missing_review_is_404() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|_, _| Ok(None));
        let err = ports
            .build()
            .get_review(ReviewId(5), None)
            .await
            .unwrap_err();
        assert_code(&err, "review_not_found");
    }

    #[tokio::test]
    async fn limits_are_checked_against_their_maximums() {
        let reviews = Ports::new().build();
        let movie = MovieId(603);
        let cases = [
            (Some(0), None, None),
            (Some(101), None, None),
            (None, Some(-1), None),
            (None, None, Some("not a cursor")),
        ];
        for (limit, offset, cursor) in cases {
            let page = ListPage {
                limit,
                offset,
                cursor,
            };
            let err = reviews.movie_reviews(movie, page, None).await.unwrap_err();
            assert_code(&err, "invalid_parameter");
            let err = reviews
                .user_reviews(UserId(1), page, None)
                .await
                .unwrap_err();
            assert_code(&err, "invalid_parameter");
        }
        let err = reviews.recent_reviews(Some(51), None).await.unwrap_err();
        assert_code(&err, "invalid_parameter");
    }

    #[tokio::test]
    async fn activity_checks_its_window_and_unknown_users_are_404() {
        let reviews = Ports::new().build();
        for (limit, offset) in [(Some(0), None), (Some(51), None), (None, Some(-1))] {
            let err = reviews
                .user_activity(UserId(1), limit, offset, None)
                .await
                .unwrap_err();
            assert_code(&err, "invalid_parameter");
        }

        let mut ports = Ports::new();
        ports
            .reviews
            .expect_user_activity()
            .withf(|_, page, _| {
                *page
                    == PageRequest {
                        limit: 20,
                        offset: 0,
                    }
            })
            .returning(|_, _, _| Ok(None));
        let err = ports
            .build()
            .user_activity(UserId(9), None, None, None)
            .await
            .unwrap_err();
        assert_code(&err, "user_not_found");
    }

    #[tokio::test]
    async fn movie_lists_default_to_twenty_and_come_with_stats() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_movie_reviews_with_stats()
            .withf(|_, window, _| {
                *window
                    == ReviewWindow::Offset(PageRequest {
                        limit: 20,
                        offset: 0,
                    })
            })
            .returning(|_, window, _| {
                Ok((
                    ReviewPage {
                        items: vec![review(1, 2)],
                        total: 1,
                        ..empty(window)
                    },
                    MovieReviewStats {
                        total_reviews: 1,
                        rating_sum: 4,
                        distribution: [0, 0, 0, 1, 0],
                    },
                ))
            });
        let answer = ports
            .build()
            .movie_reviews(MovieId(603), ListPage::default(), None)
            .await
            .unwrap();
        assert_eq!(answer.reviews.items.len(), 1);
        assert_eq!(answer.stats.average_rating(), Some(4.0));
    }

    #[tokio::test]
    async fn group_reviews_are_for_members_only() {
        let owner = UserId(1);
        let cases = [
            (Some(Role::Member), None),
            (Some(Role::Moderator), None),
            (Some(Role::Pending), Some("members_only")),
            (None, Some("members_only")),
        ];
        for (membership, refusal) in cases {
            let mut ports = Ports::new();
            ports.groups.expect_group_access().returning(move |_, _| {
                Ok(Some(GroupAccess {
                    owner_id: owner,
                    membership,
                    visibility: Visibility::Private,
                }))
            });
            ports
                .reviews
                .expect_group_reviews()
                .returning(|_, window, _| Ok(empty(window)));
            let result = ports
                .build()
                .group_reviews(GroupId(3), UserId(2), ListPage::default())
                .await;
            match refusal {
                None => assert!(result.is_ok(), "{membership:?}: {result:?}"),
                Some(code) => assert_code(&result.unwrap_err(), code),
            }
        }
    }

    #[tokio::test]
    async fn the_owner_reads_group_reviews_and_unknown_groups_are_404() {
        let mut ports = Ports::new();
        ports.groups.expect_group_access().returning(|_, _| {
            Ok(Some(GroupAccess {
                owner_id: UserId(1),
                membership: None,
                visibility: Visibility::Public,
            }))
        });
        ports
            .reviews
            .expect_group_reviews()
            .returning(|_, window, _| Ok(empty(window)));
        assert!(ports
            .build()
            .group_reviews(GroupId(3), UserId(1), ListPage::default())
            .await
            .is_ok());

        let mut ports = Ports::new();
        ports
            .groups
            .expect_group_access()
            .returning(|_, _| Ok(None));
        let err = ports
            .build()
            .group_reviews(GroupId(3), UserId(1), ListPage::default())
            .await
            .unwrap_err();
        assert_code(&err, "group_not_found");
    }
}
