//! The files of a Letterboxd export we read, their columns, and their rows as plain data.
//! The adapter turns CSV bytes into [`RawTable`]s (a header and records of text); this
//! checks the columns and reads the cells.

use chrono::NaiveDate;

use crate::domain::import::MAX_ROWS;
use crate::error::{Error, ErrorCode};

/// The Letterboxd files an import reads; others in a ZIP (profile.csv, comments.csv, …)
/// are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LetterboxdFile {
    Ratings,
    Reviews,
    Watchlist,
    Diary,
}

impl LetterboxdFile {
    pub const ALL: [Self; 4] = [Self::Ratings, Self::Reviews, Self::Watchlist, Self::Diary];

    pub fn file_name(self) -> &'static str {
        match self {
            Self::Ratings => "ratings.csv",
            Self::Reviews => "reviews.csv",
            Self::Watchlist => "watchlist.csv",
            Self::Diary => "diary.csv",
        }
    }

    /// The file an upload's name stands for: its last path segment, in any letter case.
    /// Letterboxd's ZIP keeps deleted and orphaned entries in folders (`deleted/reviews.csv`);
    /// with `top_level_only` those are not read.
    pub fn from_name(name: &str, top_level_only: bool) -> Option<Self> {
        let name = name.replace('\\', "/");
        if top_level_only && name.trim_start_matches('/').contains('/') {
            return None;
        }
        let base = name
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Self::ALL.into_iter().find(|file| file.file_name() == base)
    }

    /// The columns the file must have (Letterboxd's header spelling); more are allowed.
    pub fn columns(self) -> &'static [&'static str] {
        match self {
            Self::Ratings => &["Date", "Name", "Year", "Letterboxd URI", "Rating"],
            Self::Reviews => &[
                "Date",
                "Name",
                "Year",
                "Letterboxd URI",
                "Rating",
                "Rewatch",
                "Review",
                "Tags",
                "Watched Date",
            ],
            Self::Watchlist => &["Date", "Name", "Year", "Letterboxd URI"],
            Self::Diary => &[
                "Date",
                "Name",
                "Year",
                "Letterboxd URI",
                "Rating",
                "Rewatch",
                "Tags",
                "Watched Date",
            ],
        }
    }
}

/// One CSV file as the adapter read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawTable {
    pub file: LetterboxdFile,
    pub header: Vec<String>,
    pub records: Vec<Vec<String>>,
}

/// One row of a Letterboxd file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LetterboxdRow {
    pub file: LetterboxdFile,
    /// When the row was logged (`Date`).
    pub date: Option<NaiveDate>,
    pub name: String,
    pub year: Option<i32>,
    /// The film's Letterboxd address: the same film in several files has the same one.
    pub uri: String,
    /// Already on our 1–5 scale ([`map_rating`]).
    pub rating: Option<i64>,
    /// The review text; `None` when blank or the file has none.
    pub review: Option<String>,
}

/// A Letterboxd rating (0.5–5 in halves) on our 1–5 scale: rounded half up, at least 1
/// (0.5→1, 1→1, 1.5→2, 2→2, 2.5→3, …, 4.5→5, 5→5). Blank is no rating.
///
/// # Errors
/// `Err(())` for anything else (not a number, not a half step, outside 0.5–5).
#[allow(clippy::result_unit_err)]
pub fn map_rating(raw: &str) -> Result<Option<i64>, ()> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let value: f64 = raw.parse().map_err(|_| ())?;
    let halves = value * 2.0;
    if !(1.0..=10.0).contains(&halves) || halves.fract() != 0.0 {
        return Err(());
    }
    // In range and whole, so the cast is exact.
    #[allow(clippy::cast_possible_truncation)]
    let halves = halves as i64;
    Ok(Some(((halves + 1) / 2).max(1)))
}

