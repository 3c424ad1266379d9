//! One screening ([`Show`]) and one film or live event ([`Event`]) as the feed lists them,
//! and the same with the catalog movie they were matched to ([`EnrichedShow`],
//! [`EnrichedEvent`]).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::matching::MatchedMovie;
use super::presentation::PresentationMethod;
use super::rating::ShowRating;
use super::EventId;

/// A language as the feed names it: in Finnish (`englanti`, `dubattu suomeksi`,
/// `ruotsi (paitsi puhuttaessa ruotsia)`) with an upper-case ISO 639-1 code (`EN`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Language {
    /// Upper case, e.g. `FI`; empty when the feed gives none.
    pub code: String,
    pub name: String,
}

impl Language {
    /// The feed's `dubattu suomeksi` ("dubbed into Finnish") and the like.
    pub fn is_dub(&self) -> bool {
        self.name.to_lowercase().contains("dubattu")
    }

    pub fn is_finnish(&self) -> bool {
        self.code.eq_ignore_ascii_case("FI")
    }

    /// A language known only by its Finnish name (the 2018 feed had no `SpokenLanguage`,
    /// only `PresentationMethodAndLanguage` such as `2D, suomi`).
    pub fn from_finnish_name(name: &str) -> Option<Self> {
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        let lower = name.to_lowercase();
        let first = lower
            .split(['/', ' ', '('])
            .find(|w| !w.is_empty())
            .unwrap_or("");
        let code = match first {
            "suomi" | "dubattu" => "FI",
            "ruotsi" => "SV",
            "englanti" => "EN",
            "venäjä" => "RU",
            "japani" => "JA",
            "espanja" => "ES",
            "ranska" => "FR",
            "saksa" => "DE",
            "italia" => "IT",
            "korea" => "KO",
            "kiina" => "ZH",
            "tanska" => "DA",
            "norja" => "NO",
            "islanti" => "IS",
            "somali" => "SO",
            "hindi" => "HI",
            "puola" => "PL",
            "viro" => "ET",
            _ => "",
        };
        Some(Self {
            code: code.to_owned(),
            name: name.to_owned(),
        })
    }
}

/// Poster-style images of an event, complete https URLs: `small` and `medium` portraits
/// and a `large` landscape picture. Any may be missing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Images {
    pub small: Option<String>,
    pub medium: Option<String>,
    pub large: Option<String>,
}

/// A film or something else shown in cinemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventKind {
    Movie,
    /// Opera, theatre, concerts, stand-up, special screenings ("Event cinema").
    LiveEvent,
}

impl EventKind {
    /// From the feed's `EventType`; anything but `LiveEvent` is a movie.
    pub fn from_feed(raw: &str) -> Self {
        if raw.trim().eq_ignore_ascii_case("LiveEvent") {
            Self::LiveEvent
        } else {
            Self::Movie
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Movie => "Movie",
            Self::LiveEvent => "LiveEvent",
        }
    }
}

/// One screening.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Show {
    /// The feed's show id (part of the ticket URL).
    pub id: i64,
    pub event_id: EventId,
    /// The Finnish release title.
    pub title: String,
    pub original_title: String,
    pub production_year: Option<i32>,
    pub length_minutes: Option<u32>,
    pub rating: ShowRating,
    /// Finnish genre names, e.g. `Draama`, `Perhe-elokuva`.
    pub genres: Vec<String>,
    /// The feed's theatre id: its own number space, never an area id.
    pub theatre_id: i64,
    /// `Name, City`, e.g. `Tennispalatsi, Helsinki`.
    pub theatre: String,
    /// `sali 11`, `IMAX`, `LUXE 4`, …
    pub auditorium: String,
    pub start: DateTime<Utc>,
    /// Includes the advertisements: not `start` + length.
    pub end: DateTime<Utc>,
    pub presentation: PresentationMethod,
    pub spoken_language: Option<Language>,
    /// Up to two subtitle languages, first one first.
    pub subtitles: Vec<Language>,
    /// E.g. `K18 - Anniskelua salissa`, `Englanninkielinen tekstitys / English subtitles`.
    pub event_series: Option<String>,
    pub images: Images,
    pub ticket_url: Option<String>,
    pub event_url: Option<String>,
}

