//! Parser tests on recorded-style TMDB answers written from the format notes.

#![allow(clippy::unwrap_used)] // test helpers outside #[test] functions

use leffaseura_core::MovieId;
use leffaseura_tmdb::images::ImageUrls;
use leffaseura_tmdb::wire::{describe_error_body, parse_details, parse_genres, parse_page};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn search_pages_tolerate_nulls_empty_dates_integer_votes_and_unknown_keys() {
    let page = parse_page(
        &fixture("search_movie_page1.json"),
        1,
        &ImageUrls::default(),
    )
    .unwrap();
    assert_eq!(page.page, 1);
    assert_eq!(page.total_pages, 2);
    assert_eq!(page.total_results, 39);
    let ids: Vec<i64> = page.results.iter().map(|m| m.id.0).collect();
    assert_eq!(
        ids,
        vec![550, 900001, 900003],
        "the adult title is left out"
    );

    let fight_club = &page.results[0];
    assert_eq!(fight_club.title, "Fight Club");
    assert_eq!(fight_club.release_date, "1999-10-15");
    assert_eq!(fight_club.release_year(), Some(1999));
    assert_eq!(fight_club.genre_ids, vec![18, 53, 35]);
    assert!((fight_club.vote_average - 8.433).abs() < 1e-9);
    assert_eq!(
        fight_club.poster_path.as_deref(),
        Some("https://image.tmdb.org/t/p/w342/poster-fc.jpg")
    );

    let zombie = &page.results[1];
    assert_eq!(zombie.original_title, "九龍屍城");
    assert_eq!(zombie.release_date, "");
    assert_eq!(zombie.release_year(), None);
    assert_eq!(zombie.poster_path, None);
    assert_eq!(zombie.overview, "");
    assert!(
        (zombie.vote_average - 7.0).abs() < 1e-9,
        "integer vote_average"
    );

    let boxers = &page.results[2];
    assert_eq!(boxers.title, "The Boxers’ Club");
    assert!(boxers.genre_ids.is_empty());
    assert_eq!(boxers.vote_average, 0.0);
}

#[test]
fn popular_pages_clamp_total_pages_to_five_hundred() {
    let page = parse_page(&fixture("popular_page1.json"), 1, &ImageUrls::default()).unwrap();
    assert_eq!(page.total_pages, 500);
    assert_eq!(page.total_results, 849_412);
    assert_eq!(page.results.len(), 2);
    assert_eq!(page.results[0].id, MovieId(787_699));
}

#[test]
fn now_playing_pages_ignore_the_dates_window() {
    let page = parse_page(&fixture("now_playing_page1.json"), 1, &ImageUrls::default()).unwrap();
    assert_eq!(page.results.len(), 1);
    assert_eq!(page.results[0].original_title, "Muumit rivieralla");
    assert_eq!(page.results[0].title, "Moomins on the Riviera");
}

#[test]
fn genres_list_all_nineteen() {
    let genres = parse_genres(&fixture("genre_movie_list.json")).unwrap();
    assert_eq!(genres.len(), 19);
    assert_eq!(genres[0].id, 28);
    assert_eq!(genres[0].name, "Action");
    assert!(genres.iter().any(|g| g.id == 10770 && g.name == "TV Movie"));
}

#[test]
fn details_bring_cast_key_crew_and_the_newest_official_trailer() {
    let details = parse_details(
        &fixture("movie_550_with_credits_videos.json"),
        &ImageUrls::default(),
    )
    .unwrap()
    .unwrap();
    assert_eq!(details.id, MovieId(550));
    assert_eq!(details.tagline, "Mischief. Mayhem. Soap.");
    assert_eq!(details.runtime, Some(139));
    assert_eq!(details.budget, Some(63_000_000));
    assert_eq!(details.revenue, Some(100_853_753));
    assert_eq!(details.genres.len(), 2);
    assert_eq!(
        details.poster_path.as_deref(),
        Some("https://image.tmdb.org/t/p/w500/poster-fc.jpg")
    );
    assert_eq!(
        details.backdrop_path.as_deref(),
        Some("https://image.tmdb.org/t/p/w1280/bd-fc.jpg")
    );

    let cast: Vec<&str> = details.cast.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        cast,
        vec!["Edward Norton", "Brad Pitt", "Helena Bonham Carter"],
        "by billing order"
    );
    assert_eq!(
        details.cast[0].profile_path.as_deref(),
        Some("https://image.tmdb.org/t/p/w185/norton.jpg")
    );
    assert_eq!(details.cast[2].profile_path, None);

    let crew: Vec<(&str, &str)> = details
        .key_crew
        .iter()
        .map(|c| (c.name.as_str(), c.job.as_str()))
        .collect();
    assert_eq!(
        crew,
        vec![
            ("David Fincher", "Director"),
            ("Jim Uhls", "Screenplay"),
            ("Chuck Palahniuk", "Novel"),
            ("Ross Grayson Bell", "Producer"),
            ("Dust Brothers", "Original Music Composer"),
            ("Jeff Cronenweth", "Director of Photography"),
        ]
    );

    let trailer = details.trailer.unwrap();
    assert_eq!(trailer.name, "20th Anniversary Trailer");
    assert_eq!(trailer.url, "https://www.youtube.com/watch?v=dfeUzm6KF4g");
}

#[test]
fn sparse_details_have_no_runtime_budget_trailer_or_images() {
    let details = parse_details(
        &fixture("movie_unreleased_sparse.json"),
        &ImageUrls::default(),
    )
    .unwrap()
    .unwrap();
    assert_eq!(details.runtime, None);
    assert_eq!(details.budget, None);
    assert_eq!(details.revenue, None);
    assert_eq!(details.trailer, None);
    assert_eq!(details.poster_path, None);
    assert_eq!(details.tagline, "");
    assert_eq!(details.release_year(), None);
    assert!(details.cast.is_empty() && details.key_crew.is_empty());
}

#[test]
fn details_without_appended_objects_still_parse() {
    let body = r#"{"id": 7, "title": "Bare", "original_title": "Bare", "vote_average": 6}"#;
    let details = parse_details(body, &ImageUrls::default()).unwrap().unwrap();
    assert_eq!(details.title, "Bare");
    assert!(details.cast.is_empty());
}

#[test]
fn adult_details_are_treated_as_unknown() {
    let body = r#"{"id": 8, "adult": true, "title": "X"}"#;
    assert_eq!(parse_details(body, &ImageUrls::default()).unwrap(), None);
}

#[test]
fn malformed_bodies_are_errors_not_panics() {
    for body in [
        "",
        "<html>502 Bad Gateway</html>",
        "{\"results\": 5}",
        "[1,2]",
    ] {
        assert!(
            parse_page(body, 1, &ImageUrls::default()).is_err(),
            "{body:?}"
        );
    }
    assert!(parse_details("{\"title\": \"no id\"}", &ImageUrls::default()).is_err());
}

#[test]
fn error_bodies_of_both_shapes_are_described() {
    assert!(describe_error_body(&fixture("error_401.json")).contains("status_code 7"));
    assert!(describe_error_body(&fixture("error_404.json")).contains("status_code 34"));
    assert!(describe_error_body(&fixture("error_429.json")).contains("status_code 25"));
    assert_eq!(
        describe_error_body(&fixture("error_422_errors.json")),
        "query must be provided"
    );
    assert!(describe_error_body("<html>gateway</html>").contains("unparsed"));
}
