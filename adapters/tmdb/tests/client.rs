//! The TMDB adapter against a local fake TMDB.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod support;

use std::time::{Duration, Instant};

use leffaseura_core::domain::movie::{CatalogPage, DiscoverSort, GenreFilter, SearchQuery};
use leffaseura_core::ports::MovieCatalog;
use leffaseura_core::{Error, ErrorCode, MovieId};
use leffaseura_tmdb::{TmdbCatalog, TmdbConfig, TmdbCredentials};
use support::{fixture, start, FakeTmdb, Reply};

fn config(fake: &FakeTmdb) -> TmdbConfig {
    let mut config = TmdbConfig::new(TmdbCredentials::ApiKey(
        "0123456789abcdef0123456789abcdef".into(),
    ))
    .with_api_base(Some(fake.base.clone()));
    config.base_backoff = Duration::from_millis(50);
    config
}

fn catalog(fake: &FakeTmdb) -> TmdbCatalog {
    TmdbCatalog::new(config(fake)).unwrap()
}

fn query(text: &str) -> SearchQuery {
    SearchQuery::parse(text).unwrap()
}

fn is_upstream(err: &Error, want_unavailable: bool) -> bool {
    matches!(err, Error::Upstream { unavailable, .. } if *unavailable == want_unavailable)
}

#[tokio::test]
async fn search_sends_the_documented_parameters_and_parses_the_page() {
    let fake = start(|_, _| Reply::json(200, fixture("search_movie_page1.json"))).await;
    let page = catalog(&fake)
        .search(
            &query(" fight club "),
            CatalogPage::new(Some(2)).unwrap(),
            None,
        )
        .await
        .unwrap();
    assert_eq!(page.results.len(), 3);
    let seen = &fake.seen()[0];
    assert_eq!(seen.path, "/3/search/movie");
    assert_eq!(seen.param("query").as_deref(), Some("fight club"));
    assert_eq!(seen.param("page").as_deref(), Some("2"));
    assert_eq!(seen.param("include_adult").as_deref(), Some("false"));
    assert_eq!(seen.param("language").as_deref(), Some("en-US"));
    assert_eq!(
        seen.param("api_key").as_deref(),
        Some("0123456789abcdef0123456789abcdef")
    );
    assert_eq!(seen.authorization, None);
}

#[tokio::test]
async fn a_read_token_goes_in_the_authorization_header() {
    let fake = start(|_, _| Reply::json(200, fixture("genre_movie_list.json"))).await;
    let mut config = config(&fake);
    config.credentials = TmdbCredentials::ReadToken("eyJhbGciOiJIUzI1NiJ9.test.sig".into());
    let genres = TmdbCatalog::new(config)
        .unwrap()
        .genres(None)
        .await
        .unwrap();
    assert_eq!(genres.len(), 19);
    let seen = &fake.seen()[0];
    assert_eq!(seen.path, "/3/genre/movie/list");
    assert_eq!(
        seen.authorization.as_deref(),
        Some("Bearer eyJhbGciOiJIUzI1NiJ9.test.sig")
    );
    assert_eq!(seen.param("api_key"), None);
}

#[tokio::test]
async fn discover_popular_and_now_playing_hit_their_endpoints() {
    let fake = start(|seen, _| match seen.path.as_str() {
        "/3/movie/now_playing" => Reply::json(200, fixture("now_playing_page1.json")),
        _ => Reply::json(200, fixture("popular_page1.json")),
    })
    .await;
    let tmdb = catalog(&fake);
    let genres = GenreFilter::parse("28,12").unwrap();
    let sort = DiscoverSort::parse(Some("vote_average.desc")).unwrap();
    let page = tmdb
        .discover(&genres, CatalogPage::FIRST, sort, None)
        .await
        .unwrap();
    assert_eq!(page.total_pages, 500);
    tmdb.popular(CatalogPage::new(Some(3)).unwrap(), None)
        .await
        .unwrap();
    let now = tmdb.now_playing(CatalogPage::FIRST, None).await.unwrap();
    assert_eq!(now.results[0].original_title, "Muumit rivieralla");

    let seen = fake.seen();
    assert_eq!(seen[0].path, "/3/discover/movie");
    assert_eq!(seen[0].param("with_genres").as_deref(), Some("28,12"));
    assert_eq!(
        seen[0].param("sort_by").as_deref(),
        Some("vote_average.desc")
    );
    assert_eq!(seen[0].param("vote_count.gte").as_deref(), Some("200"));
    assert_eq!(seen[1].path, "/3/movie/popular");
    assert_eq!(seen[1].param("page").as_deref(), Some("3"));
    assert_eq!(seen[2].path, "/3/movie/now_playing");
}

