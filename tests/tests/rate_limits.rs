//! Rate limits of the real server (issue 12 §2): login attempts per client address hold
//! across two server processes on one Postgres database, the settings come from the
//! environment, and `RATE_LIMITS=off` turns them off; failed logins lock one email from
//! one address on every server process.

mod support;

use serde_json::json;
use support::{assert_error, Backend, TestServer};

fn spray(i: usize) -> serde_json::Value {
    json!({"email": format!("victim{i}@example.fi"), "password": "guess guess"})
}

/// Status and `Retry-After` of a login attempt.
async fn attempt(server: &TestServer, i: usize) -> (u16, Option<u64>, serde_json::Value) {
    let response = server
        .client
        .post(server.url("/api/users/login"))
        .json(&spray(i))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let body = response.json().await.expect("a JSON body");
    (status, retry_after, body)
}

const LIMITED: [(&str, &str); 2] = [("RATE_LIMITS", "on"), ("RATE_LIMIT_LOGIN", "4/10m")];

#[tokio::test]
async fn the_login_limit_holds_across_two_servers_on_one_postgres() {
    let Some(first) = TestServer::start_with(Backend::Postgres, &LIMITED).await else {
        return;
    };
    let second = first.start_beside(&LIMITED).await;
    assert_ne!(first.base_url, second.base_url);
    // Alternating between the processes: each alone has seen only two attempts.
    for i in 0..4 {
        let server = if i % 2 == 0 { &first } else { &second };
        let (status, _, body) = attempt(server, i).await;
        assert_error(status, &body, 401, "invalid_credentials");
    }
    for (i, server) in [(4, &first), (5, &second)] {
        let (status, retry_after, body) = attempt(server, i).await;
        assert_error(status, &body, 429, "rate_limited");
        assert!(
            retry_after.is_some_and(|s| (1..=600).contains(&s)),
            "{retry_after:?}"
        );
    }
}

#[tokio::test]
async fn the_registration_limit_is_configured_from_the_environment() {
    let env = [("RATE_LIMITS", "on"), ("RATE_LIMIT_REGISTER", "2/1h")];
    let server = TestServer::start_with(Backend::Sqlite, &env)
        .await
        .expect("SQLite always starts");
    for name in ["eka", "toka"] {
        server.register(name, support::PASSWORD).await;
    }
    let (status, body) = server
        .post(
            "/api/users/register",
            None,
            json!({"username": "kolmas", "email": "kolmas@example.fi", "password": support::PASSWORD}),
        )
        .await;
    assert_error(status, &body, 429, "rate_limited");
}

#[tokio::test]
async fn rate_limits_off_lets_one_address_try_any_number_of_emails() {
    let env = [("RATE_LIMITS", "off"), ("RATE_LIMIT_LOGIN", "2/10m")];
    let server = TestServer::start_with(Backend::Sqlite, &env)
        .await
        .expect("SQLite always starts");
    for i in 0..6 {
        let (status, _, body) = attempt(&server, i).await;
        assert_error(status, &body, 401, "invalid_credentials");
    }
}

async fn login(server: &TestServer, email: &str, password: &str) -> (u16, serde_json::Value) {
    server
        .post(
            "/api/users/login",
            None,
            json!({"email": email, "password": password}),
        )
        .await
}

#[tokio::test]
async fn failed_logins_lock_one_email_from_one_address_on_every_server() {
    // The per-address limit is off: only the failures per address and email count.
    let off = [("RATE_LIMITS", "off")];
    let Some(first) = TestServer::start_with(Backend::Postgres, &off).await else {
        return;
    };
    let second = first.start_beside(&off).await;
    first.register("arvaaja", support::PASSWORD).await;
    first.register("naapuri", support::PASSWORD).await;
    // Ten failures, alternating: each process alone has seen five.
    for i in 0..10 {
        let server = if i % 2 == 0 { &first } else { &second };
        let (status, body) = login(server, "arvaaja@example.fi", "guess guess").await;
        assert_error(status, &body, 401, "invalid_credentials");
    }
    for server in [&first, &second] {
        let (status, body) = login(server, "ARVAAJA@example.fi", support::PASSWORD).await;
        assert_error(status, &body, 429, "rate_limited");
    }
    // Another email from the same address is not locked.
    let (status, body) = login(&second, "naapuri@example.fi", support::PASSWORD).await;
    assert_eq!(status, 200, "{body}");
}
