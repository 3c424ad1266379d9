//! The showtimes use cases share one struct holding their ports. Each action lives in its
//! own file as an `impl Showtimes` block: `list_theatre_areas`, `show_schedule`,
//! `list_events`, `in_theaters`, `showtimes_for_movie`, `watchlist_showtimes`,
//! `showtime_preferences`; `enrich_shows` attaches catalog movies to feed events.

use std::sync::Arc;

use crate::domain::showtime::{
    area_and_date_required, area_not_found, parse_positive_id, AreaId, PLACEHOLDER_AREA,
};
use crate::error::Error;
use crate::ports::{
    Clock, FavoriteStore, MovieCatalog, ShowtimeCache, ShowtimeFeed, ShowtimePreferenceStore,
};

/// Catalog lookups running at once while enriching a schedule: enough to enrich a cold
/// day's ~40 events in a few round trips, few enough to stay polite to the catalog.
pub const ENRICH_CONCURRENCY: usize = 8;

/// Showtimes: theatre areas, schedules, events, what is in cinemas, a film's and a
/// watchlist's next shows, and each user's showtime preferences. Cheap to share: wrap it
/// in an `Arc`.
pub struct Showtimes {
    pub(crate) feed: Arc<dyn ShowtimeFeed>,
    pub(crate) cache: Arc<dyn ShowtimeCache>,
    pub(crate) catalog: Arc<dyn MovieCatalog>,
    pub(crate) favorites: Arc<dyn FavoriteStore>,
    pub(crate) preferences: Arc<dyn ShowtimePreferenceStore>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) concurrency: usize,
}

/// The ports [`Showtimes`] drives.
pub struct ShowtimePorts {
    pub feed: Arc<dyn ShowtimeFeed>,
    pub cache: Arc<dyn ShowtimeCache>,
    pub catalog: Arc<dyn MovieCatalog>,
    pub favorites: Arc<dyn FavoriteStore>,
    pub preferences: Arc<dyn ShowtimePreferenceStore>,
    pub clock: Arc<dyn Clock>,
}

impl Showtimes {
    pub fn new(ports: ShowtimePorts) -> Self {
        Self {
            feed: ports.feed,
            cache: ports.cache,
            catalog: ports.catalog,
            favorites: ports.favorites,
            preferences: ports.preferences,
            clock: ports.clock,
            concurrency: ENRICH_CONCURRENCY,
        }
    }

    /// How the feed's source (Finnkino, or the offline demo) is doing.
    pub fn source_health(&self) -> crate::domain::source::SourceHealth {
        self.feed.health()
    }

    /// Parses an `area` parameter that must be given: absent, blank or the placeholder
    /// area is "no area chosen".
    ///
    /// # Errors
    /// `Invalid` `area_and_date_required` when missing; `invalid_parameter` when not a
    /// positive number.
    pub(crate) fn required_area(raw: Option<&str>) -> Result<AreaId, Error> {
        let raw = raw.map(str::trim).filter(|a| !a.is_empty());
        let Some(raw) = raw else {
            return Err(area_and_date_required("area"));
        };
        let area = AreaId(parse_positive_id(raw, "area")?);
        if area == PLACEHOLDER_AREA {
            return Err(area_and_date_required("area"));
        }
        Ok(area)
    }

