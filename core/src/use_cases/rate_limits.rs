//! Admitting rate-limited attempts (logins and registrations per client address) against
//! counters shared by every server process (the [`AttemptLedger`]).

use std::sync::Arc;

use crate::domain::rate_limit::{LimitedAction, RateLimit};
use crate::error::{Error, ErrorCode};
use crate::ports::{AttemptLedger, Clock};

/// The limits in force; `None` turns one off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimitSettings {
    /// Login attempts per client address, whatever the email.
    pub login: Option<RateLimit>,
    /// Registrations per client address.
    pub register: Option<RateLimit>,
}

impl RateLimitSettings {
    /// No limits (load tests, benchmarks, trusted set-ups).
    pub const OFF: Self = Self {
        login: None,
        register: None,
    };

    fn limit(&self, action: LimitedAction) -> Option<RateLimit> {
        match action {
            LimitedAction::Login => self.login,
            LimitedAction::Register => self.register,
        }
    }
}

/// See the module docs. Cheap to share: wrap it in an `Arc`.
pub struct RateLimits {
    ledger: Arc<dyn AttemptLedger>,
    clock: Arc<dyn Clock>,
    settings: RateLimitSettings,
}

impl RateLimits {
    pub fn new(
        ledger: Arc<dyn AttemptLedger>,
        clock: Arc<dyn Clock>,
        settings: RateLimitSettings,
    ) -> Self {
        Self {
            ledger,
            clock,
            settings,
        }
    }

    pub fn settings(&self) -> RateLimitSettings {
        self.settings
    }

    /// Counts an attempt of `action` by `client` (its address) and lets it through while
    /// the client's window holds no more than the limit. Refused attempts count too, so a
    /// client that keeps hammering stays refused until the window ends.
    ///
    /// # Errors
    /// `RateLimited` with the seconds until the next window; `Internal` when the ledger
    /// fails.
    pub async fn admit(&self, action: LimitedAction, client: &str) -> Result<(), Error> {
        let Some(limit) = self.settings.limit(action) else {
            return Ok(());
        };
        let now = self.clock.now();
        let window_start = limit.window_start(now);
        let count = self
            .ledger
            .count_attempt(action, client, window_start)
            .await?;
        if count == 1 {
            // The first attempt of a client's window: a good moment to drop the counters
            // of past windows, which no longer limit anyone.
            self.ledger.forget_attempts(action, window_start).await?;
        }
        if limit.allows(count) {
            Ok(())
        } else {
            Err(Error::RateLimited {
                code: ErrorCode::RateLimited,
                message: refusal(action).into(),
                retry_after_secs: Some(limit.seconds_to_next_window(now)),
            })
        }
    }
}

fn refusal(action: LimitedAction) -> &'static str {
    match action {
        LimitedAction::Login => {
            "Too many login attempts from your address. Please wait a few minutes and try again."
        }
        LimitedAction::Register => {
            "Too many new accounts from your address. Please try again later."
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use chrono::{DateTime, Duration, Utc};

    use super::*;
    use crate::error::{ErrorCode, StoreError};
    use crate::ports::attempt_ledger::MockAttemptLedger;
    use crate::ports::clock::MockClock;
    use crate::use_cases::test_support::now;

    /// An in-memory ledger that behaves like the SQL one.
    #[derive(Default)]
    struct Counts(Mutex<HashMap<Key, u32>>);

    type Key = (LimitedAction, String, DateTime<Utc>);

    #[async_trait::async_trait]
    impl AttemptLedger for Counts {
        async fn count_attempt(
            &self,
            action: LimitedAction,
            client: &str,
            window_start: DateTime<Utc>,
        ) -> Result<u32, StoreError> {
            let mut counts = self.0.lock().unwrap();
            let count = counts
                .entry((action, client.to_owned(), window_start))
                .or_default();
            *count += 1;
            Ok(*count)
        }

        async fn forget_attempts(
            &self,
            action: LimitedAction,
            before: DateTime<Utc>,
        ) -> Result<u64, StoreError> {
            let mut counts = self.0.lock().unwrap();
            let was = counts.len();
            counts.retain(|(a, _, start), _| *a != action || *start >= before);
            Ok((was - counts.len()) as u64)
        }
    }

    fn limits_at(
        ledger: Arc<dyn AttemptLedger>,
        at: DateTime<Utc>,
        settings: RateLimitSettings,
    ) -> RateLimits {
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || at);
        RateLimits::new(ledger, Arc::new(clock), settings)
    }

    fn three_per_ten_minutes() -> RateLimitSettings {
        RateLimitSettings {
            login: RateLimit::parse("3/10m").ok(),
            register: RateLimit::parse("1/1h").ok(),
        }
    }

    #[tokio::test]
    async fn the_attempt_past_the_limit_is_refused_with_the_time_to_the_next_window() {
        let ledger = Arc::new(Counts::default());
        let at = now() + Duration::seconds(30);
        let limits = limits_at(ledger.clone(), at, three_per_ten_minutes());
        for _ in 0..3 {
            limits
                .admit(LimitedAction::Login, "10.0.0.1")
                .await
                .unwrap();
        }
        let refused = limits
            .admit(LimitedAction::Login, "10.0.0.1")
            .await
            .unwrap_err();
        assert_eq!(refused.error_code(), ErrorCode::RateLimited);
        let Error::RateLimited {
            retry_after_secs, ..
        } = refused
        else {
            panic!("{refused:?}");
        };
        assert_eq!(retry_after_secs, Some(570));
        // Other addresses and other actions have their own counts.
        limits
            .admit(LimitedAction::Login, "10.0.0.2")
            .await
            .unwrap();
        limits
            .admit(LimitedAction::Register, "10.0.0.1")
            .await
            .unwrap();
        // The next window starts afresh, and the first attempt in it drops the old counts.
        let later = limits_at(
            ledger.clone(),
            at + Duration::minutes(10),
            three_per_ten_minutes(),
        );
        later.admit(LimitedAction::Login, "10.0.0.1").await.unwrap();
        let remaining: Vec<_> = ledger.0.lock().unwrap().keys().cloned().collect();
        assert!(
            remaining
                .iter()
                .all(|(action, _, start)| *action != LimitedAction::Login
                    || *start == now() + Duration::minutes(10)),
            "{remaining:?}"
        );
    }

    #[tokio::test]
    async fn turned_off_limits_never_touch_the_ledger() {
        let ledger = MockAttemptLedger::new();
        let limits = limits_at(Arc::new(ledger), now(), RateLimitSettings::OFF);
        for _ in 0..100 {
            limits
                .admit(LimitedAction::Login, "10.0.0.1")
                .await
                .unwrap();
            limits
                .admit(LimitedAction::Register, "10.0.0.1")
                .await
                .unwrap();
        }
    }

    #[tokio::test]
    async fn a_failing_ledger_is_an_internal_error() {
        let mut ledger = MockAttemptLedger::new();
        ledger
            .expect_count_attempt()
            .returning(|_, _, _| Err(StoreError::Backend("gone".into())));
        let limits = limits_at(Arc::new(ledger), now(), three_per_ten_minutes());
        let err = limits
            .admit(LimitedAction::Register, "10.0.0.1")
            .await
            .unwrap_err();
        assert_eq!(err.error_code(), ErrorCode::InternalError);
    }
}
