//! Which rows become what (the dry run's rules), and what a catalog answer means.
//!
//! - A review row (reviews.csv with text) becomes a review. Several for one film (same
//!   Letterboxd URI, else the same name and year): the newest (`Date`, then the later
//!   row) wins. Its rating is the row's; else the film's newest rating in ratings.csv or
//!   diary.csv; else [`DEFAULT_RATING`], and the item says so (`rating_defaulted`).
//!   Text longer than [`REVIEW_CONTENT_MAX`] is skipped `too_long`.
//! - A rating without review text (ratings.csv, diary.csv, a reviews.csv row with no text)
//!   is listed once per film, skipped `no_review_text`: our reviews need text and none
//!   is invented. A film that has a review is not listed again for its rating.
//! - A watchlist row becomes a watchlist entry, once per film.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};

use crate::domain::import::{
    Candidate, ItemKind, LetterboxdFile, LetterboxdRow, MatchStatus, Outcome, SkipReason,
    DEFAULT_RATING,
};
use crate::domain::movie::{match_confidence, normalize_title, MovieSummary};
use crate::domain::text::REVIEW_CONTENT_MAX;
use crate::ids::MovieId;

/// At most this many candidates are kept for the user to choose from.
pub const CANDIDATES_SHOWN: usize = 5;

/// One item of the dry run, before the catalog is asked.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedItem {
    pub kind: ItemKind,
    pub title: String,
    pub year: Option<i32>,
    /// On our 1–5 scale.
    pub rating: Option<i64>,
    /// The review got [`DEFAULT_RATING`] because Letterboxd had no rating for the film.
    pub rating_defaulted: bool,
    pub text: Option<String>,
    /// The Letterboxd `Date` (midnight UTC): a review keeps it as its date.
    pub logged_at: Option<DateTime<Utc>>,
    /// `Some` for rows that are never imported.
    pub skip: Option<SkipReason>,
}

impl PlannedItem {
    /// What the item starts as: skipped rows need no lookup.
    pub fn initial(&self) -> (MatchStatus, Outcome) {
        if self.skip.is_some() {
            (MatchStatus::NotNeeded, Outcome::Skipped)
        } else {
            (MatchStatus::Pending, Outcome::Pending)
        }
    }
}

fn film_key(row: &LetterboxdRow) -> String {
    if row.uri.is_empty() {
        format!("{}\u{1f}{:?}", normalize_title(&row.name), row.year)
    } else {
        row.uri.clone()
    }
}

fn midnight(date: Option<NaiveDate>) -> Option<DateTime<Utc>> {
    date.and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|d| d.and_utc())
}

