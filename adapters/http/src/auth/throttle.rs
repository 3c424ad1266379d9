//! Brute-force protection for logins: after [`MAX_FAILURES`] failed logins for one email
//! from one client address within [`WINDOW`], further attempts for that pair are refused
//! with 429 until the window has passed. A successful login clears the count. Keyed by the
//! pair, so that an attacker cannot lock the real user out from their own address.
//!
//! The counts live in memory (they are cheap to lose); with several server processes each
//! keeps its own, which still bounds the guessing rate.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failed attempts allowed per (client, email) within [`WINDOW`].
pub const MAX_FAILURES: u32 = 10;
/// How long failures are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Beyond this many tracked pairs, expired ones are dropped (and, if still too many, all).
const MAX_ENTRIES: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    first: Instant,
}

/// Whole seconds to wait, rounded up (a `Retry-After` of 0 would invite a retry that is
/// still refused).
pub fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    secs.max(1)
}

/// See the module docs.
#[derive(Debug, Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<(Option<IpAddr>, String), Failures>>,
}

impl LoginThrottle {
    fn key(client: Option<IpAddr>, email: &str) -> (Option<IpAddr>, String) {
        (client, email.trim().to_lowercase())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(Option<IpAddr>, String), Failures>> {
        self.failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// May this client try this email now?
    pub fn allows(&self, client: Option<IpAddr>, email: &str, now: Instant) -> bool {
        self.check(client, email, now).is_ok()
    }

    /// `Ok` when this client may try this email now, else how long until the window of
    /// its failures has passed (for `Retry-After`).
    ///
    /// # Errors
    /// The time left when the pair is locked.
    pub fn check(&self, client: Option<IpAddr>, email: &str, now: Instant) -> Result<(), Duration> {
        let key = Self::key(client, email);
        let mut failures = self.lock();
        match failures.get(&key) {
            Some(f) if now.duration_since(f.first) >= WINDOW => {
                failures.remove(&key);
                Ok(())
            }
            Some(f) if f.count >= MAX_FAILURES => {
                Err(WINDOW.saturating_sub(now.duration_since(f.first)))
            }
            _ => Ok(()),
        }
    }

    /// Counts a failed attempt.
    pub fn record_failure(&self, client: Option<IpAddr>, email: &str, now: Instant) {
        let key = Self::key(client, email);
        let mut failures = self.lock();
        if failures.len() >= MAX_ENTRIES {
            failures.retain(|_, f| now.duration_since(f.first) < WINDOW);
            if failures.len() >= MAX_ENTRIES {
                failures.clear();
            }
        }
        let entry = failures.entry(key).or_insert(Failures {
            count: 0,
            first: now,
        });
        if now.duration_since(entry.first) >= WINDOW {
            *entry = Failures {
                count: 0,
                first: now,
            };
        }
        entry.count += 1;
    }

    /// Forgets the failures of this pair (after a successful login).
    pub fn record_success(&self, client: Option<IpAddr>, email: &str) {
        self.lock().remove(&Self::key(client, email));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_failures_lock_the_pair_for_the_window() {
        let throttle = LoginThrottle::default();
        let ip: Option<IpAddr> = "10.0.0.1".parse().ok();
        let start = Instant::now();
        for _ in 0..MAX_FAILURES {
            assert!(throttle.allows(ip, "a@b.fi", start));
            throttle.record_failure(ip, "A@b.fi ", start);
        }
        assert!(!throttle.allows(ip, "a@b.fi", start));
        // Another address, or another email, is not affected.
        assert!(throttle.allows("10.0.0.2".parse().ok(), "a@b.fi", start));
        assert!(throttle.allows(ip, "c@d.fi", start));
        // After the window the pair may try again.
        assert!(throttle.allows(ip, "a@b.fi", start + WINDOW));
    }

    #[test]
    fn a_locked_pair_learns_how_long_until_the_window_frees() {
        let throttle = LoginThrottle::default();
        let start = Instant::now();
        for _ in 0..MAX_FAILURES {
            assert_eq!(throttle.check(None, "a@b.fi", start), Ok(()));
            throttle.record_failure(None, "a@b.fi", start);
        }
        assert_eq!(throttle.check(None, "a@b.fi", start), Err(WINDOW));
        let later = start + Duration::from_secs(600);
        assert_eq!(
            throttle.check(None, "a@b.fi", later),
            Err(WINDOW - Duration::from_secs(600))
        );
        assert_eq!(throttle.check(None, "a@b.fi", start + WINDOW), Ok(()));
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds_and_is_never_zero() {
        for (wait, secs) in [
            (Duration::from_secs(900), 900),
            (Duration::from_millis(299_001), 300),
            (Duration::from_millis(1), 1),
            (Duration::ZERO, 1),
        ] {
            assert_eq!(retry_after_secs(wait), secs, "{wait:?}");
        }
    }

    #[test]
    fn a_success_clears_the_count() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for _ in 0..MAX_FAILURES - 1 {
            throttle.record_failure(None, "a@b.fi", now);
        }
        throttle.record_success(None, "a@b.fi");
        throttle.record_failure(None, "a@b.fi", now);
        assert!(throttle.allows(None, "a@b.fi", now));
    }
}
