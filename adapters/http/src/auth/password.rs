//! Argon2id password hashing. Hashing is slow on purpose (about ten milliseconds and
//! 7 MiB each), so it runs on the blocking pool and only on half the CPUs at once; the
//! rest queue for at most a deadline and are then refused with `server_busy` (a burst of
//! logins must not exhaust memory or starve the executor and the reads).
//!
//! The work areas are reused while hashes queue instead of allocated per hash: freed
//! blocks of that size landed in the allocator's per-thread arenas and stayed there (a
//! burst of 1,000 logins left the server at ~1 GB). During a burst at most about one area
//! per permit exists; once no hash waits, the areas are freed, so the memory goes back to
//! the system after the burst.
//!
//! A stored hash made with other parameters (before the 7 MiB profile: 19 MiB, t = 2)
//! still verifies with its own, and [`PasswordHasher::is_outdated`] tells the login to
//! store a new one, so that old accounts move to the smaller profile as they log in.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash as PhcHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use async_trait::async_trait;
use tokio::sync::Semaphore;

use leffaseura_core::domain::user::{Password, PasswordHash};
use leffaseura_core::ports::PasswordHasher;
use leffaseura_core::Error;

/// How long a hash may wait for a free CPU before the request is refused.
pub const DEFAULT_QUEUE_TIMEOUT: Duration = Duration::from_secs(10);

/// Capacity of a new work area, in 1 KiB blocks: just over 32 MiB, of which a hash only
/// touches its 7 MiB, or 19 MiB for an older hash (the rest is address space, never
/// resident). glibc serves such a block with its own mmap and unmaps it on free; a freed
/// mmap block of up to 32 MiB would instead raise glibc's mmap threshold to its size,
/// after which every allocation below that size (request buffers, query results, …)
/// comes from the arenas and stays there: the process kept its burst-time peak for good.
const AREA_CAPACITY_BLOCKS: usize = 32 * 1024 + 1;

/// The reusable work areas, about one per permit while hashes queue, none when idle.
#[derive(Debug, Default)]
struct WorkAreas {
    spare: Mutex<Vec<Vec<Block>>>,
    /// Hashes waiting for a permit: while some wait, a finished area is kept for them.
    waiting: AtomicUsize,
    /// How many areas were ever made (a new one only when all are in use).
    made: AtomicUsize,
}

impl WorkAreas {
    fn take(&self) -> Vec<Block> {
        self.spare
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
            .unwrap_or_else(|| {
                self.made.fetch_add(1, Ordering::Relaxed);
                Vec::new()
            })
    }

    /// Keeps `area` for a waiting hash; without one, frees it and the spare ones (the
    /// burst is over). An area that grew past `keep_blocks` (a stored hash made with more
    /// memory than ours: rare) is never kept.
    fn give_back(&self, area: Vec<Block>, keep_blocks: usize) {
        let mut spare = self.spare.lock().unwrap_or_else(PoisonError::into_inner);
        if self.waiting.load(Ordering::Acquire) == 0 {
            let idle = std::mem::take(&mut *spare);
            drop(spare);
            drop(idle);
            drop(area);
        } else if area.len() <= keep_blocks {
            spare.push(area);
        }
    }

    #[cfg(test)]
    fn kept(&self) -> usize {
        self.spare
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    #[cfg(test)]
    fn made(&self) -> usize {
        self.made.load(Ordering::Relaxed)
    }
}

/// The argon2id [`PasswordHasher`].
#[derive(Clone)]
pub struct Argon2Hasher {
    params: Params,
    permits: Arc<Semaphore>,
    areas: Arc<WorkAreas>,
    queue_timeout: Duration,
}

impl std::fmt::Debug for Argon2Hasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Argon2Hasher")
            .field("params", &self.params)
            .field("available_permits", &self.permits.available_permits())
            .field("queue_timeout", &self.queue_timeout)
            .finish_non_exhaustive()
    }
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self::new()
    }
}

impl Argon2Hasher {
    /// OWASP's recommended argon2id parameters in their low-memory form (m = 7 MiB,
    /// t = 5, p = 1: the cheat sheet lists it as the same defence as 19 MiB and t = 2,
    /// trading memory for passes); hashes run on at most half the CPUs, so that a burst
    /// of logins leaves the other half to the reads and its memory stays a few work areas.
    pub fn new() -> Self {
        Self::with_queue_timeout(DEFAULT_QUEUE_TIMEOUT)
    }

