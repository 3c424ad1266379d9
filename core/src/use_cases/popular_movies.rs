//! Popular movies (API.md, Movies: GET /tmdb/popular).

use crate::domain::language::Language;
use crate::domain::movie::{Cached, CatalogPage, MoviePage};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Popular movies, most popular first; `page` 1..=500 (default 1). `language`
    /// (`fi-FI`, `en-US`, or short `fi`, `en`; absent = the catalog's default) picks the
    /// language of titles and overviews.
    ///
    /// # Errors
    /// `Invalid` `invalid_page` for a bad page, `invalid_language`; `Upstream` when the
    /// catalog fails and nothing is cached.
    pub async fn popular_movies(
        &self,
        page: Option<&str>,
        language: Option<&str>,
    ) -> Result<Cached<MoviePage>, Error> {
        let page = CatalogPage::parse(page)?;
        let language = Language::parse(language)?;
        self.catalog.popular_cached(page, language).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::language::Language;
    use crate::domain::movie::Cached;
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn page_and_language_are_passed_on_and_staleness_kept() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_popular_cached()
            .withf(|page, language| page.get() == 4 && *language == Some(Language::Finnish))
            .times(1)
            .returning(|page, _| Ok(Cached::stale(page_of(vec![], page.get()))));
        let got = ports
            .build()
            .popular_movies(Some("4"), Some("fi"))
            .await
            .unwrap();
        assert!(got.stale);
        assert_eq!(got.value.page, 4);
        assert_eq!(got.value.total_pages, 3);
    }

    #[tokio::test]
    async fn bad_input_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_popular_cached().never();
        let movies = ports.build();
        for page in ["0", "-1", "x", "501"] {
            let err = movies.popular_movies(Some(page), None).await.unwrap_err();
            assert_invalid(&err, "invalid_page", "page");
        }
        let err = movies.popular_movies(None, Some("xx")).await.unwrap_err();
        assert_invalid(&err, "invalid_language", "language");
    }
}
