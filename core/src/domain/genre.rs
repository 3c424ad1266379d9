//! TMDB's movie genres. The ids are TMDB's and stable; we keep the English names here so
//! that group genre tags can be checked and named without calling TMDB.

use crate::error::{Error, ErrorCode};

/// All of TMDB's movie genres as `(id, name)`, in TMDB's order.
pub const GENRES: [(i64, &str); 19] = [
    (28, "Action"),
    (12, "Adventure"),
    (16, "Animation"),
    (35, "Comedy"),
    (80, "Crime"),
    (99, "Documentary"),
    (18, "Drama"),
    (10751, "Family"),
    (14, "Fantasy"),
    (36, "History"),
    (27, "Horror"),
    (10402, "Music"),
    (9648, "Mystery"),
    (10749, "Romance"),
    (878, "Science Fiction"),
    (10770, "TV Movie"),
    (53, "Thriller"),
    (10752, "War"),
    (37, "Western"),
];

/// The most genre ids one list may hold: every genre once.
pub const GENRES_MAX: usize = GENRES.len();

/// The English name of a TMDB movie genre, or `None` for an unknown id.
pub fn genre_name(id: i64) -> Option<&'static str> {
    GENRES
        .iter()
        .find(|(known, _)| *known == id)
        .map(|(_, name)| *name)
}

/// A list of known genre ids without duplicates, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GenreIds(Vec<i64>);

impl GenreIds {
    /// Parses a query string such as `with_genres=28,12` (field `with_genres`).
    pub fn parse(raw: &str) -> Result<Self, Error> {
        Self::parse_field(raw, "with_genres")
    }

