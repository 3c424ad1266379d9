//! Favorites, watchlists, group favorites and status lookups over HTTP, as API.md
//! describes them, on SQLite and on Postgres. Movie ids are from the bundled demo catalog
//! (550 Fight Club 1999, 278 The Shawshank Redemption, 238 The Godfather, 680 Pulp Fiction).

mod support;

use serde_json::{json, Value};
use support::{assert_error, content_type, PASSWORD};

const NO_GROUP_RIGHTS: &str = "You don\u{2019}t have permission to add favorites for this group.";

fn movie_ids(list: &Value) -> Vec<i64> {
    list["data"]
        .as_array()
        .expect("data is a list")
        .iter()
        .map(|f| f["tmdb_id"].as_i64().expect("tmdb_id"))
        .collect()
}

/// Inserts a group owned by `owner` and the given memberships straight into the database
/// (groups have no API yet). Returns the group id.
async fn group_with_members(
    server: &support::TestServer,
    owner: i64,
    members: &[(i64, &str)],
) -> i64 {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server.database_url())
        .await
        .expect("connect to the database");
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO groups (name, name_key, description, visibility, theme_id, owner_id, created_at, updated_at) \
         VALUES ('Film Club', 'film club', '', 'public', 1, $1, 0, 0) RETURNING id",
    )
    .bind(owner)
    .fetch_one(&mut conn)
    .await
    .expect("insert group");
    let mut rows = vec![(owner, "owner")];
    rows.extend_from_slice(members);
    for (user, role) in rows {
        let (joined, requested) = if role == "pending" {
            (None, Some(1_i64))
        } else {
            (Some(1_i64), None)
        };
        sqlx::query(
            "INSERT INTO group_members (group_id, user_id, role, joined_at, requested_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(user)
        .bind(role)
        .bind(joined)
        .bind(requested)
        .execute(&mut conn)
        .await
        .expect("insert member");
    }
    conn.close().await.expect("close");
    id
}

on_both_backends!(
    adding_answers_201_then_200_with_the_same_entry_filled_from_the_catalog,
    |server| {
        let (token, user_id) = server.register("aino", PASSWORD).await;
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 550, "type": 2}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["success"], true);
        let favorite = &body["data"];
        assert_eq!(favorite["tmdb_id"], 550);
        assert_eq!(favorite["movie_id"], 550);
        assert_eq!(favorite["type"], 2);
        assert!(favorite["group_id"].is_null(), "{favorite}");
        assert_eq!(favorite["original_title"], "Fight Club");
        assert_eq!(favorite["release_year"], 1999);
        assert_eq!(favorite["added_by"], user_id);
        assert!(favorite["id"].as_i64().is_some());
        for field in ["poster_path", "poster_url", "imdb_rating"] {
            assert!(
                favorite.get(field).is_some(),
                "{field} is always present: {favorite}"
            );
        }
        let created_at = favorite["created_at"].as_str().expect("created_at");
        assert!(created_at.ends_with('Z'), "{created_at}");

        // Again (also with the trailing slash of the original clients): 200, the same entry.
        for path in ["/api/favorites", "/api/v1/favorites/"] {
            let (status, again) = server
                .post(path, Some(&token), json!({"movie_id": 550, "type": 2}))
                .await;
            assert_eq!(status, 200, "{path}: {again}");
            assert_eq!(again["data"]["id"], favorite["id"]);
            assert_eq!(again["data"]["created_at"], favorite["created_at"]);
        }

        // The catalog's title, year and poster win over what a client sends.
        let (status, mine) = server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 278, "type": 1, "original_title": "Rita Hayworth and Shawshank Redemption",
                       "release_year": 1995, "poster_path": "https://example.fi/p.jpg"}),
            )
            .await;
        assert_eq!(status, 201, "{mine}");
        assert_eq!(mine["data"]["original_title"], "The Shawshank Redemption");
        assert_eq!(mine["data"]["release_year"], 1994);
        assert_ne!(mine["data"]["poster_path"], "https://example.fi/p.jpg");

        let (status, list) = server
            .get(&format!("/api/favorites/user/{user_id}/2"), None)
            .await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list["pagination"]["total"], 1, "one row, not three");
    }
);