#[tokio::test]
async fn details_append_credits_and_videos_in_one_call() {
    let fake = start(|_, _| Reply::json(200, fixture("movie_550_with_credits_videos.json"))).await;
    let details = catalog(&fake).details(MovieId(550), None).await.unwrap();
    assert_eq!(details.title, "Fight Club");
    assert_eq!(details.key_crew[0].name, "David Fincher");
    assert_eq!(fake.hits(), 1);
    let seen = &fake.seen()[0];
    assert_eq!(seen.path, "/3/movie/550");
    assert_eq!(
        seen.param("append_to_response").as_deref(),
        Some("credits,videos")
    );
    assert_eq!(
        seen.param("include_video_language").as_deref(),
        Some("en,null")
    );
}

#[tokio::test]
async fn an_unknown_movie_is_not_found() {
    let fake = start(|_, _| Reply::json(404, fixture("error_404.json"))).await;
    let err = catalog(&fake)
        .details(MovieId(999_999_999), None)
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::NotFound {
                code: ErrorCode::MovieNotFound,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "Movie not found");
    assert_eq!(fake.hits(), 1, "404 is not retried");
}

#[tokio::test]
async fn bad_credentials_are_an_upstream_error_and_not_retried() {
    let fake = start(|_, _| Reply::json(401, fixture("error_401.json"))).await;
    let err = catalog(&fake)
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap_err();
    assert!(is_upstream(&err, false), "{err:?}");
    assert!(
        !err.to_string().contains("0123456789abcdef"),
        "the key never leaks into messages"
    );
    assert_eq!(fake.hits(), 1);
}

#[tokio::test]
async fn a_429_with_retry_after_is_waited_out_then_succeeds() {
    let fake = start(|_, index| {
        if index == 0 {
            Reply::json(429, fixture("error_429.json")).header("Retry-After", "1")
        } else {
            Reply::json(200, fixture("popular_page1.json"))
        }
    })
    .await;
    let started = Instant::now();
    let page = catalog(&fake)
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap();
    assert_eq!(page.results.len(), 2);
    assert_eq!(fake.hits(), 2);
    assert!(
        started.elapsed() >= Duration::from_millis(950),
        "Retry-After honoured"
    );
}

#[tokio::test]
async fn a_retry_after_beyond_the_budget_fails_at_once() {
    let fake =
        start(|_, _| Reply::json(429, fixture("error_429.json")).header("Retry-After", "60")).await;
    let started = Instant::now();
    let err = catalog(&fake)
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap_err();
    assert!(is_upstream(&err, true), "{err:?}");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(fake.hits(), 1);
}

#[tokio::test]
async fn server_errors_are_retried_at_most_twice() {
    let fake = start(|_, _| Reply::json(500, "<html>oops</html>")).await;
    let err = catalog(&fake)
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap_err();
    assert!(is_upstream(&err, false), "{err:?}");
    assert_eq!(fake.hits(), 3);
}

#[tokio::test]
async fn a_503_then_success_recovers() {
    let fake = start(|_, index| {
        if index < 2 {
            Reply::json(
                503,
                r#"{"status_code": 46, "status_message": "maintenance"}"#,
            )
        } else {
            Reply::json(200, fixture("genre_movie_list.json"))
        }
    })
    .await;
    assert_eq!(catalog(&fake).genres(None).await.unwrap().len(), 19);
    assert_eq!(fake.hits(), 3);
}

#[tokio::test]
async fn a_silent_upstream_fails_within_the_budget() {
    let fake = start(|_, _| {
        Reply::json(200, fixture("popular_page1.json")).delayed(Duration::from_secs(30))
    })
    .await;
    let mut config = config(&fake);
    config.total_timeout = Duration::from_millis(1500);
    let started = Instant::now();
    let err = TmdbCatalog::new(config)
        .unwrap()
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap_err();
    let elapsed = started.elapsed();
    assert!(is_upstream(&err, true), "{err:?}");
    assert!(elapsed >= Duration::from_millis(1400), "{elapsed:?}");
    assert!(elapsed < Duration::from_millis(2500), "{elapsed:?}");
}

