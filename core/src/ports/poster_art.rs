//! Placeholder posters of the offline demo catalog's films.

use async_trait::async_trait;

use crate::ids::MovieId;

/// The image formats a demo poster is made in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PosterFormat {
    /// What the demo catalog's `posterPath`s name: a browser decodes it off its main
    /// thread, like TMDB's JPEG posters.
    Png,
    /// What earlier demo catalogs named; URLs stored with favorites and groups keep working.
    Svg,
}

impl PosterFormat {
    /// The file name extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Svg => "svg",
        }
    }

    /// The format a file name extension names.
    pub fn from_extension(extension: &str) -> Option<Self> {
        [Self::Png, Self::Svg]
            .into_iter()
            .find(|format| format.extension() == extension)
    }
}

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
