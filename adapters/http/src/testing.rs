//! A ready-made app over a fresh SQLite database (the real store, in a temporary
//! directory) for the HTTP tests.

use std::sync::Arc;

use poem::test::TestClient;

use leffaseura_core::ports::SystemClock;
use leffaseura_core::use_cases::Accounts;
use leffaseura_sql::SqlStore;

use crate::auth::{Argon2Hasher, JwtIssuer};
use crate::{build_app, AppConfig, AppState};

pub const SECRET: &[u8] = b"test secret";

pub type Client = TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>;

/// The database behind a test app; the directory lives as long as this does.
pub struct TestDb {
    pub store: Arc<SqlStore>,
    _dir: tempfile::TempDir,
}

/// An app over a fresh, migrated SQLite database, and that database.
pub async fn test_app() -> (Client, TestDb) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = leffaseura_sqlite::connect(&leffaseura_sqlite::default_url(dir.path()))
        .await
        .expect("SQLite opens");
    leffaseura_sqlite::migrate(&store)
        .await
        .expect("migrations run");
    let store = Arc::new(store);
    let clock = Arc::new(SystemClock);
    let accounts = Accounts::new(
        store.clone(),
        Arc::new(Argon2Hasher::fast_for_tests()),
        Arc::new(JwtIssuer::new(SECRET, clock.clone())),
        clock,
    );
    let state = AppState {
        accounts: Arc::new(accounts),
        users: store.clone(),
        movies: leffaseura_tmdb::Movies::demo(Default::default())
            .expect("the bundled demo catalog"),
        reviews: crate::api::reviews::testing::unavailable_reviews(),
        favorites: crate::api::favorites::testing::unavailable_favorites(store.clone()),
    };
    let config = AppConfig {
        webapp_dir: dir.path().join("no-webapp"),
        cors_origins: Vec::new(),
    };
    let client = TestClient::new(build_app(state, &config));
    (client, TestDb { store, _dir: dir })
}
