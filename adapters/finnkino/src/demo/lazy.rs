//! The demo feed as the server runs it: its films are read from the catalog on the first
//! schedule or event request, not at start-up, so that a server over TMDB does not spend
//! its start (and TMDB's quota) on showtimes nobody asked for. Concurrent first requests
//! wait for one read; a read that found no film (the catalog was down) is tried again
//! after [`RETRY_AFTER`], and meanwhile the feed answers with empty schedules.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use tokio::sync::Mutex;

use leffaseura_core::domain::showtime::{
    Area, AreaId, Event, EventList, Fetched, ScheduleQuery, Show,
};
use leffaseura_core::ports::{Clock, MovieCatalog, ShowtimeFeed, SystemClock};
use leffaseura_core::Error;

use super::{places, DemoFeed};

/// How long a film list read while the catalog was down stands before another read.
pub const RETRY_AFTER: Duration = Duration::minutes(1);

/// [`DemoFeed`] over a catalog's films, read on first use.
pub struct LazyDemoFeed {
    catalog: Arc<dyn MovieCatalog>,
    pages: u32,
    clock: Arc<dyn Clock>,
    /// The feed once read, and when.
    built: Mutex<Option<(DemoFeed, DateTime<Utc>)>>,
}

impl LazyDemoFeed {
    /// A feed over the films `catalog` lists as popular on its first `pages` pages.
    pub fn new(catalog: Arc<dyn MovieCatalog>, pages: u32) -> Self {
        Self {
            catalog,
            pages,
            clock: Arc::new(SystemClock),
            built: Mutex::new(None),
        }
    }

    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// The feed, read from the catalog when never read or when the last read found
    /// nothing a while ago.
    pub async fn feed(&self) -> DemoFeed {
        let mut built = self.built.lock().await;
        let now = self.clock.now();
        if let Some((feed, read_at)) = built.as_ref() {
            if feed.film_count() > 0 || now - *read_at < RETRY_AFTER {
                return feed.clone();
            }
        }
        let feed = DemoFeed::from_catalog(self.catalog.as_ref(), self.pages)
            .await
            .with_clock(self.clock.clone());
        tracing::info!(
            films = feed.film_count(),
            "demo showtimes: films read from the catalog"
        );
        *built = Some((feed.clone(), now));
        feed
    }
}

#[async_trait]
impl ShowtimeFeed for LazyDemoFeed {
    fn health(&self) -> leffaseura_core::domain::source::SourceHealth {
        leffaseura_core::domain::source::SourceHealth::Offline
    }

    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        // The places need no film: no catalog read.
        Ok(Fetched::fresh(places::areas(), self.clock.now()))
    }

    async fn schedule(&self, query: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error> {
        self.feed().await.schedule(query).await
    }

    async fn events(
        &self,
        list: EventList,
        area: Option<AreaId>,
    ) -> Result<Fetched<Vec<Event>>, Error> {
        self.feed().await.events(list, area).await
    }
}
