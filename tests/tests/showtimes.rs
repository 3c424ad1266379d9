//! Showtimes over HTTP against a fake Finnkino on loopback (the server reads
//! `FINNKINO_API_BASE`), on SQLite and on Postgres: schedules sorted and enriched with
//! the demo catalog's movies, cached in the store, served stale when Finnkino refuses,
//! 502 when it fails with nothing cached; areas and events. (A film's next shows, the
//! watchlist's and the preferences: `showtimes_personal.rs`.)

mod fake_finnkino;
mod fake_tmdb;
#[macro_use]
mod showtimes_support;
mod support;

use std::time::{Duration, Instant};

use fake_finnkino::{FakeFinnkino, Mode, FILMS, MATCHES};
use serde_json::{json, Value};
use support::{assert_error, Backend, TestServer};

const DAY: &str = "24.11.2026";

fn shows(body: &Value) -> &Vec<Value> {
    body["schedule"].as_array().expect("schedule is a list")
}

fn tmdb_of(event: i64) -> Option<i64> {
    MATCHES.iter().find(|(e, _)| *e == event).map(|(_, t)| *t)
}

with_finnkino!(a_day_is_sorted_enriched_and_cached, |server, fake| {
    let path = format!("/api/finnkino/schedule?area=1002&dt={DAY}");
    let started = Instant::now();
    let (status, body) = server.get(&path, None).await;
    let cold = started.elapsed();
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["stale"], false);
    let fetched_at = body["fetchedAt"].as_str().expect("fetchedAt").to_owned();
    let list = shows(&body);
    assert_eq!(list.len(), 200);
    let starts: Vec<&str> = list
        .iter()
        .map(|s| s["start"].as_str().expect("valid"))
        .collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "sorted by start");
    for show in list {
        let event = show["eventId"].as_i64().expect("valid");
        let expected = tmdb_of(event);
        if let Some(tmdb) = expected {
            assert_eq!(show["tmdbId"], tmdb, "{show}");
            assert_eq!(show["posterPath"], format!("/api/demo/poster/{tmdb}.png"));
            assert!(show["overview"].as_str().is_some_and(|o| !o.is_empty()));
            assert!(show["voteAverage"].as_f64().is_some());
        }
        // The unknown films, and Dune 1984 (the right title, decades off), stay bare.
        if (307027..=307040).contains(&event) {
            assert_eq!(show["tmdbId"], Value::Null, "{show}");
            assert_eq!(show["posterPath"], Value::Null);
        }
        assert!(show["start"].as_str().expect("valid").ends_with('Z'));
        assert!(show["startLocal"]
            .as_str()
            .expect("valid")
            .starts_with("2026-11-24T"));
        assert!(show["ticketUrl"]
            .as_str()
            .expect("valid")
            .starts_with("https://www.finnkino.fi/"));
        for field in [
            "title",
            "originalTitle",
            "theatre",
            "auditorium",
            "presentationMethod",
            "rating",
        ] {
            assert!(show[field].is_string(), "{field}: {show}");
        }
    }
    // Every event of the demo catalog matched; 26 of the 40.
    let matched: std::collections::HashSet<i64> = list
        .iter()
        .filter(|s| !s["tmdbId"].is_null())
        .map(|s| s["eventId"].as_i64().expect("valid"))
        .collect();
    assert_eq!(matched.len(), 26, "{matched:?}");
    // Local wall-clock time is the feed's own (winter: UTC+2).
    let first = &list[0];
    assert_eq!(first["startLocal"], "2026-11-24T10:00");
    assert_eq!(first["start"], "2026-11-24T08:00:00Z");
    // A dubbed show says so, and has no subtitles.
    let dubbed = list.iter().find(|s| s["eventId"] == 307007).expect("valid");
    assert_eq!(dubbed["dubbed"], true);
    assert_eq!(dubbed["language"]["name"], "dubattu suomeksi");
    assert_eq!(dubbed["subtitles"], json!([]));
    let subtitled = list.iter().find(|s| s["eventId"] == 307001).expect("valid");
    assert_eq!(subtitled["subtitles"][0]["code"], "FI");
    assert_eq!(subtitled["rating"], "K-12");
    assert!(cold < Duration::from_secs(5), "{cold:?}");

    // Warm: the same answer from the cache, Finnkino asked once.
    let (status, again) = server.get(&path, None).await;
    assert_eq!(status, 200);
    assert_eq!(again["fetchedAt"], fetched_at.as_str());
    assert_eq!(shows(&again).len(), 200);
    assert_eq!(fake.hits("Schedule"), 1);
    // One event only, by eventID.
    let (status, body) = server
        .get(&format!("{path}&eventID=307003&nrOfDays=2"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(shows(&body).len(), 10);
    assert!(shows(&body)
        .iter()
        .all(|s| s["eventId"] == 307003 && s["tmdbId"] == 346698));
});

