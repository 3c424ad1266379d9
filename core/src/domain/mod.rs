//! The product's rules as pure code (PRODUCT-SPEC §4, §5, §6, §9).

pub mod aura;
pub mod group;
pub mod membership;
pub mod moderation;
pub mod movie;
pub mod paging;
pub mod rating;
pub mod user;
