//! Rate-limit counters: per action, client and window; concurrent attempts all counted;
//! past windows forgotten.

use leffaseura_core::domain::rate_limit::LimitedAction::{Login, Register};
use leffaseura_core::ports::AttemptLedger;

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
