//! Showtimes from outside: `ShowtimeFeed` over Finnkino's XML feed ([`FinnkinoFeed`]),
//! the same port over generated offline schedules ([`DemoFeed`], read from the catalog
//! on first use by [`LazyDemoFeed`]), and a caching decorator
//! ([`CachingFeed`]) that keeps the feed's answers in the store and serves stale copies
//! when the feed fails.

pub mod cache;
pub mod client;
pub mod demo;
pub mod parse;
pub mod service;
pub mod xml;

pub use cache::{CachingFeed, FeedTtls};
pub use client::{FinnkinoConfig, FinnkinoFeed, DEFAULT_API_BASE};
pub use demo::{DemoFeed, LazyDemoFeed};
pub use service::{FeedChoice, FeedKind};

/// The crate's maps and flags: each holds finished values only, so one left by a panicking
/// thread is still whole and is used as it is.
pub(crate) fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
