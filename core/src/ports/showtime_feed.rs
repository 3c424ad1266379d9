//! Where showtimes come from: the Finnkino XML feed (behind the store's cache), or the
//! offline demo feed.

use std::sync::Arc;

use async_trait::async_trait;

use crate::domain::showtime::{Area, AreaId, Event, EventList, Fetched, ScheduleQuery, Show};
use crate::domain::source::SourceHealth;
use crate::error::Error;

/// A read-only feed of Finnish cinema showtimes. Every answer says when it was read
/// from the source and whether it is a stale copy standing in for a failed read.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ShowtimeFeed: Send + Sync {
    /// How the feed's source is doing (for readiness reports); see
    /// [`crate::ports::MovieCatalog::health`].
    fn health(&self) -> SourceHealth {
        SourceHealth::Up
    }

    /// Every theatre area, in the feed's own order (the placeholder area included).
    ///
    /// # Errors
    /// `Upstream` (`upstream_unavailable`) when the source fails, refuses or times out
    /// and no copy is cached.
    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error>;

    /// The shows of `query`'s area from its date for its number of days (only one
    /// event's when it names one), in no guaranteed order. An area without shows, or an
    /// area the source does not know, gives an empty list. Shared, not copied: a week of
    /// an area is a thousand shows or more, and a cached copy serves every request (each
    /// caller picks and copies the few it answers with).
    ///
    /// # Errors
    /// `Upstream` (`upstream_unavailable`) when the source fails and no copy is cached.
    async fn schedule(&self, query: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error>;

    /// The events of `list` (in one area's theatres when `area` is given).
    ///
    /// # Errors
    /// `Upstream` (`upstream_unavailable`) when the source fails and no copy is cached.
    async fn events(
        &self,
        list: EventList,
        area: Option<AreaId>,
    ) -> Result<Fetched<Vec<Event>>, Error>;
}
