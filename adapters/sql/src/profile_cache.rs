//! Public profiles (`GET /users/{id}`, the site's most read row) kept in memory, and kept
//! correct when other processes write: another server on the same Postgres, or the admin
//! CLI on the same SQLite file.
//!
//! A profile is one `users` row (the statistics are columns of it). The database itself
//! reports every changed row: a trigger on `users` (migration 0013) notifies on Postgres
//! and appends to `user_changes` on SQLite. A [`ChangeFeed`] turns those reports into
//! evictions; while it cannot vouch for the cache (the listener is down, SQLite is
//! busy, a query found the database unavailable a moment ago), reads go to the database.
//!
//! This process's own writes also evict as soon as they commit, so a client reads its own
//! write at once. Another process's write is seen once its report arrives: at once on
//! SQLite (checked on every read), within the delivery of a Postgres notification
//! (well under a millisecond on one host) on Postgres.
//!
//! The race every such cache has: a read that started before a write committed must not
//! put the old row back after the eviction. Each eviction bumps an epoch; a read stores
//! its row only if no eviction happened while it ran.

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use leffaseura_core::domain::user::UserProfile;
use leffaseura_core::UserId;

/// How many profiles are kept; past it the cache starts over (a profile is a few hundred
/// bytes, so this bounds it at a few MB).
const CAPACITY: usize = 20_000;

/// What tells the cache about rows changed by other connections or processes.
pub trait ChangeFeed: Send + Sync + Debug {
    /// Evicts every profile changed by a commit not yet reported, and says whether the
    /// cache may be used now (`false`: it cannot tell, so the caller reads the database).
    fn catch_up(&self, cache: &ProfileCache) -> bool;
}

/// What a lookup found.
pub(crate) enum Lookup {
    Hit(UserProfile),
    /// Not cached: read the database, then [`ProfileCache::store`] with this epoch.
    Miss(u64),
    /// The feed cannot vouch for the cache: read the database and do not store.
    Bypass,
}

/// See the module docs.
#[derive(Debug)]
pub struct ProfileCache {
    entries: RwLock<HashMap<i64, UserProfile>>,
    epoch: AtomicU64,
    feed: Arc<dyn ChangeFeed>,
}

impl ProfileCache {
    #[must_use]
    pub fn new(feed: Arc<dyn ChangeFeed>) -> Self {
        Self {
            entries: RwLock::new(HashMap::new()),
            epoch: AtomicU64::new(0),
            feed,
        }
    }

    pub(crate) fn lookup(&self, id: UserId) -> Lookup {
        // While the database fails, this process cannot tell whether others still write.
        if crate::liveness::recently_unavailable() || !self.feed.catch_up(self) {
            return Lookup::Bypass;
        }
        // The epoch is read before the entry: an eviction after this point either removed
        // the entry already or makes the later `store` a no-op.
        let epoch = self.epoch.load(Ordering::Acquire);
        let Ok(entries) = self.entries.read() else {
            return Lookup::Bypass;
        };
        match entries.get(&id.0) {
            Some(profile) => Lookup::Hit(profile.clone()),
            None => Lookup::Miss(epoch),
        }
    }

    /// Keeps `profile`, read from the database after `lookup` gave `epoch`, unless a row
    /// was evicted since.
    pub(crate) fn store(&self, epoch: u64, profile: &UserProfile) {
        let Ok(mut entries) = self.entries.write() else {
            return;
        };
        if self.epoch.load(Ordering::Acquire) != epoch {
            return;
        }
        if entries.len() >= CAPACITY {
            entries.clear();
        }
        entries.insert(profile.user.id.0, profile.clone());
    }

    /// Forgets the profile of `id` (its row changed or is gone).
    pub fn evict(&self, id: i64) {
        self.changed(|entries| {
            entries.remove(&id);
        });
    }

    /// Forgets every profile (reports may have been missed).
    pub fn clear(&self) {
        self.changed(HashMap::clear);
    }

    fn changed(&self, forget: impl FnOnce(&mut HashMap<i64, UserProfile>)) {
        let mut entries = match self.entries.write() {
            Ok(entries) => entries,
            // A panic while holding the lock cannot leave a half-written profile (inserts
            // are whole), so the map is still sound.
            Err(poisoned) => poisoned.into_inner(),
        };
        self.epoch.fetch_add(1, Ordering::AcqRel);
        forget(&mut entries);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.read().map(|e| e.len()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use chrono::{TimeZone, Utc};
    use leffaseura_core::domain::user::{PasswordHash, User, UserStats};

    use super::*;

    #[derive(Debug, Default)]
    struct Switch(AtomicBool);

    impl ChangeFeed for Switch {
        fn catch_up(&self, _cache: &ProfileCache) -> bool {
            self.0.load(Ordering::SeqCst)
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

    fn cache() -> (ProfileCache, Arc<Switch>) {
        let feed = Arc::new(Switch(AtomicBool::new(true)));
        (ProfileCache::new(feed.clone()), feed)
    }

    fn hit(cache: &ProfileCache, id: i64) -> Option<i64> {
        match cache.lookup(UserId(id)) {
            Lookup::Hit(profile) => Some(profile.stats.review_count),
            _ => None,
        }
    }

    fn epoch_of(cache: &ProfileCache, id: i64) -> u64 {
        match cache.lookup(UserId(id)) {
            Lookup::Miss(epoch) => epoch,
            _ => panic!("expected a miss"),
        }
    }

    #[test]
    fn a_stored_profile_is_served_until_its_row_changes() {
        let (cache, _) = cache();
        let epoch = epoch_of(&cache, 7);
        cache.store(epoch, &profile(7, 1));
        assert_eq!(hit(&cache, 7), Some(1));
        cache.evict(7);
        assert_eq!(hit(&cache, 7), None);
    }

    #[test]
    fn a_read_that_overlapped_a_write_does_not_put_the_old_row_back() {
        let (cache, _) = cache();
        let epoch = epoch_of(&cache, 7);
        // The write commits and its report arrives while the read is still running.
        cache.evict(7);
        cache.store(epoch, &profile(7, 1));
        assert_eq!(hit(&cache, 7), None);
        let fresh = epoch_of(&cache, 7);
        cache.store(fresh, &profile(7, 2));
        assert_eq!(hit(&cache, 7), Some(2));
    }

    #[test]
    fn nothing_is_served_or_stored_while_the_feed_cannot_vouch() {
        let (cache, feed) = cache();
        let epoch = epoch_of(&cache, 7);
        cache.store(epoch, &profile(7, 1));
        feed.0.store(false, Ordering::SeqCst);
        assert!(matches!(cache.lookup(UserId(7)), Lookup::Bypass));
        feed.0.store(true, Ordering::SeqCst);
        cache.clear();
        assert_eq!(hit(&cache, 7), None);
    }

    #[test]
    fn the_cache_starts_over_when_full() {
        let (cache, _) = cache();
        for id in 0..=i64::try_from(CAPACITY).unwrap() {
            let epoch = epoch_of(&cache, id);
            cache.store(epoch, &profile(id, 0));
        }
        assert_eq!(cache.len(), 1);
    }
}
