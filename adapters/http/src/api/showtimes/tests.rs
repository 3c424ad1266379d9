//! The showtimes operations' answers to good and bad input, over the stand-in feed.

use serde_json::Value;

use crate::testing::test_app;

async fn get(path: &str) -> (u16, Value) {
    let (client, _db) = test_app().await;
    let response = client.get(path).send().await;
    let status = response.0.status().as_u16();
    let body: Value = response.0.into_body().into_json().await.unwrap();
    (status, body)
}

fn assert_error(status: u16, body: &Value, expected: u16, code: &str) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["code"], code, "{body}");
}

#[tokio::test]
async fn schedule_inputs_are_checked_with_the_documented_answers() {
    let (status, body) = get("/api/finnkino/schedule?area=1002&dt=2026-11-24").await;
    assert_error(status, &body, 400, "invalid_date");
    assert_eq!(body["message"], "Date must be in dd.mm.yyyy format");
    assert_eq!(body["field"], "dt");
    for path in [
        "/api/finnkino/schedule",
        "/api/finnkino/schedule?area=1002",
        "/api/finnkino/schedule?dt=24.11.2026",
    ] {
        let (status, body) = get(path).await;
        assert_error(status, &body, 400, "area_and_date_required");
        assert_eq!(body["message"], "Please select both area and date");
    }
    let (status, body) = get("/api/v1/finnkino/schedule?area=4242&dt=24.11.2026").await;
    assert_error(status, &body, 404, "area_not_found");
    let (status, body) = get("/api/finnkino/schedule?area=1002&dt=24.11.2026&nrOfDays=15").await;
    assert_error(status, &body, 400, "invalid_days");
}

#[tokio::test]
async fn a_schedule_and_the_areas_say_how_old_they_are() {
    let (status, body) = get("/api/finnkino/schedule?area=1002&dt=24.11.2026").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["schedule"], Value::Array(vec![]));
    assert_eq!(body["stale"], false);
    assert!(body["fetchedAt"].as_str().unwrap().ends_with('Z'));
    let (status, body) = get("/api/finnkino/theatres").await;
    assert_eq!(status, 200, "{body}");
    let names: Vec<&str> = body["theatreAreas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Helsinki", "Tampere"]);
}

#[tokio::test]
async fn preferences_and_the_watchlist_need_a_login() {
    for path in [
        "/api/users/profile/showtime-preferences",
        "/api/showtimes/watchlist?area=1002",
    ] {
        let (status, body) = get(path).await;
        assert_eq!(status, 401, "{path}: {body}");
    }
    let (status, body) = get("/api/movies/abc/showtimes?area=1002").await;
    assert_error(status, &body, 400, "invalid_parameter");
    let (status, body) = get("/api/movies/550/showtimes").await;
    assert_error(status, &body, 400, "area_required");
}

#[tokio::test]
async fn in_theaters_is_routed_apart_from_a_movies_id() {
    // `/tmdb/{id}` must not catch it: with no film now in theatres and the catalog
    // down, the answer is an honest empty list, not 400 `invalid_parameter`.
    for path in ["/api/tmdb/in-theaters", "/api/v1/tmdb/in-theaters"] {
        let (status, body) = get(path).await;
        assert_eq!(status, 200, "{path}: {body}");
        assert_eq!(body["success"], true, "{body}");
        assert_eq!(body["results"], Value::Array(vec![]), "{body}");
    }
}
