//! Hostile input and what every answer carries (issue 12 §2): control characters in
//! free text, security headers, static file errors. On SQLite and on Postgres where a
//! store is involved.

mod support;

use serde_json::{json, Value};
use support::{assert_error, PASSWORD};

const MATRIX: i64 = 603;

/// Text with a NUL (Postgres refused it with a 500, SQLite kept it), a bell, an escape
/// and a C1 control: each is refused.
const HOSTILE: [&str; 4] = ["a\u{0}b", "ring\u{7}", "\u{1b}[31mred", "c1\u{85}x"];

fn assert_refused(status: u16, body: &Value, field: &str) {
    assert_error(status, body, 400, "validation_error");
    assert_eq!(body["field"], field, "{body}");
}

on_both_backends!(control_characters_in_free_text_are_refused, |server| {
    let (token, _) = server.register("maija", PASSWORD).await;

    for text in HOSTILE {
        let (status, body) = server
            .post(
                "/api/reviews",
                Some(&token),
                json!({"movieId": MATRIX, "rating": 3, "content": text}),
            )
            .await;
        assert_refused(status, &body, "content");

        let (status, body) = server
            .put(
                "/api/v1/users/profile",
                Some(&token),
                json!({"user_bio": text, "currentPassword": PASSWORD}),
            )
            .await;
        assert_refused(status, &body, "user_bio");

        let (status, body) = server
            .post("/api/groups", Some(&token), json!({"name": text}))
            .await;
        assert_refused(status, &body, "name");

        let (status, body) = server
            .post(
                "/api/groups",
                Some(&token),
                json!({"name": "Kerho", "description": text}),
            )
            .await;
        assert_refused(status, &body, "description");
    }

    // Line breaks and tabs are text; they are kept.
    let kept = "First line.\r\nSecond\tline.";
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": MATRIX, "rating": 3, "content": kept}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let review = body["data"]["review"]["id"].as_i64().expect("review id");
    let (status, body) = server
        .put(
            &format!("/api/reviews/{review}"),
            Some(&token),
            json!({"content": "x\u{0}"}),
        )
        .await;
    assert_refused(status, &body, "content");

    let (status, body) = server
        .post(
            "/api/groups",
            Some(&token),
            json!({"name": "Kerho", "description": kept}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["group"]["description"], kept);
    let group = body["group"]["id"].as_i64().expect("group id");
    let (status, body) = server
        .put(
            &format!("/api/groups/{group}"),
            Some(&token),
            json!({"description": "\u{0}"}),
        )
        .await;
    assert_refused(status, &body, "description");

    // Nothing hostile was stored.
    let (status, body) = server.get("/api/v1/users/profile", Some(&token)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["user"]["user_bio"], "");
});

/// A built webapp as Vite leaves it: `index.html` and a hashed script under `/assets/`.
fn built_webapp() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("webapp dir");
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><title>x</title>",
    )
    .expect("index");
    std::fs::create_dir(dir.path().join("assets")).expect("assets");
    std::fs::write(dir.path().join("assets/index-3f2a1b.js"), "console.log(1)").expect("js");
    dir
}

async fn server_with_webapp(webapp: &tempfile::TempDir) -> support::TestServer {
    let dir = webapp.path().to_str().expect("utf-8 path");
    support::TestServer::start_with(support::Backend::Sqlite, &[("WEBAPP_DIR", dir)])
        .await
        .expect("SQLite always starts")
}

