//! The servers keep public profiles in memory (issue 14). These tests prove it stays
//! correct with several processes on one database: a second server, and the admin CLI,
//! write while a server holds a profile, and the very next read of it shows their write.
//! The same holds for the account every signed-in request's token is checked against.

mod support;

use std::time::Duration;

use serde_json::{json, Value};
use support::{assert_error, TestServer, PASSWORD};

const MATRIX: i64 = 603;

async fn profile(server: &TestServer, id: i64) -> (u16, Value) {
    server.get(&format!("/api/users/{id}"), None).await
}

async fn review_count(server: &TestServer, id: i64) -> i64 {
    let (status, body) = profile(server, id).await;
    assert_eq!(status, 200, "{body}");
    body["user"]["review_count"].as_i64().expect("review_count")
}

/// Reads through `server` once: the answer must show `seen` already.
async fn at_once<F>(server: &TestServer, id: i64, seen: F)
where
    F: Fn(u16, &Value) -> bool,
{
    let (status, body) = profile(server, id).await;
    assert!(seen(status, &body), "still served: {status} {body}");
}

async fn write_review(server: &TestServer, token: &str) -> i64 {
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(token),
            json!({"movieId": MATRIX, "rating": 4, "content": "Seen twice."}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["review"]["id"].as_i64().expect("review id")
}

on_both_backends!(
    a_server_serves_its_own_and_another_servers_writes_at_once,
    |server| {
        let other = server.start_beside(&[]).await;
        let (token, id) = server.register("Kaisa", PASSWORD).await;
        // Both servers now hold the profile.
        assert_eq!(review_count(&server, id).await, 0);
        assert_eq!(review_count(&other, id).await, 0);

        // The writing server reads its own write at once, with no wait at all.
        let review = write_review(&server, &token).await;
        assert_eq!(review_count(&server, id).await, 1);
        assert_eq!(review_count(&other, id).await, 1);

        // A like given through the other server (by someone who signed in there) reaches
        // the first.
        let (fan, _) = other.register("Fanni", PASSWORD).await;
        let (status, body) = other
            .post(
                &format!("/api/reviews/{review}/interaction"),
                Some(&fan),
                json!({"type": "like"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(profile(&other, id).await.1["user"]["total_likes"], 1);
        at_once(&server, id, |_, body| body["user"]["total_likes"] == 1).await;
    }
);

on_both_backends!(
    an_account_the_admin_cli_deletes_is_gone_from_the_servers_memory,
    |server| {
        let (_, id) = server.register("Veikko", PASSWORD).await;
        let (_, kept) = server.register("Onni", PASSWORD).await;
        assert_eq!(profile(&server, id).await.0, 200);
        assert_eq!(profile(&server, kept).await.0, 200);
        // Long enough without writes that a SQLite server stops checking on every read
        // and relies on the kernel's report of the next write.
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        assert_eq!(profile(&server, id).await.0, 200);

        let (code, stdout, stderr) = server
            .admin(&["users", "delete", &id.to_string(), "--yes"])
            .await;
        assert_eq!(code, 0, "{stdout}{stderr}");
        at_once(&server, id, |status, _| status == 404).await;
        assert_eq!(profile(&server, kept).await.0, 200);
    }
);

async fn me(server: &TestServer, token: &str) -> (u16, Value) {
    server.get("/api/users/profile", Some(token)).await
}

on_both_backends!(
    a_session_ended_through_another_process_ends_on_every_server_at_once,
    |server| {
        let other = server.start_beside(&[]).await;
        let (token, _) = server.register("Kaisa", PASSWORD).await;
        let (spammer, spammer_id) = server.register("Roskaposti", PASSWORD).await;
        // Each server signs its own tokens: Kaisa signs in on the other one too.
        let (status, login) = other
            .post(
                "/api/users/login",
                None,
                json!({"email": "kaisa@example.fi", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{login}");
        let elsewhere = login["token"].as_str().expect("token").to_owned();
        // The first server has checked both tokens, so it keeps both accounts.
        for tok in [&token, &spammer] {
            assert_eq!(me(&server, tok).await.0, 200);
            assert_eq!(me(&server, tok).await.0, 200);
        }

        // A new password set through the other server ends the old session here.
        let (status, body) = other
            .put(
                "/api/users/profile",
                Some(&elsewhere),
                json!({"newPassword": "an entirely new secret", "currentPassword": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = me(&server, &token).await;
        assert_error(status, &body, 401, "token_revoked");

        // A ban by the admin CLI ends the banned user's session at once, and says why.
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        assert_eq!(me(&server, &spammer).await.0, 200);
        let (code, stdout, stderr) = server
            .admin(&["users", "ban", &spammer_id.to_string(), "--reason", "spam"])
            .await;
        assert_eq!(code, 0, "{stdout}{stderr}");
        let (status, body) = me(&server, &spammer).await;
        assert_error(status, &body, 401, "account_banned");
    }
);