fn bad_row(file: LetterboxdFile, row: usize, what: &str) -> Error {
    Error::invalid(
        "files",
        ErrorCode::ImportBadRow,
        format!(
            "{} row {row}: {what}. Nothing was imported.",
            file.file_name()
        ),
    )
}

/// The rows of every table, checked: each file has its columns, there are at most
/// [`MAX_ROWS`] rows in all, and every rating, year and date reads.
///
/// # Errors
/// `Invalid` `import_no_files` for no tables, `import_wrong_columns` naming the missing
/// columns, `import_bad_row` naming the file and row (1 = the first after the header);
/// `TooLarge` `import_too_many_rows`.
pub fn parse_tables(tables: &[RawTable]) -> Result<Vec<LetterboxdRow>, Error> {
    if tables.is_empty() {
        return Err(Error::invalid(
            "files",
            ErrorCode::ImportNoFiles,
            "Upload your Letterboxd export: the ZIP, or its ratings.csv, reviews.csv, \
             watchlist.csv or diary.csv.",
        ));
    }
    let total: usize = tables.iter().map(|t| t.records.len()).sum();
    if total > MAX_ROWS {
        return Err(Error::too_large(
            ErrorCode::ImportTooManyRows,
            format!("The files have {total} rows; at most {MAX_ROWS} can be imported at once."),
        ));
    }
    let mut rows = Vec::with_capacity(total);
    for table in tables {
        let index = column_index(table)?;
        for (n, record) in table.records.iter().enumerate() {
            rows.push(read_row(table.file, n + 1, record, &index)?);
        }
    }
    Ok(rows)
}

/// Where each wanted column is, in [`LetterboxdFile::columns`] order.
fn column_index(table: &RawTable) -> Result<Vec<usize>, Error> {
    let header: Vec<&str> = table
        .header
        .iter()
        .map(|h| h.trim().trim_start_matches('\u{feff}'))
        .collect();
    let mut index = Vec::new();
    let mut missing = Vec::new();
    for column in table.file.columns() {
        match header.iter().position(|h| h == column) {
            Some(i) => index.push(i),
            None => missing.push(*column),
        }
    }
    if missing.is_empty() {
        Ok(index)
    } else {
        Err(Error::invalid(
            "files",
            ErrorCode::ImportWrongColumns,
            format!(
                "{} is not a Letterboxd {} file: it lacks the column(s) {}. Nothing was imported.",
                table.file.file_name(),
                table.file.file_name(),
                missing.join(", ")
            ),
        ))
    }
}

