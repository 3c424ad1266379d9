//! Which catalog (TMDB) movie a feed event is: the rules. An event is looked up by its
//! original title and production year, then by its (Finnish) title; each candidate gets
//! a confidence in 0..=1, and only a match of at least [`MATCH_THRESHOLD`] is attached.
//! The outcome, match or not, is remembered per event ([`EventMatch`]) so that a title
//! is looked up once.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::movie::{match_confidence, normalize_title, MovieSummary};
use crate::ids::MovieId;

use super::EventId;

/// The least confidence that is attached to a show: the exact title, at most a year off.
pub const MATCH_THRESHOLD: f64 = 0.75;
/// A remembered match is refreshed after this many days (posters and ratings change).
pub const MATCH_REFRESH_DAYS: i64 = 30;
/// A remembered miss is tried again after this many days (the catalog may add the film).
pub const MISS_RETRY_DAYS: i64 = 3;

/// What a show or event shows of its movie.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchedMovie {
    pub id: MovieId,
    pub title: String,
    pub original_title: String,
    pub release_year: Option<i32>,
    /// Full poster URL (list size), or `None`.
    pub poster_path: Option<String>,
    pub overview: String,
    pub vote_average: f64,
}

impl From<&MovieSummary> for MatchedMovie {
    fn from(movie: &MovieSummary) -> Self {
        Self {
            id: movie.id,
            title: movie.title.clone(),
            original_title: movie.original_title.clone(),
            release_year: movie.release_year(),
            poster_path: movie.poster_path.clone(),
            overview: movie.overview.clone(),
            vote_average: movie.vote_average,
        }
    }
}

/// The remembered outcome of looking an event up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventMatch {
    pub event_id: EventId,
    /// The movie, when the best candidate was confident enough.
    pub movie: Option<MatchedMovie>,
    /// The best candidate's confidence (0 when there was none), kept for diagnosis.
    pub confidence: f64,
    pub checked_at: DateTime<Utc>,
}

impl EventMatch {
    /// Is this outcome too old to trust at `now`?
    pub fn is_due(&self, now: DateTime<Utc>) -> bool {
        let days = if self.movie.is_some() {
            MATCH_REFRESH_DAYS
        } else {
            MISS_RETRY_DAYS
        };
        now - self.checked_at >= Duration::days(days)
    }
}

/// Presentation noise the feed appends to titles ("Dyyni (2D)", "Frozen 2 (dub)",
/// "Elvis - preview"), lower case. Real parentheses ("BPM (beats per minute)") stay.
const NOISE_SUFFIXES: &[&str] = &[
    "(2d)",
    "(3d)",
    "(2d dub)",
    "(3d dub)",
    "(dub)",
    "(orig)",
    "(swe)",
    "(spanish)",
    "(sing-along)",
    "(imax)",
    " 2d",
    " 3d",
    " -erikoisnäytös",
    " - erikoisnäytös",
    " - preview",
    " -preview",
];

/// The title without the feed's presentation noise, for matching.
pub fn clean_title(raw: &str) -> String {
    let mut title = raw.trim().to_owned();
    loop {
        let lower = title.to_lowercase();
        let Some(suffix) = NOISE_SUFFIXES.iter().find(|s| lower.ends_with(*s)) else {
            break;
        };
        // Cut by characters: lower-casing may change byte lengths, not these counts.
        let keep = title.chars().count() - suffix.chars().count();
        title = title
            .chars()
            .take(keep)
            .collect::<String>()
            .trim()
            .to_owned();
    }
    title
}

/// The confidence that `candidate` is the film titled `title` (presentation noise and
/// all) from `year`: the catalog's own title-and-year rule, on the cleaned title.
pub fn confidence(candidate: &MovieSummary, title: &str, year: Option<i32>) -> f64 {
    match_confidence(candidate, &clean_title(title), year)
}

/// The most confident of `candidates` (the first on a tie: the catalog's relevance
/// order), with its confidence; `None` when there are none.
pub fn best_candidate(
    candidates: &[MovieSummary],
    title: &str,
    year: Option<i32>,
) -> Option<(MovieSummary, f64)> {
    let mut best: Option<(&MovieSummary, f64)> = None;
    for candidate in candidates {
        let score = confidence(candidate, title, year);
        if best.is_none_or(|(_, top)| score > top) {
            best = Some((candidate, score));
        }
    }
    best.map(|(movie, score)| (movie.clone(), score))
}

