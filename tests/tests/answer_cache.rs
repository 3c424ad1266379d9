//! The servers keep public answers in memory (issue 14): a review, a user's reviews and
//! activity, a favorites list, a group and the group lists, as an anonymous reader gets
//! them. These
//! tests prove they stay correct with several processes on one database: a write through
//! either server, or by the admin CLI, is shown by both servers to the very next read.

mod support;

use std::time::Duration;

use serde_json::{json, Value};
use support::groups::create_group;
use support::{TestServer, PASSWORD};

const MATRIX: i64 = 603;

async fn read(server: &TestServer, path: &str) -> Value {
    let (status, body) = server.get(path, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

/// Reads `path` anonymously through `server` once: the answer must show `seen` already.
async fn at_once<F>(server: &TestServer, path: &str, seen: F)
where
    F: Fn(&Value) -> bool,
{
    let body = read(server, path).await;
    assert!(seen(&body), "{path} still answered {body}");
}

/// A session of `username` (registered on another server of the database) on `server`:
/// each server signs its own tokens.
async fn login(server: &TestServer, username: &str) -> String {
    let (status, body) = server
        .post(
            "/api/users/login",
            None,
            json!({"email": format!("{username}@example.fi"), "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().expect("token").to_owned()
}

/// Kaisa registers on `server` and reviews The Matrix: her token, id and the review's id.
async fn kaisas_review(server: &TestServer) -> (String, i64, i64) {
    let (token, author) = server.register("Kaisa", PASSWORD).await;
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": MATRIX, "rating": 4, "content": "Seen twice."}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let review = body["data"]["review"]["id"].as_i64().expect("review id");
    (token, author, review)
}

/// `reader` reacts to `review` through `server` (`kind`: like or dislike).
async fn react(server: &TestServer, reader: &str, review: i64, kind: &str) {
    let (status, body) = server
        .post(
            &format!("/api/reviews/{review}/interaction"),
            Some(reader),
            json!({"type": kind}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

fn search_names(body: &Value) -> Vec<String> {
    body["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .map(|g| g["name"].as_str().expect("name").to_owned())
        .collect()
}

on_both_backends!(
    reviews_and_favorites_follow_writes_of_either_server,
    |server| {
        let other = server.start_beside(&[]).await;
        let (token, author, review) = kaisas_review(&server).await;
        let one = format!("/api/reviews/{review}");
        let by_author = format!("/api/reviews/user/{author}");
        let favorites = format!("/api/favorites/user/{author}/2");
        // Both servers now keep the answers.
        for reader in [&server, &other] {
            assert_eq!(read(reader, &one).await["data"]["review"]["likes"], 0);
            let page = read(reader, &by_author).await;
            assert_eq!(page["data"]["reviews"][0]["content"], "Seen twice.");
            assert_eq!(read(reader, &favorites).await["pagination"]["total"], 0);
        }

        // A like through the other server: both show it at once.
        let (fan, _) = other.register("Fanni", PASSWORD).await;
        react(&other, &fan, review, "like").await;
        assert_eq!(read(&other, &one).await["data"]["review"]["likes"], 1);
        at_once(&server, &one, |body| body["data"]["review"]["likes"] == 1).await;

        // An edit through the first server.
        let (status, body) = server
            .put(&one, Some(&token), json!({"content": "Seen three times."}))
            .await;
        assert_eq!(status, 200, "{body}");
        let page = read(&server, &by_author).await;
        assert_eq!(page["data"]["reviews"][0]["content"], "Seen three times.");
        at_once(&other, &by_author, |page| {
            page["data"]["reviews"][0]["content"] == "Seen three times."
        })
        .await;

        // A favorite, then its removal, through the other server.
        let token_there = login(&other, "Kaisa").await;
        let (status, body) = other
            .post(
                "/api/favorites",
                Some(&token_there),
                json!({"movie_id": MATRIX, "type": 2}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(read(&other, &favorites).await["pagination"]["total"], 1);
        at_once(&server, &favorites, |list| list["pagination"]["total"] == 1).await;
        let (status, body) = other
            .delete(
                &format!("/api/favorites/{MATRIX}/2"),
                Some(&token_there),
                None,
            )
            .await;
        assert!(status < 300, "{status} {body}");
        at_once(&server, &favorites, |list| list["pagination"]["total"] == 0).await;

        // The review's deletion.
        let (status, body) = server.delete(&one, Some(&token), None).await;
        assert!(status < 300, "{status} {body}");
        assert_eq!(server.get(&one, None).await.0, 404);
        assert_eq!(
            other.get(&one, None).await.0,
            404,
            "the deleted review is served"
        );
        at_once(&other, &by_author, |page| {
            page["data"]["reviews"] == json!([])
        })
        .await;
    }
);

on_both_backends!(
    group_lists_follow_writes_of_either_server_and_of_the_admin_cli,
    |server| {
        let other = server.start_beside(&[]).await;
        let (owner, _) = server.register("Olli", PASSWORD).await;
        let search = "/api/groups/search?query=kerho";
        assert_eq!(
            search_names(&read(&server, search).await),
            Vec::<String>::new()
        );
        assert_eq!(
            search_names(&read(&other, search).await),
            Vec::<String>::new()
        );

        let group = create_group(
            &server,
            &owner,
            json!({"name": "Elokuvakerho", "description": "Joka viikko", "tags": [18]}),
        )
        .await;
        let page = format!("/api/groups/{group}");
        assert_eq!(search_names(&read(&server, search).await), ["Elokuvakerho"]);
        at_once(&other, search, |body| {
            search_names(body) == ["Elokuvakerho"]
        })
        .await;
        assert_eq!(read(&other, &page).await["group"]["name"], "Elokuvakerho");

        // A rename through the other server.
        let owner_there = login(&other, "Olli").await;
        let (status, body) = other
            .put(&page, Some(&owner_there), json!({"name": "Kauhukerho"}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(search_names(&read(&other, search).await), ["Kauhukerho"]);
        at_once(&server, search, |body| search_names(body) == ["Kauhukerho"]).await;
        at_once(&server, &page, |body| body["group"]["name"] == "Kauhukerho").await;

        // The admin CLI deletes the group (long enough after the last write that a SQLite
        // server no longer checks on every read).
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        assert_eq!(search_names(&read(&server, search).await), ["Kauhukerho"]);
        let (code, stdout, stderr) = server
            .admin(&["groups", "delete", &group.to_string(), "--yes"])
            .await;
        assert_eq!(code, 0, "{stdout}{stderr}");
        for reader in [&server, &other] {
            at_once(reader, search, |body| search_names(body).is_empty()).await;
        }
    }
);

/// The `my_interaction` of each review list `reader` gets through `server`.
async fn my_interactions(
    server: &TestServer,
    reader: Option<&str>,
    paths: &[String],
) -> Vec<Value> {
    let mut found = Vec::new();
    for path in paths {
        let (status, body) = server.get(path, reader).await;
        assert_eq!(status, 200, "{path}: {body}");
        let review = if body["data"]["review"].is_object() {
            body["data"]["review"].clone()
        } else {
            body["data"]["reviews"][0].clone()
        };
        found.push(review["my_interaction"].clone());
    }
    found
}

on_both_backends!(
    a_signed_in_reader_gets_the_kept_page_with_their_own_reaction,
    |server| {
        let other = server.start_beside(&[]).await;
        let (_, author, review) = kaisas_review(&server).await;
        let paths = [
            format!("/api/reviews/{review}"),
            format!("/api/reviews/movie/{MATRIX}"),
            format!("/api/reviews/user/{author}"),
            "/api/reviews/recent".to_owned(),
        ];
        let (fan, _) = other.register("Fanni", PASSWORD).await;
        let (bystander, _) = server.register("Pekka", PASSWORD).await;
        // The pages are kept by both servers before anyone reacts.
        for reader in [&server, &other] {
            assert_eq!(
                my_interactions(reader, None, &paths).await,
                vec![Value::Null; 4]
            );
        }

        react(&other, &fan, review, "like").await;
        let fan_here = login(&server, "Fanni").await;
        assert_eq!(
            my_interactions(&server, Some(&fan_here), &paths).await,
            vec![json!("like"); 4]
        );
        assert_eq!(
            my_interactions(&other, Some(&fan), &paths).await,
            vec![json!("like"); 4]
        );
        assert_eq!(
            my_interactions(&server, Some(&bystander), &paths).await,
            vec![Value::Null; 4],
            "another reader's reaction is not theirs"
        );
        assert_eq!(
            my_interactions(&server, None, &paths).await,
            vec![Value::Null; 4]
        );

        // A change of mind through the first server shows on the other at once.
        react(&server, &fan_here, review, "dislike").await;
        assert_eq!(
            my_interactions(&other, Some(&fan), &paths).await,
            vec![json!("dislike"); 4]
        );
        let (_, page) = other.get(&paths[1], None).await;
        assert_eq!(page["data"]["reviews"][0]["dislikes"], 1, "{page}");
    }
);

/// The `(kind, review's likes, my_interaction)` of each entry of a user's activity.
async fn activity(server: &TestServer, reader: Option<&str>, user: i64) -> Vec<Value> {
    let path = format!("/api/reviews/user/{user}/activity");
    let (status, body) = server.get(&path, reader).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"]["activity"]
        .as_array()
        .expect("activity")
        .iter()
        .map(|item| {
            json!([
                item["kind"],
                item["review"]["likes"],
                item["review"]["my_interaction"]
            ])
        })
        .collect()
}

on_both_backends!(
    a_users_activity_follows_writes_of_either_server_and_finds_a_new_account,
    |server| {
        let other = server.start_beside(&[]).await;
        let (_, author, review) = kaisas_review(&server).await;
        let (fan, fan_id) = other.register("Fanni", PASSWORD).await;
        for reader in [&server, &other] {
            assert_eq!(
                activity(reader, None, author).await,
                [json!(["review", 0, null])]
            );
            assert_eq!(activity(reader, None, fan_id).await, Vec::<Value>::new());
        }
        // Asked for before the account exists, on both servers: then registered.
        let next = format!("/api/reviews/user/{}/activity", fan_id + 1);
        for reader in [&server, &other] {
            assert_eq!(reader.get(&next, None).await.0, 404);
        }
        let (bystander, bystander_id) = other.register("Pekka", PASSWORD).await;
        assert_eq!(bystander_id, fan_id + 1);
        for reader in [&server, &other] {
            assert_eq!(
                reader.get(&next, None).await.0,
                200,
                "the new account is unknown"
            );
        }

        // A like through the other server: both show it at once, in both activities.
        react(&other, &fan, review, "like").await;
        for reader in [&server, &other] {
            assert_eq!(
                activity(reader, None, author).await,
                [json!(["review", 1, null])]
            );
            assert_eq!(
                activity(reader, None, fan_id).await,
                [json!(["reaction", 1, null])]
            );
        }
        // The fan's own reaction is written in for her only.
        let fan_here = login(&server, "Fanni").await;
        assert_eq!(
            activity(&server, Some(&fan_here), fan_id).await,
            [json!(["reaction", 1, "like"])]
        );
        assert_eq!(
            activity(&other, Some(&bystander), fan_id).await,
            [json!(["reaction", 1, null])]
        );
        // A change of mind through the first server.
        react(&server, &fan_here, review, "dislike").await;
        assert_eq!(
            activity(&other, Some(&fan), author).await,
            [json!(["review", 0, "dislike"])]
        );
    }
);