/// How the feed titles a private booking ("own screening"): not a public show.
const PRIVATE_BOOKING: &str = "oma näytös";

impl Show {
    /// Dubbed into Finnish (the feed's `dubattu suomeksi`).
    pub fn is_finnish_dub(&self) -> bool {
        self.spoken_language
            .as_ref()
            .is_some_and(|l| l.is_dub() && l.is_finnish())
    }

    /// In its original language (not dubbed) with Finnish subtitles.
    pub fn is_original_with_finnish_subtitles(&self) -> bool {
        !self.spoken_language.as_ref().is_some_and(Language::is_dub)
            && self.subtitles.iter().any(Language::is_finnish)
    }

    /// A private booking listed among the shows; left out of every listing.
    pub fn is_private_booking(&self) -> bool {
        names_private_booking(&self.title) || self.genres.iter().any(|g| names_private_booking(g))
    }
}

/// `text` is [`PRIVATE_BOOKING`] in any case, around spaces. Every listing asks this of
/// each of a week's shows and their genres: no lowercase copy, and only a text of the
/// same length in UTF-8 is compared (each of its letters is as long in either case).
fn names_private_booking(text: &str) -> bool {
    let text = text.trim();
    text.len() == PRIVATE_BOOKING.len()
        && text
            .chars()
            .flat_map(char::to_lowercase)
            .eq(PRIVATE_BOOKING.chars())
}

/// A film or live event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub id: EventId,
    pub title: String,
    pub original_title: String,
    pub production_year: Option<i32>,
    /// `None` when unknown (the feed writes 0 for titles not yet rated).
    pub length_minutes: Option<u32>,
    /// The Finnish premiere.
    pub release_date: Option<NaiveDate>,
    pub rating: ShowRating,
    pub kind: EventKind,
    pub genres: Vec<String>,
    pub short_synopsis: String,
    /// Plain text; paragraphs separated by blank lines.
    pub synopsis: String,
    pub images: Images,
    pub event_url: Option<String>,
    /// A YouTube watch URL.
    pub trailer_url: Option<String>,
    pub directors: Vec<String>,
    pub cast: Vec<String>,
    pub distributor: Option<String>,
}

/// A show with the catalog movie it is (`None` when no confident match was found).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnrichedShow {
    pub show: Show,
    pub movie: Option<MatchedMovie>,
}

/// An event with the catalog movie it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnrichedEvent {
    pub event: Event,
    pub movie: Option<MatchedMovie>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn language(code: &str, name: &str) -> Language {
        Language {
            code: code.into(),
            name: name.into(),
        }
    }

    #[test]
    fn finnish_language_names_get_their_codes() {
        let cases = [
            ("suomi", "FI"),
            ("dubattu suomeksi", "FI"),
            ("ruotsi/suomi", "SV"),
            ("englanti/amerikkalainen viittomakieli", "EN"),
            ("venäjä", "RU"),
            ("klingon", ""),
        ];
        for (name, code) in cases {
            let got = Language::from_finnish_name(name).unwrap();
            assert_eq!(got.code, code, "{name}");
            assert_eq!(got.name, name);
        }
        assert_eq!(Language::from_finnish_name("  "), None);
        assert!(language("FI", "dubattu suomeksi").is_dub());
        assert!(!language("FI", "suomi").is_dub());
    }

    #[test]
    fn event_types_are_movies_unless_live() {
        assert_eq!(EventKind::from_feed("LiveEvent"), EventKind::LiveEvent);
        assert_eq!(EventKind::from_feed("Movie"), EventKind::Movie);
        assert_eq!(EventKind::from_feed(""), EventKind::Movie);
    }

    #[test]
    fn a_private_booking_is_named_in_any_case_around_spaces() {
        for text in ["oma näytös", "Oma näytös", " OMA NÄYTÖS ", "Oma Näytös\t"] {
            assert!(names_private_booking(text), "{text:?}");
        }
        for text in [
            "",
            "oma",
            "oma näytös 2",
            "Oman näytös",
            "oma naytos",
            "Dune",
        ] {
            assert!(!names_private_booking(text), "{text:?}");
        }
    }
}
