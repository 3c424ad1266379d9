//! One read at a time of an answer the community cache is missing. Every write forgets
//! every kept answer, and under load dozens of readers then miss the same page at once: each
//! read it beside the others, and the page's readers waited for as many database reads as
//! there were readers (a p99 of 18-48 ms where the page kept gives 5, on Postgres at 100×
//! the data). Now the first to miss reads; the others wait for it and then look in the
//! cache again, through the same check as any later reader, so that an answer read before
//! a commit they must see is never handed to them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

use crate::community_cache::Shelf;

type Underway = Arc<Mutex<HashMap<(Shelf, String), watch::Receiver<()>>>>;

/// The reads under way, by shelf and key.
#[derive(Debug, Default)]
pub(crate) struct Flights {
    underway: Underway,
}

/// What a reader that missed does.
pub(crate) enum Flight {
    /// Read the answer; the others are released when this is dropped (read, kept, or
    /// given up).
    Lead(Leading),
    /// Wait for the reader that is reading it, then look again.
    Follow(watch::Receiver<()>),
}

pub(crate) struct Leading {
    underway: Underway,
    key: (Shelf, String),
    _done: watch::Sender<()>,
}

impl Drop for Leading {
    fn drop(&mut self) {
        let mut underway = self.underway.lock().unwrap_or_else(|p| p.into_inner());
        underway.remove(&self.key);
        // Dropping the sender then wakes every follower.
    }
}

impl Flights {
    pub(crate) fn join(&self, shelf: Shelf, key: &str) -> Flight {
        let mut underway = self.underway.lock().unwrap_or_else(|p| p.into_inner());
        let key = (shelf, key.to_owned());
        if let Some(done) = underway.get(&key) {
            return Flight::Follow(done.clone());
        }
        let (done, waiting) = watch::channel(());
        underway.insert(key.clone(), waiting);
        Flight::Lead(Leading {
            underway: self.underway.clone(),
            key,
            _done: done,
        })
    }
}

/// Waits until the leader of `flight` is done (it read, kept, failed or was cancelled).
pub(crate) async fn landed(mut done: watch::Receiver<()>) {
    // Nothing is ever sent: the only change is the sender's drop, which ends the wait.
    while done.changed().await.is_ok() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_second_reader_of_a_key_follows_the_first_until_it_is_done() {
        let flights = Flights::default();
        let Flight::Lead(leading) = flights.join(Shelf::Answers, "page") else {
            panic!("the first reader leads");
        };
        let Flight::Follow(done) = flights.join(Shelf::Answers, "page") else {
            panic!("the second reader follows");
        };
        assert!(
            matches!(flights.join(Shelf::Facts, "page"), Flight::Lead(_)),
            "another shelf is another key"
        );
        let waiting = tokio::spawn(landed(done));
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "released before the leader is done");
        drop(leading);
        tokio::time::timeout(std::time::Duration::from_secs(5), waiting)
            .await
            .expect("released")
            .expect("joined");
        assert!(
            matches!(flights.join(Shelf::Answers, "page"), Flight::Lead(_)),
            "a later reader leads again"
        );
    }
}
