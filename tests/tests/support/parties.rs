//! Helpers of the watch party tests: a show to plan a party for (as the showtimes API
//! lists one), and moving a party's clock in the database, since the server keeps real
//! time and a test cannot wait for a show to start.

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde_json::{json, Value};

use super::TestServer;

/// A show `hours` from now, in the showtimes API's shape.
pub fn show_in(hours: i64) -> Value {
    let start: DateTime<Utc> = Utc::now() + Duration::hours(hours);
    json!({
        "id": 123_456,
        "eventId": 303_030,
        "title": "Dyyni: Osa kaksi",
        "originalTitle": "Dune: Part Two",
        "theatre": "Tennispalatsi, Helsinki",
        "theatreId": 1031,
        "auditorium": "sali 7",
        "start": start.to_rfc3339_opts(SecondsFormat::Secs, true),
        "lengthInMinutes": 166,
        "ticketUrl": "https://www.finnkino.fi/websales/show/123456/",
        "tmdbId": 693_134,
        "areaId": 1002,
        "areaName": "Helsinki",
        "dubbed": false,
    })
}

/// Plans a party as `token`'s user; asserts 201 and answers the party.
pub async fn plan(server: &TestServer, group: i64, token: &str, body: Value) -> Value {
    let (status, answer) = server
        .post(&format!("/api/groups/{group}/parties"), Some(token), body)
        .await;
    assert_eq!(status, 201, "plan a party: {answer}");
    answer["party"].clone()
}

/// Runs one statement on the server's database with integer arguments.
pub async fn sql(server: &TestServer, statement: &str, args: &[i64]) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server.database_url())
        .await
        .expect("connect to the server's database");
    let mut query = sqlx::query(statement);
    for arg in args {
        query = query.bind(*arg);
    }
    query.execute(&mut conn).await.expect("statement runs");
}

/// Milliseconds since the epoch, `minutes` from now (negative: ago).
pub fn millis_in(minutes: i64) -> i64 {
    (Utc::now() + Duration::minutes(minutes)).timestamp_millis()
}
