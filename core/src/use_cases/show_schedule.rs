//! `GET /finnkino/schedule`: an area's shows from a date for one or more days, sorted by
//! start time, each with its catalog movie when one was matched.

use crate::domain::show_date::ShowDate;
use crate::domain::showtime::{
    area_and_date_required, parse_positive_id, EnrichedShow, EventId, Fetched, ScheduleDays,
    ScheduleQuery, Show,
};
use crate::error::Error;
use crate::use_cases::showtimes::Showtimes;

/// The parameters of a schedule query, as text (the API passes them on verbatim).
#[derive(Debug, Clone, Copy, Default)]
pub struct ScheduleRequest<'a> {
    pub area: Option<&'a str>,
    /// `dd.mm.yyyy`.
    pub date: Option<&'a str>,
    pub event: Option<&'a str>,
    /// 1..=14, default 1.
    pub days: Option<&'a str>,
}

fn given(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|r| !r.is_empty())
}

/// Public shows only (private bookings out), in listing order ([`sort_listing`]).
pub(crate) fn listing(shows: &[Show]) -> Vec<&Show> {
    let mut public: Vec<&Show> = shows.iter().filter(|s| !s.is_private_booking()).collect();
    sort_listing(&mut public, |show| show);
    public
}

/// `items` by their show's start time; equal starts by theatre, auditorium and id so that
/// the order is stable.
pub(crate) fn sort_listing<T>(items: &mut [T], show_of: impl Fn(&T) -> &Show) {
    items.sort_by(|a, b| {
        let (a, b) = (show_of(a), show_of(b));
        (a.start, &a.theatre, &a.auditorium, a.id).cmp(&(b.start, &b.theatre, &b.auditorium, b.id))
    });
}

impl Showtimes {
    /// The schedule of PRODUCT-SPEC's Showtimes page.
    ///
    /// # Errors
    /// `Invalid`: `area_and_date_required` "Please select both area and date" when the
    /// area or the date is missing (or the area is the placeholder), `invalid_date` "Date
    /// must be in dd.mm.yyyy format", `invalid_days` outside 1..=14, `invalid_parameter`
    /// for a non-numeric area or event; `NotFound` `area_not_found`; `Upstream`
    /// `upstream_unavailable` when the feed fails and nothing is cached.
    pub async fn show_schedule(
        &self,
        request: ScheduleRequest<'_>,
    ) -> Result<Fetched<Vec<EnrichedShow>>, Error> {
        let Some(raw_date) = given(request.date) else {
            return Err(area_and_date_required(if given(request.area).is_none() {
                "area"
            } else {
                "dt"
            }));
        };
        let area = Self::required_area(request.area)?;
        let date = ShowDate::parse(raw_date)?;
        let days = ScheduleDays::parse(request.days, 1, "nrOfDays")?;
        let event = given(request.event)
            .map(|raw| parse_positive_id(raw, "eventID").map(EventId))
            .transpose()?;
        let query = ScheduleQuery {
            area,
            date,
            days,
            event,
        };
        // Side by side: a cold cache waits for the slower of the two, not for both.
        let (known, fetched) = futures::join!(self.check_area(area), self.feed.schedule(&query));
        known?;
        let fetched = fetched?;
        let mut shows = listing(&fetched.value);
        if let Some(event) = event {
            shows.retain(|s| s.event_id == event);
        }
        let enriched = self.enrich_shows(shows).await;
        Ok(Fetched {
            value: enriched,
            fetched_at: fetched.fetched_at,
            stale: fetched.stale,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::showtime::{feed_unavailable, AreaId};
    use crate::use_cases::showtimes::testing::*;
    use crate::use_cases::test_support::now;

    fn request<'a>(area: Option<&'a str>, date: Option<&'a str>) -> ScheduleRequest<'a> {
        ScheduleRequest {
            area,
            date,
            ..ScheduleRequest::default()
        }
    }

    fn no_enrichment(ports: &mut Ports) {
        ports.remember(|_| None);
    }

    #[tokio::test]
    async fn inputs_are_checked_before_the_feed_is_asked() {
        let cases = [
            (None, None, "area_and_date_required", "area"),
            (Some("1002"), None, "area_and_date_required", "dt"),
            (None, Some("24.11.2026"), "area_and_date_required", "area"),
            (
                Some(" "),
                Some("24.11.2026"),
                "area_and_date_required",
                "area",
            ),
            (
                Some("1029"),
                Some("24.11.2026"),
                "area_and_date_required",
                "area",
            ),
            (Some("1002"), Some("2026-11-24"), "invalid_date", "dt"),
            (Some("1002"), Some("31.02.2026"), "invalid_date", "dt"),
            (
                Some("Helsinki"),
                Some("24.11.2026"),
                "invalid_parameter",
                "area",
            ),
        ];
        for (area, date, code, field) in cases {
            let err = Ports::new()
                .build()
                .show_schedule(request(area, date))
                .await
                .unwrap_err();
            assert_eq!(err.code(), code, "{area:?} {date:?}");
            assert!(
                matches!(&err, Error::Invalid { field: f, .. } if f == field),
                "{area:?} {date:?}: {err:?}"
            );
        }
        let err = Ports::new()
            .build()
            .show_schedule(ScheduleRequest {
                days: Some("15"),
                ..request(Some("1002"), Some("24.11.2026"))
            })
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_days");
        let err = Ports::new()
            .build()
            .show_schedule(request(Some("1002"), Some("2026-11-24")))
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), "Date must be in dd.mm.yyyy format");
    }

    #[tokio::test]
    async fn an_unknown_area_is_not_found() {
        let mut ports = Ports::new().with_areas();
        // Asked side by side with the areas; its answer does not matter.
        ports.feed.expect_schedule().returning(|_| {
            Ok(crate::domain::showtime::Fetched::fresh(
                Vec::new().into(),
                now(),
            ))
        });
        let err = ports
            .build()
            .show_schedule(request(Some("4242"), Some("24.11.2026")))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "area_not_found");
    }

    #[tokio::test]
    async fn shows_come_sorted_without_private_bookings() {
        let mut ports = Ports::new().with_areas();
        no_enrichment(&mut ports);
        ports
            .feed
            .expect_schedule()
            .withf(|q| {
                q.area == AreaId(1002) && q.date.format() == "24.11.2026" && q.days.get() == 3
            })
            .returning(|_| {
                let mut private = show(4, 9, "Oma näytös", 0);
                private.genres = vec!["Oma näytös".into()];
                Ok(crate::domain::showtime::Fetched {
                    value: vec![show(1, 1, "Late", 5), private, show(2, 2, "Early", 1)].into(),
                    fetched_at: now(),
                    stale: true,
                })
            });
        let answer = ports
            .build()
            .show_schedule(ScheduleRequest {
                days: Some("3"),
                ..request(Some("1002"), Some("24.11.2026"))
            })
            .await
            .unwrap();
        let titles: Vec<&str> = answer.value.iter().map(|s| s.show.title.as_str()).collect();
        assert_eq!(titles, ["Early", "Late"]);
        assert!(answer.stale);
        assert_eq!(answer.fetched_at, now());
    }

    #[tokio::test]
    async fn a_failing_feed_is_the_upstream_error_and_areas_are_not_required() {
        let mut ports = Ports::new();
        ports
            .feed
            .expect_areas()
            .returning(|| Err(feed_unavailable()));
        ports
            .feed
            .expect_schedule()
            .returning(|_| Err(feed_unavailable()));
        let err = ports
            .build()
            .show_schedule(request(Some("1002"), Some("24.11.2026")))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "upstream_unavailable");
    }
}
