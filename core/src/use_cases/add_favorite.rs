//! Saving a movie to the watchlist, the favorites or a group's favorites (API.md,
//! Favorites: POST /favorites).

use crate::domain::favorite::{
    parse_movie_id, ClientFacts, Favorite, FavoriteKind, FavoriteList, NewFavorite,
};
use crate::domain::group::model::group_not_found;
use crate::domain::permissions::add_group_favorite;
use crate::domain::user::User;
use crate::error::{Error, StoreError};
use crate::ids::GroupId;
use crate::use_cases::favorites::Favorites;

/// What the client asked to save, as sent.
#[derive(Debug, Clone, Default)]
pub struct AddFavorite {
    pub movie_id: i64,
    /// The API's `type`: 1 watchlist, 2 favorite, 3 group favorite.
    pub kind: i64,
    /// Required for type 3, refused otherwise.
    pub group_id: Option<i64>,
    pub original_title: Option<String>,
    pub release_year: Option<i64>,
    pub poster_path: Option<String>,
    pub poster_url: Option<String>,
}

/// The saved entry, and whether this call created it (`false`: it was already there).
#[derive(Debug, Clone)]
pub struct AddedFavorite {
    pub favorite: Favorite,
    pub created: bool,
}

impl Favorites {
    /// Puts a movie on one of `user`'s lists, or on a group's favorites. Adding what is
    /// already there changes nothing and answers with the existing entry, also when two
    /// identical requests race (the store keeps one row). Title, year and poster are the
    /// catalog's whenever it knows the movie; the client's only stand in during an outage.
    ///
    /// # Errors
    /// `Invalid` on `type`, `movie_id`, `group_id` (required for type 3, refused for 1–2),
    /// `original_title` or `release_year` (checked even when the catalog's win; a poster
    /// that is not a TMDB path or one of ours is dropped instead); `NotFound` `group_not_found`; `Forbidden` `favorites_forbidden`
    /// "You don’t have permission to add favorites for this group." for anyone but the
    /// group's owner and moderators; `NotFound` `movie_not_found` "Movie not found";
    /// `Upstream` when the catalog fails and the client sent no title.
    pub async fn add_favorite(
        &self,
        user: &User,
        request: AddFavorite,
    ) -> Result<AddedFavorite, Error> {
        let kind = FavoriteKind::parse(request.kind)?;
        let movie = parse_movie_id(request.movie_id, "movie_id")?;
        let list = FavoriteList::new(kind, user.id, request.group_id.map(GroupId))?;
        let given = ClientFacts::parse(
            request.original_title.as_deref(),
            request.release_year,
            request.poster_path.as_deref(),
            request.poster_url.as_deref(),
        )?;
        if let Some(group) = list.group() {
            add_group_favorite(self.role_in(group, user.id).await?)?;
        }
        if let Some(existing) = self.store.find_favorite(list, movie).await? {
            return Ok(AddedFavorite {
                favorite: existing,
                created: false,
            });
        }
        let facts = self.movie_facts(movie, given).await?;
        let entry = NewFavorite {
            list,
            movie_id: movie,
            added_by: user.id,
            original_title: facts.original_title.unwrap_or_default(),
            release_year: facts.release_year,
            poster_path: facts.poster_path,
            created_at: self.clock.now(),
        };
        let (favorite, created) =
            self.store
                .add_favorite(&entry)
                .await
                .map_err(|err| match (err, list.group()) {
                    // The group was deleted between the check and the insert.
                    (StoreError::NotFound, Some(_)) => group_not_found(),
                    (err, _) => err.into(),
                })?;
        Ok(AddedFavorite { favorite, created })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::membership::Role;
    use crate::error::ErrorCode;
    use crate::ids::{MovieId, UserId};
    use crate::use_cases::favorites::testing::*;
    use crate::use_cases::test_support::user;

    fn request(movie: i64, kind: i64, group: Option<i64>) -> AddFavorite {
        AddFavorite {
            movie_id: movie,
            kind,
            group_id: group,
            ..AddFavorite::default()
        }
    }

    /// The store creates whatever it is given.
    fn stores_anything(ports: &mut Ports) {
        ports
            .store
            .expect_find_favorite()
            .returning(|_, _| Ok(None));
        ports.store.expect_add_favorite().returning(|entry| {
            let mut stored = favorite(41, entry.list, entry.movie_id.0);
            stored.added_by = entry.added_by;
            stored.original_title = entry.original_title.clone();
            stored.release_year = entry.release_year;
            stored.poster_path = entry.poster_path.clone();
            Ok((stored, true))
        });
    }

    #[tokio::test]
    async fn bad_input_is_refused_before_any_lookup() {
        // (type, movie, group, field, code)
        let cases = [
            (0, 550, None, "type", "invalid_favorite_type"),
            (4, 550, None, "type", "invalid_favorite_type"),
            (2, 0, None, "movie_id", "invalid_movie_id"),
            (2, -3, None, "movie_id", "invalid_movie_id"),
            (1, 550, Some(7), "group_id", "group_id_not_allowed"),
            (2, 550, Some(7), "group_id", "group_id_not_allowed"),
            (3, 550, None, "group_id", "group_id_required"),
        ];
        for (kind, movie, group, field, code) in cases {
            let favorites = Ports::new().build();
            let err = favorites
                .add_favorite(&user(2, "aino", "pw"), request(movie, kind, group))
                .await
                .unwrap_err();
            assert_code(&err, code);
            assert!(
                matches!(err, Error::Invalid { field: ref f, .. } if f == field),
                "{err:?}"
            );
        }
    }

    #[tokio::test]
    async fn adding_twice_answers_with_the_existing_entry_without_asking_the_catalog() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_favorite()
            .returning(|list, movie| Ok(Some(favorite(5, list, movie.0))));
        let added = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), request(550, 1, None))
            .await
            .unwrap();
        assert!(!added.created);
        assert_eq!(added.favorite.id, 5);
        assert_eq!(added.favorite.list, FavoriteList::Watchlist(UserId(2)));
    }

    #[tokio::test]
    async fn a_lost_race_is_reported_as_already_there() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_favorite()
            .returning(|_, _| Ok(None));
        ports
            .movies
            .expect_find_movies()
            .returning(|_| Ok(vec![remembered(550)]));
        ports
            .store
            .expect_add_favorite()
            .returning(|entry| Ok((favorite(9, entry.list, 550), false)));
        let added = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), request(550, 2, None))
            .await
            .unwrap();
        assert!(!added.created);
        assert_eq!(added.favorite.id, 9);
    }

    #[tokio::test]
    async fn the_movie_store_fills_title_year_and_poster() {
        let mut ports = Ports::new();
        stores_anything(&mut ports);
        ports
            .movies
            .expect_find_movies()
            .withf(|ids| ids == [MovieId(550)])
            .returning(|_| Ok(vec![remembered(550)]));
        ports.catalog.expect_details().never();
        let added = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), request(550, 2, None))
            .await
            .unwrap();
        assert!(added.created);
        let f = added.favorite;
        assert_eq!(f.list, FavoriteList::Favorites(UserId(2)));
        assert_eq!(f.original_title, "Fight Club");
        assert_eq!(f.release_year, Some(1999));
        assert_eq!(
            f.poster_path.as_deref(),
            Some("https://image.tmdb.org/t/p/w342/fc.jpg")
        );
        assert_eq!(f.added_by, UserId(2));
    }

    /// A request describing the movie as an attacker would.
    fn spoofed(movie: i64, kind: i64) -> AddFavorite {
        AddFavorite {
            original_title: Some("<img src=x onerror=alert(1)>".to_owned()),
            release_year: Some(2001),
            poster_path: Some("https://evil.example/x.png".to_owned()),
            poster_url: Some("https://evil.example/y.png".to_owned()),
            ..request(movie, kind, None)
        }
    }

    #[tokio::test]
    async fn the_movie_store_wins_over_what_the_client_sent() {
        let mut ports = Ports::new();
        stores_anything(&mut ports);
        ports
            .movies
            .expect_find_movies()
            .returning(|_| Ok(vec![remembered(550)]));
        ports.catalog.expect_details().never();
        let f = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), spoofed(550, 2))
            .await
            .unwrap()
            .favorite;
        assert_eq!(f.original_title, "Fight Club");
        assert_eq!(f.release_year, Some(1999));
        assert_eq!(
            f.poster_path.as_deref(),
            Some("https://image.tmdb.org/t/p/w342/fc.jpg")
        );
    }

    #[tokio::test]
    async fn the_catalog_fills_what_the_store_does_not_know_and_wins_over_the_client() {
        let mut ports = Ports::new();
        stores_anything(&mut ports);
        ports.movies.expect_find_movies().returning(|_| Ok(vec![]));
        ports
            .catalog
            .expect_details()
            .returning(|id, _| Ok(details(id.0)));
        let f = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), spoofed(129, 1))
            .await
            .unwrap()
            .favorite;
        assert_eq!(f.original_title, "千と千尋の神隠し");
        assert_eq!(f.release_year, Some(2001));
        assert_eq!(
            f.poster_path.as_deref(),
            Some("https://image.tmdb.org/t/p/w500/sa.jpg")
        );
    }

    #[tokio::test]
    async fn an_unknown_movie_is_404_and_nothing_is_stored() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_favorite()
            .returning(|_, _| Ok(None));
        ports.store.expect_add_favorite().never();
        ports.movies.expect_find_movies().returning(|_| Ok(vec![]));
        ports
            .catalog
            .expect_details()
            .returning(|_, _| Err(crate::domain::movie::movie_not_found()));
        let mut req = request(999_999, 2, None);
        req.original_title = Some("Made up".to_owned());
        let err = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), req)
            .await
            .unwrap_err();
        assert_code(&err, "movie_not_found");
        assert_eq!(err.to_string(), "Movie not found");
    }

    #[tokio::test]
    async fn a_catalog_outage_keeps_an_entry_the_client_described() {
        let outage = || Error::Upstream {
            code: ErrorCode::UpstreamUnavailable,
            message: "down".into(),
            unavailable: true,
        };
        // Described by title: saved with what the client sent.
        let mut ports = Ports::new();
        stores_anything(&mut ports);
        ports.movies.expect_find_movies().returning(|_| Ok(vec![]));
        ports
            .catalog
            .expect_details()
            .returning(move |_, _| Err(outage()));
        let mut req = request(550, 1, None);
        req.original_title = Some("Fight Club".to_owned());
        req.release_year = Some(1999);
        let f = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), req)
            .await
            .unwrap()
            .favorite;
        assert_eq!(f.original_title, "Fight Club");
        assert_eq!(f.poster_path, None);

        // Only a TMDB path or one of our posters is kept from the client; other posters
        // are dropped, not refused.
        // A TMDB path becomes a URL the way the catalog builds its own.
        for (sent, kept) in [
            ("https://evil.example/x.png", None),
            (
                "/abc123.jpg",
                Some("https://images.example/w342/abc123.jpg"),
            ),
            ("/api/demo/poster/155.svg", Some("/api/demo/poster/155.svg")),
        ] {
            let mut ports = Ports::new();
            stores_anything(&mut ports);
            ports.movies.expect_find_movies().returning(|_| Ok(vec![]));
            ports
                .catalog
                .expect_list_poster_url()
                .returning(|path| Some(format!("https://images.example/w342{path}")));
            ports
                .catalog
                .expect_details()
                .returning(move |_, _| Err(outage()));
            let mut req = spoofed(550, 2);
            req.poster_path = Some(sent.to_owned());
            req.poster_url = None;
            let f = ports
                .build()
                .add_favorite(&user(2, "aino", "pw"), req)
                .await
                .unwrap()
                .favorite;
            assert_eq!(f.original_title, "<img src=x onerror=alert(1)>");
            assert_eq!(f.release_year, Some(2001));
            assert_eq!(f.poster_path.as_deref(), kept, "{sent}");
        }

        // Not described: the outage is reported.
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_favorite()
            .returning(|_, _| Ok(None));
        ports.store.expect_add_favorite().never();
        ports.movies.expect_find_movies().returning(|_| Ok(vec![]));
        ports
            .catalog
            .expect_details()
            .returning(move |_, _| Err(outage()));
        let err = ports
            .build()
            .add_favorite(&user(2, "aino", "pw"), request(550, 1, None))
            .await
            .unwrap_err();
        assert_code(&err, "upstream_unavailable");
    }

    #[tokio::test]
    async fn group_favorites_need_the_owner_or_a_moderator() {
        // (membership row of user 2 in group 7 owned by user 1, actor, allowed)
        let cases = [
            (None, 1, true),
            (Some(Role::Moderator), 2, true),
            (Some(Role::Member), 2, false),
            (Some(Role::Pending), 2, false),
            (None, 2, false),
        ];
        for (membership, actor, allowed) in cases {
            let mut ports = Ports::new();
            ports.group_with(membership);
            ports
                .movies
                .expect_find_movies()
                .returning(|_| Ok(vec![remembered(550)]));
            if allowed {
                stores_anything(&mut ports);
            } else {
                ports.store.expect_find_favorite().never();
                ports.store.expect_add_favorite().never();
            }
            let got = ports
                .build()
                .add_favorite(&user(actor, "actor", "pw"), request(550, 3, Some(7)))
                .await;
            match got {
                Ok(added) => {
                    assert!(allowed, "{membership:?} as {actor}");
                    assert_eq!(added.favorite.list, FavoriteList::Group(GroupId(7)));
                    assert_eq!(added.favorite.added_by, UserId(actor));
                }
                Err(err) => {
                    assert!(!allowed, "{membership:?} as {actor}: {err:?}");
                    assert!(matches!(err, Error::Forbidden { .. }), "{err:?}");
                    assert_eq!(
                        err.to_string(),
                        "You don\u{2019}t have permission to add favorites for this group."
                    );
                }
            }
        }
    }

    #[tokio::test]
    async fn an_unknown_group_is_404() {
        let mut ports = Ports::new();
        ports.group_with(Some(Role::Owner));
        let err = ports
            .build()
            .add_favorite(&user(1, "owner", "pw"), request(550, 3, Some(8)))
            .await
            .unwrap_err();
        assert_code(&err, "group_not_found");
        assert!(matches!(err, Error::NotFound { .. }));
    }
}
