//! The offline demo feed: the `ShowtimeFeed` port over generated, deterministic and
//! plausible schedules for every real area and any date, so that the app shows
//! showtimes with zero configuration. The films come from the server's own catalog (as
//! core `MovieDetails`), so shows enrich to real catalog ids; places, auditoriums,
//! languages, subtitles, formats and age ratings follow the real feed's habits. Shows
//! start between 10:00 and 23:30 Helsinki time.

pub mod films;
pub mod lazy;
pub mod places;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{Datelike, Duration, NaiveDate, NaiveTime, Timelike};
use leffaseura_core::domain::movie::{CatalogPage, MovieDetails};
use leffaseura_core::domain::showtime::{
    helsinki, AgeRating, Area, AreaId, Event, EventId, EventKind, EventList, Fetched, Language,
    PresentationMethod, ScheduleQuery, Show, ShowRating,
};
use leffaseura_core::ports::{Clock, MovieCatalog, ShowtimeFeed, SystemClock};
use leffaseura_core::Error;

use crate::lock;

pub use films::DemoFilm;
pub use lazy::LazyDemoFeed;
use places::Theatre;

/// Event ids of demo films: this plus the film's position (the feed's own ids are
/// around 300 000).
const EVENT_ID_BASE: i64 = 320_000;
/// Recent films always on screen.
const RECENT_ON_SCREEN: usize = 16;
/// Older films on screen each week (a different set every week).
const CLASSICS_ON_SCREEN: usize = 8;
/// Films announced as coming soon.
const COMING_SOON: usize = 8;
/// Catalog pages read when building the film list (20 films each).
const CATALOG_PAGES: u32 = 25;
/// The latest start of the day, Helsinki time.
const LAST_START: (u32, u32) = (23, 30);

fn fnv1a(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The demo feed. Cheap to clone.
#[derive(Clone)]
pub struct DemoFeed {
    films: Arc<Vec<DemoFilm>>,
    clock: Arc<dyn Clock>,
    /// Generated days by theatre and date. A day's shows depend on nothing else (the films
    /// are fixed for this feed), and generating them, hundreds of seeded strings, was most
    /// of a schedule request's CPU; Finnkino's answers are kept in memory the same way.
    days: Arc<Mutex<GeneratedDays>>,
    /// Answers by query, put together from the days once: a week of an area is a thousand
    /// shows or more, and a copy of them per request was most of a request's CPU.
    answers: Arc<Mutex<HashMap<ScheduleQuery, Arc<[Show]>>>>,
}

/// A theatre's shows of one date, by theatre id and date.
type GeneratedDays = HashMap<(i64, NaiveDate), Arc<Vec<Show>>>;

/// More generated days than a fortnight of every theatre: the memory is then dropped.
const REMEMBERED_DAYS: usize = 1024;

/// Answers kept whole: each copies its days' shows (up to a fortnight of an area, a few MB),
/// and the pages ask a handful of queries a day (an area's day, its next week); more, and
/// they are dropped.
const REMEMBERED_ANSWERS: usize = 64;

impl std::fmt::Debug for DemoFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DemoFeed")
            .field("films", &self.films.len())
            .finish_non_exhaustive()
    }
}

impl DemoFeed {
    /// A feed over these films (in a fixed order: event ids follow it).
    pub fn new(films: &[MovieDetails]) -> Self {
        Self {
            films: Arc::new(
                films
                    .iter()
                    .enumerate()
                    .map(|(i, m)| DemoFilm::from_details(i, m))
                    .collect(),
            ),
            clock: Arc::new(SystemClock),
            days: Arc::default(),
            answers: Arc::default(),
        }
    }

    /// A feed over the films `catalog` lists as popular on its first `pages` pages (20
    /// films each), in id order. Best effort: a page or a film the catalog cannot give
    /// is left out (and logged), so that the feed always starts.
    pub async fn from_catalog(catalog: &dyn MovieCatalog, pages: u32) -> Self {
        let mut ids = Vec::new();
        for number in 1..=pages.min(CATALOG_PAGES) {
            let page = match CatalogPage::new(Some(i64::from(number))) {
                Ok(page) => catalog.popular(page, None).await,
                Err(err) => Err(err),
            };
            match page {
                Ok(page) => {
                    ids.extend(page.results.iter().map(|m| m.id));
                    if page.page >= page.total_pages || page.results.is_empty() {
                        break;
                    }
                }
                Err(err) => {
                    tracing::warn!(error = %err, "demo showtimes: a catalog page failed");
                    break;
                }
            }
        }
        ids.sort();
        ids.dedup();
        let mut films = Vec::with_capacity(ids.len());
        for id in ids {
            match catalog.details(id, None).await {
                Ok(details) => films.push(details),
                Err(err) => tracing::warn!(%id, error = %err, "demo showtimes: a film failed"),
            }
        }
        Self::new(&films)
    }

    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    pub fn film_count(&self) -> usize {
        self.films.len()
    }