on_both_backends!(
    spoofed_titles_and_posters_are_ignored_for_a_movie_the_catalog_knows,
    |server| {
        let (token, user_id) = server.register("aino", PASSWORD).await;
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 550, "type": 2,
                       "original_title": "<img src=x onerror=alert(1)>",
                       "release_year": 2024,
                       "poster_path": "https://evil.example/x.png",
                       "poster_url": "javascript:alert(1)"}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        // What anyone sees on the user's public favorites.
        let (status, list) = server
            .get(&format!("/api/favorites/user/{user_id}/2"), None)
            .await;
        assert_eq!(status, 200, "{list}");
        for favorite in [&body["data"], &list["data"][0]] {
            assert_eq!(favorite["original_title"], "Fight Club", "{favorite}");
            assert_eq!(favorite["release_year"], 1999, "{favorite}");
            for field in ["poster_path", "poster_url"] {
                let poster = favorite[field].as_str().unwrap_or_default();
                assert!(
                    !poster.contains("evil") && !poster.contains("javascript"),
                    "{field}: {favorite}"
                );
            }
        }
    }
);

on_both_backends!(
    poster_urls_are_the_ones_the_server_serves_like_reviews_show,
    |server| {
        let (token, user_id) = server.register("aino", PASSWORD).await;
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 155, "type": 2}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let (status, list) = server
            .get(&format!("/api/favorites/user/{user_id}/2"), None)
            .await;
        assert_eq!(status, 200, "{list}");
        let (status, movie) = server.get("/api/tmdb/155", None).await;
        assert_eq!(status, 200, "{movie}");
        for favorite in [&body["data"], &list["data"][0]] {
            let poster = favorite["poster_url"].as_str().expect("a poster URL");
            assert_eq!(poster, "/api/demo/poster/155.png", "{favorite}");
            assert_eq!(poster, movie["posterPath"], "the catalog's own URL");
            // A path on this server: the browser fetches it from here.
            let response = server.fetch(poster).await;
            assert_eq!(response.status().as_u16(), 200, "{poster}");
            let content_type = content_type(&response);
            assert!(
                content_type.starts_with("image/png"),
                "{poster}: {content_type}"
            );
        }
    }
);

on_both_backends!(a_double_click_stores_one_row, |server| {
    let (token, user_id) = server.register("aino", PASSWORD).await;
    for kind in [1, 2] {
        let attempts = (0..6).map(|_| {
            server.post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 680, "type": kind}),
            )
        });
        let answers = futures_join_all(attempts).await;
        let created = answers.iter().filter(|(status, _)| *status == 201).count();
        assert_eq!(created, 1, "type {kind}: {answers:?}");
        assert!(
            answers
                .iter()
                .all(|(status, _)| *status == 200 || *status == 201),
            "{answers:?}"
        );
        let ids: std::collections::HashSet<i64> = answers
            .iter()
            .map(|(_, body)| body["data"]["id"].as_i64().expect("id"))
            .collect();
        assert_eq!(ids.len(), 1, "everyone sees the same entry: {answers:?}");
    }
    let (_, list) = server
        .get(&format!("/api/favorites/user/{user_id}/1"), Some(&token))
        .await;
    assert_eq!(list["pagination"]["total"], 1, "{list}");
    let (_, list) = server
        .get(&format!("/api/favorites/user/{user_id}/2"), None)
        .await;
    assert_eq!(list["pagination"]["total"], 1, "{list}");
});

