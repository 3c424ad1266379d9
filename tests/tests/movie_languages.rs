//! Movie data in the reader's language (`?language=`), on SQLite and on Postgres: TMDB (a
//! fake on loopback) is asked in that language, each language is cached apart, no
//! language is the server's default (TMDB_LANGUAGE), and the demo catalog stays English.

mod fake_tmdb;
mod support;

use fake_tmdb::FakeTmdb;
use support::assert_error;

const API_KEY: &str = "0123456789abcdef0123456789abcdef";

async fn with_fake_tmdb(backend: support::Backend) -> Option<(support::TestServer, FakeTmdb)> {
    let fake = FakeTmdb::start().await;
    let server = support::TestServer::start_with(
        backend,
        &[("TMDB_API_KEY", API_KEY), ("TMDB_API_BASE", &fake.base_url)],
    )
    .await?;
    Some((server, fake))
}

/// The `language` TMDB was asked in, for each answered request to `path`.
fn languages_asked(fake: &FakeTmdb, path: &str) -> Vec<String> {
    let full = format!("/3{path}?");
    fake.requests()
        .iter()
        .filter_map(|target| target.strip_prefix(&full))
        .map(|query| {
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix("language="))
                .unwrap_or("")
                .to_owned()
        })
        .collect()
}

async fn first_genre(server: &support::TestServer, path: &str) -> String {
    let (status, body) = server.get(path, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["genres"][0]["name"]
        .as_str()
        .unwrap_or_else(|| panic!("{path}: {body}"))
        .to_owned()
}

async fn scenario(server: support::TestServer, fake: FakeTmdb) {
    // No language: TMDB_LANGUAGE (en-US), as before languages could be chosen.
    assert_eq!(first_genre(&server, "/api/tmdb/genres").await, "Action");
    // Finnish: asked of TMDB in Finnish, and not answered from the English entry.
    assert_eq!(
        first_genre(&server, "/api/tmdb/genres?language=fi-FI").await,
        "Toiminta"
    );
    assert_eq!(
        languages_asked(&fake, "/genre/movie/list"),
        ["en-US", "fi-FI"]
    );
    // Each language now comes from its own cache entry; `en-US` named is the default's.
    assert_eq!(
        first_genre(&server, "/api/v1/tmdb/genres?language=fi").await,
        "Toiminta"
    );
    assert_eq!(
        first_genre(&server, "/api/tmdb/genres?language=en-US").await,
        "Action"
    );
    assert_eq!(first_genre(&server, "/api/tmdb/genres").await, "Action");
    assert_eq!(fake.hits("/genre/movie/list"), 2);

    // A movie page in Finnish and in English: two TMDB calls, then none.
    for path in ["/api/tmdb/438631?language=fi", "/api/tmdb/438631"] {
        let (status, movie) = server.get(path, None).await;
        assert_eq!(status, 200, "{path}: {movie}");
        assert_eq!(movie["id"], 438631);
    }
    assert_eq!(languages_asked(&fake, "/movie/438631"), ["fi-FI", "en-US"]);
    for path in [
        "/api/tmdb/438631?language=fi-FI",
        "/api/tmdb/438631?language=en",
    ] {
        let (status, _) = server.get(path, None).await;
        assert_eq!(status, 200, "{path}");
    }
    assert_eq!(fake.hits("/movie/438631"), 2);

    // Search and discover pass the language on too.
    let (status, body) = server
        .get("/api/tmdb/search?query=dune&language=fi-FI", None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(languages_asked(&fake, "/search/movie"), ["fi-FI"]);
    let (status, body) = server
        .get(
            "/api/tmdb/discover?with_genres=28&page=1&language=fi-FI",
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(languages_asked(&fake, "/discover/movie"), ["fi-FI"]);

    // Any other language is a clear 400, and TMDB is not asked.
    let before = fake.total_hits();
    for path in [
        "/api/tmdb/genres?language=sv-SE",
        "/api/tmdb/438631?language=de",
        "/api/tmdb/popular?language=",
    ] {
        let (status, body) = server.get(path, None).await;
        if path.ends_with('=') {
            // Blank is no choice: the default language.
            assert_eq!(status, 200, "{path}: {body}");
            continue;
        }
        assert_error(status, &body, 400, "invalid_language");
        assert_eq!(body["field"], "language", "{body}");
        assert_eq!(body["message"], "Language must be fi-FI or en-US.");
    }
    assert_eq!(
        fake.total_hits(),
        before + 1,
        "only the blank-language popular call"
    );
}

#[tokio::test]
async fn movie_data_follows_the_requested_language_sqlite() {
    let (server, fake) = with_fake_tmdb(support::Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    scenario(server, fake).await;
}

#[tokio::test]
async fn movie_data_follows_the_requested_language_postgres() {
    if let Some((server, fake)) = with_fake_tmdb(support::Backend::Postgres).await {
        scenario(server, fake).await;
    }
}

#[tokio::test]
async fn the_demo_catalog_answers_every_language_in_english() {
    let server = support::TestServer::start(support::Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    for path in ["/api/tmdb/genres?language=fi-FI", "/api/tmdb/genres"] {
        assert_eq!(first_genre(&server, path).await, "Action", "{path}");
    }
    let (status, body) = server.get("/api/tmdb/genres?language=xx", None).await;
    assert_error(status, &body, 400, "invalid_language");
}
