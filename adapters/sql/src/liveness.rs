//! When a pooled connection is worth a ping before it is handed out.
//!
//! A connection can only have broken while the database went away: it was idle long
//! enough for a restart or a network cut to go unnoticed, or a query failed as
//! unavailable a moment ago (then every connection may be dead, however busy). A busy,
//! healthy pool skips the ping; a connection that died unnoticed in between fails one
//! query as 503 `database_unavailable`, and that failure makes the next acquisitions ping,
//! so dead connections leave the pool instead of failing query after query.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

/// Idle this long, a connection is pinged: a database restart takes longer than this.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(1);
/// For this long after a query failed as unavailable, every connection is pinged.
const PING_AFTER_FAILURE: Duration = Duration::from_secs(5);

static STARTED: LazyLock<Instant> = LazyLock::new(Instant::now);
/// Milliseconds after [`STARTED`] of the last failure, plus one (0 = none yet).
static LAST_FAILURE: AtomicU64 = AtomicU64::new(0);

fn millis_since_start() -> u64 {
    u64::try_from(STARTED.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Called for every query that failed because the database was unreachable.
pub(crate) fn saw_unavailable() {
    LAST_FAILURE.store(millis_since_start().saturating_add(1), Ordering::Release);
}

/// Whether a query failed as unavailable within the last few seconds: then nothing read
/// earlier is vouched for (the profile cache steps aside until the database answers).
pub(crate) fn recently_unavailable() -> bool {
    since_failure().is_some_and(|since| since < PING_AFTER_FAILURE)
}

fn since_failure() -> Option<Duration> {
    match LAST_FAILURE.load(Ordering::Acquire) {
        0 => None,
        failed => Some(Duration::from_millis(
            millis_since_start().saturating_sub(failed - 1),
        )),
    }
}

/// Whether a connection idle for `idle_for` should prove it is alive before use.
pub(crate) fn worth_a_ping(idle_for: Duration) -> bool {
    ping_due(idle_for, since_failure())
}

fn ping_due(idle_for: Duration, since_failure: Option<Duration>) -> bool {
    idle_for >= IDLE_BEFORE_PING || since_failure.is_some_and(|since| since < PING_AFTER_FAILURE)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUSY: Duration = Duration::from_millis(10);

    #[test]
    fn a_busy_healthy_connection_is_not_pinged() {
        assert!(!ping_due(BUSY, None));
        assert!(!ping_due(BUSY, Some(Duration::from_secs(6))));
    }

    #[test]
    fn an_idle_connection_is_pinged() {
        assert!(ping_due(Duration::from_secs(2), None));
    }

    #[test]
    fn every_connection_is_pinged_for_a_while_after_the_database_failed() {
        assert!(ping_due(BUSY, Some(Duration::ZERO)));
        assert!(ping_due(BUSY, Some(Duration::from_secs(4))));
        saw_unavailable();
        assert!(worth_a_ping(BUSY));
        assert!(recently_unavailable());
    }
}
