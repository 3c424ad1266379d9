//! Ports: what the core needs from the outside world. One trait per file; adapters
//! implement them. Every method documents the errors it may return.

pub mod attempt_ledger;
pub mod clock;
pub mod favorite_store;
pub mod group_store;
pub mod import_store;
pub mod login_failures;
pub mod movie_cache;
pub mod movie_catalog;
pub mod password_hasher;
pub mod poster_art;
pub mod report_store;
pub mod review_store;
pub mod showtime_cache;
pub mod showtime_feed;
pub mod showtime_preferences;
pub mod stats_store;
pub mod token_issuer;
pub mod user_store;
pub mod watch_party_store;

pub use attempt_ledger::AttemptLedger;
pub use clock::{Clock, SystemClock};
pub use favorite_store::FavoriteStore;
pub use group_store::GroupStore;
pub use import_store::ImportStore;
pub use login_failures::LoginFailureLedger;
pub use movie_cache::{CachedBody, MovieCache};
pub use movie_catalog::MovieCatalog;
pub use password_hasher::PasswordHasher;
pub use poster_art::{PosterArt, PosterFormat};
pub use report_store::ReportStore;
pub use review_store::ReviewStore;
pub use showtime_cache::ShowtimeCache;
pub use showtime_feed::ShowtimeFeed;
pub use showtime_preferences::ShowtimePreferenceStore;
pub use stats_store::StatsStore;
pub use token_issuer::{TokenClaims, TokenError, TokenIssuer};
pub use user_store::UserStore;
pub use watch_party_store::WatchPartyStore;
