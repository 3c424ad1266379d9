//! Argon2id password hashing. Hashing is slow on purpose (tens of milliseconds and
//! ~19 MiB each), so it runs on the blocking pool and only a bounded number run at once:
//! a burst of logins queues instead of exhausting memory or starving the executor.

use std::sync::Arc;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{
    PasswordHash as PhcHash, PasswordHasher as _, PasswordVerifier as _, SaltString,
};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use tokio::sync::Semaphore;

use leffaseura_core::domain::user::{Password, PasswordHash};
use leffaseura_core::ports::PasswordHasher;
use leffaseura_core::Error;

/// The argon2id [`PasswordHasher`].
#[derive(Clone)]
pub struct Argon2Hasher {
    params: Params,
    permits: Arc<Semaphore>,
}

impl std::fmt::Debug for Argon2Hasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Argon2Hasher")
            .field("params", &self.params)
            .field("available_permits", &self.permits.available_permits())
            .finish()
    }
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self::new()
    }
}

impl Argon2Hasher {
    /// OWASP's recommended argon2id parameters (m = 19 MiB, t = 2, p = 1); at most twice
    /// as many hashes at once as there are CPUs.
    pub fn new() -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, usize::from);
        Self::with_params(Params::default(), cpus * 2)
    }

    /// Cheap parameters for tests (never for real passwords).
    pub fn fast_for_tests() -> Self {
        let params = Params::new(Params::MIN_M_COST, 1, 1, None).unwrap_or_default();
        Self::with_params(params, 4)
    }

    pub fn with_params(params: Params, max_concurrent: usize) -> Self {
        Self {
            params,
            permits: Arc::new(Semaphore::new(max_concurrent.max(1))),
        }
    }

    fn argon2(params: Params) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
    }

    async fn run_blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _permit = self.permits.acquire().await.map_err(Error::internal)?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(Error::internal)
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> Result<PasswordHash, Error> {
        let params = self.params.clone();
        let password = password.expose().to_owned();
        let phc = self
            .run_blocking(move || {
                let salt = SaltString::generate(&mut OsRng);
                Self::argon2(params)
                    .hash_password(password.as_bytes(), &salt)
                    .map(|hash| hash.to_string())
            })
            .await?
            .map_err(|err| Error::internal(err.to_string()))?;
        Ok(PasswordHash(phc))
    }

    async fn verify(&self, password: &str, hash: &PasswordHash) -> Result<bool, Error> {
        let params = self.params.clone();
        let password = password.to_owned();
        let phc = hash.0.clone();
        self.run_blocking(move || {
            // The parameters stored in the hash win; `params` only matter for new hashes.
            let Ok(parsed) = PhcHash::new(&phc) else {
                return false;
            };
            Self::argon2(params)
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_only_their_password() {
        let hasher = Argon2Hasher::fast_for_tests();
        let password = Password::parse("correct horse", "password").unwrap();
        let hash = hasher.hash(&password).await.unwrap();
        assert!(hash.0.starts_with("$argon2id$"), "{}", hash.0);
        assert!(hasher.verify("correct horse", &hash).await.unwrap());
        assert!(!hasher.verify("wrong horse", &hash).await.unwrap());
        let again = hasher.hash(&password).await.unwrap();
        assert_ne!(hash, again, "every hash has its own salt");
    }

    #[tokio::test]
    async fn a_malformed_hash_is_a_mismatch() {
        let hasher = Argon2Hasher::fast_for_tests();
        assert!(!hasher
            .verify("x", &PasswordHash("not a hash".into()))
            .await
            .unwrap());
    }

    #[tokio::test]
    async fn hashes_made_with_other_parameters_still_verify() {
        let strong = Argon2Hasher::new();
        let password = Password::parse("correct horse", "password").unwrap();
        let hash = Argon2Hasher::fast_for_tests()
            .hash(&password)
            .await
            .unwrap();
        assert!(strong.verify("correct horse", &hash).await.unwrap());
    }
}
