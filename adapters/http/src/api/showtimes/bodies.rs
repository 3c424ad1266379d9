//! The answer bodies and request objects of the showtimes operations.

use poem_openapi::Object;

use leffaseura_core::domain::showtime::{EnrichedShow, Fetched, ShowtimePreferences as Prefs};
use leffaseura_core::use_cases::{InTheater, WatchlistShowing};

use crate::api::show::{AgeRating, Event, Show};
use crate::api::{Nullable, Timestamp};

/// A theatre area: a region, a city or one theatre.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct TheatreArea {
    pub id: i64,
    /// As the cinema writes it, e.g. `Helsinki: TENNISPALATSI`.
    pub name: String,
}

/// Every theatre area (the cinema's "choose an area" placeholder left out).
#[derive(Object, Debug, Clone)]
pub struct TheatreAreasBody {
    pub success: bool,
    #[oai(rename = "theatreAreas")]
    pub theatre_areas: Vec<TheatreArea>,
    /// When the list was read from the cinema.
    #[oai(rename = "fetchedAt")]
    pub fetched_at: Timestamp,
    /// The cinema failed and an older copy is served.
    pub stale: bool,
}

/// Shows sorted by start time.
#[derive(Object, serde::Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleBody {
    pub success: bool,
    pub schedule: Vec<Show>,
    /// When the schedule was read from the cinema ("schedule as of 14:02").
    #[oai(rename = "fetchedAt")]
    pub fetched_at: Timestamp,
    /// The cinema failed and an older copy is served.
    pub stale: bool,
}

impl From<Fetched<Vec<EnrichedShow>>> for ScheduleBody {
    fn from(fetched: Fetched<Vec<EnrichedShow>>) -> Self {
        Self {
            success: true,
            schedule: fetched.value.into_iter().map(Show::from).collect(),
            fetched_at: fetched.fetched_at.into(),
            stale: fetched.stale,
        }
    }
}

/// Films and live events.
#[derive(Object, Debug, Clone)]
pub struct EventsBody {
    pub success: bool,
    pub events: Vec<Event>,
    #[oai(rename = "fetchedAt")]
    pub fetched_at: Timestamp,
    pub stale: bool,
}

/// A film in Finnish cinemas now.
#[derive(Object, Debug, Clone)]
pub struct InTheaterItem {
    /// TMDB id.
    pub id: i64,
    /// The cinema's event id; `null` when the list is the catalog's own "now playing"
    /// (the cinema could not be read, or none of its films matched).
    pub f_id: Nullable<i64>,
    pub title: String,
    #[oai(rename = "originalTitle")]
    pub original_title: String,
    /// Full poster URL (list size), or `null`.
    #[oai(rename = "posterPath")]
    pub poster_path: Nullable<String>,
    #[oai(rename = "releaseYear")]
    pub release_year: Nullable<i32>,
    pub overview: String,
    #[oai(rename = "voteAverage")]
    pub vote_average: f64,
}

impl From<InTheater> for InTheaterItem {
    fn from(t: InTheater) -> Self {
        Self {
            id: t.movie.id.0,
            f_id: t.event.map(|e| e.0).into(),
            title: t.movie.title,
            original_title: t.movie.original_title,
            poster_path: t.movie.poster_path.into(),
            release_year: t.movie.release_year.into(),
            overview: t.movie.overview,
            vote_average: t.movie.vote_average,
        }
    }
}

/// Up to 100 films in cinemas now, in the cinema's order.
#[derive(Object, Debug, Clone)]
pub struct InTheatersBody {
    pub success: bool,
    pub results: Vec<InTheaterItem>,
}

/// A watchlist film with shows coming up.
#[derive(Object, Debug, Clone)]
pub struct WatchlistShowingItem {
    #[oai(rename = "tmdbId")]
    pub tmdb_id: i64,
    pub title: String,
    #[oai(rename = "originalTitle")]
    pub original_title: String,
    #[oai(rename = "releaseYear")]
    pub release_year: Nullable<i32>,
    #[oai(rename = "posterPath")]
    pub poster_path: Nullable<String>,
    #[oai(rename = "voteAverage")]
    pub vote_average: f64,
    /// The soonest show.
    #[oai(rename = "nextShow")]
    pub next_show: Show,
    /// Shows of the film in the area within the period.
    #[oai(rename = "showCount")]
    pub show_count: u32,
}

impl From<WatchlistShowing> for WatchlistShowingItem {
    fn from(w: WatchlistShowing) -> Self {
        let movie = w.movie.clone();
        Self {
            tmdb_id: movie.id.0,
            title: movie.title,
            original_title: movie.original_title,
            release_year: movie.release_year.into(),
            poster_path: movie.poster_path.into(),
            vote_average: movie.vote_average,
            next_show: Show::from(EnrichedShow {
                show: w.next_show,
                movie: Some(w.movie),
            }),
            show_count: w.show_count,
        }
    }
}

/// The caller's watchlist films showing in the area, soonest next show first.
#[derive(Object, Debug, Clone)]
pub struct WatchlistShowtimesBody {
    pub success: bool,
    pub films: Vec<WatchlistShowingItem>,
    #[oai(rename = "fetchedAt")]
    pub fetched_at: Timestamp,
    pub stale: bool,
}

/// What the caller chose on the Showtimes page.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct ShowtimePreferences {
    /// The theatre area; `null` until one is chosen.
    pub area_id: Nullable<i64>,
    /// Only shows in the original language with Finnish subtitles (or, with
    /// `finnish_dub`, either kind).
    pub original_with_finnish_subtitles: bool,
    /// Only shows dubbed into Finnish (or, with `original_with_finnish_subtitles`,
    /// either kind).
    pub finnish_dub: bool,
    /// Only 3D shows (or, with `imax`, either).
    pub three_d: bool,
    /// Only IMAX shows (or, with `three_d`, either).
    pub imax: bool,
    /// Only shows rated at most this; `null` for any.
    pub max_rating: Nullable<AgeRating>,
}

impl From<Prefs> for ShowtimePreferences {
    fn from(p: Prefs) -> Self {
        Self {
            area_id: p.area.map(|a| a.0).into(),
            original_with_finnish_subtitles: p.original_with_finnish_subtitles,
            finnish_dub: p.finnish_dub,
            three_d: p.three_d,
            imax: p.imax,
            max_rating: p.max_rating.map(AgeRating::from).into(),
        }
    }
}

/// New Showtimes page choices; they replace the saved ones (a missing field is `false`
/// or `null`).
#[derive(Object, Debug, Clone)]
pub struct ShowtimePreferencesRequest {
    /// A theatre area id; `null` or missing for none.
    #[oai(validator(minimum(value = "1")))]
    pub area_id: Option<i64>,
    pub original_with_finnish_subtitles: Option<bool>,
    pub finnish_dub: Option<bool>,
    pub three_d: Option<bool>,
    pub imax: Option<bool>,
    /// `S`, `K-7`, `K-12`, `K-16` or `K-18`; `null` or missing for any.
    pub max_rating: Option<AgeRating>,
}

/// The caller's showtime preferences.
#[derive(Object, Debug, Clone)]
pub struct ShowtimePreferencesBody {
    pub success: bool,
    pub preferences: ShowtimePreferences,
}
