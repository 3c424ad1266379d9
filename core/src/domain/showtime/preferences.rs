//! What a user wants to see on the Showtimes page, remembered on the server: their
//! theatre area and their filters.

use serde::{Deserialize, Serialize};

use super::rating::AgeRating;
use super::{AreaId, PLACEHOLDER_AREA};

/// A user's showtime preferences. The default is no area and no filters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShowtimePreferences {
    /// The chosen area; `None` until one is chosen (never the placeholder area).
    pub area: Option<AreaId>,
    /// Only shows in the original language with Finnish subtitles…
    pub original_with_finnish_subtitles: bool,
    /// …or (either one passes) only shows dubbed into Finnish.
    pub finnish_dub: bool,
    /// Only 3D shows…
    pub three_d: bool,
    /// …or (either one passes) only IMAX shows.
    pub imax: bool,
    /// Only shows rated at most this (admission rating).
    pub max_rating: Option<AgeRating>,
}

impl ShowtimePreferences {
    /// The placeholder area means no area.
    #[must_use]
    pub fn normalized(mut self) -> Self {
        if self.area == Some(PLACEHOLDER_AREA) {
            self.area = None;
        }
        if self.max_rating == Some(AgeRating::Unknown) {
            self.max_rating = None;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placeholder_area_is_no_area() {
        let prefs = ShowtimePreferences {
            area: Some(PLACEHOLDER_AREA),
            max_rating: Some(AgeRating::Unknown),
            ..ShowtimePreferences::default()
        };
        assert_eq!(prefs.normalized(), ShowtimePreferences::default());
        let kept = ShowtimePreferences {
            area: Some(AreaId(1002)),
            three_d: true,
            max_rating: Some(AgeRating::K12),
            ..ShowtimePreferences::default()
        };
        assert_eq!(kept.clone().normalized(), kept);
    }
}
