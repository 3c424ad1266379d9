//! Contention (issue 12 §5): 300 users react to one review at the same moment. Every
//! reaction counts exactly once, in the review's likes and dislikes and in its author's
//! aura; the elapsed time is printed (`CONTENTION:` line, see `scripts/bench-reactions`),
//! not asserted, since it depends on the machine.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::{Backend, TestServer, PASSWORD};

const MATRIX: i64 = 603;
const FANS: usize = 300;

/// Registers `FANS` users, a few at a time (each registration hashes a password).
async fn fans(server: &Arc<TestServer>) -> Vec<String> {
    let mut tokens = Vec::with_capacity(FANS);
    for batch in (0..FANS).collect::<Vec<_>>().chunks(10) {
        let registrations: Vec<_> = batch
            .iter()
            .map(|n| {
                let server = Arc::clone(server);
                let name = format!("fan{n}");
                tokio::spawn(async move { server.register(&name, PASSWORD).await.0 })
            })
            .collect();
        for registration in registrations {
            tokens.push(registration.await.expect("registered"));
        }
    }
    tokens
}

/// Every fan sends `kind(n)` at once (after a barrier); asserts each answers 200 and
/// returns the elapsed time of the burst.
async fn burst(
    server: &Arc<TestServer>,
    tokens: &[String],
    review: i64,
    kind: fn(usize) -> &'static str,
) -> Duration {
    let barrier = Arc::new(tokio::sync::Barrier::new(tokens.len() + 1));
    let reactions: Vec<_> = tokens
        .iter()
        .enumerate()
        .map(|(n, token)| {
            let (server, barrier, token) =
                (Arc::clone(server), Arc::clone(&barrier), token.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                server
                    .post(
                        &format!("/api/reviews/{review}/interaction"),
                        Some(&token),
                        json!({ "type": kind(n) }),
                    )
                    .await
            })
        })
        .collect();
    barrier.wait().await;
    let started = Instant::now();
    for reaction in reactions {
        let (status, body) = reaction.await.expect("reaction");
        assert_eq!(status, 200, "{body}");
    }
    started.elapsed()
}

async fn assert_counts(server: &TestServer, review: i64, author: i64, likes: i64, dislikes: i64) {
    let (status, body) = server.get(&format!("/api/reviews/{review}"), None).await;
    assert_eq!(status, 200, "{body}");
    let shown: &Value = &body["data"]["review"];
    assert_eq!(shown["likes"], likes, "{shown}");
    assert_eq!(shown["dislikes"], dislikes, "{shown}");
    let (status, body) = server.get(&format!("/api/users/{author}"), None).await;
    assert_eq!(status, 200, "{body}");
    let user = &body["user"];
    assert_eq!(user["total_likes"], likes, "{user}");
    assert_eq!(user["total_dislikes"], dislikes, "{user}");
    assert_eq!(user["aura"], likes - dislikes, "{user}");
}

async fn three_hundred_simultaneous_reactions_count_exactly(backend: Backend) {
    // Rate limits (when configured) would refuse 300 sign-ups from one address.
    let Some(server) = TestServer::start_with(backend, &[("RATE_LIMITS", "off")]).await else {
        return;
    };
    let server = Arc::new(server);
    let (author, author_id) = server.register("author", PASSWORD).await;
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(&author),
            json!({"movieId": MATRIX, "rating": 4, "content": "Bullet time."}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let review = body["data"]["review"]["id"].as_i64().expect("review id");
    let tokens = fans(&server).await;

    // Every third fan dislikes, the others like.
    let first = burst(&server, &tokens, review, |n| {
        if n % 3 == 0 {
            "dislike"
        } else {
            "like"
        }
    })
    .await;
    assert_counts(&server, review, author_id, 200, 100).await;

    // Then everyone changes their mind at once: likes become dislikes and back.
    let second = burst(&server, &tokens, review, |n| {
        if n % 3 == 0 {
            "like"
        } else {
            "dislike"
        }
    })
    .await;
    assert_counts(&server, review, author_id, 100, 200).await;

    println!(
        "CONTENTION: {backend:?}: {FANS} simultaneous reactions on one review took {:.2} s \
         (new), {:.2} s (changed)",
        first.as_secs_f64(),
        second.as_secs_f64()
    );
}

#[tokio::test]
async fn three_hundred_simultaneous_reactions_count_exactly_on_sqlite() {
    three_hundred_simultaneous_reactions_count_exactly(Backend::Sqlite).await;
}

#[tokio::test]
async fn three_hundred_simultaneous_reactions_count_exactly_on_postgres() {
    three_hundred_simultaneous_reactions_count_exactly(Backend::Postgres).await;
}
