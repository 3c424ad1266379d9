//! Attaching catalog movies to feed events (issue 9 §2): every event is looked up once
//! (the outcome is remembered in the store, match or miss), by original title and
//! production year and then by title, a few lookups at a time and without pauses; only
//! confident matches are attached. A catalog that fails costs the answer its posters,
//! never the schedule: what was found is kept, nothing is remembered for the rest, and
//! no further lookups start.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{DateTime, Utc};
use futures::stream::{self, StreamExt};

use crate::domain::movie::MovieSummary;
use crate::domain::showtime::matching::{best_candidate, lookup_titles, MATCH_THRESHOLD};
use crate::domain::showtime::{
    EnrichedEvent, EnrichedShow, Event, EventId, EventMatch, MatchedMovie, Show,
};
use crate::error::Error;
use crate::use_cases::showtimes::Showtimes;

/// What an event is looked up by.
#[derive(Debug, Clone)]
pub(crate) struct Wanted {
    pub event: EventId,
    pub original_title: String,
    pub title: String,
    pub year: Option<i32>,
}

impl From<&Show> for Wanted {
    fn from(show: &Show) -> Self {
        Self {
            event: show.event_id,
            original_title: show.original_title.clone(),
            title: show.title.clone(),
            year: show.production_year,
        }
    }
}

impl From<&Event> for Wanted {
    fn from(event: &Event) -> Self {
        Self {
            event: event.id,
            original_title: event.original_title.clone(),
            title: event.title.clone(),
            year: event.production_year,
        }
    }
}

impl Showtimes {
    /// `shows` with their movies.
    pub(crate) async fn enrich_shows(&self, shows: Vec<&Show>) -> Vec<EnrichedShow> {
        let movies = self.movies_of(&shows).await;
        shows
            .into_iter()
            .map(|show| EnrichedShow {
                movie: movies.get(&show.event_id).cloned(),
                show: show.clone(),
            })
            .collect()
    }

    /// The movie of each event among `shows`: a week of an area repeats each film's event
    /// in hundreds of shows, and each event is matched once.
    pub(crate) async fn movies_of(&self, shows: &[&Show]) -> HashMap<EventId, MatchedMovie> {
        let mut events: HashMap<EventId, Wanted> = HashMap::new();
        for show in shows {
            events
                .entry(show.event_id)
                .or_insert_with(|| Wanted::from(*show));
        }
        self.movies_for(events.into_values().collect()).await
    }

    /// `events` with their movies.
    pub(crate) async fn enrich_events(&self, events: Vec<Event>) -> Vec<EnrichedEvent> {
        let movies = self
            .movies_for(events.iter().map(Wanted::from).collect())
            .await;
        events
            .into_iter()
            .map(|event| EnrichedEvent {
                movie: movies.get(&event.id).cloned(),
                event,
            })
            .collect()
    }

    /// The movie of each of `wanted`'s events that has a confident match: remembered
    /// outcomes first (one store read), then lookups for the events never looked up or
    /// due for another look.
    pub(crate) async fn movies_for(&self, wanted: Vec<Wanted>) -> HashMap<EventId, MatchedMovie> {
        let mut distinct: HashMap<EventId, Wanted> = HashMap::new();
        for w in wanted {
            distinct.entry(w.event).or_insert(w);
        }
        if distinct.is_empty() {
            return HashMap::new();
        }
        let ids: Vec<EventId> = distinct.keys().copied().collect();
        // An unreadable store only costs lookups; the schedule is still answered.
        let remembered = self
            .cache
            .find_event_matches(&ids)
            .await
            .unwrap_or_default();
        let mut known: HashMap<EventId, EventMatch> =
            remembered.into_iter().map(|m| (m.event_id, m)).collect();
        let now = self.clock.now();
        let mut due: Vec<&Wanted> = distinct
            .values()
            .filter(|w| known.get(&w.event).is_none_or(|m| m.is_due(now)))
            .collect();
        due.sort_by_key(|w| w.event);

        let catalog_down = AtomicBool::new(false);
        // Futures do nothing until polled: at most `concurrency` of them run at once.
        let lookups: Vec<_> = due
            .into_iter()
            .map(|w| self.look_up(w, now, &catalog_down))
            .collect();
        let looked_up: Vec<EventMatch> = stream::iter(lookups)
            .buffer_unordered(self.concurrency.max(1))
            .collect::<Vec<Option<EventMatch>>>()
            .await
            .into_iter()
            .flatten()
            .collect();
        if !looked_up.is_empty() {
            // Failing to remember only means looking up again next time.
            let _ = self.cache.save_event_matches(&looked_up).await;
        }
        for found in looked_up {
            known.insert(found.event_id, found);
        }
        known
            .into_iter()
            .filter(|(id, _)| distinct.contains_key(id))
            .filter_map(|(id, m)| m.movie.map(|movie| (id, movie)))
            .collect()
    }

