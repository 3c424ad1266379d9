//! Movies from outside: `MovieCatalog` over TMDB's v3 API ([`TmdbCatalog`]), the same port
//! over a bundled offline catalog ([`DemoCatalog`]), and a caching decorator for either
//! ([`CachingCatalog`]) that stores answers in any `MovieCache`.

pub mod cache;
pub mod client;
pub mod config;
pub mod demo;
pub mod images;
pub mod memory_cache;
pub mod service;
pub mod wire;

pub use cache::{CacheTtls, CachingCatalog};
pub use client::TmdbCatalog;
pub use config::{TmdbConfig, TmdbCredentials, TmdbSettings};
pub use demo::{DemoCatalog, DemoConfig};
pub use images::ImageUrls;
pub use memory_cache::MemoryMovieCache;
pub use service::{CatalogKind, Movies};
