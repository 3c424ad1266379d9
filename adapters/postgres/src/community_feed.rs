//! Postgres' side of the community cache ([`leffaseura_sql::CommunityCache`]): one session
//! LISTENs for the ids of changed `users` rows (migration 0013) and evicts them, and for
//! changed community tables (migration 0017) and forgets the answers. The cache is used
//! only while that session is listening; when it drops, the cache is emptied, and filled
//! again only after a new session listens.
//!
//! A notification reaches this process a moment after the writer's commit returned, so a
//! client that wrote through another server and reads here at once could be served what
//! the write replaced. Before a kept entry is served, the cache therefore settles: the
//! listening session runs `SELECT 1`. A commit signals every listening backend before it
//! returns, and a backend sends the notifications it was signalled about before it says it
//! is ready for the next query, so once that answer is back every commit made before the
//! round trip started has been applied here. Readers waiting at the same time share one
//! round trip (at most one is under way; whoever arrives during it waits for the next).
//!
//! A request may look up several kept entries (the reader's account, their role, the page,
//! their reactions on it). Within [`one_settle_per_request`], one round trip started after
//! its first lookup vouches for all of them: every commit made before the request began
//! has been applied by then, so the later lookups need not wait for a round trip each.

use std::cell::Cell;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::postgres::{PgListener, PgNotification};
use sqlx::Executor;
use tokio::sync::{watch, Notify};

use leffaseura_sql::{ChangeFeed, CommunityCache};

/// The channel migration 0013's trigger notifies (with a user's id)…
const CHANNEL: &str = "leffaseura_user_changed";
/// …and migration 0017's, with this payload.
const ANSWERS: &str = "answers";

/// After this long without a notification or a settling round trip, the session is asked
/// whether it is alive…
const QUIET: Duration = Duration::from_secs(10);
/// …and lost if that (or any settling round trip) takes longer than this.
const PING_LIMIT: Duration = Duration::from_secs(3);

/// How long to wait before listening again after the session was lost.
const RETRY: Duration = Duration::from_secs(1);

tokio::task_local! {
    /// The round trip that vouches for every lookup of the current request, once its
    /// first lookup has asked for one.
    static REQUEST_ROUND_TRIP: Cell<Option<u64>>;
}

/// Runs `request` so that all its cache lookups share one settling round trip (see the
/// module docs). Outside it, each lookup waits for a round trip of its own.
pub async fn one_settle_per_request<F: Future>(request: F) -> F::Output {
    REQUEST_ROUND_TRIP.scope(Cell::new(None), request).await
}

#[derive(Debug)]
struct Listening {
    on: AtomicBool,
    /// The number of settling round trips started on the listening session…
    started: AtomicU64,
    /// …and the number of the latest one answered, its notifications applied.
    answered: watch::Sender<u64>,
    /// Wakes the listener: a reader waits for a round trip.
    wanted: Notify,
}

impl Default for Listening {
    fn default() -> Self {
        Self {
            on: AtomicBool::new(false),
            started: AtomicU64::new(0),
            answered: watch::Sender::new(0),
            wanted: Notify::new(),
        }
    }
}

impl Listening {
    fn set_on(&self, on: bool) {
        self.on.store(on, Ordering::SeqCst);
        // Readers waiting on a round trip of a lost session stop waiting.
        self.answered.send_modify(|_| {});
    }

    fn is_on(&self) -> bool {
        self.on.load(Ordering::SeqCst)
    }
}

#[async_trait::async_trait]
impl ChangeFeed for Listening {
    fn catch_up(&self, _cache: &CommunityCache) -> bool {
        // Evictions arrive on the listener's task; there is nothing to fetch here.
        self.is_on()
    }

    async fn settle(&self, _cache: &CommunityCache) -> bool {
        let mut answered = self.answered.subscribe();
        let needed = match REQUEST_ROUND_TRIP.try_with(Cell::get) {
            Ok(Some(needed)) if *answered.borrow() >= needed => return self.is_on(),
            Ok(Some(needed)) => needed,
            _ => {
                // A round trip under way may have started before this read: wait for the
                // next.
                let needed = self.started.load(Ordering::SeqCst) + 1;
                // Kept for the request's later lookups; outside a request scope there is
                // nowhere to keep it, and each lookup settles on its own.
                let _ = REQUEST_ROUND_TRIP.try_with(|kept| kept.set(Some(needed)));
                needed
            }
        };
        self.wanted.notify_one();
        let waited = tokio::time::timeout(
            PING_LIMIT,
            answered.wait_for(|answered| *answered >= needed || !self.is_on()),
        )
        .await;
        matches!(waited, Ok(Ok(_))) && self.is_on()
    }
}

