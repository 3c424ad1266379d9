//! The offline demo feed: the real area list, deterministic plausible schedules for any
//! area and date, built from the films it is given.

use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use leffaseura_core::domain::movie::{Genre, MovieDetails};
use leffaseura_core::domain::show_date::ShowDate;
use leffaseura_core::domain::showtime::{
    helsinki, AreaId, EventId, EventList, PresentationMethod, ScheduleDays, ScheduleQuery, Show,
};
use leffaseura_core::ports::{Clock, ShowtimeFeed};
use leffaseura_core::{ErrorCode, MovieId};
use leffaseura_finnkino::DemoFeed;

struct FixedClock;

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 24, 9, 0, 0)
            .single()
            .expect("valid")
    }
}

fn film(
    id: i64,
    title: &str,
    original: &str,
    date: &str,
    runtime: u32,
    genres: &[i64],
) -> MovieDetails {
    MovieDetails {
        id: MovieId(id),
        title: title.into(),
        original_title: original.into(),
        tagline: String::new(),
        overview: format!("{title} is a film. It has a second sentence."),
        release_date: date.into(),
        runtime: Some(runtime),
        genres: genres
            .iter()
            .map(|g| Genre {
                id: *g,
                name: String::new(),
            })
            .collect(),
        poster_path: Some(format!("/api/demo/poster/{id}.png")),
        backdrop_path: None,
        vote_average: 7.0,
        budget: None,
        revenue: None,
        trailer: None,
        cast: vec![],
        key_crew: vec![],
    }
}

fn films() -> Vec<MovieDetails> {
    vec![
        film(
            693134,
            "Dune: Part Two",
            "Dune: Part Two",
            "2024-02-27",
            167,
            &[878, 12],
        ),
        film(
            1022789,
            "Inside Out 2",
            "Inside Out 2",
            "2024-06-11",
            97,
            &[16, 10751],
        ),
        film(402431, "Wicked", "Wicked", "2024-11-20", 160, &[18, 14]),
        film(
            508883,
            "The Boy and the Heron",
            "君たちはどう生きるか",
            "2023-07-14",
            124,
            &[16, 14],
        ),
        film(840326, "Sisu", "Sisu", "2023-01-27", 91, &[28, 10752]),
        film(
            580175,
            "Another Round",
            "Druk",
            "2020-09-24",
            117,
            &[35, 18],
        ),
        film(550, "Fight Club", "Fight Club", "1999-10-15", 139, &[18]),
        film(
            603,
            "The Matrix",
            "The Matrix",
            "1999-03-31",
            136,
            &[28, 878],
        ),
    ]
}

fn feed() -> DemoFeed {
    DemoFeed::new(&films()).with_clock(Arc::new(FixedClock))
}

async fn day(area: i64, date: &str) -> Vec<Show> {
    feed()
        .schedule(&ScheduleQuery {
            area: AreaId(area),
            date: ShowDate::parse(date).expect("valid"),
            days: ScheduleDays::ONE,
            event: None,
        })
        .await
        .expect("valid")
        .value
        .to_vec()
}

#[tokio::test]
async fn the_real_areas_in_the_feeds_order() {
    let areas = feed().areas().await.expect("valid").value;
    assert!(areas[0].is_placeholder());
    for (id, name) in [
        (1002, "Helsinki"),
        (1021, "Tampere"),
        (1018, "Oulu: PLAZA"),
        (1014, "Pääkaupunkiseutu"),
        (1045, "Helsinki: ITIS"),
    ] {
        assert!(
            areas.iter().any(|a| a.id == AreaId(id) && a.name == name),
            "{id} {name}"
        );
    }
}

