//! Which feed the server runs: Finnkino (behind the store's cache) when it is configured,
//! else the offline demo feed.

use std::sync::Arc;

use leffaseura_core::ports::{MovieCatalog, ShowtimeCache, ShowtimeFeed};
use leffaseura_core::Error;

use crate::{CachingFeed, FinnkinoConfig, FinnkinoFeed, LazyDemoFeed};

/// Which feed answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedKind {
    Finnkino,
    Demo,
}

impl FeedKind {
    /// `"finnkino"` or `"demo"`, as `/readyz` and the logs say it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Finnkino => "finnkino",
            Self::Demo => "demo",
        }
    }
}

/// The feed chosen from the configuration (`SHOWTIMES`, `FINNKINO_API_BASE`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeedChoice {
    Finnkino(FinnkinoConfig),
    Demo,
}

impl FeedChoice {
    /// `SHOWTIMES=demo` or `finnkino`; unset or blank: Finnkino when `FINNKINO_API_BASE`
    /// is set, else the demo feed. `SHOWTIMES=finnkino` without a base uses Finnkino's
    /// own address.
    ///
    /// # Errors
    /// A message naming the accepted values for any other `SHOWTIMES`.
    pub fn from_settings(mode: Option<&str>, api_base: Option<&str>) -> Result<Self, String> {
        let api_base = api_base.map(str::trim).filter(|b| !b.is_empty());
        match mode.map(|m| m.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") => Ok(match api_base {
                Some(base) => Self::Finnkino(FinnkinoConfig::new(base)),
                None => Self::Demo,
            }),
            Some("demo") => Ok(Self::Demo),
            Some("finnkino") => Ok(Self::Finnkino(FinnkinoConfig::new(
                api_base.unwrap_or(crate::DEFAULT_API_BASE),
            ))),
            Some(other) => Err(format!(
                "SHOWTIMES must be `finnkino` or `demo`, not `{other}`"
            )),
        }
    }

    pub fn kind(&self) -> FeedKind {
        match self {
            Self::Finnkino(_) => FeedKind::Finnkino,
            Self::Demo => FeedKind::Demo,
        }
    }

    /// Builds the feed: Finnkino behind `cache`, or the demo feed over the films of
    /// `catalog`'s first `demo_pages` popular pages (read on first use). Logs the choice.
    ///
    /// # Errors
    /// `Internal` when the HTTP client cannot be built.
    pub fn start(
        self,
        cache: Arc<dyn ShowtimeCache>,
        catalog: Arc<dyn MovieCatalog>,
        demo_pages: u32,
    ) -> Result<Arc<dyn ShowtimeFeed>, Error> {
        match self {
            Self::Finnkino(config) => {
                tracing::info!(
                    showtimes = "finnkino",
                    api_base = %config.api_base,
                    "showtimes: Finnkino (answers cached in the database)"
                );
                let live = FinnkinoFeed::new(config)?;
                Ok(Arc::new(CachingFeed::new(Arc::new(live), cache)))
            }
            Self::Demo => {
                tracing::info!(
                    showtimes = "demo",
                    "showtimes: offline demo schedules (set FINNKINO_API_BASE or SHOWTIMES=finnkino for Finnkino)"
                );
                Ok(Arc::new(LazyDemoFeed::new(catalog, demo_pages)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_feed_follows_the_settings() {
        let cases = [
            (None, None, Some(FeedKind::Demo)),
            (Some(""), None, Some(FeedKind::Demo)),
            (
                None,
                Some("http://127.0.0.1:9/xml"),
                Some(FeedKind::Finnkino),
            ),
            (None, Some("  "), Some(FeedKind::Demo)),
            (
                Some("demo"),
                Some("http://127.0.0.1:9/xml"),
                Some(FeedKind::Demo),
            ),
            (Some("Finnkino"), None, Some(FeedKind::Finnkino)),
            (Some("tmdb"), None, None),
        ];
        for (mode, base, expected) in cases {
            assert_eq!(
                FeedChoice::from_settings(mode, base).ok().map(|c| c.kind()),
                expected,
                "{mode:?} {base:?}"
            );
        }
        assert_eq!(
            FeedChoice::from_settings(Some("finnkino"), None),
            Ok(FeedChoice::Finnkino(FinnkinoConfig::default()))
        );
    }
}
