//! A caching decorator for any `MovieCatalog`: answers kept in a `MovieCache` with TTLs,
//! one upstream call per key at a time (single flight), stale answers served when the
//! upstream fails, and every movie seen remembered.
//!
//! Staleness travels in [`Cached<T>`]: the `*_cached` methods return it so the HTTP layer
//! can add `X-Cache: stale`; the plain `MovieCatalog` methods drop the flag for callers
//! that do not care (e.g. showtime enrichment).
//!
//! Answers are kept per language (`tmdb:fi-FI:…`, `tmdb:en-US:…`); only answers in the
//! default language update the remembered movies, so that reviews and favorites show
//! every reader the same titles whatever language the last browser asked for.

use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures::future::{BoxFuture, FutureExt, Shared};
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    Cached, Genre, MovieDetails, MoviePage, MovieSummary, RememberedMovie,
};
use leffaseura_core::ports::{CachedBody, Clock, MovieCache, MovieCatalog, SystemClock};
use leffaseura_core::{Error, ErrorCode};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::client::upstream_unavailable;

mod queries;

/// How long answers stay fresh.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheTtls {
    pub details: Duration,
    pub lists: Duration,
    pub genres: Duration,
    /// A guard around each upstream call, so that no request waits longer than this
    /// even if the catalog itself forgets its own timeouts.
    pub upstream_timeout: Duration,
    /// How long expired answers are served without asking an upstream that was just
    /// found unreachable.
    pub outage_backoff: Duration,
    /// Entries this long past their expiry are deleted (checked at most hourly).
    pub keep_expired: Duration,
}

