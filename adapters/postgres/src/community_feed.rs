//! Postgres' side of the community cache ([`leffaseura_sql::CommunityCache`]): one session
//! LISTENs for the ids of changed `users` rows (migration 0013) and evicts them, and for
//! changed community tables (migration 0017) and forgets the answers. The
//! cache is used only while that session is listening; when it drops, the cache is
//! emptied, and filled again only after a new session listens.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::postgres::PgListener;

use leffaseura_sql::{ChangeFeed, CommunityCache};

/// The channel migration 0013's trigger notifies (with a user's id)…
const CHANNEL: &str = "leffaseura_user_changed";
/// …and migration 0017's, with this payload.
const ANSWERS: &str = "answers";

/// After this long without a notification the session is asked whether it is alive…
const QUIET: Duration = Duration::from_secs(10);
/// …and lost if it does not answer within this.
const PING_LIMIT: Duration = Duration::from_secs(3);

/// How long to wait before listening again after the session was lost.
const RETRY: Duration = Duration::from_secs(1);

#[derive(Debug, Default)]
struct Listening(AtomicBool);

impl ChangeFeed for Listening {
    fn catch_up(&self, _cache: &CommunityCache) -> bool {
        // Evictions arrive on the listener's task; there is nothing to fetch here.
        self.0.load(Ordering::Acquire)
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
        listening.0.store(false, Ordering::Release);
        let Some(cache) = cache.upgrade() else { return };
        cache.clear();
        drop(cache);
        tracing::warn!(%reason, "profile cache off until the change notifications resume");
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
    listening.0.store(true, Ordering::Release);
    tracing::debug!("profile cache on: listening for changed users");
    loop {
        let Ok(received) = tokio::time::timeout(QUIET, listener.try_recv()).await else {
            // A network cut without a reset would otherwise never be noticed: prove the
            // session alive. The abandoned wait may have dropped a notification it had
            // half read, so the cache starts over.
            match tokio::time::timeout(PING_LIMIT, listener.listen(CHANNEL)).await {
                Ok(Ok(())) => match cache.upgrade() {
                    Some(cache) => cache.clear(),
                    None => return Stop::CacheGone,
                },
                Ok(Err(err)) => return Stop::Lost(err.to_string()),
                Err(_) => return Stop::Lost("the listening session stopped answering".to_owned()),
            }
            continue;
        };
        let notification = match received {
            Ok(Some(notification)) => notification,
            Ok(None) => return Stop::Lost("the listening session was lost".to_owned()),
            Err(err) => return Stop::Lost(err.to_string()),
        };
        let Some(cache) = cache.upgrade() else {
            return Stop::CacheGone;
        };
        match notification.payload() {
            // Migration 0017: a community table changed.
            ANSWERS => cache.answers_changed(),
            payload => match payload.parse::<i64>() {
                Ok(id) => cache.evict(id),
                Err(_) => cache.clear(),
            },
        }
    }
}