#[tokio::test]
async fn a_helsinki_day_looks_like_a_real_one() {
    let shows = day(1002, "24.11.2026").await;
    assert!((100..=260).contains(&shows.len()), "{}", shows.len());
    let theatres: HashSet<&str> = shows.iter().map(|s| s.theatre.as_str()).collect();
    assert_eq!(
        theatres,
        HashSet::from([
            "Kinopalatsi, Helsinki",
            "Tennispalatsi, Helsinki",
            "Maxim, Helsinki",
            "Itis, Helsinki"
        ])
    );
    let opening = NaiveTime::from_hms_opt(10, 0, 0).expect("valid");
    let closing = NaiveTime::from_hms_opt(23, 30, 0).expect("valid");
    for show in &shows {
        let local = helsinki::to_local(show.start);
        assert_eq!(
            local.date(),
            chrono::NaiveDate::from_ymd_opt(2026, 11, 24).expect("valid")
        );
        assert!(
            local.time() >= opening && local.time() <= closing,
            "{local}"
        );
        let minutes = (show.end - show.start).num_minutes();
        let length = i64::from(show.length_minutes.expect("valid"));
        assert!(
            minutes == length + 10 || minutes == length + 15,
            "{minutes} vs {length}"
        );
        assert!(show.spoken_language.is_some());
    }
    // No auditorium runs two shows at once.
    let mut by_hall: Vec<&Show> = shows.iter().collect();
    by_hall.sort_by_key(|s| (s.theatre.clone(), s.auditorium.clone(), s.start));
    for pair in by_hall.windows(2) {
        if pair[0].theatre == pair[1].theatre && pair[0].auditorium == pair[1].auditorium {
            assert!(
                pair[1].start >= pair[0].end,
                "{} {}",
                pair[0].id,
                pair[1].id
            );
        }
    }
    // Show ids are unique.
    let ids: HashSet<i64> = shows.iter().map(|s| s.id).collect();
    assert_eq!(ids.len(), shows.len());
    // The variety the filters need.
    assert!(shows.iter().any(Show::is_finnish_dub));
    assert!(shows.iter().any(Show::is_original_with_finnish_subtitles));
    assert!(shows.iter().any(|s| s.presentation.is_3d()));
    assert!(shows
        .iter()
        .filter(|s| s.auditorium == "IMAX")
        .all(|s| s.presentation.is_imax()));
    assert!(shows
        .iter()
        .any(|s| s.presentation == PresentationMethod::TwoD));
    assert!(shows.iter().any(|s| s.event_series.is_some()));
    // Dubbed shows carry the Finnish title and no subtitles; Japanese films speak Japanese.
    for show in shows.iter().filter(|s| s.is_finnish_dub()) {
        assert!(show.subtitles.is_empty());
    }
    let heron: Vec<&Show> = shows
        .iter()
        .filter(|s| s.original_title == "君たちはどう生きるか" && !s.is_finnish_dub())
        .collect();
    for show in heron {
        assert_eq!(show.spoken_language.as_ref().expect("valid").code, "JA");
        assert_eq!(show.title, "Poika ja haikara");
    }
}

#[tokio::test]
async fn schedules_are_deterministic_and_differ_by_day_and_area() {
    let monday = day(1002, "24.11.2026").await;
    assert_eq!(monday, day(1002, "24.11.2026").await);
    assert_ne!(monday, day(1002, "25.11.2026").await);
    let tampere = day(1021, "24.11.2026").await;
    assert!(!tampere.is_empty());
    assert!(tampere.iter().all(|s| s.theatre.ends_with("Tampere")));
    // Tampere is monolingual: Finnish subtitles only.
    assert!(tampere
        .iter()
        .all(|s| s.subtitles.iter().all(|l| l.code == "FI")));
    assert!(day(4242, "24.11.2026").await.is_empty());
    assert!(day(1029, "24.11.2026").await.is_empty());
    // Any date works, far past or future.
    assert!(!day(1018, "01.01.2030").await.is_empty());
}

#[tokio::test]
async fn several_days_and_one_event() {
    let feed = feed();
    let three = feed
        .schedule(&ScheduleQuery {
            area: AreaId(1033),
            date: ShowDate::parse("24.11.2026").expect("valid"),
            days: ScheduleDays::new(3, "nrOfDays").expect("valid"),
            event: None,
        })
        .await
        .expect("valid")
        .value;
    let days: HashSet<_> = three
        .iter()
        .map(|s| helsinki::to_local(s.start).date())
        .collect();
    assert_eq!(days.len(), 3);
    let event = three[0].event_id;
    let one = feed
        .schedule(&ScheduleQuery {
            area: AreaId(1033),
            date: ShowDate::parse("24.11.2026").expect("valid"),
            days: ScheduleDays::new(3, "nrOfDays").expect("valid"),
            event: Some(event),
        })
        .await
        .expect("valid")
        .value;
    assert!(!one.is_empty());
    assert!(one.iter().all(|s| s.event_id == event));
    assert_eq!(
        one.len(),
        three.iter().filter(|s| s.event_id == event).count()
    );
}

#[tokio::test]
async fn events_now_and_coming_are_the_films() {
    let feed = feed();
    let now = feed
        .events(EventList::NowInTheatres, None)
        .await
        .expect("valid")
        .value;
    assert_eq!(now.len(), films().len());
    let dune = now
        .iter()
        .find(|e| e.original_title == "Dune: Part Two")
        .expect("valid");
    assert_eq!(dune.production_year, Some(2024));
    assert_eq!(dune.length_minutes, Some(167));
    assert_eq!(
        dune.images.small.as_deref(),
        Some("/api/demo/poster/693134.png")
    );
    assert_eq!(dune.genres, ["Sci-fi", "Seikkailu"]);
    // Every film is on screen in this small catalog, so nothing is left to come.
    let soon = feed
        .events(EventList::ComingSoon, None)
        .await
        .expect("valid")
        .value;
    assert!(soon.is_empty());
    let ids: HashSet<EventId> = now.iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), now.len());
    assert!(feed
        .events(EventList::NowInTheatres, Some(AreaId(4242)))
        .await
        .expect("valid")
        .value
        .is_empty());
}

/// A catalog whose popular list and details are [`films`] (or that is down), counting
/// the calls.
#[derive(Default)]
struct CountingCatalog {
    calls: std::sync::atomic::AtomicUsize,
    down: std::sync::atomic::AtomicBool,
}