    /// One event's lookup; `None` when the catalog failed (nothing to remember).
    async fn look_up(
        &self,
        wanted: &Wanted,
        now: DateTime<Utc>,
        catalog_down: &AtomicBool,
    ) -> Option<EventMatch> {
        if catalog_down.load(Ordering::Relaxed) {
            return None;
        }
        // A year the catalog would refuse (0, 9999) is no year.
        let year = wanted.year.filter(|y| (1870..=2100).contains(y));
        let mut best: Option<(MovieSummary, f64)> = None;
        for title in lookup_titles(&wanted.original_title, &wanted.title) {
            match self.catalog.best_match(&title, year, None).await {
                Ok(candidates) => {
                    if let Some((movie, score)) = best_candidate(&candidates, &title, year) {
                        if best.as_ref().is_none_or(|(_, top)| score > *top) {
                            best = Some((movie, score));
                        }
                    }
                }
                Err(Error::Invalid { .. }) => continue,
                Err(_) => {
                    catalog_down.store(true, Ordering::Relaxed);
                    return None;
                }
            }
            if best
                .as_ref()
                .is_some_and(|(_, score)| *score >= MATCH_THRESHOLD)
            {
                break;
            }
        }
        let confidence = best.as_ref().map_or(0.0, |(_, score)| *score);
        Some(EventMatch {
            event_id: wanted.event,
            movie: best
                .filter(|(_, score)| *score >= MATCH_THRESHOLD)
                .map(|(movie, _)| MatchedMovie::from(&movie)),
            confidence,
            checked_at: now,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use chrono::Duration;

    use super::*;
    use crate::domain::showtime::EventMatch;
    use crate::error::ErrorCode;
    use crate::ids::MovieId;
    use crate::use_cases::showtimes::testing::*;
    use crate::use_cases::test_support::now;

    type Saved = Arc<Mutex<Vec<EventMatch>>>;

    fn remembers_nothing(ports: &mut Ports) -> Saved {
        let saved: Saved = Arc::default();
        ports
            .cache
            .expect_find_event_matches()
            .returning(|_| Ok(vec![]));
        let sink = saved.clone();
        ports.cache.expect_save_event_matches().returning(move |m| {
            sink.lock().unwrap().extend_from_slice(m);
            Ok(())
        });
        saved
    }

    #[tokio::test]
    async fn a_confident_match_is_attached_and_remembered() {
        let mut ports = Ports::new();
        let saved = remembers_nothing(&mut ports);
        ports
            .catalog
            .expect_best_match()
            .withf(|title, year, language| {
                title == "Dune" && *year == Some(2021) && language.is_none()
            })
            .times(1)
            .returning(|_, _, _| Ok(vec![summary(438631, "Dune", "2021-09-15")]));
        let shows = [show(1, 300, "Dune (2D)", 1), show(2, 300, "Dune", 3)];
        let enriched = ports.build().enrich_shows(shows.iter().collect()).await;
        assert_eq!(enriched.len(), 2);
        for e in &enriched {
            let movie = e.movie.as_ref().expect("matched");
            assert_eq!(movie.id, MovieId(438631));
            assert_eq!(
                movie.poster_path.as_deref(),
                Some("https://img.example/438631.jpg")
            );
            assert_eq!(movie.overview, "About Dune.");
        }
        let saved = saved.lock().unwrap();
        assert_eq!(saved.len(), 1, "one lookup per event");
        assert!((saved[0].confidence - 1.0).abs() < 1e-9);
    }

    #[tokio::test]
    async fn no_match_and_a_weak_match_are_remembered_but_not_attached() {
        let mut ports = Ports::new();
        let saved = remembers_nothing(&mut ports);
        ports.catalog.expect_best_match().returning(|title, _, _| {
            Ok(if title.starts_with("Dune") {
                // Only the 1984 film: the right title, the wrong decade.
                vec![summary(841, "Dune", "1984-12-14")]
            } else {
                vec![]
            })
        });
        let mut finnish = show(2, 301, "Tuntematon", 2);
        finnish.original_title = "Tuntematon".into();
        let enriched = ports
            .build()
            .enrich_shows(vec![&show(1, 300, "Dune", 1), &finnish])
            .await;
        assert!(enriched.iter().all(|e| e.movie.is_none()));
        let saved = saved.lock().unwrap();
        assert_eq!(saved.len(), 2);
        let weak = saved.iter().find(|m| m.event_id == EventId(300)).unwrap();
        assert!(weak.movie.is_none() && weak.confidence > 0.0 && weak.confidence < 0.75);
    }

    #[tokio::test]
    async fn the_title_is_tried_when_the_original_title_finds_nothing() {
        let mut ports = Ports::new();
        remembers_nothing(&mut ports);
        ports.catalog.expect_best_match().returning(|title, _, _| {
            Ok(if title == "Maija Mehiläinen" {
                vec![summary(9, "Maija Mehiläinen", "2021-08-06")]
            } else {
                vec![]
            })
        });
        let mut bee = show(1, 303608, "Maija Mehiläinen", 1);
        bee.original_title = "Maya the Bee 3: The Golden Orb".into();
        let enriched = ports.build().enrich_shows(vec![&bee]).await;
        assert_eq!(enriched[0].movie.as_ref().map(|m| m.id), Some(MovieId(9)));
    }

    #[tokio::test]
    async fn a_failing_catalog_leaves_shows_bare_and_remembers_nothing() {
        let mut ports = Ports::new();
        ports
            .cache
            .expect_find_event_matches()
            .returning(|_| Ok(vec![]));
        ports.cache.expect_save_event_matches().never();
        ports.catalog.expect_best_match().returning(|_, _, _| {
            Err(Error::Upstream {
                code: ErrorCode::UpstreamUnavailable,
                message: "down".into(),
                unavailable: true,
            })
        });
        let shows: Vec<Show> = (0..20).map(|i| show(i, 300 + i, "Film", 1)).collect();
        let enriched = ports.build().enrich_shows(shows.iter().collect()).await;
        assert_eq!(enriched.len(), 20);
        assert!(enriched.iter().all(|e| e.movie.is_none()));
    }

    #[tokio::test]
    async fn remembered_outcomes_make_no_catalog_call() {
        let mut ports = Ports::new();
        ports.cache.expect_find_event_matches().returning(|ids| {
            Ok(ids
                .iter()
                .map(|id| EventMatch {
                    event_id: *id,
                    movie: (id.0 == 300)
                        .then(|| MatchedMovie::from(&summary(438631, "Dune", "2021-09-15"))),
                    confidence: if id.0 == 300 { 1.0 } else { 0.0 },
                    checked_at: now() - Duration::days(1),
                })
                .collect())
        });
        ports.cache.expect_save_event_matches().never();
        ports.catalog.expect_best_match().never();
        let enriched = ports
            .build()
            .enrich_shows(vec![&show(1, 300, "Dune", 1), &show(2, 301, "Unknown", 2)])
            .await;
        assert_eq!(
            enriched[0].movie.as_ref().map(|m| m.id),
            Some(MovieId(438631))
        );
        assert!(enriched[1].movie.is_none());
    }

    #[tokio::test]
    async fn an_old_miss_is_looked_up_again() {
        let mut ports = Ports::new();
        ports.cache.expect_find_event_matches().returning(|ids| {
            Ok(vec![EventMatch {
                event_id: ids[0],
                movie: None,
                confidence: 0.0,
                checked_at: now() - Duration::days(4),
            }])
        });
        let saved: Saved = Arc::default();
        let sink = saved.clone();
        ports.cache.expect_save_event_matches().returning(move |m| {
            sink.lock().unwrap().extend_from_slice(m);
            Ok(())
        });
        ports
            .catalog
            .expect_best_match()
            .times(1)
            .returning(|_, _, _| Ok(vec![summary(7, "Film", "2021-01-01")]));
        let enriched = ports
            .build()
            .enrich_shows(vec![&show(1, 300, "Film", 1)])
            .await;
        assert_eq!(enriched[0].movie.as_ref().map(|m| m.id), Some(MovieId(7)));
        assert_eq!(saved.lock().unwrap()[0].checked_at, now());
    }
}