/// Runs the futures concurrently on this task (no extra crates needed).
async fn futures_join_all<F: std::future::Future<Output = (u16, Value)>>(
    futures: impl Iterator<Item = F>,
) -> Vec<(u16, Value)> {
    let futures: Vec<_> = futures.map(Box::pin).collect();
    let mut slots: Vec<Option<(u16, Value)>> = futures.iter().map(|_| None).collect();
    let mut futures: Vec<_> = futures.into_iter().map(Some).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (slot, future) in slots.iter_mut().zip(futures.iter_mut()) {
            if let Some(f) = future {
                match f.as_mut().poll(cx) {
                    std::task::Poll::Ready(value) => {
                        *slot = Some(value);
                        *future = None;
                    }
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    slots
        .into_iter()
        .map(|s| s.expect("every future finished"))
        .collect()
}

on_both_backends!(bad_adds_are_refused_with_the_field_named, |server| {
    let (token, _) = server.register("aino", PASSWORD).await;
    let cases = [
        (
            json!({"movie_id": 550, "type": 0}),
            "type",
            "invalid_favorite_type",
        ),
        (
            json!({"movie_id": 550, "type": 4}),
            "type",
            "invalid_favorite_type",
        ),
        (
            json!({"movie_id": 550, "type": 1, "group_id": 1}),
            "group_id",
            "group_id_not_allowed",
        ),
        (
            json!({"movie_id": 550, "type": 2, "group_id": 1}),
            "group_id",
            "group_id_not_allowed",
        ),
        (
            json!({"movie_id": 550, "type": 3}),
            "group_id",
            "group_id_required",
        ),
        (
            json!({"movie_id": -5, "type": 2}),
            "movie_id",
            "invalid_movie_id",
        ),
        (json!({"type": 2}), "movie_id", "validation_error"),
        (
            json!({"movie_id": "55o", "type": 2}),
            "movie_id",
            "validation_error",
        ),
        (json!({"movie_id": 550}), "type", "validation_error"),
        (
            json!({"movie_id": 550, "type": 2, "release_year": 1700}),
            "release_year",
            "invalid_release_year",
        ),
        (
            json!({"movie_id": 550, "type": 2, "original_title": "Fight\u{1}Club"}),
            "original_title",
            "invalid_title",
        ),
    ];
    for (body, field, code) in cases {
        let (status, answer) = server
            .post("/api/favorites", Some(&token), body.clone())
            .await;
        assert_error(status, &answer, 400, code);
        assert_eq!(answer["field"], field, "{body}: {answer}");
    }
    let (status, answer) = server
        .post(
            "/api/favorites",
            Some(&token),
            json!({"movie_id": 999_999_999, "type": 2}),
        )
        .await;
    assert_error(status, &answer, 404, "movie_not_found");
    assert_eq!(answer["message"], "Movie not found");
    let (status, answer) = server
        .post("/api/favorites", None, json!({"movie_id": 550, "type": 2}))
        .await;
    assert_eq!(status, 401, "{answer}");
    assert_eq!(answer["success"], false);
});

on_both_backends!(
    a_watchlist_is_only_for_its_owner_and_favorites_are_public,
    |server| {
        let (aino, aino_id) = server.register("aino", PASSWORD).await;
        let (pekka, _) = server.register("pekka", PASSWORD).await;
        for (movie, kind) in [(550, 1), (278, 2)] {
            let (status, body) = server
                .post(
                    "/api/favorites",
                    Some(&aino),
                    json!({"movie_id": movie, "type": kind}),
                )
                .await;
            assert_eq!(status, 201, "{body}");
        }
        let watchlist = format!("/api/favorites/user/{aino_id}/1");
        let (status, body) = server.get(&watchlist, None).await;
        assert_error(status, &body, 401, "login_required");
        let (status, body) = server.get(&watchlist, Some(&pekka)).await;
        assert_error(status, &body, 403, "watchlist_private");
        let (status, body) = server.get(&watchlist, Some("not-a-token")).await;
        assert_eq!(status, 401, "{body}");
        let (status, body) = server.get(&watchlist, Some(&aino)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(movie_ids(&body), [550]);

        let favorites = format!("/api/v1/favorites/user/{aino_id}/2");
        for token in [None, Some(pekka.as_str()), Some(aino.as_str())] {
            let (status, body) = server.get(&favorites, token).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(movie_ids(&body), [278]);
            assert_eq!(
                body["pagination"],
                json!({"total": 1, "limit": 20, "offset": 0, "hasMore": false})
            );
        }

        let (status, body) = server.get("/api/favorites/user/987654/2", None).await;
        assert_error(status, &body, 404, "user_not_found");
        let (status, body) = server
            .get(&format!("/api/favorites/user/{aino_id}/3"), Some(&aino))
            .await;
        assert_error(status, &body, 400, "group_list");
        let (status, body) = server
            .get(&format!("/api/favorites/user/{aino_id}/7"), None)
            .await;
        assert_error(status, &body, 400, "invalid_favorite_type");
        for query in ["limit=0", "limit=101", "offset=-1"] {
            let (status, body) = server.get(&format!("{favorites}?{query}"), None).await;
            assert_error(status, &body, 400, "invalid_parameter");
        }
        let (status, body) = server.get("/api/favorites/user/abc/2", None).await;
        assert_error(status, &body, 400, "invalid_parameter");
    }
);

on_both_backends!(lists_are_newest_first_in_windows, |server| {
    let (token, user_id) = server.register("aino", PASSWORD).await;
    for movie in [550, 278, 238] {
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": movie, "type": 2}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        // Distinct creation times, so the order is by time rather than by the tie-breaker.
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let (status, first) = server
        .get(&format!("/api/favorites/user/{user_id}/2?limit=2"), None)
        .await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(movie_ids(&first), [238, 278]);
    assert_eq!(
        first["pagination"],
        json!({"total": 3, "limit": 2, "offset": 0, "hasMore": true})
    );
    let (_, rest) = server
        .get(
            &format!("/api/favorites/user/{user_id}/2?limit=2&offset=2"),
            None,
        )
        .await;
    assert_eq!(movie_ids(&rest), [550]);
    assert_eq!(rest["pagination"]["hasMore"], false);
});

on_both_backends!(removing_is_idempotent_and_only_touches_one_list, |server| {
    let (token, user_id) = server.register("aino", PASSWORD).await;
    for kind in [1, 2] {
        server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 550, "type": kind}),
            )
            .await;
    }
    for _ in 0..2 {
        let (status, body) = server
            .delete("/api/favorites/550/1", Some(&token), None)
            .await;
        assert_eq!(status, 204, "{body}");
        assert!(body.is_null(), "204 has no body: {body}");
    }
    let (_, status) = server.get("/api/favorites/status/550", Some(&token)).await;
    assert_eq!(
        status["data"],
        json!([{"tmdb_id": 550, "is_favorite": true, "is_watchlist": false}])
    );
    let (_, list) = server
        .get(&format!("/api/favorites/user/{user_id}/1"), Some(&token))
        .await;
    assert_eq!(list["pagination"]["total"], 0);

    let (status, body) = server
        .delete("/api/favorites/550/3", Some(&token), None)
        .await;
    assert_error(status, &body, 400, "group_list");
    let (status, body) = server
        .delete("/api/favorites/550/9", Some(&token), None)
        .await;
    assert_error(status, &body, 400, "invalid_favorite_type");
    let (status, body) = server
        .delete("/api/favorites/abc/2", Some(&token), None)
        .await;
    assert_error(status, &body, 400, "invalid_parameter");
    let (status, body) = server.delete("/api/favorites/550/2", None, None).await;
    assert_eq!(status, 401, "{body}");
});

on_both_backends!(
    status_lookups_answer_in_order_and_check_their_ids,
    |server| {
        let (token, _) = server.register("aino", PASSWORD).await;
        server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 550, "type": 1}),
            )
            .await;
        server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 550, "type": 2}),
            )
            .await;
        server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": 278, "type": 2}),
            )
            .await;

        let (status, body) = server
            .get("/api/favorites/status/238,550,278", Some(&token))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body,
            json!({"success": true, "data": [
                {"tmdb_id": 238, "is_favorite": false, "is_watchlist": false},
                {"tmdb_id": 550, "is_favorite": true, "is_watchlist": true},
                {"tmdb_id": 278, "is_favorite": true, "is_watchlist": false},
            ]})
        );
        let (status, body) = server.get("/api/v1/favorites/status/550,278", None).await;
        assert_eq!(status, 200, "{body}");
        assert!(
            body["data"]
                .as_array()
                .expect("data")
                .iter()
                .all(|s| s["is_favorite"] == false && s["is_watchlist"] == false),
            "visitors get all false: {body}"
        );
        // A dead token reads as a visitor (issue 12 §4); the header tells the session ended.
        let response = server
            .client
            .get(server.url("/api/favorites/status/550"))
            .bearer_auth("not-a-token")
            .send()
            .await
            .expect("GET");
        assert_eq!(response.status(), 200);
        assert_eq!(
            response
                .headers()
                .get("www-authenticate")
                .and_then(|v| v.to_str().ok()),
            Some("Bearer error=\"invalid_token\"")
        );

        let hundred: Vec<String> = (1..=100).map(|i| i.to_string()).collect();
        let (status, body) = server
            .get(
                &format!("/api/favorites/status/{}", hundred.join(",")),
                Some(&token),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"].as_array().map(Vec::len), Some(100));
        let too_many: Vec<String> = (1..=101).map(|i| i.to_string()).collect();
        for ids in ["0", "-1", "abc", "1,,2", "1.5", too_many.join(",").as_str()] {
            let (status, body) = server
                .get(&format!("/api/favorites/status/{ids}"), Some(&token))
                .await;
            assert_error(status, &body, 400, "invalid_ids");
            assert_eq!(body["field"], "ids", "{body}");
        }
        // An id asked twice is answered twice (the spec cannot forbid repeats in a
        // comma-separated parameter, so the server does not either).
        let (status, body) = server.get("/api/favorites/status/7,7", Some(&token)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"].as_array().map(Vec::len), Some(2));
    }
);

