//! The caching decorator: fresh answers from the store, one upstream call per key at a
//! time, a stale copy (with its age) when the feed fails, the feed's error when nothing
//! is stored, and a guard against a feed that never answers.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};
use leffaseura_core::domain::show_date::ShowDate;
use leffaseura_core::domain::showtime::{
    feed_unavailable, Area, AreaId, Event, EventId, EventList, EventMatch, Fetched, ScheduleDays,
    ScheduleQuery, Show,
};
use leffaseura_core::ports::{CachedBody, Clock, ShowtimeCache, ShowtimeFeed};
use leffaseura_core::{Error, StoreError};
use leffaseura_finnkino::{CachingFeed, FeedTtls};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[derive(Default)]
struct MemoryCache {
    answers: Mutex<HashMap<String, CachedBody>>,
}

#[async_trait]
impl ShowtimeCache for MemoryCache {
    async fn get_answer(&self, key: &str) -> Result<Option<CachedBody>, StoreError> {
        Ok(lock(&self.answers).get(key).cloned())
    }
    async fn put_answer(&self, key: &str, entry: &CachedBody) -> Result<(), StoreError> {
        lock(&self.answers).insert(key.to_owned(), entry.clone());
        Ok(())
    }
    async fn purge_answers(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut answers = lock(&self.answers);
        let count = answers.len();
        answers.retain(|_, e| e.expires_at >= before);
        Ok((count - answers.len()) as u64)
    }
    async fn find_event_matches(&self, _: &[EventId]) -> Result<Vec<EventMatch>, StoreError> {
        Ok(vec![])
    }
    async fn save_event_matches(&self, _: &[EventMatch]) -> Result<(), StoreError> {
        Ok(())
    }
}

struct TestClock(Mutex<DateTime<Utc>>);

impl TestClock {
    fn advance(&self, minutes: i64) {
        *lock(&self.0) += chrono::Duration::minutes(minutes);
    }
}

impl Clock for TestClock {
    fn now(&self) -> DateTime<Utc> {
        *lock(&self.0)
    }
}

/// A feed that counts its calls, answers areas named after the call number, and can be
/// made to fail or to hang.
struct CountingFeed {
    calls: AtomicUsize,
    mode: Mutex<&'static str>,
    clock: Arc<TestClock>,
}

#[async_trait]
impl ShowtimeFeed for CountingFeed {
    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        let call = self.calls.fetch_add(1, Ordering::SeqCst) + 1;
        let mode = *lock(&self.mode);
        match mode {
            "fail" => Err(feed_unavailable()),
            "hang" => {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                Err(feed_unavailable())
            }
            "slow" => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                Ok(self.answer(call))
            }
            _ => Ok(self.answer(call)),
        }
    }
    async fn schedule(&self, _: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        Ok(Fetched::fresh(Vec::new().into(), self.clock.now()))
    }
    async fn events(&self, _: EventList, _: Option<AreaId>) -> Result<Fetched<Vec<Event>>, Error> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        Ok(Fetched::fresh(vec![], self.clock.now()))
    }
}

impl CountingFeed {
    fn answer(&self, call: usize) -> Fetched<Vec<Area>> {
        Fetched::fresh(
            vec![Area {
                id: AreaId(1002),
                name: format!("answer {call}"),
            }],
            self.clock.now(),
        )
    }
}

struct Setup {
    clock: Arc<TestClock>,
    inner: Arc<CountingFeed>,
    cache: Arc<MemoryCache>,
    feed: CachingFeed,
}

fn setup(ttls: FeedTtls) -> Setup {
    let clock = Arc::new(TestClock(Mutex::new(
        Utc.with_ymd_and_hms(2026, 11, 24, 12, 2, 0)
            .single()
            .expect("valid"),
    )));
    let inner = Arc::new(CountingFeed {
        calls: AtomicUsize::new(0),
        mode: Mutex::new("ok"),
        clock: clock.clone(),
    });
    let cache = Arc::new(MemoryCache::default());
    let feed = CachingFeed::new(inner.clone(), cache.clone())
        .with_clock(clock.clone())
        .with_ttls(ttls);
    Setup {
        clock,
        inner,
        cache,
        feed,
    }
}

impl Setup {
    fn calls(&self) -> usize {
        self.inner.calls.load(Ordering::SeqCst)
    }
    fn mode(&self, mode: &'static str) {
        *lock(&self.inner.mode) = mode;
    }
}

