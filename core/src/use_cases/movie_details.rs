//! One movie with cast, key crew and trailer (API.md, Movies: GET /tmdb/{id}).

use crate::domain::movie::{parse_movie_id, Cached, MovieDetails};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// The movie with TMDB id `id` (the text of a path segment).
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` unless `id` is a positive number; `NotFound`
    /// `movie_not_found` "Movie not found"; `Upstream` when the catalog fails and
    /// nothing is cached.
    pub async fn movie_details(&self, id: &str) -> Result<Cached<MovieDetails>, Error> {
        let id = parse_movie_id(id)?;
        self.catalog.details_cached(id).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::movie::movie_not_found;
    use crate::ids::MovieId;
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn malformed_ids_never_reach_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_details_cached().never();
        let movies = ports.build();
        for bad in ["abc", "0", "-5", "", "in-theaters"] {
            let err = movies.movie_details(bad).await.unwrap_err();
            assert_invalid(&err, "invalid_parameter", "id");
        }
    }

    #[tokio::test]
    async fn unknown_movies_are_not_found() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_details_cached()
            .withf(|id| *id == MovieId(999_999_999))
            .times(1)
            .returning(|_| Err(movie_not_found()));
        let err = ports.build().movie_details("999999999").await.unwrap_err();
        assert!(
            matches!(
                err,
                crate::Error::NotFound {
                    code: "movie_not_found",
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "Movie not found");
    }
}
