//! Showtimes with zero configuration: the offline demo feed answers for every real area
//! and any date, and its shows are the demo catalog's films (real TMDB ids), on SQLite
//! and on Postgres.

mod support;

use serde_json::Value;

on_both_backends!(demo_showtimes_for_any_area_and_date, |server| {
    let (status, body) = server.get("/api/finnkino/theatres", None).await;
    assert_eq!(status, 200, "{body}");
    let areas = body["theatreAreas"].as_array().expect("valid");
    for (id, name) in [(1002, "Helsinki"), (1021, "Tampere"), (1018, "Oulu: PLAZA")] {
        assert!(
            areas.iter().any(|a| a["id"] == id && a["name"] == name),
            "{id} {name}"
        );
    }
    let (status, body) = server
        .get("/api/finnkino/schedule?area=1002&dt=24.11.2026", None)
        .await;
    assert_eq!(status, 200, "{body}");
    let shows = body["schedule"].as_array().expect("valid");
    assert!(shows.len() >= 100, "{}", shows.len());
    for show in shows {
        let tmdb = show["tmdbId"]
            .as_i64()
            .unwrap_or_else(|| panic!("enriched: {show}"));
        assert_eq!(show["posterPath"], format!("/api/demo/poster/{tmdb}.png"));
        let local = show["startLocal"].as_str().expect("valid");
        assert!(
            ("2026-11-24T10:00".."2026-11-24T23:31").contains(&local),
            "{local}"
        );
    }
    let formats: std::collections::HashSet<&str> = shows
        .iter()
        .map(|s| s["presentationMethod"].as_str().expect("valid"))
        .collect();
    assert!(
        formats.contains("2D") && formats.contains("3D"),
        "{formats:?}"
    );
    assert!(shows.iter().any(|s| s["dubbed"] == true));
    // A show's film is a real catalog movie.
    let tmdb = shows[0]["tmdbId"].as_i64().expect("valid");
    let (status, movie) = server.get(&format!("/api/tmdb/{tmdb}"), None).await;
    assert_eq!(status, 200, "{movie}");
    assert_eq!(movie["originalTitle"], shows[0]["originalTitle"]);

    // What is on this week, and one of those films' next shows.
    let (status, body) = server.get("/api/finnkino/events", None).await;
    assert_eq!(status, 200, "{body}");
    let events = body["events"].as_array().expect("valid");
    assert!(events.len() >= 20);
    let film = events[0]["tmdbId"].as_i64().expect("enriched event");
    let (status, body) = server
        .get(&format!("/api/movies/{film}/showtimes?area=1014"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    let next: &Vec<Value> = body["schedule"].as_array().expect("valid");
    assert!(!next.is_empty());
    assert!(next.iter().all(|s| s["tmdbId"] == film));

    // The homepage's "Currently in Theaters": the demo feed's films, each once.
    let (status, body) = server.get("/api/tmdb/in-theaters", None).await;
    assert_eq!(status, 200, "{body}");
    let films = body["results"].as_array().expect("valid");
    assert!((10..=100).contains(&films.len()), "{}", films.len());
    assert!(films.iter().all(|f| f["f_id"].is_i64() && f["id"].is_i64()));
});
