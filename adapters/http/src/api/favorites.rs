//! `/favorites`: the watchlist (type 1), favorites (type 2) and group favorites (type 3),
//! and the status lookup for a page of movie tiles (API.md, Favorites).
//!
//! Removing is idempotent: `DELETE` answers 204 whether or not the movie was on the list,
//! so a toggle clicked twice or a retried request never shows an error.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::registry::MetaSchemaRef;
use poem_openapi::{ApiResponse, Object, OpenApi};

use leffaseura_core::domain::favorite::{Favorite as CoreFavorite, FavoriteStatus};
use leffaseura_core::domain::paging::Paged;
use leffaseura_core::domain::user::User;
use leffaseura_core::use_cases::AddFavorite;

use crate::api::matching::{Matching, MovieIdList};
use crate::api::paging::PageWindow;
use crate::api::refined::{absent, alternative, any_of, one_of_integers, Refined, Refinement};
use crate::api::{ApiTags, BodyId, JsonBody, Nullable, Timestamp};
use crate::auth::{BearerAuth, OptionalAuth};
use crate::error::ApiError;
use crate::state::AppState;

/// A saved movie: on a user's watchlist (type 1) or favorites (type 2), or on a group's
/// favorites (type 3).
#[derive(Object, Debug, Clone, PartialEq)]
pub struct Favorite {
    /// The entry's own id.
    pub id: i64,
    /// The movie's TMDB id.
    pub tmdb_id: i64,
    /// The same as `tmdb_id` (older clients read this one).
    pub movie_id: i64,
    /// 1 watchlist, 2 favorite, 3 group favorite.
    #[oai(rename = "type")]
    pub kind: i64,
    /// The group, for type 3; `null` otherwise.
    pub group_id: Nullable<i64>,
    /// The movie's original title (`""` when unknown).
    pub original_title: String,
    pub release_year: Nullable<i32>,
    /// The poster as stored: the catalog's URL when the entry was added (older entries
    /// may hold a bare TMDB path, `/abc.jpg`); `null` without one.
    pub poster_path: Nullable<String>,
    /// The poster to show, as reviews show it: the URL the movie store remembers (a path
    /// on this server for the demo catalog's posters), else the stored one; `null`
    /// without one.
    pub poster_url: Nullable<String>,
    /// The movie's rating on a 0–10 scale (TMDB's vote average, as the movie store
    /// remembers it); `null` when unknown. Named for the original clients.
    pub imdb_rating: Nullable<f64>,
    /// When the movie was added (RFC 3339 UTC).
    pub created_at: Timestamp,
    /// The user who added it (for personal lists, the list's owner).
    pub added_by: i64,
}

impl From<CoreFavorite> for Favorite {
    fn from(f: CoreFavorite) -> Self {
        let poster_url = f.poster_url();
        Self {
            id: f.id,
            tmdb_id: f.movie_id.0,
            movie_id: f.movie_id.0,
            kind: f.list.kind().code(),
            group_id: f.list.group().map(|g| g.0).into(),
            original_title: f.original_title,
            release_year: f.release_year.into(),
            poster_path: f.poster_path.into(),
            poster_url: poster_url.into(),
            imdb_rating: f.rating.into(),
            created_at: f.created_at.into(),
            added_by: f.added_by.0,
        }
    }
}

/// A movie to save. The movie catalog's title, year and poster are stored; the ones sent
/// here only stand in when the catalog cannot be reached (and the movie is not remembered).
#[derive(Object, Debug)]
pub struct AddFavoriteRequest {
    /// The movie's TMDB id: a number, or a string of digits as existing clients send.
    pub movie_id: BodyId,
    /// 1 watchlist, 2 favorite, 3 group favorite.
    #[oai(rename = "type", validator(minimum(value = "1"), maximum(value = "3")))]
    pub kind: i64,
    /// Required for type 3 (the caller must own or moderate the group); refused for 1–2.
    /// A number or a string of digits.
    pub group_id: Option<BodyId>,
    /// At most 300 characters, without control characters.
    #[oai(validator(max_length = 300, pattern = r"^[^\u0000-\u001F\u007F-\u009F]*$"))]
    pub original_title: Option<String>,
    /// 1870–2100.
    #[oai(validator(minimum(value = "1870"), maximum(value = "2100")))]
    pub release_year: Option<i64>,
    /// A TMDB image path (`/abc123.jpg`) or one of this server's own poster URLs;
    /// anything else is ignored (stored as `null`).
    pub poster_path: Option<String>,
    /// Used when `poster_path` is left out or ignored; the same rules.
    pub poster_url: Option<String>,
}

