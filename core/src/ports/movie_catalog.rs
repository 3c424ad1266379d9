//! Where movie data comes from: TMDB, or the bundled offline demo catalog.

use async_trait::async_trait;

use crate::domain::language::Language;
use crate::domain::movie::{
    Cached, CatalogPage, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage, MovieSummary,
    SearchQuery,
};
use crate::domain::source::SourceHealth;
use crate::error::Error;
use crate::ids::MovieId;

/// A read-only catalog of movies. Implementations exclude adult titles and return image
/// fields as complete URLs (or `None`).
///
/// Every query takes the `language` of the answer's titles, overviews and genre names
/// (where the source has a translation): `None` is the catalog's own default language
/// (TMDB_LANGUAGE, `en-US` unless configured), what callers that show no reader use.
/// A catalog with one language (the offline demo) ignores it.
///
/// Every method can fail with `Error::Upstream` when the catalog's source cannot be
/// reached (`unavailable: true`) or answers with something unusable (`unavailable: false`).
///
/// Each query also has a `*_cached` form whose answer says whether it is stale (served
/// from an expired cache entry because the source failed). Only a caching catalog can
/// answer stale, so the defaults answer fresh; the movie use cases call these forms so
/// that the HTTP layer can say `X-Cache: stale`.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait MovieCatalog: Send + Sync {
    /// How the catalog's source is doing (for readiness reports). A plain client knows
    /// no failures of its own: the caching catalog and the demo catalog say more.
    fn health(&self) -> SourceHealth {
        SourceHealth::Up
    }

    /// Movies whose title matches `query`, most relevant first.
    ///
    /// # Errors
    /// `Upstream` when the source fails.
    async fn search(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error>;

    /// All movie genres.
    ///
    /// # Errors
    /// `Upstream` when the source fails.
    async fn genres(&self, language: Option<Language>) -> Result<Vec<Genre>, Error>;

    /// Movies having every genre of `genres` (any movie when empty), in `sort` order.
    ///
    /// # Errors
    /// `Upstream` when the source fails.
    async fn discover(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<MoviePage, Error>;

    /// Popular movies, most popular first.
    ///
    /// # Errors
    /// `Upstream` when the source fails.
    async fn popular(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error>;

    /// One movie with credits, key crew and trailer.
    ///
    /// # Errors
    /// `NotFound` (`movie_not_found`, "Movie not found") for an unknown id;
    /// `Upstream` when the source fails.
    async fn details(&self, id: MovieId, language: Option<Language>)
        -> Result<MovieDetails, Error>;

    /// Candidates for a movie known by its original title and release year (e.g. a
    /// Finnkino event), best match first; empty when nothing matches.
    ///
    /// # Errors
    /// `Invalid` for a blank title or an impossible year; `Upstream` when the source fails.
    async fn best_match(
        &self,
        original_title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error>;

    /// Movies in cinemas now.
    ///
    /// # Errors
    /// `Upstream` when the source fails.
    async fn now_playing(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error>;

    /// The list-size poster URL for a TMDB image path (`/abc123.jpg`), built the way this
    /// catalog builds the `poster_path` of its list items (so with its configured image
    /// host); `None` when it serves no TMDB images (the offline demo). Needs no network:
    /// it also answers while the catalog is unreachable.
    fn list_poster_url(&self, tmdb_path: &str) -> Option<String> {
        let _ = tmdb_path;
        None
    }

    /// [`search`](Self::search), marked stale when it came from an expired cache entry.
    ///
    /// # Errors
    /// As `search`.
    async fn search_cached(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        self.search(query, page, language).await.map(Cached::fresh)
    }

    /// [`genres`](Self::genres), marked stale when it came from an expired cache entry.
    ///
    /// # Errors
    /// As `genres`.
    async fn genres_cached(&self, language: Option<Language>) -> Result<Cached<Vec<Genre>>, Error> {
        self.genres(language).await.map(Cached::fresh)
    }

    /// [`discover`](Self::discover), marked stale when it came from an expired cache entry.
    ///
    /// # Errors
    /// As `discover`.
    async fn discover_cached(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        self.discover(genres, page, sort, language)
            .await
            .map(Cached::fresh)
    }

    /// [`popular`](Self::popular), marked stale when it came from an expired cache entry.
    ///
    /// # Errors
    /// As `popular`.
    async fn popular_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        self.popular(page, language).await.map(Cached::fresh)
    }

    /// [`details`](Self::details), marked stale when it came from an expired cache entry.
    ///
    /// # Errors
    /// As `details`.
    async fn details_cached(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<Cached<MovieDetails>, Error> {
        self.details(id, language).await.map(Cached::fresh)
    }

    /// [`best_match`](Self::best_match), marked stale when it came from an expired cache
    /// entry.
    ///
    /// # Errors
    /// As `best_match`.
    async fn best_match_cached(
        &self,
        original_title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Cached<Vec<MovieSummary>>, Error> {
        self.best_match(original_title, year, language)
            .await
            .map(Cached::fresh)
    }

    /// [`now_playing`](Self::now_playing), marked stale when it came from an expired
    /// cache entry.
    ///
    /// # Errors
    /// As `now_playing`.
    async fn now_playing_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        self.now_playing(page, language).await.map(Cached::fresh)
    }
}
