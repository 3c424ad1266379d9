//! Public profiles (`GET /users/{id}`, the site's most read row) and public answers (a
//! review, a user's reviews, a favorites list, a group list or search: what an anonymous
//! reader is shown) kept in memory, and kept correct when other processes write: another
//! server on the same Postgres, or the admin CLI on the same SQLite file.
//!
//! A profile is one `users` row (the statistics are columns of it). The database itself
//! reports every changed row: a trigger on `users` (migration 0013) notifies on Postgres
//! and appends to `user_changes` on SQLite. A [`ChangeFeed`] turns those reports into
//! evictions; while it cannot vouch for the cache (the listener is down, SQLite is
//! busy, a query found the database unavailable a moment ago), reads go to the database.
//!
//! The same row also serves the token check of every signed-in request (`find_user`: the
//! account with its token version and ban), kept beside the profile and evicted with it.
//!
//! An answer reads several tables, so it is not evicted row by row: any change to the
//! community's tables (migration 0017 reports them: reviews, reactions, favorites, groups,
//! their members and genres) or to any user forgets every answer. Writes are rare next to
//! reads; between them every anonymous reader of a page gets the same answer. Small
//! per-reader facts (a member's role in a group, a reader's reactions on a kept page) are
//! kept the same way on a shelf of their own, so that many readers do not push the pages
//! out.
//!
//! This process's own writes also evict as soon as they commit, so a client reads its own
//! write at once. Another process's write is seen by any read that starts after it
//! committed: before a kept entry is served, [`ChangeFeed::settle`] waits until every
//! report of a commit made before that moment has been applied (on Postgres, a round trip
//! on the listening session, shared by every read waiting at the same time; on SQLite the
//! check of every read is enough). A miss needs no wait: it reads the database.
//!
//! The race every such cache has: a read that started before a write committed must not
//! put the old row back after the eviction. Each eviction bumps an epoch; a read stores
//! its row only if no eviction happened while it ran.

use std::any::Any;
use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use leffaseura_core::domain::user::{User, UserProfile};
use leffaseura_core::UserId;

use crate::flights::{Flight, Flights};

/// How many profiles are kept; past it the cache starts over (a profile is a few hundred
/// bytes, so this bounds it at a few MB).
const CAPACITY: usize = 20_000;

/// How many answers are kept; past it they start over. An answer is at most a page (20
/// reviews of up to a few KB each, 50 groups), so this bounds them at a few MB.
const ANSWER_CAPACITY: usize = 128;

/// How many facts are kept; past it they start over. A fact is a few dozen bytes (a role,
/// up to 20 reactions), so this bounds them at a few hundred KB.
const FACT_CAPACITY: usize = 4_096;

type Answers = HashMap<String, Arc<dyn Any + Send + Sync>>;

/// Which shelf of per-key entries an entry is kept on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Shelf {
    /// Public answers: pages, a review, a group.
    Answers,
    /// Small facts about one reader: their role in a group, their reactions on a page.
    Facts,
}

/// What is kept of one user: each part is read by its own query and kept on its own.
#[derive(Debug, Default)]
struct KeptUser {
    profile: Option<Arc<UserProfile>>,
    account: Option<Arc<User>>,
}

/// What tells the cache about rows changed by other connections or processes.
#[async_trait]
pub trait ChangeFeed: Send + Sync + Debug {
    /// Evicts every profile changed by a commit already reported, and says whether the
    /// cache may be used now (`false`: it cannot tell, so the caller reads the database).
    fn catch_up(&self, cache: &CommunityCache) -> bool;

    /// Returns once the reports of every commit made before the call have been applied,
    /// `true`, or `false` when that cannot be vouched for (the entry is not served). A
    /// feed whose [`catch_up`](Self::catch_up) reads every report synchronously is
    /// settled already.
    async fn settle(&self, _cache: &CommunityCache) -> bool {
        true
    }
}

/// What a lookup found.
pub(crate) enum Lookup<T = UserProfile> {
    Hit(T),
    /// Not cached: read the database, then [`CommunityCache::store`] with this epoch.
    Miss(u64),
    /// The feed cannot vouch for the cache: read the database and do not store.
    Bypass,
}

