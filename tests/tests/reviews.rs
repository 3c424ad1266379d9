//! Reviews, likes and dislikes, aura and the leaderboards over HTTP, as API.md describes
//! them, on SQLite and on Postgres. Movies come from the bundled demo catalog (603 The
//! Matrix, 550 Fight Club, 680 Pulp Fiction, 155 The Dark Knight).

mod support;

use serde_json::{json, Value};
use support::{assert_error, PASSWORD};

const MATRIX: i64 = 603;
const FIGHT_CLUB: i64 = 550;
const PULP_FICTION: i64 = 680;
const UNKNOWN_MOVIE: i64 = 999_999_999;

/// Writes a review and returns its id.
async fn write(server: &support::TestServer, token: &str, movie: i64, rating: i64) -> i64 {
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(token),
            json!({"movieId": movie, "rating": rating, "content": format!("{rating} stars.")}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["review"]["id"].as_i64().expect("review id")
}

async fn react(
    server: &support::TestServer,
    token: &str,
    review: i64,
    kind: Value,
) -> (u16, Value) {
    server
        .post(
            &format!("/api/reviews/{review}/interaction"),
            Some(token),
            json!({ "type": kind }),
        )
        .await
}

async fn profile(server: &support::TestServer, user: i64) -> Value {
    let (status, body) = server.get(&format!("/api/users/{user}"), None).await;
    assert_eq!(status, 200, "{body}");
    body["user"].clone()
}

async fn review(server: &support::TestServer, id: i64, token: Option<&str>) -> Value {
    let (status, body) = server.get(&format!("/api/reviews/{id}"), token).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["review"].clone()
}

on_both_backends!(a_new_review_is_returned_whole_and_counted, |server| {
    let (token, me) = server.register("aino", PASSWORD).await;
    let (status, body) = server
        .post(
            "/api/v1/reviews",
            Some(&token),
            json!({"movieId": MATRIX, "rating": 4, "content": "  Still holds up.\n"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["success"], true);
    let written = &body["data"]["review"];
    assert!(written["id"].is_i64(), "{written}");
    assert_eq!(written["movie_id"], MATRIX);
    assert_eq!(written["user_id"], me);
    assert_eq!(written["username"], "aino");
    assert_eq!(written["content"], "Still holds up.", "content is trimmed");
    assert_eq!(written["rating"], 4);
    assert_eq!(written["likes"], 0);
    assert_eq!(written["dislikes"], 0);
    assert_eq!(written["interactions"], json!([]));
    assert!(written["my_interaction"].is_null());
    assert_eq!(written["movie_name"], "The Matrix");
    assert_eq!(written["release_year"], 1999);
    let created = written["created_at"].as_str().expect("created_at");
    assert!(created.ends_with('Z') && created.contains('T'), "{created}");
    assert_eq!(written["updated_at"], written["created_at"]);

    let id = written["id"].as_i64().expect("id");
    let fetched = review(&server, id, None).await;
    assert_eq!(&fetched, written);

    let user = profile(&server, me).await;
    assert_eq!(user["review_count"], 1);
    assert_eq!(user["average_rating"], 4.0);
});

on_both_backends!(review_input_is_checked_rule_by_rule, |server| {
    let (token, _) = server.register("kalle", PASSWORD).await;
    let (status, body) = server
        .post(
            "/api/reviews",
            None,
            json!({"movieId": MATRIX, "rating": 3, "content": "x"}),
        )
        .await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["success"], false);

    let long = "ä".repeat(5001);
    let cases = [
        (
            json!({"movieId": MATRIX, "rating": 0, "content": "x"}),
            "invalid_rating",
            "rating",
        ),
        (
            json!({"movieId": MATRIX, "rating": 6, "content": "x"}),
            "invalid_rating",
            "rating",
        ),
        (
            json!({"movieId": MATRIX, "rating": 3.5, "content": "x"}),
            "validation_error",
            "rating",
        ),
        (
            json!({"movieId": MATRIX, "rating": 3, "content": "  \n "}),
            "invalid_content",
            "content",
        ),
        (
            json!({"movieId": MATRIX, "rating": 3, "content": long}),
            "invalid_content",
            "content",
        ),
        (
            json!({"movieId": MATRIX, "rating": 3}),
            "validation_error",
            "content",
        ),
        (
            json!({"rating": 3, "content": "x"}),
            "validation_error",
            "movieId",
        ),
    ];
    for (request, code, field) in cases {
        let (status, body) = server.post("/api/reviews", Some(&token), request).await;
        assert_error(status, &body, 400, code);
        assert_eq!(body["field"], field, "{body}");
    }
    let max = "ä".repeat(5000);
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": PULP_FICTION, "rating": 5, "content": max}),
        )
        .await;
    assert_eq!(status, 201, "5000 characters are fine: {body}");

    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": UNKNOWN_MOVIE, "rating": 3, "content": "Who?"}),
        )
        .await;
    assert_error(status, &body, 404, "movie_not_found");
    assert_eq!(body["message"], "Movie not found");

    write(&server, &token, MATRIX, 3).await;
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": MATRIX, "rating": 5, "content": "Again."}),
        )
        .await;
    assert_error(status, &body, 409, "already_reviewed");
});