    /// The films on screen in the week of `date`: the most recent releases, and a
    /// weekly changing handful of older ones.
    pub fn on_screen(&self, date: NaiveDate) -> Vec<&DemoFilm> {
        let mut by_release: Vec<&DemoFilm> = self.films.iter().collect();
        by_release.sort_by(|a, b| {
            b.release_date
                .cmp(&a.release_date)
                .then(a.index.cmp(&b.index))
        });
        let split = RECENT_ON_SCREEN.min(by_release.len());
        let (recent, older) = by_release.split_at(split);
        let week = date.iso_week();
        let mut older: Vec<&DemoFilm> = older.to_vec();
        older
            .sort_by_cached_key(|f| fnv1a(&format!("{}-{}-{}", week.year(), week.week(), f.index)));
        let mut pool = recent.to_vec();
        pool.extend(older.into_iter().take(CLASSICS_ON_SCREEN));
        pool
    }

    fn coming_soon(&self, date: NaiveDate) -> Vec<&DemoFilm> {
        let on_screen: Vec<usize> = self.on_screen(date).iter().map(|f| f.index).collect();
        let week = date.iso_week();
        let mut rest: Vec<&DemoFilm> = self
            .films
            .iter()
            .filter(|f| !on_screen.contains(&f.index))
            .collect();
        rest.sort_by_cached_key(|f| {
            fnv1a(&format!("soon-{}-{}-{}", week.year(), week.week(), f.index))
        });
        rest.truncate(COMING_SOON);
        rest
    }

    fn event_of(film: &DemoFilm, release: Option<NaiveDate>) -> Event {
        let short = film
            .overview
            .split_inclusive(". ")
            .next()
            .unwrap_or("")
            .trim()
            .to_owned();
        Event {
            id: EventId(EVENT_ID_BASE + film.index as i64),
            title: film.finnish_title(),
            original_title: film.original_title.clone(),
            production_year: film.year,
            length_minutes: Some(film.runtime),
            release_date: release,
            rating: ShowRating::same(film.rating()),
            kind: EventKind::Movie,
            genres: film.genres(),
            short_synopsis: short,
            synopsis: film.overview.clone(),
            images: film.images(),
            event_url: None,
            trailer_url: film.trailer_url.clone(),
            directors: film.directors.clone(),
            cast: film.cast.clone(),
            distributor: None,
        }
    }

    /// [`Self::day_shows`], generated once per theatre and date.
    fn remembered_day(&self, theatre: &Theatre, date: NaiveDate) -> Arc<Vec<Show>> {
        let key = (theatre.id, date);
        if let Some(day) = lock(&self.days).get(&key) {
            return day.clone();
        }
        let day = Arc::new(Self::day_shows(theatre, date, &self.on_screen(date)));
        let mut days = lock(&self.days);
        if days.len() >= REMEMBERED_DAYS {
            days.clear();
        }
        days.insert(key, day.clone());
        day
    }

    /// One theatre's shows on one day.
    fn day_shows(theatre: &Theatre, date: NaiveDate, pool: &[&DemoFilm]) -> Vec<Show> {
        if pool.is_empty() {
            return Vec::new();
        }
        let spectacles: Vec<&DemoFilm> =
            pool.iter().copied().filter(|f| f.is_spectacle()).collect();
        let theatre_index = places::theatre_index(theatre) as i64;
        let day_number = i64::from(date.num_days_from_ce());
        let last_start = date.and_hms_opt(LAST_START.0, LAST_START.1, 0);
        let mut shows = Vec::new();
        for (hall_index, hall) in theatre.auditoriums.iter().enumerate() {
            let seed = |slot: usize, what: &str| {
                fnv1a(&format!("{}|{hall}|{date}|{slot}|{what}", theatre.id))
            };
            let opening = seed(0, "open") % 11;
            let mut start = date.and_time(NaiveTime::MIN)
                + Duration::minutes(600 + 15 * i64::try_from(opening).unwrap_or(0));
            for slot in 0..8usize {
                if last_start.is_some_and(|last| start > last) {
                    break;
                }
                let imax = hall.eq_ignore_ascii_case("IMAX");
                let candidates = if imax && !spectacles.is_empty() {
                    &spectacles
                } else {
                    pool
                };
                let pick = seed(slot, "film") as usize % candidates.len();
                let film = candidates[pick];
                let roll = seed(slot, "roll");
                let show = Self::show(ShowSpec {
                    film,
                    theatre,
                    hall,
                    id: day_number * 4096
                        + theatre_index * 128
                        + (hall_index as i64) * 8
                        + slot as i64,
                    start,
                    roll,
                });
                let next =
                    helsinki::to_local(show.end) + Duration::minutes(15 + 15 * (roll % 3) as i64);
                shows.push(show);
                // Round up to the next quarter hour.
                let over = i64::from(next.minute() % 15);
                start = next - Duration::seconds(i64::from(next.second()))
                    + Duration::minutes(if over == 0 { 0 } else { 15 - over });
            }
        }
        shows
    }

