//! Placeholder posters of the offline demo catalog's films.

use async_trait::async_trait;

pub use crate::domain::demo_poster::PosterFormat;
use crate::ids::MovieId;

/// Generates the placeholder poster of a demo film. Kept apart from [`MovieCatalog`]
/// because it answers whichever catalog is active: poster URLs remembered during an
/// earlier demo session must still resolve after TMDB is configured.
///
/// [`MovieCatalog`]: crate::ports::MovieCatalog
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PosterArt: Send + Sync {
    /// The poster of demo film `id` as a file of `format`; `None` for a film the demo
    /// catalog does not have.
    ///
    /// # Errors
    /// None: it is pure computation over bundled data.
    fn placeholder(&self, id: MovieId, format: PosterFormat) -> Option<Vec<u8>>;
}
