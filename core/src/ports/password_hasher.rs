//! Password hashing (argon2id in the adapter; slow on purpose, so it runs off the executor).

use async_trait::async_trait;

use crate::domain::user::{Password, PasswordHash};
use crate::error::Error;

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// # Errors
    /// `Internal` when hashing fails (it should not).
    async fn hash(&self, password: &Password) -> Result<PasswordHash, Error>;

    /// True when `password` matches `hash`. A malformed hash is a mismatch, not an error.
    ///
    /// # Errors
    /// `Internal` when the hashing machinery fails.
    async fn verify(&self, password: &str, hash: &PasswordHash) -> Result<bool, Error>;

    /// True when `hash` was made with other parameters (or another algorithm) than a new
    /// hash would be: the login that just verified it should store a new one.
    fn is_outdated(&self, hash: &PasswordHash) -> bool;
}
