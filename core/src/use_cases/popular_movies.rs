//! Popular movies (API.md, Movies: GET /tmdb/popular).

use crate::domain::movie::{Cached, CatalogPage, MoviePage};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Popular movies, most popular first; `page` 1..=500 (default 1).
    ///
    /// # Errors
    /// `Invalid` `invalid_page` for a bad page; `Upstream` when the catalog fails and
    /// nothing is cached.
    pub async fn popular_movies(&self, page: Option<&str>) -> Result<Cached<MoviePage>, Error> {
        let page = CatalogPage::parse(page)?;
        self.catalog.popular_cached(page).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::movie::Cached;
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn the_page_is_passed_on_and_staleness_kept() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_popular_cached()
            .withf(|page| page.get() == 4)
            .times(1)
            .returning(|page| Ok(Cached::stale(page_of(vec![], page.get()))));
        let got = ports.build().popular_movies(Some("4")).await.unwrap();
        assert!(got.stale);
        assert_eq!(got.value.page, 4);
        assert_eq!(got.value.total_pages, 3);
    }

    #[tokio::test]
    async fn a_bad_page_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_popular_cached().never();
        let movies = ports.build();
        for page in ["0", "-1", "x", "501"] {
            let err = movies.popular_movies(Some(page)).await.unwrap_err();
            assert_invalid(&err, "invalid_page", "page");
        }
    }
}
