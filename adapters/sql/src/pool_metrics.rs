//! The connection pool's gauges, through the `metrics` facade (no-ops until the server
//! installs a recorder).
//!
//! sqlx tells how many connections are open and idle but not how many callers wait for
//! one, so the waiters are counted here around the waits the store makes itself: every
//! write transaction ([`crate::SqlStore::begin_write`]). On SQLite that wait includes the
//! one for the write lock (`BEGIN IMMEDIATE`); single reads queue inside sqlx uncounted,
//! seen as every connection in use.

use sqlx::AnyPool;

const CONNECTIONS: &str = "leffaseura_db_pool_connections";
const MAX: &str = "leffaseura_db_pool_max_connections";
const WAITING: &str = "leffaseura_db_pool_waiting";

fn describe() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        metrics::describe_gauge!(
            CONNECTIONS,
            "Database connections open, by state (in_use, idle)."
        );
        metrics::describe_gauge!(MAX, "The most database connections the pool opens.");
        metrics::describe_gauge!(
            WAITING,
            "Write transactions waiting for a database connection (on SQLite also for the write lock)."
        );
    });
}

/// Reads the pool's state into the gauges.
pub(crate) fn record(pool: &AnyPool) {
    describe();
    let size = pool.size();
    // `num_idle` and `size` are read a moment apart; never report a negative count.
    let idle = u32::try_from(pool.num_idle()).unwrap_or(u32::MAX).min(size);
    metrics::gauge!(CONNECTIONS, "state" => "in_use").set(f64::from(size - idle));
    metrics::gauge!(CONNECTIONS, "state" => "idle").set(f64::from(idle));
    metrics::gauge!(MAX).set(f64::from(pool.options().get_max_connections()));
    // Shows the series (at 0) before the first write waits.
    metrics::gauge!(WAITING).increment(0.0);
}

/// One waiter, counted from [`Waiting::start`] until dropped: also when the caller gives
/// up (its request was cancelled) while it waits.
pub(crate) struct Waiting(());

impl Waiting {
    pub(crate) fn start() -> Self {
        metrics::gauge!(WAITING).increment(1.0);
        Self(())
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        metrics::gauge!(WAITING).decrement(1.0);
    }
}