impl<T> Lookup<T> {
    fn map<U>(self, f: impl FnOnce(T) -> U) -> Lookup<U> {
        match self {
            Self::Hit(found) => Lookup::Hit(f(found)),
            Self::Miss(epoch) => Lookup::Miss(epoch),
            Self::Bypass => Lookup::Bypass,
        }
    }
}

/// See the module docs.
#[derive(Debug)]
pub struct CommunityCache {
    entries: RwLock<HashMap<i64, KeptUser>>,
    answers: RwLock<Answers>,
    facts: RwLock<Answers>,
    /// Bumped by every eviction, of a profile or of the answers.
    epoch: AtomicU64,
    feed: Arc<dyn ChangeFeed>,
    /// The entries being read after a miss.
    flights: Flights,
}

impl CommunityCache {
    #[must_use]
    pub fn new(feed: Arc<dyn ChangeFeed>) -> Self {
        Self {
            entries: RwLock::new(HashMap::new()),
            answers: RwLock::new(HashMap::new()),
            facts: RwLock::new(HashMap::new()),
            epoch: AtomicU64::new(0),
            feed,
            flights: Flights::default(),
        }
    }

    /// Whether a reader that missed `key` on `shelf` reads it or waits for the reader who
    /// already is (see `flights.rs`).
    pub(crate) fn flight(&self, shelf: Shelf, key: &str) -> Flight {
        self.flights.join(shelf, key)
    }

    pub(crate) async fn lookup(&self, id: UserId) -> Lookup {
        self.kept_user(id, |kept| kept.profile.clone())
            .await
            .map(|profile| UserProfile::clone(&profile))
    }

    /// The account of `id` (email, password hash, token version, ban), as
    /// [`lookup`](Self::lookup) does for its profile.
    pub(crate) async fn lookup_account(&self, id: UserId) -> Lookup<User> {
        self.kept_user(id, |kept| kept.account.clone())
            .await
            .map(|account| User::clone(&account))
    }

    async fn kept_user<V>(&self, id: UserId, part: impl Fn(&KeptUser) -> Option<V>) -> Lookup<V> {
        self.find(|| {
            let entries = self.entries.read().ok()?;
            Some(entries.get(&id.0).and_then(&part))
        })
        .await
    }

    /// What `get` finds (`None`: the map cannot be read; `Some(None)`: not kept), served
    /// only once the feed has settled every commit made before this call.
    async fn find<V>(&self, get: impl Fn() -> Option<Option<V>>) -> Lookup<V> {
        // While the database fails, this process cannot tell whether others still write.
        if crate::liveness::recently_unavailable() || !self.feed.catch_up(self) {
            return Lookup::Bypass;
        }
        // The epoch is read before the entry: an eviction after this point either removed
        // the entry already or makes the later `store` a no-op.
        let epoch = self.epoch.load(Ordering::Acquire);
        match get() {
            None => return Lookup::Bypass,
            Some(None) => return Lookup::Miss(epoch),
            Some(Some(_)) => {}
        }
        // A kept entry may predate a commit whose report is still on its way.
        if !self.feed.settle(self).await {
            return Lookup::Bypass;
        }
        let epoch = self.epoch.load(Ordering::Acquire);
        match get() {
            None => Lookup::Bypass,
            Some(None) => Lookup::Miss(epoch),
            Some(Some(found)) => Lookup::Hit(found),
        }
    }

    /// Keeps `profile`, read from the database after `lookup` gave `epoch`, unless a row
    /// was evicted since.
    pub(crate) fn store(&self, epoch: u64, profile: &UserProfile) {
        self.keep_user(epoch, profile.user.id, |kept| {
            kept.profile = Some(Arc::new(profile.clone()));
        });
    }

    /// Keeps `account`, read after [`lookup_account`](Self::lookup_account) gave `epoch`.
    pub(crate) fn store_account(&self, epoch: u64, account: &User) {
        self.keep_user(epoch, account.id, |kept| {
            kept.account = Some(Arc::new(account.clone()));
        });
    }

    fn keep_user(&self, epoch: u64, id: UserId, keep: impl FnOnce(&mut KeptUser)) {
        let Ok(mut entries) = self.entries.write() else {
            return;
        };
        if self.epoch.load(Ordering::Acquire) != epoch {
            return;
        }
        if entries.len() >= CAPACITY && !entries.contains_key(&id.0) {
            entries.clear();
        }
        keep(entries.entry(id.0).or_default());
    }

