//! `leffaseura-admin seed` then `stats` agree with what the HTTP API counts, and demo
//! users log in with the demo password, on SQLite and on Postgres.

mod support;

use serde_json::{json, Value};

on_both_backends!(seeded_numbers_agree_with_the_api, |server| {
    let (code, stdout, stderr) = server
        .admin(&[
            "seed",
            "--users",
            "8",
            "--reviews",
            "30",
            "--reactions",
            "20",
            "--groups",
            "3",
            "--seed",
            "9",
            "--json",
        ])
        .await;
    assert_eq!(code, 0, "seed failed: {stdout}{stderr}");
    let (code, stdout, _) = server.admin(&["stats", "--json"]).await;
    assert_eq!(code, 0);
    let stats: Value = serde_json::from_str(&stdout).expect("stats JSON");

    let (status, body) = server
        .get("/api/v1/reviews/users-by-review-count?limit=20", None)
        .await;
    assert_eq!(status, 200, "{body}");
    let users = body["data"]["users"].as_array().expect("users");
    assert_eq!(users.len() as i64, stats["users"].as_i64().unwrap_or(-1));
    let reviews: i64 = users
        .iter()
        .filter_map(|u| u["review_count"].as_i64())
        .sum();
    assert_eq!(reviews, stats["reviews"].as_i64().unwrap_or(-1));
    let reactions: i64 = users
        .iter()
        .map(|u| u["total_likes"].as_i64().unwrap_or(0) + u["total_dislikes"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(reactions, stats["reactions"].as_i64().unwrap_or(-1));

    let (status, body) = server.get("/api/v1/groups/search?limit=50", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["pagination"]["total"], stats["groups"]);
    let members: i64 = body["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .filter_map(|g| g["member_count"].as_i64())
        .sum();
    assert_eq!(members, stats["memberships"].as_i64().unwrap_or(-1));

    let (status, body) = server
        .post(
            "/api/v1/users/login",
            None,
            json!({"email": "demo_1@demo.example", "password": "leffaseura-demo"}),
        )
        .await;
    assert_eq!(status, 200, "the demo password logs in: {body}");
    let id = body["user"]["id"].as_i64().expect("id");
    let (_, mine) = server
        .get(&format!("/api/v1/reviews/user/{id}?limit=1"), None)
        .await;
    assert_eq!(
        mine["data"]["pagination"]["total"],
        body["user"]["review_count"]
    );
});

on_both_backends!(hot_movie_reviews_go_to_one_movie, |server| {
    let (code, stdout, stderr) = server
        .admin(&[
            "seed",
            "--users",
            "6",
            "--reviews",
            "20",
            "--hot-movie-reviews",
            "5",
            "--reactions",
            "0",
            "--groups",
            "0",
            "--json",
        ])
        .await;
    assert_eq!(code, 0, "seed failed: {stdout}{stderr}");
    let summary: Value = serde_json::from_str(&stdout).expect("seed JSON");
    assert_eq!(summary["reviews"], 20);
    let hot = summary["hot_movie"].as_i64().expect("hot_movie");
    let (status, body) = server
        .get(&format!("/api/v1/reviews/movie/{hot}?limit=20"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["pagination"]["total"], 5, "{body}");

    let (code, _, stderr) = server
        .admin(&[
            "seed",
            "--prefix",
            "more",
            "--users",
            "3",
            "--reviews",
            "4",
            "--hot-movie-reviews",
            "4",
        ])
        .await;
    assert_eq!(code, 2, "more reviews of one movie than users: {stderr}");
});
