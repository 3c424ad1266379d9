//! The HTTP contract, through `poem::test::TestClient`: users endpoints and the error body.

use poem::http::{header, StatusCode};
use serde_json::{json, Value};

use crate::testing::{test_app, Client};

mod faults;

const PW: &str = "correct horse";

async fn send(resp: poem::test::TestResponse) -> (u16, Value) {
    let status = resp.0.status().as_u16();
    let text = resp.0.into_body().into_string().await.expect("a body");
    let json = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"))
    };
    (status, json)
}

async fn post(client: &Client, path: &str, body: Value) -> (u16, Value) {
    send(client.post(path).body_json(&body).send().await).await
}

async fn register(client: &Client, username: &str) -> (String, i64) {
    let (status, body) = post(
        client,
        "/api/v1/users/register",
        json!({"username": username, "email": format!("{username}@example.fi"), "password": PW}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    (
        body["token"].as_str().expect("token").to_owned(),
        body["user"]["id"].as_i64().expect("id"),
    )
}

fn assert_error(status: u16, body: &Value, expected: u16, code: &str) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

#[tokio::test]
async fn register_returns_201_with_the_user_and_a_working_token() {
    let (client, _db) = test_app().await;
    let (status, body) = post(
        &client,
        "/api/users/register",
        json!({"username": "Aino", "email": "Aino@Example.FI", "password": PW}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["success"], true);
    let user = &body["user"];
    assert_eq!(user["username"], "Aino");
    assert_eq!(user["email"], "aino@example.fi");
    assert_eq!(user["user_bio"], "");
    assert_eq!(user["review_count"], 0);
    assert_eq!(user["aura"], 0);
    assert_eq!(user["aura_label"], "Neutral");
    assert!(user["average_rating"].is_null());
    assert!(
        user["created_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z')),
        "{user}"
    );

    let token = body["token"].as_str().unwrap();
    let (status, me) = send(
        client
            .get("/api/v1/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .send()
            .await,
    )
    .await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["success"], true);
    assert_eq!(me["user"]["email"], "aino@example.fi");
}

#[tokio::test]
async fn duplicates_are_409_user_exists() {
    let (client, _db) = test_app().await;
    register(&client, "kalle").await;
    let (status, body) = post(
        &client,
        "/api/users/register",
        json!({"username": "KALLE", "email": "other@example.fi", "password": PW}),
    )
    .await;
    assert_error(status, &body, 409, "user_exists");
    assert_eq!(
        body["message"],
        "An account with this email or username already exists."
    );
}

#[tokio::test]
async fn invalid_registration_names_the_field() {
    let (client, _db) = test_app().await;
    let cases = [
        (
            json!({"username": "ok_name", "email": "ok@example.fi", "password": "short"}),
            "password",
            "invalid_password",
        ),
        (
            json!({"username": "ok_name", "email": "nope", "password": PW}),
            "email",
            "invalid_email",
        ),
        (
            json!({"username": "x", "email": "ok@example.fi", "password": PW}),
            "username",
            "invalid_username",
        ),
        (
            json!({"email": "ok@example.fi", "password": PW}),
            "username",
            "validation_error",
        ),
        (
            json!({"username": 42, "email": "ok@example.fi", "password": PW}),
            "username",
            "validation_error",
        ),
        (
            json!({"username": "ok_name", "email": true, "password": PW}),
            "email",
            "validation_error",
        ),
    ];
    for (body, field, code) in cases {
        let (status, answer) = post(&client, "/api/users/register", body).await;
        assert_error(status, &answer, 400, code);
        assert_eq!(answer["field"], field, "{answer}");
    }
}

#[tokio::test]
async fn login_answers_the_same_for_unknown_emails_and_wrong_passwords() {
    let (client, _db) = test_app().await;
    register(&client, "liisa").await;
    let (status, ok) = post(
        &client,
        "/api/users/login",
        json!({"email": "LIISA@example.fi", "password": PW}),
    )
    .await;
    assert_eq!(status, 200, "{ok}");
    assert_eq!(ok["success"], true);
    assert_eq!(ok["user"]["username"], "liisa");
    assert!(ok["token"].is_string());

    let (s1, wrong) = post(
        &client,
        "/api/users/login",
        json!({"email": "liisa@example.fi", "password": "wrong"}),
    )
    .await;
    let (s2, unknown) = post(
        &client,
        "/api/users/login",
        json!({"email": "nobody@example.fi", "password": PW}),
    )
    .await;
    assert_error(s1, &wrong, 401, "invalid_credentials");
    assert_error(s2, &unknown, 401, "invalid_credentials");
    assert_eq!(wrong["message"], unknown["message"]);
}

#[tokio::test]
async fn public_profiles_hide_the_email() {
    let (client, _db) = test_app().await;
    let (_, id) = register(&client, "pekka").await;
    let (status, body) = send(client.get(format!("/api/users/{id}")).send().await).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["username"], "pekka");
    assert!(body["user"].get("email").is_none(), "{body}");

    let (status, body) = send(client.get("/api/v1/users/987").send().await).await;
    assert_error(status, &body, 404, "user_not_found");
    assert_eq!(body["message"], "Profile not found.");
}

#[tokio::test]
async fn profile_updates_follow_the_rules() {
    let (client, _db) = test_app().await;
    let (token, _) = register(&client, "maija").await;
    let put = |body: Value| {
        let req = client
            .put("/api/v1/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body_json(&body);
        async move { send(req.send().await).await }
    };
    let (status, body) = put(json!({"user_bio": "Hi"})).await;
    assert_error(status, &body, 400, "current_password_required");
    assert_eq!(body["message"], "Current password is required.");
    assert_eq!(body["field"], "currentPassword");

    let (status, body) = put(json!({"user_bio": "Hi", "currentPassword": "not it"})).await;
    assert_error(status, &body, 403, "wrong_password");

    let (status, body) = put(json!({"currentPassword": PW})).await;
    assert_error(status, &body, 400, "no_changes");
    assert_eq!(body["message"], "No changes to update.");

    let (status, body) =
        put(json!({"currentPassword": PW, "user_bio": "I love Kaurismäki."})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["user_bio"], "I love Kaurismäki.");
    assert!(
        body.get("token").is_none(),
        "no new token without a password change: {body}"
    );
}

#[tokio::test]
async fn a_password_change_hands_out_a_new_token_and_revokes_the_old() {
    let (client, _db) = test_app().await;
    let (old, _) = register(&client, "ville").await;
    let (status, body) = send(
        client
            .put("/api/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {old}"))
            .body_json(&json!({"currentPassword": PW, "newPassword": "an even better one"}))
            .send()
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let new = body["token"].as_str().expect("a new token").to_owned();

    let (status, body) = send(
        client
            .get("/api/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {old}"))
            .send()
            .await,
    )
    .await;
    assert_error(status, &body, 401, "token_revoked");
    let (status, _) = send(
        client
            .get("/api/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {new}"))
            .send()
            .await,
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_banned_users_token_is_401_account_banned_and_login_403_banned() {
    use leffaseura_core::domain::ban::Ban;
    use leffaseura_core::domain::moderation::{ModerationAction, NewModerationEntry};
    use leffaseura_core::ids::UserId;
    use leffaseura_core::ports::UserStore;

    let (client, db) = test_app().await;
    let (token, id) = register(&client, "kiusaaja").await;
    let log = NewModerationEntry {
        action: ModerationAction::BanUser,
        actor: "test".into(),
        target: format!("user:{id}"),
        target_user: Some(UserId(id)),
        reason: None,
        detail: None,
        created_at: chrono::Utc::now(),
    };
    db.store
        .set_ban(UserId(id), Some(Ban { until: None }), &log)
        .await
        .expect("the ban is stored");

    let (status, body) = send(
        client
            .get("/api/v1/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .send()
            .await,
    )
    .await;
    assert_error(status, &body, 401, "account_banned");
    assert_eq!(body["message"], "This account has been banned.");

    let (status, body) = post(
        &client,
        "/api/users/login",
        json!({"email": "kiusaaja@example.fi", "password": PW}),
    )
    .await;
    assert_error(status, &body, 403, "banned");
}

#[tokio::test]
async fn deleting_the_account_needs_the_password() {
    let (client, _db) = test_app().await;
    let (token, id) = register(&client, "tuuli").await;
    let delete = |body: Option<Value>| {
        let mut req = client
            .delete("/api/v1/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {token}"));
        if let Some(body) = body {
            req = req.body_json(&body);
        }
        async move { send(req.send().await).await }
    };
    let (status, body) = delete(None).await;
    assert_error(status, &body, 400, "current_password_required");
    let (status, body) = delete(Some(json!({"currentPassword": "nope nope"}))).await;
    assert_error(status, &body, 403, "wrong_password");
    let (status, body) = delete(Some(json!({"currentPassword": PW}))).await;
    assert_eq!(status, 204, "{body}");
    assert!(body.is_null());
    let (status, body) = delete(Some(json!({"currentPassword": PW}))).await;
    assert_error(status, &body, 401, "token_revoked");
    let (status, _) = send(client.get(format!("/api/users/{id}")).send().await).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn missing_and_bad_tokens_are_401_json() {
    let (client, _db) = test_app().await;
    let cases = [
        (None, "unauthorized"),
        (Some("Bearer garbage"), "invalid_token"),
        (
            Some("Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"),
            "invalid_token",
        ),
        (Some("Basic dXNlcjpwYXNz"), "unauthorized"),
    ];
    for (authorization, code) in cases {
        let mut req = client.get("/api/v1/users/profile");
        if let Some(value) = authorization {
            req = req.header(header::AUTHORIZATION, value);
        }
        let (status, body) = send(req.send().await).await;
        assert_error(status, &body, 401, code);
    }
}

#[tokio::test]
async fn expired_tokens_are_token_expired() {
    use leffaseura_core::ports::{Clock, TokenClaims, TokenIssuer};
    struct LastMonth;
    impl Clock for LastMonth {
        fn now(&self) -> chrono::DateTime<chrono::Utc> {
            chrono::Utc::now() - chrono::Duration::days(30)
        }
    }
    let (client, _db) = test_app().await;
    let (_, id) = register(&client, "vanha").await;
    let issuer =
        crate::auth::JwtIssuer::new(crate::testing::SECRET, std::sync::Arc::new(LastMonth));
    let token = issuer.issue(TokenClaims {
        user_id: leffaseura_core::UserId(id),
        token_version: 0,
    });
    let (status, body) = send(
        client
            .get("/api/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .send()
            .await,
    )
    .await;
    assert_error(status, &body, 401, "token_expired");
}

#[tokio::test]
async fn malformed_json_is_400_invalid_json() {
    let (client, _db) = test_app().await;
    for content_type in [Some("application/json"), None] {
        let mut req = client.post("/api/v1/users/login").body("{\"email\": ");
        if let Some(ct) = content_type {
            req = req.content_type(ct);
        }
        let (status, body) = send(req.send().await).await;
        assert_error(status, &body, 400, "invalid_json");
    }
}

#[tokio::test]
async fn json_without_a_content_type_is_accepted() {
    let (client, _db) = test_app().await;
    register(&client, "curl_user").await;
    let (status, body) = send(
        client
            .post("/api/users/login")
            .content_type("application/x-www-form-urlencoded")
            .body(json!({"email": "curl_user@example.fi", "password": PW}).to_string())
            .send()
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn other_content_types_are_415_json() {
    let (client, _db) = test_app().await;
    let (status, body) = send(
        client
            .post("/api/users/login")
            .content_type("text/plain")
            .body("hello")
            .send()
            .await,
    )
    .await;
    assert_error(status, &body, 415, "unsupported_media_type");
}

#[tokio::test]
async fn unknown_api_routes_are_404_json() {
    let (client, _db) = test_app().await;
    for (path, named) in [
        ("/api/nothing-here", "/api/nothing-here"),
        ("/api/v1/users/1/nothing", "/api/v1/users/1/nothing"),
        ("/api", "/api"),
        ("/api/v1", "/api/v1"),
        ("/api/v1/", "/api/v1"),
    ] {
        let (status, body) = send(client.get(path).send().await).await;
        assert_error(status, &body, 404, "not_found");
        assert_eq!(
            body["message"],
            format!("There is no API endpoint at {named}."),
            "{path}"
        );
    }
}

#[tokio::test]
async fn bad_path_parameters_are_400_invalid_parameter() {
    let (client, _db) = test_app().await;
    let (status, body) = send(client.get("/api/v1/users/abc").send().await).await;
    assert_error(status, &body, 400, "invalid_parameter");
    assert_eq!(body["field"], "id");
}

#[tokio::test]
async fn wrong_methods_are_405_json() {
    let (client, _db) = test_app().await;
    let (status, body) = send(
        client
            .patch("/api/v1/users/register")
            .body_json(&json!({}))
            .send()
            .await,
    )
    .await;
    assert_error(status, &body, 405, "method_not_allowed");
}

#[tokio::test]
async fn bodies_over_one_megabyte_are_413() {
    let (client, _db) = test_app().await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let (status, body) = post(
        &client,
        "/api/v1/users/register",
        json!({"username": "big", "email": "b@example.fi", "password": huge}),
    )
    .await;
    assert_error(status, &body, 413, "payload_too_large");
}

#[tokio::test]
async fn health_readiness_spec_and_docs() {
    let (client, db) = test_app().await;
    let (status, body) = send(client.get("/healthz").send().await).await;
    assert_eq!((status, body), (200, json!({"status": "ok"})));
    let (status, body) = send(client.get("/readyz").send().await).await;
    assert_eq!(
        (status, body),
        (
            200,
            json!({
                "status": "ok",
                "database": "ok",
                "catalog": "demo",
                "upstreams": {"tmdb": "ok", "finnkino": "ok"},
                "caches": {"movies": "ok", "showtimes": "ok"},
            })
        )
    );
    db.store.close().await;
    let (status, body) = send(client.get("/readyz").send().await).await;
    assert_error(status, &body, 503, "database_unavailable");
    assert_eq!(body["status"], "unavailable", "{body}");
    assert_eq!(body["database"], "unavailable", "{body}");
    assert_eq!(body["upstreams"]["tmdb"], "ok", "{body}");

    let (status, spec) = send(client.get("/api/openapi.json").send().await).await;
    assert_eq!(status, 200);
    assert!(
        spec["paths"]["/users/register"]["post"].is_object(),
        "{spec}"
    );
    assert_eq!(spec["servers"][0]["url"], "/api");
    assert_eq!(spec["servers"][1]["url"], "/api/v1");
    for path in ["/api/docs", "/api/docs/"] {
        let docs = client.get(path).send().await;
        docs.assert_status_is_ok();
        docs.assert_content_type("text/html; charset=utf-8");
        let page = docs.0.into_body().into_string().await.expect("a page");
        assert!(
            page.contains("SwaggerUIBundle") && page.contains("/users/register"),
            "Swagger UI with the spec inline"
        );
    }
    let yaml = client.get("/api/openapi.yaml").send().await;
    yaml.assert_status_is_ok();
    yaml.assert_content_type("application/x-yaml");
    let text = yaml.0.into_body().into_string().await.expect("the spec");
    assert_eq!(
        text,
        crate::api::spec_yaml(),
        "the same spec as --dump-openapi"
    );
}

#[tokio::test]
async fn the_webapp_placeholder_answers_outside_the_api() {
    let (client, _db) = test_app().await;
    let response = client.get("/").send().await;
    response.assert_status(StatusCode::OK);
    let response = client.get("/groups/3").send().await;
    response.assert_status(StatusCode::OK);
}

#[test]
fn every_operation_declares_the_error_body() {
    let spec: Value = serde_json::from_str(&crate::api::spec_json()).expect("spec is JSON");
    let paths = spec["paths"].as_object().expect("paths");
    assert!(!paths.is_empty());
    for (path, item) in paths {
        for (method, operation) in item.as_object().expect("path item") {
            let responses = &operation["responses"];
            for status in ["400", "401", "500"] {
                let schema = &responses[status]["content"]["application/json; charset=utf-8"]
                    ["schema"]["$ref"];
                assert_eq!(
                    schema, "#/components/schemas/ErrorBody",
                    "{method} {path} {status}"
                );
            }
        }
    }
}

#[tokio::test]
async fn repeated_failed_logins_are_throttled_per_email() {
    let (client, _db) = test_app().await;
    register(&client, "arvaaja").await;
    register(&client, "toinen").await;
    for _ in 0..leffaseura_core::domain::login_lock::MAX_FAILURES {
        let (status, _) = post(
            &client,
            "/api/users/login",
            json!({"email": "arvaaja@example.fi", "password": "guess guess"}),
        )
        .await;
        assert_eq!(status, 401);
    }
    let response = client
        .post("/api/users/login")
        .body_json(&json!({"email": "arvaaja@example.fi", "password": PW}))
        .send()
        .await;
    let retry_after = response
        .0
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let window = leffaseura_core::domain::login_lock::WINDOW
        .num_seconds()
        .unsigned_abs();
    assert!(
        retry_after.is_some_and(|secs| secs > window - 60 && secs <= window),
        "Retry-After: {retry_after:?}"
    );
    let (status, body) = send(response).await;
    assert_error(status, &body, 429, "rate_limited");
    let (status, body) = post(
        &client,
        "/api/users/login",
        json!({"email": "toinen@example.fi", "password": PW}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}
