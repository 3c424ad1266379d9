//! Logging in from a client (API.md, Users: POST /users/login): the limits on attempts
//! first, then the credentials ([`Accounts::login_user`]). Both limits are counted in
//! the store, so they hold across every server process on it: attempts per client address
//! whatever the email ([`RateLimits`]), and failed logins per client address and email
//! ([`crate::domain::login_lock`]).

use std::sync::Arc;

use crate::domain::login_lock::{FailureRun, LoginPair};
use crate::domain::rate_limit::{retry_after_secs, LimitedAction};
use crate::error::{Error, ErrorCode};
use crate::ports::{Clock, LoginFailureLedger};
use crate::use_cases::accounts::{Accounts, Session};
use crate::use_cases::RateLimits;

/// See the module docs. Cheap to share: wrap it in an `Arc`.
pub struct Logins {
    accounts: Arc<Accounts>,
    limits: Arc<RateLimits>,
    failures: Arc<dyn LoginFailureLedger>,
    clock: Arc<dyn Clock>,
}

impl Logins {
    pub fn new(
        accounts: Arc<Accounts>,
        limits: Arc<RateLimits>,
        failures: Arc<dyn LoginFailureLedger>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            accounts,
            limits,
            failures,
            clock,
        }
    }

    /// Logs `client` (its address, as the rate limits key it) in with `email` and
    /// `password`. A locked pair is refused before its password is checked, so that a
    /// guesser learns nothing and spends no hashing time of ours.
    ///
    /// # Errors
    /// `RateLimited` `rate_limited` with the seconds to wait, for the address or the pair;
    /// otherwise what [`Accounts::login_user`] answers; `Internal` when the store fails.
    pub async fn log_in(
        &self,
        client: &str,
        email: &str,
        password: &str,
    ) -> Result<Session, Error> {
        self.limits.admit(LimitedAction::Login, client).await?;
        let pair = LoginPair::new(client, email);
        let now = self.clock.now();
        let run = self.failures.failure_run(&pair).await?;
        if let Some(wait) = run.and_then(|run| run.locked_for(now)) {
            return Err(Error::RateLimited {
                code: ErrorCode::RateLimited,
                message: "Too many failed login attempts. Please wait a few minutes and try again."
                    .into(),
                retry_after_secs: Some(retry_after_secs(wait)),
            });
        }
        match self.accounts.login_user(email, password).await {
            Ok(session) => {
                // Most logins have no failures to forget: no write for them.
                if run.is_some() {
                    self.failures.clear_failures(&pair).await?;
                }
                Ok(session)
            }
            Err(err) => {
                if err.error_code() == ErrorCode::InvalidCredentials {
                    let over_by = FailureRun::over_by(now);
                    let run = self.failures.record_failure(&pair, now, over_by).await?;
                    if run.failures == 1 {
                        // A new run: a good moment to drop the runs that have ended.
                        self.failures.forget_failures(over_by).await?;
                    }
                }
                Err(err)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use async_trait::async_trait;
    use chrono::{DateTime, Duration, Utc};

    use super::*;
    use crate::domain::login_lock::{MAX_FAILURES, WINDOW};
    use crate::domain::user::UserStats;
    use crate::error::StoreError;
    use crate::ports::clock::MockClock;
    use crate::use_cases::test_support::*;
    use crate::use_cases::RateLimitSettings;

    /// An in-memory ledger that behaves like the SQL one.
    #[derive(Default)]
    struct Runs(Mutex<HashMap<LoginPair, FailureRun>>);

    #[async_trait]
    impl LoginFailureLedger for Runs {
        async fn failure_run(&self, pair: &LoginPair) -> Result<Option<FailureRun>, StoreError> {
            Ok(self.0.lock().unwrap().get(pair).copied())
        }

        async fn record_failure(
            &self,
            pair: &LoginPair,
            at: DateTime<Utc>,
            over_by: DateTime<Utc>,
        ) -> Result<FailureRun, StoreError> {
            let mut runs = self.0.lock().unwrap();
            let run = runs.entry(pair.clone()).or_insert(FailureRun {
                failures: 0,
                first_at: at,
            });
            if run.first_at <= over_by {
                *run = FailureRun {
                    failures: 0,
                    first_at: at,
                };
            }
            run.failures += 1;
            Ok(*run)
        }

        async fn clear_failures(&self, pair: &LoginPair) -> Result<(), StoreError> {
            self.0.lock().unwrap().remove(pair);
            Ok(())
        }

        async fn forget_failures(&self, over_by: DateTime<Utc>) -> Result<u64, StoreError> {
            let mut runs = self.0.lock().unwrap();
            let was = runs.len();
            runs.retain(|_, run| run.first_at > over_by);
            Ok((was - runs.len()) as u64)
        }
    }

    /// Liisa's account (password "correct horse"), checked by a hasher that counts its
    /// verifications.
    fn accounts(verifications: Arc<Mutex<u32>>) -> Arc<Accounts> {
        let mut ports = Ports::new();
        ports.users.expect_find_user_by_email().returning(|email| {
            Ok((email.as_str() == "liisa@example.fi").then(|| user(3, "liisa", "correct horse")))
        });
        ports.hasher.expect_verify().returning(move |pw, hash| {
            *verifications.lock().unwrap() += 1;
            Ok(hash_of(pw) == *hash)
        });
        ports.hasher.expect_is_outdated().return_const(false);
        ports
            .hasher
            .expect_hash()
            .returning(|_| Ok(hash_of("decoy")));
        ports
            .users
            .expect_user_stats()
            .returning(|_| Ok(UserStats::default()));
        ports.tokens.expect_issue().returning(|_| "t".into());
        Arc::new(ports.accounts())
    }

    fn logins_at(accounts: &Arc<Accounts>, runs: &Arc<Runs>, at: DateTime<Utc>) -> Logins {
        let mut clock = MockClock::new();
        clock.expect_now().returning(move || at);
        let clock: Arc<dyn Clock> = Arc::new(clock);
        let limits = RateLimits::new(Arc::new(NoLedger), clock.clone(), RateLimitSettings::OFF);
        Logins::new(accounts.clone(), Arc::new(limits), runs.clone(), clock)
    }

    /// The per-address limits are off in these tests (rate_limits.rs tests them).
    struct NoLedger;

    #[async_trait]
    impl crate::ports::AttemptLedger for NoLedger {
        async fn count_attempt(
            &self,
            _: LimitedAction,
            _: &str,
            _: DateTime<Utc>,
        ) -> Result<u32, StoreError> {
            unreachable!("the limits are off")
        }

        async fn forget_attempts(
            &self,
            _: LimitedAction,
            _: DateTime<Utc>,
        ) -> Result<u64, StoreError> {
            unreachable!("the limits are off")
        }
    }

    fn retry_after(err: &Error) -> Option<u64> {
        match err {
            Error::RateLimited {
                retry_after_secs, ..
            } => *retry_after_secs,
            _ => None,
        }
    }

    #[tokio::test]
    async fn ten_failures_lock_the_pair_before_its_password_is_checked() {
        let verifications = Arc::new(Mutex::new(0));
        let accounts = accounts(verifications.clone());
        let runs = Arc::new(Runs::default());
        let start = now();
        for i in 0..MAX_FAILURES {
            let logins = logins_at(&accounts, &runs, start + Duration::seconds(i64::from(i)));
            let err = logins
                .log_in("10.0.0.1", " LIISA@example.fi", "guess")
                .await
                .unwrap_err();
            assert_eq!(err.error_code(), ErrorCode::InvalidCredentials);
        }
        let checked = *verifications.lock().unwrap();
        let later = start + Duration::seconds(60);
        let logins = logins_at(&accounts, &runs, later);
        let err = logins
            .log_in("10.0.0.1", "liisa@example.fi", "correct horse")
            .await
            .unwrap_err();
        assert_eq!(err.error_code(), ErrorCode::RateLimited);
        assert_eq!(retry_after(&err), Some(15 * 60 - 60));
        assert_eq!(
            *verifications.lock().unwrap(),
            checked,
            "no hash was verified"
        );
        // Another address, or another email from the same address, is not affected.
        logins
            .log_in("10.0.0.2", "liisa@example.fi", "correct horse")
            .await
            .unwrap();
        let other = logins
            .log_in("10.0.0.1", "maija@example.fi", "guess")
            .await
            .unwrap_err();
        assert_eq!(other.error_code(), ErrorCode::InvalidCredentials);
        // Once the window from the first failure has passed, the pair may try again.
        let logins = logins_at(&accounts, &runs, start + WINDOW);
        logins
            .log_in("10.0.0.1", "liisa@example.fi", "correct horse")
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_success_clears_the_run_and_a_new_run_drops_ended_ones() {
        let accounts = accounts(Arc::new(Mutex::new(0)));
        let runs = Arc::new(Runs::default());
        let logins = logins_at(&accounts, &runs, now());
        for _ in 0..MAX_FAILURES - 1 {
            logins
                .log_in("10.0.0.1", "liisa@example.fi", "guess")
                .await
                .unwrap_err();
        }
        logins
            .log_in("10.0.0.9", "maija@example.fi", "guess")
            .await
            .unwrap_err();
        logins
            .log_in("10.0.0.1", "liisa@example.fi", "correct horse")
            .await
            .unwrap();
        assert_eq!(
            runs.failure_run(&LoginPair::new("10.0.0.1", "liisa@example.fi"))
                .await
                .unwrap(),
            None
        );
        let logins = logins_at(&accounts, &runs, now() + WINDOW + Duration::seconds(1));
        logins
            .log_in("10.0.0.1", "liisa@example.fi", "guess")
            .await
            .unwrap_err();
        let left: Vec<LoginPair> = runs.0.lock().unwrap().keys().cloned().collect();
        assert_eq!(left, vec![LoginPair::new("10.0.0.1", "liisa@example.fi")]);
    }

    #[tokio::test]
    async fn a_blank_password_is_no_guess_and_starts_no_run() {
        let accounts = accounts(Arc::new(Mutex::new(0)));
        let runs = Arc::new(Runs::default());
        let logins = logins_at(&accounts, &runs, now());
        let err = logins
            .log_in("10.0.0.1", "liisa@example.fi", "")
            .await
            .unwrap_err();
        assert_eq!(err.error_code(), ErrorCode::InvalidPassword);
        assert!(
            runs.0.lock().unwrap().is_empty(),
            "a blank password is no guess"
        );
    }
}
