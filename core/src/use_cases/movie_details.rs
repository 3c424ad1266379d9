//! One movie with cast, key crew and trailer (API.md, Movies: GET /tmdb/{id}).

use crate::domain::language::Language;
use crate::domain::movie::{parse_movie_id, Cached, MovieDetails};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// The movie with TMDB id `id` (the text of a path segment). `language` (`fi-FI`,
    /// `en-US`, or short `fi`, `en`; absent = the catalog's default) picks the language
    /// of its title, tagline, overview, genre names and trailer.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` unless `id` is a positive number, `invalid_language`;
    /// `NotFound` `movie_not_found` "Movie not found"; `Upstream` when the catalog fails
    /// and nothing is cached.
    pub async fn movie_details(
        &self,
        id: &str,
        language: Option<&str>,
    ) -> Result<Cached<MovieDetails>, Error> {
        let id = parse_movie_id(id)?;
        let language = Language::parse(language)?;
        self.catalog.details_cached(id, language).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::movie::movie_not_found;
    use crate::ids::MovieId;
    use crate::use_cases::movies::testing::*;
    use crate::ErrorCode;

    #[tokio::test]
    async fn malformed_input_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_details_cached().never();
        let movies = ports.build();
        for bad in ["abc", "0", "-5", "", "in-theaters"] {
            let err = movies.movie_details(bad, None).await.unwrap_err();
            assert_invalid(&err, "invalid_parameter", "id");
        }
        let err = movies.movie_details("550", Some("fr")).await.unwrap_err();
        assert_invalid(&err, "invalid_language", "language");
    }

    #[tokio::test]
    async fn unknown_movies_are_not_found() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_details_cached()
            .withf(|id, language| *id == MovieId(999_999_999) && language.is_none())
            .times(1)
            .returning(|_, _| Err(movie_not_found()));
        let err = ports
            .build()
            .movie_details("999999999", None)
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                crate::Error::NotFound {
                    code: ErrorCode::MovieNotFound,
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "Movie not found");
    }
}
