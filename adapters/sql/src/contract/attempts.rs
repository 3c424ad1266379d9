//! Rate-limit counters: per action, client and window; concurrent attempts all counted;
//! past windows forgotten. Runs of failed logins: per client and email, started over once
//! ended, cleared, forgotten.

use leffaseura_core::domain::login_lock::{FailureRun, LoginPair};
use leffaseura_core::domain::rate_limit::LimitedAction::{Login, Register};
use leffaseura_core::ports::{AttemptLedger, LoginFailureLedger};

use super::fixtures::at;
use crate::SqlStore;

pub async fn attempts_are_counted_per_action_client_and_window(store: SqlStore) {
    let count = |action, client: &'static str, window| {
        let store = store.clone();
        async move {
            store
                .count_attempt(action, client, at(window))
                .await
                .expect("the store answers")
        }
    };
    assert_eq!(count(Login, "10.0.0.1", 0).await, 1);
    assert_eq!(count(Login, "10.0.0.1", 0).await, 2);
    assert_eq!(count(Login, "10.0.0.2", 0).await, 1);
    assert_eq!(count(Register, "10.0.0.1", 0).await, 1);
    assert_eq!(count(Login, "10.0.0.1", 600).await, 1);
    assert_eq!(count(Login, "10.0.0.1", 0).await, 3);

    let forgotten = store
        .forget_attempts(Login, at(600))
        .await
        .expect("the store answers");
    assert_eq!(forgotten, 2, "both login counters of the first window");
    assert_eq!(
        count(Login, "10.0.0.1", 0).await,
        1,
        "counting starts afresh"
    );
    assert_eq!(
        count(Login, "10.0.0.1", 600).await,
        2,
        "the later window stays"
    );
    assert_eq!(
        count(Register, "10.0.0.1", 0).await,
        2,
        "other actions stay"
    );
}

pub async fn simultaneous_attempts_are_all_counted(store: SqlStore) {
    const ATTEMPTS: u32 = 40;
    let mut tasks = Vec::new();
    for _ in 0..ATTEMPTS {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store.count_attempt(Login, "10.9.9.9", at(0)).await
        }));
    }
    let mut counts = Vec::new();
    for task in tasks {
        counts.push(task.await.expect("task").expect("the store answers"));
    }
    counts.sort_unstable();
    assert_eq!(
        counts,
        (1..=ATTEMPTS).collect::<Vec<_>>(),
        "each count seen once"
    );
}

pub async fn login_failures_run_per_pair_and_start_over_when_ended(store: SqlStore) {
    let liisa = LoginPair::new("10.0.0.1", "liisa@example.fi");
    let elsewhere = LoginPair::new("10.0.0.2", "liisa@example.fi");
    let record = |pair: &LoginPair, secs: i64| {
        let (store, pair) = (store.clone(), pair.clone());
        async move {
            store
                .record_failure(&pair, at(secs), at(secs - 900))
                .await
                .expect("the store answers")
        }
    };
    assert_eq!(store.failure_run(&liisa).await.expect("answers"), None);
    for (secs, failures) in [(0, 1), (10, 2), (899, 3)] {
        let run = record(&liisa, secs).await;
        assert_eq!(
            run,
            FailureRun {
                failures,
                first_at: at(0)
            }
        );
    }
    assert_eq!(record(&elsewhere, 5).await.failures, 1);
    assert_eq!(
        store.failure_run(&liisa).await.expect("answers"),
        Some(FailureRun {
            failures: 3,
            first_at: at(0)
        })
    );
    // A failure after the run's window has passed starts a new run.
    assert_eq!(
        record(&liisa, 900).await,
        FailureRun {
            failures: 1,
            first_at: at(900)
        }
    );

    assert_eq!(
        store.forget_failures(at(899)).await.expect("answers"),
        1,
        "the run of 10.0.0.2"
    );
    assert_eq!(store.failure_run(&elsewhere).await.expect("answers"), None);
    store.clear_failures(&liisa).await.expect("answers");
    assert_eq!(store.failure_run(&liisa).await.expect("answers"), None);
}

pub async fn simultaneous_login_failures_are_all_counted(store: SqlStore) {
    const FAILURES: u32 = 40;
    let pair = LoginPair::new("10.9.9.9", "maija@example.fi");
    let mut tasks = Vec::new();
    for i in 0..FAILURES {
        let (store, pair) = (store.clone(), pair.clone());
        tasks.push(tokio::spawn(async move {
            store
                .record_failure(&pair, at(i64::from(i)), at(-900))
                .await
        }));
    }
    let mut counts = Vec::new();
    for task in tasks {
        counts.push(
            task.await
                .expect("task")
                .expect("the store answers")
                .failures,
        );
    }
    counts.sort_unstable();
    assert_eq!(
        counts,
        (1..=FAILURES).collect::<Vec<_>>(),
        "each count seen once"
    );
}