with_finnkino!(bad_queries_get_the_documented_errors, |server, fake| {
    let (status, body) = server
        .get("/api/finnkino/schedule?area=1002&dt=2026-11-24", None)
        .await;
    assert_error(status, &body, 400, "invalid_date");
    assert_eq!(body["message"], "Date must be in dd.mm.yyyy format");
    for path in [
        "/api/finnkino/schedule?area=1002",
        "/api/finnkino/schedule?dt=24.11.2026",
        "/api/finnkino/schedule?area=&dt=",
        "/api/finnkino/schedule?area=1029&dt=24.11.2026",
    ] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 400, "area_and_date_required");
        assert_eq!(
            body["message"], "Please select both area and date",
            "{path}"
        );
    }
    let (status, body) = server
        .get("/api/finnkino/schedule?area=4242&dt=24.11.2026", None)
        .await;
    assert_error(status, &body, 404, "area_not_found");
    let (status, body) = server
        .get(
            "/api/finnkino/schedule?area=1002&dt=24.11.2026&nrOfDays=15",
            None,
        )
        .await;
    assert_error(status, &body, 400, "invalid_days");
    let (status, body) = server
        .get("/api/finnkino/events?listType=Tomorrow", None)
        .await;
    assert_error(status, &body, 400, "invalid_list_type");
    // None of these asked Finnkino for a schedule.
    assert_eq!(fake.hits("Schedule"), 1, "{:?}", fake.requests());
});

with_finnkino!(a_refusing_finnkino_gets_the_stored_copy, |server, fake| {
    let path = format!("/api/finnkino/schedule?area=1021&dt={DAY}");
    let (status, fresh) = server.get(&path, None).await;
    assert_eq!(status, 200, "{fresh}");
    // Time passes (the stored copies expire), the server restarts (no copy in memory)
    // and Finnkino starts refusing, as it does to data-centre addresses.
    expire_cached_answers(&server).await;
    server.restart().await;
    fake.set_mode(Mode::Status(403));
    let (status, stale) = server.get(&path, None).await;
    assert_eq!(status, 200, "{stale}");
    assert_eq!(stale["stale"], true);
    assert_eq!(stale["fetchedAt"], fresh["fetchedAt"]);
    assert_eq!(stale["schedule"], fresh["schedule"]);
    let (status, areas) = server.get("/api/finnkino/theatres", None).await;
    assert_eq!(status, 200, "{areas}");
    assert_eq!(areas["stale"], true);
    // A day never fetched has nothing to stand in: 502.
    let (status, body) = server
        .get("/api/finnkino/schedule?area=1021&dt=25.11.2026", None)
        .await;
    assert_error(status, &body, 502, "upstream_unavailable");
});

async fn expire_cached_answers(server: &TestServer) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server.database_url())
        .await
        .expect("connect to the database");
    let changed =
        sqlx::query("UPDATE movie_cache SET expires_at = 0 WHERE cache_key LIKE 'finnkino:%'")
            .execute(&mut conn)
            .await
            .expect("expire")
            .rows_affected();
    assert!(changed >= 2, "the schedule and the areas were cached");
}

with_finnkino!(
    a_failing_finnkino_with_nothing_cached_is_a_502,
    |server, fake| {
        for mode in [Mode::Status(500), Mode::Malformed, Mode::Status(403)] {
            fake.set_mode(mode);
            let (status, body) = server
                .get(&format!("/api/finnkino/schedule?area=1002&dt={DAY}"), None)
                .await;
            assert_error(status, &body, 502, "upstream_unavailable");
            server.restart().await;
        }
        fake.set_mode(Mode::Hang);
        let started = Instant::now();
        let (status, body) = server.get("/api/finnkino/theatres", None).await;
        assert_error(status, &body, 502, "upstream_unavailable");
        assert!(
            started.elapsed() < Duration::from_secs(11),
            "{:?}",
            started.elapsed()
        );
    }
);

