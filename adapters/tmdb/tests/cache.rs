//! The caching decorator: hits, expiry, stale answers, single flight, remembering.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod cache_support;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use leffaseura_core::domain::movie::{CatalogPage, DiscoverSort, GenreFilter, SearchQuery};
use leffaseura_core::ports::{MovieCache, MovieCatalog};
use leffaseura_core::{Error, ErrorCode, MovieId};
use leffaseura_tmdb::{CacheTtls, CachingCatalog, MemoryMovieCache};

use cache_support::{setup, FakeCatalog, ManualClock};

#[tokio::test]
async fn a_second_request_is_answered_from_the_cache() {
    let s = setup();
    let first = s.catalog.details_cached(MovieId(550), None).await.unwrap();
    let second = s.catalog.details_cached(MovieId(550), None).await.unwrap();
    assert!(!first.stale && !second.stale);
    assert_eq!(first.value, second.value);
    assert_eq!(s.upstream.calls(), 1);
    assert_eq!(s.store.len(), 1);
    // A different key is a different entry.
    s.catalog.details_cached(MovieId(551), None).await.unwrap();
    assert_eq!(s.upstream.calls(), 2);
}

#[tokio::test]
async fn entries_expire_after_their_ttl() {
    let s = setup();
    let p = CatalogPage::FIRST;
    s.catalog.popular_cached(p, None).await.unwrap();
    s.clock.advance(chrono::Duration::minutes(59));
    assert_eq!(
        s.catalog
            .popular_cached(p, None)
            .await
            .unwrap()
            .value
            .results[0]
            .title,
        "call 1"
    );
    assert_eq!(s.upstream.calls(), 1, "lists live an hour");
    s.clock.advance(chrono::Duration::minutes(2));
    assert_eq!(
        s.catalog
            .popular_cached(p, None)
            .await
            .unwrap()
            .value
            .results[0]
            .title,
        "call 2"
    );
    assert_eq!(s.upstream.calls(), 2);

    s.catalog.details_cached(MovieId(7), None).await.unwrap();
    s.clock.advance(chrono::Duration::hours(23));
    s.catalog.details_cached(MovieId(7), None).await.unwrap();
    assert_eq!(s.upstream.calls(), 3, "details live a day");
    s.clock.advance(chrono::Duration::hours(2));
    s.catalog.details_cached(MovieId(7), None).await.unwrap();
    assert_eq!(s.upstream.calls(), 4);

    s.catalog.genres_cached(None).await.unwrap();
    s.clock.advance(chrono::Duration::days(6));
    s.catalog.genres_cached(None).await.unwrap();
    assert_eq!(s.upstream.calls(), 5, "genres live a week");
}

#[tokio::test]
async fn a_stale_answer_is_served_when_upstream_fails() {
    let s = setup();
    s.catalog.details_cached(MovieId(550), None).await.unwrap();
    s.clock.advance(chrono::Duration::days(3));
    s.upstream.failing.store(true, Ordering::SeqCst);
    let answer = s.catalog.details_cached(MovieId(550), None).await.unwrap();
    assert!(answer.stale);
    assert_eq!(answer.value.title, "call 1");
    assert_eq!(s.upstream.calls(), 2, "upstream was asked first");
    // Through the plain port the value arrives without the flag.
    assert_eq!(
        s.catalog.details(MovieId(550), None).await.unwrap().title,
        "call 1"
    );
}

