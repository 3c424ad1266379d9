//! Movies over HTTP (API.md, Movies), on SQLite and on Postgres: the offline demo catalog
//! with no TMDB credentials, and TMDB itself as a fake on loopback serving recorded
//! answers (`fixtures/tmdb/`): its data and image URLs, the database cache, and what
//! happens when TMDB stops answering.

mod fake_tmdb;
mod support;

use std::time::{Duration, Instant};

use serde_json::Value;

use fake_tmdb::FakeTmdb;
use support::{assert_error, content_type};

const API_KEY: &str = "0123456789abcdef0123456789abcdef";
const IMAGES: &str = "https://image.tmdb.org/t/p";

/// GET with the headers kept: (status, X-Cache, JSON body).
async fn get_raw(server: &support::TestServer, path: &str) -> (u16, Option<String>, Value) {
    let response = server.fetch(path).await;
    let status = response.status().as_u16();
    let cache = response
        .headers()
        .get("x-cache")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = response.text().await.expect("a body");
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: non-JSON {text}"));
    (status, cache, body)
}

fn results(body: &Value) -> &Vec<Value> {
    body["results"]
        .as_array()
        .unwrap_or_else(|| panic!("no results: {body}"))
}

fn ids(body: &Value) -> Vec<i64> {
    results(body)
        .iter()
        .map(|m| m["id"].as_i64().expect("id"))
        .collect()
}

fn has_genre(movie: &Value, genre: i64) -> bool {
    movie["genre_ids"]
        .as_array()
        .is_some_and(|g| g.contains(&Value::from(genre)))
}

/// A field of a recorded TMDB answer.
fn fixture_field(file: &str, pointer: &str) -> String {
    let text = std::fs::read_to_string(fake_tmdb::fixtures_dir().join(file)).expect(file);
    let json: Value = serde_json::from_str(&text).expect(file);
    json.pointer(pointer)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{file} has no {pointer}"))
        .to_owned()
}

// ---------------------------------------------------------------------------------------
// (a) No credentials: the bundled demo catalog.