on_both_backends!(group_favorites_follow_the_group_roles, |server| {
    let (owner, owner_id) = server.register("owner", PASSWORD).await;
    let (moderator, moderator_id) = server.register("moddy", PASSWORD).await;
    let (member, member_id) = server.register("member", PASSWORD).await;
    let (pending, pending_id) = server.register("pending", PASSWORD).await;
    let (outsider, _) = server.register("outsider", PASSWORD).await;
    let group = group_with_members(
        &server,
        owner_id,
        &[
            (moderator_id, "moderator"),
            (member_id, "member"),
            (pending_id, "pending"),
        ],
    )
    .await;
    let add = json!({"movie_id": 550, "type": 3, "group_id": group});

    let (status, body) = server
        .post("/api/favorites", Some(&owner), add.clone())
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["group_id"], group);
    assert_eq!(body["data"]["type"], 3);
    assert_eq!(body["data"]["added_by"], owner_id);
    let (status, body) = server
        .post("/api/favorites", Some(&moderator), add.clone())
        .await;
    assert_eq!(status, 200, "one entry per group and movie: {body}");
    let (status, body) = server
        .post(
            "/api/favorites",
            Some(&moderator),
            json!({"movie_id": 278, "type": 3, "group_id": group}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["added_by"], moderator_id);
    for token in [&member, &pending, &outsider] {
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(token),
                json!({"movie_id": 238, "type": 3, "group_id": group}),
            )
            .await;
        assert_error(status, &body, 403, "favorites_forbidden");
        assert_eq!(body["message"], NO_GROUP_RIGHTS);
    }
    let (status, body) = server
        .post(
            "/api/favorites",
            Some(&owner),
            json!({"movie_id": 550, "type": 3, "group_id": 987654}),
        )
        .await;
    assert_error(status, &body, 404, "group_not_found");

    let list = format!("/api/favorites/group/{group}");
    for token in [&owner, &moderator, &member] {
        let (status, body) = server.get(&list, Some(token)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(movie_ids(&body), [278, 550]);
        assert_eq!(body["pagination"]["total"], 2);
    }
    for token in [&pending, &outsider] {
        let (status, body) = server.get(&list, Some(token)).await;
        assert_error(status, &body, 403, "members_only");
    }
    let (status, body) = server.get(&list, None).await;
    assert_eq!(status, 401, "{body}");
    let (status, body) = server
        .get("/api/favorites/group/987654", Some(&owner))
        .await;
    assert_error(status, &body, 404, "group_not_found");

    // Group favorites are not the owner's personal favorites.
    let (_, status_body) = server.get("/api/favorites/status/550", Some(&owner)).await;
    assert_eq!(
        status_body["data"][0]["is_favorite"], false,
        "{status_body}"
    );

    let remove = format!("/api/favorites/550/3/group/{group}");
    let (status, body) = server.delete(&remove, Some(&member), None).await;
    assert_error(status, &body, 403, "favorites_forbidden");
    let (status, body) = server.delete(&remove, Some(&moderator), None).await;
    assert_eq!(status, 204, "{body}");
    let (status, body) = server
        .delete(
            &format!("/api/favorites/550/2/group/{group}"),
            Some(&owner),
            None,
        )
        .await;
    assert_error(status, &body, 400, "invalid_favorite_type");
    let (_, body) = server.get(&list, Some(&member)).await;
    assert_eq!(movie_ids(&body), [278]);
});
