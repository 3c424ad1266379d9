//! `GET` / `PUT /users/profile/showtime-preferences`: the area and filters a user last
//! chose on the Showtimes page, remembered on the server.

use crate::domain::showtime::ShowtimePreferences;
use crate::domain::user::User;
use crate::error::{Error, ErrorCode, StoreError};
use crate::use_cases::showtimes::Showtimes;

impl Showtimes {
    /// The user's preferences; the defaults (no area, no filters) until they save some.
    ///
    /// # Errors
    /// `Internal` when the store fails.
    pub async fn showtime_preferences(&self, user: &User) -> Result<ShowtimePreferences, Error> {
        Ok(self
            .preferences
            .showtime_preferences(user.id)
            .await?
            .unwrap_or_default())
    }

    /// Replaces the user's preferences. The placeholder area is saved as no area; an
    /// area the feed does not list is refused (unless the area list cannot be had).
    ///
    /// # Errors
    /// `NotFound` `area_not_found` for an area the cinema does not list; `Unauthenticated`
    /// when the account is gone; `Internal` when the store fails.
    pub async fn save_showtime_preferences(
        &self,
        user: &User,
        preferences: ShowtimePreferences,
    ) -> Result<ShowtimePreferences, Error> {
        let preferences = preferences.normalized();
        if let Some(area) = preferences.area {
            // An area the cinema does not list is a missing thing (404), as in the
            // schedule, not a malformed request: the spec cannot know the list.
            self.check_area(area).await?;
        }
        match self
            .preferences
            .save_showtime_preferences(user.id, &preferences, self.clock.now())
            .await
        {
            Ok(()) => Ok(preferences),
            Err(StoreError::NotFound) => Err(Error::unauthenticated(
                ErrorCode::TokenRevoked,
                "Your session is no longer valid. Please log in again.",
            )),
            Err(err) => Err(err.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::showtime::{AgeRating, AreaId, ShowtimePreferences, PLACEHOLDER_AREA};
    use crate::use_cases::showtimes::testing::*;
    use crate::use_cases::test_support::user;

    #[tokio::test]
    async fn defaults_until_saved() {
        let mut ports = Ports::new();
        ports
            .preferences
            .expect_showtime_preferences()
            .returning(|_| Ok(None));
        let got = ports
            .build()
            .showtime_preferences(&user(2, "aino", "pw"))
            .await
            .unwrap();
        assert_eq!(got, ShowtimePreferences::default());
    }

    #[tokio::test]
    async fn saved_preferences_are_normalised_and_areas_checked() {
        let mut ports = Ports::new().with_areas();
        ports
            .preferences
            .expect_save_showtime_preferences()
            .times(1)
            .returning(|_, p, _| {
                assert_eq!(p.area, None);
                Ok(())
            });
        let showtimes = ports.build();
        let aino = user(2, "aino", "pw");
        let saved = showtimes
            .save_showtime_preferences(
                &aino,
                ShowtimePreferences {
                    area: Some(PLACEHOLDER_AREA),
                    finnish_dub: true,
                    max_rating: Some(AgeRating::K7),
                    ..ShowtimePreferences::default()
                },
            )
            .await
            .unwrap();
        assert!(saved.finnish_dub && saved.area.is_none());
        let err = showtimes
            .save_showtime_preferences(
                &aino,
                ShowtimePreferences {
                    area: Some(AreaId(4242)),
                    ..ShowtimePreferences::default()
                },
            )
            .await
            .unwrap_err();
        assert_eq!(err.code(), "area_not_found");
        assert!(matches!(err, crate::error::Error::NotFound { .. }));
    }
}
