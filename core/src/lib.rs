//! Leffaseura's core: every rule of the product as pure code, the ports (traits) the
//! adapters implement, and the use cases that drive them. Nothing here performs I/O.

pub mod domain;
pub mod error;
mod error_code;
pub mod ids;
pub mod ports;
pub mod use_cases;

pub use error::{Error, ErrorCode, StoreError};
pub use ids::{GroupId, MovieId, PartyId, ReportId, ReviewId, UserId};
