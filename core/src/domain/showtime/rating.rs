//! Finnish age ratings (ikärajat), normalised: S, K-7, K-12, K-16, K-18, or unknown.
//!
//! The feed writes them several ways: `S`, `7`, `12`, `16`, `18`; licensed-bar shows as
//! `Anniskelu K18 (elokuva: 12)` with the label `18_12` (the audience must be adult, the
//! film itself is rated 12); unclassified live events as `Luok_vap`; films not rated yet as
//! `Tulossa`; private bookings as `(none)`.

use crate::error::ErrorCode;
use serde::{Deserialize, Serialize};

/// An age rating. Ordered from the most to the least permissive, with `Unknown` last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AgeRating {
    /// Sallittu: for everyone.
    S,
    K7,
    K12,
    K16,
    K18,
    /// Unclassified, not rated yet, or unreadable.
    Unknown,
}

impl AgeRating {
    /// `S`, `K-7`, `K-12`, `K-16`, `K-18` or `unknown`: the API's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::S => "S",
            Self::K7 => "K-7",
            Self::K12 => "K-12",
            Self::K16 => "K-16",
            Self::K18 => "K-18",
            Self::Unknown => "unknown",
        }
    }

    /// Reads one rating written as the API spells it (`K-12`) or as the feed does (`12`,
    /// `K12`, `S`); anything else is `Unknown`.
    pub fn parse(raw: &str) -> Self {
        let text = raw.trim().to_ascii_uppercase();
        let digits = text
            .strip_prefix("K-")
            .or_else(|| text.strip_prefix('K'))
            .unwrap_or(&text);
        match digits {
            "S" => Self::S,
            "7" => Self::K7,
            "12" => Self::K12,
            "16" => Self::K16,
            "18" => Self::K18,
            _ => Self::Unknown,
        }
    }

    /// A rating a user may pick as "at most": every known rating.
    ///
    /// # Errors
    /// `Invalid` `invalid_rating` (on `field`) for anything but S, K-7, K-12, K-16, K-18.
    pub fn parse_limit(raw: &str, field: &'static str) -> Result<Self, crate::Error> {
        match Self::parse(raw) {
            Self::Unknown => Err(crate::Error::invalid(
                field,
                ErrorCode::InvalidRating,
                "Age rating must be one of S, K-7, K-12, K-16, K-18.",
            )),
            known => Ok(known),
        }
    }

    /// Does a show with this rating pass an "at most `limit`" filter? An unknown rating
    /// passes only when every age is allowed (K-18).
    pub fn within(self, limit: AgeRating) -> bool {
        match self {
            Self::Unknown => limit == Self::K18,
            known => known <= limit,
        }
    }
}

/// The two ratings of a show: who is admitted (`admission`; K-18 at a licensed-bar
/// show) and what the film itself is rated (`film`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShowRating {
    pub admission: AgeRating,
    pub film: AgeRating,
}

impl ShowRating {
    /// From the feed's `Rating` and `RatingLabel` (either may be empty).
    pub fn from_feed(rating: &str, label: &str) -> Self {
        // "Anniskelu K18 (elokuva: 12)": the film's own rating follows "elokuva:".
        if let Some(film) = film_rating_after_marker(rating) {
            return Self {
                admission: AgeRating::K18,
                film,
            };
        }
        // "18_12": adult audience, film rated 12.
        if let Some((audience, film)) = label.trim().split_once('_') {
            let audience = AgeRating::parse(audience);
            let film = AgeRating::parse(film);
            if audience != AgeRating::Unknown && film != AgeRating::Unknown {
                return Self {
                    admission: audience.max(film),
                    film,
                };
            }
        }
        let plain = match AgeRating::parse(rating) {
            AgeRating::Unknown => AgeRating::parse(label),
            known => known,
        };
        Self {
            admission: plain,
            film: plain,
        }
    }

    pub fn same(rating: AgeRating) -> Self {
        Self {
            admission: rating,
            film: rating,
        }
    }
}

fn film_rating_after_marker(rating: &str) -> Option<AgeRating> {
    let lower = rating.to_lowercase();
    let at = lower.find("elokuva:")?;
    let rest = &lower[at + "elokuva:".len()..];
    let token: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    match AgeRating::parse(&token) {
        AgeRating::Unknown => None,
        film => Some(film),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_the_feed_is_normalised() {
        use AgeRating::*;
        // (Rating, RatingLabel, admission, film)
        let cases = [
            ("S", "S", S, S),
            ("7", "7", K7, K7),
            ("12", "12", K12, K12),
            ("16", "16", K16, K16),
            ("18", "18", K18, K18),
            ("K-16", "", K16, K16),
            ("Anniskelu K18 (elokuva: 12)", "18_12", K18, K12),
            ("Anniskelu K18 (elokuva: 7)", "18_7", K18, K7),
            ("Anniskelu K18 (elokuva: S)", "", K18, S),
            ("", "18_16", K18, K16),
            ("Luok_vap", "Luok.vap.", Unknown, Unknown),
            ("Tulossa", "Tulossa", Unknown, Unknown),
            ("(none)", "(none)", Unknown, Unknown),
            ("", "", Unknown, Unknown),
            ("", "12", K12, K12),
        ];
        for (rating, label, admission, film) in cases {
            assert_eq!(
                ShowRating::from_feed(rating, label),
                ShowRating { admission, film },
                "{rating:?} / {label:?}"
            );
        }
    }

    #[test]
    fn api_spelling_round_trips() {
        use AgeRating::*;
        for rating in [S, K7, K12, K16, K18] {
            assert_eq!(AgeRating::parse(rating.as_str()), rating);
            assert_eq!(
                AgeRating::parse_limit(rating.as_str(), "max_rating").unwrap(),
                rating
            );
        }
        assert_eq!(Unknown.as_str(), "unknown");
        assert!(AgeRating::parse_limit("unknown", "max_rating").is_err());
        assert!(AgeRating::parse_limit("K-13", "max_rating").is_err());
    }

    #[test]
    fn an_at_most_filter_lets_lower_ratings_through() {
        use AgeRating::*;
        assert!(S.within(K7));
        assert!(K12.within(K12));
        assert!(!K16.within(K12));
        assert!(!K18.within(K16));
        assert!(!Unknown.within(K16));
        assert!(Unknown.within(K18));
    }
}
