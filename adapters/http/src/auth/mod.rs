//! Authentication adapters: argon2id password hashing, HS256 session tokens, and the
//! bearer security schemes of the API (required and optional).

pub mod bearer;
pub mod jwt;
pub mod optional;
pub mod password;

pub use bearer::BearerAuth;
pub use jwt::{JwtIssuer, TOKEN_LIFETIME};
pub use optional::OptionalAuth;
pub use password::Argon2Hasher;