    /// 404 for an area the feed does not list. When the area list itself cannot be had
    /// (the feed is down and nothing is cached), the area is given the benefit of the
    /// doubt: the schedule call that follows answers for the feed.
    ///
    /// # Errors
    /// `NotFound` `area_not_found`.
    pub(crate) async fn check_area(&self, area: AreaId) -> Result<(), Error> {
        match self.feed.areas().await {
            Ok(areas) if !areas.value.iter().any(|a| a.id == area) => Err(area_not_found()),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Mocked ports and sample data for the showtimes use-case tests.

    use std::sync::Arc;

    use chrono::{DateTime, Duration, Utc};

    use crate::domain::movie::MovieSummary;
    use crate::domain::showtime::{
        AgeRating, Area, AreaId, EventId, EventMatch, Fetched, Images, Language, MatchedMovie,
        PresentationMethod, Show, ShowRating,
    };
    use crate::ids::MovieId;
    use crate::ports::clock::MockClock;
    use crate::ports::favorite_store::MockFavoriteStore;
    use crate::ports::movie_catalog::MockMovieCatalog;
    use crate::ports::showtime_cache::MockShowtimeCache;
    use crate::ports::showtime_feed::MockShowtimeFeed;
    use crate::ports::showtime_preferences::MockShowtimePreferenceStore;
    use crate::use_cases::test_support::now;

    use super::{ShowtimePorts, Showtimes};

    pub struct Ports {
        pub feed: MockShowtimeFeed,
        pub cache: MockShowtimeCache,
        pub catalog: MockMovieCatalog,
        pub favorites: MockFavoriteStore,
        pub preferences: MockShowtimePreferenceStore,
    }

    impl Ports {
        pub fn new() -> Self {
            Self {
                feed: MockShowtimeFeed::new(),
                cache: MockShowtimeCache::new(),
                catalog: MockMovieCatalog::new(),
                favorites: MockFavoriteStore::new(),
                preferences: MockShowtimePreferenceStore::new(),
            }
        }

        /// The feed lists Helsinki (1002), Tampere (1021) and the placeholder.
        pub fn with_areas(mut self) -> Self {
            self.feed.expect_areas().returning(|| {
                Ok(Fetched::fresh(
                    vec![
                        area(1029, "Valitse alue/teatteri"),
                        area(1002, "Helsinki"),
                        area(1021, "Tampere"),
                    ],
                    now(),
                ))
            });
            self
        }

        /// The store remembers every event it is asked about, checked now: matched to
        /// the movie `movie_of` gives for its id, or a miss.
        pub fn remember(&mut self, movie_of: fn(i64) -> Option<MovieSummary>) {
            self.cache
                .expect_find_event_matches()
                .returning(move |ids| {
                    Ok(ids
                        .iter()
                        .map(|id| {
                            let movie = movie_of(id.0);
                            EventMatch {
                                event_id: *id,
                                confidence: if movie.is_some() { 1.0 } else { 0.0 },
                                movie: movie.as_ref().map(MatchedMovie::from),
                                checked_at: now(),
                            }
                        })
                        .collect())
                });
        }

        pub fn build(self) -> Showtimes {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            Showtimes::new(ShowtimePorts {
                feed: Arc::new(self.feed),
                cache: Arc::new(self.cache),
                catalog: Arc::new(self.catalog),
                favorites: Arc::new(self.favorites),
                preferences: Arc::new(self.preferences),
                clock: Arc::new(clock),
            })
        }
    }

    pub fn area(id: i64, name: &str) -> Area {
        Area {
            id: AreaId(id),
            name: name.into(),
        }
    }

    /// A show of `event` starting `hours` after the fixed test time.
    pub fn show(id: i64, event: i64, title: &str, hours: i64) -> Show {
        let start: DateTime<Utc> = now() + Duration::hours(hours);
        Show {
            id,
            event_id: EventId(event),
            title: title.into(),
            original_title: title.into(),
            production_year: Some(2021),
            length_minutes: Some(120),
            rating: ShowRating::same(AgeRating::K12),
            genres: vec!["Draama".into()],
            theatre_id: 1038,
            theatre: "Tennispalatsi, Helsinki".into(),
            auditorium: "sali 1".into(),
            start,
            end: start + Duration::minutes(130),
            presentation: PresentationMethod::TwoD,
            spoken_language: Some(Language {
                code: "EN".into(),
                name: "englanti".into(),
            }),
            subtitles: vec![],
            event_series: None,
            images: Images::default(),
            ticket_url: None,
            event_url: None,
        }
    }

    pub fn summary(id: i64, title: &str, date: &str) -> MovieSummary {
        MovieSummary {
            id: MovieId(id),
            title: title.into(),
            original_title: title.into(),
            release_date: date.into(),
            overview: format!("About {title}."),
            poster_path: Some(format!("https://img.example/{id}.jpg")),
            vote_average: 7.5,
            genre_ids: vec![18],
        }
    }
}