    fn show(spec: ShowSpec<'_>) -> Show {
        let ShowSpec {
            film,
            theatre,
            hall,
            id,
            start,
            roll,
        } = spec;
        let imax = hall.eq_ignore_ascii_case("IMAX");
        let three_d = film.is_spectacle()
            && (if imax {
                roll.is_multiple_of(2)
            } else {
                roll.is_multiple_of(4)
            });
        let presentation = match (imax, three_d) {
            (true, true) => PresentationMethod::Imax3D,
            (true, false) => PresentationMethod::Imax,
            (false, true) => PresentationMethod::ThreeD,
            (false, false) => PresentationMethod::TwoD,
        };
        let dubbed = film.is_family() && !roll.is_multiple_of(3);
        let (spoken, subtitles) = if dubbed {
            let dub = Language {
                code: "FI".into(),
                name: "dubattu suomeksi".into(),
            };
            (dub, Vec::new())
        } else {
            let mut subtitles = vec![Language {
                code: "FI".into(),
                name: "suomi".into(),
            }];
            if theatre.bilingual {
                subtitles.push(Language {
                    code: "SV".into(),
                    name: "ruotsi".into(),
                });
            }
            (film.language(), subtitles)
        };
        let film_rating = film.rating();
        let bar = matches!(hall, "Lounge" | "VIP-sali" | "LUXE 3" | "LUXE 4") && !dubbed;
        let (rating, event_series) = if bar {
            (
                ShowRating {
                    admission: AgeRating::K18,
                    film: film_rating,
                },
                Some("K18 - Anniskelua salissa".to_owned()),
            )
        } else {
            (ShowRating::same(film_rating), None)
        };
        let advertising = if roll.is_multiple_of(5) { 15 } else { 10 };
        let start_utc = helsinki::to_utc(start);
        Show {
            id,
            event_id: EventId(EVENT_ID_BASE + film.index as i64),
            title: film.finnish_title(),
            original_title: film.original_title.clone(),
            production_year: film.year,
            length_minutes: Some(film.runtime),
            rating,
            genres: film.genres(),
            theatre_id: theatre.id,
            theatre: theatre.name.to_owned(),
            auditorium: (*hall).to_owned(),
            start: start_utc,
            end: start_utc + Duration::minutes(i64::from(film.runtime) + advertising),
            presentation,
            spoken_language: Some(spoken),
            subtitles,
            event_series,
            images: film.images(),
            ticket_url: None,
            event_url: None,
        }
    }
}

struct ShowSpec<'a> {
    film: &'a DemoFilm,
    theatre: &'a Theatre,
    hall: &'a str,
    id: i64,
    start: chrono::NaiveDateTime,
    roll: u64,
}

#[async_trait]
impl ShowtimeFeed for DemoFeed {
    fn health(&self) -> leffaseura_core::domain::source::SourceHealth {
        leffaseura_core::domain::source::SourceHealth::Offline
    }

    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        Ok(Fetched::fresh(places::areas(), self.clock.now()))
    }

    async fn schedule(&self, query: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error> {
        let answered = lock(&self.answers).get(query).cloned();
        if let Some(shows) = answered {
            return Ok(Fetched::fresh(shows, self.clock.now()));
        }
        let mut shows = Vec::new();
        let mut date = query.date.date();
        for _ in 0..query.days.get() {
            for theatre in places::theatres_of(query.area) {
                shows.extend(self.remembered_day(theatre, date).iter().cloned());
            }
            let Some(next) = date.succ_opt() else { break };
            date = next;
        }
        if let Some(event) = query.event {
            shows.retain(|s| s.event_id == event);
        }
        let shows: Arc<[Show]> = shows.into();
        let mut answers = lock(&self.answers);
        if answers.len() >= REMEMBERED_ANSWERS {
            answers.clear();
        }
        answers.insert(*query, shows.clone());
        drop(answers);
        Ok(Fetched::fresh(shows, self.clock.now()))
    }

    async fn events(
        &self,
        list: EventList,
        area: Option<AreaId>,
    ) -> Result<Fetched<Vec<Event>>, Error> {
        let now = self.clock.now();
        if area.is_some_and(|a| places::theatres_of(a).is_empty()) {
            return Ok(Fetched::fresh(Vec::new(), now));
        }
        let today = helsinki::today(now);
        let events = match list {
            EventList::NowInTheatres => self
                .on_screen(today)
                .into_iter()
                .map(|f| {
                    Self::event_of(
                        f,
                        NaiveDate::parse_from_str(&f.release_date, "%Y-%m-%d").ok(),
                    )
                })
                .collect(),
            EventList::ComingSoon => {
                // Premieres are on Fridays: one a week from the next one.
                let days_to_friday =
                    (4 + 7 - i64::from(today.weekday().num_days_from_monday())) % 7;
                let first = today
                    + Duration::days(if days_to_friday == 0 {
                        7
                    } else {
                        days_to_friday
                    });
                self.coming_soon(today)
                    .into_iter()
                    .enumerate()
                    .map(|(i, f)| Self::event_of(f, Some(first + Duration::weeks(i as i64 / 2))))
                    .collect()
            }
        };
        Ok(Fetched::fresh(events, now))
    }
}