/// Types 1 and 2 take no `group_id`; type 3 needs one.
impl Refinement for AddFavoriteRequest {
    fn any_of() -> Vec<MetaSchemaRef> {
        any_of(vec![
            alternative(
                &[],
                vec![("type", one_of_integers(&[1, 2])), ("group_id", absent())],
            ),
            alternative(
                &["group_id"],
                vec![
                    ("type", one_of_integers(&[3])),
                    ("group_id", BodyId::schema()),
                ],
            ),
        ])
    }
}

/// Where a window of a list lies in the whole list (for type 2, `total` is the profile's
/// favorites count).
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct FavoritePagination {
    #[oai(flatten)]
    pub window: PageWindow,
}

/// One saved movie.
#[derive(Object, Debug)]
pub struct FavoriteBody {
    /// Always `true`.
    pub success: bool,
    pub data: Favorite,
}

/// A window of a list, newest first.
#[derive(Object, Debug)]
pub struct FavoriteListBody {
    /// Always `true`.
    pub success: bool,
    pub data: Vec<Favorite>,
    pub pagination: FavoritePagination,
}

impl From<Paged<CoreFavorite>> for FavoriteListBody {
    fn from(page: Paged<CoreFavorite>) -> Self {
        let pagination = FavoritePagination {
            window: (&page).into(),
        };
        Self {
            success: true,
            data: page.items.into_iter().map(Favorite::from).collect(),
            pagination,
        }
    }
}

/// Whether one movie is on the caller's watchlist and favorites.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct MovieFavoriteStatus {
    pub tmdb_id: i64,
    pub is_favorite: bool,
    pub is_watchlist: bool,
}

impl From<FavoriteStatus> for MovieFavoriteStatus {
    fn from(s: FavoriteStatus) -> Self {
        Self {
            tmdb_id: s.movie_id.0,
            is_favorite: s.is_favorite,
            is_watchlist: s.is_watchlist,
        }
    }
}

/// The status of each movie asked about, in the order asked.
#[derive(Object, Debug)]
pub struct FavoriteStatusBody {
    /// Always `true`.
    pub success: bool,
    pub data: Vec<MovieFavoriteStatus>,
}

#[derive(ApiResponse)]
pub enum AddFavoriteResponse {
    /// Saved.
    #[oai(status = 201)]
    Created(Json<FavoriteBody>),
    /// It was already there; nothing changed. The existing entry.
    #[oai(status = 200)]
    Existing(Json<FavoriteBody>),
}

#[derive(ApiResponse)]
pub enum RemoveFavoriteResponse {
    /// The movie is not on the list (any more).
    #[oai(status = 204)]
    Removed,
}

#[derive(ApiResponse)]
pub enum FavoriteListResponse {
    /// A window of the list.
    #[oai(status = 200)]
    Ok(Json<FavoriteListBody>),
}

#[derive(ApiResponse)]
pub enum FavoriteStatusResponse {
    /// One status per id.
    #[oai(status = 200)]
    Ok(Json<FavoriteStatusBody>),
}

/// `/favorites` operations.
pub struct FavoritesApi;

impl FavoritesApi {
    async fn add(
        &self,
        state: &AppState,
        user: &User,
        body: AddFavoriteRequest,
    ) -> Result<AddFavoriteResponse, ApiError> {
        let added = state
            .favorites
            .add_favorite(
                user,
                AddFavorite {
                    movie_id: body.movie_id.0,
                    kind: body.kind,
                    group_id: body.group_id.map(|id| id.0),
                    original_title: body.original_title,
                    release_year: body.release_year,
                    poster_path: body.poster_path,
                    poster_url: body.poster_url,
                },
            )
            .await?;
        let body = Json(FavoriteBody {
            success: true,
            data: added.favorite.into(),
        });
        Ok(if added.created {
            AddFavoriteResponse::Created(body)
        } else {
            AddFavoriteResponse::Existing(body)
        })
    }
}

