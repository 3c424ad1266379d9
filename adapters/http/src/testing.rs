//! A ready-made app over a fresh SQLite database (the real store, in a temporary
//! directory) for the HTTP tests, with an in-memory sample movie catalog.

mod sample_catalog;

use std::sync::Arc;

use async_trait::async_trait;
use poem::test::TestClient;

pub use sample_catalog::{SampleCatalog, StaleCatalog};

use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    CatalogKind, CatalogPage, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage,
    MovieSummary, SearchQuery,
};
use leffaseura_core::ports::{MovieCatalog, SystemClock};
use leffaseura_core::use_cases::{
    Accounts, Groups, Imports, Logins, Movies, PersonalData, RateLimitSettings, RateLimits,
    Reports, WatchParties,
};
use leffaseura_core::{Error, ErrorCode, MovieId};
use leffaseura_sql::SqlStore;

use crate::auth::{Argon2Hasher, JwtIssuer};
use crate::{build_app, AppConfig, AppState, HttpLimits, Services};

pub const SECRET: &[u8] = b"test secret";

pub type Client = TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>;

/// The database behind a test app; the directory lives as long as this does.
pub struct TestDb {
    pub store: Arc<SqlStore>,
    _dir: tempfile::TempDir,
}

/// Movie use cases over `catalog`, with the sample catalog's posters.
pub fn movies_over(catalog: Arc<dyn MovieCatalog>) -> Arc<Movies> {
    Arc::new(Movies::new(
        catalog,
        Arc::new(SampleCatalog::new()),
        CatalogKind::Demo,
    ))
}

/// An app over a fresh, migrated SQLite database and the sample catalog, and that
/// database.
pub async fn test_app() -> (Client, TestDb) {
    test_app_with(movies_over(Arc::new(SampleCatalog::new()))).await
}

/// [`test_app`] with other movie use cases.
pub async fn test_app_with(movies: Arc<Movies>) -> (Client, TestDb) {
    build_test_app(movies, RateLimitSettings::OFF, HttpLimits::default()).await
}

/// [`test_app`] with these rate limits (the other test apps have none: their test client
/// has no address, so all their requests would count as one client's).
pub async fn test_app_with_limits(
    settings: RateLimitSettings,
    limits: HttpLimits,
) -> (Client, TestDb) {
    let movies = movies_over(Arc::new(SampleCatalog::new()));
    build_test_app(movies, settings, limits).await
}

async fn build_test_app(
    movies: Arc<Movies>,
    settings: RateLimitSettings,
    limits: HttpLimits,
) -> (Client, TestDb) {
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
        store.clone(),
        Arc::new(Argon2Hasher::fast_for_tests()),
        Arc::new(JwtIssuer::new(SECRET, clock.clone())),
        clock.clone(),
    );
    let accounts = Arc::new(accounts);
    let rate_limits = Arc::new(RateLimits::new(store.clone(), clock.clone(), settings));
    let logins = Arc::new(Logins::new(
        accounts.clone(),
        rate_limits.clone(),
        store.clone(),
        clock.clone(),
    ));
    let state = AppState::from(Services {
        accounts,
        rate_limits,
        logins,
        users: store.clone(),
        movies,
        reviews: crate::api::reviews::testing::unavailable_reviews(store.clone()),
        favorites: crate::api::favorites::testing::unavailable_favorites(
            store.clone(),
            store.clone(),
        ),
        groups: Arc::new(Groups::new(store.clone(), store.clone(), clock.clone())),
        parties: Arc::new(WatchParties::new(
            store.clone(),
            store.clone(),
            clock.clone(),
        )),
        reports: Arc::new(Reports::new(
            store.clone(),
            store.clone(),
            store.clone(),
            store.clone(),
            clock.clone(),
        )),
        showtimes: crate::api::showtimes::testing::two_area_showtimes(store.clone()),
        personal_data: Arc::new(PersonalData::new(
            store.clone(),
            store.clone(),
            store.clone(),
            store.clone(),
            store.clone(),
            store.clone(),
            clock.clone(),
        )),
        imports: Arc::new(Imports::new(
            store.clone(),
            Arc::new(NoCatalog),
            store.clone(),
            store.clone(),
            clock,
        )),
    });
    let config = AppConfig {
        webapp_dir: dir.path().join("no-webapp"),
        cors_origins: Vec::new(),
        limits,
        metrics: None,
    };
    let client = TestClient::new(build_app(state, &config));
    (client, TestDb { store, _dir: dir })
}

/// A movie catalog that is always unreachable (503 `upstream_unavailable`): for the
/// stand-in use cases of resources tested black-box in `tests/`.
pub struct NoCatalog;

fn upstream() -> Error {
    Error::Upstream {
        code: ErrorCode::UpstreamUnavailable,
        message: "no catalog in this test".into(),
        unavailable: true,
    }
}

#[async_trait]
impl MovieCatalog for NoCatalog {
    async fn search(
        &self,
        _: &SearchQuery,
        _: CatalogPage,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Err(upstream())
    }
    async fn genres(&self, _: Option<Language>) -> Result<Vec<Genre>, Error> {
        Err(upstream())
    }
    async fn discover(
        &self,
        _: &GenreFilter,
        _: CatalogPage,
        _: DiscoverSort,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Err(upstream())
    }
    async fn popular(&self, _: CatalogPage, _: Option<Language>) -> Result<MoviePage, Error> {
        Err(upstream())
    }
    async fn details(&self, _: MovieId, _: Option<Language>) -> Result<MovieDetails, Error> {
        Err(upstream())
    }
    async fn best_match(
        &self,
        _: &str,
        _: Option<i32>,
        _: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        Err(upstream())
    }
    async fn now_playing(&self, _: CatalogPage, _: Option<Language>) -> Result<MoviePage, Error> {
        Err(upstream())
    }
}
