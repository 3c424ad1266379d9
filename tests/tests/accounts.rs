//! Accounts over HTTP, as API.md describes them, on SQLite and on Postgres.

mod support;

use serde_json::json;
use support::{assert_error, PASSWORD};

on_both_backends!(
    a_new_account_starts_with_zero_stats_and_a_working_token,
    |server| {
        let (status, body) = server
            .post(
                "/api/v1/users/register",
                None,
                json!({"username": "Aino", "email": "Aino@Example.FI", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["success"], true);
        let user = &body["user"];
        assert_eq!(user["username"], "Aino");
        assert_eq!(
            user["email"], "aino@example.fi",
            "email is stored lower-case"
        );
        assert_eq!(user["review_count"], 0);
        assert_eq!(user["total_likes"], 0);
        assert_eq!(user["total_dislikes"], 0);
        assert_eq!(user["aura"], 0);
        assert_eq!(user["aura_label"], "Neutral");
        assert!(user["average_rating"].is_null());
        let token = body["token"].as_str().expect("token");

        let (status, me) = server.get("/api/users/profile", Some(token)).await;
        assert_eq!(status, 200, "{me}");
        assert_eq!(me["user"]["id"], user["id"]);
        assert_eq!(me["user"]["email"], "aino@example.fi");
    }
);

on_both_backends!(
    usernames_and_emails_are_unique_in_any_letter_case,
    |server| {
        server.register("kalle", PASSWORD).await;
        for body in [
            json!({"username": "KALLE", "email": "other@example.fi", "password": PASSWORD}),
            json!({"username": "someone", "email": "KALLE@example.fi", "password": PASSWORD}),
        ] {
            let (status, answer) = server.post("/api/v1/users/register", None, body).await;
            assert_error(status, &answer, 409, "user_exists");
            assert_eq!(
                answer["message"],
                "An account with this email or username already exists."
            );
        }
    }
);

on_both_backends!(
    registration_rejects_bad_input_with_the_field_named,
    |server| {
        let cases = [
            (
                json!({"username": "ok_name", "email": "ok@example.fi", "password": "short"}),
                "password",
            ),
            (
                json!({"username": "ok_name", "email": "not-an-email", "password": PASSWORD}),
                "email",
            ),
            (
                json!({"username": "x", "email": "ok@example.fi", "password": PASSWORD}),
                "username",
            ),
            (
                json!({"username": "bad name!", "email": "ok@example.fi", "password": PASSWORD}),
                "username",
            ),
            (
                json!({"username": "ok_name", "email": "ok@example.fi", "password": "p".repeat(129)}),
                "password",
            ),
        ];
        for (body, field) in cases {
            let (status, answer) = server.post("/api/v1/users/register", None, body).await;
            assert_eq!(status, 400, "{answer}");
            assert_eq!(answer["success"], false);
            assert_eq!(answer["field"], field, "{answer}");
        }
    }
);

on_both_backends!(login_does_not_reveal_whether_an_email_exists, |server| {
    server.register("liisa", PASSWORD).await;
    let (status, ok) = server
        .post(
            "/api/v1/users/login",
            None,
            json!({"email": "LIISA@example.fi", "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{ok}");
    assert!(ok["token"].as_str().is_some());
    assert_eq!(ok["user"]["username"], "liisa");

    let (s1, wrong_password) = server
        .post(
            "/api/v1/users/login",
            None,
            json!({"email": "liisa@example.fi", "password": "wrong password"}),
        )
        .await;
    let (s2, unknown_email) = server
        .post(
            "/api/v1/users/login",
            None,
            json!({"email": "nobody@example.fi", "password": PASSWORD}),
        )
        .await;
    assert_error(s1, &wrong_password, 401, "invalid_credentials");
    assert_error(s2, &unknown_email, 401, "invalid_credentials");
    assert_eq!(wrong_password["message"], unknown_email["message"]);
});

on_both_backends!(
    public_profiles_hide_the_email_and_missing_ones_are_404,
    |server| {
        let (_, id) = server.register("pekka", PASSWORD).await;
        let (status, body) = server.get(&format!("/api/v1/users/{id}"), None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["user"]["username"], "pekka");
        assert!(
            body["user"].get("email").is_none_or(|e| e.is_null()),
            "{body}"
        );

        let (status, body) = server.get("/api/v1/users/987654", None).await;
        assert_error(status, &body, 404, "user_not_found");
        let (status, body) = server.get("/api/v1/users/abc", None).await;
        assert_error(status, &body, 400, "invalid_parameter");
    }
);

on_both_backends!(profile_changes_need_the_current_password, |server| {
    let (token, _) = server.register("maija", PASSWORD).await;
    let path = "/api/v1/users/profile";

    let (status, body) = server
        .put(path, Some(&token), json!({"user_bio": "Hi"}))
        .await;
    assert_error(status, &body, 400, "current_password_required");
    assert_eq!(body["message"], "Current password is required.");

    let (status, body) = server
        .put(
            path,
            Some(&token),
            json!({"user_bio": "Hi", "currentPassword": "not it at all"}),
        )
        .await;
    assert_error(status, &body, 403, "wrong_password");

    let (status, body) = server
        .put(path, Some(&token), json!({"currentPassword": PASSWORD}))
        .await;
    assert_error(status, &body, 400, "no_changes");
    assert_eq!(body["message"], "No changes to update.");

    let (status, body) = server
        .put(
            path,
            Some(&token),
            json!({"user_bio": "I love Kaurismäki.", "currentPassword": PASSWORD}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["user_bio"], "I love Kaurismäki.");
    let (_, me) = server.get(path, Some(&token)).await;
    assert_eq!(me["user"]["user_bio"], "I love Kaurismäki.");
});

on_both_backends!(
    the_reading_language_is_remembered_without_a_password,
    |server| {
        let (token, id) = server.register("liisa", PASSWORD).await;
        let path = "/api/users/profile";
        let (_, me) = server.get(path, Some(&token)).await;
        assert!(me["user"]["language"].is_null(), "none until chosen: {me}");

        let (status, body) = server
            .put(path, Some(&token), json!({"language": "fi"}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["user"]["language"], "fi");
        // Sent again on every switch: the same language is no error.
        let (status, _) = server
            .put(path, Some(&token), json!({"language": "fi-FI"}))
            .await;
        assert_eq!(status, 200);

        // Another browser logs in and learns it; the public profile does not show it.
        let (status, login) = server
            .post(
                "/api/users/login",
                None,
                json!({"email": "liisa@example.fi", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{login}");
        assert_eq!(login["user"]["language"], "fi");
        let (_, public) = server.get(&format!("/api/users/{id}"), None).await;
        assert!(public["user"].get("language").is_none(), "{public}");

        let (status, body) = server
            .put(path, Some(&token), json!({"language": "sv"}))
            .await;
        assert_error(status, &body, 400, "invalid_language");
        let (status, body) = server
            .put(
                path,
                Some(&token),
                json!({"language": "en", "user_bio": "Hei"}),
            )
            .await;
        assert_error(status, &body, 400, "current_password_required");
        let (_, me) = server.get(path, Some(&token)).await;
        assert_eq!(me["user"]["language"], "fi", "a refused change leaves it");
    }
);

on_both_backends!(
    a_password_change_revokes_old_tokens_and_hands_out_a_new_one,
    |server| {
        let (old_token, _) = server.register("ville", PASSWORD).await;
        let (status, body) = server
            .put(
                "/api/v1/users/profile",
                Some(&old_token),
                json!({"newPassword": "an even better one", "currentPassword": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let new_token = body["token"]
            .as_str()
            .expect("a fresh token after a password change");

        let (status, body) = server.get("/api/v1/users/profile", Some(&old_token)).await;
        assert_eq!(status, 401, "old token must stop working: {body}");
        let (status, _) = server.get("/api/v1/users/profile", Some(new_token)).await;
        assert_eq!(status, 200);

        let (status, _) = server
            .post(
                "/api/v1/users/login",
                None,
                json!({"email": "ville@example.fi", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 401);
        let (status, _) = server
            .post(
                "/api/v1/users/login",
                None,
                json!({"email": "ville@example.fi", "password": "an even better one"}),
            )
            .await;
        assert_eq!(status, 200);
    }
);

on_both_backends!(
    deleting_an_account_needs_the_password_and_ends_everything,
    |server| {
        let (token, id) = server.register("tuuli", PASSWORD).await;
        let path = "/api/v1/users/profile";
        let (status, body) = server
            .delete(
                path,
                Some(&token),
                Some(json!({"currentPassword": "nope nope"})),
            )
            .await;
        assert_error(status, &body, 403, "wrong_password");
        let (status, body) = server.delete(path, Some(&token), Some(json!({}))).await;
        assert_error(status, &body, 400, "current_password_required");

        let (status, _) = server
            .delete(
                path,
                Some(&token),
                Some(json!({"currentPassword": PASSWORD})),
            )
            .await;
        assert_eq!(status, 204);
        let (status, _) = server.get(path, Some(&token)).await;
        assert_eq!(status, 401);
        let (status, _) = server.get(&format!("/api/v1/users/{id}"), None).await;
        assert_eq!(status, 404);
        let (status, _) = server
            .post(
                "/api/v1/users/login",
                None,
                json!({"email": "tuuli@example.fi", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 401);
        // The name is free again.
        server.register("tuuli", PASSWORD).await;
    }
);

on_both_backends!(requests_without_a_valid_token_are_401_json, |server| {
    for token in [
        None,
        Some("garbage"),
        Some("eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"),
    ] {
        let (status, body) = server.get("/api/v1/users/profile", token).await;
        assert_eq!(status, 401, "{body}");
        assert_eq!(body["success"], false);
        assert!(body["code"].is_string());
    }
});

on_both_backends!(tokens_survive_a_restart, |server| {
    let (token, _) = server.register("sisu", PASSWORD).await;
    server.restart().await;
    let (status, body) = server.get("/api/v1/users/profile", Some(&token)).await;
    assert_eq!(
        status, 200,
        "the signing secret is kept in DATA_DIR: {body}"
    );
});

on_both_backends!(
    a_banned_user_cannot_log_in_and_their_tokens_stop_working,
    |server| {
        let (token, id) = server.register("kiusaaja", PASSWORD).await;
        let (code, stdout, stderr) = server
            .admin(&["users", "ban", &id.to_string(), "--reason", "spam"])
            .await;
        assert_eq!(code, 0, "ban failed: {stdout}{stderr}");

        let (status, body) = server.get("/api/v1/users/profile", Some(&token)).await;
        assert_error(status, &body, 401, "account_banned");
        assert_eq!(body["message"], "This account has been banned.", "{body}");
        let (status, body) = server
            .post(
                "/api/v1/users/login",
                None,
                json!({"email": "kiusaaja@example.fi", "password": PASSWORD}),
            )
            .await;
        assert_error(status, &body, 403, "banned");

        let (code, stdout, _) = server.admin(&["modlog", "--json"]).await;
        assert_eq!(code, 0);
        assert!(
            stdout.contains("ban_user") && stdout.contains("spam"),
            "{stdout}"
        );

        let (code, _, _) = server.admin(&["users", "unban", &id.to_string()]).await;
        assert_eq!(code, 0);
        let (status, _) = server
            .post(
                "/api/v1/users/login",
                None,
                json!({"email": "kiusaaja@example.fi", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200);
    }
);

on_both_backends!(a_timed_ban_names_its_end_and_lifts_itself, |server| {
    let (token, id) = server.register("lyhytaikainen", PASSWORD).await;
    let (code, stdout, stderr) = server
        .admin(&[
            "users",
            "ban",
            &id.to_string(),
            "--until",
            "3s",
            "--reason",
            "cool off",
        ])
        .await;
    assert_eq!(code, 0, "ban failed: {stdout}{stderr}");
    let (status, body) = server.get("/api/v1/users/profile", Some(&token)).await;
    assert_error(status, &body, 401, "account_banned");
    let login = json!({"email": "lyhytaikainen@example.fi", "password": PASSWORD});
    let (status, body) = server
        .post("/api/v1/users/login", None, login.clone())
        .await;
    assert_error(status, &body, 403, "banned");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("This account has been banned until 20"),
        "{body}"
    );

    tokio::time::sleep(std::time::Duration::from_millis(3500)).await;
    let (status, body) = server.post("/api/v1/users/login", None, login).await;
    assert_eq!(status, 200, "the ban lifted itself: {body}");
    // The session the ban ended stays ended.
    let (status, body) = server.get("/api/v1/users/profile", Some(&token)).await;
    assert_error(status, &body, 401, "token_revoked");
    let (code, stdout, _) = server
        .admin(&["users", "show", &id.to_string(), "--json"])
        .await;
    assert_eq!(code, 0);
    assert!(stdout.contains("\"banned\": false"), "{stdout}");
});
