//! How an upstream source of data (TMDB, Finnkino) is doing, as its adapter last saw it:
//! what `/readyz` reports beside the database.

/// The state of one source and of the cache in front of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceHealth {
    /// No upstream: the bundled offline data answers (demo catalog, demo showtimes).
    Offline,
    /// Not known to be failing: its last call answered (or none was made yet).
    Up,
    /// Its last call failed; `cached`: a cache stands in with the answers it holds (stale
    /// ones too) until the source answers again.
    Down { cached: bool },
}

impl SourceHealth {
    /// `"demo"`, `"ok"` or `"down"`.
    pub fn upstream(self) -> &'static str {
        match self {
            Self::Offline => "demo",
            Self::Up => "ok",
            Self::Down { .. } => "down",
        }
    }

    /// The cache in front of the source: `"none"` (no upstream, or nothing stands in),
    /// `"ok"` (fresh answers are cached) or `"serving_stale"` (it stands in for the source).
    pub fn cache(self) -> &'static str {
        match self {
            Self::Offline | Self::Down { cached: false } => "none",
            Self::Up => "ok",
            Self::Down { cached: true } => "serving_stale",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_state_names_its_upstream_and_cache() {
        assert_eq!(
            [
                SourceHealth::Offline,
                SourceHealth::Up,
                SourceHealth::Down { cached: true },
                SourceHealth::Down { cached: false },
            ]
            .map(|h| (h.upstream(), h.cache())),
            [
                ("demo", "none"),
                ("ok", "ok"),
                ("down", "serving_stale"),
                ("down", "none"),
            ]
        );
    }
}