#[OpenApi(tag = "ApiTags::Favorites")]
impl FavoritesApi {
    /// Save a movie to the watchlist, the favorites or a group's favorites
    ///
    /// Also at `POST /favorites/`. 201 with the new entry, or 200 with the entry already
    /// there (a double click stores one row). Title, year and poster are always the movie
    /// catalog's; the ones sent are used only when the catalog cannot be reached. Errors:
    /// 400 `invalid_favorite_type`, `invalid_movie_id`, `group_id_required` (type 3),
    /// `group_id_not_allowed` (types 1–2), `invalid_title`, `invalid_release_year`; 403 `favorites_forbidden` "You
    /// don’t have permission to add favorites for this group."; 404 `group_not_found`,
    /// `movie_not_found` "Movie not found"; 502/503 when the catalog fails and no
    /// `original_title` was sent.
    #[oai(path = "/favorites", method = "post", operation_id = "addFavorite")]
    async fn add_favorite(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<Refined<AddFavoriteRequest>>,
    ) -> Result<AddFavoriteResponse, ApiError> {
        self.add(&state, &auth.0, body.0 .0).await
    }

    /// Take a movie off the caller's watchlist (type 1) or favorites (type 2)
    ///
    /// 204 also when it was not there. Errors: 400 `invalid_favorite_type`, or
    /// `group_list` for type 3 (use the group path).
    #[oai(
        path = "/favorites/:movieId/:type",
        method = "delete",
        operation_id = "removeFavorite"
    )]
    async fn remove_favorite(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The movie's TMDB id.
        #[oai(name = "movieId", validator(minimum(value = "1")))]
        movie_id: Path<i64>,
        /// 1 watchlist, 2 favorite.
        #[oai(name = "type", validator(minimum(value = "1"), maximum(value = "2")))]
        kind: Path<i64>,
    ) -> Result<RemoveFavoriteResponse, ApiError> {
        state
            .favorites
            .remove_favorite(&auth.0, movie_id.0, kind.0)
            .await?;
        Ok(RemoveFavoriteResponse::Removed)
    }

    /// Take a movie off a group's favorites (owner or moderator)
    ///
    /// 204 also when it was not there. Errors: 400 `invalid_favorite_type` unless type
    /// is 3; 403 `favorites_forbidden`; 404 `group_not_found`.
    #[oai(
        path = "/favorites/:movieId/:type/group/:groupId",
        method = "delete",
        operation_id = "removeGroupFavorite"
    )]
    async fn remove_group_favorite(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The movie's TMDB id.
        #[oai(name = "movieId", validator(minimum(value = "1")))]
        movie_id: Path<i64>,
        /// Always 3.
        #[oai(name = "type", validator(minimum(value = "3"), maximum(value = "3")))]
        kind: Path<i64>,
        #[oai(name = "groupId", validator(minimum(value = "1")))] group_id: Path<i64>,
    ) -> Result<RemoveFavoriteResponse, ApiError> {
        state
            .favorites
            .remove_group_favorite(&auth.0, movie_id.0, kind.0, group_id.0)
            .await?;
        Ok(RemoveFavoriteResponse::Removed)
    }

    /// A user's favorites (type 2, public) or watchlist (type 1, owner only)
    ///
    /// Newest first; `pagination.total` is the size of the whole list. Errors: 401
    /// `login_required` for a watchlist without a token; 403 `watchlist_private` for
    /// someone else's watchlist; 404 `user_not_found`; 400 `group_list` for type 3,
    /// `invalid_parameter` for `limit` outside 1..=100 or a negative `offset`.
    #[oai(
        path = "/favorites/user/:userId/:type",
        method = "get",
        operation_id = "listUserFavorites"
    )]
    async fn list_user_favorites(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        #[oai(name = "userId", validator(minimum(value = "1")))] user_id: Path<i64>,
        /// 1 watchlist, 2 favorite.
        #[oai(name = "type", validator(minimum(value = "1"), maximum(value = "2")))]
        kind: Path<i64>,
        /// 1..=100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<FavoriteListResponse, ApiError> {
        let page = state
            .favorites
            .list_user_favorites(auth.user(), user_id.0, kind.0, limit.0, offset.0)
            .await?;
        Ok(FavoriteListResponse::Ok(Json(page.into())))
    }

    /// A group's favorites (members, moderators and the owner)
    ///
    /// Newest first. Errors: 401 without a token; 403 `members_only` for pending
    /// requests and outsiders; 404 `group_not_found`.
    #[oai(
        path = "/favorites/group/:groupId",
        method = "get",
        operation_id = "listGroupFavorites"
    )]
    async fn list_group_favorites(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(name = "groupId", validator(minimum(value = "1")))] group_id: Path<i64>,
        /// 1..=100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<FavoriteListResponse, ApiError> {
        let page = state
            .favorites
            .list_group_favorites(&auth.0, group_id.0, limit.0, offset.0)
            .await?;
        Ok(FavoriteListResponse::Ok(Json(page.into())))
    }

    /// Which movies are on the caller's watchlist and favorites
    ///
    /// `ids`: 1 to 100 TMDB ids, comma-separated (`550,13,27205`). Answers in
    /// the order asked, from one database query. Visitors get all `false`. Errors: 400
    /// `invalid_ids`. A token that is not valid is ignored (answered as a visitor, with
    /// `WWW-Authenticate: Bearer error="invalid_token"`).
    #[oai(
        path = "/favorites/status/:ids",
        method = "get",
        operation_id = "getFavoriteStatus"
    )]
    async fn favorite_status(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// Comma-separated TMDB ids (positive), at most 100; an id listed twice is
        /// answered twice.
        ids: Path<Matching<MovieIdList>>,
    ) -> Result<FavoriteStatusResponse, ApiError> {
        let statuses = state.favorites.favorite_status(auth.user(), &ids.0).await?;
        Ok(FavoriteStatusResponse::Ok(Json(FavoriteStatusBody {
            success: true,
            data: statuses
                .into_iter()
                .map(MovieFavoriteStatus::from)
                .collect(),
        })))
    }
}

