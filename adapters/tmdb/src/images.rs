//! Image URLs in the sizes TMDB really serves (format notes §7).
//!
//! Lists want a poster about 300 px wide; `w300` is not a poster size, so they get `w342`,
//! the nearest listed one. The movie page gets `w500`, people `w185`.

/// The poster size for lists (nearest official size to width 300).
pub const LIST_POSTER_SIZE: &str = "w342";
/// The poster size on the movie page.
pub const PAGE_POSTER_SIZE: &str = "w500";
/// Backdrops on the movie page.
pub const BACKDROP_SIZE: &str = "w1280";
/// Cast and crew portraits.
pub const PROFILE_SIZE: &str = "w185";

/// TMDB's `secure_base_url`.
pub const DEFAULT_IMAGE_BASE: &str = "https://image.tmdb.org/t/p";

/// Builds image URLs from TMDB's `*_path` fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageUrls {
    base: String,
}

impl Default for ImageUrls {
    fn default() -> Self {
        Self::new(DEFAULT_IMAGE_BASE)
    }
}

impl ImageUrls {
    pub fn new(base: impl Into<String>) -> Self {
        let base: String = base.into();
        Self {
            base: base.trim_end_matches('/').to_owned(),
        }
    }

    /// `base/size/path`, or `None` for a null or empty path (no image: the page draws a
    /// placeholder rather than a URL built from nothing).
    pub fn url(&self, size: &str, path: Option<&str>) -> Option<String> {
        let path = path.map(str::trim).filter(|p| !p.is_empty())?;
        let slash = if path.starts_with('/') { "" } else { "/" };
        Some(format!("{}/{size}{slash}{path}", self.base))
    }

    pub fn list_poster(&self, path: Option<&str>) -> Option<String> {
        self.url(LIST_POSTER_SIZE, path)
    }

    pub fn page_poster(&self, path: Option<&str>) -> Option<String> {
        self.url(PAGE_POSTER_SIZE, path)
    }

    pub fn backdrop(&self, path: Option<&str>) -> Option<String> {
        self.url(BACKDROP_SIZE, path)
    }

    pub fn profile(&self, path: Option<&str>) -> Option<String> {
        self.url(PROFILE_SIZE, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_use_official_sizes_and_skip_null_paths() {
        let images = ImageUrls::default();
        assert_eq!(
            images
                .list_poster(Some("/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg"))
                .as_deref(),
            Some("https://image.tmdb.org/t/p/w342/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        );
        assert_eq!(
            images.page_poster(Some("/a.jpg")).as_deref(),
            Some("https://image.tmdb.org/t/p/w500/a.jpg")
        );
        assert_eq!(
            images.profile(Some("/p.jpg")).as_deref(),
            Some("https://image.tmdb.org/t/p/w185/p.jpg")
        );
        assert_eq!(images.list_poster(None), None);
        assert_eq!(images.list_poster(Some("")), None);
        assert_eq!(
            ImageUrls::new("http://img.local/t/p/")
                .url("w92", Some("x.png"))
                .as_deref(),
            Some("http://img.local/t/p/w92/x.png")
        );
    }
}
