//! The community cache on Postgres serves a kept profile only after every commit made
//! before the read has been reported to it: another server's write, committed a moment
//! ago, is never hidden by a copy this process kept.
//!
//! The test runs on one thread, and the other server's write blocks that thread until it
//! has committed: the cache's listener cannot have run in between, so a read that served
//! its copy without waiting for the reports would show the old row every time.

use leffaseura_core::ports::UserStore;
use leffaseura_core::UserId;
use leffaseura_sql::testing::PostgresTestDb;
use leffaseura_sql::SqlStore;
use sqlx::{Connection, PgConnection};

/// `sql` run to its commit by a connection of another "server", on a thread of its own,
/// while this thread waits.
fn commit_elsewhere(url: &str, sql: &str, id: i64) {
    let url = url.to_owned();
    let sql = sql.replace("$1", &id.to_string());
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let mut connection = PgConnection::connect(&url).await.expect("connect");
            sqlx::raw_sql(&sql)
                .execute(&mut connection)
                .await
                .expect("write");
            connection.close().await.expect("close");
        });
    })
    .join()
    .expect("writer thread");
}

async fn bio(store: &SqlStore, id: UserId) -> String {
    store
        .find_profile(id)
        .await
        .expect("read")
        .expect("profile")
        .user
        .bio
}

/// A migrated database (`None` when Postgres is not running), a store on it without the
/// cache, and one with it.
async fn stores(name: &str) -> Option<(PostgresTestDb, SqlStore, SqlStore)> {
    let db = PostgresTestDb::create(name).await?;
    let plain = leffaseura_postgres::connect(db.url())
        .await
        .expect("connect");
    leffaseura_postgres::migrate(&plain).await.expect("migrate");
    let cached = plain
        .clone()
        .with_community_cache(leffaseura_postgres::community_cache(db.url()));
    Some((db, plain, cached))
}

#[tokio::test(flavor = "current_thread")]
async fn a_kept_profile_is_never_served_past_a_commit_made_before_the_read() {
    let Some((db, plain, store)) = stores("leffaseura_cache").await else {
        return;
    };
    let id = leffaseura_sql::contract::user(&plain, "kaisa").await.id;

    wait_until_kept(&store, db.url(), id).await;

    // A reported write, committed by another server before this read started.
    commit_elsewhere(
        db.url(),
        "UPDATE users SET bio = 'written elsewhere' WHERE id = $1",
        id.0,
    );
    assert_eq!(bio(&store, id).await, "written elsewhere");
    // Nor is the next reader served anything older.
    assert_eq!(bio(&store, id).await, "written elsewhere");
    plain.close().await;
}

/// Reads `id`'s bio until the cache serves its kept copy (a change made with the triggers
/// switched off, so never reported, stays unseen). The listener connects in the background.
async fn wait_until_kept(store: &SqlStore, url: &str, id: UserId) {
    for _ in 0..200 {
        let before = bio(store, id).await;
        commit_elsewhere(
            url,
            "SET session_replication_role = replica; \
             UPDATE users SET bio = bio || '+' WHERE id = $1",
            id.0,
        );
        if bio(store, id).await == before {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the cache never served a kept profile");
}

#[tokio::test(flavor = "current_thread")]
async fn every_lookup_of_a_request_sees_the_commits_made_before_the_request() {
    let Some((db, plain, store)) = stores("leffaseura_cache_request").await else {
        return;
    };
    let first = leffaseura_sql::contract::user(&plain, "kaisa").await.id;
    let second = leffaseura_sql::contract::user(&plain, "ville").await.id;
    wait_until_kept(&store, db.url(), first).await;
    wait_until_kept(&store, db.url(), second).await;

    for round in 0..3 {
        let written = format!("written elsewhere {round}");
        let sql = format!("UPDATE users SET bio = '{written}' WHERE id = $1");
        commit_elsewhere(db.url(), &sql, second.0);
        // The request's first lookup settles; the second, of the row just written, must
        // not be served the copy from before the commit.
        let seen = leffaseura_postgres::one_settle_per_request(async {
            let _ = bio(&store, first).await;
            bio(&store, second).await
        })
        .await;
        assert_eq!(seen, written);
    }
    plain.close().await;
}