on_both_backends!(the_demo_catalog_answers_every_movie_call, |server| {
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["catalog"], "demo", "{ready}");

    // Search.
    let (status, body) = server.get("/api/tmdb/search?query=matrix", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["page"], 1);
    assert!(ids(&body).contains(&603), "{body}");
    let matrix = results(&body).iter().find(|m| m["id"] == 603).expect("603");
    assert_eq!(matrix["title"], "The Matrix");
    assert_eq!(matrix["originalTitle"], "The Matrix");
    assert_eq!(matrix["releaseDate"], "1999-03-31");
    assert!(matrix["voteAverage"].as_f64().is_some(), "{matrix}");
    assert!(has_genre(matrix, 878), "{matrix}");
    let poster = matrix["posterPath"].as_str().expect("a placeholder poster");
    assert!(poster.ends_with("/603.png"), "{poster}");
    let png = server.fetch(poster).await;
    assert_eq!(png.status().as_u16(), 200);
    assert!(content_type(&png).starts_with("image/png"));
    // The URL earlier demo catalogs named, stored with older favorites and groups.
    let svg = server.fetch(&poster.replace(".png", ".svg")).await;
    assert_eq!(svg.status().as_u16(), 200);
    assert!(content_type(&svg).starts_with("image/svg+xml"));

    // Genres: all 19 of TMDB's.
    let (status, body) = server.get("/api/v1/tmdb/genres", None).await;
    assert_eq!(status, 200, "{body}");
    let genres = body["genres"].as_array().expect("genres");
    assert_eq!(genres.len(), 19, "{body}");
    for (id, name) in [(28, "Action"), (878, "Science Fiction"), (37, "Western")] {
        assert!(
            genres.iter().any(|g| g["id"] == id && g["name"] == name),
            "{id} {name}: {body}"
        );
    }

    // Discover by genre, with paging: 20 a page, every page Action, no film twice.
    let (status, first) = server
        .get("/api/tmdb/discover?with_genres=28&page=1", None)
        .await;
    assert_eq!(status, 200, "{first}");
    let total = first["totalResults"].as_u64().expect("totalResults");
    let pages = first["totalPages"].as_u64().expect("totalPages");
    assert!(
        total > 20,
        "the demo has more than a page of action films: {total}"
    );
    assert_eq!(pages, total.div_ceil(20));
    assert_eq!(results(&first).len(), 20);
    let mut seen = Vec::new();
    for page in 1..=pages {
        let (status, body) = server
            .get(
                &format!("/api/tmdb/discover?with_genres=28&page={page}"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["page"], page);
        assert!(results(&body).iter().all(|m| has_genre(m, 28)), "{body}");
        let expected = if page < pages {
            20
        } else {
            total - 20 * (pages - 1)
        };
        assert_eq!(results(&body).len() as u64, expected, "page {page}");
        seen.extend(ids(&body));
    }
    let count = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), count, "a film on two pages");
    assert_eq!(count as u64, total);
    let (status, past) = server
        .get(
            &format!("/api/tmdb/discover?with_genres=28&page={}", pages + 1),
            None,
        )
        .await;
    assert_eq!(status, 200, "{past}");
    assert!(results(&past).is_empty(), "{past}");
    // Two genres: both must match.
    let (status, both) = server
        .get("/api/tmdb/discover?with_genres=18,53", None)
        .await;
    assert_eq!(status, 200, "{both}");
    assert!(!results(&both).is_empty());
    assert!(results(&both)
        .iter()
        .all(|m| has_genre(m, 18) && has_genre(m, 53)));

    // Popular: at least 120 films in all.
    let (status, body) = server.get("/api/tmdb/popular", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(results(&body).len(), 20);
    assert!(
        body["totalResults"].as_u64().is_some_and(|t| t >= 120),
        "{body}"
    );

    // Details.
    let (status, cache, movie) = get_raw(&server, "/api/tmdb/550").await;
    assert_eq!(status, 200, "{movie}");
    assert_eq!(cache, None);
    assert_eq!(movie["success"], true);
    assert_eq!(movie["id"], 550);
    assert_eq!(movie["title"], "Fight Club");
    assert_eq!(movie["releaseDate"], "1999-10-15");
    assert_eq!(movie["runtime"], 139);
    assert_eq!(movie["budget"], 63_000_000);
    assert!(movie["tagline"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(movie["overview"].as_str().is_some_and(|o| o.len() > 100));
    assert!(movie["genres"]
        .as_array()
        .is_some_and(|g| g.iter().any(|g| g["id"] == 18 && g["name"] == "Drama")));
    assert!(movie["cast"]
        .as_array()
        .is_some_and(|c| c.iter().any(|c| c["name"] == "Edward Norton")));
    assert!(
        movie["keyCrew"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c["name"] == "David Fincher"
                && c["job"].as_str().is_some_and(|j| j.contains("Director")))),
        "{movie}"
    );

    // Title and year: the film first.
    let (status, body) = server
        .get(
            "/api/tmdb/title-year?originalTitle=Fight%20Club&year=1999&f_id=1234",
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(ids(&body).first(), Some(&550), "{body}");
});

on_both_backends!(bad_movie_requests_get_json_errors, |server| {
    for path in ["/api/tmdb/search", "/api/tmdb/search?query=%20%20"] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 400, "invalid_query");
        assert_eq!(body["field"], "query", "{body}");
    }
    for path in [
        "/api/tmdb/search?query=matrix&page=0",
        "/api/tmdb/search?query=matrix&page=501",
        "/api/tmdb/search?query=matrix&page=two",
        "/api/tmdb/discover?with_genres=28&page=501",
        "/api/tmdb/popular?page=0",
        "/api/tmdb/popular?page=-3",
    ] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 400, "invalid_page");
    }
    for path in [
        "/api/tmdb/discover?with_genres=action",
        "/api/tmdb/discover?with_genres=28;12",
        "/api/tmdb/discover?with_genres=28,,12",
        "/api/tmdb/discover?with_genres=-28",
    ] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 400, "invalid_genres");
    }
    let (status, body) = server
        .get(
            "/api/tmdb/discover?with_genres=28&sort_by=loudness.desc",
            None,
        )
        .await;
    assert_error(status, &body, 400, "invalid_sort");
    for path in ["/api/tmdb/abc", "/api/tmdb/0", "/api/tmdb/-550"] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 400, "invalid_parameter");
    }
    let (status, body) = server.get("/api/tmdb/title-year?year=1999", None).await;
    assert_error(status, &body, 400, "invalid_title");
    let (status, body) = server
        .get(
            "/api/tmdb/title-year?originalTitle=Fight%20Club&year=last",
            None,
        )
        .await;
    assert_error(status, &body, 400, "invalid_year");

    let (status, body) = server.get("/api/tmdb/999999999", None).await;
    assert_error(status, &body, 404, "movie_not_found");
    assert_eq!(body["message"], "Movie not found");
});

// ---------------------------------------------------------------------------------------
// (b) TMDB (a fake on loopback) behind the database cache.

