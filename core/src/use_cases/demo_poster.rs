//! The generated placeholder poster of a demo film (the demo catalog's `posterPath`s
//! point at it).

use crate::domain::demo_poster::{parse_poster_file, PosterFormat};
use crate::error::{Error, ErrorCode};
use crate::use_cases::movies::Movies;

/// A demo film's poster as a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoPoster {
    pub format: PosterFormat,
    pub bytes: Vec<u8>,
}

impl Movies {
    /// The poster named by `file`: `"<id>.png"` (what the demo catalog names) or
    /// `"<id>.svg"` (what it named before; stored entries keep those URLs).
    ///
    /// # Errors
    /// `NotFound` `poster_not_found` for any other name, or a film the demo catalog does
    /// not have.
    pub fn demo_poster(&self, file: &str) -> Result<DemoPoster, Error> {
        parse_poster_file(file)
            .and_then(|(id, format)| {
                let bytes = self.posters.placeholder(id, format)?;
                Some(DemoPoster { format, bytes })
            })
            .ok_or_else(|| Error::not_found(ErrorCode::PosterNotFound, "Poster not found"))
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::MovieId;
    use crate::ports::PosterFormat;
    use crate::use_cases::movies::testing::*;
    use crate::ErrorCode;

    #[test]
    fn posters_are_found_by_their_file_name() {
        let mut ports = Ports::new();
        ports.posters.expect_placeholder().returning(|id, format| {
            (id == MovieId(550)).then(|| format.extension().as_bytes().to_vec())
        });
        let movies = ports.build();
        let png = movies.demo_poster("550.png").unwrap();
        assert_eq!(
            (png.format, png.bytes),
            (PosterFormat::Png, b"png".to_vec())
        );
        let svg = movies.demo_poster("550.svg").unwrap();
        assert_eq!(
            (svg.format, svg.bytes),
            (PosterFormat::Svg, b"svg".to_vec())
        );
        for missing in [
            "1.png",
            "1.svg",
            "550.jpg",
            "550",
            "x.png",
            "550.png.svg.x",
            "",
        ] {
            let err = movies.demo_poster(missing).unwrap_err();
            assert!(
                matches!(
                    err,
                    crate::Error::NotFound {
                        code: ErrorCode::PosterNotFound,
                        ..
                    }
                ),
                "{missing:?}"
            );
        }
    }
}
