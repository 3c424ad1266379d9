//! Letterboxd imports over HTTP on SQLite and Postgres, with the fake TMDB (its search
//! knows "Dune": 2021 and 1984 — so "Dune" without a year is ambiguous — and nothing
//! else): the dry run writes nothing, confirming adds, a second confirm and a second
//! import add nothing, and every bad file is refused with its code and no job stored.

mod fake_tmdb;
mod support;

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use fake_tmdb::FakeTmdb;
use support::{assert_error, PASSWORD};

const API_KEY: &str = "0123456789abcdef0123456789abcdef";

const REVIEWS: &str = "Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date\n\
2023-01-01,Dune,2021,https://boxd.it/a,3,,An older take,,\n\
2024-01-01,Dune,2021,https://boxd.it/a,4.5,,\"Sand, spice and \"\"Kwisatz\"\".\",,\n\
2024-02-01,Dune,,https://boxd.it/b,,,Which one? Both are long.,,\n\
2024-03-01,Nope Such Film,2020,https://boxd.it/c,2,,Never made,,\n";
const WATCHLIST: &str = "Date,Name,Year,Letterboxd URI\n2024-01-05,Dune,1984,https://boxd.it/d\n";
const RATINGS: &str = "Date,Name,Year,Letterboxd URI,Rating\n\
2024-01-01,Dune,2021,https://boxd.it/a,4.5\n\
2024-01-02,Alien,1979,https://boxd.it/e,0.5\n";

async fn start(backend: support::Backend) -> Option<(support::TestServer, FakeTmdb)> {
    let fake = FakeTmdb::start().await;
    let server = support::TestServer::start_with(
        backend,
        &[
            ("TMDB_API_KEY", API_KEY),
            ("TMDB_API_BASE", &fake.base_url),
            ("IMPORT_POLL_MS", "20"),
        ],
    )
    .await?;
    Some((server, fake))
}

