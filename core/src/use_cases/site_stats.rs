//! The admin's `stats`: the site's numbers, read in one go.

use chrono::Duration;

use crate::domain::stats::SiteStats;
use crate::error::{Error, ErrorCode};
use crate::ports::{Clock, StatsStore};

/// How many top movies and groups `stats` shows at most.
pub const TOP_MAX: i64 = 50;

/// The site's numbers with the `top` (1..=50) movies and groups.
///
/// # Errors
/// `Invalid` `invalid_parameter` (field `top`) outside 1..=50; `Internal` when the store
/// fails.
pub async fn site_stats(
    store: &dyn StatsStore,
    clock: &dyn Clock,
    top: i64,
) -> Result<SiteStats, Error> {
    if !(1..=TOP_MAX).contains(&top) {
        return Err(Error::invalid(
            "top",
            ErrorCode::InvalidParameter,
            format!("top must be between 1 and {TOP_MAX}."),
        ));
    }
    let now = clock.now();
    Ok(store
        .site_stats(now, now - Duration::days(7), now - Duration::days(30), top)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::stats::SiteStats;
    use crate::ports::clock::MockClock;
    use crate::ports::stats_store::MockStatsStore;
    use crate::use_cases::test_support::now;

    #[tokio::test]
    async fn the_periods_end_now_and_top_is_bounded() {
        let mut store = MockStatsStore::new();
        store
            .expect_site_stats()
            .withf(|_, week, month, top| {
                *week == now() - Duration::days(7)
                    && *month == now() - Duration::days(30)
                    && *top == 5
            })
            .times(1)
            .returning(|_, _, _, _| Ok(SiteStats::default()));
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        site_stats(&store, &clock, 5).await.unwrap();
        for bad in [0, 51] {
            let err = site_stats(&store, &clock, bad).await.unwrap_err();
            assert_eq!(err.code(), "invalid_parameter");
        }
    }
}
