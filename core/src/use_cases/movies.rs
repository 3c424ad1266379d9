//! The movie use cases share one struct holding their ports. Each action lives in its own
//! file as an `impl Movies` block: `search_movies`, `discover_movies`, `popular_movies`,
//! `list_genres`, `movie_details`, `match_title_year`, `demo_poster`.
//!
//! Answers are [`Cached`](crate::domain::movie::Cached): `stale` says the catalog failed
//! and an older answer stands in (the HTTP layer turns it into `X-Cache: stale`).

use std::sync::Arc;

use crate::domain::movie::CatalogKind;
use crate::ports::{MovieCatalog, PosterArt};

/// Browsing the movie catalog (TMDB behind the cache, or the offline demo catalog).
/// Cheap to share: wrap it in an `Arc`.
pub struct Movies {
    pub(crate) catalog: Arc<dyn MovieCatalog>,
    pub(crate) posters: Arc<dyn PosterArt>,
    kind: CatalogKind,
}

impl Movies {
    /// `catalog` answers every query; `posters` draws the demo films' placeholder
    /// posters whichever catalog is active; `kind` says which catalog `catalog` is.
    pub fn new(
        catalog: Arc<dyn MovieCatalog>,
        posters: Arc<dyn PosterArt>,
        kind: CatalogKind,
    ) -> Self {
        Self {
            catalog,
            posters,
            kind,
        }
    }

    /// Which catalog answers (reported by readiness checks).
    pub fn catalog_kind(&self) -> CatalogKind {
        self.kind
    }

    /// How the catalog's source (TMDB, or the offline demo) is doing.
    pub fn source_health(&self) -> crate::domain::source::SourceHealth {
        self.catalog.health()
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Mocked ports and sample data for the movie use-case tests.

    use std::sync::Arc;

    use crate::domain::movie::{CatalogKind, MoviePage, MovieSummary};
    use crate::error::{Error, ErrorCode};
    use crate::ids::MovieId;
    use crate::ports::movie_catalog::MockMovieCatalog;
    use crate::ports::poster_art::MockPosterArt;

    use super::Movies;

    pub struct Ports {
        pub catalog: MockMovieCatalog,
        pub posters: MockPosterArt,
    }

    impl Ports {
        pub fn new() -> Self {
            Self {
                catalog: MockMovieCatalog::new(),
                posters: MockPosterArt::new(),
            }
        }

        pub fn build(self) -> Movies {
            Movies::new(
                Arc::new(self.catalog),
                Arc::new(self.posters),
                CatalogKind::Tmdb,
            )
        }
    }

    pub fn summary(id: i64, title: &str, date: &str) -> MovieSummary {
        MovieSummary {
            id: MovieId(id),
            title: title.to_owned(),
            original_title: title.to_owned(),
            release_date: date.to_owned(),
            overview: String::new(),
            poster_path: None,
            vote_average: 7.5,
            genre_ids: vec![18],
        }
    }

    pub fn page_of(results: Vec<MovieSummary>, page: u32) -> MoviePage {
        MoviePage::new(results, page, 3, 55)
    }

    pub fn assert_invalid(err: &Error, expected_code: &str, expected_field: &str) {
        assert!(
            matches!(err, Error::Invalid { code, field, .. }
                if code.as_str() == expected_code && field == expected_field),
            "{err:?}"
        );
    }

    pub fn down() -> Error {
        Error::Upstream {
            code: ErrorCode::UpstreamUnavailable,
            message: "down".into(),
            unavailable: true,
        }
    }
}