impl CountingCatalog {
    fn calls(&self) -> usize {
        self.calls.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn answer<T>(&self, value: impl FnOnce() -> T) -> Result<T, leffaseura_core::Error> {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if self.down.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(leffaseura_core::Error::Upstream {
                code: ErrorCode::UpstreamUnavailable,
                message: "down".into(),
                unavailable: true,
            });
        }
        Ok(value())
    }
}

mod catalog_impl {
    use async_trait::async_trait;
    use leffaseura_core::domain::language::Language;
    use leffaseura_core::domain::movie::{
        CatalogPage, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage, MovieSummary,
        SearchQuery,
    };
    use leffaseura_core::ports::MovieCatalog;
    use leffaseura_core::{Error, ErrorCode, MovieId};

    use super::{films, CountingCatalog};

    fn summary(m: &MovieDetails) -> MovieSummary {
        MovieSummary {
            id: m.id,
            title: m.title.clone(),
            original_title: m.original_title.clone(),
            release_date: m.release_date.clone(),
            overview: m.overview.clone(),
            poster_path: m.poster_path.clone(),
            vote_average: m.vote_average,
            genre_ids: vec![],
        }
    }

    #[async_trait]
    impl MovieCatalog for CountingCatalog {
        async fn search(
            &self,
            _: &SearchQuery,
            _: CatalogPage,
            _: Option<Language>,
        ) -> Result<MoviePage, Error> {
            unreachable!("the demo feed only lists and reads films")
        }
        async fn genres(&self, _: Option<Language>) -> Result<Vec<Genre>, Error> {
            unreachable!("the demo feed only lists and reads films")
        }
        async fn discover(
            &self,
            _: &GenreFilter,
            _: CatalogPage,
            _: DiscoverSort,
            _: Option<Language>,
        ) -> Result<MoviePage, Error> {
            unreachable!("the demo feed only lists and reads films")
        }
        async fn popular(
            &self,
            page: CatalogPage,
            _: Option<Language>,
        ) -> Result<MoviePage, Error> {
            self.answer(|| {
                let all: Vec<MovieSummary> = films().iter().map(summary).collect();
                let total = all.len() as u64;
                MoviePage::new(all, page.get(), 1, total)
            })
        }
        async fn details(&self, id: MovieId, _: Option<Language>) -> Result<MovieDetails, Error> {
            self.answer(|| films().into_iter().find(|f| f.id == id))?
                .ok_or_else(|| Error::not_found(ErrorCode::MovieNotFound, "Movie not found"))
        }
        async fn best_match(
            &self,
            _: &str,
            _: Option<i32>,
            _: Option<Language>,
        ) -> Result<Vec<MovieSummary>, Error> {
            unreachable!("the demo feed only lists and reads films")
        }
        async fn now_playing(
            &self,
            _: CatalogPage,
            _: Option<Language>,
        ) -> Result<MoviePage, Error> {
            unreachable!("the demo feed only lists and reads films")
        }
    }
}

/// A clock that can be moved forward.
struct MovableClock(std::sync::Mutex<DateTime<Utc>>);

impl Clock for MovableClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().expect("not poisoned")
    }
}

#[tokio::test]
async fn the_server_feed_reads_the_catalog_once_on_first_use_and_again_after_a_failure() {
    use leffaseura_finnkino::demo::lazy::RETRY_AFTER;
    use leffaseura_finnkino::LazyDemoFeed;

    let catalog = Arc::new(CountingCatalog::default());
    let clock = Arc::new(MovableClock(std::sync::Mutex::new(FixedClock.now())));
    let feed = LazyDemoFeed::new(catalog.clone(), 2).with_clock(clock.clone());
    let query = ScheduleQuery {
        area: AreaId(1002),
        date: ShowDate::parse("24.11.2026").expect("valid"),
        days: ScheduleDays::ONE,
        event: None,
    };
    // Built, not read: the areas need no film.
    assert!(!feed.areas().await.expect("valid").value.is_empty());
    assert_eq!(catalog.calls(), 0);

    // The catalog is down at first: empty schedules, and no new read for a while.
    catalog
        .down
        .store(true, std::sync::atomic::Ordering::SeqCst);
    assert!(feed.schedule(&query).await.expect("valid").value.is_empty());
    let after_failure = catalog.calls();
    assert_eq!(after_failure, 1, "one failed page, then no film reads");
    assert!(feed.schedule(&query).await.expect("valid").value.is_empty());
    assert_eq!(catalog.calls(), after_failure);

    // Later, with the catalog back: read once, then kept.
    catalog
        .down
        .store(false, std::sync::atomic::Ordering::SeqCst);
    *clock.0.lock().expect("not poisoned") += RETRY_AFTER;
    let day = feed.schedule(&query).await.expect("valid").value;
    assert!(day.len() >= 50, "{}", day.len());
    let read = catalog.calls();
    assert_eq!(read, after_failure + 1 + films().len());
    let events = feed
        .events(EventList::NowInTheatres, None)
        .await
        .expect("valid")
        .value;
    assert!(!events.is_empty());
    assert_eq!(feed.schedule(&query).await.expect("valid").value, day);
    assert_eq!(catalog.calls(), read);
}
