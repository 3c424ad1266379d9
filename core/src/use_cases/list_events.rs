//! `GET /finnkino/events`: the films and live events now in theatres or coming soon,
//! each with its catalog movie when one was matched.

use crate::domain::showtime::{
    parse_positive_id, AreaId, EnrichedEvent, EventList, Fetched, PLACEHOLDER_AREA,
};
use crate::error::Error;
use crate::use_cases::showtimes::Showtimes;

impl Showtimes {
    /// The events of `list_type` (`NowInTheatres`, the default, or `ComingSoon`), in the
    /// feed's order; in one area's theatres when `area` is given (the placeholder area
    /// means all).
    ///
    /// # Errors
    /// `Invalid` `invalid_list_type`, `invalid_parameter` (area); `NotFound`
    /// `area_not_found`; `Upstream` `upstream_unavailable` when the feed fails and
    /// nothing is cached.
    pub async fn list_events(
        &self,
        list_type: Option<&str>,
        area: Option<&str>,
    ) -> Result<Fetched<Vec<EnrichedEvent>>, Error> {
        let list = EventList::parse(list_type)?;
        let area = area
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(|raw| parse_positive_id(raw, "area").map(AreaId))
            .transpose()?
            .filter(|a| *a != PLACEHOLDER_AREA);
        if let Some(area) = area {
            self.check_area(area).await?;
        }
        let fetched = self.feed.events(list, area).await?;
        let enriched = self.enrich_events(fetched.value.clone()).await;
        Ok(Fetched {
            value: enriched,
            fetched_at: fetched.fetched_at,
            stale: fetched.stale,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::showtime::EventList;
    use crate::use_cases::showtimes::testing::*;

    #[tokio::test]
    async fn list_type_and_area_are_checked() {
        let err = Ports::new()
            .build()
            .list_events(Some("Soon"), None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_list_type");
        let err = Ports::new()
            .with_areas()
            .build()
            .list_events(None, Some("9999"))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "area_not_found");
    }

    #[tokio::test]
    async fn the_placeholder_area_means_every_area() {
        let mut ports = Ports::new();
        ports
            .feed
            .expect_events()
            .withf(|list, area| *list == EventList::ComingSoon && area.is_none())
            .returning(|_, _| {
                Ok(crate::domain::showtime::Fetched::fresh(
                    vec![],
                    crate::use_cases::test_support::now(),
                ))
            });
        let answer = ports
            .build()
            .list_events(Some("ComingSoon"), Some("1029"))
            .await
            .unwrap();
        assert!(answer.value.is_empty());
    }
}
