//! Discovering movies by genre (API.md, Movies: GET /tmdb/discover).

use crate::domain::language::Language;
use crate::domain::movie::{Cached, CatalogPage, DiscoverSort, GenreFilter, MoviePage};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Movies having every genre of `with_genres` (`"28,12"`; missing or empty = any
    /// genre), in `sort_by` order (`popularity.desc` by default), `page` 1..=500.
    /// `language` (`fi-FI`, `en-US`, or short `fi`, `en`; absent = the catalog's
    /// default) picks the language of titles and overviews.
    ///
    /// # Errors
    /// `Invalid` `invalid_genres`, `invalid_page`, `invalid_sort` or `invalid_language`
    /// (checked before the catalog is asked); `Upstream` when the catalog fails and
    /// nothing is cached.
    pub async fn discover_movies(
        &self,
        with_genres: Option<&str>,
        page: Option<&str>,
        sort_by: Option<&str>,
        language: Option<&str>,
    ) -> Result<Cached<MoviePage>, Error> {
        let genres = GenreFilter::parse(with_genres.unwrap_or(""))?;
        let page = CatalogPage::parse(page)?;
        let sort = DiscoverSort::parse(sort_by)?;
        let language = Language::parse(language)?;
        self.catalog
            .discover_cached(&genres, page, sort, language)
            .await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::language::Language;
    use crate::domain::movie::Cached;
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn genres_sort_page_and_language_are_parsed_and_passed_on() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_discover_cached()
            .withf(|genres, page, sort, language| {
                genres.ids() == [18, 53]
                    && page.get() == 3
                    && sort.as_tmdb() == "vote_average.desc"
                    && *language == Some(Language::English)
            })
            .times(1)
            .returning(|_, page, _, _| Ok(Cached::fresh(page_of(vec![], page.get()))));
        let got = ports
            .build()
            .discover_movies(
                Some("18, 53"),
                Some("3"),
                Some("vote_average.desc"),
                Some("en"),
            )
            .await
            .unwrap();
        assert!(!got.stale);
        assert_eq!(got.value.page, 3);
    }

    #[tokio::test]
    async fn defaults_are_any_genre_by_popularity_on_page_one_in_the_default_language() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_discover_cached()
            .withf(|genres, page, sort, language| {
                genres.is_empty()
                    && page.get() == 1
                    && sort.as_tmdb() == "popularity.desc"
                    && language.is_none()
            })
            .times(1)
            .returning(|_, page, _, _| Ok(Cached::fresh(page_of(vec![], page.get()))));
        ports
            .build()
            .discover_movies(None, None, None, None)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn bad_input_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_discover_cached().never();
        let movies = ports.build();
        let err = movies
            .discover_movies(Some("action"), None, None, None)
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_genres", "with_genres");
        let err = movies
            .discover_movies(None, Some("501"), None, None)
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_page", "page");
        let err = movies
            .discover_movies(None, None, Some("budget.desc"), None)
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_sort", "sort_by");
        let err = movies
            .discover_movies(None, None, None, Some("de"))
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_language", "language");
    }
}
