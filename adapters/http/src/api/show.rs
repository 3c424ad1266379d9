//! The showtime objects of the API (API.md "Show"): camelCase like the other movie and
//! show objects, each show and event with the catalog movie it was matched to
//! (`tmdbId`, `posterPath`, `overview`, `voteAverage`; `null` without a confident match).

use poem_openapi::{Enum, Object};

use leffaseura_core::domain::showtime::{
    self as core_show, helsinki, AgeRating as CoreRating, EnrichedEvent, EnrichedShow,
    EventKind as CoreKind, MatchedMovie, PresentationMethod as CoreMethod,
};

use crate::api::{Nullable, Timestamp};

/// A Finnish age rating.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeRating {
    #[oai(rename = "S")]
    #[serde(rename = "S")]
    S,
    #[oai(rename = "K-7")]
    #[serde(rename = "K-7")]
    K7,
    #[oai(rename = "K-12")]
    #[serde(rename = "K-12")]
    K12,
    #[oai(rename = "K-16")]
    #[serde(rename = "K-16")]
    K16,
    #[oai(rename = "K-18")]
    #[serde(rename = "K-18")]
    K18,
    /// Unclassified (live events), not rated yet, or unreadable.
    #[oai(rename = "unknown")]
    #[serde(rename = "unknown")]
    Unknown,
}

impl From<CoreRating> for AgeRating {
    fn from(rating: CoreRating) -> Self {
        match rating {
            CoreRating::S => Self::S,
            CoreRating::K7 => Self::K7,
            CoreRating::K12 => Self::K12,
            CoreRating::K16 => Self::K16,
            CoreRating::K18 => Self::K18,
            CoreRating::Unknown => Self::Unknown,
        }
    }
}

impl From<AgeRating> for CoreRating {
    fn from(rating: AgeRating) -> Self {
        match rating {
            AgeRating::S => Self::S,
            AgeRating::K7 => Self::K7,
            AgeRating::K12 => Self::K12,
            AgeRating::K16 => Self::K16,
            AgeRating::K18 => Self::K18,
            AgeRating::Unknown => Self::Unknown,
        }
    }
}

/// How a show is presented.
#[derive(Enum, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresentationMethod {
    #[oai(rename = "2D")]
    #[serde(rename = "2D")]
    TwoD,
    #[oai(rename = "3D")]
    #[serde(rename = "3D")]
    ThreeD,
    #[oai(rename = "IMAX")]
    #[serde(rename = "IMAX")]
    Imax,
    #[oai(rename = "IMAX 3D")]
    #[serde(rename = "IMAX 3D")]
    Imax3D,
}

impl From<CoreMethod> for PresentationMethod {
    fn from(method: CoreMethod) -> Self {
        match method {
            CoreMethod::TwoD => Self::TwoD,
            CoreMethod::ThreeD => Self::ThreeD,
            CoreMethod::Imax => Self::Imax,
            CoreMethod::Imax3D => Self::Imax3D,
        }
    }
}

/// A language as the feed names it, in Finnish (`englanti`, `dubattu suomeksi`).
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq, Eq)]
#[oai(rename = "ShowLanguage")]
pub struct Language {
    /// ISO 639-1, upper case (`EN`); `""` when the feed gives none.
    pub code: String,
    pub name: String,
}

impl From<core_show::Language> for Language {
    fn from(l: core_show::Language) -> Self {
        Self {
            code: l.code,
            name: l.name,
        }
    }
}

/// Pictures of the film from the cinema (https URLs): portraits in two sizes and a
/// landscape picture.
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq, Eq)]
#[oai(rename = "ShowImages")]
pub struct Images {
    pub small: Nullable<String>,
    pub medium: Nullable<String>,
    pub large: Nullable<String>,
}

impl From<core_show::Images> for Images {
    fn from(i: core_show::Images) -> Self {
        Self {
            small: i.small.into(),
            medium: i.medium.into(),
            large: i.large.into(),
        }
    }
}

/// `YYYY-MM-DDTHH:MM` in Helsinki time, for showing as is.
fn local(at: chrono::DateTime<chrono::Utc>) -> String {
    helsinki::to_local(at).format("%Y-%m-%dT%H:%M").to_string()
}

