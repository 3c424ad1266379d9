//! The movie genres (API.md, Movies: GET /tmdb/genres).

use crate::domain::language::Language;
use crate::domain::movie::{Cached, Genre};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Every movie genre, in the catalog's order, named in `language` (`fi-FI`, `en-US`,
    /// or short `fi`, `en`; absent = the catalog's default).
    ///
    /// # Errors
    /// `Invalid` `invalid_language`; `Upstream` when the catalog fails and nothing is
    /// cached.
    pub async fn list_genres(&self, language: Option<&str>) -> Result<Cached<Vec<Genre>>, Error> {
        let language = Language::parse(language)?;
        self.catalog.genres_cached(language).await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::language::Language;
    use crate::domain::movie::{Cached, Genre};
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn genres_come_in_the_language_asked_with_their_staleness() {
        let mut ports = Ports::new();
        ports
            .catalog
            .expect_genres_cached()
            .withf(|language| *language == Some(Language::Finnish))
            .times(1)
            .returning(|_| {
                Ok(Cached::stale(vec![Genre {
                    id: 28,
                    name: "Toiminta".to_owned(),
                }]))
            });
        let got = ports.build().list_genres(Some("fi-FI")).await.unwrap();
        assert!(got.stale);
        assert_eq!(got.value[0].name, "Toiminta");
    }

    #[tokio::test]
    async fn an_unknown_language_never_reaches_the_catalog() {
        let mut ports = Ports::new();
        ports.catalog.expect_genres_cached().never();
        let err = ports
            .build()
            .list_genres(Some("klingon"))
            .await
            .unwrap_err();
        assert_invalid(&err, "invalid_language", "language");
    }
}
