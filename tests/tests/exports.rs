//! The self-service export over HTTP on SQLite and Postgres: the JSON document holds the
//! caller's data and no secrets, the ZIP holds the same as CSV files plus export.json, and
//! a cell a spreadsheet would run as a formula is defused. Movie ids are from the demo
//! catalog (550 Fight Club, 278 The Shawshank Redemption, 238 The Godfather).

mod support;

use std::io::Read;

use serde_json::{json, Value};
use support::groups::private_group;
use support::parties::{plan, show_in};
use support::{assert_error, PASSWORD};

async fn fill(server: &support::TestServer) -> String {
    let (token, _) = server.register("vilja", PASSWORD).await;
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&token),
            json!({"movieId": 550, "rating": 4, "content": "=HYPERLINK(\"http://x\")"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    for (movie, kind) in [(278, 2), (238, 1)] {
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(&token),
                json!({"movie_id": movie, "type": kind}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    // A watch party she made in her group, and her answer to it.
    let group = private_group(server, &token, "Vilja's club").await;
    let party = plan(
        server,
        group,
        &token,
        json!({"show": show_in(48), "note": "@lobby 18:30"}),
    )
    .await;
    let path = format!("/api/parties/{}/rsvp", party["id"]);
    let (status, body) = server
        .put(&path, Some(&token), json!({"answer": "going"}))
        .await;
    assert_eq!(status, 200, "{body}");
    token
}

async fn download(server: &support::TestServer, path: &str, token: &str) -> reqwest::Response {
    server
        .client
        .get(server.url(path))
        .bearer_auth(token)
        .send()
        .await
        .expect("export answers")
}

on_both_backends!(the_json_export_holds_my_data_and_no_secrets, |server| {
    let token = fill(&server).await;
    let response = download(&server, "/api/users/me/export", &token).await;
    assert_eq!(response.status().as_u16(), 200);
    let disposition = response
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        disposition.contains("leffaseura-export.json"),
        "{disposition}"
    );
    let text = response.text().await.expect("body");
    assert!(
        !text.contains("argon2") && !text.contains("token_version"),
        "{text}"
    );
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(doc["format_version"], 1);
    assert_eq!(doc["user"]["username"], "vilja");
    assert_eq!(doc["reviews"][0]["movie_id"], 550);
    assert_eq!(doc["favorites"][0]["movie_id"], 278);
    assert_eq!(doc["watchlist"][0]["movie_id"], 238);
    assert_eq!(doc["groups"][0]["group"]["name"], "Vilja's club", "{doc}");
    let party = &doc["watch_parties"][0];
    assert_eq!(party["answer"], "going", "{doc}");
    assert_eq!(party["created_by_them"], true);
    assert_eq!(party["note"], "@lobby 18:30");

    let (status, body) = server.get("/api/users/me/export", None).await;
    assert_error(status, &body, 401, "unauthorized");
});

on_both_backends!(the_zip_export_has_the_same_data_as_csv_files, |server| {
    let token = fill(&server).await;
    let response = download(&server, "/api/users/me/export.zip", &token).await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(support::content_type(&response), "application/zip");
    let bytes = response.bytes().await.expect("body").to_vec();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP");
    let mut names: Vec<String> = zip.file_names().map(str::to_owned).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "export.json",
            "favorites.csv",
            "groups.csv",
            "profile.csv",
            "reactions.csv",
            "reviews.csv",
            "watch_parties.csv",
            "watchlist.csv"
        ]
    );
    let mut read = |name: &str| {
        let mut text = String::new();
        zip.by_name(name)
            .expect("entry")
            .read_to_string(&mut text)
            .expect("UTF-8");
        text
    };
    let reviews = read("reviews.csv");
    assert!(
        reviews.contains("'=HYPERLINK"),
        "a formula is defused: {reviews}"
    );
    assert!(read("watchlist.csv").contains("238"));
    let parties = read("watch_parties.csv");
    assert!(
        parties.contains(",going,") && parties.contains("'@lobby 18:30"),
        "her answer, the note defused: {parties}"
    );
    assert!(read("profile.csv").starts_with("id,username,email"));
    let doc: Value = serde_json::from_str(&read("export.json")).expect("JSON");
    assert_eq!(doc["user"]["username"], "vilja");
});