impl Default for CacheTtls {
    fn default() -> Self {
        Self {
            details: Duration::from_secs(24 * 3600),
            lists: Duration::from_secs(3600),
            genres: Duration::from_secs(7 * 24 * 3600),
            upstream_timeout: Duration::from_millis(10_500),
            outage_backoff: Duration::from_secs(30),
            keep_expired: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// Answers that name movies worth remembering.
pub trait Remember {
    fn remembered(&self) -> Vec<RememberedMovie>;
}

impl Remember for MoviePage {
    fn remembered(&self) -> Vec<RememberedMovie> {
        self.results.iter().map(MovieSummary::remembered).collect()
    }
}

impl Remember for Vec<MovieSummary> {
    fn remembered(&self) -> Vec<RememberedMovie> {
        self.iter().map(MovieSummary::remembered).collect()
    }
}

impl Remember for MovieDetails {
    fn remembered(&self) -> Vec<RememberedMovie> {
        vec![MovieDetails::remembered(self)]
    }
}

impl Remember for Vec<Genre> {
    fn remembered(&self) -> Vec<RememberedMovie> {
        Vec::new()
    }
}

/// An error that can be handed to every waiter of a single flight.
#[derive(Debug, Clone)]
enum SharedError {
    NotFound {
        code: ErrorCode,
        message: String,
    },
    Invalid {
        field: String,
        code: ErrorCode,
        message: String,
    },
    Upstream {
        code: ErrorCode,
        message: String,
        unavailable: bool,
    },
    Internal(String),
}

impl SharedError {
    fn from_error(err: &Error) -> Self {
        match err {
            Error::NotFound { code, message } => Self::NotFound {
                code: *code,
                message: message.to_string(),
            },
            Error::Invalid {
                field,
                code,
                message,
            } => Self::Invalid {
                field: field.to_string(),
                code: *code,
                message: message.to_string(),
            },
            Error::Upstream {
                code,
                message,
                unavailable,
            } => Self::Upstream {
                code: *code,
                message: message.to_string(),
                unavailable: *unavailable,
            },
            other => Self::Internal(other.to_string()),
        }
    }

    fn to_error(&self) -> Error {
        match self {
            Self::NotFound { code, message } => Error::not_found(*code, message.clone()),
            Self::Invalid {
                field,
                code,
                message,
            } => Error::invalid(field.clone(), *code, message.clone()),
            Self::Upstream {
                code,
                message,
                unavailable,
            } => Error::Upstream {
                code: *code,
                message: message.clone().into(),
                unavailable: *unavailable,
            },
            Self::Internal(message) => Error::internal(message.clone()),
        }
    }

    /// May a stale answer stand in for this failure? Not for "no such movie" or bad input.
    fn allows_stale(&self) -> bool {
        matches!(self, Self::Upstream { .. } | Self::Internal(_))
    }
}

/// Fresh answers kept in memory too, so that hot keys skip the database and the parsing.
/// Bounded: when full, expired entries go, and if that is not enough, everything goes.
const HOT_CAPACITY: usize = 4096;

struct HotEntry {
    value: Arc<dyn Any + Send + Sync>,
    expires_at: DateTime<Utc>,
}

type Hot = Arc<Mutex<HashMap<String, HotEntry>>>;

type Flight = Shared<BoxFuture<'static, Result<Arc<String>, SharedError>>>;
type Flights = Arc<Mutex<HashMap<String, Flight>>>;

/// Where one answer is kept, and whether the movies it names are remembered.
struct Slot {
    key: String,
    remember: bool,
}

/// The decorator. Cheap to clone.
#[derive(Clone)]
pub struct CachingCatalog {
    inner: Arc<dyn MovieCatalog>,
    cache: Option<Arc<dyn MovieCache>>,
    clock: Arc<dyn Clock>,
    namespace: String,
    /// The tag of the language that `None` asks for (TMDB_LANGUAGE), so that asking for
    /// it by name shares its entries; empty when unknown.
    default_language: String,
    ttls: CacheTtls,
    flights: Flights,
    hot: Hot,
    /// After the upstream was unreachable, expired entries are served at once for a
    /// while instead of making every request wait for the upstream's timeout again.
    down_until: Arc<Mutex<Option<DateTime<Utc>>>>,
    /// When long-expired entries were last purged.
    last_purge: Arc<Mutex<Option<DateTime<Utc>>>>,
}

impl std::fmt::Debug for CachingCatalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachingCatalog")
            .field("namespace", &self.namespace)
            .field("default_language", &self.default_language)
            .field("cached", &self.cache.is_some())
            .field("ttls", &self.ttls)
            .finish_non_exhaustive()
    }
}

impl CachingCatalog {
    /// Caches `inner`'s answers in `cache` under keys starting with `namespace` (e.g.
    /// `tmdb`) and the answer's language tag, so that catalogs and languages never share
    /// entries. Set the tag of the default language with [`Self::with_default_language`].
    pub fn new(
        inner: Arc<dyn MovieCatalog>,
        cache: Arc<dyn MovieCache>,
        namespace: impl Into<String>,
    ) -> Self {
        Self {
            inner,
            cache: Some(cache),
            clock: Arc::new(SystemClock),
            namespace: namespace.into(),
            default_language: String::new(),
            ttls: CacheTtls::default(),
            flights: Arc::default(),
            hot: Arc::default(),
            down_until: Arc::default(),
            last_purge: Arc::default(),
        }
    }

    /// No cache: every call goes to `inner` (answers are never stale). For catalogs that
    /// are already in memory, like the demo catalog.
    pub fn uncached(inner: Arc<dyn MovieCatalog>) -> Self {
        Self {
            inner,
            cache: None,
            clock: Arc::new(SystemClock),
            namespace: String::new(),
            default_language: String::new(),
            ttls: CacheTtls::default(),
            flights: Arc::default(),
            hot: Arc::default(),
            down_until: Arc::default(),
            last_purge: Arc::default(),
        }
    }

    #[must_use]
    /// The time by this catalog's clock.
    pub(crate) fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// The tag of the language the inner catalog answers in when asked for none (e.g.
    /// `en-US`): its answers are kept under `<namespace>:<tag>:…` whether it was asked for
    /// by name or not, and they alone update the remembered movies.
    #[must_use]
    pub fn with_default_language(mut self, tag: impl Into<String>) -> Self {
        self.default_language = tag.into();
        self
    }

    #[must_use]
    pub fn with_ttls(mut self, ttls: CacheTtls) -> Self {
        self.ttls = ttls;
        self
    }

    pub fn inner(&self) -> &Arc<dyn MovieCatalog> {
        &self.inner
    }

    fn hot_get<T: Clone + 'static>(&self, key: &str, now: DateTime<Utc>) -> Option<T> {
        let hot = self.hot.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = hot.get(key)?;
        if now >= entry.expires_at {
            return None;
        }
        entry.value.downcast_ref::<T>().cloned()
    }

