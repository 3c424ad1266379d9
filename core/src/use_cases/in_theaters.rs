//! `GET /tmdb/in-theaters`: the films in Finnish cinemas now — the feed's "now in
//! theatres" events matched to catalog movies (the homepage's "Currently in Theaters").

use std::collections::HashSet;

use crate::domain::constants::HOMEPAGE_MOVIES_MAX;
use crate::domain::movie::CatalogPage;
use crate::domain::showtime::{EventId, EventList, MatchedMovie};
use crate::error::Error;
use crate::ids::MovieId;
use crate::use_cases::showtimes::Showtimes;

/// A catalog movie in cinemas, with the feed event it was matched from (`None` when the
/// list came from the catalog's own "now playing" because the feed was unavailable).
#[derive(Debug, Clone, PartialEq)]
pub struct InTheater {
    pub movie: MatchedMovie,
    pub event: Option<EventId>,
}

/// Catalog pages read for the fallback list (20 films each).
const FALLBACK_PAGES: u32 = 5;

impl Showtimes {
    /// Up to 100 films now in theatres, in the feed's order, each once. When the feed
    /// cannot be read (and nothing is cached) or none of its events can be matched, the
    /// catalog's "now playing" list stands in.
    ///
    /// # Errors
    /// `Upstream` when neither the feed nor the catalog answers.
    pub async fn in_theaters(&self) -> Result<Vec<InTheater>, Error> {
        let limit = usize::try_from(HOMEPAGE_MOVIES_MAX).unwrap_or(100);
        let feed_error = match self.feed.events(EventList::NowInTheatres, None).await {
            Ok(fetched) => {
                let mut seen: HashSet<MovieId> = HashSet::new();
                let matched: Vec<InTheater> = self
                    .enrich_events(fetched.value)
                    .await
                    .into_iter()
                    .filter_map(|e| {
                        let movie = e.movie?;
                        seen.insert(movie.id).then_some(InTheater {
                            movie,
                            event: Some(e.event.id),
                        })
                    })
                    .take(limit)
                    .collect();
                if !matched.is_empty() {
                    return Ok(matched);
                }
                None
            }
            Err(err) => Some(err),
        };
        match self.now_playing(limit).await {
            Ok(list) => Ok(list),
            Err(catalog_error) => match feed_error {
                Some(err) => Err(err),
                // The feed answered but nothing matched: an honest empty list.
                None => {
                    let _ = catalog_error;
                    Ok(Vec::new())
                }
            },
        }
    }

    async fn now_playing(&self, limit: usize) -> Result<Vec<InTheater>, Error> {
        let mut seen: HashSet<MovieId> = HashSet::new();
        let mut list = Vec::new();
        for number in 1..=FALLBACK_PAGES {
            let page = CatalogPage::new(Some(i64::from(number)))?;
            let answer = self.catalog.now_playing(page, None).await?;
            let last = answer.page >= answer.total_pages || answer.results.is_empty();
            for movie in &answer.results {
                if list.len() < limit && seen.insert(movie.id) {
                    list.push(InTheater {
                        movie: MatchedMovie::from(movie),
                        event: None,
                    });
                }
            }
            if last || list.len() >= limit {
                break;
            }
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::movie::MoviePage;
    use crate::domain::showtime::{
        feed_unavailable, Event, EventKind, Fetched, Images, ShowRating,
    };
    use crate::error::ErrorCode;
    use crate::use_cases::showtimes::testing::*;
    use crate::use_cases::test_support::now;

    fn event(id: i64, title: &str) -> Event {
        Event {
            id: EventId(id),
            title: title.into(),
            original_title: title.into(),
            production_year: Some(2024),
            length_minutes: Some(100),
            release_date: None,
            rating: ShowRating::same(crate::domain::showtime::AgeRating::K12),
            kind: EventKind::Movie,
            genres: vec![],
            short_synopsis: String::new(),
            synopsis: String::new(),
            images: Images::default(),
            event_url: None,
            trailer_url: None,
            directors: vec![],
            cast: vec![],
            distributor: None,
        }
    }

    #[tokio::test]
    async fn matched_events_each_once_in_feed_order() {
        let mut ports = Ports::new();
        ports.feed.expect_events().returning(|_, _| {
            Ok(Fetched::fresh(
                vec![
                    event(3, "Wicked"),
                    event(1, "Dune"),
                    event(2, "Mystery"),
                    event(4, "Dune 3D"),
                ],
                now(),
            ))
        });
        ports.remember(|id| match id {
            1 | 4 => Some(summary(438631, "Dune", "2021-09-15")),
            3 => Some(summary(402431, "Wicked", "2024-11-20")),
            _ => None,
        });
        let list = ports.build().in_theaters().await.unwrap();
        let got: Vec<(i64, Option<i64>)> = list
            .iter()
            .map(|t| (t.movie.id.0, t.event.map(|e| e.0)))
            .collect();
        assert_eq!(got, [(402431, Some(3)), (438631, Some(1))]);
    }

    #[tokio::test]
    async fn the_catalogs_now_playing_stands_in_for_a_failing_feed() {
        let mut ports = Ports::new();
        ports
            .feed
            .expect_events()
            .returning(|_, _| Err(feed_unavailable()));
        ports
            .catalog
            .expect_now_playing()
            .times(1)
            .returning(|page, _| {
                Ok(MoviePage::new(
                    vec![summary(550, "Fight Club", "1999-10-15")],
                    page.get(),
                    1,
                    1,
                ))
            });
        let list = ports.build().in_theaters().await.unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].event, None);
    }

    #[tokio::test]
    async fn with_both_down_the_feeds_error_is_answered() {
        let mut ports = Ports::new();
        ports
            .feed
            .expect_events()
            .returning(|_, _| Err(feed_unavailable()));
        ports.catalog.expect_now_playing().returning(|_, _| {
            Err(Error::Upstream {
                code: ErrorCode::UpstreamUnavailable,
                message: "down".into(),
                unavailable: true,
            })
        });
        let err = ports.build().in_theaters().await.unwrap_err();
        assert_eq!(err.code(), "upstream_unavailable");
    }
}
