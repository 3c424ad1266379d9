//! Stand-ins for the HTTP tests: showtimes over a fixed two-area feed without shows, the
//! real store for caches and preferences, and an unreachable catalog (showtimes are
//! tested black-box in `tests/`).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::Utc;

use leffaseura_core::domain::showtime::{
    Area, AreaId, Event, EventList, Fetched, ScheduleQuery, Show,
};
use leffaseura_core::ports::{ShowtimeFeed, SystemClock};
use leffaseura_core::use_cases::{ShowtimePorts, Showtimes};
use leffaseura_core::Error;
use leffaseura_sql::SqlStore;

use crate::testing::NoCatalog;

struct TwoAreas;

#[async_trait]
impl ShowtimeFeed for TwoAreas {
    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        let area = |id, name: &str| Area {
            id: AreaId(id),
            name: name.to_owned(),
        };
        Ok(Fetched::fresh(
            vec![
                area(1029, "Valitse alue/teatteri"),
                area(1002, "Helsinki"),
                area(1021, "Tampere"),
            ],
            Utc::now(),
        ))
    }
    async fn schedule(&self, _: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error> {
        Ok(Fetched::fresh(Vec::new().into(), Utc::now()))
    }
    async fn events(&self, _: EventList, _: Option<AreaId>) -> Result<Fetched<Vec<Event>>, Error> {
        Ok(Fetched::fresh(Vec::new(), Utc::now()))
    }
}

pub fn two_area_showtimes(store: Arc<SqlStore>) -> Arc<Showtimes> {
    Arc::new(Showtimes::new(ShowtimePorts {
        feed: Arc::new(TwoAreas),
        cache: store.clone(),
        catalog: Arc::new(NoCatalog),
        favorites: store.clone(),
        preferences: store,
        clock: Arc::new(SystemClock),
    }))
}
