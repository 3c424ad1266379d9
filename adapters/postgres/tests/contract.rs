//! The shared store contract (`leffaseura_sql::contract`) against Postgres. Each test gets
//! a fresh, uniquely named database (dropped afterwards, best effort), so tests run in
//! parallel. The server is `postgres://postgres@127.0.0.1:5432/test` unless
//! `TEST_POSTGRES_URL` says otherwise; when it cannot be reached the tests are skipped
//! with a visible line, or fail when `CI=true` or `LEFFASEURA_REQUIRE_POSTGRES=1`.

use leffaseura_sql::testing::PostgresTestDb;
use leffaseura_sql::SqlStore;

async fn fresh() -> Option<(SqlStore, PostgresTestDb)> {
    let db = PostgresTestDb::create("leffaseura_test").await?;
    let store = leffaseura_postgres::connect(db.url())
        .await
        .expect("connect");
    leffaseura_postgres::migrate(&store).await.expect("migrate");
    Some((store, db))
}

leffaseura_sql::contract_suite!(fresh());

#[tokio::test]
async fn migrating_twice_is_harmless() {
    let Some((store, _db)) = fresh().await else {
        return;
    };
    leffaseura_postgres::migrate(&store)
        .await
        .expect("migrate again");
    store.close().await;
}
