//! Where each user's showtime preferences (area and filters) are kept.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::showtime::ShowtimePreferences;
use crate::error::StoreError;
use crate::ids::UserId;

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ShowtimePreferenceStore: Send + Sync {
    /// `user`'s saved preferences; `None` when they never saved any.
    ///
    /// # Errors
    /// `Backend` only.
    async fn showtime_preferences(
        &self,
        user: UserId,
    ) -> Result<Option<ShowtimePreferences>, StoreError>;

    /// Saves (replaces) `user`'s preferences, stamped as saved `at`.
    ///
    /// # Errors
    /// `NotFound` when the user does not exist (any more); `Backend` otherwise.
    async fn save_showtime_preferences(
        &self,
        user: UserId,
        preferences: &ShowtimePreferences,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
}
