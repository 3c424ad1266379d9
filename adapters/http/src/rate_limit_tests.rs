//! Rate limits through the whole app: logins and registrations per client address (in the
//! store), writes per user (in process), and whose address counts.

use poem::http::header;
use serde_json::{json, Value};

use leffaseura_core::domain::rate_limit::RateLimit;
use leffaseura_core::use_cases::RateLimitSettings;

use crate::testing::{test_app_with_limits, Client};
use crate::HttpLimits;

const PW: &str = "correct horse";

fn limits(login: Option<&str>, register: Option<&str>) -> RateLimitSettings {
    let parse = |text: Option<&str>| text.map(|t| RateLimit::parse(t).expect("a limit"));
    RateLimitSettings {
        login: parse(login),
        register: parse(register),
    }
}

/// Status, `Retry-After` and body of a POST, from `forwarded_for` when given.
async fn post_from(
    client: &Client,
    path: &str,
    body: Value,
    forwarded_for: Option<&str>,
) -> (u16, Option<u64>, Value) {
    let mut request = client.post(path).body_json(&body);
    if let Some(address) = forwarded_for {
        request = request.header("X-Forwarded-For", address);
    }
    answer(request.send().await).await
}

async fn answer(response: poem::test::TestResponse) -> (u16, Option<u64>, Value) {
    let status = response.0.status().as_u16();
    let retry_after = response
        .0
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let body = response
        .0
        .into_body()
        .into_json()
        .await
        .unwrap_or(Value::Null);
    (status, retry_after, body)
}

fn login(email: &str) -> Value {
    json!({"email": email, "password": "guess guess"})
}

#[tokio::test]
async fn password_spraying_from_one_address_is_refused_whatever_the_emails() {
    let trusted = HttpLimits {
        trust_proxy: true,
        writes_per_user: None,
    };
    let (client, _db) = test_app_with_limits(limits(Some("5/10m"), None), trusted).await;
    for i in 0..5 {
        let email = format!("victim{i}@example.fi");
        let (status, _, body) = post_from(
            &client,
            "/api/users/login",
            login(&email),
            Some("203.0.113.7"),
        )
        .await;
        assert_eq!(status, 401, "attempt {i}: {body}");
    }
    let (status, retry_after, body) = post_from(
        &client,
        "/api/users/login",
        login("victim5@example.fi"),
        Some("203.0.113.7"),
    )
    .await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "rate_limited", "{body}");
    assert!(
        retry_after.is_some_and(|s| (1..=600).contains(&s)),
        "{retry_after:?}"
    );
    // Another client (behind the trusted proxy) still may try.
    let (status, _, body) = post_from(
        &client,
        "/api/users/login",
        login("victim5@example.fi"),
        Some("198.51.100.1, 203.0.113.8"),
    )
    .await;
    assert_eq!(status, 401, "{body}");
}

#[tokio::test]
async fn a_forged_forwarded_for_does_not_escape_the_limit_unless_the_proxy_is_trusted() {
    let (client, _db) =
        test_app_with_limits(limits(Some("3/10m"), None), HttpLimits::default()).await;
    let mut statuses = Vec::new();
    for i in 0..5 {
        let forged = format!("192.0.2.{i}");
        let (status, _, _) = post_from(
            &client,
            "/api/users/login",
            login("a@example.fi"),
            Some(&forged),
        )
        .await;
        statuses.push(status);
    }
    assert_eq!(statuses, [401, 401, 401, 429, 429]);
}

#[tokio::test]
async fn registrations_per_address_are_limited() {
    let (client, _db) =
        test_app_with_limits(limits(None, Some("2/1h")), HttpLimits::default()).await;
    let register = |name: &str| json!({"username": name, "email": format!("{name}@example.fi"), "password": PW});
    for name in ["eka", "toka"] {
        let (status, _, body) =
            post_from(&client, "/api/users/register", register(name), None).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, retry_after, body) =
        post_from(&client, "/api/v1/users/register", register("kolmas"), None).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "rate_limited");
    assert!(
        retry_after.is_some_and(|s| (1..=3600).contains(&s)),
        "{retry_after:?}"
    );
    // Logging in is another limit.
    let (status, _, body) = post_from(
        &client,
        "/api/users/login",
        json!({"email": "eka@example.fi", "password": PW}),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn writes_are_limited_per_user_and_reads_are_not() {
    let writes = HttpLimits {
        trust_proxy: false,
        writes_per_user: RateLimit::parse("3/1m").ok(),
    };
    let (client, _db) = test_app_with_limits(RateLimitSettings::OFF, writes).await;
    let mut tokens = Vec::new();
    for name in ["kirjoittaja", "toinen"] {
        let (status, _, body) = post_from(
            &client,
            "/api/users/register",
            json!({"username": name, "email": format!("{name}@example.fi"), "password": PW}),
            None,
        )
        .await;
        assert_eq!(status, 201, "{body}");
        tokens.push(body["token"].as_str().unwrap().to_owned());
    }
    let delete = |token: &str| {
        client
            .delete("/api/groups/987654")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .send()
    };
    for _ in 0..3 {
        let (status, _, body) = answer(delete(&tokens[0]).await).await;
        assert_eq!(status, 404, "{body}");
    }
    let (status, retry_after, body) = answer(delete(&tokens[0]).await).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "rate_limited");
    assert!(
        retry_after.is_some_and(|s| (1..=20).contains(&s)),
        "{retry_after:?}"
    );
    let (status, _, body) = answer(
        client
            .get("/api/users/profile")
            .header(header::AUTHORIZATION, format!("Bearer {}", tokens[0]))
            .send()
            .await,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = answer(delete(&tokens[1]).await).await;
    assert_eq!(status, 404, "another user has their own quota: {body}");
}