/// Stand-ins for the HTTP tests of other resources: favorites use cases whose store and
/// catalog always fail (favorites themselves are tested black-box in `tests/`).
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use async_trait::async_trait;

    use leffaseura_core::domain::favorite::{Favorite, FavoriteKind, FavoriteList, NewFavorite};
    use leffaseura_core::domain::movie::RememberedMovie;
    use leffaseura_core::domain::paging::{PageRequest, Paged};
    use leffaseura_core::ports::favorite_store::FavoriteStore;
    use leffaseura_core::ports::{CachedBody, GroupStore, MovieCache, SystemClock, UserStore};
    use leffaseura_core::use_cases::Favorites;

    use crate::testing::NoCatalog;
    use leffaseura_core::{MovieId, StoreError, UserId};

    struct Down;

    fn down() -> StoreError {
        StoreError::Backend("no favorites store in this test".into())
    }

    #[async_trait]
    impl FavoriteStore for Down {
        async fn add_favorite(&self, _: &NewFavorite) -> Result<(Favorite, bool), StoreError> {
            Err(down())
        }
        async fn find_favorite(
            &self,
            _: FavoriteList,
            _: MovieId,
        ) -> Result<Option<Favorite>, StoreError> {
            Err(down())
        }
        async fn remove_favorite(&self, _: FavoriteList, _: MovieId) -> Result<bool, StoreError> {
            Err(down())
        }
        async fn list_favorites(
            &self,
            _: FavoriteList,
            _: PageRequest,
        ) -> Result<Paged<Favorite>, StoreError> {
            Err(down())
        }
        async fn favorite_status(
            &self,
            _: UserId,
            _: &[MovieId],
        ) -> Result<Vec<(MovieId, FavoriteKind)>, StoreError> {
            Err(down())
        }
    }

    #[async_trait]
    impl MovieCache for Down {
        async fn get(&self, _: &str) -> Result<Option<CachedBody>, StoreError> {
            Err(down())
        }
        async fn put(&self, _: &str, _: &CachedBody) -> Result<(), StoreError> {
            Err(down())
        }
        async fn remember_movies(
            &self,
            _: &[RememberedMovie],
            _: chrono::DateTime<chrono::Utc>,
        ) -> Result<(), StoreError> {
            Err(down())
        }
        async fn find_movies(&self, _: &[MovieId]) -> Result<Vec<RememberedMovie>, StoreError> {
            Err(down())
        }
    }

    /// Favorites use cases that fail with 500/503 whatever is asked (accounts and groups
    /// work: `users` and `groups` are the test's store).
    pub fn unavailable_favorites(
        users: Arc<dyn UserStore>,
        groups: Arc<dyn GroupStore>,
    ) -> Arc<Favorites> {
        Arc::new(Favorites::new(
            Arc::new(Down),
            groups,
            users,
            Arc::new(NoCatalog),
            Arc::new(Down),
            Arc::new(SystemClock),
        ))
    }
}