fn read_row(
    file: LetterboxdFile,
    n: usize,
    record: &[String],
    index: &[usize],
) -> Result<LetterboxdRow, Error> {
    let columns = file.columns();
    let cell = |name: &str| -> &str {
        columns
            .iter()
            .position(|c| *c == name)
            .and_then(|i| index.get(i))
            .and_then(|at| record.get(*at))
            .map_or("", |s| s.trim())
    };
    let date = match cell("Date") {
        "" => None,
        raw => Some(
            NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .map_err(|_| bad_row(file, n, "the Date is not YYYY-MM-DD"))?,
        ),
    };
    let year = match cell("Year") {
        "" => None,
        raw => Some(
            raw.parse::<i32>()
                .ok()
                .filter(|y| (1870..=2100).contains(y))
                .ok_or_else(|| bad_row(file, n, "the Year is not a year"))?,
        ),
    };
    let name = cell("Name").to_owned();
    if name.is_empty() {
        return Err(bad_row(file, n, "the Name is empty"));
    }
    let rating = if columns.contains(&"Rating") {
        map_rating(cell("Rating"))
            .map_err(|()| bad_row(file, n, "the Rating is not 0.5–5 in half steps"))?
    } else {
        None
    };
    let review = Some(cell("Review").to_owned()).filter(|text| !text.is_empty());
    Ok(LetterboxdRow {
        file,
        date,
        name,
        year,
        uri: cell("Letterboxd URI").to_owned(),
        rating,
        review,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(file: LetterboxdFile, header: &[&str], records: &[&[&str]]) -> RawTable {
        RawTable {
            file,
            header: header.iter().map(|h| (*h).to_owned()).collect(),
            records: records
                .iter()
                .map(|r| r.iter().map(|c| (*c).to_owned()).collect())
                .collect(),
        }
    }

    #[test]
    fn ratings_round_half_up_to_our_scale() {
        let cases = [
            ("0.5", 1),
            ("1", 1),
            ("1.5", 2),
            ("2", 2),
            ("2.5", 3),
            ("3", 3),
            ("3.5", 4),
            ("4", 4),
            ("4.5", 5),
            ("5", 5),
        ];
        for (raw, ours) in cases {
            assert_eq!(map_rating(raw), Ok(Some(ours)), "{raw}");
        }
        assert_eq!(map_rating(" "), Ok(None));
        for bad in ["0", "5.5", "2.25", "x", "-1", "NaN", "inf"] {
            assert_eq!(map_rating(bad), Err(()), "{bad}");
        }
    }

    #[test]
    fn names_are_recognised_at_the_top_of_a_zip_only_when_asked() {
        assert_eq!(
            LetterboxdFile::from_name("Reviews.CSV", true),
            Some(LetterboxdFile::Reviews)
        );
        assert_eq!(LetterboxdFile::from_name("deleted/reviews.csv", true), None);
        assert_eq!(
            LetterboxdFile::from_name("C:\\export\\diary.csv", false),
            Some(LetterboxdFile::Diary)
        );
        assert_eq!(LetterboxdFile::from_name("profile.csv", false), None);
    }

    #[test]
    fn rows_are_read_by_column_name_whatever_the_order() {
        let rows = parse_tables(&[table(
            LetterboxdFile::Reviews,
            &[
                "\u{feff}Date",
                "Review",
                "Name",
                "Year",
                "Letterboxd URI",
                "Rating",
                "Rewatch",
                "Tags",
                "Watched Date",
                "Extra",
            ],
            &[&[
                "2024-01-02",
                "Loved it",
                "Fight Club",
                "1999",
                "https://boxd.it/a",
                "4.5",
                "",
                "",
                "",
                "",
            ]],
        )])
        .expect("parsed");
        assert_eq!(rows[0].name, "Fight Club");
        assert_eq!(rows[0].year, Some(1999));
        assert_eq!(rows[0].rating, Some(5));
        assert_eq!(rows[0].review.as_deref(), Some("Loved it"));
    }

    #[test]
    fn a_file_without_its_columns_is_refused_naming_them() {
        let err = parse_tables(&[table(LetterboxdFile::Watchlist, &["Date", "Title"], &[])])
            .expect_err("wrong columns");
        assert_eq!(err.code(), "import_wrong_columns");
        assert!(
            err.to_string().contains("Name, Year, Letterboxd URI"),
            "{err}"
        );
    }

    #[test]
    fn unreadable_cells_and_too_many_rows_are_refused() {
        let header = ["Date", "Name", "Year", "Letterboxd URI", "Rating"];
        let err = parse_tables(&[table(
            LetterboxdFile::Ratings,
            &header,
            &[
                &["2024-01-01", "A", "2000", "u", "3"],
                &["2024-01-01", "B", "2000", "u", "7"],
            ],
        )])
        .expect_err("bad rating");
        assert_eq!(err.code(), "import_bad_row");
        assert!(err.to_string().contains("ratings.csv row 2"), "{err}");
        let row: &[&str] = &["", "A", "", "u", ""];
        let many = vec![row; MAX_ROWS + 1];
        let err =
            parse_tables(&[table(LetterboxdFile::Ratings, &header, &many)]).expect_err("too many");
        assert!(matches!(err, Error::TooLarge { .. }));
        assert_eq!(
            parse_tables(&[]).expect_err("none").code(),
            "import_no_files"
        );
    }
}
