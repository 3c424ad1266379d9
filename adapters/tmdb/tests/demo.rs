//! The offline demo catalog, on a small fixture of our own and on the bundled file.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use leffaseura_core::domain::movie::{CatalogPage, DiscoverSort, GenreFilter, SearchQuery};
use leffaseura_core::ports::{MovieCatalog, PosterFormat};
use leffaseura_core::{Error, ErrorCode, MovieId};
use leffaseura_tmdb::demo::{person_id, poster_png, GENRES};
use leffaseura_tmdb::{DemoCatalog, DemoConfig};

const FIXTURE: &str = r#"{"movies": [
 {"id": 550, "title": "Fight Club", "original_title": "Fight Club", "release_date": "1999-10-15", "runtime": 139, "genre_ids": [18, 53], "tagline": "Mischief. Mayhem. Soap.", "overview": "Soap and fists.", "budget": 63000000, "revenue": 100853753, "vote_average": 8.4, "vote_count": 27000, "popularity": 61.4, "original_language": "en", "directors": ["David Fincher"], "writers": ["Jim Uhls"], "composer": "Dust Brothers", "cast": [{"name": "Edward Norton", "character": "The Narrator"}, {"name": "Brad Pitt", "character": "Tyler Durden"}]},
 {"id": 194, "title": "Amélie", "original_title": "Le Fabuleux Destin d'Amélie Poulain", "release_date": "2001-04-25", "runtime": 122, "genre_ids": [35, 10749], "tagline": "", "overview": "A shy waitress.", "budget": null, "revenue": null, "vote_average": 7.9, "vote_count": 11000, "popularity": 30.0, "original_language": "fr", "directors": ["Jean-Pierre Jeunet"], "writers": ["Jean-Pierre Jeunet", "Guillaume Laurant"], "composer": "Yann Tiersen", "cast": [{"name": "Audrey Tautou", "character": "Amélie Poulain"}]},
 {"id": 129, "title": "Spirited Away", "original_title": "千と千尋の神隠し", "release_date": "2001-07-20", "runtime": 125, "genre_ids": [16, 10751, 14], "tagline": "", "overview": "A girl in a spirit world.", "budget": 19000000, "revenue": 274925095, "vote_average": 8.5, "vote_count": 16000, "popularity": 80.0, "original_language": "ja", "directors": ["Hayao Miyazaki"], "writers": ["Hayao Miyazaki"], "composer": "Joe Hisaishi", "cast": [{"name": "Rumi Hiiragi", "character": "Chihiro (voice)"}]},
 {"id": 680, "title": "Pulp Fiction", "original_title": "Pulp Fiction", "release_date": "1994-09-10", "runtime": 154, "genre_ids": [53, 80], "tagline": "Just because you are a character doesn't mean you have character.", "overview": "Crime stories.", "budget": 8000000, "revenue": 213928762, "vote_average": 8.5, "vote_count": 26000, "popularity": 70.0, "original_language": "en", "directors": ["Quentin Tarantino"], "writers": ["Quentin Tarantino"], "composer": null, "cast": [{"name": "John Travolta", "character": "Vincent Vega"}, {"name": "Samuel L. Jackson", "character": "Jules Winnfield"}]}
]}"#;

fn demo() -> DemoCatalog {
    DemoCatalog::from_json(FIXTURE, DemoConfig::default()).unwrap()
}

fn ids(page: &leffaseura_core::domain::movie::MoviePage) -> Vec<i64> {
    page.results.iter().map(|m| m.id.0).collect()
}

#[tokio::test]
async fn search_ignores_case_and_accents_on_both_titles() {
    let demo = demo();
    let p = CatalogPage::FIRST;
    for (query, expected) in [
        ("amelie", vec![194]),
        ("AMÉLIE", vec![194]),
        ("destin d'amelie", vec![194]),
        ("fight", vec![550]),
        ("千と千尋", vec![129]),
        ("club fight", vec![550]),
        ("zzz", vec![]),
    ] {
        let page = demo
            .search(&SearchQuery::parse(query).unwrap(), p, None)
            .await
            .unwrap();
        assert_eq!(ids(&page), expected, "{query}");
    }
}

