//! The spec's constraints against core's rules (issue 12 §3). poem-openapi takes the
//! numbers of `#[oai(validator(...))]` as literals only, so these tests are what keeps
//! the spec and core one rule: every limit is read from the generated spec and compared
//! with core's constant, and every pattern is tried on values near the edges of its
//! rule — a value the pattern admits must be one core accepts, because a client (or
//! schemathesis' `positive_data_acceptance`) that keeps to the spec must not be refused.

use poem_openapi::validation::{Pattern, Validator};
use serde_json::Value;

use leffaseura_core::domain::constants::*;
use leffaseura_core::domain::favorite::{FAVORITE_TITLE_MAX, FAVORITE_YEAR_RANGE};
use leffaseura_core::domain::genre::GENRES;
use leffaseura_core::domain::group::model::{PosterUrl, GROUP_SEARCH_QUERY_MAX, POSTER_URL_MAX};
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{CatalogPage, DiscoverSort, MAX_QUERY_CHARS};
use leffaseura_core::domain::report::{REPORT_LIST_MAX, REPORT_NOTE_MAX};
use leffaseura_core::domain::show_date::ShowDate;
use leffaseura_core::domain::text::{Description, GroupName, ReviewContent};
use leffaseura_core::domain::user::{
    Bio, Email, Password, Username, BIO_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX,
    USERNAME_MIN,
};

fn spec() -> Value {
    serde_json::from_str(&crate::api::spec_json()).expect("the spec is JSON")
}

fn param<'a>(spec: &'a Value, path: &str, method: &str, name: &str) -> &'a Value {
    spec["paths"][path][method]["parameters"]
        .as_array()
        .unwrap_or_else(|| panic!("{method} {path} has parameters"))
        .iter()
        .find(|p| p["name"] == name)
        .map(|p| &p["schema"])
        .unwrap_or_else(|| panic!("{method} {path} has `{name}`"))
}

fn property<'a>(spec: &'a Value, schema: &str, name: &str) -> &'a Value {
    let found = &spec["components"]["schemas"][schema]["properties"][name];
    assert!(found.is_object(), "{schema}.{name} is in the spec");
    found
}

fn pattern_of(schema: &Value) -> &'static str {
    let pattern = schema["pattern"]
        .as_str()
        .unwrap_or_else(|| panic!("a pattern in {schema}"));
    Box::leak(pattern.to_owned().into_boxed_str())
}

fn admits(pattern: &'static str, value: &str) -> bool {
    Validator::<&str>::check(&Pattern::new(pattern), &value)
}

