//! Which movies of a page are on the caller's watchlist and favorites (API.md, Favorites:
//! GET /favorites/status/{ids}). The webapp asks once for a whole page of tiles.

use crate::domain::favorite::{FavoriteStatus, StatusIds};
use crate::domain::user::User;
use crate::error::Error;
use crate::use_cases::favorites::Favorites;

impl Favorites {
    /// The status of each id of `raw` (`"550,13"`) in the order asked, with one store
    /// query. Visitors get all `false` without any query.
    ///
    /// # Errors
    /// `Invalid` `invalid_ids` on `ids` unless `raw` lists 1 to 100 positive ids.
    pub async fn favorite_status(
        &self,
        viewer: Option<&User>,
        raw: &str,
    ) -> Result<Vec<FavoriteStatus>, Error> {
        let ids = StatusIds::parse(raw)?;
        let saved = match viewer {
            Some(user) => self.store.favorite_status(user.id, ids.ids()).await?,
            None => Vec::new(),
        };
        Ok(ids.statuses(&saved))
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::favorite::FavoriteKind;
    use crate::ids::{MovieId, UserId};
    use crate::use_cases::favorites::testing::*;
    use crate::use_cases::test_support::user;

    #[tokio::test]
    async fn one_query_answers_every_id_in_order() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_favorite_status()
            .withf(|user, ids| *user == UserId(2) && ids == [MovieId(13), MovieId(550)])
            .times(1)
            .returning(|_, _| {
                Ok(vec![
                    (MovieId(550), FavoriteKind::Watchlist),
                    (MovieId(550), FavoriteKind::Favorite),
                ])
            });
        let got = ports
            .build()
            .favorite_status(Some(&user(2, "aino", "pw")), "13,550")
            .await
            .unwrap();
        let got: Vec<_> = got
            .iter()
            .map(|s| (s.movie_id.0, s.is_favorite, s.is_watchlist))
            .collect();
        assert_eq!(got, [(13, false, false), (550, true, true)]);
    }

    #[tokio::test]
    async fn visitors_get_all_false_without_a_query() {
        let mut ports = Ports::new();
        ports.store.expect_favorite_status().never();
        let favorites = ports.build();
        let got = favorites.favorite_status(None, "1,2,3").await.unwrap();
        assert_eq!(got.len(), 3);
        assert!(got.iter().all(|s| !s.is_favorite && !s.is_watchlist));
        let err = favorites.favorite_status(None, "1,x").await.unwrap_err();
        assert_code(&err, "invalid_ids");
    }
}
