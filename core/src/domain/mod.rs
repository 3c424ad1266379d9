//! The product's rules as pure code (PRODUCT-SPEC §4, §5, §6, §9).

pub mod aura;
pub mod ban;
pub mod constants;
pub mod export;
pub mod favorite;
pub mod genre;
pub mod group;
pub mod import;
pub mod language;
pub mod login_lock;
pub mod membership;
pub mod moderation;
pub mod movie;
pub mod paging;
pub mod permissions;
pub mod rate_limit;
pub mod rating;
pub mod report;
pub mod review;
pub mod show_date;
pub mod showtime;
pub mod source;
pub mod stats;
pub mod text;
pub mod user;
pub mod watch_party;
