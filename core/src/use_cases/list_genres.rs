//! The movie genres (API.md, Movies: GET /tmdb/genres).

use crate::domain::movie::{Cached, Genre};
use crate::error::Error;
use crate::use_cases::movies::Movies;

impl Movies {
    /// Every movie genre, in the catalog's order.
    ///
    /// # Errors
    /// `Upstream` when the catalog fails and nothing is cached.
    pub async fn list_genres(&self) -> Result<Cached<Vec<Genre>>, Error> {
        self.catalog.genres_cached().await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::movie::{Cached, Genre};
    use crate::use_cases::movies::testing::*;

    #[tokio::test]
    async fn genres_come_from_the_catalog_with_their_staleness() {
        let mut ports = Ports::new();
        ports.catalog.expect_genres_cached().times(1).returning(|| {
            Ok(Cached::stale(vec![Genre {
                id: 28,
                name: "Action".to_owned(),
            }]))
        });
        let got = ports.build().list_genres().await.unwrap();
        assert!(got.stale);
        assert_eq!(got.value[0].name, "Action");
    }
}
