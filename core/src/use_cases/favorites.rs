//! The favorites use cases share one struct holding their ports. Each action lives in its
//! own file as an `impl Favorites` block: `add_favorite`, `remove_favorite` (personal and
//! group), `list_favorites` (a user's, a group's), `favorite_status`.

use std::sync::Arc;

use crate::domain::favorite::{ClientFacts, ClientPoster, MovieFacts};
use crate::domain::group::model::group_not_found;
use crate::domain::membership::Role;
use crate::domain::movie::movie_not_found;
use crate::error::Error;
use crate::ids::{GroupId, MovieId, UserId};
use crate::ports::{Clock, FavoriteStore, GroupStore, MovieCache, MovieCatalog, UserStore};

/// Watchlists, favorites and group favorites, and the status lookups for movie tiles.
/// Cheap to share: wrap it in an `Arc`.
pub struct Favorites {
    pub(crate) store: Arc<dyn FavoriteStore>,
    /// Who may keep and read a group's favorites; removals are logged through it.
    pub(crate) groups: Arc<dyn GroupStore>,
    pub(crate) users: Arc<dyn UserStore>,
    pub(crate) catalog: Arc<dyn MovieCatalog>,
    pub(crate) movies: Arc<dyn MovieCache>,
    pub(crate) clock: Arc<dyn Clock>,
}

impl Favorites {
    pub fn new(
        store: Arc<dyn FavoriteStore>,
        groups: Arc<dyn GroupStore>,
        users: Arc<dyn UserStore>,
        catalog: Arc<dyn MovieCatalog>,
        movies: Arc<dyn MovieCache>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            store,
            groups,
            users,
            catalog,
            movies,
            clock,
        }
    }

    /// `user`'s role in `group`, or 404 `group_not_found`.
    pub(crate) async fn role_in(&self, group: GroupId, user: UserId) -> Result<Role, Error> {
        let access = self
            .groups
            .group_access(group, user)
            .await?
            .ok_or_else(group_not_found)?;
        Ok(access.role_of(user))
    }

    /// The title, year and poster to store for `movie`: the catalog's, as the movie store
    /// remembers them or else as the catalog answers, whatever the client sent (entries
    /// are shown to others, so a client must not name the title or the image they see).
    /// The catalog also tells whether the movie exists at all. Only when it cannot be
    /// reached is an entry the client described by title saved with the client's checked
    /// facts (nothing a user adds is lost to an outage).
    ///
    /// # Errors
    /// `NotFound` `movie_not_found` "Movie not found" for an unknown movie; `Upstream`
    /// when the catalog fails and the client sent no title.
    pub(crate) async fn movie_facts(
        &self,
        movie: MovieId,
        given: ClientFacts,
    ) -> Result<MovieFacts, Error> {
        let remembered = self.movies.find_movies(&[movie]).await?;
        if let Some(known) = remembered.iter().find(|m| m.id == movie) {
            return Ok(MovieFacts::from(known));
        }
        match self.catalog.details(movie, None).await {
            Ok(details) => Ok(MovieFacts::from(&details.remembered())),
            Err(Error::NotFound { .. }) => Err(movie_not_found()),
            Err(Error::Upstream { .. } | Error::RateLimited { .. })
                if given.original_title.is_some() =>
            {
                Ok(MovieFacts {
                    original_title: given.original_title,
                    release_year: given.release_year,
                    poster_path: given.poster.and_then(|poster| match poster {
                        ClientPoster::Tmdb(path) => self.catalog.list_poster_url(&path),
                        ClientPoster::Own(url) => Some(url),
                    }),
                })
            }
            Err(err) => Err(err),
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Mocked ports and sample data for the favorites use-case tests.

    use std::sync::Arc;

    use crate::domain::favorite::{Favorite, FavoriteList};
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::movie::{MovieDetails, RememberedMovie};
    use crate::ids::{GroupId, MovieId, UserId};
    use crate::ports::clock::MockClock;
    use crate::ports::favorite_store::MockFavoriteStore;
    use crate::ports::group_store::{GroupAccess, MockGroupStore};
    use crate::ports::movie_cache::MockMovieCache;
    use crate::ports::movie_catalog::MockMovieCatalog;
    use crate::ports::user_store::MockUserStore;
    use crate::use_cases::test_support::now;

    use super::Favorites;

    pub struct Ports {
        pub store: MockFavoriteStore,
        pub groups: MockGroupStore,
        pub users: MockUserStore,
        pub catalog: MockMovieCatalog,
        pub movies: MockMovieCache,
    }

    impl Ports {
        pub fn new() -> Self {
            Self {
                store: MockFavoriteStore::new(),
                groups: MockGroupStore::new(),
                users: MockUserStore::new(),
                catalog: MockMovieCatalog::new(),
                movies: MockMovieCache::new(),
            }
        }

        pub fn build(self) -> Favorites {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            Favorites::new(
                Arc::new(self.store),
                Arc::new(self.groups),
                Arc::new(self.users),
                Arc::new(self.catalog),
                Arc::new(self.movies),
                Arc::new(clock),
            )
        }

        /// Group 7 is owned by user 1; `user` has `membership` in it.
        pub fn group_with(&mut self, membership: Option<Role>) {
            self.groups
                .expect_group_access()
                .returning(move |group, _| {
                    Ok((group == GroupId(7)).then_some(GroupAccess {
                        owner_id: UserId(1),
                        membership,
                        visibility: Visibility::Private,
                    }))
                });
        }
    }

    pub fn favorite(id: i64, list: FavoriteList, movie: i64) -> Favorite {
        Favorite {
            id,
            list,
            movie_id: MovieId(movie),
            added_by: list.user().unwrap_or(UserId(1)),
            original_title: "Fight Club".to_owned(),
            release_year: Some(1999),
            poster_path: Some("/fc.jpg".to_owned()),
            remembered_poster: None,
            rating: None,
            created_at: now(),
        }
    }

    pub fn remembered(id: i64) -> RememberedMovie {
        RememberedMovie {
            id: MovieId(id),
            title: "Fight Club".to_owned(),
            original_title: "Fight Club".to_owned(),
            release_date: "1999-10-15".to_owned(),
            release_year: Some(1999),
            poster: Some("https://image.tmdb.org/t/p/w342/fc.jpg".to_owned()),
            vote_average: Some(8.4),
        }
    }

    pub fn details(id: i64) -> MovieDetails {
        MovieDetails {
            id: MovieId(id),
            title: "Spirited Away".to_owned(),
            original_title: "千と千尋の神隠し".to_owned(),
            tagline: String::new(),
            overview: String::new(),
            release_date: "2001-07-20".to_owned(),
            runtime: Some(125),
            genres: Vec::new(),
            poster_path: Some("https://image.tmdb.org/t/p/w500/sa.jpg".to_owned()),
            backdrop_path: None,
            vote_average: 8.5,
            budget: None,
            revenue: None,
            trailer: None,
            cast: Vec::new(),
            key_crew: Vec::new(),
        }
    }

    pub fn assert_code(err: &crate::error::Error, code: &str) {
        assert_eq!(err.code(), code, "{err:?}");
    }
}
