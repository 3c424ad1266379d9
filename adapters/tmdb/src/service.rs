//! The movie catalog as the server runs it: TMDB behind the durable cache when
//! credentials are configured, else the offline demo catalog. Built once at start-up;
//! the server hands its parts to core's movie use cases.

use std::sync::Arc;

pub use leffaseura_core::domain::movie::CatalogKind;
use leffaseura_core::ports::MovieCache;
use leffaseura_core::Error;

use crate::{CachingCatalog, DemoCatalog, DemoConfig, TmdbCatalog, TmdbConfig};

/// The active catalog, plus the demo catalog's poster generator (always available, so
/// that placeholder URLs remembered in an earlier demo session still resolve).
#[derive(Clone, Debug)]
pub struct Movies {
    catalog: CachingCatalog,
    posters: Arc<DemoCatalog>,
    kind: CatalogKind,
}

impl Movies {
    /// TMDB behind `cache`.
    ///
    /// # Errors
    /// `Internal` when the HTTP client or the bundled demo catalog cannot be built.
    pub fn tmdb(
        config: TmdbConfig,
        cache: Arc<dyn MovieCache>,
        demo: DemoConfig,
    ) -> Result<Self, Error> {
        // Keys stay `tmdb:<language>:…`, as before languages were chosen per request.
        let default_language = config.language.clone();
        let tmdb = TmdbCatalog::new(config)?;
        Ok(Self {
            catalog: CachingCatalog::new(Arc::new(tmdb), cache, "tmdb")
                .with_default_language(default_language),
            posters: Arc::new(DemoCatalog::bundled(demo)?),
            kind: CatalogKind::Tmdb,
        })
    }

    /// The bundled demo catalog (in memory, so not cached).
    ///
    /// # Errors
    /// `Internal` when the bundled catalog is broken.
    pub fn demo(demo: DemoConfig) -> Result<Self, Error> {
        let catalog = Arc::new(DemoCatalog::bundled(demo)?);
        Ok(Self {
            catalog: CachingCatalog::uncached(catalog.clone()),
            posters: catalog,
            kind: CatalogKind::Demo,
        })
    }

    /// Any catalog (tests): `catalog` as given, demo posters from the bundled file.
    ///
    /// # Errors
    /// `Internal` when the bundled catalog is broken.
    pub fn custom(catalog: CachingCatalog, kind: CatalogKind) -> Result<Self, Error> {
        Ok(Self {
            catalog,
            posters: Arc::new(DemoCatalog::bundled(DemoConfig::default())?),
            kind,
        })
    }

    /// Picks TMDB when `tmdb` is given, else the demo catalog, and logs the choice. In
    /// demo mode every film is remembered once, so reviews and favorites show titles.
    ///
    /// # Errors
    /// `Internal` when a catalog cannot be built.
    pub async fn start(
        tmdb: Option<TmdbConfig>,
        cache: Arc<dyn MovieCache>,
        demo: DemoConfig,
    ) -> Result<Self, Error> {
        match tmdb {
            Some(config) => {
                tracing::info!(
                    catalog = "tmdb",
                    api_base = %config.api_base,
                    language = %config.language,
                    credentials = config.credentials.kind(),
                    "movie catalog: TMDB (answers cached in the database)"
                );
                Self::tmdb(config, cache, demo)
            }
            None => {
                let movies = Self::demo(demo)?;
                tracing::info!(
                    catalog = "demo",
                    films = movies.posters.len(),
                    "movie catalog: offline demo (set TMDB_API_KEY or TMDB_READ_TOKEN for TMDB)"
                );
                if let Err(err) = cache
                    .remember_movies(&movies.posters.remembered_all(), movies.catalog.now())
                    .await
                {
                    tracing::warn!(error = %err, "could not remember the demo films");
                }
                Ok(movies)
            }
        }
    }

    pub fn catalog(&self) -> &CachingCatalog {
        &self.catalog
    }

    pub fn kind(&self) -> CatalogKind {
        self.kind
    }

    /// The demo films' poster generator (the `PosterArt` port of the movie use cases).
    pub fn posters(&self) -> Arc<DemoCatalog> {
        self.posters.clone()
    }
}
