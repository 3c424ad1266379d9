//! `GET /showtimes/watchlist`: "From your watchlist, in cinemas near you" — the films on
//! the user's watchlist that have shows in their area in the coming days, each with its
//! next show.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::domain::favorite::FavoriteList;
use crate::domain::paging::PageRequest;
use crate::domain::showtime::{Fetched, MatchedMovie, ScheduleDays, Show, NEXT_SHOWS_DAYS_DEFAULT};
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::MovieId;
use crate::use_cases::showtimes::Showtimes;
use crate::use_cases::showtimes_for_movie::{no_saved_area, optional_area};

/// Watchlist entries looked at: far more than anyone keeps on a watchlist.
const WATCHLIST_SCAN: i64 = 1000;

/// A watchlist film that is showing: its next show and how many shows it has in the
/// period.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WatchlistShowing {
    pub movie: MatchedMovie,
    pub next_show: Show,
    pub show_count: u32,
}

impl Showtimes {
    /// The user's watchlist films with shows in `area` (default: their saved area)
    /// within `days` days (default 7), soonest next show first.
    ///
    /// # Errors
    /// `Conflict` `area_required` when no area is given and none is saved (the request is
    /// fine; the account lacks the choice), `Invalid` `invalid_parameter`,
    /// `invalid_days`; `NotFound` `area_not_found`; `Upstream` `upstream_unavailable`
    /// when the feed fails and nothing is cached.
    pub async fn watchlist_showtimes(
        &self,
        user: &User,
        area: Option<&str>,
        days: Option<&str>,
    ) -> Result<Fetched<Vec<WatchlistShowing>>, Error> {
        let days = ScheduleDays::parse(days, NEXT_SHOWS_DAYS_DEFAULT, "days")?;
        let area = match optional_area(area)? {
            Some(area) => area,
            None => self
                .preferences
                .showtime_preferences(user.id)
                .await?
                .and_then(|p| p.area)
                .ok_or_else(no_saved_area)?,
        };
        let list = FavoriteList::Watchlist(user.id);
        let page = PageRequest {
            limit: WATCHLIST_SCAN,
            offset: 0,
        };
        let watchlist: HashSet<MovieId> = self
            .favorites
            .list_favorites(list, page)
            .await?
            .items
            .into_iter()
            .map(|f| f.movie_id)
            .collect();
        if watchlist.is_empty() {
            self.check_area(area).await?;
            return Ok(Fetched::fresh(Vec::new(), self.clock.now()));
        }
        let upcoming = self
            .upcoming(area, days, |id| watchlist.contains(&id))
            .await?;
        Ok(upcoming.map(|shows| {
            let mut by_movie: HashMap<MovieId, WatchlistShowing> = HashMap::new();
            // `shows` is sorted by start, so the first show seen is the next one.
            for enriched in shows {
                let Some(movie) = enriched.movie else {
                    continue;
                };
                by_movie
                    .entry(movie.id)
                    .and_modify(|w| w.show_count += 1)
                    .or_insert(WatchlistShowing {
                        movie,
                        next_show: enriched.show,
                        show_count: 1,
                    });
            }
            let mut showing: Vec<WatchlistShowing> = by_movie.into_values().collect();
            showing.sort_by(|a, b| {
                (a.next_show.start, a.movie.id).cmp(&(b.next_show.start, b.movie.id))
            });
            showing
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::favorite::{Favorite, FavoriteList};
    use crate::domain::paging::Paged;
    use crate::domain::showtime::{AreaId, EventId, ShowtimePreferences};
    use crate::ids::UserId;
    use crate::use_cases::showtimes::testing::*;
    use crate::use_cases::test_support::{now, user};

    fn watchlist(ports: &mut Ports, movies: &'static [i64]) {
        ports
            .favorites
            .expect_list_favorites()
            .returning(move |list, page| {
                assert_eq!(list, FavoriteList::Watchlist(UserId(2)));
                Ok(Paged {
                    items: movies
                        .iter()
                        .map(|m| Favorite {
                            id: *m,
                            list,
                            movie_id: MovieId(*m),
                            added_by: UserId(2),
                            original_title: String::new(),
                            release_year: None,
                            poster_path: None,
                            remembered_poster: None,
                            rating: None,
                            created_at: now(),
                        })
                        .collect(),
                    total: movies.len() as i64,
                    limit: page.limit,
                    offset: page.offset,
                })
            });
    }

    fn schedule_and_matches(ports: &mut Ports) {
        ports.feed.expect_schedule().returning(|q| {
            assert_eq!(q.area, AreaId(1021));
            Ok(Fetched::fresh(
                vec![
                    show(1, 300, "Dune", 5),
                    show(2, 301, "Barbie", 3),
                    show(3, 300, "Dune", 2),
                    show(4, 302, "Wicked", 1),
                    show(5, 303, "Unmatched", 1),
                ]
                .into(),
                now(),
            ))
        });
        ports.remember(|id| match id {
            300 => Some(summary(438631, "Dune", "2021-09-15")),
            301 => Some(summary(346698, "Barbie", "2023-07-19")),
            302 => Some(summary(402431, "Wicked", "2024-11-20")),
            _ => None,
        });
    }

    #[tokio::test]
    async fn watchlist_films_with_shows_come_with_their_next_show() {
        let mut ports = Ports::new().with_areas();
        watchlist(&mut ports, &[438631, 346698, 550]);
        schedule_and_matches(&mut ports);
        ports
            .preferences
            .expect_showtime_preferences()
            .returning(|_| {
                Ok(Some(ShowtimePreferences {
                    area: Some(AreaId(1021)),
                    ..ShowtimePreferences::default()
                }))
            });
        let aino = user(2, "aino", "pw");
        let answer = ports
            .build()
            .watchlist_showtimes(&aino, None, None)
            .await
            .unwrap();
        let got: Vec<(i64, i64, u32)> = answer
            .value
            .iter()
            .map(|w| (w.movie.id.0, w.next_show.id, w.show_count))
            .collect();
        assert_eq!(got, [(438631, 3, 2), (346698, 2, 1)]);
        assert_eq!(answer.value[0].next_show.event_id, EventId(300));
    }

    #[tokio::test]
    async fn without_a_given_or_saved_area_it_asks_for_one() {
        let mut ports = Ports::new();
        ports
            .preferences
            .expect_showtime_preferences()
            .returning(|_| Ok(None));
        let err = ports
            .build()
            .watchlist_showtimes(&user(2, "aino", "pw"), None, None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "area_required");
        assert!(matches!(err, Error::Conflict { .. }), "{err:?}");
    }

    #[tokio::test]
    async fn an_empty_watchlist_needs_no_schedule() {
        let mut ports = Ports::new().with_areas();
        watchlist(&mut ports, &[]);
        ports.feed.expect_schedule().never();
        let answer = ports
            .build()
            .watchlist_showtimes(&user(2, "aino", "pw"), Some("1021"), Some("7"))
            .await
            .unwrap();
        assert!(answer.value.is_empty());
    }
}