on_both_backends!(
    a_movie_lists_its_reviews_newest_first_with_stats_and_pages,
    |server| {
        let mut ids = Vec::new();
        for (name, rating) in [("first", 5), ("second", 4), ("third", 4)] {
            let (token, _) = server.register(name, PASSWORD).await;
            ids.push(write(&server, &token, FIGHT_CLUB, rating).await);
        }
        let (status, body) = server
            .get(&format!("/api/reviews/movie/{FIGHT_CLUB}?limit=2"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        let listed: Vec<i64> = data["reviews"]
            .as_array()
            .expect("reviews")
            .iter()
            .map(|r| r["id"].as_i64().expect("id"))
            .collect();
        assert_eq!(listed, vec![ids[2], ids[1]], "newest first");
        assert_eq!(data["reviews"][0]["movie_name"], "Fight Club");
        assert_eq!(data["stats"]["averageRating"], 4.3);
        assert_eq!(data["stats"]["totalReviews"], 3);
        assert_eq!(
            data["stats"]["ratingDistribution"],
            json!({"1": 0, "2": 0, "3": 0, "4": 2, "5": 1})
        );
        assert_eq!(
            data["pagination"],
            json!({"total": 3, "limit": 2, "offset": 0, "hasMore": true,
                   "nextCursor": data["pagination"]["nextCursor"]})
        );
        let next = data["pagination"]["nextCursor"]
            .as_str()
            .expect("a cursor while more follow")
            .to_owned();

        // The same list by cursor.
        let (status, body) = server
            .get(
                &format!("/api/reviews/movie/{FIGHT_CLUB}?limit=2&cursor={next}"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["reviews"].as_array().map(Vec::len), Some(1));
        assert_eq!(body["data"]["reviews"][0]["id"], ids[0]);
        assert_eq!(body["data"]["pagination"]["hasMore"], false);
        assert!(body["data"]["pagination"]["nextCursor"].is_null());
        // An offset beside a cursor is ignored: the cursor places the window.
        let (status, body) = server
            .get(
                &format!("/api/reviews/movie/{FIGHT_CLUB}?limit=2&cursor={next}&offset=2"),
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["reviews"][0]["id"], ids[0]);
        let (status, body) = server
            .get(
                &format!("/api/reviews/movie/{FIGHT_CLUB}?cursor=nonsense"),
                None,
            )
            .await;
        assert_error(status, &body, 400, "invalid_parameter");

        let (_, body) = server
            .get(
                &format!("/api/reviews/movie/{FIGHT_CLUB}?limit=2&offset=2"),
                None,
            )
            .await;
        assert_eq!(body["data"]["reviews"][0]["id"], ids[0]);
        assert_eq!(body["data"]["pagination"]["hasMore"], false);

        let (status, body) = server
            .get(&format!("/api/v1/reviews/movie/{MATRIX}"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["reviews"], json!([]));
        assert!(body["data"]["stats"]["averageRating"].is_null());
        assert_eq!(body["data"]["stats"]["totalReviews"], 0);
        assert_eq!(body["data"]["pagination"]["limit"], 20, "default limit");

        for query in ["limit=101", "limit=0", "offset=-1", "limit=abc"] {
            let (status, body) = server
                .get(&format!("/api/reviews/movie/{FIGHT_CLUB}?{query}"), None)
                .await;
            assert_error(status, &body, 400, "invalid_parameter");
        }
        let (status, body) = server.get("/api/reviews/movie/abc", None).await;
        assert_error(status, &body, 400, "invalid_parameter");
    }
);

on_both_backends!(users_reviews_and_the_newest_reviews_are_listed, |server| {
    let (token, me) = server.register("helmi", PASSWORD).await;
    let (other, _) = server.register("other", PASSWORD).await;
    let a = write(&server, &token, MATRIX, 5).await;
    let b = write(&server, &token, FIGHT_CLUB, 2).await;
    let c = write(&server, &other, PULP_FICTION, 3).await;

    let (status, body) = server
        .get(&format!("/api/v1/reviews/user/{me}?limit=1"), None)
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["reviews"][0]["id"], b);
    assert_eq!(
        body["data"]["pagination"],
        json!({"total": 2, "limit": 1, "offset": 0, "hasMore": true,
               "nextCursor": body["data"]["pagination"]["nextCursor"]})
    );
    assert!(body["data"]["pagination"]["nextCursor"].is_string());
    let (status, body) = server.get("/api/reviews/user/987654", None).await;
    assert_error(status, &body, 404, "user_not_found");

    let (status, body) = server.get("/api/v1/reviews/recent?limit=2", None).await;
    assert_eq!(status, 200, "{body}");
    let recent = body["data"]["reviews"].as_array().expect("reviews");
    let ids: Vec<i64> = recent
        .iter()
        .map(|r| r["id"].as_i64().expect("id"))
        .collect();
    assert_eq!(ids, vec![c, b]);
    assert_eq!(recent[0]["movie_name"], "Pulp Fiction");
    assert_eq!(recent[0]["release_year"], 1994);
    assert!(recent[0].get("poster_url").is_some(), "{}", recent[0]);
    let (_, body) = server.get("/api/reviews/recent", None).await;
    assert_eq!(body["data"]["reviews"].as_array().map(Vec::len), Some(3));
    assert_eq!(body["data"]["reviews"][2]["id"], a);
    let (status, body) = server.get("/api/reviews/recent?limit=51", None).await;
    assert_error(status, &body, 400, "invalid_parameter");
});

on_both_backends!(
    a_users_activity_lists_their_reviews_and_reactions,
    |server| {
        let (a_token, a) = server.register("aktiivi", PASSWORD).await;
        let (b_token, _) = server.register("bertta", PASSWORD).await;
        let theirs = write(&server, &b_token, FIGHT_CLUB, 3).await;
        let mine = write(&server, &a_token, MATRIX, 5).await;
        let (status, body) = react(&server, &a_token, theirs, json!("like")).await;
        assert_eq!(status, 200, "{body}");

        let (status, body) = server
            .get(&format!("/api/v1/reviews/user/{a}/activity"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["success"], true);
        let activity = body["data"]["activity"].as_array().expect("activity");
        assert_eq!(activity.len(), 2, "{body}");
        assert_eq!(activity[0]["kind"], "reaction");
        assert_eq!(activity[0]["reaction"], "like");
        assert_eq!(activity[0]["review"]["id"], theirs);
        assert_eq!(activity[0]["review"]["username"], "bertta");
        assert_eq!(activity[0]["review"]["likes"], 1);
        assert_eq!(activity[0]["review"]["movie_name"], "Fight Club");
        assert!(activity[0]["review"].get("poster_url").is_some());
        assert!(activity[0]["review"]["release_year"].is_i64());
        assert!(activity[0]["created_at"].is_string());
        assert_eq!(activity[1]["kind"], "review");
        assert_eq!(activity[1]["reaction"], Value::Null);
        assert_eq!(activity[1]["review"]["id"], mine);
        assert_eq!(activity[1]["review"]["movie_name"], "The Matrix");
        assert_eq!(
            activity[1]["created_at"],
            activity[1]["review"]["created_at"]
        );
        assert_eq!(
            body["data"]["pagination"],
            json!({"total": 2, "limit": 20, "offset": 0, "hasMore": false})
        );

        let (status, body) = server
            .get(&format!("/api/reviews/user/{a}/activity?limit=1"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["activity"][0]["review"]["id"], theirs);
        assert_eq!(
            body["data"]["pagination"],
            json!({"total": 2, "limit": 1, "offset": 0, "hasMore": true})
        );
        let (_, body) = server
            .get(
                &format!("/api/reviews/user/{a}/activity?limit=1&offset=1"),
                None,
            )
            .await;
        assert_eq!(body["data"]["activity"][0]["review"]["id"], mine);
        assert_eq!(body["data"]["pagination"]["hasMore"], false);

        let (status, body) = server
            .get(&format!("/api/reviews/user/{a}/activity?limit=51"), None)
            .await;
        assert_error(status, &body, 400, "invalid_parameter");
        let (status, body) = server.get("/api/reviews/user/987654/activity", None).await;
        assert_error(status, &body, 404, "user_not_found");
        assert_eq!(body["message"], "Profile not found.");
    }
);

on_both_backends!(only_the_author_edits_and_left_out_fields_stay, |server| {
    let (token, me) = server.register("author", PASSWORD).await;
    let (other, _) = server.register("stranger", PASSWORD).await;
    let id = write(&server, &token, MATRIX, 4).await;
    let path = format!("/api/reviews/{id}");

    let (status, body) = server.put(&path, None, json!({"rating": 1})).await;
    assert_eq!(status, 401, "{body}");
    let (status, body) = server.put(&path, Some(&other), json!({"rating": 1})).await;
    assert_error(status, &body, 403, "not_author");
    let (status, body) = server.put(&path, Some(&token), json!({})).await;
    assert_error(status, &body, 400, "no_changes");
    assert_eq!(body["message"], "No changes to update.");
    let (status, body) = server.put(&path, Some(&token), json!({"rating": 9})).await;
    assert_error(status, &body, 400, "invalid_rating");
    let (status, body) = server
        .put(&path, Some(&token), json!({"content": "  "}))
        .await;
    assert_error(status, &body, 400, "invalid_content");
    let (status, body) = server
        .put("/api/reviews/987654", Some(&token), json!({"rating": 2}))
        .await;
    assert_error(status, &body, 404, "review_not_found");

    let (status, body) = server.put(&path, Some(&token), json!({"rating": 2})).await;
    assert_eq!(status, 200, "{body}");
    let edited = &body["data"]["review"];
    assert_eq!(edited["rating"], 2);
    assert_eq!(edited["content"], "4 stars.", "content stays");
    let (status, body) = server
        .put(&path, Some(&token), json!({"content": " Rewatched. "}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["review"]["rating"], 2, "rating stays");
    assert_eq!(body["data"]["review"]["content"], "Rewatched.");

    assert_eq!(profile(&server, me).await["average_rating"], 2.0);
    let (_, body) = server
        .get(&format!("/api/reviews/movie/{MATRIX}"), None)
        .await;
    assert_eq!(body["data"]["stats"]["averageRating"], 2.0);
    assert_eq!(body["data"]["stats"]["ratingDistribution"]["2"], 1);
    assert_eq!(body["data"]["stats"]["ratingDistribution"]["4"], 0);
});

on_both_backends!(
    the_author_deletes_and_everything_counted_goes_with_it,
    |server| {
        let (token, me) = server.register("author", PASSWORD).await;
        let (fan, _) = server.register("fan", PASSWORD).await;
        let id = write(&server, &token, MATRIX, 5).await;
        let (status, _) = react(&server, &fan, id, json!("like")).await;
        assert_eq!(status, 200);
        let path = format!("/api/reviews/{id}");

        let (status, body) = server.delete(&path, None, None).await;
        assert_eq!(status, 401, "{body}");
        let (status, body) = server.delete(&path, Some(&fan), None).await;
        assert_error(status, &body, 403, "not_author");
        let (status, body) = server.delete(&path, Some(&token), None).await;
        assert_eq!(status, 204, "{body}");
        assert!(body.is_null());

        let (status, body) = server.get(&path, None).await;
        assert_error(status, &body, 404, "review_not_found");
        let (status, body) = server.delete(&path, Some(&token), None).await;
        assert_error(status, &body, 404, "review_not_found");
        let user = profile(&server, me).await;
        assert_eq!(user["review_count"], 0);
        assert_eq!(user["total_likes"], 0);
        assert_eq!(user["aura"], 0);
        assert!(user["average_rating"].is_null());
        let (_, body) = server
            .get(&format!("/api/reviews/movie/{MATRIX}"), None)
            .await;
        assert_eq!(body["data"]["stats"]["totalReviews"], 0);
        // The movie can be reviewed again.
        write(&server, &token, MATRIX, 3).await;
    }
);

on_both_backends!(reactions_toggle_and_authors_cannot_react, |server| {
    let (author, author_id) = server.register("author", PASSWORD).await;
    let (fan, fan_id) = server.register("fan", PASSWORD).await;
    let id = write(&server, &author, MATRIX, 4).await;

    let (status, body) = react(&server, &fan, id, json!("like")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["data"]["interaction"]["type"], "like");
    // The original clients read the counts from `interaction` (issue 12 §4).
    let interaction = &body["data"]["interaction"];
    assert_eq!(interaction["id"], id, "{body}");
    assert_eq!(interaction["likes"], 1, "{body}");
    assert_eq!(interaction["dislikes"], 0, "{body}");
    assert_eq!(interaction["my_interaction"], "like", "{body}");
    let shown = &body["data"]["review"];
    assert_eq!(
        (shown["likes"].as_i64(), shown["dislikes"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(shown["my_interaction"], "like");
    assert_eq!(
        shown["interactions"],
        json!([{"user_id": fan_id, "username": "fan", "type": "like"}])
    );
    let user = profile(&server, author_id).await;
    assert_eq!(
        (user["total_likes"].as_i64(), user["aura"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(user["aura_label"], "Mostly Positive");
    assert_eq!(
        review(&server, id, Some(&fan)).await["my_interaction"],
        "like"
    );
    assert!(review(&server, id, None).await["my_interaction"].is_null());
    assert!(review(&server, id, Some(&author)).await["my_interaction"].is_null());

    // The same reaction again clears it.
    let (_, body) = react(&server, &fan, id, json!("like")).await;
    assert!(body["data"]["interaction"]["type"].is_null(), "{body}");
    assert_eq!(body["data"]["review"]["likes"], 0);
    assert!(body["data"]["review"]["my_interaction"].is_null());

    let (_, body) = react(&server, &fan, id, json!("dislike")).await;
    assert_eq!(body["data"]["interaction"]["type"], "dislike");
    let (_, body) = react(&server, &fan, id, json!("like")).await;
    assert_eq!(body["data"]["interaction"]["type"], "like", "switches");
    assert_eq!(
        (
            body["data"]["review"]["likes"].as_i64(),
            body["data"]["review"]["dislikes"].as_i64()
        ),
        (Some(1), Some(0))
    );
    let (_, body) = react(&server, &fan, id, Value::Null).await;
    assert!(body["data"]["interaction"]["type"].is_null(), "null clears");
    assert_eq!(body["data"]["review"]["likes"], 0);
    let (_, body) = react(&server, &fan, id, json!("dislike")).await;
    assert_eq!(body["data"]["review"]["dislikes"], 1);
    let user = profile(&server, author_id).await;
    assert_eq!(
        (user["total_dislikes"].as_i64(), user["aura"].as_i64()),
        (Some(1), Some(-1))
    );
    assert_eq!(user["aura_label"], "Mixed");

    let (status, body) = react(&server, &author, id, json!("like")).await;
    assert_error(status, &body, 403, "own_review");
    let (status, body) = react(&server, &fan, 987_654, json!("like")).await;
    assert_error(status, &body, 404, "review_not_found");
    let (status, body) = react(&server, &fan, id, json!("love")).await;
    assert_error(status, &body, 400, "validation_error");
    assert_eq!(body["field"], "type");
    let (status, body) = server
        .post(
            &format!("/api/reviews/{id}/interaction"),
            None,
            json!({"type": "like"}),
        )
        .await;
    assert_eq!(status, 401, "{body}");
});

on_both_backends!(a_hundred_simultaneous_reactions_all_count, |server| {
    let (author, author_id) = server.register("author", PASSWORD).await;
    let id = write(&server, &author, MATRIX, 5).await;
    let server = std::sync::Arc::new(server);
    let mut registrations = Vec::new();
    for n in 0..100 {
        let server = std::sync::Arc::clone(&server);
        registrations.push(tokio::spawn(async move {
            server.register(&format!("fan{n}"), PASSWORD).await.0
        }));
    }
    let mut tokens = Vec::new();
    for registration in registrations {
        tokens.push(registration.await.expect("registered"));
    }
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(tokens.len()));
    let mut reactions = Vec::new();
    for (n, token) in tokens.into_iter().enumerate() {
        let server = std::sync::Arc::clone(&server);
        let barrier = std::sync::Arc::clone(&barrier);
        let kind = if n % 5 == 0 { "dislike" } else { "like" };
        reactions.push(tokio::spawn(async move {
            barrier.wait().await;
            react(&server, &token, id, json!(kind)).await
        }));
    }
    for reaction in reactions {
        let (status, body) = reaction.await.expect("reaction");
        assert_eq!(status, 200, "{body}");
    }
    let shown = review(&server, id, None).await;
    assert_eq!(shown["likes"], 80);
    assert_eq!(shown["dislikes"], 20);
    assert_eq!(
        shown["interactions"].as_array().map(Vec::len),
        Some(50),
        "interactions are capped at the 50 newest"
    );
    let user = profile(&server, author_id).await;
    assert_eq!(user["total_likes"], 80);
    assert_eq!(user["total_dislikes"], 20);
    assert_eq!(user["aura"], 60);
    assert_eq!(user["aura_label"], "Positive");
});

on_both_backends!(
    deleted_accounts_take_their_reactions_and_reviews_out_of_every_count,
    |server| {
        let (author, author_id) = server.register("author", PASSWORD).await;
        let (fan, fan_id) = server.register("fan", PASSWORD).await;
        let (critic, _) = server.register("critic", PASSWORD).await;
        let by_author = write(&server, &author, MATRIX, 5).await;
        let by_fan = write(&server, &fan, MATRIX, 1).await;
        react(&server, &fan, by_author, json!("like")).await;
        react(&server, &critic, by_author, json!("dislike")).await;
        react(&server, &author, by_fan, json!("like")).await;

        let (status, body) = server
            .delete(
                "/api/users/profile",
                Some(&critic),
                Some(json!({"currentPassword": PASSWORD})),
            )
            .await;
        assert_eq!(status, 204, "{body}");
        let shown = review(&server, by_author, None).await;
        assert_eq!(
            (shown["likes"].as_i64(), shown["dislikes"].as_i64()),
            (Some(1), Some(0))
        );
        assert_eq!(profile(&server, author_id).await["aura"], 1);

        let (status, body) = server
            .delete(
                "/api/users/profile",
                Some(&author),
                Some(json!({"currentPassword": PASSWORD})),
            )
            .await;
        assert_eq!(status, 204, "{body}");
        let (status, _) = server.get(&format!("/api/reviews/{by_author}"), None).await;
        assert_eq!(status, 404);
        let fan_now = profile(&server, fan_id).await;
        assert_eq!(
            (fan_now["total_likes"].as_i64(), fan_now["aura"].as_i64()),
            (Some(0), Some(0))
        );
        assert_eq!(review(&server, by_fan, None).await["likes"], 0);
        let (_, body) = server
            .get(&format!("/api/reviews/movie/{MATRIX}"), None)
            .await;
        assert_eq!(body["data"]["stats"]["totalReviews"], 1);
        assert_eq!(body["data"]["stats"]["averageRating"], 1.0);
        assert_eq!(body["data"]["pagination"]["total"], 1);
    }
);

on_both_backends!(leaderboards_rank_public_users_by_their_counters, |server| {
    let (busy, _) = server.register("busy", PASSWORD).await;
    let (liked, _) = server.register("liked", PASSWORD).await;
    let (quiet, _) = server.register("quiet", PASSWORD).await;
    // Read before the reviews and reactions: a leaderboard kept from here would be stale.
    for path in [
        "/api/reviews/users-by-review-count",
        "/api/v1/reviews/users-by-aura?limit=5",
    ] {
        assert_eq!(server.get(path, None).await.0, 200);
    }
    for movie in [MATRIX, FIGHT_CLUB, PULP_FICTION] {
        write(&server, &busy, movie, 3).await;
    }
    let good = write(&server, &liked, MATRIX, 5).await;
    react(&server, &quiet, good, json!("like")).await;
    react(&server, &busy, good, json!("like")).await;

    let (status, body) = server.get("/api/reviews/users-by-review-count", None).await;
    assert_eq!(status, 200, "{body}");
    let users = body["data"]["users"].as_array().expect("users");
    let names: Vec<&str> = users
        .iter()
        .filter_map(|u| u["username"].as_str())
        .collect();
    assert_eq!(names, vec!["busy", "liked", "quiet"]);
    assert_eq!(users[0]["review_count"], 3);
    assert!(
        users[0].get("email").is_none_or(Value::is_null),
        "public users"
    );

    let (status, body) = server
        .get("/api/v1/reviews/users-by-aura?limit=5", None)
        .await;
    assert_eq!(status, 200, "{body}");
    let users = body["data"]["users"].as_array().expect("users");
    let board: Vec<(&str, i64)> = users
        .iter()
        .map(|u| {
            (
                u["username"].as_str().unwrap_or(""),
                u["aura"].as_i64().unwrap_or(i64::MIN),
            )
        })
        .collect();
    assert_eq!(
        board,
        vec![("liked", 2), ("busy", 0)],
        "only users with reviews"
    );
    assert_eq!(users[0]["aura_label"], "Mostly Positive");
    assert_eq!(users[0]["total_likes"], 2);

    for path in [
        "/api/reviews/users-by-aura?limit=21",
        "/api/reviews/users-by-review-count?limit=0",
    ] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 400, "invalid_parameter");
    }
});

on_both_backends!(group_reviews_need_a_member, |server| {
    let (token, _) = server.register("viewer", PASSWORD).await;
    let (status, body) = server.get("/api/reviews/group/1", None).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["success"], false);
    let (status, body) = server.get("/api/reviews/group/987654", Some(&token)).await;
    assert_error(status, &body, 404, "group_not_found");
});

on_both_backends!(a_user_toggling_fast_leaves_counts_equal_to_rows, |server| {
    let (author, author_id) = server.register("author", PASSWORD).await;
    let (fan, _) = server.register("fan", PASSWORD).await;
    let id = write(&server, &author, MATRIX, 4).await;
    let server = std::sync::Arc::new(server);
    // Eleven identical clicks at once: each toggles, so the like stays.
    let mut clicks = Vec::new();
    for _ in 0..11 {
        let server = std::sync::Arc::clone(&server);
        let fan = fan.clone();
        clicks.push(tokio::spawn(async move {
            react(&server, &fan, id, json!("like")).await
        }));
    }
    for click in clicks {
        let (status, body) = click.await.expect("click");
        assert_eq!(status, 200, "{body}");
    }
    let shown = review(&server, id, Some(&fan)).await;
    assert_eq!(shown["my_interaction"], "like", "{shown}");
    assert_eq!(shown["likes"], 1);
    assert_eq!(shown["interactions"].as_array().map(Vec::len), Some(1));
    assert_eq!(profile(&server, author_id).await["total_likes"], 1);
});

on_both_backends!(a_dead_token_reads_reviews_as_a_visitor, |server| {
    let (token, me) = server.register("aino", PASSWORD).await;
    let id = write(&server, &token, MATRIX, 4).await;
    let (fan, _) = server.register("fani", PASSWORD).await;
    react(&server, &fan, id, json!("like")).await;
    for path in [
        format!("/api/reviews/movie/{MATRIX}"),
        format!("/api/reviews/user/{me}"),
        "/api/reviews/recent".to_owned(),
        format!("/api/reviews/{id}"),
    ] {
        // `Bearer null` is what a logged-out client of PRODUCT-SPEC §7 sends.
        for dead in ["garbage", "null"] {
            let response = server
                .client
                .get(server.url(&path))
                .bearer_auth(dead)
                .send()
                .await
                .expect("GET");
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(
                response
                    .headers()
                    .get("www-authenticate")
                    .and_then(|v| v.to_str().ok()),
                Some("Bearer error=\"invalid_token\""),
                "{path}"
            );
            let body: Value = response.json().await.expect("JSON");
            assert!(
                !body.to_string().contains("\"my_interaction\":\"like\""),
                "{path}: {body}"
            );
        }
        let response = server
            .client
            .get(server.url(&path))
            .send()
            .await
            .expect("GET");
        assert_eq!(response.status(), 200, "{path}");
        assert!(
            response.headers().get("www-authenticate").is_none(),
            "{path}"
        );
        let response = server
            .client
            .get(server.url(&path))
            .bearer_auth(&fan)
            .send()
            .await
            .expect("GET");
        assert!(
            response.headers().get("www-authenticate").is_none(),
            "{path}"
        );
        let body: Value = response.json().await.expect("JSON");
        assert!(
            body.to_string().contains("\"my_interaction\":\"like\""),
            "{path}: {body}"
        );
    }
    // A call that needs a login still refuses the dead token.
    let (status, body) = server.get("/api/users/profile", Some("garbage")).await;
    assert_error(status, &body, 401, "invalid_token");
});
