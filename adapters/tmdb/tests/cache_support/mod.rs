//! The caching decorator's test fixtures: a counting fake catalog that can fail, hang
//! or be slow and records the language of every call, a manual clock, and a setup.

#![allow(clippy::unwrap_used, dead_code)] // test helpers outside #[test] functions

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    movie_not_found, CatalogPage, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage,
    MovieSummary, SearchQuery,
};
use leffaseura_core::ports::{Clock, MovieCatalog};
use leffaseura_core::{Error, ErrorCode, MovieId};
use leffaseura_tmdb::{CachingCatalog, MemoryMovieCache};

#[derive(Default)]
pub struct FakeCatalog {
    pub calls: AtomicUsize,
    pub failing: AtomicBool,
    pub hanging: AtomicBool,
    pub delay_ms: AtomicUsize,
    /// The language of every call, in order.
    pub languages: Mutex<Vec<Option<Language>>>,
}

impl FakeCatalog {
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }

    pub fn languages(&self) -> Vec<Option<Language>> {
        self.languages.lock().unwrap().clone()
    }

    async fn enter(&self, language: Option<Language>) -> Result<usize, Error> {
        self.languages.lock().unwrap().push(language);
        let n = self.calls.fetch_add(1, Ordering::SeqCst) + 1;
        let delay = self.delay_ms.load(Ordering::SeqCst);
        if delay > 0 {
            tokio::time::sleep(Duration::from_millis(delay as u64)).await;
        }
        if self.hanging.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_secs(3600)).await;
        }
        if self.failing.load(Ordering::SeqCst) {
            return Err(Error::Upstream {
                code: ErrorCode::UpstreamUnavailable,
                message: "down".into(),
                unavailable: true,
            });
        }
        Ok(n)
    }
}

pub fn summary(id: i64, title: &str) -> MovieSummary {
    MovieSummary {
        id: MovieId(id),
        title: title.into(),
        original_title: title.into(),
        release_date: "1999-10-15".into(),
        overview: String::new(),
        poster_path: Some(format!("https://img/{id}.jpg")),
        vote_average: 7.5,
        genre_ids: vec![18],
    }
}

pub fn page(call: usize) -> MoviePage {
    MoviePage::new(
        vec![summary(1, &format!("call {call}")), summary(2, "Two")],
        1,
        1,
        2,
    )
}

#[async_trait]
impl MovieCatalog for FakeCatalog {
    async fn search(
        &self,
        _: &SearchQuery,
        _: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(page(self.enter(language).await?))
    }
    async fn genres(&self, language: Option<Language>) -> Result<Vec<Genre>, Error> {
        self.enter(language).await?;
        Ok(vec![Genre {
            id: 18,
            name: "Drama".into(),
        }])
    }
    async fn discover(
        &self,
        _: &GenreFilter,
        _: CatalogPage,
        _: DiscoverSort,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(page(self.enter(language).await?))
    }
    async fn popular(
        &self,
        _: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(page(self.enter(language).await?))
    }
    async fn details(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<MovieDetails, Error> {
        let call = self.enter(language).await?;
        if id.0 == 404 {
            return Err(movie_not_found());
        }
        Ok(MovieDetails {
            id,
            // An answer in a language says so, as TMDB's translated titles would.
            title: match language {
                None => format!("call {call}"),
                Some(language) => format!("call {call} {}", language.tag()),
            },
            original_title: "Original".into(),
            tagline: String::new(),
            overview: String::new(),
            release_date: "2001-02-03".into(),
            runtime: Some(100),
            genres: vec![],
            poster_path: None,
            backdrop_path: None,
            vote_average: 6.0,
            budget: None,
            revenue: None,
            trailer: None,
            cast: vec![],
            key_crew: vec![],
        })
    }
    async fn best_match(
        &self,
        title: &str,
        _: Option<i32>,
        language: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        self.enter(language).await?;
        Ok(vec![summary(3, title)])
    }
    async fn now_playing(
        &self,
        _: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(page(self.enter(language).await?))
    }
}

pub struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    pub fn new() -> Arc<Self> {
        Arc::new(Self(Mutex::new(
            Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap(),
        )))
    }
    pub fn advance(&self, by: chrono::Duration) {
        *self.0.lock().unwrap() += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

pub struct Setup {
    pub upstream: Arc<FakeCatalog>,
    pub store: Arc<MemoryMovieCache>,
    pub clock: Arc<ManualClock>,
    pub catalog: CachingCatalog,
}

pub fn setup() -> Setup {
    let upstream = Arc::new(FakeCatalog::default());
    let store = Arc::new(MemoryMovieCache::new());
    let clock = ManualClock::new();
    let catalog =
        CachingCatalog::new(upstream.clone(), store.clone(), "test").with_clock(clock.clone());
    Setup {
        upstream,
        store,
        clock,
        catalog,
    }
}