    fn hot_put<T: Clone + Send + Sync + 'static>(
        &self,
        key: &str,
        value: &T,
        expires_at: DateTime<Utc>,
    ) {
        let mut hot = self.hot.lock().unwrap_or_else(PoisonError::into_inner);
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
                value: Arc::new(value.clone()),
                expires_at,
            },
        );
    }

    /// At most hourly, deletes entries too old to serve even as stale (in the background).
    fn maybe_purge(&self, cache: &Arc<dyn MovieCache>) {
        let now = self.clock.now();
        {
            let mut last = self
                .last_purge
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if last.is_some_and(|at| now - at < chrono::Duration::hours(1)) {
                return;
            }
            *last = Some(now);
        }
        let keep =
            chrono::Duration::from_std(self.ttls.keep_expired).unwrap_or(chrono::Duration::days(7));
        let cache = cache.clone();
        tokio::spawn(async move {
            match cache.purge_expired(now - keep).await {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "purged long-expired catalog answers"),
                Err(err) => tracing::warn!(error = %err, "could not purge the movie cache"),
            }
        });
    }

    /// Down while the last upstream call failed for unavailability (until the outage
    /// backoff ends), with the database cache standing in; else what the source says.
    pub(crate) fn source_health(&self) -> leffaseura_core::domain::source::SourceHealth {
        if self.cache.is_some() && self.upstream_down() {
            leffaseura_core::domain::source::SourceHealth::Down { cached: true }
        } else {
            self.inner.health()
        }
    }

    fn upstream_down(&self) -> bool {
        let down = self
            .down_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        down.is_some_and(|until| self.clock.now() < until)
    }

    fn set_down(&self, down: bool) {
        let mut until = self
            .down_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        *until = if down {
            let backoff = chrono::Duration::from_std(self.ttls.outage_backoff)
                .unwrap_or(chrono::Duration::seconds(30));
            Some(self.clock.now() + backoff)
        } else {
            None
        };
    }

    /// Where an answer in `language` is kept, and whether its movies are remembered
    /// (only answers in the default language are).
    fn slot(&self, language: Option<Language>, parts: std::fmt::Arguments<'_>) -> Slot {
        let tag = match language {
            Some(language) => language.tag(),
            None => &self.default_language,
        };
        let key = if tag.is_empty() {
            format!("{}:{parts}", self.namespace)
        } else {
            format!("{}:{tag}:{parts}", self.namespace)
        };
        Slot {
            key,
            remember: language.is_none() || tag == self.default_language,
        }
    }

    /// The heart: fresh cache hit, else one shared upstream call, else a stale entry.
    async fn cached<T, F, Fut>(
        &self,
        slot: Slot,
        ttl: Duration,
        fetch: F,
    ) -> Result<Cached<T>, Error>
    where
        T: Serialize + DeserializeOwned + Remember + Clone + Send + Sync + 'static,
        F: FnOnce(Arc<dyn MovieCatalog>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, Error>> + Send + 'static,
    {
        let Slot { key, remember } = slot;
        let Some(cache) = self.cache.clone() else {
            let guarded =
                tokio::time::timeout(self.ttls.upstream_timeout, fetch(self.inner.clone()));
            return match guarded.await {
                Ok(result) => result.map(Cached::fresh),
                Err(_) => Err(upstream_unavailable(
                    "The movie service did not answer in time.",
                )),
            };
        };
        if let Some(value) = self.hot_get::<T>(&key, self.clock.now()) {
            count("hit");
            return Ok(Cached::fresh(value));
        }
        let stored = match cache.get(&key).await {
            Ok(stored) => stored,
            Err(err) => {
                tracing::warn!(key, error = %err, "movie cache unreadable; asking upstream");
                None
            }
        };
        if let Some(entry) = &stored {
            if !entry.is_fresh(self.clock.now()) && self.upstream_down() {
                if let Ok(value) = serde_json::from_str::<T>(&entry.body) {
                    count("stale");
                    return Ok(Cached::stale(value));
                }
            }
            if entry.is_fresh(self.clock.now()) {
                match serde_json::from_str::<T>(&entry.body) {
                    Ok(value) => {
                        self.hot_put(&key, &value, entry.expires_at);
                        count("hit");
                        return Ok(Cached::fresh(value));
                    }
                    Err(err) => {
                        tracing::warn!(key, error = %err, "unreadable cache entry; refetching")
                    }
                }
            }
        }
        match self
            .join_flight(cache.clone(), key.clone(), ttl, remember, fetch)
            .await
        {
            Ok(body) => {
                count("miss");
                self.set_down(false);
                self.maybe_purge(&cache);
                let value = serde_json::from_str::<T>(&body).map_err(Error::internal)?;
                let ttl = chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::hours(1));
                self.hot_put(&key, &value, self.clock.now() + ttl);
                Ok(Cached::fresh(value))
            }
            Err(shared) => {
                if matches!(
                    shared,
                    SharedError::Upstream {
                        unavailable: true,
                        ..
                    }
                ) {
                    self.set_down(true);
                }
                if shared.allows_stale() {
                    if let Some(entry) = stored {
                        if let Ok(value) = serde_json::from_str::<T>(&entry.body) {
                            tracing::warn!(key, error = ?shared, "upstream failed; serving a stale answer");
                            count("stale");
                            return Ok(Cached::stale(value));
                        }
                    }
                }
                count("miss");
                Err(shared.to_error())
            }
        }
    }

    /// Joins the call in flight for `key`, or starts it. The call runs in its own task,
    /// so it completes (and fills the cache) even if every waiter goes away.
    fn join_flight<T, F, Fut>(
        &self,
        cache: Arc<dyn MovieCache>,
        key: String,
        ttl: Duration,
        remember: bool,
        fetch: F,
    ) -> Flight
    where
        T: Serialize + Remember + Send + Sync + 'static,
        F: FnOnce(Arc<dyn MovieCatalog>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, Error>> + Send + 'static,
    {
        let mut flights = self.flights.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(flight) = flights.get(&key) {
            return flight.clone();
        }
        let inner = self.inner.clone();
        let clock = self.clock.clone();
        let registry = self.flights.clone();
        let timeout = self.ttls.upstream_timeout;
        let task_key = key.clone();
        let task = tokio::spawn(async move {
            let key = task_key;
            let result = match tokio::time::timeout(timeout, fetch(inner)).await {
                Ok(Ok(value)) => store(&*cache, &*clock, &key, ttl, remember, &value).await,
                Ok(Err(err)) => Err(SharedError::from_error(&err)),
                Err(_) => {
                    tracing::warn!(key, "upstream call exceeded its guard timeout");
                    Err(SharedError::from_error(&upstream_unavailable(
                        "The movie service did not answer in time.",
                    )))
                }
            };
            registry
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .remove(&key);
            result
        });
        let flight = async move {
            match task.await {
                Ok(result) => result,
                Err(err) => Err(SharedError::Internal(format!("catalog task failed: {err}"))),
            }
        }
        .boxed()
        .shared();
        flights.insert(key, flight.clone());
        flight
    }
}