/// A multipart body of `files`, built by hand (the test client has no multipart support).
fn multipart(files: &[(&str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "leffaseura-test-boundary-7d3a";
    let mut body = Vec::new();
    for (name, bytes) in files {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; \
                 filename=\"{name}\"\r\nContent-Type: text/csv\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(
    server: &support::TestServer,
    token: &str,
    files: &[(&str, &[u8])],
) -> (u16, Value) {
    let (content_type, body) = multipart(files);
    let response = server
        .client
        .post(server.url("/api/imports/letterboxd"))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("upload reaches the server");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Polls the job until it reaches `status`.
async fn wait_for(server: &support::TestServer, token: &str, id: i64, status: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (code, body) = server.get(&format!("/api/imports/{id}"), Some(token)).await;
        assert_eq!(code, 200, "{body}");
        if body["import"]["status"] == status {
            return body["import"].clone();
        }
        assert!(Instant::now() < deadline, "never {status}: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn count(server: &support::TestServer, sql: &str) -> i64 {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server.database_url())
        .await
        .expect("connect to the database");
    let n: i64 = sqlx::query_scalar(sql)
        .fetch_one(&mut conn)
        .await
        .expect("count");
    conn.close().await.expect("close");
    n
}

async fn reviews_and_watchlist(server: &support::TestServer) -> (i64, i64) {
    (
        count(server, "SELECT CAST(COUNT(*) AS BIGINT) FROM reviews").await,
        count(
            server,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM favorites WHERE type = 1",
        )
        .await,
    )
}

async fn items(server: &support::TestServer, token: &str, id: i64, outcome: &str) -> Vec<Value> {
    let (code, body) = server
        .get(
            &format!("/api/imports/{id}/items?outcome={outcome}"),
            Some(token),
        )
        .await;
    assert_eq!(code, 200, "{body}");
    body["items"].as_array().cloned().unwrap_or_default()
}

fn files() -> Vec<(&'static str, &'static [u8])> {
    vec![
        ("reviews.csv", REVIEWS.as_bytes()),
        ("watchlist.csv", WATCHLIST.as_bytes()),
        ("ratings.csv", RATINGS.as_bytes()),
    ]
}

async fn dry_run_confirm_and_repeat(server: support::TestServer) {
    let (token, user_id) = server.register("lotta", PASSWORD).await;
    let (status, body) = upload(&server, &token, &files()).await;
    assert_eq!(status, 202, "{body}");
    let id = body["import"]["id"].as_i64().expect("id");
    let job = wait_for(&server, &token, id, "ready").await;
    let counts = &job["counts"];
    // Dune 2021 review (the newer one wins), Dune 1984 on the watchlist.
    assert_eq!(counts["would_add"], 2, "{job}");
    assert_eq!(counts["ambiguous"], 1, "{job}");
    assert_eq!(counts["unmatched"], 1, "{job}");
    // Alien's bare rating; Dune 2021's rating went into its review.
    assert_eq!(counts["skipped"], 1, "{job}");
    assert_eq!(counts["total"], 5, "{job}");
    assert_eq!(job["progress"], 100);
    assert_eq!(
        reviews_and_watchlist(&server).await,
        (0, 0),
        "the dry run wrote nothing"
    );

    let skipped = items(&server, &token, id, "skipped").await;
    assert_eq!(skipped[0]["title"], "Alien");
    assert_eq!(skipped[0]["reason"], "no_review_text");
    assert_eq!(skipped[0]["rating"], 1, "0.5 maps to 1");
    assert!(skipped[0]["text"].is_null(), "no text is invented");
    let would = items(&server, &token, id, "would_add").await;
    let review = would
        .iter()
        .find(|i| i["kind"] == "review")
        .expect("review");
    assert_eq!(review["tmdb_id"], 438_631);
    assert_eq!(review["rating"], 5, "4.5 rounds half up to 5");
    assert_eq!(review["text"], "Sand, spice and \"Kwisatz\".");
    let ambiguous = items(&server, &token, id, "ambiguous").await;
    let candidates: Vec<i64> = ambiguous[0]["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .map(|c| c["tmdb_id"].as_i64().expect("id"))
        .collect();
    assert!(
        candidates.contains(&841) && candidates.contains(&438_631),
        "{candidates:?}"
    );
    assert_eq!(ambiguous[0]["rating_defaulted"], true);

    let item = ambiguous[0]["id"].as_i64().expect("item id");
    let choice = format!("/api/imports/{id}/items/{item}/choice");
    let (status, body) = server
        .post(&choice, Some(&token), json!({"tmdb_id": 550}))
        .await;
    assert_error(status, &body, 400, "invalid_choice");
    let (status, body) = server
        .post(&choice, Some(&token), json!({"tmdb_id": 841}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["item"]["outcome"], "would_add");

    let (other, _) = server.register("someone", PASSWORD).await;
    let (status, body) = server
        .get(&format!("/api/imports/{id}"), Some(&other))
        .await;
    assert_error(status, &body, 404, "import_not_found");
    let (status, body) = server
        .post(
            &format!("/api/imports/{id}/confirm"),
            Some(&other),
            json!({}),
        )
        .await;
    assert_error(status, &body, 404, "import_not_found");

    let (status, body) = server
        .post(
            &format!("/api/imports/{id}/confirm"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let job = wait_for(&server, &token, id, "done").await;
    assert_eq!(job["counts"]["added"], 3, "{job}");
    assert_eq!(reviews_and_watchlist(&server).await, (2, 1));
    let stored = count(
        &server,
        &format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM reviews WHERE user_id = {user_id} \
             AND movie_id = 438631 AND rating = 5"
        ),
    )
    .await;
    assert_eq!(stored, 1);

    // A second confirm changes nothing.
    let (status, body) = server
        .post(
            &format!("/api/imports/{id}/confirm"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["import"]["status"], "done");
    assert_eq!(reviews_and_watchlist(&server).await, (2, 1));

    // The same file again: everything matched is already there.
    let (status, body) = upload(&server, &token, &files()).await;
    assert_eq!(status, 202, "{body}");
    let again = body["import"]["id"].as_i64().expect("id");
    let job = wait_for(&server, &token, again, "ready").await;
    assert_eq!(job["counts"]["would_add"], 0, "{job}");
    assert_eq!(job["counts"]["skip_existing"], 2, "{job}");
    let (status, body) = server
        .post(
            &format!("/api/imports/{again}/confirm"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let job = wait_for(&server, &token, again, "done").await;
    assert_eq!(job["counts"]["added"], 0, "{job}");
    assert_eq!(reviews_and_watchlist(&server).await, (2, 1));
}

/// A 20 MB upload as a client sends it: the headers declare the size, and the server
/// answers 413 before reading the body (a real client sending it all would have its
/// connection closed mid-body, which `reqwest` reports as a broken pipe, not the answer).
async fn declared_too_large(
    server: &support::TestServer,
    token: &str,
    size: usize,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = server.base_url.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connect");
    let head = format!(
        "POST /api/imports/letterboxd HTTP/1.1\r\nHost: {address}\r\n\
         Authorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary=x\r\n\
         Content-Length: {size}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("headers");
    // Some of the body; the server may close the connection any time now.
    let _ = stream.write_all(&vec![b'x'; 64 * 1024]).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("an HTTP answer: {text}"));
    let json = match (text.find('{'), text.rfind('}')) {
        (Some(start), Some(end)) => serde_json::from_str(&text[start..=end]).unwrap_or(Value::Null),
        _ => Value::Null,
    };
    (status, json)
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        zip.start_file(*name, options).expect("entry");
        zip.write_all(bytes).expect("write");
    }
    zip.finish().expect("finish").into_inner()
}

async fn bad_files_are_refused_and_nothing_is_written(server: support::TestServer) {
    let (token, _) = server.register("bad_files", PASSWORD).await;
    let png: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let (status, body) = upload(&server, &token, &[("ratings.csv", png)]).await;
    assert_error(status, &body, 400, "import_not_csv");

    let (status, body) = upload(
        &server,
        &token,
        &[("ratings.csv", b"Title,Stars\nDune,5\n")],
    )
    .await;
    assert_error(status, &body, 400, "import_wrong_columns");

    let latin1: &[u8] = b"Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Am\xe9lie,2001,u,4\n";
    let (status, body) = upload(&server, &token, &[("ratings.csv", latin1)]).await;
    assert_error(status, &body, 400, "import_bad_encoding");

    let (status, body) = declared_too_large(&server, &token, 20 * 1024 * 1024).await;
    assert_error(status, &body, 413, "import_too_large");

    let bomb_text = vec![b'a'; 40 * 1024 * 1024];
    let bomb = zip_of(&[("ratings.csv", &bomb_text)]);
    assert!(
        bomb.len() < 1024 * 1024,
        "the bomb is small: {}",
        bomb.len()
    );
    let (status, body) = upload(&server, &token, &[("letterboxd.zip", &bomb)]).await;
    assert_error(status, &body, 413, "import_too_large");

    let (status, body) = upload(&server, &token, &[("notes.txt", b"hello")]).await;
    assert_error(status, &body, 400, "import_wrong_columns");

    assert_eq!(
        count(&server, "SELECT CAST(COUNT(*) AS BIGINT) FROM import_jobs").await,
        0,
        "no job was stored"
    );

    // The Letterboxd ZIP itself works.
    let zip = zip_of(&[
        ("watchlist.csv", WATCHLIST.as_bytes()),
        ("profile.csv", b"x"),
    ]);
    let (status, body) = upload(&server, &token, &[("letterboxd-export.zip", &zip)]).await;
    assert_eq!(status, 202, "{body}");
}

#[tokio::test]
async fn sqlite_dry_run_confirm_and_repeat() {
    let (server, _fake) = start(support::Backend::Sqlite)
        .await
        .expect("SQLite starts");
    dry_run_confirm_and_repeat(server).await;
}

#[tokio::test]
async fn postgres_dry_run_confirm_and_repeat() {
    if let Some((server, _fake)) = start(support::Backend::Postgres).await {
        dry_run_confirm_and_repeat(server).await;
    }
}

#[tokio::test]
async fn sqlite_bad_files() {
    let (server, _fake) = start(support::Backend::Sqlite)
        .await
        .expect("SQLite starts");
    bad_files_are_refused_and_nothing_is_written(server).await;
}

#[tokio::test]
async fn postgres_bad_files() {
    if let Some((server, _fake)) = start(support::Backend::Postgres).await {
        bad_files_are_refused_and_nothing_is_written(server).await;
    }
}

const SECRET: &str = "a-shared-signing-secret-of-32-bytes-or-more";

/// A job is state in the database, not in a process: uploaded to a server whose worker is
/// asleep, it is matched by another server on the same database after the first is
/// killed.
async fn a_job_survives_its_server(backend: support::Backend) {
    let fake = FakeTmdb::start().await;
    let tmdb = [
        ("TMDB_API_KEY", API_KEY),
        ("TMDB_API_BASE", fake.base_url.as_str()),
        ("JWT_SECRET", SECRET),
    ];
    // The worker looks once at start-up, then sleeps for a minute.
    let mut sleepy_env = tmdb.to_vec();
    sleepy_env.push(("IMPORT_POLL_MS", "60000"));
    let Some(mut first) = support::TestServer::start_with(backend, &sleepy_env).await else {
        return;
    };
    let (token, _) = first.register("restarted", PASSWORD).await;
    let (status, body) = upload(&first, &token, &files()).await;
    assert_eq!(status, 202, "{body}");
    let id = body["import"]["id"].as_i64().expect("id");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, body) = first.get(&format!("/api/imports/{id}"), Some(&token)).await;
    assert_eq!(body["import"]["status"], "matching", "{body}");
    first.kill().await;

    let mut awake_env = tmdb.to_vec();
    awake_env.push(("IMPORT_POLL_MS", "20"));
    let second = first.start_beside(&awake_env).await;
    let job = wait_for(&second, &token, id, "ready").await;
    assert_eq!(job["counts"]["would_add"], 2, "{job}");
}

#[tokio::test]
async fn sqlite_a_job_survives_its_server() {
    a_job_survives_its_server(support::Backend::Sqlite).await;
}

#[tokio::test]
async fn postgres_a_job_survives_its_server() {
    a_job_survives_its_server(support::Backend::Postgres).await;
}
