//! `/readyz` of the real server binary (issue 15 §2): the database, each upstream and the
//! cache in front of it told apart; an upstream down only degrades the answer (200),
//! while the cache stands in. The database down answers 503: see `faults.rs`.

mod fake_tmdb;
mod support;

use serde_json::json;

use fake_tmdb::FakeTmdb;
use support::{Backend, TestServer};

const API_KEY: &str = "0123456789abcdef0123456789abcdef";

#[tokio::test]
async fn the_demo_sources_are_ready_without_upstreams() {
    let server = TestServer::start(Backend::Sqlite)
        .await
        .expect("SQLite always starts");
    let (status, body) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({
            "status": "ok",
            "database": "ok",
            "catalog": "demo",
            "upstreams": {"tmdb": "demo", "finnkino": "demo"},
            "caches": {"movies": "none", "showtimes": "none"},
        })
    );
}

#[tokio::test]
async fn tmdb_down_degrades_readiness_while_the_cache_serves() {
    let fake = FakeTmdb::start().await;
    let server = TestServer::start_with(
        Backend::Sqlite,
        &[("TMDB_API_KEY", API_KEY), ("TMDB_API_BASE", &fake.base_url)],
    )
    .await
    .expect("SQLite always starts");
    let (status, body) = server.get("/api/tmdb/438631", None).await;
    assert_eq!(status, 200, "{body}");
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["status"], "ok", "{ready}");
    assert_eq!(ready["upstreams"]["tmdb"], "ok", "{ready}");
    assert_eq!(ready["caches"]["movies"], "ok", "{ready}");

    // TMDB stops answering (connections stay open): the call times out.
    fake.hang();
    let (status, body) = server.get("/api/tmdb/550", None).await;
    assert!(status >= 500, "{status} {body}");
    let (status, ready) = server.get("/readyz", None).await;
    assert_eq!(
        status, 200,
        "an upstream down is no reason to route away: {ready}"
    );
    assert_eq!(ready["status"], "degraded", "{ready}");
    assert_eq!(ready["database"], "ok", "{ready}");
    assert_eq!(ready["upstreams"]["tmdb"], "down", "{ready}");
    assert_eq!(ready["caches"]["movies"], "serving_stale", "{ready}");
    // What the cache holds is still served.
    let (status, body) = server.get("/api/tmdb/438631", None).await;
    assert_eq!(status, 200, "{body}");
}
