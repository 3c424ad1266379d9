//! The HTTP adapter: the poem-openapi API of API.md, authentication (argon2id, JWT), the
//! one JSON error body, health checks and the webapp's static files.

pub mod api;
pub mod app;
pub mod auth;
pub mod compression;
pub mod cors;
mod docs;
mod edge;
pub mod error;
mod error_code;
pub mod headers;
pub mod health;
mod inline_scripts;
pub mod limits;
pub mod metrics;
pub mod middleware;
mod page_csp;
pub mod state;
pub mod webapp;
mod webapp_routes;

#[cfg(test)]
mod rate_limit_tests;
#[cfg(test)]
mod spec_rules;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

pub use app::{build_app, AppConfig};
pub use limits::HttpLimits;
pub use state::{AppState, Services};