/// Counts a lookup of the movie cache: `hit` (fresh, from memory or the store), `miss`
/// (asked TMDB) or `stale` (an old answer stood in for TMDB).
fn count(result: &'static str) {
    metrics::counter!("leffaseura_cache_lookups_total", "cache" => "movies", "result" => result)
        .increment(1);
}

/// Writes a fresh answer to the cache and, when `remember`, remembers its movies.
/// Storage failures are logged, never fatal: the answer itself is good.
async fn store<T: Serialize + Remember + Sync>(
    cache: &dyn MovieCache,
    clock: &dyn Clock,
    key: &str,
    ttl: Duration,
    remember: bool,
    value: &T,
) -> Result<Arc<String>, SharedError> {
    let body =
        serde_json::to_string(value).map_err(|err| SharedError::Internal(err.to_string()))?;
    let now = clock.now();
    let ttl = chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::hours(1));
    let entry = CachedBody {
        body,
        fetched_at: now,
        expires_at: now + ttl,
    };
    if let Err(err) = cache.put(key, &entry).await {
        tracing::warn!(key, error = %err, "could not store a catalog answer");
    }
    let movies = if remember {
        value.remembered()
    } else {
        Vec::new()
    };
    if !movies.is_empty() {
        if let Err(err) = cache.remember_movies(&movies, now).await {
            tracing::warn!(key, error = %err, "could not remember movies");
        }
    }
    Ok(Arc::new(entry.body))
}
