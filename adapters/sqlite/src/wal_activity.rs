//! Whether anything may have committed to the database lately, from the kernel's reports
//! of writes to its WAL file (inotify, Linux only; elsewhere the answer is always "maybe").
//!
//! Every commit, by any process, writes its frames to the WAL file and publishes them a
//! moment later. So once [`QUIET`] has passed since the last reported write and a full
//! check of `PRAGMA data_version` has run after that, nothing new can become visible until
//! the next write is reported: reads may skip the check. The kernel queues a report while
//! the write is made, before that commit can return, and every question here first takes
//! the reports queued so far (one non-blocking read): a write committed before a read
//! started is always seen by it.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long after a reported write commits may still become visible.
const QUIET: Duration = Duration::from_secs(1);

#[derive(Debug)]
pub(crate) struct WalActivity {
    base: Instant,
    /// Milliseconds after `base` of the latest reported write.
    last_write: AtomicU64,
    /// The kernel's reports, while they are being received.
    #[cfg(target_os = "linux")]
    reports: Option<Mutex<linux::Reports>>,
}

impl WalActivity {
    /// Starts watching the WAL file of the database in `file`.
    pub(crate) fn start(file: &Path) -> Arc<Self> {
        #[cfg(target_os = "linux")]
        let reports = linux::Reports::watch(file).map(Mutex::new);
        #[cfg(not(target_os = "linux"))]
        let _ = file;
        let activity = Self {
            base: Instant::now(),
            last_write: AtomicU64::new(0),
            #[cfg(target_os = "linux")]
            reports,
        };
        // A full check must follow before anything is skipped.
        activity.saw_write();
        Arc::new(activity)
    }

    /// Now, in this clock's milliseconds.
    pub(crate) fn now(&self) -> u64 {
        u64::try_from(self.base.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Whether a full check that started at `checked_at` still vouches for the database.
    pub(crate) fn quiet_since(&self, checked_at: u64) -> bool {
        self.take_reports() && quiet(self.last_write.load(Ordering::Acquire), checked_at)
    }

    /// Notes the writes reported so far; `false` when it cannot tell (no watch: the caller
    /// checks in full).
    #[cfg(target_os = "linux")]
    fn take_reports(&self) -> bool {
        let Some(reports) = &self.reports else {
            return false;
        };
        // Held for one non-blocking read.
        let Ok(mut reports) = reports.lock() else {
            return false;
        };
        match reports.take() {
            Ok(false) => true,
            Ok(true) => {
                self.saw_write();
                true
            }
            Err(err) => {
                self.saw_write();
                tracing::debug!(%err, "the WAL watch could not be read: checking in full");
                false
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn take_reports(&self) -> bool {
        false
    }

    fn saw_write(&self) {
        self.last_write.store(self.now(), Ordering::Release);
    }
}

fn quiet(last_write: u64, checked_at: u64) -> bool {
    let grace = u64::try_from(QUIET.as_millis()).unwrap_or(u64::MAX);
    last_write.saturating_add(grace) <= checked_at
}

#[cfg(target_os = "linux")]
mod linux {
    use std::ffi::OsString;
    use std::io;
    use std::path::Path;

    use inotify::{EventMask, Inotify, WatchMask};

    pub(super) struct Reports {
        inotify: Inotify,
        wal: OsString,
        buffer: Box<[u8; 4096]>,
    }

    impl std::fmt::Debug for Reports {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_struct("Reports").field("wal", &self.wal).finish()
        }
    }

    impl Reports {
        /// Watches the directory (the WAL file comes and goes with the last connection).
        pub(super) fn watch(file: &Path) -> Option<Self> {
            let dir = match file.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
                _ => std::path::PathBuf::from("."),
            };
            let mut wal = file.file_name()?.to_os_string();
            wal.push("-wal");
            let watched = Inotify::init().and_then(|inotify| {
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
            match watched {
                Ok(inotify) => Some(Self {
                    inotify,
                    wal,
                    buffer: Box::new([0; 4096]),
                }),
                Err(err) => {
                    tracing::debug!(%err, "no WAL watch: every cached read checks the database");
                    None
                }
            }
        }

        /// Takes every queued report without waiting; whether one was of the WAL file.
        pub(super) fn take(&mut self) -> io::Result<bool> {
            let mut wrote = false;
            loop {
                match self.inotify.read_events(&mut self.buffer[..]) {
                    Ok(events) => {
                        for event in events {
                            wrote |= event.mask.contains(EventMask::Q_OVERFLOW)
                                || event.name.is_some_and(|name| name == self.wal.as_os_str());
                        }
                    }
                    Err(err) if err.kind() == io::ErrorKind::WouldBlock => return Ok(wrote),
                    Err(err) => return Err(err),
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
