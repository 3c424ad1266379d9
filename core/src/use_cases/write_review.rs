//! Writing a review (API.md, Reviews: POST /reviews).

use crate::domain::rating::Rating;
use crate::domain::review::{already_reviewed, NewReview, Review};
use crate::domain::text::ReviewContent;
use crate::domain::user::User;
use crate::error::{Conflict, Error, StoreError};
use crate::ids::MovieId;
use crate::use_cases::reviews::Reviews;

impl Reviews {
    /// Stores `author`'s review of a movie the catalog knows (the store also remembers
    /// the movie's title and poster for listings) and returns it.
    ///
    /// # Errors
    /// `Invalid` `invalid_rating` (not 1..=5) or `invalid_content` (blank or over 5000
    /// characters); `NotFound` `movie_not_found` "Movie not found"; `Conflict`
    /// `already_reviewed` for a second review of the same movie; `Upstream` when the
    /// catalog cannot say whether the movie exists.
    pub async fn write_review(
        &self,
        author: &User,
        movie_id: i64,
        rating: i64,
        content: &str,
    ) -> Result<Review, Error> {
        let rating = Rating::new(rating)?;
        let content = ReviewContent::parse(content)?;
        let movie = self.catalog.details(MovieId(movie_id), None).await?;
        let review = NewReview {
            user_id: author.id,
            movie_id: movie.id,
            rating,
            content,
            created_at: self.clock.now(),
        };
        let id = self
            .reviews
            .create_review(&review, &movie.remembered())
            .await
            .map_err(|err| match err {
                StoreError::Conflict(Conflict::Review) => already_reviewed(),
                other => other.into(),
            })?;
        self.existing(id, Some(author.id)).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::movie::{movie_not_found, MovieDetails};
    use crate::error::{Conflict, StoreError};
    use crate::ids::{MovieId, ReviewId};
    use crate::use_cases::reviews::testing::*;
    use crate::use_cases::test_support::user;

    fn matrix() -> MovieDetails {
        MovieDetails {
            id: MovieId(603),
            title: "The Matrix".into(),
            original_title: "The Matrix".into(),
            tagline: String::new(),
            overview: String::new(),
            release_date: "1999-03-30".into(),
            runtime: Some(136),
            genres: Vec::new(),
            poster_path: Some("https://image.tmdb.org/t/p/w500/m.jpg".into()),
            backdrop_path: None,
            vote_average: 8.2,
            budget: None,
            revenue: None,
            trailer: None,
            cast: Vec::new(),
            key_crew: Vec::new(),
        }
    }

    #[tokio::test]
    async fn bad_input_is_refused_before_anything_is_asked() {
        let reviews = Ports::new().build();
        let me = user(1, "aino", "pw");
        let cases = [
            (0, "fine", "invalid_rating"),
            (6, "fine", "invalid_rating"),
            (3, "   ", "invalid_content"),
            (3, &"x".repeat(5001), "invalid_content"),
        ];
        for (rating, content, code) in cases {
            let err = reviews
                .write_review(&me, 603, rating, content)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }

    #[tokio::test]
    async fn an_unknown_movie_is_404_movie_not_found() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_details()
            .returning(|_, _| Err(movie_not_found()));
        let err = ports
            .build()
            .write_review(&user(1, "aino", "pw"), 999_999, 3, "Hmm.")
            .await
            .unwrap_err();
        assert_code(&err, "movie_not_found");
        assert_eq!(err.to_string(), "Movie not found");
    }

    #[tokio::test]
    async fn a_second_review_of_the_movie_is_409_already_reviewed() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_details()
            .returning(|_, _| Ok(matrix()));
        ports
            .reviews
            .expect_create_review()
            .returning(|_, _| Err(StoreError::Conflict(Conflict::Review)));
        let err = ports
            .build()
            .write_review(&user(1, "aino", "pw"), 603, 3, "Again.")
            .await
            .unwrap_err();
        assert_code(&err, "already_reviewed");
    }

    #[tokio::test]
    async fn the_review_is_stored_trimmed_with_the_movie_remembered() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_details()
            .returning(|_, _| Ok(matrix()));
        ports
            .reviews
            .expect_create_review()
            .withf(|review, movie| {
                review.content.as_str() == "Still holds up."
                    && review.rating.value() == 5
                    && review.user_id.0 == 1
                    && movie.title == "The Matrix"
                    && movie.release_year == Some(1999)
            })
            .times(1)
            .returning(|_, _| Ok(ReviewId(7)));
        ports
            .reviews
            .expect_find_review()
            .withf(|id, viewer| id.0 == 7 && viewer.map(|v| v.0) == Some(1))
            .returning(|id, _| Ok(Some(review(id.0, 1))));
        let written = ports
            .build()
            .write_review(&user(1, "aino", "pw"), 603, 5, "  Still holds up.\n")
            .await
            .unwrap();
        assert_eq!(written.id, ReviewId(7));
    }
}