/// Like `on_both_backends!`, with a fake TMDB started first and the server pointed at it.
macro_rules! with_fake_tmdb_on_both_backends {
    ($name:ident, |$server:ident, $fake:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[allow(unused_mut)]
            async fn scenario(mut $server: support::TestServer, $fake: FakeTmdb) $body

            async fn start(backend: support::Backend) -> Option<(support::TestServer, FakeTmdb)> {
                let fake = FakeTmdb::start().await;
                let server = support::TestServer::start_with(
                    backend,
                    &[("TMDB_API_KEY", API_KEY), ("TMDB_API_BASE", &fake.base_url)],
                )
                .await?;
                Some((server, fake))
            }

            #[tokio::test]
            async fn sqlite() {
                let (server, fake) = start(support::Backend::Sqlite)
                    .await
                    .expect("SQLite always starts");
                scenario(server, fake).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some((server, fake)) = start(support::Backend::Postgres).await {
                    scenario(server, fake).await;
                }
            }
        }
    };
}

with_fake_tmdb_on_both_backends!(tmdb_data_is_shown_and_cached, |server, fake| {
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["catalog"], "tmdb", "{ready}");

    // Details, with credits and videos in one call.
    let (status, cache, movie) = get_raw(&server, "/api/tmdb/438631").await;
    assert_eq!(status, 200, "{movie}");
    assert_eq!(cache, None);
    assert_eq!(movie["title"], "Dune");
    assert_eq!(movie["tagline"], "Beyond fear, destiny awaits.");
    assert_eq!(movie["releaseDate"], "2021-09-15");
    assert_eq!(movie["runtime"], 155);
    assert_eq!(movie["budget"], 165_000_000);
    assert_eq!(movie["revenue"], 402_027_830);
    assert_eq!(movie["voteAverage"], 7.8);
    assert_eq!(
        movie["genres"],
        serde_json::json!([{"id": 878, "name": "Science Fiction"}, {"id": 12, "name": "Adventure"}])
    );
    let poster = fixture_field("movie_438631.json", "/poster_path");
    assert_eq!(movie["posterPath"], format!("{IMAGES}/w500{poster}"));
    let backdrop = fixture_field("movie_438631.json", "/backdrop_path");
    assert_eq!(movie["backdropPath"], format!("{IMAGES}/w1280{backdrop}"));
    let cast = movie["cast"].as_array().expect("cast");
    assert_eq!(cast.len(), 8);
    assert_eq!(cast[0]["name"], "Timothée Chalamet");
    assert_eq!(cast[0]["character"], "Paul Atreides");
    let profile = fixture_field("movie_438631.json", "/credits/cast/0/profile_path");
    assert_eq!(cast[0]["profilePath"], format!("{IMAGES}/w185{profile}"));
    assert_eq!(cast[7]["profilePath"], Value::Null, "no portrait, no URL");
    let crew: Vec<(String, String)> = movie["keyCrew"]
        .as_array()
        .expect("keyCrew")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or_default().to_owned(),
                c["job"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let job = |name: &str| {
        crew.iter()
            .find(|(n, _)| n == name)
            .map(|(_, j)| j.as_str())
    };
    assert_eq!(crew[0].0, "Denis Villeneuve", "{crew:?}");
    assert_eq!(job("Denis Villeneuve"), Some("Director, Screenplay"));
    assert_eq!(job("Frank Herbert"), Some("Novel"));
    assert_eq!(job("Mary Parent"), Some("Producer"));
    assert_eq!(job("Hans Zimmer"), Some("Original Music Composer"));
    assert_eq!(job("Greig Fraser"), Some("Director of Photography"));
    assert_eq!(job("Joe Walker"), None, "an editor is not key crew");
    assert_eq!(job("Tanya Lapointe"), None, "nor an executive producer");
    assert_eq!(
        movie["trailer"],
        serde_json::json!({
            "name": "Dune | Final Trailer",
            "url": "https://www.youtube.com/watch?v=8g18jFHCLXk"
        }),
        "the newest official YouTube trailer"
    );
    assert_eq!(fake.hits("/movie/438631"), 1);
    let request = fake.requests().concat();
    assert!(request.contains(&format!("api_key={API_KEY}")), "{request}");
    assert!(request.contains("append_to_response=credits"), "{request}");
    assert!(request.contains("language=en-US"), "{request}");

    // The same request again is answered from the cache.
    let (status, cache, again) = get_raw(&server, "/api/tmdb/438631").await;
    assert_eq!(status, 200);
    assert_eq!(cache, None);
    assert_eq!(again, movie);
    assert_eq!(
        fake.hits("/movie/438631"),
        1,
        "the second request reached TMDB"
    );

    // Lists get the list poster size; nulls stay null; adult titles are left out.
    let (status, search) = server.get("/api/tmdb/search?query=dune", None).await;
    assert_eq!(status, 200, "{search}");
    assert_eq!(ids(&search), vec![438631, 841, 693134, 1033219]);
    let list_poster = fixture_field("search_movie_dune_page1.json", "/results/0/poster_path");
    assert_eq!(
        search["results"][0]["posterPath"],
        format!("{IMAGES}/w342{list_poster}")
    );
    assert_eq!(search["results"][3]["posterPath"], Value::Null);
    assert_eq!(search["results"][3]["releaseDate"], "");
    assert_eq!(search["results"][3]["genre_ids"], serde_json::json!([]));
    assert_eq!(search["totalResults"], 4);

    let (status, discover) = server
        .get("/api/tmdb/discover?with_genres=28&page=1", None)
        .await;
    assert_eq!(status, 200, "{discover}");
    assert_eq!(results(&discover).len(), 19, "the adult title is dropped");
    assert!(!ids(&discover).contains(&1_200_001));
    assert!(results(&discover).iter().all(|m| has_genre(m, 28)));
    assert_eq!(discover["totalPages"], 500, "TMDB serves at most 500 pages");
    assert_eq!(discover["totalResults"], 84235);
    assert_eq!(discover["results"][0]["title"], "Mad Max: Fury Road");
    assert!(discover["results"][0]["posterPath"]
        .as_str()
        .is_some_and(|p| p.starts_with(&format!("{IMAGES}/w342/"))));

    let (status, genres) = server.get("/api/tmdb/genres", None).await;
    assert_eq!(status, 200, "{genres}");
    assert_eq!(genres["genres"].as_array().map(Vec::len), Some(19));

    let (status, popular) = server.get("/api/tmdb/popular?page=1", None).await;
    assert_eq!(status, 200, "{popular}");
    assert_eq!(ids(&popular).first(), Some(&787699));
    assert_eq!(popular["totalPages"], 500);

    let hits_before = fake.total_hits();
    for path in [
        "/api/tmdb/search?query=dune",
        "/api/tmdb/discover?with_genres=28&page=1",
        "/api/tmdb/genres",
        "/api/tmdb/popular?page=1",
        "/api/tmdb/438631",
    ] {
        let (status, cache, _) = get_raw(&server, path).await;
        assert_eq!((status, cache), (200, None), "{path}");
    }
    assert_eq!(fake.total_hits(), hits_before, "{:?}", fake.requests());
    for path in [
        "/search/movie",
        "/discover/movie",
        "/genre/movie/list",
        "/movie/popular",
    ] {
        assert_eq!(fake.hits(path), 1, "{path}");
    }

    // TMDB's 404 is ours.
    let (status, body) = server.get("/api/tmdb/1", None).await;
    assert_error(status, &body, 404, "movie_not_found");
    assert_eq!(body["message"], "Movie not found");
});

