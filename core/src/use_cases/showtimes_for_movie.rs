//! `GET /movies/{tmdbId}/showtimes`: one film's next shows in an area (the Movie page's
//! "In cinemas").

use crate::domain::show_date::ShowDate;
use crate::domain::showtime::{
    helsinki, parse_positive_id, AreaId, EnrichedShow, Fetched, MatchedMovie, ScheduleDays,
    ScheduleQuery, Show, NEXT_SHOWS_DAYS_DEFAULT, PLACEHOLDER_AREA,
};
use crate::error::{Error, ErrorCode};
use crate::ids::MovieId;
use crate::use_cases::show_schedule::sort_listing;
use crate::use_cases::showtimes::Showtimes;

/// "Please select a theatre area." for a call that needs one.
pub(crate) fn area_required() -> Error {
    Error::invalid(
        "area",
        ErrorCode::AreaRequired,
        "Please select a theatre area.",
    )
}

/// "Please select a theatre area." for a call that falls back on the saved area when
/// the user has saved none: a conflict with the account's state, not a bad request.
pub(crate) fn no_saved_area() -> Error {
    Error::conflict(ErrorCode::AreaRequired, "Please select a theatre area.")
}

/// Parses an optional `area` parameter; blank or the placeholder is none.
pub(crate) fn optional_area(raw: Option<&str>) -> Result<Option<AreaId>, Error> {
    Ok(raw
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|raw| parse_positive_id(raw, "area").map(AreaId))
        .transpose()?
        .filter(|a| *a != PLACEHOLDER_AREA))
}

impl Showtimes {
    /// The area's shows that have not started yet, from today (in Helsinki) for `days`
    /// days, sorted by start, with their movies: only the shows of movies `wanted` keeps.
    /// Movies are matched once per event, and only the kept shows are built: a week of an
    /// area holds a thousand shows or more, and its callers want one film's or a watchlist's.
    pub(crate) async fn upcoming(
        &self,
        area: AreaId,
        days: ScheduleDays,
        wanted: impl Fn(MovieId) -> bool,
    ) -> Result<Fetched<Vec<EnrichedShow>>, Error> {
        let now = self.clock.now();
        let query = ScheduleQuery {
            area,
            date: ShowDate::try_from(helsinki::today(now))?,
            days,
            event: None,
        };
        let (known, fetched) = futures::join!(self.check_area(area), self.feed.schedule(&query));
        known?;
        let Fetched {
            value,
            fetched_at,
            stale,
        } = fetched?;
        let to_come: Vec<&Show> = value
            .iter()
            .filter(|s| s.start >= now && !s.is_private_booking())
            .collect();
        let movies = self.movies_of(&to_come).await;
        // Sorted once kept: a film's or a watchlist's shows are a few of the week's.
        let mut kept: Vec<(&Show, &MatchedMovie)> = to_come
            .into_iter()
            .filter_map(|show| Some((show, movies.get(&show.event_id).filter(|m| wanted(m.id))?)))
            .collect();
        sort_listing(&mut kept, |(show, _)| show);
        let value = kept
            .into_iter()
            .map(|(show, movie)| EnrichedShow {
                movie: Some(movie.clone()),
                show: show.clone(),
            })
            .collect();
        Ok(Fetched {
            value,
            fetched_at,
            stale,
        })
    }

    /// The next shows of catalog movie `movie` in `area` within `days` days (default 7).
    ///
    /// # Errors
    /// `Invalid` `area_required` without an area, `invalid_parameter`, `invalid_days`
    /// outside 1..=14; `NotFound` `area_not_found`; `Upstream` `upstream_unavailable`
    /// when the feed fails and nothing is cached.
    pub async fn showtimes_for_movie(
        &self,
        movie: MovieId,
        area: Option<&str>,
        days: Option<&str>,
    ) -> Result<Fetched<Vec<EnrichedShow>>, Error> {
        let area = optional_area(area)?.ok_or_else(area_required)?;
        let days = ScheduleDays::parse(days, NEXT_SHOWS_DAYS_DEFAULT, "days")?;
        self.upcoming(area, days, |id| id == movie).await
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::use_cases::showtimes::testing::*;
    use crate::use_cases::test_support::now;

    #[tokio::test]
    async fn only_the_films_shows_still_to_come_are_listed() {
        let mut ports = Ports::new().with_areas();
        ports
            .feed
            .expect_schedule()
            .withf(|q| {
                q.date.date() == NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()
                    && q.days.get() == 7
                    && q.event.is_none()
            })
            .returning(|_| {
                Ok(Fetched::fresh(
                    vec![
                        show(1, 300, "Dune", -1),
                        show(2, 300, "Dune", 30),
                        show(3, 301, "Barbie", 2),
                        show(4, 300, "Dune", 4),
                    ]
                    .into(),
                    now(),
                ))
            });
        ports.remember(|id| {
            Some(summary(
                if id == 300 { 438631 } else { 346698 },
                "Film",
                "2021-01-01",
            ))
        });
        let answer = ports
            .build()
            .showtimes_for_movie(MovieId(438631), Some("1002"), None)
            .await
            .unwrap();
        let ids: Vec<i64> = answer.value.iter().map(|s| s.show.id).collect();
        assert_eq!(ids, [4, 2]);
    }

    #[tokio::test]
    async fn an_area_is_required() {
        for area in [None, Some(""), Some("1029")] {
            let err = Ports::new()
                .build()
                .showtimes_for_movie(MovieId(1), area, None)
                .await
                .unwrap_err();
            assert_eq!(err.code(), "area_required", "{area:?}");
        }
        let err = Ports::new()
            .build()
            .showtimes_for_movie(MovieId(1), Some("1002"), Some("0"))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "invalid_days");
    }
}