    /// [`Self::new`] refusing hashes that waited longer than `queue_timeout`.
    pub fn with_queue_timeout(queue_timeout: Duration) -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, usize::from);
        Self::with_params(owasp_params(), cpus / 2, queue_timeout)
    }

    /// Cheap parameters for tests (never for real passwords).
    pub fn fast_for_tests() -> Self {
        let params = Params::new(Params::MIN_M_COST, 1, 1, None).unwrap_or_default();
        Self::with_params(params, 4, DEFAULT_QUEUE_TIMEOUT)
    }

    pub fn with_params(params: Params, max_concurrent: usize, queue_timeout: Duration) -> Self {
        Self {
            params,
            permits: Arc::new(Semaphore::new(max_concurrent.max(1))),
            areas: Arc::new(WorkAreas::default()),
            queue_timeout,
        }
    }

    /// Runs `work` on the blocking pool with a work area, once a permit is free. The
    /// permit goes with the work, so a request abandoned by its client still holds it
    /// until its hash is really done.
    async fn run_blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
    ) -> Result<T, Error> {
        self.areas.waiting.fetch_add(1, Ordering::AcqRel);
        let queued = Gauge::hold(HASHES_QUEUED);
        let acquired =
            tokio::time::timeout(self.queue_timeout, self.permits.clone().acquire_owned()).await;
        drop(queued);
        self.areas.waiting.fetch_sub(1, Ordering::AcqRel);
        let permit = match acquired {
            Ok(permit) => permit.map_err(Error::internal)?,
            Err(_) => return Err(self.busy()),
        };
        let areas = self.areas.clone();
        let keep_blocks = self.params.block_count();
        let in_flight = Gauge::hold(HASHES_IN_FLIGHT);
        tokio::task::spawn_blocking(move || {
            let mut area = areas.take();
            let result = work(&mut area);
            areas.give_back(area, keep_blocks);
            drop(permit);
            drop(in_flight);
            result
        })
        .await
        .map_err(Error::internal)
    }

    fn busy(&self) -> Error {
        tracing::warn!(
            waited_secs = self.queue_timeout.as_secs_f64(),
            "password hashes are queued past their deadline; answering server_busy"
        );
        Error::Busy {
            message: "The server is busy. Please try again in a moment.".into(),
            retry_after_secs: self.queue_timeout.as_secs().max(1),
        }
    }
}

/// m = 7 MiB, t = 5, p = 1 (OWASP Password Storage Cheat Sheet, argon2id).
fn owasp_params() -> Params {
    Params::new(7 * 1024, 5, 1, None).unwrap_or_default()
}

pub(crate) const HASHES_QUEUED: &str = "leffaseura_password_hashes_queued";
pub(crate) const HASHES_IN_FLIGHT: &str = "leffaseura_password_hashes_in_flight";