/// The titles to look an event up by, in order: the original title, then the title
/// when it differs (after cleaning). Blank titles are skipped.
pub fn lookup_titles(original_title: &str, title: &str) -> Vec<String> {
    let original = clean_title(original_title);
    let local = clean_title(title);
    let mut titles = Vec::new();
    if !original.is_empty() {
        titles.push(original.clone());
    }
    if !local.is_empty() && normalize_title(&local) != normalize_title(&original) {
        titles.push(local);
    }
    titles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn movie(id: i64, title: &str, original: &str, date: &str) -> MovieSummary {
        MovieSummary {
            id: MovieId(id),
            title: title.into(),
            original_title: original.into(),
            release_date: date.into(),
            overview: String::new(),
            poster_path: None,
            vote_average: 7.0,
            genre_ids: vec![],
        }
    }

    #[test]
    fn presentation_noise_is_stripped_but_real_parentheses_stay() {
        let cases = [
            ("Dyyni (2D)", "Dyyni"),
            ("Avatar: The Way of Water (3D)", "Avatar: The Way of Water"),
            ("Frozen 2 (2D dub)", "Frozen 2"),
            ("Ryhmä Hau (dub)", "Ryhmä Hau"),
            ("Encanto (orig)", "Encanto"),
            ("Mamma Mia! (SING-ALONG)", "Mamma Mia!"),
            ("Elvis - preview", "Elvis"),
            ("Tuntematon sotilas -erikoisnäytös", "Tuntematon sotilas"),
            ("Eternals 3D", "Eternals"),
            ("BPM (beats per minute)", "BPM (beats per minute)"),
            ("1917", "1917"),
            ("  Dune  ", "Dune"),
        ];
        for (raw, expected) in cases {
            assert_eq!(clean_title(raw), expected, "{raw:?}");
        }
    }

    #[test]
    fn confidence_needs_the_title_and_a_near_year() {
        let dune = movie(438631, "Dune", "Dune", "2021-09-15");
        let cases = [
            ("Dune", Some(2021), 1.0),
            ("Dune (2D)", Some(2021), 1.0),
            ("DUNE", Some(2020), 0.9),
            ("Dune", None, 1.0),
            ("Dune: Part Two", Some(2021), 0.7),
            ("Dune", Some(2019), 0.3),
            ("Dune", Some(1984), 0.3),
            ("Barbie", Some(2021), 0.0),
        ];
        for (title, year, expected) in cases {
            let got = confidence(&dune, title, year);
            assert!((got - expected).abs() < 1e-9, "{title} {year:?}: {got}");
        }
        // The localized title counts as much as the original one.
        let amelie = movie(
            194,
            "Amélie",
            "Le fabuleux destin d'Amélie Poulain",
            "2001-04-25",
        );
        assert!(confidence(&amelie, "Amelie", Some(2001)) >= MATCH_THRESHOLD);
    }

    #[test]
    fn the_best_candidate_wins_and_ties_keep_catalog_order() {
        let candidates = [
            movie(1, "Dune", "Dune", "1984-12-14"),
            movie(2, "Dune", "Dune", "2021-09-15"),
            movie(3, "Dune", "Dune", "2021-10-01"),
        ];
        let (best, score) = best_candidate(&candidates, "Dune", Some(2021)).unwrap();
        assert_eq!(best.id, MovieId(2));
        assert!((score - 1.0).abs() < 1e-9);
        assert!(best_candidate(&[], "Dune", None).is_none());
    }

    #[test]
    fn lookups_go_by_original_title_then_title() {
        assert_eq!(
            lookup_titles(
                "Maya the Bee 3: The Golden Orb",
                "Maija Mehiläinen ja kultainen aarre"
            ),
            vec![
                "Maya the Bee 3: The Golden Orb".to_owned(),
                "Maija Mehiläinen ja kultainen aarre".to_owned()
            ]
        );
        assert_eq!(lookup_titles("Dune", "Dune (2D)"), vec!["Dune".to_owned()]);
        assert_eq!(
            lookup_titles("", "Oma näytös"),
            vec!["Oma näytös".to_owned()]
        );
    }

    #[test]
    fn remembered_outcomes_expire() {
        let checked = chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 11, 1, 0, 0, 0).unwrap();
        let hit = EventMatch {
            event_id: EventId(1),
            movie: Some(MatchedMovie::from(&movie(2, "Dune", "Dune", "2021-09-15"))),
            confidence: 1.0,
            checked_at: checked,
        };
        let miss = EventMatch {
            movie: None,
            confidence: 0.2,
            ..hit.clone()
        };
        assert!(!hit.is_due(checked + Duration::days(29)));
        assert!(hit.is_due(checked + Duration::days(30)));
        assert!(!miss.is_due(checked + Duration::days(2)));
        assert!(miss.is_due(checked + Duration::days(3)));
    }
}