/// A profile cache kept correct by notifications from the database at `url`. Starts the
/// listener on the current Tokio runtime; it ends when the cache is dropped.
pub fn community_cache(url: &str) -> Arc<CommunityCache> {
    let listening = Arc::new(Listening::default());
    let cache = Arc::new(CommunityCache::new(listening.clone()));
    tokio::spawn(listen(url.to_owned(), Arc::downgrade(&cache), listening));
    cache
}

async fn listen(url: String, cache: Weak<CommunityCache>, listening: Arc<Listening>) {
    loop {
        let reason = match follow(&url, &cache, &listening).await {
            Stop::CacheGone => return,
            Stop::Lost(reason) => reason,
        };
        listening.set_on(false);
        let Some(cache) = cache.upgrade() else { return };
        cache.clear();
        drop(cache);
        tracing::warn!(%reason, "community cache off until the change notifications resume");
        tokio::time::sleep(RETRY).await;
    }
}

enum Stop {
    CacheGone,
    Lost(String),
}

async fn follow(url: &str, cache: &Weak<CommunityCache>, listening: &Listening) -> Stop {
    let mut listener = match PgListener::connect(url).await {
        Ok(listener) => listener,
        Err(err) => return Stop::Lost(err.to_string()),
    };
    if let Err(err) = listener.listen(CHANNEL).await {
        return Stop::Lost(err.to_string());
    }
    match cache.upgrade() {
        // Whatever changed while nobody listened is forgotten before the cache serves.
        Some(cache) => cache.clear(),
        None => return Stop::CacheGone,
    }
    listening.set_on(true);
    tracing::debug!("community cache on: listening for changes");
    loop {
        // `try_recv` may be abandoned for a round trip: it takes a message off the
        // socket only once the whole message is there.
        let received = tokio::select! {
            received = listener.try_recv() => received,
            () = listening.wanted.notified() => {
                if let Err(stop) = round_trip(&mut listener, cache, listening).await {
                    return stop;
                }
                continue;
            }
            () = tokio::time::sleep(QUIET) => {
                // A network cut without a reset would otherwise never be noticed.
                if let Err(stop) = round_trip(&mut listener, cache, listening).await {
                    return stop;
                }
                continue;
            }
        };
        let notification = match received {
            Ok(Some(notification)) => notification,
            Ok(None) => return Stop::Lost("the listening session was lost".to_owned()),
            Err(err) => return Stop::Lost(err.to_string()),
        };
        if let Err(stop) = apply(&notification, cache) {
            return stop;
        }
    }
}

/// One settling round trip: `SELECT 1` on the listening session, then every notification
/// that arrived before its answer.
async fn round_trip(
    listener: &mut PgListener,
    cache: &Weak<CommunityCache>,
    listening: &Listening,
) -> Result<(), Stop> {
    let number = listening.started.fetch_add(1, Ordering::SeqCst) + 1;
    match tokio::time::timeout(PING_LIMIT, listener.execute("SELECT 1")).await {
        Ok(Ok(_)) => {}
        Ok(Err(err)) => return Err(Stop::Lost(err.to_string())),
        Err(_) => {
            return Err(Stop::Lost(
                "the listening session stopped answering".to_owned(),
            ))
        }
    }
    while let Some(notification) = listener.next_buffered() {
        apply(&notification, cache)?;
    }
    listening.answered.send_replace(number);
    Ok(())
}

fn apply(notification: &PgNotification, cache: &Weak<CommunityCache>) -> Result<(), Stop> {
    let Some(cache) = cache.upgrade() else {
        return Err(Stop::CacheGone);
    };
    match notification.payload() {
        // Migration 0017: a community table changed.
        ANSWERS => cache.answers_changed(),
        payload => match payload.parse::<i64>() {
            Ok(id) => cache.evict(id),
            Err(_) => cache.clear(),
        },
    }
    Ok(())
}