/// Counts one in a gauge (`metrics` facade) until dropped, so an abandoned wait leaves
/// the count right too.
struct Gauge(&'static str);

impl Gauge {
    fn hold(name: &'static str) -> Self {
        metrics::gauge!(name).increment(1.0);
        Self(name)
    }
}

impl Drop for Gauge {
    fn drop(&mut self) {
        metrics::gauge!(self.0).decrement(1.0);
    }
}

/// Argon2 of `password` with `salt` in `area` (grown to the parameters' size), as a PHC
/// string.
fn hash_in(
    area: &mut Vec<Block>,
    algorithm: Algorithm,
    version: Version,
    params: &Params,
    password: &[u8],
    salt: Salt<'_>,
) -> Result<Output, argon2::password_hash::Error> {
    let mut salt_bytes = [0u8; Salt::MAX_LENGTH];
    let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
    let blocks = params.block_count();
    if area.len() < blocks {
        if area.capacity() < blocks {
            *area = Vec::with_capacity(blocks.max(AREA_CAPACITY_BLOCKS));
        }
        area.resize(blocks, Block::new());
    }
    let argon2 = Argon2::new(algorithm, version, params.clone());
    let output_len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    Output::init_with(output_len, |out| {
        argon2
            .hash_password_into_with_memory(password, salt_bytes, out, &mut area[..])
            .map_err(Into::into)
    })
}

/// A new PHC string for `password` under `params`.
fn new_hash(
    area: &mut Vec<Block>,
    params: &Params,
    password: &[u8],
) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    let (algorithm, version) = (Algorithm::Argon2id, Version::V0x13);
    let output = hash_in(area, algorithm, version, params, password, salt.as_salt())?;
    let phc = PhcHash {
        algorithm: algorithm.ident(),
        version: Some(version.into()),
        params: ParamsString::try_from(params)?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches the PHC string `phc`, recomputed with the parameters, salt
/// and algorithm stored in it; anything unreadable is a mismatch.
fn password_matches(area: &mut Vec<Block>, phc: &str, password: &[u8]) -> bool {
    let Ok(parsed) = PhcHash::new(phc) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(parsed.algorithm) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from).transpose() {
        Ok(version) => version.unwrap_or_default(),
        Err(_) => return false,
    };
    let Ok(params) = Params::try_from(&parsed) else {
        return false;
    };
    // `Output`'s equality is constant-time.
    hash_in(area, algorithm, version, &params, password, salt)
        .is_ok_and(|computed| computed == expected)
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> Result<PasswordHash, Error> {
        let params = self.params.clone();
        let password = password.expose().to_owned();
        let phc = self
            .run_blocking(move |area| new_hash(area, &params, password.as_bytes()))
            .await?
            .map_err(|err| Error::internal(err.to_string()))?;
        Ok(PasswordHash(phc))
    }

    async fn verify(&self, password: &str, hash: &PasswordHash) -> Result<bool, Error> {
        let password = password.to_owned();
        let phc = hash.0.clone();
        self.run_blocking(move |area| password_matches(area, &phc, password.as_bytes()))
            .await
    }

    fn is_outdated(&self, hash: &PasswordHash) -> bool {
        let Ok(parsed) = PhcHash::new(&hash.0) else {
            return false;
        };
        parsed.algorithm != Algorithm::Argon2id.ident()
            || parsed.version != Some(Version::V0x13.into())
            || Params::try_from(&parsed).map_or(true, |params| {
                (params.m_cost(), params.t_cost(), params.p_cost())
                    != (
                        self.params.m_cost(),
                        self.params.t_cost(),
                        self.params.p_cost(),
                    )
            })
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
    async fn hashes_of_the_argon2_crate_and_ours_verify_each_other() {
        use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        let ours = Argon2Hasher::new();
        assert!(ours
            .verify("correct horse", &PasswordHash(theirs.clone()))
            .await
            .unwrap());
        assert!(!ours
            .verify("wrong horse", &PasswordHash(theirs))
            .await
            .unwrap());
        let password = Password::parse("correct horse", "password").unwrap();
        let mine = ours.hash(&password).await.unwrap();
        assert!(
            mine.0.starts_with("$argon2id$v=19$m=7168,t=5,p=1$"),
            "{}",
            mine.0
        );
        let parsed = PhcHash::new(&mine.0).unwrap();
        assert!(Argon2::default()
            .verify_password(b"correct horse", &parsed)
            .is_ok());
    }

    #[tokio::test]
    async fn hashes_of_other_parameters_or_algorithms_are_outdated() {
        use argon2::password_hash::PasswordHasher as _;
        let ours = Argon2Hasher::new();
        let password = Password::parse("correct horse", "password").unwrap();
        let current = ours.hash(&password).await.unwrap();
        assert!(!ours.is_outdated(&current));
        // The parameters of every hash made before the 7 MiB profile.
        let salt = SaltString::generate(&mut OsRng);
        let older = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(older.contains("m=19456,t=2,p=1"), "{older}");
        assert!(ours.is_outdated(&PasswordHash(older)));
        let argon2i = Argon2::new(Algorithm::Argon2i, Version::V0x13, owasp_params())
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(ours.is_outdated(&PasswordHash(argon2i)));
        // Not a hash at all: nothing to upgrade (it never verifies).
        assert!(!ours.is_outdated(&PasswordHash("not a hash".into())));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_burst_of_hashes_reuses_one_work_area_per_permit() {
        let hasher = Argon2Hasher::with_params(
            Params::new(1024, 1, 1, None).unwrap(),
            2,
            DEFAULT_QUEUE_TIMEOUT,
        );
        let password = Password::parse("correct horse", "password").unwrap();
        let hash = hasher.hash(&password).await.unwrap();
        assert_eq!(hasher.areas.kept(), 0, "an idle hasher keeps no area");
        // All 40 queue before the first runs, as in a burst.
        let held = hasher.permits.clone().acquire_many_owned(2).await.unwrap();
        let mut tasks = Vec::new();
        for i in 0..40 {
            let (hasher, hash) = (hasher.clone(), hash.clone());
            tasks.push(tokio::spawn(async move {
                let guess = if i % 2 == 0 { "correct horse" } else { "wrong" };
                hasher.verify(guess, &hash).await.unwrap() == (i % 2 == 0)
            }));
        }
        while hasher.areas.waiting.load(Ordering::Acquire) < 40 {
            tokio::task::yield_now().await;
        }
        let made_before = hasher.areas.made();
        drop(held);
        for task in tasks {
            assert!(task.await.unwrap());
        }
        // About one area per permit (one more each when the last ones race the release).
        let made = hasher.areas.made() - made_before;
        assert!(made <= 4, "{made} areas for 40 hashes");
        assert_eq!(
            hasher.areas.kept(),
            0,
            "the areas are freed after the burst"
        );
        assert_eq!(hasher.permits.available_permits(), 2);
    }

    #[tokio::test]
    async fn a_hash_that_waits_past_the_deadline_is_refused_as_busy() {
        let hasher = Argon2Hasher::with_params(Params::default(), 1, Duration::from_millis(50));
        let held = hasher.permits.clone().acquire_owned().await.unwrap();
        let started = std::time::Instant::now();
        let err = hasher
            .verify(
                "x",
                &PasswordHash("$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA".into()),
            )
            .await
            .unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(2));
        assert_eq!(err.error_code(), leffaseura_core::ErrorCode::ServerBusy);
        assert!(
            matches!(
                err,
                Error::Busy {
                    retry_after_secs: 1,
                    ..
                }
            ),
            "{err:?}"
        );
        drop(held);
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
