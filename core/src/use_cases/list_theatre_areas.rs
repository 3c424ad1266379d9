//! `GET /finnkino/theatres`: the theatre areas to choose from.

use crate::domain::showtime::{Area, Fetched};
use crate::error::Error;
use crate::use_cases::showtimes::Showtimes;

impl Showtimes {
    /// Every real theatre area in the feed's order: the placeholder "choose an area"
    /// entry is left out.
    ///
    /// # Errors
    /// `Upstream` `upstream_unavailable` when the feed fails and nothing is cached.
    pub async fn list_theatre_areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        let areas = self.feed.areas().await?;
        Ok(areas.map(|list| list.into_iter().filter(|a| !a.is_placeholder()).collect()))
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::showtime::feed_unavailable;
    use crate::domain::showtime::AreaId;
    use crate::use_cases::showtimes::testing::*;

    #[tokio::test]
    async fn the_placeholder_area_is_not_listed() {
        let areas = Ports::new()
            .with_areas()
            .build()
            .list_theatre_areas()
            .await
            .unwrap();
        let ids: Vec<AreaId> = areas.value.iter().map(|a| a.id).collect();
        assert_eq!(ids, vec![AreaId(1002), AreaId(1021)]);
        assert!(!areas.stale);
    }

    #[tokio::test]
    async fn a_failing_feed_is_the_upstream_error() {
        let mut ports = Ports::new();
        ports
            .feed
            .expect_areas()
            .returning(|| Err(feed_unavailable()));
        let err = ports.build().list_theatre_areas().await.unwrap_err();
        assert_eq!(err.code(), "upstream_unavailable");
    }
}