#[tokio::test]
async fn discover_requires_every_genre_and_sorts() {
    let demo = demo();
    let all = demo
        .discover(
            &GenreFilter::default(),
            CatalogPage::FIRST,
            DiscoverSort::default(),
            None,
        )
        .await
        .unwrap();
    assert_eq!(ids(&all), vec![129, 680, 550, 194], "by popularity");
    assert_eq!(all.total_results, 4);
    assert_eq!(all.total_pages, 1);
    let thrillers = demo
        .discover(
            &GenreFilter::parse("53").unwrap(),
            CatalogPage::FIRST,
            DiscoverSort::default(),
            None,
        )
        .await
        .unwrap();
    assert_eq!(ids(&thrillers), vec![680, 550]);
    let crime_thrillers = demo
        .discover(
            &GenreFilter::parse("53,80").unwrap(),
            CatalogPage::FIRST,
            DiscoverSort::default(),
            None,
        )
        .await
        .unwrap();
    assert_eq!(ids(&crime_thrillers), vec![680]);
    let by_date = demo
        .discover(
            &GenreFilter::default(),
            CatalogPage::FIRST,
            DiscoverSort::parse(Some("primary_release_date.asc")).unwrap(),
            None,
        )
        .await
        .unwrap();
    assert_eq!(ids(&by_date), vec![680, 550, 194, 129]);
    let page2 = demo
        .discover(
            &GenreFilter::default(),
            CatalogPage::new(Some(2)).unwrap(),
            DiscoverSort::default(),
            None,
        )
        .await
        .unwrap();
    assert!(page2.results.is_empty());
    assert_eq!(page2.page, 2);
}

#[tokio::test]
async fn details_have_key_crew_cast_and_a_local_poster() {
    let demo = demo();
    let amelie = demo.details(MovieId(194), None).await.unwrap();
    assert_eq!(amelie.original_title, "Le Fabuleux Destin d'Amélie Poulain");
    assert_eq!(
        amelie.poster_path.as_deref(),
        Some("/api/demo/poster/194.png")
    );
    assert_eq!(amelie.budget, None);
    let crew: Vec<(&str, &str)> = amelie
        .key_crew
        .iter()
        .map(|c| (c.name.as_str(), c.job.as_str()))
        .collect();
    assert_eq!(
        crew,
        vec![
            ("Jean-Pierre Jeunet", "Director, Writer"),
            ("Guillaume Laurant", "Writer"),
            ("Yann Tiersen", "Original Music Composer"),
        ]
    );
    assert_eq!(amelie.cast[0].id, person_id("Audrey Tautou"));
    assert_eq!(
        amelie
            .genres
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>(),
        vec!["Comedy", "Romance"]
    );
    let fight_club = demo.details(MovieId(550), None).await.unwrap();
    assert_eq!(fight_club.runtime, Some(139));
    assert_eq!(fight_club.revenue, Some(100_853_753));
    assert!(fight_club
        .trailer
        .unwrap()
        .url
        .starts_with("https://www.youtube.com/results?search_query=Fight+Club+1999"));
    let err = demo.details(MovieId(1), None).await.unwrap_err();
    assert!(matches!(
        err,
        Error::NotFound {
            code: ErrorCode::MovieNotFound,
            ..
        }
    ));
}

#[tokio::test]
async fn person_ids_are_stable_across_films() {
    let demo = demo();
    let pulp = demo.details(MovieId(680), None).await.unwrap();
    let tarantino = pulp
        .key_crew
        .iter()
        .find(|c| c.name == "Quentin Tarantino")
        .unwrap();
    assert_eq!(tarantino.job, "Director, Writer");
    assert_eq!(tarantino.id, person_id("Quentin Tarantino"));
    assert_ne!(person_id("Quentin Tarantino"), person_id("John Travolta"));
    assert!(person_id("x") > 1_000_000_000_000 && person_id("x") < 9_007_199_254_740_991);
}

