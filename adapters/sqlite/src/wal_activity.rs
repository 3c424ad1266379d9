//! Whether anything may have committed to the database lately, from the kernel's reports
//! of writes to its WAL file (inotify, Linux only; elsewhere the answer is always "maybe").
//!
//! Every commit, by any process, writes its frames to the WAL file and publishes them a
//! moment later. So once [`QUIET`] has passed since the last reported write and a full
//! check of `PRAGMA data_version` has run after that, nothing new can become visible until
//! the next write is reported: reads may skip the check. A write made just before a read
//! is seen once the kernel's report reaches the watching thread (microseconds), as a
//! Postgres notification is.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long after a reported write commits may still become visible.
const QUIET: Duration = Duration::from_secs(1);

#[derive(Debug)]
pub(crate) struct WalActivity {
    base: Instant,
    /// Milliseconds after `base` of the latest reported write.
    last_write: AtomicU64,
    /// Whether writes are being reported at all.
    watching: AtomicBool,
}

impl WalActivity {
    /// Starts watching the WAL file of the database in `file` (a thread of its own).
    pub(crate) fn start(file: &Path) -> Arc<Self> {
        let activity = Arc::new(Self {
            base: Instant::now(),
            last_write: AtomicU64::new(0),
            watching: AtomicBool::new(false),
        });
        #[cfg(target_os = "linux")]
        linux::watch(file, &activity);
        #[cfg(not(target_os = "linux"))]
        let _ = file;
        activity
    }

    /// Now, in this clock's milliseconds.
    pub(crate) fn now(&self) -> u64 {
        u64::try_from(self.base.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Whether a full check that started at `checked_at` still vouches for the database.
    pub(crate) fn quiet_since(&self, checked_at: u64) -> bool {
        self.watching.load(Ordering::Acquire)
            && quiet(self.last_write.load(Ordering::Acquire), checked_at)
    }

    fn saw_write(&self) {
        self.last_write.store(self.now(), Ordering::Release);
    }

    #[cfg(target_os = "linux")]
    fn set_watching(&self, watching: bool) {
        // A full check must follow before anything is skipped.
        self.saw_write();
        self.watching.store(watching, Ordering::Release);
    }
}

fn quiet(last_write: u64, checked_at: u64) -> bool {
    let grace = u64::try_from(QUIET.as_millis()).unwrap_or(u64::MAX);
    last_write.saturating_add(grace) <= checked_at
}

#[cfg(target_os = "linux")]
mod linux {
    use std::ffi::OsString;
    use std::path::Path;
    use std::sync::{Arc, Weak};

    use inotify::{EventMask, Inotify, WatchMask};

    use super::WalActivity;

    /// Watches the directory (the WAL file comes and goes with the last connection).
    pub(super) fn watch(file: &Path, activity: &Arc<WalActivity>) {
        let dir = match file.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        let Some(name) = file.file_name() else { return };
        let mut wal = name.to_os_string();
        wal.push("-wal");
        let inotify = Inotify::init().and_then(|inotify| {
            inotify.watches().add(
                &dir,
                WatchMask::MODIFY
                    | WatchMask::CREATE
                    | WatchMask::DELETE
                    | WatchMask::MOVED_TO
                    | WatchMask::MOVED_FROM,
            )?;
            Ok(inotify)
        });
        match inotify {
            Ok(inotify) => {
                activity.set_watching(true);
                let weak = Arc::downgrade(activity);
                let spawned = std::thread::Builder::new()
                    .name("sqlite-wal-watch".to_owned())
                    .spawn(move || follow(inotify, &wal, &weak));
                if let Err(err) = spawned {
                    activity.set_watching(false);
                    tracing::debug!(%err, "no WAL watch: every profile read checks the database");
                }
            }
            Err(err) => {
                tracing::debug!(%err, "no WAL watch: every profile read checks the database");
            }
        }
    }

    fn follow(mut inotify: Inotify, wal: &OsString, activity: &Weak<WalActivity>) {
        let mut buffer = [0_u8; 4096];
        loop {
            let events = inotify.read_events_blocking(&mut buffer);
            let Some(activity) = activity.upgrade() else {
                return;
            };
            match events {
                Ok(events) => {
                    let wrote = events.into_iter().any(|event| {
                        event.mask.contains(EventMask::Q_OVERFLOW)
                            || event.name.is_some_and(|name| name == wal.as_os_str())
                    });
                    if wrote {
                        activity.saw_write();
                    }
                }
                Err(err) => {
                    activity.set_watching(false);
                    tracing::warn!(%err, "the WAL watch stopped: every profile read checks the database");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_vouches_only_once_the_last_write_is_a_second_old() {
        assert!(!quiet(5_000, 5_000));
        assert!(!quiet(5_000, 5_999));
        assert!(quiet(5_000, 6_000));
        assert!(!quiet(u64::MAX, u64::MAX - 1));
    }
}