/// Sends `request_line` as it is (reqwest would resolve `..`); returns the raw answer.
async fn raw(server: &support::TestServer, request_line: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = server.base_url.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connect");
    let request =
        format!("{request_line} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    answer
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let webapp = built_webapp();
    let server = server_with_webapp(&webapp).await;
    for path in [
        "/",
        "/movie/42",
        "/nothing/here",
        "/assets/index-3f2a1b.js",
        "/assets/missing.js",
        "/api/v1/tmdb/popular",
        "/api/nothing",
        "/healthz",
        "/api/docs",
    ] {
        let response = server.fetch(path).await;
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let csp = header("content-security-policy");
        assert!(csp.starts_with("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        // Only the docs page runs inline script (Swagger UI).
        assert_eq!(
            csp.contains("'unsafe-inline'"),
            path == "/api/docs",
            "{path}: {csp}"
        );
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
        assert_eq!(
            header("referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert!(header("permissions-policy").contains("camera=()"), "{path}");
        let cache = header("cache-control");
        match path {
            "/assets/index-3f2a1b.js" => {
                assert_eq!(cache, "public, max-age=31536000, immutable", "{path}");
            }
            "/" | "/movie/42" | "/nothing/here" => assert_eq!(cache, "no-cache", "{path}"),
            _ => assert!(!cache.contains("immutable"), "{path}: {cache}"),
        }
    }
}

#[tokio::test]
async fn static_file_errors_are_json_and_name_no_path() {
    let webapp = built_webapp();
    let server = server_with_webapp(&webapp).await;
    let dir = webapp.path().display().to_string();
    for target in [
        "/assets/../../x",
        "/assets/../../../etc/passwd",
        "/assets/%2e%2e/%2e%2e/x",
        "/assets/missing.js",
    ] {
        let answer = raw(&server, &format!("GET {target}")).await;
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        assert!(head.starts_with("HTTP/1.1 404"), "{target}: {answer}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{target}: {answer}"
        );
        assert!(body.contains("\"code\":\"not_found\""), "{target}: {body}");
        assert!(
            !answer.contains(&dir),
            "{target} names the directory: {answer}"
        );
    }

    let response = server
        .client
        .post(server.url("/assets/index-3f2a1b.js"))
        .send()
        .await
        .expect("POST");
    assert_eq!(response.status(), 405);
    assert_eq!(
        response
            .headers()
            .get("allow")
            .and_then(|v| v.to_str().ok()),
        Some("GET, HEAD")
    );
    let body: Value = response.json().await.expect("JSON 405");
    assert_error(405, &body, 405, "method_not_allowed");

    let long = format!("/api/tmdb/search?query={}", "a".repeat(9000));
    let response = server.fetch(&long).await;
    assert_eq!(response.status(), 414);
    let body: Value = response.json().await.expect("JSON 414");
    assert_error(414, &body, 414, "uri_too_long");
}

on_both_backends!(ids_in_bodies_may_be_strings_of_digits, |server| {
    // PRODUCT-SPEC §7's clients send `{"movieId": "550"}` (issue 12 §4).
    let (token, _) = server.register("maija", PASSWORD).await;
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": "550", "rating": 4, "content": "Hyvä."}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["review"]["movie_id"], 550);

    let (status, body) = server
        .post(
            "/api/favorites",
            Some(&token),
            json!({"movie_id": "550", "type": 1}),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    let (status, body) = server
        .post("/api/groups", Some(&token), json!({"name": "Kerho"}))
        .await;
    assert_eq!(status, 201, "{body}");
    let group = body["group"]["id"].as_i64().expect("group id");
    let (status, body) = server
        .post(
            "/api/favorites",
            Some(&token),
            json!({"movie_id": "550", "type": 3, "group_id": group.to_string()}),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    // Only digits: anything else is refused naming the field.
    for bad in [json!("55o"), json!("5.5"), json!(true)] {
        let (status, body) = server
            .post(
                "/api/reviews",
                Some(&token),
                json!({"movieId": bad, "rating": 4, "content": "x"}),
            )
            .await;
        assert_refused(status, &body, "movieId");
    }
    let (status, body) = server
        .post(
            "/api/favorites",
            Some(&token),
            json!({"movie_id": 550, "type": 3, "group_id": "seven"}),
        )
        .await;
    assert_refused(status, &body, "group_id");
});

on_both_backends!(an_unknown_users_reviews_are_404, |server| {
    let (_, me) = server.register("maija", PASSWORD).await;
    let (status, body) = server.get(&format!("/api/reviews/user/{me}"), None).await;
    assert_eq!(status, 200, "a user without reviews: {body}");
    assert_eq!(body["data"]["reviews"], json!([]));
    for path in [
        "/api/reviews/user/987654",
        "/api/reviews/user/987654/activity",
    ] {
        let (status, body) = server.get(path, None).await;
        assert_error(status, &body, 404, "user_not_found");
    }
});

#[tokio::test]
async fn an_api_405_says_which_methods_the_path_has() {
    let server = support::TestServer::start(support::Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    for (path, allow) in [
        ("/api/tmdb/popular", "GET, HEAD"),
        ("/api/v1/reviews/recent", "GET, HEAD"),
    ] {
        let response = server
            .client
            .patch(server.url(path))
            .send()
            .await
            .expect("PATCH");
        assert_eq!(response.status(), 405, "{path}");
        assert_eq!(
            response
                .headers()
                .get("allow")
                .and_then(|v| v.to_str().ok()),
            Some(allow),
            "{path}"
        );
        let body: Value = response.json().await.expect("JSON 405");
        assert_error(405, &body, 405, "method_not_allowed");
    }
}
