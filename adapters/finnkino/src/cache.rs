//! A caching decorator for any `ShowtimeFeed`: answers kept in the store's
//! `ShowtimeCache` (areas 24 h, schedules 10 min, events 1 h) and in memory, one upstream
//! call per key at a time (single flight), and a stale copy served, with the time it was
//! read, whenever the feed fails or refuses.

use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use futures::future::{BoxFuture, FutureExt, Shared};
use leffaseura_core::domain::showtime::{
    feed_unavailable, Area, AreaId, Event, EventList, Fetched, ScheduleQuery, Show,
};
use leffaseura_core::ports::{CachedBody, Clock, ShowtimeCache, ShowtimeFeed, SystemClock};
use leffaseura_core::Error;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::lock;

/// How long answers stay fresh, and the guards around the upstream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeedTtls {
    pub areas: Duration,
    pub schedule: Duration,
    pub events: Duration,
    /// No request waits longer than this for the feed, whatever its client does.
    pub upstream_timeout: Duration,
    /// After a failure, expired answers are served at once for this long instead of
    /// making every request wait for the feed again.
    pub outage_backoff: Duration,
    /// Answers this long past their expiry are deleted (checked at most hourly).
    pub keep_expired: Duration,
}

impl Default for FeedTtls {
    fn default() -> Self {
        Self {
            areas: Duration::from_secs(24 * 3600),
            schedule: Duration::from_secs(10 * 60),
            events: Duration::from_secs(3600),
            upstream_timeout: Duration::from_millis(10_500),
            outage_backoff: Duration::from_secs(30),
            keep_expired: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// Bound on answers kept in memory; when full, expired ones go, then everything.
const HOT_CAPACITY: usize = 1024;

struct HotEntry {
    value: Arc<dyn Any + Send + Sync>,
    fetched_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

/// What a finished upstream call leaves for every waiter: the stored JSON body.
#[derive(Debug)]
struct Stored {
    body: String,
    fetched_at: DateTime<Utc>,
}

type Flight = Shared<BoxFuture<'static, Result<Arc<Stored>, Arc<String>>>>;

/// The decorator. Cheap to clone.
#[derive(Clone)]
pub struct CachingFeed {
    inner: Arc<dyn ShowtimeFeed>,
    cache: Arc<dyn ShowtimeCache>,
    clock: Arc<dyn Clock>,
    ttls: FeedTtls,
    flights: Arc<Mutex<HashMap<String, Flight>>>,
    hot: Arc<Mutex<HashMap<String, HotEntry>>>,
    down_until: Arc<Mutex<Option<DateTime<Utc>>>>,
    last_purge: Arc<Mutex<Option<DateTime<Utc>>>>,
}

impl std::fmt::Debug for CachingFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachingFeed")
            .field("ttls", &self.ttls)
            .finish_non_exhaustive()
    }
}

fn chrono_duration(d: Duration) -> chrono::Duration {
    chrono::Duration::from_std(d).unwrap_or(chrono::Duration::hours(1))
}

impl CachingFeed {
    pub fn new(inner: Arc<dyn ShowtimeFeed>, cache: Arc<dyn ShowtimeCache>) -> Self {
        Self {
            inner,
            cache,
            clock: Arc::new(SystemClock),
            ttls: FeedTtls::default(),
            flights: Arc::default(),
            hot: Arc::default(),
            down_until: Arc::default(),
            last_purge: Arc::default(),
        }
    }

    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    #[must_use]
    pub fn with_ttls(mut self, ttls: FeedTtls) -> Self {
        self.ttls = ttls;
        self
    }

    fn hot_get<T: Clone + 'static>(&self, key: &str) -> Option<Fetched<T>> {
        let hot = lock(&self.hot);
        let entry = hot.get(key)?;
        if self.clock.now() >= entry.expires_at {
            return None;
        }
        let value = entry.value.downcast_ref::<T>()?.clone();
        Some(Fetched::fresh(value, entry.fetched_at))
    }

    fn hot_put<T: Send + Sync + 'static>(
        &self,
        key: &str,
        value: T,
        fetched_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) {
        let mut hot = lock(&self.hot);
        if hot.len() >= HOT_CAPACITY && !hot.contains_key(key) {
            let now = self.clock.now();
            hot.retain(|_, e| e.expires_at > now);
            if hot.len() >= HOT_CAPACITY {
                hot.clear();
            }
        }
        hot.insert(
            key.to_owned(),
            HotEntry {
                value: Arc::new(value),
                fetched_at,
                expires_at,
            },
        );
    }