#[tokio::test]
async fn the_default_budget_is_ten_seconds() {
    let fake = start(|_, _| Reply::json(200, "{}").delayed(Duration::from_secs(60))).await;
    let started = Instant::now();
    let err = catalog(&fake)
        .details(MovieId(550), None)
        .await
        .unwrap_err();
    let elapsed = started.elapsed();
    assert!(is_upstream(&err, true), "{err:?}");
    assert!(
        elapsed >= Duration::from_millis(9_900) && elapsed < Duration::from_millis(10_800),
        "{elapsed:?}"
    );
}

#[tokio::test]
async fn malformed_json_is_a_bad_upstream_answer() {
    let fake = start(|_, _| Reply::json(200, r#"{"page": 1, "results": [{"id": "#)).await;
    let err = catalog(&fake)
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap_err();
    assert!(is_upstream(&err, false), "{err:?}");
    assert_eq!(fake.hits(), 1);
}

#[tokio::test]
async fn an_unreachable_upstream_is_unavailable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let mut config = TmdbConfig::new(TmdbCredentials::ApiKey("k".into()))
        .with_api_base(Some(format!("http://{addr}/3")));
    config.base_backoff = Duration::from_millis(10);
    let err = TmdbCatalog::new(config)
        .unwrap()
        .genres(None)
        .await
        .unwrap_err();
    assert!(is_upstream(&err, true), "{err:?}");
}

#[tokio::test]
async fn best_match_searches_with_the_year_then_without() {
    let fake = start(|seen, _| {
        if seen.param("year").is_some() {
            Reply::json(
                200,
                r#"{"page":1,"results":[],"total_pages":0,"total_results":0}"#,
            )
        } else {
            Reply::json(200, fixture("search_movie_page1.json"))
        }
    })
    .await;
    let found = catalog(&fake)
        .best_match("Fight Club", Some(2000), None)
        .await
        .unwrap();
    assert_eq!(found[0].id, MovieId(550), "a year off by one still matches");
    let seen = fake.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].param("year").as_deref(), Some("2000"));
    assert_eq!(seen[0].param("query").as_deref(), Some("Fight Club"));
    assert_eq!(seen[1].param("year"), None);
}

#[tokio::test]
async fn best_match_rejects_a_blank_title_without_calling_tmdb() {
    let fake = start(|_, _| Reply::json(200, "{}")).await;
    let err = catalog(&fake)
        .best_match("  ", Some(1999), None)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Invalid { .. }));
    assert_eq!(fake.hits(), 0);
}

#[tokio::test]
async fn a_404_on_a_list_endpoint_is_an_upstream_error() {
    let fake = start(|_, _| Reply::json(404, fixture("error_404.json"))).await;
    let err = catalog(&fake)
        .popular(CatalogPage::FIRST, None)
        .await
        .unwrap_err();
    assert!(is_upstream(&err, false), "{err:?}");
    let err = catalog(&fake).genres(None).await.unwrap_err();
    assert!(is_upstream(&err, false), "{err:?}");
}

#[tokio::test]
async fn behind_the_cache_a_dead_tmdb_still_answers_from_the_store() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    use leffaseura_tmdb::{CacheTtls, CachingCatalog, MemoryMovieCache};

    let down = Arc::new(AtomicBool::new(false));
    let flag = down.clone();
    let fake = start(move |_, _| {
        if flag.load(Ordering::SeqCst) {
            Reply::json(503, "<html>Service Unavailable</html>")
        } else {
            Reply::json(200, fixture("movie_550_with_credits_videos.json"))
        }
    })
    .await;
    let store = Arc::new(MemoryMovieCache::new());
    let ttls = CacheTtls {
        details: Duration::from_millis(100),
        ..CacheTtls::default()
    };
    let cached =
        CachingCatalog::new(Arc::new(catalog(&fake)), store.clone(), "tmdb:en-US").with_ttls(ttls);
    assert!(
        !cached
            .details_cached(MovieId(550), None)
            .await
            .unwrap()
            .stale
    );
    assert_eq!(store.remembered_count(), 1);
    tokio::time::sleep(Duration::from_millis(150)).await;
    down.store(true, Ordering::SeqCst);
    let answer = cached.details_cached(MovieId(550), None).await.unwrap();
    assert!(answer.stale);
    assert_eq!(answer.value.title, "Fight Club");
    assert_eq!(
        fake.hits(),
        1 + 3,
        "one fetch, then one try with two retries"
    );
}
