//! The generated placeholder poster of a demo film (the demo catalog's `posterPath`s
//! point at it).

use crate::error::{Error, ErrorCode};
use crate::ids::MovieId;
use crate::use_cases::movies::Movies;

impl Movies {
    /// The SVG poster named by `file` (`"<id>.svg"`).
    ///
    /// # Errors
    /// `NotFound` `poster_not_found` for any other name, or a film the demo catalog does
    /// not have.
    pub fn demo_poster(&self, file: &str) -> Result<String, Error> {
        file.strip_suffix(".svg")
            .and_then(|id| id.parse::<i64>().ok())
            .and_then(|id| self.posters.placeholder_svg(MovieId(id)))
            .ok_or_else(|| Error::not_found(ErrorCode::PosterNotFound, "Poster not found"))
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::MovieId;
    use crate::use_cases::movies::testing::*;
    use crate::ErrorCode;

    #[test]
    fn posters_are_found_by_their_file_name() {
        let mut ports = Ports::new();
        ports
            .posters
            .expect_placeholder_svg()
            .returning(|id| (id == MovieId(550)).then(|| "<svg/>".to_owned()));
        let movies = ports.build();
        assert_eq!(movies.demo_poster("550.svg").unwrap(), "<svg/>");
        for missing in ["1.svg", "550.png", "550", "x.svg", ""] {
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
