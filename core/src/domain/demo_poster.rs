//! The file names of the demo catalog's generated posters: `<id>.png` (what the catalog
//! names) or `<id>.svg` (what it named before; favorites and groups stored those URLs).

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

/// The film and format a poster file name names: 1 to 19 digits, a dot, an extension of
/// [`PosterFormat`]; `None` for anything else.
pub fn parse_poster_file(file: &str) -> Option<(MovieId, PosterFormat)> {
    let (id, extension) = file.rsplit_once('.')?;
    let format = PosterFormat::from_extension(extension)?;
    let digits = !id.is_empty() && id.len() <= 19 && id.bytes().all(|b| b.is_ascii_digit());
    let id = id.parse::<i64>().ok().filter(|_| digits)?;
    Some((MovieId(id), format))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poster_files_name_a_film_and_a_format() {
        assert_eq!(
            parse_poster_file("550.png"),
            Some((MovieId(550), PosterFormat::Png))
        );
        assert_eq!(
            parse_poster_file("550.svg"),
            Some((MovieId(550), PosterFormat::Svg))
        );
        for other in [
            "550.jpg",
            "550",
            "x.png",
            "+550.png",
            "-5.png",
            ".png",
            "99999999999999999999.png",
            "1.png.svg.x",
        ] {
            assert_eq!(parse_poster_file(other), None, "{other:?}");
        }
    }
}