#[tokio::test]
async fn popular_now_playing_and_title_year() {
    let demo = demo();
    assert_eq!(
        ids(&demo.popular(CatalogPage::FIRST, None).await.unwrap()),
        vec![129, 680, 550, 194]
    );
    let now = demo.now_playing(CatalogPage::FIRST, None).await.unwrap();
    assert_eq!(ids(&now), vec![129, 194, 550, 680], "newest first, stable");
    let found = demo
        .best_match("Le fabuleux destin d’Amélie Poulain", Some(2001), None)
        .await
        .unwrap();
    assert_eq!(found.first().map(|m| m.id.0), Some(194));
    assert!(demo
        .best_match("Fight Club", Some(1950), None)
        .await
        .unwrap()
        .iter()
        .all(|m| m.id.0 == 550));
    assert!(demo
        .best_match("Nothing Like This", None, None)
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn all_nineteen_genres_are_listed() {
    let genres = demo().genres(None).await.unwrap();
    assert_eq!(genres.len(), 19);
    assert_eq!(GENRES.len(), 19);
}

#[test]
fn posters_are_png_and_svg_with_title_and_year() {
    let demo = DemoCatalog::from_json(
        FIXTURE,
        DemoConfig {
            poster_base: "http://localhost:8080/api/demo/poster/".into(),
        },
    )
    .unwrap();
    assert_eq!(
        demo.poster_url(550),
        "http://localhost:8080/api/demo/poster/550.png"
    );
    let png = demo.poster(194, PosterFormat::Png).unwrap();
    assert_eq!(png, poster_png(194, "Amélie", Some(2001)).unwrap());
    // Made once, then served as made.
    assert_eq!(demo.poster(194, PosterFormat::Png).unwrap(), png);
    let svg = String::from_utf8(demo.poster(194, PosterFormat::Svg).unwrap()).unwrap();
    assert!(svg.contains("Amélie") && svg.contains("2001"));
    assert!(demo.poster(1, PosterFormat::Png).is_none());
    assert!(demo.poster(1, PosterFormat::Svg).is_none());
}

#[test]
fn the_bundled_catalog_loads_with_unique_ids_and_known_genres() {
    let demo = DemoCatalog::bundled(DemoConfig::default()).unwrap();
    assert!(
        demo.len() >= 120,
        "bundled catalog has {} films",
        demo.len()
    );
    let json: serde_json::Value =
        serde_json::from_str(leffaseura_tmdb::demo::BUNDLED_CATALOG).unwrap();
    let movies = json["movies"].as_array().unwrap();
    assert_eq!(movies.len(), demo.len(), "no duplicate ids");
    for movie in movies {
        for genre in movie["genre_ids"].as_array().unwrap() {
            let id = genre.as_i64().unwrap();
            assert!(
                GENRES.iter().any(|(g, _)| *g == id),
                "unknown genre {id} in {}",
                movie["title"]
            );
        }
        let date = movie["release_date"].as_str().unwrap_or("");
        assert!(date.len() == 10, "release date of {}", movie["title"]);
    }
    assert_eq!(demo.remembered_all().len(), demo.len());
    for (genre, name) in GENRES {
        let count = movies
            .iter()
            .filter(|m| m["genre_ids"].as_array().unwrap().contains(&genre.into()))
            .count();
        assert!(count >= 1, "no film of genre {name}");
    }
}

#[tokio::test]
async fn the_bundled_catalog_pages_every_genre() {
    let demo = DemoCatalog::bundled(DemoConfig::default()).unwrap();
    for (genre, name) in GENRES {
        let page = demo
            .discover(
                &GenreFilter::from_ids([genre]),
                CatalogPage::FIRST,
                DiscoverSort::default(),
                None,
            )
            .await
            .unwrap();
        assert!(!page.results.is_empty(), "{name}");
        assert!(page.results.len() <= 20);
    }
    let popular = demo.popular(CatalogPage::FIRST, None).await.unwrap();
    assert_eq!(popular.results.len(), 20);
    assert!(popular.total_pages >= 6);
    let last = demo
        .popular(
            CatalogPage::new(Some(i64::from(popular.total_pages))).unwrap(),
            None,
        )
        .await
        .unwrap();
    assert!(!last.results.is_empty());
}
