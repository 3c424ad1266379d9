//! The HTTP error contract and operational endpoints (API.md "Conventions", "Operations").

mod support;

use serde_json::json;
use support::{Backend, TestServer};

async fn server() -> TestServer {
    TestServer::start(Backend::Sqlite)
        .await
        .expect("SQLite server")
}

#[tokio::test]
async fn the_api_answers_under_both_prefixes() {
    let server = server().await;
    let (_, id) = server.register("prefix", "password123").await;
    for prefix in ["/api", "/api/v1"] {
        let (status, body) = server.get(&format!("{prefix}/users/{id}"), None).await;
        assert_eq!(status, 200, "{prefix}: {body}");
    }
}

#[tokio::test]
async fn malformed_json_is_a_400_json_error() {
    let server = server().await;
    let response = server
        .client
        .post(server.url("/api/v1/users/login"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let body: serde_json::Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["success"], false);
    assert!(body["code"].is_string() && body["message"].is_string());
}

#[tokio::test]
async fn wrong_types_are_a_400_json_error() {
    let server = server().await;
    let (status, body) = server
        .post(
            "/api/v1/users/register",
            None,
            json!({"username": 42, "email": true, "password": []}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["success"], false);
}

#[tokio::test]
async fn unknown_api_routes_are_404_json_not_the_webapp() {
    let server = server().await;
    for path in [
        "/api/nothing-here",
        "/api/v1/users/1/nothing",
        "/api",
        "/api/",
        "/api/v1",
    ] {
        let (status, body) = server.get(path, None).await;
        assert_eq!(status, 404, "{path}: {body}");
        assert_eq!(body["code"], "not_found");
        assert_eq!(
            body["message"],
            format!("There is no API endpoint at {path}."),
            "the message names the path as sent"
        );
    }
}

#[tokio::test]
async fn bodies_over_one_megabyte_are_413() {
    let server = server().await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let (status, body) = server
        .post(
            "/api/v1/users/register",
            None,
            json!({"username": "big", "email": "big@example.fi", "password": huge}),
        )
        .await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["success"], false);
}

#[tokio::test]
async fn health_and_readiness_answer() {
    let server = server().await;
    let response = server.fetch("/healthz").await;
    assert_eq!(response.status().as_u16(), 200);
    let response = server.fetch("/readyz").await;
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test]
async fn the_openapi_spec_and_docs_are_served() {
    let server = server().await;
    let (status, spec) = server.get("/api/openapi.json", None).await;
    assert_eq!(status, 200);
    assert!(spec["paths"]["/users/register"].is_object(), "{spec}");
    let response = server.fetch("/api/docs").await;
    assert_eq!(response.status().as_u16(), 200);
}
