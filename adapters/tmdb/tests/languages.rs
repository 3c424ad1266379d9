//! Movie data per language: the client asks TMDB in the language of the request (or
//! TMDB_LANGUAGE when none is asked for), and the cache keeps each language apart.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

mod cache_support;
mod support;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{CatalogPage, SearchQuery};
use leffaseura_core::ports::{MovieCache, MovieCatalog};
use leffaseura_core::MovieId;
use leffaseura_tmdb::{CachingCatalog, MemoryMovieCache, TmdbCatalog, TmdbConfig, TmdbCredentials};

use cache_support::{setup, FakeCatalog};
use support::{fixture, start, FakeTmdb, Reply};

fn tmdb(fake: &FakeTmdb, default_language: Option<&str>) -> TmdbCatalog {
    let config = TmdbConfig::new(TmdbCredentials::ApiKey(
        "0123456789abcdef0123456789abcdef".into(),
    ))
    .with_api_base(Some(fake.base.clone()))
    .with_language(default_language.map(str::to_owned));
    TmdbCatalog::new(config).unwrap()
}

/// A fake TMDB whose genre list follows `language`, as TMDB's does.
async fn genre_fake() -> FakeTmdb {
    start(|seen, _| {
        if seen.param("language").as_deref() == Some("fi-FI") {
            Reply::json(200, r#"{"genres":[{"id":28,"name":"Toiminta"}]}"#)
        } else {
            Reply::json(200, fixture("genre_movie_list.json"))
        }
    })
    .await
}

#[tokio::test]
async fn every_call_asks_tmdb_in_the_requested_language() {
    let fake = start(|seen, _| match seen.path.as_str() {
        "/3/movie/550" => Reply::json(200, fixture("movie_550_with_credits_videos.json")),
        "/3/genre/movie/list" => Reply::json(200, fixture("genre_movie_list.json")),
        _ => Reply::json(200, fixture("search_movie_page1.json")),
    })
    .await;
    let catalog = tmdb(&fake, None);
    let fi = Some(Language::Finnish);
    let query = SearchQuery::parse("fight club").unwrap();
    let page = CatalogPage::FIRST;
    catalog.search(&query, page, fi).await.unwrap();
    catalog.genres(fi).await.unwrap();
    catalog
        .discover(&Default::default(), page, Default::default(), fi)
        .await
        .unwrap();
    catalog.popular(page, fi).await.unwrap();
    catalog.now_playing(page, fi).await.unwrap();
    catalog.best_match("Fight Club", None, fi).await.unwrap();
    catalog.details(MovieId(550), fi).await.unwrap();
    let seen = fake.seen();
    assert_eq!(seen.len(), 7);
    for request in &seen {
        assert_eq!(
            request.param("language").as_deref(),
            Some("fi-FI"),
            "{}",
            request.path
        );
    }
    // Trailers in Finnish, English or no language: most trailers are English.
    assert_eq!(
        seen[6].param("include_video_language").as_deref(),
        Some("fi,en,null")
    );

    catalog
        .details(MovieId(550), Some(Language::English))
        .await
        .unwrap();
    let english = &fake.seen()[7];
    assert_eq!(english.param("language").as_deref(), Some("en-US"));
    assert_eq!(
        english.param("include_video_language").as_deref(),
        Some("en,null")
    );
}

#[tokio::test]
async fn no_language_means_tmdb_language() {
    let fake = genre_fake().await;
    tmdb(&fake, None).genres(None).await.unwrap();
    let finnish_by_default = tmdb(&fake, Some("fi-FI")).genres(None).await.unwrap();
    let seen = fake.seen();
    assert_eq!(seen[0].param("language").as_deref(), Some("en-US"));
    assert_eq!(seen[1].param("language").as_deref(), Some("fi-FI"));
    assert_eq!(finnish_by_default[0].name, "Toiminta");
}

#[tokio::test]
async fn finnish_and_english_answers_are_cached_apart() {
    let fake = genre_fake().await;
    let store = Arc::new(MemoryMovieCache::new());
    let catalog = CachingCatalog::new(Arc::new(tmdb(&fake, None)), store.clone(), "tmdb")
        .with_default_language("en-US");
    let fi = catalog
        .genres_cached(Some(Language::Finnish))
        .await
        .unwrap();
    let en = catalog
        .genres_cached(Some(Language::English))
        .await
        .unwrap();
    assert_eq!(fi.value[0].name, "Toiminta");
    assert_eq!(en.value[0].name, "Action");
    assert_eq!(fake.hits(), 2);
    // Each is answered from its own entry, and no language is TMDB_LANGUAGE's entry.
    let fi_again = catalog
        .genres_cached(Some(Language::Finnish))
        .await
        .unwrap();
    let default = catalog.genres_cached(None).await.unwrap();
    assert_eq!(fi_again.value[0].name, "Toiminta");
    assert_eq!(default.value[0].name, "Action");
    assert_eq!(fake.hits(), 2);
    assert!(store.get("tmdb:fi-FI:genres").await.unwrap().is_some());
    assert!(store.get("tmdb:en-US:genres").await.unwrap().is_some());
}

#[tokio::test]
async fn each_language_keeps_its_own_stale_answer() {
    let s = setup();
    let fi = Some(Language::Finnish);
    let first = s.catalog.details_cached(MovieId(550), fi).await.unwrap();
    assert_eq!(first.value.title, "call 1 fi-FI");
    s.clock.advance(chrono::Duration::days(2));
    s.upstream.failing.store(true, Ordering::SeqCst);
    let stale = s.catalog.details_cached(MovieId(550), fi).await.unwrap();
    assert!(stale.stale);
    assert_eq!(stale.value.title, "call 1 fi-FI");
    // English was never fetched: a Finnish answer does not stand in for it.
    let english = s
        .catalog
        .details_cached(MovieId(550), Some(Language::English))
        .await;
    assert!(english.is_err(), "{english:?}");
    assert_eq!(
        s.upstream.languages(),
        vec![fi, fi, Some(Language::English)]
    );
}

#[tokio::test]
async fn only_default_language_answers_update_the_remembered_movies() {
    let upstream = Arc::new(FakeCatalog::default());
    let store = Arc::new(MemoryMovieCache::new());
    let catalog =
        CachingCatalog::new(upstream.clone(), store.clone(), "t").with_default_language("en-US");
    catalog
        .details_cached(MovieId(550), Some(Language::Finnish))
        .await
        .unwrap();
    assert!(store.find_movies(&[MovieId(550)]).await.unwrap().is_empty());
    catalog
        .details_cached(MovieId(550), Some(Language::English))
        .await
        .unwrap();
    let remembered = store.find_movies(&[MovieId(550)]).await.unwrap();
    assert_eq!(remembered[0].title, "call 2 en-US");
    // Asking for no language is asking for the default one: the same entry.
    catalog.details_cached(MovieId(550), None).await.unwrap();
    assert_eq!(upstream.calls(), 2);
}
