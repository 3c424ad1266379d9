//! Guessing one account's password from one place: after [`MAX_FAILURES`] failed logins
//! for one email from one client address within [`WINDOW`] of the first of them, that
//! pair is refused until the window has passed. A successful login clears the run.
//! Keyed by the pair, so that an attacker cannot lock the real user out from their own
//! address; guessing many emails from one address is the per-address rate limit's
//! business ([`super::rate_limit`]).

use chrono::{DateTime, Duration, Utc};

/// Failed logins allowed per (client, email) within [`WINDOW`].
pub const MAX_FAILURES: u32 = 10;
/// How long a run of failures is remembered, from its first failure.
pub const WINDOW: Duration = Duration::minutes(15);

/// Whose failures count together: a client address and an email as typed, compared
/// without case and surrounding spaces (as accounts are found).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoginPair {
    pub client: String,
    pub email: String,
}

impl LoginPair {
    pub fn new(client: &str, email: &str) -> Self {
        Self {
            client: client.to_owned(),
            email: email.trim().to_lowercase(),
        }
    }
}

/// A pair's failures since the first one of its current run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FailureRun {
    pub failures: u32,
    pub first_at: DateTime<Utc>,
}

impl FailureRun {
    /// At `now`, a run whose first failure came at or before this time is over.
    pub fn over_by(now: DateTime<Utc>) -> DateTime<Utc> {
        now - WINDOW
    }

    /// How long the pair stays locked at `now`, or `None` when it may try.
    pub fn locked_for(&self, now: DateTime<Utc>) -> Option<Duration> {
        let ends = self.first_at + WINDOW;
        (self.failures >= MAX_FAILURES && ends > now).then(|| ends - now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + secs, 0).expect("a valid time")
    }

    #[test]
    fn the_pair_ignores_case_and_spaces_of_the_email_but_not_the_address() {
        assert_eq!(
            LoginPair::new("10.0.0.1", " Maija@Example.FI "),
            LoginPair::new("10.0.0.1", "maija@example.fi")
        );
        assert_ne!(
            LoginPair::new("10.0.0.1", "maija@example.fi"),
            LoginPair::new("10.0.0.2", "maija@example.fi")
        );
    }

    #[test]
    fn the_tenth_failure_locks_until_the_window_from_the_first_has_passed() {
        let nine = FailureRun {
            failures: MAX_FAILURES - 1,
            first_at: at(0),
        };
        assert_eq!(nine.locked_for(at(10)), None);
        let ten = FailureRun {
            failures: MAX_FAILURES,
            ..nine
        };
        assert_eq!(ten.locked_for(at(0)), Some(WINDOW));
        assert_eq!(
            ten.locked_for(at(600)),
            Some(WINDOW - Duration::seconds(600))
        );
        assert_eq!(ten.locked_for(at(900)), None);
        assert_eq!(FailureRun::over_by(at(900)), at(0));
    }
}
