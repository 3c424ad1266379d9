//! The queries of [`CachingCatalog`]: each builds its cache key (per language) and asks
//! the inner catalog on a miss; and the `MovieCatalog` port over them.

use async_trait::async_trait;
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    check_title_year, normalize_title, Cached, CatalogPage, DiscoverSort, Genre, GenreFilter,
    MovieDetails, MoviePage, MovieSummary, SearchQuery,
};
use leffaseura_core::ports::MovieCatalog;
use leffaseura_core::{Error, MovieId};

use super::CachingCatalog;

impl CachingCatalog {
    /// Search, see [`MovieCatalog::search`].
    ///
    /// # Errors
    /// As the inner catalog, unless a stale answer can stand in.
    pub async fn search_cached(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        let folded = query
            .as_str()
            .to_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let slot = self.slot(language, format_args!("search:{}:{folded}", page.get()));
        let query = query.clone();
        self.cached(slot, self.ttls.lists, move |c| async move {
            c.search(&query, page, language).await
        })
        .await
    }

    /// # Errors
    /// As [`MovieCatalog::genres`], unless a stale answer can stand in.
    pub async fn genres_cached(
        &self,
        language: Option<Language>,
    ) -> Result<Cached<Vec<Genre>>, Error> {
        let slot = self.slot(language, format_args!("genres"));
        self.cached(slot, self.ttls.genres, move |c| async move {
            c.genres(language).await
        })
        .await
    }

    /// # Errors
    /// As [`MovieCatalog::discover`], unless a stale answer can stand in.
    pub async fn discover_cached(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        let mut ids = genres.ids().to_vec();
        ids.sort_unstable();
        let genre_key = GenreFilter::from_ids(ids).to_query();
        let slot = self.slot(
            language,
            format_args!("discover:{genre_key}:{}:{}", sort.as_tmdb(), page.get()),
        );
        let genres = genres.clone();
        self.cached(slot, self.ttls.lists, move |c| async move {
            c.discover(&genres, page, sort, language).await
        })
        .await
    }

    /// # Errors
    /// As [`MovieCatalog::popular`], unless a stale answer can stand in.
    pub async fn popular_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        let slot = self.slot(language, format_args!("popular:{}", page.get()));
        self.cached(slot, self.ttls.lists, move |c| async move {
            c.popular(page, language).await
        })
        .await
    }

    /// # Errors
    /// As [`MovieCatalog::details`], unless a stale answer can stand in.
    pub async fn details_cached(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<Cached<MovieDetails>, Error> {
        let slot = self.slot(language, format_args!("movie:{}", id.0));
        self.cached(slot, self.ttls.details, move |c| async move {
            c.details(id, language).await
        })
        .await
    }

    /// # Errors
    /// As [`MovieCatalog::best_match`], unless a stale answer can stand in.
    pub async fn best_match_cached(
        &self,
        original_title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Cached<Vec<MovieSummary>>, Error> {
        check_title_year(original_title, year)?;
        let year_key = year.map_or_else(|| "-".to_owned(), |y| y.to_string());
        let slot = self.slot(
            language,
            format_args!("title-year:{year_key}:{}", normalize_title(original_title)),
        );
        let title = original_title.to_owned();
        self.cached(slot, self.ttls.lists, move |c| async move {
            c.best_match(&title, year, language).await
        })
        .await
    }

    /// # Errors
    /// As [`MovieCatalog::now_playing`], unless a stale answer can stand in.
    pub async fn now_playing_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        let slot = self.slot(language, format_args!("now-playing:{}", page.get()));
        self.cached(slot, self.ttls.lists, move |c| async move {
            c.now_playing(page, language).await
        })
        .await
    }
}

#[async_trait]
impl MovieCatalog for CachingCatalog {
    fn health(&self) -> leffaseura_core::domain::source::SourceHealth {
        self.source_health()
    }

    async fn search(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(self.search_cached(query, page, language).await?.value)
    }

    async fn genres(&self, language: Option<Language>) -> Result<Vec<Genre>, Error> {
        Ok(self.genres_cached(language).await?.value)
    }

    async fn discover(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(self
            .discover_cached(genres, page, sort, language)
            .await?
            .value)
    }

    async fn popular(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(self.popular_cached(page, language).await?.value)
    }

    async fn details(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<MovieDetails, Error> {
        Ok(self.details_cached(id, language).await?.value)
    }

    async fn best_match(
        &self,
        original_title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        Ok(self
            .best_match_cached(original_title, year, language)
            .await?
            .value)
    }

    async fn now_playing(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(self.now_playing_cached(page, language).await?.value)
    }

    fn list_poster_url(&self, tmdb_path: &str) -> Option<String> {
        self.inner.list_poster_url(tmdb_path)
    }

    async fn search_cached(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        CachingCatalog::search_cached(self, query, page, language).await
    }

    async fn genres_cached(&self, language: Option<Language>) -> Result<Cached<Vec<Genre>>, Error> {
        CachingCatalog::genres_cached(self, language).await
    }

    async fn discover_cached(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        CachingCatalog::discover_cached(self, genres, page, sort, language).await
    }

    async fn popular_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        CachingCatalog::popular_cached(self, page, language).await
    }

    async fn details_cached(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<Cached<MovieDetails>, Error> {
        CachingCatalog::details_cached(self, id, language).await
    }

    async fn best_match_cached(
        &self,
        original_title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Cached<Vec<MovieSummary>>, Error> {
        CachingCatalog::best_match_cached(self, original_title, year, language).await
    }

    async fn now_playing_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        CachingCatalog::now_playing_cached(self, page, language).await
    }
}