#[tokio::test]
async fn with_nothing_cached_the_upstream_error_comes_through() {
    let s = setup();
    s.upstream.failing.store(true, Ordering::SeqCst);
    let err = s
        .catalog
        .popular_cached(CatalogPage::FIRST, None)
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
    let err = s
        .catalog
        .details_cached(MovieId(404), None)
        .await
        .unwrap_err();
    assert!(matches!(
        err,
        Error::NotFound {
            code: ErrorCode::MovieNotFound,
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
                    .discover_cached(&genres, CatalogPage::FIRST, DiscoverSort::default(), None)
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
            None,
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
            tokio::spawn(async move { catalog.genres_cached(None).await })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap().is_err());
    }
    assert_eq!(s.upstream.calls(), 1);
    // The flight is over: the next request tries again.
    s.upstream.failing.store(false, Ordering::SeqCst);
    s.upstream.delay_ms.store(0, Ordering::SeqCst);
    assert!(s.catalog.genres_cached(None).await.is_ok());
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
    catalog
        .popular_cached(CatalogPage::FIRST, None)
        .await
        .unwrap();
    clock.advance(chrono::Duration::hours(2));
    upstream.hanging.store(true, Ordering::SeqCst);
    let started = std::time::Instant::now();
    let answer = catalog
        .popular_cached(CatalogPage::FIRST, None)
        .await
        .unwrap();
    assert!(answer.stale);
    assert!(started.elapsed() < Duration::from_secs(2));
    // Nothing cached for another page: the guard's error.
    let err = catalog
        .popular_cached(CatalogPage::new(Some(2)).unwrap(), None)
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
        .search_cached(&SearchQuery::parse("x").unwrap(), CatalogPage::FIRST, None)
        .await
        .unwrap();
    s.catalog.details_cached(MovieId(550), None).await.unwrap();
    s.catalog
        .best_match_cached("Amélie", Some(2001), None)
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
        .search_cached(&SearchQuery::parse("Fight  Club").unwrap(), p, None)
        .await
        .unwrap();
    s.catalog
        .search_cached(&SearchQuery::parse("fight club").unwrap(), p, None)
        .await
        .unwrap();
    assert_eq!(s.upstream.calls(), 1);
}

#[tokio::test]
async fn title_year_input_is_checked_before_the_cache() {
    let s = setup();
    assert!(matches!(
        s.catalog.best_match_cached(" ", None, None).await,
        Err(Error::Invalid { .. })
    ));
    assert_eq!(s.upstream.calls(), 0);
}

#[tokio::test]
async fn an_uncached_catalog_passes_through() {
    let upstream = Arc::new(FakeCatalog::default());
    let catalog = CachingCatalog::uncached(upstream.clone());
    catalog.genres_cached(None).await.unwrap();
    catalog.genres_cached(None).await.unwrap();
    assert_eq!(upstream.calls(), 2);
}

#[tokio::test]
async fn hot_answers_skip_the_store_until_they_expire() {
    let s = setup();
    s.catalog.details_cached(MovieId(42), None).await.unwrap();
    // Another process refreshed the store; this one still has a fresh copy in memory.
    let key = "test:movie:42";
    let mut entry = s.store.get(key).await.unwrap().unwrap();
    entry.body = entry.body.replace("call 1", "from the store");
    s.store.put(key, &entry).await.unwrap();
    assert_eq!(
        s.catalog
            .details_cached(MovieId(42), None)
            .await
            .unwrap()
            .value
            .title,
        "call 1"
    );
    // After expiry the memory copy is not used.
    s.clock.advance(chrono::Duration::hours(25));
    s.upstream.failing.store(true, Ordering::SeqCst);
    let stale = s.catalog.details_cached(MovieId(42), None).await.unwrap();
    assert!(stale.stale);
    assert_eq!(stale.value.title, "from the store");
}

#[tokio::test]
async fn during_an_outage_stale_answers_come_at_once() {
    let s = setup();
    s.catalog.details_cached(MovieId(1), None).await.unwrap();
    s.catalog.details_cached(MovieId(2), None).await.unwrap();
    s.clock.advance(chrono::Duration::days(2));
    s.upstream.failing.store(true, Ordering::SeqCst);
    assert!(
        s.catalog
            .details_cached(MovieId(1), None)
            .await
            .unwrap()
            .stale
    );
    assert_eq!(s.upstream.calls(), 3);
    // The upstream was just found down: the next expired entry is served without asking.
    assert!(
        s.catalog
            .details_cached(MovieId(2), None)
            .await
            .unwrap()
            .stale
    );
    assert_eq!(s.upstream.calls(), 3);
    // Something never cached is still asked for.
    assert!(s.catalog.details_cached(MovieId(3), None).await.is_err());
    assert_eq!(s.upstream.calls(), 4);
    // After the backoff the upstream is tried again, and recovery ends the outage.
    s.clock.advance(chrono::Duration::seconds(31));
    s.upstream.failing.store(false, Ordering::SeqCst);
    assert!(
        !s.catalog
            .details_cached(MovieId(2), None)
            .await
            .unwrap()
            .stale
    );
    assert_eq!(s.upstream.calls(), 5);
}

#[tokio::test]
async fn answers_long_past_expiry_are_purged() {
    let s = setup();
    s.catalog
        .popular_cached(CatalogPage::FIRST, None)
        .await
        .unwrap();
    s.clock.advance(chrono::Duration::days(9));
    // The next fetch purges what expired more than a week ago (in the background).
    s.catalog.genres_cached(None).await.unwrap();
    for _ in 0..50 {
        if s.store.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(s.store.len(), 1, "only the genres remain");
}
