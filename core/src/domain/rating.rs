//! Ratings (1..=5 stars) and their averages.

use serde::Serialize;

use crate::error::{Error, ErrorCode};

pub const RATING_MIN: i64 = 1;
pub const RATING_MAX: i64 = 5;
/// The rating a new review form starts with.
pub const DEFAULT_RATING: i64 = 3;

/// A whole number of stars from 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Rating(i64);

impl Rating {
    pub fn new(value: i64) -> Result<Self, Error> {
        if (RATING_MIN..=RATING_MAX).contains(&value) {
            Ok(Self(value))
        } else {
            Err(Error::invalid(
                "rating",
                ErrorCode::InvalidRating,
                "Rating must be a whole number from 1 to 5.",
            ))
        }
    }

    pub fn value(self) -> i64 {
        self.0
    }
}

/// `sum / count` rounded half away from zero to one decimal; `None` when `count` is 0.
pub fn average_one_decimal(sum: i64, count: i64) -> Option<f64> {
    if count <= 0 {
        return None;
    }
    // Integer arithmetic in tenths avoids binary rounding surprises (e.g. 2.25 → 2.3).
    let tenths = (sum * 20 + count) / (2 * count);
    Some(tenths as f64 / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_one_to_five() {
        for (value, ok) in [
            (0, false),
            (1, true),
            (3, true),
            (5, true),
            (6, false),
            (-1, false),
        ] {
            assert_eq!(Rating::new(value).is_ok(), ok, "{value}");
        }
    }

    #[test]
    fn averages_round_to_one_decimal() {
        let cases = [
            (0, 0, None),
            (5, 1, Some(5.0)),
            (9, 2, Some(4.5)),
            (10, 3, Some(3.3)),
            (11, 3, Some(3.7)),
            (9, 4, Some(2.3)), // 2.25 rounds up
            (7, 3, Some(2.3)),
        ];
        for (sum, count, expected) in cases {
            assert_eq!(average_one_decimal(sum, count), expected, "{sum}/{count}");
        }
    }
}
