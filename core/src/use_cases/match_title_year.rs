//! Movies matching an original title and a year, to link a showtime to a movie (API.md,
//! Movies: GET /tmdb/title-year).

use crate::domain::language::Language;
use crate::domain::movie::{check_title_year, parse_year, Cached, MovieSummary};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Candidates for a movie known by `original_title` and its release or production
    /// `year` (optional), best match first (the catalog ranks them with
    /// [`rank_best_matches`](crate::domain::movie::rank_best_matches)); empty when
    /// nothing matches. `language` (`fi-FI`, `en-US`, or short `fi`, `en`; absent = the
    /// catalog's default) picks the language of titles and overviews.
    ///
    /// # Errors
    /// `Invalid` `invalid_title` for a missing or blank title, `invalid_year` for a year
    /// that is no number or outside 1870..=2100, `invalid_language` (checked before the
    /// catalog is asked); `Upstream` when the catalog fails and nothing is cached.
    pub async fn match_title_year(
        &self,
        original_title: Option<&str>,
        year: Option<&str>,
        language: Option<&str>,
    ) -> Result<Cached<Vec<MovieSummary>>, Error> {
        let year = parse_year(year)?;
        let title = original_title.unwrap_or("");
        check_title_year(title, year)?;
        let language = Language::parse(language)?;
        self.catalog.best_match_cached(title, year, language).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::movie::Cached;
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn title_and_year_go_to_the_catalog() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_best_match_cached()
            .withf(|title, year, language| {
                title == "Fight Club" && *year == Some(1999) && language.is_none()
            })
            .times(1)
            .returning(|_, _, _| {
                Ok(Cached::fresh(vec![summary(
                    550,
                    "Fight Club",
                    "1999-10-15",
                )]))
            });
        let got = ports
            .build()
            .match_title_year(Some("Fight Club"), Some(" 1999 "), None)
            .await
            .unwrap();
        assert_eq!(got.value[0].id.0, 550);
    }

    #[tokio::test]
    async fn bad_input_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_best_match_cached().never();
        let movies = ports.build();
        for title in [None, Some(""), Some("  ")] {
            let err = movies
                .match_title_year(title, Some("1999"), None)
                .await
                .unwrap_err();
            assert_invalid(&err, "invalid_title", "originalTitle");
        }
        for year in ["soon", "3000", "1500"] {
            let err = movies
                .match_title_year(Some("X"), Some(year), None)
                .await
                .unwrap_err();
            assert_invalid(&err, "invalid_year", "year");
        }
        let err = movies
            .match_title_year(Some("X"), None, Some("se"))
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_language", "language");
    }
}
