//! Database faults through the whole app over the real SQLite store: a full disk (SQLite
//! itself answering SQLITE_FULL once `max_page_count` is reached) and a closed pool.

use serde_json::json;

use leffaseura_sql::SqlStore;

use super::{assert_error, post, register, send};
use crate::testing::{test_app, Client};

/// How many connections the pool opens at most.
fn pool_size(store: &SqlStore) -> u32 {
    store.pool().options().get_max_connections()
}

/// Sets `PRAGMA max_page_count` (a per-connection setting) on every connection of the
/// pool: to the database's current size (`full`: nothing more fits) or back to SQLite's
/// default maximum. A connection the pool opens later has no limit, so the full disk is
/// set again after anything that may have replaced one.
async fn limit_pages(store: &SqlStore, full: bool) {
    let mut conns = Vec::new();
    for _ in 0..pool_size(store) {
        conns.push(store.pool().acquire().await.expect("a connection"));
    }
    for conn in &mut conns {
        let pages: i64 = if full {
            sqlx::query_scalar("PRAGMA page_count")
                .fetch_one(&mut **conn)
                .await
                .expect("page_count")
        } else {
            4_294_967_294
        };
        sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
            .execute(&mut **conn)
            .await
            .expect("max_page_count");
    }
}

async fn create_group(client: &Client, token: &str, name: &str) -> (u16, serde_json::Value) {
    let response = client
        .post("/api/groups")
        .header("Authorization", format!("Bearer {token}"))
        .body_json(&json!({"name": name, "description": "d".repeat(1900)}))
        .send()
        .await;
    send(response).await
}

#[tokio::test]
async fn a_full_disk_answers_507_fails_readiness_and_writes_recover_once_space_is_back() {
    let (client, db) = test_app().await;
    let mut tokens = Vec::new();
    for i in 0..60 {
        tokens.push(register(&client, &format!("owner{i}")).await.0);
    }
    limit_pages(&db.store, true).await;

    // Groups with long descriptions until one no longer fits.
    let mut next = tokens.iter().enumerate();
    let mut full = None;
    for (i, token) in next.by_ref() {
        let (status, body) = create_group(&client, token, &format!("Group {i}")).await;
        if status == 507 {
            full = Some(body);
            break;
        }
        assert_eq!(status, 201, "{body}");
    }
    let body = full.expect("a write hits the page limit");
    assert_error(507, &body, 507, "storage_full");

    // Each readiness check tries a write (which SQLite rolls back entirely when it does
    // not fit) on whichever pooled connection it gets.
    for _ in 0..pool_size(&db.store) {
        let (status, body) = send(client.get("/readyz").send().await).await;
        assert_error(status, &body, 503, "storage_full");
        limit_pages(&db.store, true).await;
    }

    // Every later write gets the same clear answer, whichever pooled connection it uses
    // (a connection left inside a failed transaction would answer 500 here).
    for (i, token) in next.by_ref().take(15) {
        let (status, body) = create_group(&client, token, &format!("Group {i}")).await;
        assert_error(status, &body, 507, "storage_full");
        limit_pages(&db.store, true).await;
    }

    // Space is back: writes work at once, with no restart, and the server is ready again.
    limit_pages(&db.store, false).await;
    for (i, token) in next {
        let (status, body) = create_group(&client, token, &format!("Group {i}")).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = send(client.get("/readyz").send().await).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_database_that_cannot_be_reached_answers_503_database_unavailable() {
    let (client, db) = test_app().await;
    register(&client, "before").await;
    db.store.close().await;
    let (status, body) = post(
        &client,
        "/api/v1/users/register",
        json!({"username": "after", "email": "after@example.fi", "password": "correct horse"}),
    )
    .await;
    assert_error(status, &body, 503, "database_unavailable");
    let (status, body) = send(client.get("/readyz").send().await).await;
    assert_error(status, &body, 503, "database_unavailable");
}
