//! Where watchlists, favorites and group favorites live.

use async_trait::async_trait;

use crate::domain::favorite::{Favorite, FavoriteKind, FavoriteList, NewFavorite};
use crate::domain::paging::{PageRequest, Paged};
use crate::error::StoreError;
use crate::ids::{MovieId, UserId};

/// Persistence of saved movies. A list holds a movie at most once: personal lists per
/// (user, movie, kind), group favorites per (group, movie) whoever added them.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait FavoriteStore: Send + Sync {
    /// Stores the entry unless its list already holds the movie, atomically: of two
    /// simultaneous identical adds exactly one creates the row. Returns the entry and
    /// whether it was created (`false`: the one already there, untouched).
    ///
    /// # Errors
    /// `NotFound` when the user or group does not exist (any more); `Backend` otherwise.
    async fn add_favorite(&self, entry: &NewFavorite) -> Result<(Favorite, bool), StoreError>;

    /// The entry of `movie` on `list`, if any.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_favorite(
        &self,
        list: FavoriteList,
        movie: MovieId,
    ) -> Result<Option<Favorite>, StoreError>;

    /// Takes `movie` off `list`; `false` when it was not on it.
    ///
    /// # Errors
    /// `Backend` only.
    async fn remove_favorite(&self, list: FavoriteList, movie: MovieId)
        -> Result<bool, StoreError>;

    /// One window of `list`, newest first (ties: higher id first), with the list's total.
    ///
    /// # Errors
    /// `Backend` only.
    async fn list_favorites(
        &self,
        list: FavoriteList,
        page: PageRequest,
    ) -> Result<Paged<Favorite>, StoreError>;

    /// Which of `movies` are on `user`'s watchlist or favorites, in one query: a pair
    /// per saved (movie, kind), in no particular order. Group favorites are not included.
    ///
    /// # Errors
    /// `Backend` only.
    async fn favorite_status(
        &self,
        user: UserId,
        movies: &[MovieId],
    ) -> Result<Vec<(MovieId, FavoriteKind)>, StoreError>;
}