with_finnkino!(areas_and_events_come_from_finnkino, |server, fake| {
    let (status, body) = server.get("/api/finnkino/theatres", None).await;
    assert_eq!(status, 200, "{body}");
    let areas = body["theatreAreas"].as_array().expect("valid");
    assert_eq!(areas[0], json!({"id": 1014, "name": "Pääkaupunkiseutu"}));
    assert!(areas.iter().all(|a| a["id"] != 1029), "no placeholder");
    let (status, body) = server.get("/api/finnkino/events", None).await;
    assert_eq!(status, 200, "{body}");
    let events = body["events"].as_array().expect("valid");
    assert_eq!(events.len(), FILMS.len());
    let dune = events.iter().find(|e| e["id"] == 307001).expect("valid");
    assert_eq!(dune["tmdbId"], 438631);
    assert_eq!(dune["eventType"], "Movie");
    let concert = events.iter().find(|e| e["id"] == 307039).expect("valid");
    assert_eq!(concert["eventType"], "LiveEvent");
    assert_eq!(concert["rating"], "unknown");
    let (status, _) = server
        .get("/api/finnkino/events?listType=ComingSoon&area=1021", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(fake.hits("Events"), 2);
});

with_finnkino!(
    in_theaters_are_finnkinos_films_matched_once,
    |server, fake| {
        let (status, body) = server.get("/api/tmdb/in-theaters", None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["success"], true);
        let results = body["results"].as_array().expect("valid");
        // The 26 films the catalog has, each once; the unknown ones and Dune 1984 (a weak
        // match) are left out.
        assert_eq!(results.len(), 26, "{body}");
        let ids: std::collections::HashSet<i64> = results
            .iter()
            .map(|r| r["id"].as_i64().expect("valid"))
            .collect();
        assert_eq!(ids.len(), results.len(), "each film once");
        for (event, tmdb) in MATCHES {
            assert!(
                results
                    .iter()
                    .any(|r| r["f_id"] == *event && r["id"] == *tmdb),
                "{event} → {tmdb}: {body}"
            );
        }
        assert!(results.iter().all(|r| r["f_id"] != 307040));
        for film in results {
            assert!(film["originalTitle"].is_string(), "{film}");
            assert!(film["releaseYear"].is_i64(), "{film}");
            assert!(film["posterPath"].is_string(), "{film}");
            assert!(film["overview"].as_str().is_some_and(|o| !o.is_empty()));
        }
        assert_eq!(fake.hits("Events"), 1);
    }
);

with_finnkino!(
    in_theaters_falls_back_to_the_catalogs_now_playing,
    |server, fake| {
        fake.set_mode(Mode::Status(403));
        let (status, body) = server.get("/api/tmdb/in-theaters", None).await;
        assert_eq!(status, 200, "{body}");
        let results = body["results"].as_array().expect("valid");
        assert!(!results.is_empty() && results.len() <= 100, "{body}");
        assert!(results.iter().all(|r| r["f_id"].is_null()), "{body}");
    }
);

/// A hanging catalog costs the schedule its posters, not its answer.
#[tokio::test]
async fn a_hanging_catalog_leaves_shows_unenriched_but_served() {
    let tmdb = fake_tmdb::FakeTmdb::start().await;
    tmdb.hang();
    let Some((server, _fake)) = showtimes_support::start(
        Backend::Sqlite,
        &[("TMDB_API_KEY", "k"), ("TMDB_API_BASE", &tmdb.base_url)],
    )
    .await
    else {
        return;
    };
    let started = Instant::now();
    let (status, body) = server
        .get(&format!("/api/finnkino/schedule?area=1002&dt={DAY}"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(shows(&body).len(), 200);
    assert!(shows(&body).iter().all(|s| s["tmdbId"].is_null()));
    assert!(tmdb.hung_requests() >= 1);
}