/// One screening.
// Also `serde::Serialize`: a day's schedule is hundreds of shows, written with
// `DirectJson` (the field names are poem-openapi's renames, camelCase).
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Show {
    /// The cinema's show id.
    pub id: i64,
    /// The cinema's event (film) id.
    #[oai(rename = "eventId")]
    pub event_id: i64,
    /// The Finnish release title.
    pub title: String,
    #[oai(rename = "originalTitle")]
    pub original_title: String,
    #[oai(rename = "productionYear")]
    pub production_year: Nullable<i32>,
    #[oai(rename = "lengthInMinutes")]
    pub length_in_minutes: Nullable<u32>,
    /// Who is admitted: K-18 at a show with a licensed bar, whatever the film's rating.
    pub rating: AgeRating,
    /// The film's own rating.
    #[oai(rename = "filmRating")]
    pub film_rating: AgeRating,
    /// Finnish genre names.
    pub genres: Vec<String>,
    /// `Name, City`, e.g. `Tennispalatsi, Helsinki`.
    pub theatre: String,
    /// The cinema's theatre id (its own numbers, not an area id).
    #[oai(rename = "theatreId")]
    pub theatre_id: i64,
    /// `sali 7`, `IMAX`, …
    pub auditorium: String,
    /// RFC 3339 UTC.
    pub start: Timestamp,
    /// RFC 3339 UTC; includes the advertisements.
    pub end: Timestamp,
    /// The start in Helsinki time, `YYYY-MM-DDTHH:MM`.
    #[oai(rename = "startLocal")]
    pub start_local: String,
    /// The end in Helsinki time, `YYYY-MM-DDTHH:MM`.
    #[oai(rename = "endLocal")]
    pub end_local: String,
    #[oai(rename = "presentationMethod")]
    pub presentation_method: PresentationMethod,
    /// The spoken language (`dubattu suomeksi` for a Finnish dub); `null` when unknown.
    pub language: Nullable<Language>,
    /// Subtitle languages, first one first.
    pub subtitles: Vec<Language>,
    /// Dubbed into Finnish.
    pub dubbed: bool,
    /// E.g. `K18 - Anniskelua salissa`; `null` for none.
    #[oai(rename = "eventSeries")]
    pub event_series: Nullable<String>,
    pub images: Images,
    /// Where tickets are sold; `null` when unknown (the demo feed).
    #[oai(rename = "ticketUrl")]
    pub ticket_url: Nullable<String>,
    /// The matched movie's TMDB id; `null` without a confident match.
    #[oai(rename = "tmdbId")]
    pub tmdb_id: Nullable<i64>,
    /// The matched movie's poster (full URL); `null` without a match or poster.
    #[oai(rename = "posterPath")]
    pub poster_path: Nullable<String>,
    #[oai(rename = "overview")]
    pub overview: Nullable<String>,
    #[oai(rename = "voteAverage")]
    pub vote_average: Nullable<f64>,
}

/// The four enrichment fields of a show or event.
fn enrichment(
    movie: Option<MatchedMovie>,
) -> (
    Nullable<i64>,
    Nullable<String>,
    Nullable<String>,
    Nullable<f64>,
) {
    match movie {
        Some(m) => (
            Some(m.id.0).into(),
            m.poster_path.into(),
            Some(m.overview).into(),
            Some(m.vote_average).into(),
        ),
        None => (None.into(), None.into(), None.into(), None.into()),
    }
}

impl From<EnrichedShow> for Show {
    fn from(e: EnrichedShow) -> Self {
        let s = e.show;
        let dubbed = s.is_finnish_dub();
        let (tmdb_id, poster_path, overview, vote_average) = enrichment(e.movie);
        Self {
            id: s.id,
            event_id: s.event_id.0,
            title: s.title,
            original_title: s.original_title,
            production_year: s.production_year.into(),
            length_in_minutes: s.length_minutes.into(),
            rating: s.rating.admission.into(),
            film_rating: s.rating.film.into(),
            genres: s.genres,
            theatre: s.theatre,
            theatre_id: s.theatre_id,
            auditorium: s.auditorium,
            start: s.start.into(),
            end: s.end.into(),
            start_local: local(s.start),
            end_local: local(s.end),
            presentation_method: s.presentation.into(),
            language: s.spoken_language.map(Language::from).into(),
            subtitles: s.subtitles.into_iter().map(Language::from).collect(),
            dubbed,
            event_series: s.event_series.into(),
            images: s.images.into(),
            ticket_url: s.ticket_url.into(),
            tmdb_id,
            poster_path,
            overview,
            vote_average,
        }
    }
}

/// `Movie` for films, `LiveEvent` for opera, concerts and other event cinema.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventType {
    Movie,
    LiveEvent,
}

