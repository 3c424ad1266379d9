//! The API: one `#[OpenApi]` struct per resource file, combined here. To add a resource,
//! write `api/<resource>.rs`, declare it below and add its struct to [`Api`] and [`api`].

pub mod body_id;
pub mod direct_json;
pub mod exports;
pub mod favorites;
pub mod genre_tag;
pub mod groups;
pub mod imports;
pub mod json_body;
pub mod matching;
pub mod movies;
pub mod nullable;
pub mod paging;
pub mod parties;
pub mod refined;
pub mod reports;
pub mod reviews;
#[cfg(test)]
mod reviews_json_tests;
pub mod show;
pub mod showtimes;
pub mod timestamp;
pub mod users;

use poem_openapi::{OpenApiService, Tags};

pub use body_id::BodyId;
pub use json_body::JsonBody;
pub use nullable::Nullable;
pub use timestamp::Timestamp;

/// The groups operations are listed under in the docs.
#[derive(Tags)]
pub enum ApiTags {
    /// Accounts: registration, login, profiles.
    Users,
    /// Reviews, likes and dislikes, and the user leaderboards.
    Reviews,
    /// Watchlists, favorites, group favorites and status lookups.
    Favorites,
    /// Movie groups: members, join requests, roles, moderation log.
    Groups,
    /// Movies: search, genres, discover, popular, details (TMDB or the demo catalog).
    Movies,
    /// Showtimes of Finnish cinemas (Finnkino, or the offline demo feed).
    Showtimes,
    /// Reports of reviews, groups and users to the moderators.
    Reports,
    /// Bringing a film history in (Letterboxd) and taking one's data out (export).
    ImportExport,
}

/// Every resource of the API. (`()` is an empty API, there only because poem-openapi
/// combines tuples of two or more; replace it with the next resource.)
pub type Api = (
    users::UsersApi,
    reviews::ReviewsApi,
    favorites::FavoritesApi,
    groups::GroupsApi,
    groups::GroupMembersApi,
    movies::MoviesApi,
    showtimes::ShowtimesApi,
    reports::ReportsApi,
    parties::PartiesApi,
    exports::ExportsApi,
    imports::ImportsApi,
);

pub fn api() -> Api {
    (
        users::UsersApi,
        reviews::ReviewsApi,
        favorites::FavoritesApi,
        groups::GroupsApi,
        groups::GroupMembersApi,
        movies::MoviesApi,
        showtimes::ShowtimesApi,
        reports::ReportsApi,
        parties::PartiesApi,
        exports::ExportsApi,
        imports::ImportsApi,
    )
}

/// The API as an OpenAPI service, declaring both mount points as servers. Needs no
/// database: handlers find their state in the request (see [`crate::state::AppState`]).
pub fn service() -> OpenApiService<Api, ()> {
    OpenApiService::new(api(), "Leffaseura API", env!("CARGO_PKG_VERSION"))
        .description(
            "The HTTP API of Leffaseura, a social platform for movie fans. Served under both \
             `/api` and `/api/v1`. Every success body has `\"success\": true`; every error body \
             is `{\"success\": false, \"code\", \"message\", \"field\"?}`. Authenticate with \
             `Authorization: Bearer <token>` from register or login.",
        )
        .server("/api")
        .server("/api/v1")
}

/// The spec as YAML (what `leffaseura-server --dump-openapi` prints).
pub fn spec_yaml() -> String {
    service().spec_yaml()
}

/// The spec as JSON (served at `/api/openapi.json`).
pub fn spec_json() -> String {
    service().spec()
}