    fn upstream_down(&self) -> bool {
        lock(&self.down_until).is_some_and(|until| self.clock.now() < until)
    }

    fn set_down(&self, down: bool) {
        *lock(&self.down_until) =
            down.then(|| self.clock.now() + chrono_duration(self.ttls.outage_backoff));
    }

    /// At most hourly, deletes answers too old to serve even as stale (in the background).
    fn maybe_purge(&self) {
        let now = self.clock.now();
        {
            let mut last = lock(&self.last_purge);
            if last.is_some_and(|at| now - at < chrono::Duration::hours(1)) {
                return;
            }
            *last = Some(now);
        }
        let before = now - chrono_duration(self.ttls.keep_expired);
        let cache = self.cache.clone();
        tokio::spawn(async move {
            match cache.purge_answers(before).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "purged long-expired showtime answers"),
                Err(err) => tracing::warn!(error = %err, "could not purge showtime answers"),
            }
        });
    }

    /// A fresh answer from memory or the store, else one shared upstream call, else the
    /// stored copy marked stale, else the feed's error.
    async fn cached<T, F, Fut>(
        &self,
        key: String,
        ttl: Duration,
        fetch: F,
    ) -> Result<Fetched<T>, Error>
    where
        T: Serialize + DeserializeOwned + Clone + Send + Sync + 'static,
        F: FnOnce(Arc<dyn ShowtimeFeed>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<Fetched<T>, Error>> + Send + 'static,
    {
        if let Some(hit) = self.hot_get::<T>(&key) {
            count("hit");
            return Ok(hit);
        }
        let stored = match self.cache.get_answer(&key).await {
            Ok(stored) => stored,
            Err(err) => {
                tracing::warn!(key, error = %err, "showtime cache unreadable; asking the feed");
                None
            }
        };
        let now = self.clock.now();
        let decoded =
            stored
                .as_ref()
                .and_then(|entry| match serde_json::from_str::<T>(&entry.body) {
                    Ok(value) => Some((value, entry)),
                    Err(err) => {
                        tracing::warn!(key, error = %err, "unreadable showtime cache entry");
                        None
                    }
                });
        if let Some((value, entry)) = &decoded {
            if entry.is_fresh(now) {
                self.hot_put(&key, value.clone(), entry.fetched_at, entry.expires_at);
                count("hit");
                return Ok(Fetched::fresh(value.clone(), entry.fetched_at));
            }
            if self.upstream_down() {
                count("stale");
                return Ok(stale(value.clone(), entry));
            }
        }
        if decoded.is_none() && self.upstream_down() {
            // Nothing to stand in, and the feed just failed: answer at once rather than
            // make this request wait for the feed's timeout again.
            count("miss");
            return Err(feed_unavailable());
        }
        match self.join_flight(key.clone(), ttl, fetch).await {
            Ok(stored) => {
                self.set_down(false);
                self.maybe_purge();
                let value = serde_json::from_str::<T>(&stored.body).map_err(Error::internal)?;
                let expires_at = self.clock.now() + chrono_duration(ttl);
                self.hot_put(&key, value.clone(), stored.fetched_at, expires_at);
                count("miss");
                Ok(Fetched::fresh(value, stored.fetched_at))
            }
            Err(reason) => {
                self.set_down(true);
                match decoded {
                    Some((value, entry)) => {
                        tracing::warn!(key, %reason, "showtime feed failed; serving the stored copy");
                        count("stale");
                        Ok(stale(value, entry))
                    }
                    None => {
                        count("miss");
                        Err(feed_unavailable())
                    }
                }
            }
        }
    }

    /// Joins the call in flight for `key`, or starts it. The call runs in its own task,
    /// so it completes (and fills the store) even if every waiter goes away.
    fn join_flight<T, F, Fut>(&self, key: String, ttl: Duration, fetch: F) -> Flight
    where
        T: Serialize + Send + 'static,
        F: FnOnce(Arc<dyn ShowtimeFeed>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<Fetched<T>, Error>> + Send + 'static,
    {
        let mut flights = lock(&self.flights);
        if let Some(flight) = flights.get(&key) {
            return flight.clone();
        }
        let inner = self.inner.clone();
        let cache = self.cache.clone();
        let clock = self.clock.clone();
        let registry = self.flights.clone();
        let guard = self.ttls.upstream_timeout;
        let task_key = key.clone();
        let task = tokio::spawn(async move {
            let key = task_key;
            let result = match tokio::time::timeout(guard, fetch(inner)).await {
                Ok(Ok(fetched)) => store(&*cache, &*clock, &key, ttl, fetched).await,
                Ok(Err(err)) => Err(Arc::new(err.to_string())),
                Err(_) => Err(Arc::new("the feed exceeded its guard timeout".to_owned())),
            };
            lock(&registry).remove(&key);
            result
        });
        let flight = async move {
            match task.await {
                Ok(result) => result,
                Err(err) => Err(Arc::new(format!("showtime task failed: {err}"))),
            }
        }
        .boxed()
        .shared();
        flights.insert(key, flight.clone());
        flight
    }

    fn key(parts: std::fmt::Arguments<'_>) -> String {
        format!("finnkino:{parts}")
    }
}

/// Counts a lookup of the showtime cache: `hit` (fresh, from memory or the store),
/// `miss` (asked the feed) or `stale` (an old copy stood in for the feed).
fn count(result: &'static str) {
    metrics::counter!("leffaseura_cache_lookups_total", "cache" => "showtimes", "result" => result)
        .increment(1);
}

fn stale<T>(value: T, entry: &CachedBody) -> Fetched<T> {
    Fetched {
        value,
        fetched_at: entry.fetched_at,
        stale: true,
    }
}

async fn store<T: Serialize>(
    cache: &dyn ShowtimeCache,
    clock: &dyn Clock,
    key: &str,
    ttl: Duration,
    fetched: Fetched<T>,
) -> Result<Arc<Stored>, Arc<String>> {
    let body = serde_json::to_string(&fetched.value).map_err(|e| Arc::new(e.to_string()))?;
    let entry = CachedBody {
        body,
        fetched_at: fetched.fetched_at,
        expires_at: clock.now() + chrono_duration(ttl),
    };
    if let Err(err) = cache.put_answer(key, &entry).await {
        tracing::warn!(key, error = %err, "could not store a showtime answer");
    }
    Ok(Arc::new(Stored {
        body: entry.body,
        fetched_at: entry.fetched_at,
    }))
}

#[async_trait]
impl ShowtimeFeed for CachingFeed {
    /// Down after a failed read (until the outage backoff ends), with the stored copies
    /// standing in; else what the feed says.
    fn health(&self) -> leffaseura_core::domain::source::SourceHealth {
        if self.upstream_down() {
            leffaseura_core::domain::source::SourceHealth::Down { cached: true }
        } else {
            self.inner.health()
        }
    }

    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        let key = Self::key(format_args!("areas"));
        self.cached(
            key,
            self.ttls.areas,
            |feed| async move { feed.areas().await },
        )
        .await
    }

    async fn schedule(&self, query: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error> {
        let event = query
            .event
            .map_or_else(|| "all".to_owned(), |e| e.0.to_string());
        let key = Self::key(format_args!(
            "schedule:{}:{}:{}:{event}",
            query.area,
            query.date.format(),
            query.days.get()
        ));
        let query = *query;
        self.cached(key, self.ttls.schedule, move |feed| async move {
            feed.schedule(&query).await
        })
        .await
    }

    async fn events(
        &self,
        list: EventList,
        area: Option<AreaId>,
    ) -> Result<Fetched<Vec<Event>>, Error> {
        let scope = area.map_or_else(|| "all".to_owned(), |a| a.0.to_string());
        let key = Self::key(format_args!("events:{}:{scope}", list.as_str()));
        self.cached(key, self.ttls.events, move |feed| async move {
            feed.events(list, area).await
        })
        .await
    }
}