    /// Parses a comma list for the named query parameter (e.g. `genres`). A blank
    /// string is the empty list; spaces around items are fine; an empty item ("28,,12"),
    /// a non-number, an unknown id or more than [`GENRES_MAX`] items is refused.
    pub fn parse_field(raw: &str, field: &'static str) -> Result<Self, Error> {
        if raw.trim().is_empty() {
            return Ok(Self::default());
        }
        let items: Vec<&str> = raw.split(',').map(str::trim).collect();
        check_count(items.len(), field)?;
        let ids = items
            .iter()
            .map(|item| {
                item.parse::<i64>().map_err(|_| {
                    Error::invalid(
                        field,
                        ErrorCode::InvalidGenres,
                        format!("{field} must be a comma-separated list of genre ids."),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::build(&ids, field)
    }

    /// Checks genre ids sent as a JSON array (a group's `tags`).
    pub fn from_ids(ids: &[i64]) -> Result<Self, Error> {
        Self::from_ids_field(ids, "tags")
    }

    /// [`GenreIds::from_ids`] for a differently named field.
    pub fn from_ids_field(ids: &[i64], field: &'static str) -> Result<Self, Error> {
        check_count(ids.len(), field)?;
        Self::build(ids, field)
    }

    fn build(ids: &[i64], field: &'static str) -> Result<Self, Error> {
        let mut kept = Vec::with_capacity(ids.len());
        for &id in ids {
            if genre_name(id).is_none() {
                return Err(Error::invalid(
                    field,
                    ErrorCode::InvalidGenres,
                    format!("Unknown genre id: {id}."),
                ));
            }
            if !kept.contains(&id) {
                kept.push(id);
            }
        }
        Ok(Self(kept))
    }

    pub fn as_slice(&self) -> &[i64] {
        &self.0
    }

    pub fn into_vec(self) -> Vec<i64> {
        self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The genres' names, in the same order (a group's `genre_tags`).
    pub fn names(&self) -> Vec<&'static str> {
        self.0.iter().filter_map(|id| genre_name(*id)).collect()
    }

    /// Back to `28,12`, as TMDB's discover endpoint takes it.
    pub fn to_query(&self) -> String {
        self.0
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Counted before duplicates are dropped, so a list of a million "28"s is refused
/// without being parsed.
fn check_count(count: usize, field: &'static str) -> Result<(), Error> {
    if count > GENRES_MAX {
        return Err(Error::invalid(
            field,
            ErrorCode::InvalidGenres,
            format!("At most {GENRES_MAX} genres can be given."),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nineteen_genres_by_id() {
        let cases = [
            (28, Some("Action")),
            (878, Some("Science Fiction")),
            (10770, Some("TV Movie")),
            (37, Some("Western")),
            (10751, Some("Family")),
            (0, None),
            (29, None),
            (-28, None),
        ];
        for (id, name) in cases {
            assert_eq!(genre_name(id), name, "genre {id}");
        }
        assert_eq!(GENRES.len(), 19);
        let mut ids: Vec<i64> = GENRES.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 19, "ids are unique");
    }

    fn outcome(result: Result<GenreIds, Error>) -> Result<Vec<i64>, String> {
        match result {
            Ok(ids) => Ok(ids.into_vec()),
            Err(Error::Invalid {
                field,
                code,
                message,
            }) => Err(format!("{field}/{code}: {message}")),
            Err(other) => Err(format!("unexpected {other:?}")),
        }
    }

    #[test]
    fn query_lists() {
        let all: String = GENRES
            .iter()
            .map(|(id, _)| id.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let twenty = format!("{all},28");
        let not_a_list =
            "with_genres/invalid_genres: with_genres must be a comma-separated list of genre ids.";
        let cases: Vec<(&str, Result<Vec<i64>, &str>)> = vec![
            ("", Ok(vec![])),
            ("   ", Ok(vec![])),
            ("28", Ok(vec![28])),
            ("28,12", Ok(vec![28, 12])),
            (" 28 , 12 ", Ok(vec![28, 12])),
            ("12,28,12,28", Ok(vec![12, 28])),
            (&all, Ok(GENRES.iter().map(|(id, _)| *id).collect())),
            ("28,,12", Err(not_a_list)),
            ("28,", Err(not_a_list)),
            ("action", Err(not_a_list)),
            ("28;12", Err(not_a_list)),
            ("2.5", Err(not_a_list)),
            (
                "28,999",
                Err("with_genres/invalid_genres: Unknown genre id: 999."),
            ),
            (
                "-28",
                Err("with_genres/invalid_genres: Unknown genre id: -28."),
            ),
            (
                &twenty,
                Err("with_genres/invalid_genres: At most 19 genres can be given."),
            ),
        ];
        for (input, expected) in cases {
            let expected = expected.map_err(str::to_owned);
            assert_eq!(outcome(GenreIds::parse(input)), expected, "{input:?}");
        }
        assert_eq!(
            outcome(GenreIds::parse_field("x", "genres")),
            Err(
                "genres/invalid_genres: genres must be a comma-separated list of genre ids."
                    .to_owned()
            )
        );
    }

    #[test]
    fn json_lists() {
        type Case = (Vec<i64>, Result<Vec<i64>, &'static str>);
        let cases: Vec<Case> = vec![
            (vec![], Ok(vec![])),
            (vec![18, 80], Ok(vec![18, 80])),
            (vec![80, 18, 80], Ok(vec![80, 18])),
            (
                vec![18, 1],
                Err("tags/invalid_genres: Unknown genre id: 1."),
            ),
            (
                vec![28; 20],
                Err("tags/invalid_genres: At most 19 genres can be given."),
            ),
        ];
        for (input, expected) in cases {
            let expected = expected.map_err(str::to_owned);
            assert_eq!(outcome(GenreIds::from_ids(&input)), expected, "{input:?}");
        }
        assert!(matches!(
            GenreIds::from_ids_field(&[5], "genres"),
            Err(Error::Invalid { ref field, .. }) if field == "genres"
        ));
    }

    #[test]
    fn names_and_query_follow_the_given_order() {
        let ids = GenreIds::parse("878, 27,878").unwrap();
        assert_eq!(ids.names(), vec!["Science Fiction", "Horror"]);
        assert_eq!(ids.to_query(), "878,27");
        assert_eq!(ids.len(), 2);
        assert!(GenreIds::parse("").unwrap().is_empty());
        assert_eq!(GenreIds::default().to_query(), "");
    }
}
