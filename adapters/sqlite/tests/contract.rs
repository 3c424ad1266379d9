//! The shared store contract (`leffaseura_sql::contract`) against SQLite, each test on a
//! fresh database file in its own temporary directory.

use leffaseura_sql::SqlStore;

async fn fresh() -> Option<(SqlStore, tempfile::TempDir)> {
    let dir = tempfile::tempdir().expect("temporary directory");
    // A directory that does not exist yet: connect must create it.
    let url = leffaseura_sqlite::default_url(&dir.path().join("data"));
    let store = leffaseura_sqlite::connect(&url).await.expect("connect");
    leffaseura_sqlite::migrate(&store).await.expect("migrate");
    Some((store, dir))
}

leffaseura_sql::contract_suite!(fresh());

#[tokio::test]
async fn every_connection_runs_in_wal_mode_with_foreign_keys_and_a_busy_timeout() {
    let (store, _dir) = fresh().await.expect("fresh database");
    for _ in 0..3 {
        let mut conn = store.pool().acquire().await.expect("connection");
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&mut *conn)
            .await
            .expect("journal_mode");
        assert_eq!(mode.to_lowercase(), "wal");
        let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
            .fetch_one(&mut *conn)
            .await
            .expect("foreign_keys");
        assert_eq!(fk, 1);
        let timeout: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
            .fetch_one(&mut *conn)
            .await
            .expect("busy_timeout");
        assert_eq!(timeout, 5000);
        let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&mut *conn)
            .await
            .expect("synchronous");
        assert_eq!(sync, 1, "NORMAL");
    }
}

#[tokio::test]
async fn migrating_twice_is_harmless_and_data_survives_a_reconnect() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let url = leffaseura_sqlite::default_url(dir.path());
    let store = leffaseura_sqlite::connect(&url).await.expect("connect");
    leffaseura_sqlite::migrate(&store).await.expect("migrate");
    let alice = leffaseura_sql::contract::user(&store, "alice").await;
    store.close().await;

    let store = leffaseura_sqlite::connect(&url).await.expect("reconnect");
    leffaseura_sqlite::migrate(&store)
        .await
        .expect("migrate again");
    use leffaseura_core::ports::UserStore;
    let found = store.find_user(alice.id).await.expect("find");
    assert_eq!(found.map(|u| u.username).as_deref(), Some("alice"));
    assert!(dir.path().join("leffaseura.db").exists());
}

#[tokio::test]
async fn an_in_memory_database_keeps_its_data_across_queries() {
    use leffaseura_core::ports::UserStore;
    let store = leffaseura_sqlite::connect("sqlite::memory:")
        .await
        .expect("connect");
    leffaseura_sqlite::migrate(&store).await.expect("migrate");
    let alice = leffaseura_sql::contract::user(&store, "alice").await;
    assert!(store.find_user(alice.id).await.expect("find").is_some());
}