with_fake_tmdb_on_both_backends!(
    when_tmdb_hangs_cached_movies_are_served_stale_and_others_fail_fast,
    |server, fake| {
        let (status, fresh) = server.get("/api/tmdb/438631", None).await;
        assert_eq!(status, 200, "{fresh}");
        assert_eq!(fake.hits("/movie/438631"), 1);

        // Let the cached answer expire (it is kept for a week past expiry), forget the
        // in-memory copy by restarting, and let TMDB stop answering.
        {
            use sqlx::Connection;
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(&server.database_url())
                .await
                .expect("connect to the server's database");
            let expired = sqlx::query("UPDATE movie_cache SET expires_at = fetched_at - 1")
                .execute(&mut conn)
                .await
                .expect("expire the cache")
                .rows_affected();
            assert!(expired >= 1, "the answer was stored in the database cache");
            conn.close().await.expect("close");
        }
        server.restart().await;
        fake.hang();

        let started = Instant::now();
        let (status, cache, stale) = get_raw(&server, "/api/tmdb/438631").await;
        let took = started.elapsed();
        assert_eq!(status, 200, "{stale}");
        assert_eq!(cache.as_deref(), Some("stale"));
        assert_eq!(stale, fresh);
        assert!(
            took < Duration::from_millis(11_500),
            "stale answer took {took:?}"
        );
        assert!(fake.hung_requests() >= 1, "TMDB was asked first");

        let started = Instant::now();
        let (status, cache, body) = get_raw(&server, "/api/tmdb/27205").await;
        let took = started.elapsed();
        assert!(status == 502 || status == 503, "{status} {body}");
        assert_eq!(cache, None);
        assert_eq!(body["success"], false, "{body}");
        assert!(
            body["code"]
                .as_str()
                .is_some_and(|c| c.starts_with("upstream_")),
            "{body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(
            took < Duration::from_millis(11_500),
            "the failure took {took:?}"
        );
        eprintln!("uncached movie with TMDB hanging: {status} after {took:?}");

        // While TMDB is known to be down, the stale answer comes at once.
        let started = Instant::now();
        let (status, cache, _) = get_raw(&server, "/api/tmdb/438631").await;
        assert_eq!((status, cache.as_deref()), (200, Some("stale")));
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(
            fake.hits("/movie/438631"),
            1,
            "nothing was answered while hanging"
        );
    }
);
