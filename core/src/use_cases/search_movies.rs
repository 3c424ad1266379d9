//! Searching movies by title (API.md, Movies: GET /tmdb/search).

use crate::domain::language::Language;
use crate::domain::movie::{Cached, CatalogPage, MoviePage, SearchQuery};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Movies whose title matches `query`, most relevant first; `page` 1..=500
    /// (default 1). `language` (`fi-FI`, `en-US`, or short `fi`, `en`; absent = the
    /// catalog's default) picks the language of titles and overviews.
    ///
    /// # Errors
    /// `Invalid` `invalid_query` for a missing, blank or over-long query, `invalid_page`
    /// for a bad page, `invalid_language` (all checked before the catalog is asked);
    /// `Upstream` when the catalog fails and nothing is cached.
    pub async fn search_movies(
        &self,
        query: Option<&str>,
        page: Option<&str>,
        language: Option<&str>,
    ) -> Result<Cached<MoviePage>, Error> {
        let query = SearchQuery::parse(query.unwrap_or(""))?;
        let page = CatalogPage::parse(page)?;
        let language = Language::parse(language)?;
        self.catalog.search_cached(&query, page, language).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::language::Language;
    use crate::domain::movie::Cached;
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn query_page_and_language_are_parsed_and_passed_on() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_search_cached()
            .withf(|query, page, language| {
                query.as_str() == "fight club"
                    && page.get() == 2
                    && *language == Some(Language::Finnish)
            })
            .times(1)
            .returning(|_, page, _| {
                Ok(Cached::stale(page_of(
                    vec![summary(550, "Fight Club", "1999-10-15")],
                    page.get(),
                )))
            });
        let got = ports
            .build()
            .search_movies(Some("  fight club "), Some("2"), Some("fi-FI"))
            .await
            .unwrap();
        assert!(got.stale);
        assert_eq!(got.value.page, 2);
        assert_eq!(got.value.results[0].id.0, 550);
    }

    #[tokio::test]
    async fn bad_input_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_search_cached().never();
        let movies = ports.build();
        for query in [None, Some(""), Some("   ")] {
            let err = movies.search_movies(query, None, None).await.unwrap_err();
            assert_invalid(&err, "invalid_query", "query");
        }
        let long = "x".repeat(201);
        let err = movies
            .search_movies(Some(&long), None, None)
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_query", "query");
        for page in ["0", "501", "abc"] {
            let err = movies
                .search_movies(Some("x"), Some(page), None)
                .await
                .unwrap_err();
            assert_invalid(&err, "invalid_page", "page");
        }
        let err = movies
            .search_movies(Some("x"), None, Some("sv-SE"))
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_language", "language");
    }

    #[tokio::test]
    async fn catalog_failures_pass_through() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_search_cached()
            .returning(|_, _, _| Err(down()));
        let err = ports
            .build()
            .search_movies(Some("x"), None, None)
            .await
            .unwrap_err();
        assert!(matches!(
            err,
            crate::Error::Upstream {
                unavailable: true,
                ..
            }
        ));
    }
}
