//! SQLite's side of the community cache ([`leffaseura_sql::CommunityCache`]). Every read first
//! asks a connection of its own for `PRAGMA data_version`, which changes whenever any
//! other connection, in this process or another, has committed; only then does it read
//! the `user_changes` rows appended since it last looked (migration 0013) and evict
//! those profiles. That connection is a plain synchronous one: the check costs a few
//! microseconds on the caller's thread, a small part of the query it saves. While the
//! kernel reports no writes to the WAL file, reads skip even that (see [`WalActivity`]).

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use leffaseura_core::StoreError;
use leffaseura_sql::{ChangeFeed, CommunityCache, SqlStore};

use crate::wal_activity::WalActivity;

/// How many change reports are kept: a process that falls further behind forgets its
/// whole cache instead.
const KEPT_CHANGES: i64 = 10_000;

/// How often the server prunes older reports.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

struct Watch {
    connection: Connection,
    data_version: i64,
    last_seq: i64,
    /// The count of migration 0017 when last read.
    community_changes: i64,
}

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("data_version", &self.data_version)
            .field("last_seq", &self.last_seq)
            .field("community_changes", &self.community_changes)
            .finish_non_exhaustive()
    }
}

impl Watch {
    fn data_version(&self) -> rusqlite::Result<i64> {
        self.connection
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |row| row.get(0))
    }

    fn community_changes(&self) -> rusqlite::Result<i64> {
        self.connection
            .prepare_cached("SELECT n FROM community_changes WHERE id = 1")?
            .query_row([], |row| row.get(0))
    }

    fn catch_up(&mut self, cache: &CommunityCache) -> rusqlite::Result<()> {
        let data_version = self.data_version()?;
        if data_version == self.data_version {
            return Ok(());
        }
        let community_changes = self.community_changes()?;
        if community_changes != self.community_changes {
            cache.answers_changed();
        }
        let mut changes = self
            .connection
            .prepare_cached("SELECT seq, user_id FROM user_changes WHERE seq > ?1 ORDER BY seq")?;
        let mut rows = changes.query([self.last_seq])?;
        let mut next = self.last_seq + 1;
        let mut gap = false;
        let mut changed = Vec::new();
        while let Some(row) = rows.next()? {
            let seq: i64 = row.get(0)?;
            gap |= seq != next;
            next = seq + 1;
            changed.push(row.get::<_, i64>(1)?);
        }
        if gap {
            cache.clear();
        } else {
            for id in changed {
                cache.evict(id);
            }
        }
        self.last_seq = next - 1;
        self.community_changes = community_changes;
        self.data_version = data_version;
        Ok(())
    }
}

#[derive(Debug)]
struct DataVersionFeed {
    watch: Mutex<Watch>,
    activity: Arc<WalActivity>,
    /// When the latest successful full check started (plus one; 0 = none yet).
    checked_at: AtomicU64,
}

impl ChangeFeed for DataVersionFeed {
    fn catch_up(&self, cache: &CommunityCache) -> bool {
        let checked_at = self.checked_at.load(Ordering::Acquire);
        if checked_at > 0 && self.activity.quiet_since(checked_at - 1) {
            return true;
        }
        let Ok(mut watch) = self.watch.lock() else {
            return false;
        };
        let started = self.activity.now();
        match watch.catch_up(cache) {
            Ok(()) => {
                self.checked_at
                    .fetch_max(started.saturating_add(1), Ordering::AcqRel);
                true
            }
            Err(err) => {
                tracing::debug!(%err, "profile cache bypassed: the change watch could not read");
                false
            }
        }
    }
}

fn backend_error(err: rusqlite::Error) -> StoreError {
    StoreError::Backend(Box::new(err))
}

/// A profile cache for `store`, the migrated database in the file `path`, and a task on
/// the current Tokio runtime that prunes old change reports.
///
/// # Errors
/// `Backend` when the file cannot be opened or lacks migration 0013.
pub fn community_cache(store: &SqlStore, path: &Path) -> Result<Arc<CommunityCache>, StoreError> {
    let connection = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(backend_error)?;
    // Busy means "cannot tell" (the read goes to the database), never a wait here.
    connection
        .busy_timeout(Duration::ZERO)
        .map_err(backend_error)?;
    let last_seq = connection
        .query_row(
            "SELECT COALESCE(MAX(seq), 0) FROM user_changes",
            [],
            |row| row.get(0),
        )
        .map_err(backend_error)?;
    let mut watch = Watch {
        connection,
        data_version: 0,
        last_seq,
        community_changes: 0,
    };
    watch.data_version = watch.data_version().map_err(backend_error)?;
    watch.community_changes = watch.community_changes().map_err(backend_error)?;
    let feed = DataVersionFeed {
        watch: Mutex::new(watch),
        activity: WalActivity::start(path),
        checked_at: AtomicU64::new(0),
    };
    let cache = Arc::new(CommunityCache::new(Arc::new(feed)));
    tokio::spawn(prune(store.clone(), Arc::downgrade(&cache)));
    Ok(cache)
}

async fn prune(store: SqlStore, cache: std::sync::Weak<CommunityCache>) {
    let mut every = tokio::time::interval(PRUNE_EVERY);
    loop {
        every.tick().await;
        if cache.strong_count() == 0 {
            return;
        }
        let pruned = sqlx::query(
            "DELETE FROM user_changes WHERE seq <= (SELECT MAX(seq) FROM user_changes) - $1",
        )
        .bind(KEPT_CHANGES)
        .execute(store.pool())
        .await;
        if let Err(err) = pruned {
            tracing::debug!(%err, "pruning the profile change reports failed; next round");
        }
    }
}
