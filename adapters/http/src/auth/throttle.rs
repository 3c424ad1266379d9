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
        let key = Self::key(client, email);
        let mut failures = self.lock();
        match failures.get(&key) {
            Some(f) if now.duration_since(f.first) >= WINDOW => {
                failures.remove(&key);
                true
            }
            Some(f) => f.count < MAX_FAILURES,
            None => true,
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
