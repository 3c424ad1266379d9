//! `ShowtimeFeed` over Finnkino's XML feed with reqwest: a descriptive User-Agent, 3 s to
//! connect and 10 s in all per request, the body decoded as UTF-8 XML whatever the
//! headers say. Any failure (refusal such as 403, server error, timeout, unreadable XML)
//! is the feed's 502 `upstream_unavailable`; the caching decorator serves a stale copy
//! where it has one.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use leffaseura_core::domain::showtime::{
    feed_unavailable, Area, AreaId, Event, EventList, Fetched, ScheduleQuery, Show,
};
use leffaseura_core::ports::{Clock, ShowtimeFeed, SystemClock};
use leffaseura_core::Error;

use crate::parse;

/// Finnkino's feed.
pub const DEFAULT_API_BASE: &str = "https://www.finnkino.fi/xml";

/// Who is asking, so that Finnkino can tell (and reach) us.
pub const USER_AGENT: &str = concat!(
    "Leffaseura/",
    env!("CARGO_PKG_VERSION"),
    " (showtimes for a Finnish movie community; answers cached 10 min to 24 h)"
);

/// Settings of the Finnkino client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinnkinoConfig {
    /// Without a trailing slash, e.g. `https://www.finnkino.fi/xml`.
    pub api_base: String,
    pub connect_timeout: Duration,
    pub timeout: Duration,
}

impl FinnkinoConfig {
    /// The given base (trailing slashes dropped; blank means Finnkino's own) with the
    /// standard timeouts.
    pub fn new(api_base: &str) -> Self {
        let base = api_base.trim().trim_end_matches('/');
        Self {
            api_base: if base.is_empty() {
                DEFAULT_API_BASE.to_owned()
            } else {
                base.to_owned()
            },
            connect_timeout: Duration::from_secs(3),
            timeout: Duration::from_secs(10),
        }
    }
}

impl Default for FinnkinoConfig {
    fn default() -> Self {
        Self::new(DEFAULT_API_BASE)
    }
}

/// The live feed. Cheap to clone.
#[derive(Clone)]
pub struct FinnkinoFeed {
    http: reqwest::Client,
    config: FinnkinoConfig,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for FinnkinoFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FinnkinoFeed")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl FinnkinoFeed {
    /// # Errors
    /// `Internal` when the HTTP client cannot be built (no TLS backend).
    pub fn new(config: FinnkinoConfig) -> Result<Self, Error> {
        let http = reqwest::Client::builder()
            .user_agent(USER_AGENT)
            .connect_timeout(config.connect_timeout)
            .timeout(config.timeout)
            .build()
            .map_err(Error::internal)?;
        Ok(Self {
            http,
            config,
            clock: Arc::new(SystemClock),
        })
    }

    #[must_use]
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    pub fn config(&self) -> &FinnkinoConfig {
        &self.config
    }

    /// [`Self::fetch_once`], counted by upstream (`finnkino`) as a call, and as a
    /// failure when it failed (every failure of the feed is one of Finnkino's).
    async fn fetch<T>(
        &self,
        endpoint: &str,
        params: &[(&str, String)],
        read: fn(&[u8]) -> Result<T, crate::xml::XmlError>,
    ) -> Result<Fetched<T>, Error> {
        let started = std::time::Instant::now();
        let result = self.fetch_once(endpoint, params, read).await;
        metrics::counter!("leffaseura_upstream_calls_total", "upstream" => "finnkino").increment(1);
        if result.is_err() {
            metrics::counter!("leffaseura_upstream_failures_total", "upstream" => "finnkino")
                .increment(1);
        }
        metrics::histogram!("leffaseura_upstream_call_duration_seconds", "upstream" => "finnkino")
            .record(started.elapsed().as_secs_f64());
        result
    }

    /// GETs `{base}/{endpoint}/` and hands the body's bytes to `read`.
    async fn fetch_once<T>(
        &self,
        endpoint: &str,
        params: &[(&str, String)],
        read: fn(&[u8]) -> Result<T, crate::xml::XmlError>,
    ) -> Result<Fetched<T>, Error> {
        let url = format!("{}/{endpoint}/", self.config.api_base);
        let started = std::time::Instant::now();
        let response = self
            .http
            .get(&url)
            .query(params)
            .header(reqwest::header::ACCEPT, "application/xml, text/xml")
            .send()
            .await
            .map_err(|err| {
                tracing::warn!(endpoint, error = %err, timeout = err.is_timeout(), "Finnkino unreachable");
                feed_unavailable()
            })?;
        let status = response.status();
        if !status.is_success() {
            // 403 is how Finnkino turns away data-centre addresses.
            tracing::warn!(endpoint, %status, "Finnkino refused or failed");
            return Err(feed_unavailable());
        }
        let body = response.bytes().await.map_err(|err| {
            tracing::warn!(endpoint, error = %err, "Finnkino's answer broke off");
            feed_unavailable()
        })?;
        let value = read(&body).map_err(|err| {
            tracing::warn!(endpoint, error = %err, bytes = body.len(), "Finnkino sent unreadable XML");
            feed_unavailable()
        })?;
        tracing::debug!(
            endpoint,
            ms = started.elapsed().as_millis() as u64,
            bytes = body.len(),
            "Finnkino answered"
        );
        Ok(Fetched::fresh(value, self.clock.now()))
    }
}

#[async_trait]
impl ShowtimeFeed for FinnkinoFeed {
    async fn areas(&self) -> Result<Fetched<Vec<Area>>, Error> {
        self.fetch("TheatreAreas", &[], parse::areas).await
    }

    async fn schedule(&self, query: &ScheduleQuery) -> Result<Fetched<Arc<[Show]>>, Error> {
        let mut params = vec![
            ("area", query.area.0.to_string()),
            ("dt", query.date.format()),
            ("nrOfDays", query.days.get().to_string()),
        ];
        if let Some(event) = query.event {
            params.push(("eventID", event.0.to_string()));
        }
        let fetched = self.fetch("Schedule", &params, parse::schedule).await?;
        Ok(fetched.map(Arc::from))
    }

    async fn events(
        &self,
        list: EventList,
        area: Option<AreaId>,
    ) -> Result<Fetched<Vec<Event>>, Error> {
        let mut params = vec![("listType", list.as_str().to_owned())];
        if let Some(area) = area {
            params.push(("area", area.0.to_string()));
        }
        self.fetch("Events", &params, parse::events).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_url_is_normalised() {
        assert_eq!(
            FinnkinoConfig::new("http://127.0.0.1:9/xml/").api_base,
            "http://127.0.0.1:9/xml"
        );
        assert_eq!(FinnkinoConfig::new("  ").api_base, DEFAULT_API_BASE);
        let config = FinnkinoConfig::default();
        assert_eq!(config.connect_timeout, Duration::from_secs(3));
        assert_eq!(config.timeout, Duration::from_secs(10));
        assert!(USER_AGENT.starts_with("Leffaseura/"));
    }
}