#[test]
fn list_limits_are_cores_maximums() {
    let spec = spec();
    let lists: [(&str, i64); 15] = [
        ("/reviews/movie/{movie_id}", REVIEW_LIST_MAX),
        ("/reviews/user/{user_id}", REVIEW_LIST_MAX),
        ("/reviews/group/{group_id}", REVIEW_LIST_MAX),
        ("/reviews/user/{user_id}/activity", ACTIVITY_MAX),
        ("/reviews/recent", RECENT_REVIEWS_MAX),
        ("/reviews/users-by-review-count", LEADERBOARD_MAX),
        ("/reviews/users-by-aura", LEADERBOARD_MAX),
        ("/favorites/user/{userId}/{type}", FAVORITE_LIST_MAX),
        ("/favorites/group/{groupId}", FAVORITE_LIST_MAX),
        ("/groups/popular", POPULAR_GROUPS_MAX),
        ("/groups/search", GROUP_SEARCH_MAX),
        ("/groups/by-genres", GROUP_SEARCH_MAX),
        ("/groups/user/{userId}/groups", USER_GROUPS_MAX),
        ("/groups/{id}/modlog", GROUP_MODLOG_MAX),
        ("/reports/mine", REPORT_LIST_MAX),
    ];
    for (path, max) in lists {
        let limit = param(&spec, path, "get", "limit");
        assert_eq!(limit["minimum"], 1.0, "{path}");
        assert_eq!(limit["maximum"], max as f64, "{path}");
        let offsets = spec["paths"][path]["get"]["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["name"] == "offset");
        for offset in offsets {
            assert_eq!(offset["schema"]["minimum"], 0.0, "{path}");
        }
    }
}

/// A list added later cannot forget its bounds: every `limit` and `offset` of every
/// operation declares them (schemathesis sends `offset=-2^63` otherwise).
#[test]
fn every_window_parameter_is_bounded() {
    let spec = spec();
    let paths = spec["paths"].as_object().expect("paths");
    for (path, operations) in paths {
        for (method, operation) in operations.as_object().expect("operations") {
            let parameters = operation["parameters"].as_array().into_iter().flatten();
            for parameter in parameters {
                let schema = &parameter["schema"];
                match parameter["name"].as_str() {
                    Some("limit") => {
                        assert_eq!(schema["minimum"], 1.0, "{method} {path}");
                        assert!(schema["maximum"].is_number(), "{method} {path}");
                    }
                    Some("offset") => assert_eq!(schema["minimum"], 0.0, "{method} {path}"),
                    _ => {}
                }
            }
        }
    }
}

#[test]
fn body_bounds_are_cores_constants() {
    let spec = spec();
    let max_length = |schema: &str, name: &str| property(&spec, schema, name)["maxLength"].clone();
    assert_eq!(max_length("RegisterRequest", "email"), EMAIL_MAX);
    assert_eq!(max_length("RegisterRequest", "password"), PASSWORD_MAX);
    assert_eq!(
        property(&spec, "RegisterRequest", "password")["minLength"],
        PASSWORD_MIN
    );
    assert_eq!(max_length("UpdateProfileRequest", "user_bio"), BIO_MAX);
    assert_eq!(
        max_length("CreateReviewRequest", "content"),
        REVIEW_CONTENT_MAX
    );
    assert_eq!(
        max_length("UpdateReviewRequest", "content"),
        REVIEW_CONTENT_MAX
    );
    for schema in ["CreateGroupRequest", "UpdateGroupRequest"] {
        assert_eq!(max_length(schema, "name"), GROUP_NAME_MAX);
        assert_eq!(max_length(schema, "description"), DESCRIPTION_MAX);
        assert_eq!(max_length(schema, "poster_url"), POSTER_URL_MAX);
        let theme = property(&spec, schema, "theme_id");
        assert_eq!(theme["maximum"], THEMES.len() as f64);
        let tags = property(&spec, schema, "tags");
        assert_eq!(tags["maxItems"], GENRES_MAX);
        let ids: Vec<i64> = GENRES.iter().map(|(id, _)| *id).collect();
        assert_eq!(tags["items"]["enum"], serde_json::json!(ids));
    }
    for schema in ["CreateReviewRequest", "UpdateReviewRequest"] {
        let rating = property(&spec, schema, "rating");
        assert_eq!(rating["minimum"], RATING_MIN as f64);
        assert_eq!(rating["maximum"], RATING_MAX as f64);
    }
    assert_eq!(max_length("FileReportRequest", "note"), REPORT_NOTE_MAX);
    assert_eq!(
        max_length("AddFavoriteRequest", "original_title"),
        FAVORITE_TITLE_MAX
    );
    let year = property(&spec, "AddFavoriteRequest", "release_year");
    assert_eq!(year["minimum"], f64::from(*FAVORITE_YEAR_RANGE.start()));
    assert_eq!(year["maximum"], f64::from(*FAVORITE_YEAR_RANGE.end()));
    assert_eq!(
        param(&spec, "/groups/search", "get", "query")["maxLength"],
        GROUP_SEARCH_QUERY_MAX
    );
    assert_eq!(
        param(&spec, "/tmdb/search", "get", "query")["maxLength"],
        MAX_QUERY_CHARS
    );
    let username = pattern_of(property(&spec, "RegisterRequest", "username"));
    assert!(username.ends_with(&format!("{{{USERNAME_MIN},{USERNAME_MAX}}}$")));
}

/// Checks that every value `pattern` admits is accepted by `core`, and that the
/// pattern is not empty-handed: the first of `values` must be admitted.
fn admitted_are_accepted(pattern: &'static str, values: &[&str], core: impl Fn(&str) -> bool) {
    assert!(
        admits(pattern, values[0]),
        "{pattern} admits {:?}",
        values[0]
    );
    for value in values {
        if admits(pattern, value) {
            assert!(
                core(value),
                "{pattern} admits {value:?}, which core refuses"
            );
        }
    }
}

#[test]
fn what_the_body_patterns_admit_core_accepts() {
    let spec = spec();
    let long = |c: &str, n: usize| c.repeat(n);
    let username = pattern_of(property(&spec, "RegisterRequest", "username"));
    let names = [
        "Mäkelä",
        "abc",
        "a.b-c_d",
        "ab",
        " abc",
        "abc ",
        "abc\n",
        "ab×c",
        "日本語の名前",
        "a\u{0301}bc",
        &long("x", 30),
        &long("x", 31),
    ];
    admitted_are_accepted(username, &names, |v| Username::parse(v).is_ok());
    let email = pattern_of(property(&spec, "RegisterRequest", "email"));
    let emails = [
        "maija@example.fi",
        "a@b.c",
        "a..b@x.io",
        "@x.io",
        "a@x",
        "a@-x.io",
        "a@x-.io",
        "a@x..io",
        "a b@x.io",
        "ä@x.io",
        &format!("{}@x.io", long("a", 64)),
        &format!("{}@x.io", long("a", 65)),
    ];
    admitted_are_accepted(email, &emails, |v| Email::parse(v).is_ok());
    let password = pattern_of(property(&spec, "RegisterRequest", "password"));
    admitted_are_accepted(
        password,
        &["secret-1", "        ", "\u{3000}\u{3000}", " x "],
        |v| {
            // The length bounds are minLength/maxLength; the pattern rules out blank ones.
            v.chars().count() < PASSWORD_MIN || Password::parse(v, "password").is_ok()
        },
    );
    let content = pattern_of(property(&spec, "CreateReviewRequest", "content"));
    let texts = [
        "Hyvä elokuva.\nSuosittelen.",
        "  x  ",
        "   ",
        "\n\t",
        "a\u{0}b",
        "a\u{7}b",
        "\u{85}",
        "tab\there",
    ];
    admitted_are_accepted(content, &texts, |v| ReviewContent::parse(v).is_ok());
    let name = pattern_of(property(&spec, "CreateGroupRequest", "name"));
    admitted_are_accepted(
        name,
        &["Noir fans", " x ", "   ", "a\nb", "a\tb", "\u{a0}"],
        |v| GroupName::parse(v).is_ok(),
    );
    let description = pattern_of(property(&spec, "CreateGroupRequest", "description"));
    admitted_are_accepted(
        description,
        &["Rivi\nToinen", "", "a\u{0}", "\u{9f}"],
        |v| Description::parse(v).is_ok(),
    );
    let bio = pattern_of(property(&spec, "UpdateProfileRequest", "user_bio"));
    admitted_are_accepted(bio, &["Hei!\n", "", "a\u{1b}b"], |v| Bio::parse(v).is_ok());
    let poster = pattern_of(property(&spec, "CreateGroupRequest", "poster_url"));
    let posters = [
        "https://image.tmdb.org/t/p/w500/x.jpg",
        "",
        "HTTP://x.fi/a.png",
        "/api/demo/poster/1.png",
        "/api/demo/poster/1.svg",
        "/",
        "//evil.example/x.png",
        "javascript:alert(1)",
        "https://a.example/x y.png",
        " /x",
    ];
    admitted_are_accepted(poster, &posters, |v| PosterUrl::parse(v).is_ok());
}

#[test]
fn dates_the_pattern_admits_are_exactly_the_real_ones() {
    let spec = spec();
    let dt = pattern_of(param(&spec, "/finnkino/schedule", "get", "dt"));
    for date in [
        "24.11.2026",
        "29.02.2024",
        "29.02.2023",
        "29.02.2000",
        "29.02.1900",
        "29.02.0004",
        "31.04.2026",
        "30.04.2026",
        "31.12.9999",
        "01.01.0001",
        "01.01.0000",
        "00.01.2026",
        "32.01.2026",
        "01.13.2026",
        "1.1.2026",
        "2026-11-24",
    ] {
        assert_eq!(
            admits(dt, date),
            ShowDate::parse(date).is_ok(),
            "{date}: the pattern and core disagree"
        );
    }
}

#[test]
fn what_the_parameter_patterns_admit_core_accepts() {
    let spec = spec();
    let sort = pattern_of(param(&spec, "/tmdb/discover", "get", "sort_by"));
    admitted_are_accepted(
        sort,
        &[
            "popularity.desc",
            "title",
            "title.up",
            "revenue.asc",
            "x.desc",
        ],
        |v| DiscoverSort::parse(Some(v)).is_ok(),
    );
    let language = pattern_of(param(&spec, "/tmdb/popular", "get", "language"));
    admitted_are_accepted(
        language,
        &["fi-FI", "en", "EN_gb", "", "sv-SE", "finnish", "e"],
        |v| Language::parse(Some(v)).is_ok(),
    );
    let page = pattern_of(param(&spec, "/tmdb/popular", "get", "page"));
    for value in ["1", "99", "100", "499", "500", "501", "0", "007", "-1"] {
        assert_eq!(
            admits(page, value),
            CatalogPage::parse(Some(value)).is_ok() && !value.starts_with('0'),
            "page {value}"
        );
    }
}
