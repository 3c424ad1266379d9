//! The caching decorator: hits, expiry, stale answers, single flight, remembering.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};
use leffaseura_core::domain::movie::{
    movie_not_found, CatalogPage, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage,
    MovieSummary, SearchQuery,
};
use leffaseura_core::ports::{Clock, MovieCache, MovieCatalog};
use leffaseura_core::{Error, MovieId};
use leffaseura_tmdb::{CacheTtls, CachingCatalog, MemoryMovieCache};

#[derive(Default)]
struct FakeCatalog {
    calls: AtomicUsize,
    failing: AtomicBool,
    hanging: AtomicBool,
    delay_ms: AtomicUsize,
}

impl FakeCatalog {
    fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }

    async fn enter(&self) -> Result<usize, Error> {
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
                code: "upstream_unavailable",
                message: "down".into(),
                unavailable: true,
            });
        }
        Ok(n)
    }
}

fn summary(id: i64, title: &str) -> MovieSummary {
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

fn page(call: usize) -> MoviePage {
    MoviePage::new(
        vec![summary(1, &format!("call {call}")), summary(2, "Two")],
        1,
        1,
        2,
    )
}

#[async_trait]
impl MovieCatalog for FakeCatalog {
    async fn search(&self, _: &SearchQuery, _: CatalogPage) -> Result<MoviePage, Error> {
        Ok(page(self.enter().await?))
    }
    async fn genres(&self) -> Result<Vec<Genre>, Error> {
        self.enter().await?;
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
    ) -> Result<MoviePage, Error> {
        Ok(page(self.enter().await?))
    }
    async fn popular(&self, _: CatalogPage) -> Result<MoviePage, Error> {
        Ok(page(self.enter().await?))
    }
    async fn details(&self, id: MovieId) -> Result<MovieDetails, Error> {
        let call = self.enter().await?;
        if id.0 == 404 {
            return Err(movie_not_found());
        }
        Ok(MovieDetails {
            id,
            title: format!("call {call}"),
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
    async fn best_match(&self, title: &str, _: Option<i32>) -> Result<Vec<MovieSummary>, Error> {
        self.enter().await?;
        Ok(vec![summary(3, title)])
    }
    async fn now_playing(&self, _: CatalogPage) -> Result<MoviePage, Error> {
        Ok(page(self.enter().await?))
    }
}

struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    fn new() -> Arc<Self> {
        Arc::new(Self(Mutex::new(
            Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap(),
        )))
    }
    fn advance(&self, by: chrono::Duration) {
        *self.0.lock().unwrap() += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

struct Setup {
    upstream: Arc<FakeCatalog>,
    store: Arc<MemoryMovieCache>,
    clock: Arc<ManualClock>,
    catalog: CachingCatalog,
}

fn setup() -> Setup {
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

#[tokio::test]
async fn a_second_request_is_answered_from_the_cache() {
    let s = setup();
    let first = s.catalog.details_cached(MovieId(550)).await.unwrap();
    let second = s.catalog.details_cached(MovieId(550)).await.unwrap();
    assert!(!first.stale && !second.stale);
    assert_eq!(first.value, second.value);
    assert_eq!(s.upstream.calls(), 1);
    assert_eq!(s.store.len(), 1);
    // A different key is a different entry.
    s.catalog.details_cached(MovieId(551)).await.unwrap();
    assert_eq!(s.upstream.calls(), 2);
}

#[tokio::test]
async fn entries_expire_after_their_ttl() {
    let s = setup();
    let p = CatalogPage::FIRST;
    s.catalog.popular_cached(p).await.unwrap();
    s.clock.advance(chrono::Duration::minutes(59));
    assert_eq!(
        s.catalog.popular_cached(p).await.unwrap().value.results[0].title,
        "call 1"
    );
    assert_eq!(s.upstream.calls(), 1, "lists live an hour");
    s.clock.advance(chrono::Duration::minutes(2));
    assert_eq!(
        s.catalog.popular_cached(p).await.unwrap().value.results[0].title,
        "call 2"
    );
    assert_eq!(s.upstream.calls(), 2);

    s.catalog.details_cached(MovieId(7)).await.unwrap();
    s.clock.advance(chrono::Duration::hours(23));
    s.catalog.details_cached(MovieId(7)).await.unwrap();
    assert_eq!(s.upstream.calls(), 3, "details live a day");
    s.clock.advance(chrono::Duration::hours(2));
    s.catalog.details_cached(MovieId(7)).await.unwrap();
    assert_eq!(s.upstream.calls(), 4);

    s.catalog.genres_cached().await.unwrap();
    s.clock.advance(chrono::Duration::days(6));
    s.catalog.genres_cached().await.unwrap();
    assert_eq!(s.upstream.calls(), 5, "genres live a week");
}

#[tokio::test]
async fn a_stale_answer_is_served_when_upstream_fails() {
    let s = setup();
    s.catalog.details_cached(MovieId(550)).await.unwrap();
    s.clock.advance(chrono::Duration::days(3));
    s.upstream.failing.store(true, Ordering::SeqCst);
    let answer = s.catalog.details_cached(MovieId(550)).await.unwrap();
    assert!(answer.stale);
    assert_eq!(answer.value.title, "call 1");
    assert_eq!(s.upstream.calls(), 2, "upstream was asked first");
    // Through the plain port the value arrives without the flag.
    assert_eq!(
        s.catalog.details(MovieId(550)).await.unwrap().title,
        "call 1"
    );
}

#[tokio::test]
async fn with_nothing_cached_the_upstream_error_comes_through() {
    let s = setup();
    s.upstream.failing.store(true, Ordering::SeqCst);
    let err = s
        .catalog
        .popular_cached(CatalogPage::FIRST)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Upstream {
                unavailable: true,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(s.store.is_empty());
}

#[tokio::test]
async fn not_found_is_never_covered_by_the_cache() {
    let s = setup();
    let err = s.catalog.details_cached(MovieId(404)).await.unwrap_err();
    assert!(matches!(
        err,
        Error::NotFound {
            code: "movie_not_found",
            ..
        }
    ));
    assert!(s.store.is_empty());
}

#[tokio::test]
async fn twenty_concurrent_identical_requests_make_one_upstream_call() {
    let s = setup();
    s.upstream.delay_ms.store(200, Ordering::SeqCst);
    let genres = GenreFilter::parse("28,12").unwrap();
    let tasks: Vec<_> = (0..20)
        .map(|_| {
            let catalog = s.catalog.clone();
            let genres = genres.clone();
            tokio::spawn(async move {
                catalog
                    .discover_cached(&genres, CatalogPage::FIRST, DiscoverSort::default())
                    .await
            })
        })
        .collect();
    for task in tasks {
        let answer = task.await.unwrap().unwrap();
        assert_eq!(answer.value.results[0].title, "call 1");
    }
    assert_eq!(s.upstream.calls(), 1);
    // Genre order does not matter to the key.
    s.catalog
        .discover_cached(
            &GenreFilter::parse("12,28").unwrap(),
            CatalogPage::FIRST,
            DiscoverSort::default(),
        )
        .await
        .unwrap();
    assert_eq!(s.upstream.calls(), 1);
}

#[tokio::test]
async fn concurrent_requests_share_a_failure_too() {
    let s = setup();
    s.upstream.delay_ms.store(100, Ordering::SeqCst);
    s.upstream.failing.store(true, Ordering::SeqCst);
    let tasks: Vec<_> = (0..10)
        .map(|_| {
            let catalog = s.catalog.clone();
            tokio::spawn(async move { catalog.genres_cached().await })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap().is_err());
    }
    assert_eq!(s.upstream.calls(), 1);
    // The flight is over: the next request tries again.
    s.upstream.failing.store(false, Ordering::SeqCst);
    s.upstream.delay_ms.store(0, Ordering::SeqCst);
    assert!(s.catalog.genres_cached().await.is_ok());
    assert_eq!(s.upstream.calls(), 2);
}

#[tokio::test]
async fn a_hanging_upstream_is_cut_off_by_the_guard_and_stale_is_served() {
    let upstream = Arc::new(FakeCatalog::default());
    let store = Arc::new(MemoryMovieCache::new());
    let clock = ManualClock::new();
    let ttls = CacheTtls {
        upstream_timeout: Duration::from_millis(300),
        ..CacheTtls::default()
    };
    let catalog = CachingCatalog::new(upstream.clone(), store.clone(), "t")
        .with_clock(clock.clone())
        .with_ttls(ttls);
    catalog.popular_cached(CatalogPage::FIRST).await.unwrap();
    clock.advance(chrono::Duration::hours(2));
    upstream.hanging.store(true, Ordering::SeqCst);
    let started = std::time::Instant::now();
    let answer = catalog.popular_cached(CatalogPage::FIRST).await.unwrap();
    assert!(answer.stale);
    assert!(started.elapsed() < Duration::from_secs(2));
    // Nothing cached for another page: the guard's error.
    let err = catalog
        .popular_cached(CatalogPage::new(Some(2)).unwrap())
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Upstream {
                unavailable: true,
                ..
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn every_movie_seen_is_remembered() {
    let s = setup();
    s.catalog
        .search_cached(&SearchQuery::parse("x").unwrap(), CatalogPage::FIRST)
        .await
        .unwrap();
    s.catalog.details_cached(MovieId(550)).await.unwrap();
    s.catalog
        .best_match_cached("Amélie", Some(2001))
        .await
        .unwrap();
    let found = s
        .store
        .find_movies(&[
            MovieId(1),
            MovieId(2),
            MovieId(550),
            MovieId(3),
            MovieId(99),
        ])
        .await
        .unwrap();
    let mut ids: Vec<i64> = found.iter().map(|m| m.id.0).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec![1, 2, 3, 550]);
    let fc = found.iter().find(|m| m.id.0 == 550).unwrap();
    assert_eq!(fc.release_year, Some(2001));
    assert_eq!(fc.original_title, "Original");
}

#[tokio::test]
async fn search_keys_ignore_case_and_spacing() {
    let s = setup();
    let p = CatalogPage::FIRST;
    s.catalog
        .search_cached(&SearchQuery::parse("Fight  Club").unwrap(), p)
        .await
        .unwrap();
    s.catalog
        .search_cached(&SearchQuery::parse("fight club").unwrap(), p)
        .await
        .unwrap();
    assert_eq!(s.upstream.calls(), 1);
}

#[tokio::test]
async fn title_year_input_is_checked_before_the_cache() {
    let s = setup();
    assert!(matches!(
        s.catalog.best_match_cached(" ", None).await,
        Err(Error::Invalid { .. })
    ));
    assert_eq!(s.upstream.calls(), 0);
}

#[tokio::test]
async fn an_uncached_catalog_passes_through() {
    let upstream = Arc::new(FakeCatalog::default());
    let catalog = CachingCatalog::uncached(upstream.clone());
    catalog.genres_cached().await.unwrap();
    catalog.genres_cached().await.unwrap();
    assert_eq!(upstream.calls(), 2);
}

#[tokio::test]
async fn hot_answers_skip_the_store_until_they_expire() {
    let s = setup();
    s.catalog.details_cached(MovieId(42)).await.unwrap();
    // Another process refreshed the store; this one still has a fresh copy in memory.
    let key = "test:movie:42";
    let mut entry = s.store.get(key).await.unwrap().unwrap();
    entry.body = entry.body.replace("call 1", "from the store");
    s.store.put(key, &entry).await.unwrap();
    assert_eq!(
        s.catalog
            .details_cached(MovieId(42))
            .await
            .unwrap()
            .value
            .title,
        "call 1"
    );
    // After expiry the memory copy is not used.
    s.clock.advance(chrono::Duration::hours(25));
    s.upstream.failing.store(true, Ordering::SeqCst);
    let stale = s.catalog.details_cached(MovieId(42)).await.unwrap();
    assert!(stale.stale);
    assert_eq!(stale.value.title, "from the store");
}

#[tokio::test]
async fn during_an_outage_stale_answers_come_at_once() {
    let s = setup();
    s.catalog.details_cached(MovieId(1)).await.unwrap();
    s.catalog.details_cached(MovieId(2)).await.unwrap();
    s.clock.advance(chrono::Duration::days(2));
    s.upstream.failing.store(true, Ordering::SeqCst);
    assert!(s.catalog.details_cached(MovieId(1)).await.unwrap().stale);
    assert_eq!(s.upstream.calls(), 3);
    // The upstream was just found down: the next expired entry is served without asking.
    assert!(s.catalog.details_cached(MovieId(2)).await.unwrap().stale);
    assert_eq!(s.upstream.calls(), 3);
    // Something never cached is still asked for.
    assert!(s.catalog.details_cached(MovieId(3)).await.is_err());
    assert_eq!(s.upstream.calls(), 4);
    // After the backoff the upstream is tried again, and recovery ends the outage.
    s.clock.advance(chrono::Duration::seconds(31));
    s.upstream.failing.store(false, Ordering::SeqCst);
    assert!(!s.catalog.details_cached(MovieId(2)).await.unwrap().stale);
    assert_eq!(s.upstream.calls(), 5);
}

#[tokio::test]
async fn answers_long_past_expiry_are_purged() {
    let s = setup();
    s.catalog.popular_cached(CatalogPage::FIRST).await.unwrap();
    s.clock.advance(chrono::Duration::days(9));
    // The next fetch purges what expired more than a week ago (in the background).
    s.catalog.genres_cached().await.unwrap();
    for _ in 0..50 {
        if s.store.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(s.store.len(), 1, "only the genres remain");
}