/// Invisible control characters go (our reviews refuse them); line breaks and tabs stay.
fn clean_text(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\r' | '\t'))
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The newer of two rows of one film (by `Date`; on the same date the later row).
fn newer<'a>(best: Option<&'a LetterboxdRow>, row: &'a LetterboxdRow) -> &'a LetterboxdRow {
    match best {
        Some(best) if best.date > row.date => best,
        _ => row,
    }
}

/// The row whose rating counts for a film: one with a rating over one without, else the
/// newer.
fn better_rating<'a>(best: Option<&'a LetterboxdRow>, row: &'a LetterboxdRow) -> &'a LetterboxdRow {
    match best {
        Some(best) if best.rating.is_some() && row.rating.is_none() => best,
        Some(best) if best.rating.is_none() && row.rating.is_some() => row,
        other => newer(other, row),
    }
}

/// The dry run's items for `rows`, in order: reviews, watchlist entries, bare ratings
/// (see the module docs for the rules).
pub fn plan_items(rows: &[LetterboxdRow]) -> Vec<PlannedItem> {
    let mut order: Vec<String> = Vec::new();
    let mut reviews: HashMap<String, &LetterboxdRow> = HashMap::new();
    let mut ratings: HashMap<String, &LetterboxdRow> = HashMap::new();
    let mut rating_order: Vec<String> = Vec::new();
    let mut watchlist: Vec<&LetterboxdRow> = Vec::new();
    let mut watchlisted: HashSet<String> = HashSet::new();
    for row in rows {
        let key = film_key(row);
        let text = row.review.as_deref().map(clean_text).unwrap_or_default();
        match row.file {
            LetterboxdFile::Watchlist => {
                if watchlisted.insert(key) {
                    watchlist.push(row);
                }
            }
            LetterboxdFile::Reviews if !text.is_empty() => {
                if !reviews.contains_key(&key) {
                    order.push(key.clone());
                }
                let best = newer(reviews.get(&key).copied(), row);
                reviews.insert(key, best);
            }
            _ => {
                if !ratings.contains_key(&key) {
                    rating_order.push(key.clone());
                }
                let best = better_rating(ratings.get(&key).copied(), row);
                ratings.insert(key, best);
            }
        }
    }
    let mut items = Vec::new();
    for key in &order {
        let Some(row) = reviews.get(key) else {
            continue;
        };
        let text = row.review.as_deref().map(clean_text).unwrap_or_default();
        let rating = row
            .rating
            .or_else(|| ratings.get(key).and_then(|r| r.rating));
        let skip = (text.chars().count() > REVIEW_CONTENT_MAX).then_some(SkipReason::TooLong);
        items.push(PlannedItem {
            kind: ItemKind::Review,
            title: row.name.clone(),
            year: row.year,
            rating: Some(rating.unwrap_or(DEFAULT_RATING)),
            rating_defaulted: rating.is_none(),
            text: Some(text),
            logged_at: midnight(row.date),
            skip,
        });
    }
    items.extend(watchlist.into_iter().map(|row| PlannedItem {
        kind: ItemKind::Watchlist,
        title: row.name.clone(),
        year: row.year,
        rating: None,
        rating_defaulted: false,
        text: None,
        logged_at: midnight(row.date),
        skip: None,
    }));
    for key in &rating_order {
        if reviews.contains_key(key) {
            continue;
        }
        let Some(row) = ratings.get(key) else {
            continue;
        };
        items.push(PlannedItem {
            kind: ItemKind::Rating,
            title: row.name.clone(),
            year: row.year,
            rating: row.rating,
            rating_defaulted: false,
            text: None,
            logged_at: midnight(row.date),
            skip: Some(SkipReason::NoReviewText),
        });
    }
    items
}

/// What the catalog's candidates (best first) mean for a row: one film with the exact
/// title and year (or, failing that, exactly one a year off) is a match; several such, or
/// only looser ones, are ambiguous (the user chooses among the first
/// [`CANDIDATES_SHOWN`]); none is unmatched.
pub fn classify_match(
    found: &[MovieSummary],
    title: &str,
    year: Option<i32>,
) -> (MatchStatus, Vec<Candidate>) {
    let candidate = |m: &MovieSummary| Candidate {
        id: m.id,
        title: m.title.clone(),
        original_title: m.original_title.clone(),
        release_date: m.release_date.clone(),
        poster_path: m.poster_path.clone(),
        vote_average: m.vote_average,
    };
    let confident = |at_least: f64| -> Vec<Candidate> {
        found
            .iter()
            .filter(|m| match_confidence(m, title, year) >= at_least)
            .map(candidate)
            .collect()
    };
    let exact = confident(1.0);
    let near = confident(0.9);
    let (status, mut kept) = match (exact.len(), near.len()) {
        (1, _) => (MatchStatus::Matched, exact),
        (0, 1) => (MatchStatus::Matched, near),
        (0, 0) if found.is_empty() => (MatchStatus::Unmatched, Vec::new()),
        (0, 0) => (
            MatchStatus::Ambiguous,
            found.iter().map(candidate).collect(),
        ),
        (0, _) => (MatchStatus::Ambiguous, near),
        _ => (MatchStatus::Ambiguous, exact),
    };
    kept.truncate(CANDIDATES_SHOWN);
    (status, kept)
}

/// The outcome of a matched (or chosen) film: skipped when the user already has it
/// (`exists`: a review by them of that film, or that film on their watchlist), else added.
pub fn outcome_for(match_status: MatchStatus, exists: bool) -> Outcome {
    match match_status {
        MatchStatus::Matched if exists => Outcome::SkipExisting,
        MatchStatus::Matched => Outcome::WouldAdd,
        MatchStatus::Ambiguous => Outcome::Ambiguous,
        MatchStatus::Unmatched => Outcome::Unmatched,
        MatchStatus::Pending => Outcome::Pending,
        MatchStatus::NotNeeded => Outcome::Skipped,
    }
}

/// The film an item is matched to, when exactly one is.
pub fn matched_film(match_status: MatchStatus, candidates: &[Candidate]) -> Option<MovieId> {
    match (match_status, candidates) {
        (MatchStatus::Matched, [only]) => Some(only.id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(file: LetterboxdFile, date: &str, name: &str, rating: Option<i64>) -> LetterboxdRow {
        LetterboxdRow {
            file,
            date: NaiveDate::parse_from_str(date, "%Y-%m-%d").ok(),
            name: name.to_owned(),
            year: Some(1999),
            uri: format!("https://boxd.it/{name}"),
            rating,
            review: None,
        }
    }

    fn review(date: &str, name: &str, rating: Option<i64>, text: &str) -> LetterboxdRow {
        LetterboxdRow {
            review: Some(text.to_owned()),
            ..row(LetterboxdFile::Reviews, date, name, rating)
        }
    }

    fn summary(id: i64, title: &str, date: &str) -> MovieSummary {
        MovieSummary {
            id: MovieId(id),
            title: title.to_owned(),
            original_title: title.to_owned(),
            release_date: date.to_owned(),
            overview: String::new(),
            poster_path: None,
            vote_average: 0.0,
            genre_ids: Vec::new(),
        }
    }

    #[test]
    fn a_bare_rating_is_listed_skipped_and_never_gets_text() {
        let items = plan_items(&[
            row(LetterboxdFile::Ratings, "2024-01-01", "Alien", Some(4)),
            row(LetterboxdFile::Diary, "2024-02-01", "Alien", Some(5)),
            row(LetterboxdFile::Diary, "2024-03-01", "Heat", None),
        ]);
        assert_eq!(items.len(), 2, "one item per film: {items:?}");
        assert!(items
            .iter()
            .all(|i| i.kind == ItemKind::Rating && i.skip == Some(SkipReason::NoReviewText)));
        assert!(items.iter().all(|i| i.text.is_none()));
        assert_eq!(items[0].rating, Some(5), "the newest rating");
        assert_eq!(
            items[0].initial(),
            (MatchStatus::NotNeeded, Outcome::Skipped)
        );
    }

    #[test]
    fn the_newest_review_wins_and_takes_the_films_rating_when_it_has_none() {
        let items = plan_items(&[
            review("2023-05-01", "Alien", Some(2), "first take"),
            review("2024-05-01", "Alien", None, "second take"),
            row(LetterboxdFile::Ratings, "2024-05-02", "Alien", Some(4)),
        ]);
        assert_eq!(items.len(), 1, "{items:?}");
        assert_eq!(items[0].kind, ItemKind::Review);
        assert_eq!(items[0].text.as_deref(), Some("second take"));
        assert_eq!(items[0].rating, Some(4));
        assert!(!items[0].rating_defaulted);
        assert_eq!(items[0].initial(), (MatchStatus::Pending, Outcome::Pending));
    }

    #[test]
    fn a_review_without_any_rating_gets_the_default_and_says_so() {
        let items = plan_items(&[review("2024-01-01", "Heat", None, "tense")]);
        assert_eq!(items[0].rating, Some(DEFAULT_RATING));
        assert!(items[0].rating_defaulted);
    }

    #[test]
    fn too_long_text_is_skipped_and_the_watchlist_is_kept_once_per_film() {
        let long = "x".repeat(REVIEW_CONTENT_MAX + 1);
        let items = plan_items(&[
            review("2024-01-01", "Heat", Some(3), &long),
            row(LetterboxdFile::Watchlist, "2024-01-01", "Alien", None),
            row(LetterboxdFile::Watchlist, "2024-01-02", "Alien", None),
        ]);
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].skip, Some(SkipReason::TooLong));
        assert_eq!(items[1].kind, ItemKind::Watchlist);
        assert_eq!(items[1].skip, None);
    }

    #[test]
    fn one_exact_film_is_a_match_several_are_ambiguous_none_unmatched() {
        let found = [
            summary(1, "Heat", "1995-12-15"),
            summary(2, "Heat", "1986-01-01"),
        ];
        let (status, kept) = classify_match(&found, "Heat", Some(1995));
        assert_eq!(status, MatchStatus::Matched);
        assert_eq!(matched_film(status, &kept), Some(MovieId(1)));

        let (status, kept) = classify_match(&found, "Heat", None);
        assert_eq!(status, MatchStatus::Ambiguous);
        assert_eq!(kept.len(), 2);
        assert_eq!(matched_film(status, &kept), None);

        let (status, kept) = classify_match(&found, "Heat", Some(1996));
        assert_eq!(
            (status, kept.len()),
            (MatchStatus::Matched, 1),
            "a year off"
        );

        let (status, kept) = classify_match(&[], "Heat", Some(1995));
        assert_eq!((status, kept.len()), (MatchStatus::Unmatched, 0));
    }

    #[test]
    fn what_already_exists_is_skipped_so_a_second_run_adds_nothing() {
        assert_eq!(outcome_for(MatchStatus::Matched, false), Outcome::WouldAdd);
        assert_eq!(
            outcome_for(MatchStatus::Matched, true),
            Outcome::SkipExisting
        );
        assert_eq!(
            outcome_for(MatchStatus::Ambiguous, false),
            Outcome::Ambiguous
        );
        assert_eq!(
            outcome_for(MatchStatus::Unmatched, false),
            Outcome::Unmatched
        );
    }
}
