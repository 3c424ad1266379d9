//! The date of a showtimes query. Finnkino's feed and the webapp both speak `dd.mm.yyyy`,
//! so the API takes it verbatim (`dt`) and refuses anything else with one clear message
//! instead of guessing what "1.2.26" meant.

use std::fmt;

use chrono::{Datelike, NaiveDate};

use crate::error::{Error, ErrorCode};

/// A real calendar date written as `dd.mm.yyyy` (years 0001–9999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShowDate(NaiveDate);

fn invalid_date() -> Error {
    Error::invalid(
        "dt",
        ErrorCode::InvalidDate,
        "Date must be in dd.mm.yyyy format",
    )
}

impl ShowDate {
    /// Exactly two digits of day, two of month and four of year, separated by dots, and a
    /// date that exists (no 31.02., no 29.02. outside leap years). No trimming: a query
    /// parameter with spaces is a client bug worth seeing.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let bytes = raw.as_bytes();
        let shape_ok = bytes.len() == 10
            && bytes.iter().enumerate().all(|(i, b)| match i {
                2 | 5 => *b == b'.',
                _ => b.is_ascii_digit(),
            });
        if !shape_ok {
            return Err(invalid_date());
        }
        // The shape check makes these slices ASCII digits, so parsing cannot fail; the
        // error path is still the user-facing one rather than a panic.
        let number =
            |range: std::ops::Range<usize>| raw[range].parse::<u32>().map_err(|_| invalid_date());
        let day = number(0..2)?;
        let month = number(3..5)?;
        let year = number(6..10)?;
        if year == 0 {
            return Err(invalid_date());
        }
        let year = i32::try_from(year).map_err(|_| invalid_date())?;
        NaiveDate::from_ymd_opt(year, month, day)
            .map(Self)
            .ok_or_else(invalid_date)
    }

    /// Back to `dd.mm.yyyy`, as Finnkino expects it.
    pub fn format(self) -> String {
        format!(
            "{:02}.{:02}.{:04}",
            self.0.day(),
            self.0.month(),
            self.0.year()
        )
    }

    pub fn date(self) -> NaiveDate {
        self.0
    }
}

impl fmt::Display for ShowDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format())
    }
}

impl From<ShowDate> for NaiveDate {
    fn from(date: ShowDate) -> Self {
        date.0
    }
}

impl TryFrom<NaiveDate> for ShowDate {
    type Error = Error;

    /// Any date whose year fits in four digits (0001–9999), so that [`ShowDate::format`]
    /// always round-trips through [`ShowDate::parse`].
    fn try_from(date: NaiveDate) -> Result<Self, Error> {
        if (1..=9999).contains(&date.year()) {
            Ok(Self(date))
        } else {
            Err(invalid_date())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_only_real_dates_in_dd_mm_yyyy() {
        let cases = [
            ("20.11.2026", Some((2026, 11, 20))),
            ("01.01.2026", Some((2026, 1, 1))),
            ("31.12.2026", Some((2026, 12, 31))),
            ("29.02.2028", Some((2028, 2, 29))),
            ("29.02.2000", Some((2000, 2, 29))),
            ("28.02.2025", Some((2025, 2, 28))),
            ("29.02.2025", None),
            ("29.02.2100", None),
            ("31.02.2026", None),
            ("31.04.2026", None),
            ("00.01.2026", None),
            ("01.00.2026", None),
            ("01.13.2026", None),
            ("32.01.2026", None),
            ("01.01.0000", None),
            ("1.1.2026", None),
            ("01.1.2026", None),
            ("01.01.26", None),
            ("01.01.02026", None),
            ("2026-11-20", None),
            ("20/11/2026", None),
            ("20.11.2026 ", None),
            (" 20.11.2026", None),
            ("+1.11.2026", None),
            ("aa.bb.cccc", None),
            ("２０.11.2026", None),
            ("", None),
        ];
        for (input, expected) in cases {
            let got = ShowDate::parse(input).ok().map(|d| {
                let d = d.date();
                (d.year(), d.month(), d.day())
            });
            assert_eq!(got, expected, "{input:?}");
        }
    }

    #[test]
    fn refusal_names_dt_with_the_documented_message() {
        let err = ShowDate::parse("31.02.2026").unwrap_err();
        assert_eq!(err.code(), "invalid_date");
        assert_eq!(err.to_string(), "Date must be in dd.mm.yyyy format");
        assert!(matches!(err, Error::Invalid { ref field, .. } if field == "dt"));
    }

    #[test]
    fn formats_back_and_converts_to_chrono() {
        let cases = [
            ((2026, 11, 20), "20.11.2026"),
            ((2026, 1, 5), "05.01.2026"),
            ((2028, 2, 29), "29.02.2028"),
            ((987, 3, 4), "04.03.0987"),
        ];
        for ((y, m, d), text) in cases {
            let naive = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            let date = ShowDate::try_from(naive).unwrap();
            assert_eq!(date.format(), text);
            assert_eq!(date.to_string(), text);
            assert_eq!(ShowDate::parse(text).unwrap(), date);
            assert_eq!(NaiveDate::from(date), naive);
        }
        let far = NaiveDate::from_ymd_opt(10_000, 1, 1).unwrap();
        assert!(ShowDate::try_from(far).is_err());
    }
}