/// A film or live event in cinemas now or soon.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename = "ShowEvent")]
pub struct Event {
    /// The cinema's event id (`eventID` of the schedule).
    pub id: i64,
    pub title: String,
    #[oai(rename = "originalTitle")]
    pub original_title: String,
    #[oai(rename = "productionYear")]
    pub production_year: Nullable<i32>,
    #[oai(rename = "lengthInMinutes")]
    pub length_in_minutes: Nullable<u32>,
    /// The Finnish premiere, `YYYY-MM-DD`.
    #[oai(rename = "releaseDate")]
    pub release_date: Nullable<String>,
    pub rating: AgeRating,
    #[oai(rename = "eventType")]
    pub event_type: EventType,
    pub genres: Vec<String>,
    #[oai(rename = "shortSynopsis")]
    pub short_synopsis: String,
    /// Plain text, paragraphs separated by a blank line.
    pub synopsis: String,
    pub images: Images,
    #[oai(rename = "trailerUrl")]
    pub trailer_url: Nullable<String>,
    pub directors: Vec<String>,
    pub cast: Vec<String>,
    #[oai(rename = "tmdbId")]
    pub tmdb_id: Nullable<i64>,
    #[oai(rename = "posterPath")]
    pub poster_path: Nullable<String>,
    pub overview: Nullable<String>,
    #[oai(rename = "voteAverage")]
    pub vote_average: Nullable<f64>,
}

impl From<EnrichedEvent> for Event {
    fn from(e: EnrichedEvent) -> Self {
        let ev = e.event;
        let (tmdb_id, poster_path, overview, vote_average) = enrichment(e.movie);
        Self {
            id: ev.id.0,
            title: ev.title,
            original_title: ev.original_title,
            production_year: ev.production_year.into(),
            length_in_minutes: ev.length_minutes.into(),
            release_date: ev
                .release_date
                .map(|d| d.format("%Y-%m-%d").to_string())
                .into(),
            rating: ev.rating.film.into(),
            event_type: match ev.kind {
                CoreKind::Movie => EventType::Movie,
                CoreKind::LiveEvent => EventType::LiveEvent,
            },
            genres: ev.genres,
            short_synopsis: ev.short_synopsis,
            synopsis: ev.synopsis,
            images: ev.images.into(),
            trailer_url: ev.trailer_url.into(),
            directors: ev.directors,
            cast: ev.cast,
            tmdb_id,
            poster_path,
            overview,
            vote_average,
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::api::direct_json::assert_same_json;
    use crate::api::showtimes::bodies::ScheduleBody;

    fn show(matched: bool) -> Show {
        let start = Utc.with_ymd_and_hms(2026, 12, 6, 16, 30, 0).unwrap();
        let end = Utc.with_ymd_and_hms(2026, 12, 6, 18, 45, 0).unwrap();
        let finnish = Language {
            code: "FI".to_owned(),
            name: "suomi".to_owned(),
        };
        Show {
            id: 1_234_567,
            event_id: 305_411,
            title: "Kuolleet lehdet".to_owned(),
            original_title: "Kuolleet lehdet".to_owned(),
            production_year: Some(2023).into(),
            length_in_minutes: if matched { Some(81) } else { None }.into(),
            rating: AgeRating::K18,
            film_rating: AgeRating::K7,
            genres: vec!["Draama".to_owned(), "Komedia".to_owned()],
            theatre: "Tennispalatsi, Helsinki".to_owned(),
            theatre_id: 1033,
            auditorium: "sali 7".to_owned(),
            start: start.into(),
            end: end.into(),
            start_local: local(start),
            end_local: local(end),
            presentation_method: if matched {
                PresentationMethod::Imax3D
            } else {
                PresentationMethod::TwoD
            },
            language: if matched { Some(finnish.clone()) } else { None }.into(),
            subtitles: vec![finnish],
            dubbed: !matched,
            event_series: if matched {
                Some("K18 - Anniskelua salissa".to_owned())
            } else {
                None
            }
            .into(),
            images: Images {
                small: Some("https://media.finnkino.fi/s.jpg".to_owned()).into(),
                medium: None.into(),
                large: None.into(),
            },
            ticket_url: None.into(),
            tmdb_id: if matched { Some(986_056) } else { None }.into(),
            poster_path: None.into(),
            overview: if matched {
                Some("Two lonely people.".to_owned())
            } else {
                None
            }
            .into(),
            vote_average: if matched { Some(7.4) } else { None }.into(),
        }
    }

    #[test]
    fn a_schedule_written_directly_is_the_json_the_spec_describes() {
        let at = Utc.with_ymd_and_hms(2026, 12, 6, 12, 2, 0).unwrap();
        assert_same_json(&ScheduleBody {
            success: true,
            schedule: vec![show(true), show(false)],
            fetched_at: at.into(),
            stale: false,
        });
        for rating in [
            AgeRating::S,
            AgeRating::K7,
            AgeRating::K12,
            AgeRating::K16,
            AgeRating::K18,
            AgeRating::Unknown,
        ] {
            assert_same_json(&rating);
        }
        for method in [
            PresentationMethod::TwoD,
            PresentationMethod::ThreeD,
            PresentationMethod::Imax,
            PresentationMethod::Imax3D,
        ] {
            assert_same_json(&method);
        }
    }
}