    /// The entry kept under `key` on `shelf`, as [`lookup`](Self::lookup) does for a
    /// profile.
    pub(crate) async fn kept<T: Clone + 'static>(&self, shelf: Shelf, key: &str) -> Lookup<T> {
        let (map, _) = self.shelf(shelf);
        let found = self
            .find(|| {
                let answers = map.read().ok()?;
                Some(answers.get(key).filter(|answer| answer.is::<T>()).cloned())
            })
            .await;
        match found.map(|answer| answer.downcast_ref::<T>().cloned()) {
            Lookup::Hit(Some(answer)) => Lookup::Hit(answer),
            Lookup::Hit(None) | Lookup::Bypass => Lookup::Bypass,
            Lookup::Miss(epoch) => Lookup::Miss(epoch),
        }
    }

    /// Keeps `entry` on `shelf`, read after [`kept`](Self::kept) gave `epoch`, unless
    /// anything was evicted since.
    pub(crate) fn keep<T: Send + Sync + 'static>(
        &self,
        shelf: Shelf,
        epoch: u64,
        key: String,
        entry: T,
    ) {
        let (map, capacity) = self.shelf(shelf);
        let Ok(mut entries) = map.write() else {
            return;
        };
        if self.epoch.load(Ordering::Acquire) != epoch {
            return;
        }
        if entries.len() >= capacity {
            entries.clear();
        }
        entries.insert(key, Arc::new(entry));
    }

    fn shelf(&self, shelf: Shelf) -> (&RwLock<Answers>, usize) {
        match shelf {
            Shelf::Answers => (&self.answers, ANSWER_CAPACITY),
            Shelf::Facts => (&self.facts, FACT_CAPACITY),
        }
    }

    /// Forgets the profile and account of `id` (its row changed or is gone), and every
    /// answer and fact (they show its name and counts).
    pub fn evict(&self, id: i64) {
        self.changed(|entries| {
            entries.remove(&id);
        });
    }

    /// Forgets every profile and answer (reports may have been missed).
    pub fn clear(&self) {
        self.changed(HashMap::clear);
    }

    /// Forgets every answer and fact: a community table changed.
    pub fn answers_changed(&self) {
        self.changed(|_| {});
    }

    fn changed(&self, forget: impl FnOnce(&mut HashMap<i64, KeptUser>)) {
        // A panic while holding a lock cannot leave a half-written entry (inserts are
        // whole), so the maps are still sound.
        let mut entries = self.entries.write().unwrap_or_else(|p| p.into_inner());
        let mut answers = self.answers.write().unwrap_or_else(|p| p.into_inner());
        let mut facts = self.facts.write().unwrap_or_else(|p| p.into_inner());
        self.epoch.fetch_add(1, Ordering::AcqRel);
        forget(&mut entries);
        answers.clear();
        facts.clear();
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.read().map(|e| e.len()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Mutex;

    use chrono::{TimeZone, Utc};
    use leffaseura_core::domain::user::{PasswordHash, User, UserStats};

    use super::*;

    /// A feed told what to answer; `late` holds profile reports still on their way, which
    /// arrive when the cache settles.
    #[derive(Debug)]
    struct Switch {
        on: AtomicBool,
        settles: AtomicBool,
        late: Mutex<Vec<i64>>,
        settled: AtomicU64,
    }

    #[async_trait]
    impl ChangeFeed for Switch {
        fn catch_up(&self, _cache: &CommunityCache) -> bool {
            self.on.load(Ordering::SeqCst)
        }

        async fn settle(&self, cache: &CommunityCache) -> bool {
            self.settled.fetch_add(1, Ordering::SeqCst);
            for id in self.late.lock().unwrap().drain(..) {
                cache.evict(id);
            }
            self.settles.load(Ordering::SeqCst)
        }
    }

    fn profile(id: i64, reviews: i64) -> UserProfile {
        let at = Utc.timestamp_millis_opt(0).single().unwrap();
        UserProfile {
            user: User {
                id: UserId(id),
                username: format!("user{id}"),
                email: String::new(),
                password_hash: PasswordHash(String::new()),
                bio: String::new(),
                created_at: at,
                token_version: 0,
                banned: false,
                banned_until: None,
                is_admin: false,
                language: None,
            },
            stats: UserStats {
                review_count: reviews,
                ..UserStats::default()
            },
        }
    }

    fn cache() -> (CommunityCache, Arc<Switch>) {
        let feed = Arc::new(Switch {
            on: AtomicBool::new(true),
            settles: AtomicBool::new(true),
            late: Mutex::new(Vec::new()),
            settled: AtomicU64::new(0),
        });
        (CommunityCache::new(feed.clone()), feed)
    }

    async fn hit(cache: &CommunityCache, id: i64) -> Option<i64> {
        match cache.lookup(UserId(id)).await {
            Lookup::Hit(profile) => Some(profile.stats.review_count),
            _ => None,
        }
    }

    async fn epoch_of(cache: &CommunityCache, id: i64) -> u64 {
        match cache.lookup(UserId(id)).await {
            Lookup::Miss(epoch) => epoch,
            _ => panic!("expected a miss"),
        }
    }

    #[tokio::test]
    async fn a_stored_profile_is_served_until_its_row_changes() {
        let (cache, _) = cache();
        let epoch = epoch_of(&cache, 7).await;
        cache.store(epoch, &profile(7, 1));
        assert_eq!(hit(&cache, 7).await, Some(1));
        cache.evict(7);
        assert_eq!(hit(&cache, 7).await, None);
    }

    #[tokio::test]
    async fn a_read_that_overlapped_a_write_does_not_put_the_old_row_back() {
        let (cache, _) = cache();
        let epoch = epoch_of(&cache, 7).await;
        // The write commits and its report arrives while the read is still running.
        cache.evict(7);
        cache.store(epoch, &profile(7, 1));
        assert_eq!(hit(&cache, 7).await, None);
        let fresh = epoch_of(&cache, 7).await;
        cache.store(fresh, &profile(7, 2));
        assert_eq!(hit(&cache, 7).await, Some(2));
    }

    #[tokio::test]
    async fn a_kept_profile_is_not_served_past_a_report_still_on_its_way() {
        let (cache, feed) = cache();
        let epoch = epoch_of(&cache, 7).await;
        cache.store(epoch, &profile(7, 1));
        // Another server committed a change to user 7; its report has not arrived yet.
        feed.late.lock().unwrap().push(7);
        assert!(matches!(cache.lookup(UserId(7)).await, Lookup::Miss(_)));
        assert_eq!(feed.settled.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_miss_does_not_wait_for_the_feed() {
        let (cache, feed) = cache();
        epoch_of(&cache, 7).await;
        assert!(matches!(
            cache.kept::<String>(Shelf::Answers, "k").await,
            Lookup::Miss(_)
        ));
        assert_eq!(feed.settled.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn nothing_is_served_or_stored_while_the_feed_cannot_vouch() {
        let (cache, feed) = cache();
        let epoch = epoch_of(&cache, 7).await;
        cache.store(epoch, &profile(7, 1));
        feed.on.store(false, Ordering::SeqCst);
        assert!(matches!(cache.lookup(UserId(7)).await, Lookup::Bypass));
        feed.on.store(true, Ordering::SeqCst);
        feed.settles.store(false, Ordering::SeqCst);
        assert!(matches!(cache.lookup(UserId(7)).await, Lookup::Bypass));
        feed.settles.store(true, Ordering::SeqCst);
        assert_eq!(hit(&cache, 7).await, Some(1));
        cache.clear();
        assert_eq!(hit(&cache, 7).await, None);
    }

    async fn answer_of(cache: &CommunityCache, key: &str) -> Option<String> {
        match cache.kept::<String>(Shelf::Answers, key).await {
            Lookup::Hit(answer) => Some(answer),
            _ => None,
        }
    }

    async fn answer_epoch(cache: &CommunityCache, key: &str) -> u64 {
        match cache.kept::<String>(Shelf::Answers, key).await {
            Lookup::Miss(epoch) => epoch,
            _ => panic!("expected a miss"),
        }
    }

    #[tokio::test]
    async fn an_answer_is_served_until_any_community_or_user_change() {
        let (cache, _) = cache();
        for forget in [
            CommunityCache::answers_changed as fn(&CommunityCache),
            |cache| cache.evict(7),
            CommunityCache::clear,
        ] {
            let epoch = answer_epoch(&cache, "review:1").await;
            cache.keep(
                Shelf::Answers,
                epoch,
                "review:1".to_owned(),
                "kept".to_owned(),
            );
            assert_eq!(answer_of(&cache, "review:1").await.as_deref(), Some("kept"));
            forget(&cache);
            assert_eq!(answer_of(&cache, "review:1").await, None);
        }
    }

    #[tokio::test]
    async fn a_kept_answer_is_not_served_past_a_report_still_on_its_way() {
        let (cache, feed) = cache();
        let epoch = answer_epoch(&cache, "group:1").await;
        cache.keep(
            Shelf::Answers,
            epoch,
            "group:1".to_owned(),
            "one member".to_owned(),
        );
        // A user's report also forgets the answers (they show names and counts).
        feed.late.lock().unwrap().push(9);
        assert_eq!(answer_of(&cache, "group:1").await, None);
    }

    #[tokio::test]
    async fn an_answer_read_across_a_write_is_not_kept() {
        let (cache, _) = cache();
        let epoch = answer_epoch(&cache, "groups:search").await;
        cache.answers_changed();
        cache.keep(
            Shelf::Answers,
            epoch,
            "groups:search".to_owned(),
            "old".to_owned(),
        );
        assert_eq!(answer_of(&cache, "groups:search").await, None);
    }

    #[tokio::test]
    async fn answers_are_not_served_while_the_feed_cannot_vouch() {
        let (cache, feed) = cache();
        let epoch = answer_epoch(&cache, "k").await;
        cache.keep(Shelf::Answers, epoch, "k".to_owned(), "v".to_owned());
        feed.on.store(false, Ordering::SeqCst);
        assert!(matches!(
            cache.kept::<String>(Shelf::Answers, "k").await,
            Lookup::Bypass
        ));
    }

    #[tokio::test]
    async fn an_account_is_kept_beside_the_profile_and_forgotten_with_it() {
        let (cache, _) = cache();
        let Lookup::Miss(epoch) = cache.lookup_account(UserId(7)).await else {
            panic!("expected a miss");
        };
        cache.store_account(epoch, &profile(7, 0).user);
        assert!(
            matches!(cache.lookup_account(UserId(7)).await, Lookup::Hit(u) if u.id == UserId(7))
        );
        // Keeping the account does not make up a profile.
        assert!(matches!(cache.lookup(UserId(7)).await, Lookup::Miss(_)));
        cache.evict(7);
        assert!(matches!(
            cache.lookup_account(UserId(7)).await,
            Lookup::Miss(_)
        ));
    }

    #[tokio::test]
    async fn a_fact_is_forgotten_with_the_answers_and_does_not_push_them_out() {
        let (cache, _) = cache();
        let epoch = answer_epoch(&cache, "page").await;
        cache.keep(Shelf::Answers, epoch, "page".to_owned(), "kept".to_owned());
        for reader in 0..=ANSWER_CAPACITY {
            let key = format!("mine:{reader}:page");
            let Lookup::Miss(epoch) = cache.kept::<String>(Shelf::Facts, &key).await else {
                panic!("expected a miss");
            };
            cache.keep(Shelf::Facts, epoch, key, "like".to_owned());
        }
        assert_eq!(answer_of(&cache, "page").await.as_deref(), Some("kept"));
        assert!(matches!(
            cache.kept::<String>(Shelf::Facts, "mine:1:page").await,
            Lookup::Hit(fact) if fact == "like"
        ));
        cache.answers_changed();
        assert!(matches!(
            cache.kept::<String>(Shelf::Facts, "mine:1:page").await,
            Lookup::Miss(_)
        ));
    }

    #[tokio::test]
    async fn the_cache_starts_over_when_full() {
        let (cache, _) = cache();
        for id in 0..=i64::try_from(CAPACITY).unwrap() {
            let epoch = epoch_of(&cache, id).await;
            cache.store(epoch, &profile(id, 0));
        }
        assert_eq!(cache.len(), 1);
    }
}
