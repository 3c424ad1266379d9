//! Showtimes for one film and one user, over HTTP against a fake Finnkino, on SQLite and
//! on Postgres: a film's next shows in an area, the watchlist's films showing nearby
//! (with the saved area), and showtime preferences.

mod fake_finnkino;
#[macro_use]
mod showtimes_support;
mod support;

use fake_finnkino::FakeFinnkino;
use serde_json::{json, Value};
use support::{assert_error, Backend, TestServer, PASSWORD};

fn shows(body: &Value) -> &Vec<Value> {
    body["schedule"].as_array().expect("schedule is a list")
}

with_finnkino!(a_films_next_shows_in_an_area, |server, fake| {
    let (status, body) = server
        .get("/api/movies/438631/showtimes?area=1002", None)
        .await;
    assert_eq!(status, 200, "{body}");
    let list = shows(&body);
    // 5 a day for 7 days, less what has started today.
    assert!((30..=35).contains(&list.len()), "{}", list.len());
    let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    for show in list {
        assert_eq!(show["tmdbId"], 438631);
        assert!(show["start"].as_str().expect("valid") >= now.as_str());
    }
    let (status, body) = server
        .get("/api/movies/438631/showtimes?area=1002&days=1", None)
        .await;
    assert_eq!(status, 200);
    assert!(shows(&body).len() <= 5);
    let (status, body) = server
        .get("/api/movies/550/showtimes?area=1002", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(shows(&body).len(), 0);
    let (status, body) = server.get("/api/movies/438631/showtimes", None).await;
    assert_error(status, &body, 400, "area_required");
    let (status, body) = server
        .get("/api/movies/438631/showtimes?area=1002&days=30", None)
        .await;
    assert_error(status, &body, 400, "invalid_days");
    // One read of the 7-day schedule served both 7-day questions (days=1 is its own).
    assert_eq!(fake.hits("Schedule"), 2);
});

with_finnkino!(watchlist_films_showing_nearby, |server, fake| {
    let (token, _) = server.register("aino", PASSWORD).await;
    let token = Some(token.as_str());
    // No area given or saved yet: the account lacks the choice (409), the request is fine.
    let (status, body) = server.get("/api/showtimes/watchlist", token).await;
    assert_error(status, &body, 409, "area_required");
    for movie in [438631, 550, 346698] {
        let (status, body) = server
            .post(
                "/api/favorites",
                token,
                json!({"movie_id": movie, "type": 1}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = server
        .put(
            "/api/users/profile/showtime-preferences",
            token,
            json!({"area_id": 1002}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.get("/api/showtimes/watchlist", token).await;
    assert_eq!(status, 200, "{body}");
    let films = body["films"].as_array().expect("valid");
    let ids: Vec<i64> = films
        .iter()
        .map(|f| f["tmdbId"].as_i64().expect("valid"))
        .collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(sorted, [346698, 438631], "Fight Club is not showing");
    for film in films {
        assert_eq!(film["nextShow"]["tmdbId"], film["tmdbId"]);
        assert!(film["showCount"].as_u64().expect("valid") >= 25);
        assert!(film["posterPath"]
            .as_str()
            .expect("valid")
            .ends_with(".png"));
    }
    assert!(films[0]["nextShow"]["start"].as_str() <= films[1]["nextShow"]["start"].as_str());
    // Another area, given explicitly: Tampere has one show a day per film.
    let (status, body) = server
        .get("/api/showtimes/watchlist?area=1021&days=2", token)
        .await;
    assert_eq!(status, 200, "{body}");
    for film in body["films"].as_array().expect("valid") {
        assert!(film["showCount"].as_u64().expect("valid") <= 2);
    }
    let (status, _) = server.get("/api/showtimes/watchlist?area=1002", None).await;
    assert_eq!(status, 401);
    let _ = &fake;
});

with_finnkino!(showtime_preferences_are_remembered, |server, fake| {
    let (token, _) = server.register("pekka", PASSWORD).await;
    let token = Some(token.as_str());
    let path = "/api/users/profile/showtime-preferences";
    let (status, body) = server.get(path, token).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["preferences"],
        json!({"area_id": null, "original_with_finnish_subtitles": false, "finnish_dub": false,
               "three_d": false, "imax": false, "max_rating": null})
    );
    let chosen = json!({"area_id": 1021, "original_with_finnish_subtitles": true,
        "finnish_dub": false, "three_d": true, "imax": true, "max_rating": "K-12"});
    let (status, body) = server.put(path, token, chosen.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["preferences"], chosen);
    server.restart().await;
    let (_, body) = server.get(path, token).await;
    assert_eq!(body["preferences"], chosen);
    let (status, body) = server.put(path, token, json!({"area_id": 4242})).await;
    assert_error(status, &body, 404, "area_not_found");
    let (status, body) = server.put(path, token, json!({"max_rating": "K-13"})).await;
    assert_error(status, &body, 400, "validation_error");
    let (status, body) = server.put(path, token, json!({"three_d": "yes"})).await;
    assert_error(status, &body, 400, "validation_error");
    // The placeholder area is saved as none.
    let (status, body) = server.put(path, token, json!({"area_id": 1029})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["preferences"]["area_id"], Value::Null);
    let (status, _) = server.put(path, None, json!({})).await;
    assert_eq!(status, 401);
    let _ = &fake;
});