#[tokio::test]
async fn fresh_answers_come_from_the_cache_until_they_expire() {
    let s = setup(FeedTtls::default());
    let first = s.feed.areas().await.expect("valid");
    let second = s.feed.areas().await.expect("valid");
    assert_eq!(s.calls(), 1);
    assert_eq!(first, second);
    // Another decorator over the same store (another server process) reads it too.
    let other = CachingFeed::new(s.inner.clone(), s.cache.clone()).with_clock(s.clock.clone());
    assert_eq!(
        other.areas().await.expect("valid").value[0].name,
        "answer 1"
    );
    assert_eq!(s.calls(), 1);
    // Areas live 24 h.
    s.clock.advance(24 * 60 + 1);
    assert_eq!(
        s.feed.areas().await.expect("valid").value[0].name,
        "answer 2"
    );
    assert_eq!(s.calls(), 2);
}

#[tokio::test]
async fn schedules_live_ten_minutes_and_events_an_hour() {
    let s = setup(FeedTtls::default());
    let query = ScheduleQuery {
        area: AreaId(1002),
        date: ShowDate::parse("24.11.2026").expect("valid"),
        days: ScheduleDays::ONE,
        event: None,
    };
    s.feed.schedule(&query).await.expect("valid");
    s.feed
        .events(EventList::NowInTheatres, None)
        .await
        .expect("valid");
    s.clock.advance(9);
    s.feed.schedule(&query).await.expect("valid");
    s.feed
        .events(EventList::NowInTheatres, None)
        .await
        .expect("valid");
    assert_eq!(s.calls(), 2);
    s.clock.advance(2);
    s.feed.schedule(&query).await.expect("valid");
    s.feed
        .events(EventList::NowInTheatres, None)
        .await
        .expect("valid");
    assert_eq!(s.calls(), 3);
    s.clock.advance(50);
    s.feed
        .events(EventList::NowInTheatres, None)
        .await
        .expect("valid");
    assert_eq!(s.calls(), 4);
}

#[tokio::test]
async fn a_failing_feed_gets_the_stored_copy_with_its_age() {
    let s = setup(FeedTtls::default());
    let fresh = s.feed.areas().await.expect("valid");
    s.clock.advance(25 * 60);
    s.mode("fail");
    let stale = s.feed.areas().await.expect("valid");
    assert!(stale.stale);
    assert_eq!(stale.value, fresh.value);
    assert_eq!(stale.fetched_at, fresh.fetched_at);
    // Within the outage back-off the feed is not asked again.
    let again = s.feed.areas().await.expect("valid");
    assert!(again.stale);
    assert_eq!(s.calls(), 2);
    // Once it recovers, fresh answers return.
    s.clock.advance(1);
    s.mode("ok");
    let recovered = s.feed.areas().await.expect("valid");
    assert!(!recovered.stale);
    assert_eq!(recovered.value[0].name, "answer 3");
}

#[tokio::test]
async fn with_nothing_stored_the_feeds_error_is_answered() {
    let s = setup(FeedTtls::default());
    s.mode("fail");
    let err = s.feed.areas().await.unwrap_err();
    assert_eq!(err.code(), "upstream_unavailable");
    // Right after a failure, a request with nothing stored is answered at once…
    let err = s.feed.areas().await.unwrap_err();
    assert_eq!(err.code(), "upstream_unavailable");
    assert_eq!(s.calls(), 1);
    // …and the feed is asked again once the back-off is over.
    s.clock.advance(1);
    s.mode("ok");
    assert!(s.feed.areas().await.is_ok());
    assert_eq!(s.calls(), 2);
}

#[tokio::test]
async fn simultaneous_misses_make_one_upstream_call() {
    let s = setup(FeedTtls::default());
    s.mode("slow");
    let calls: Vec<_> = (0..10)
        .map(|_| {
            let feed = s.feed.clone();
            tokio::spawn(async move { feed.areas().await })
        })
        .collect();
    for call in calls {
        assert_eq!(
            call.await.expect("valid").expect("valid").value[0].name,
            "answer 1"
        );
    }
    assert_eq!(s.calls(), 1);
}

#[tokio::test]
async fn a_feed_that_never_answers_is_cut_off_by_the_guard() {
    let s = setup(FeedTtls {
        upstream_timeout: Duration::from_millis(200),
        ..FeedTtls::default()
    });
    s.mode("hang");
    let started = std::time::Instant::now();
    let err = s.feed.areas().await.unwrap_err();
    assert_eq!(err.code(), "upstream_unavailable");
    assert!(started.elapsed() < Duration::from_secs(2));
}
