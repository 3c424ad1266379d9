//! `/tmdb`: movie search, genres, discover, popular, details and title-year matching
//! (API.md, Movies), plus the demo catalog's generated posters. Movie objects use the
//! spec's camelCase names. An answer served from an expired cache entry because the
//! catalog failed carries `X-Cache: stale`.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};

use leffaseura_core::domain::movie::{self as core_movie, Cached, MoviePage};
use leffaseura_core::ports::PosterFormat;

use crate::api::matching::{
    GenreIdList, LanguageTag, Matching, NotBlank, PageNumber, PositiveId, ReleaseYear, SortOrder,
};
use crate::api::{ApiTags, Nullable};
use crate::error::ApiError;
use crate::state::AppState;

/// A genre.
#[derive(Object, Debug, Clone, PartialEq)]
pub struct Genre {
    pub id: i64,
    pub name: String,
}

/// A movie in a list.
#[derive(Object, Debug, Clone, PartialEq)]
#[oai(rename = "MovieListItem")]
pub struct MovieListItem {
    /// TMDB id.
    pub id: i64,
    pub title: String,
    #[oai(rename = "originalTitle")]
    pub original_title: String,
    /// `YYYY-MM-DD`, or `""` when unknown.
    #[oai(rename = "releaseDate")]
    pub release_date: String,
    pub overview: String,
    /// Full poster URL (list size), or `null`.
    #[oai(rename = "posterPath")]
    pub poster_path: Nullable<String>,
    #[oai(rename = "voteAverage")]
    pub vote_average: f64,
    pub genre_ids: Vec<i64>,
}

impl From<core_movie::MovieSummary> for MovieListItem {
    fn from(m: core_movie::MovieSummary) -> Self {
        Self {
            id: m.id.0,
            title: m.title,
            original_title: m.original_title,
            release_date: m.release_date,
            overview: m.overview,
            poster_path: m.poster_path.into(),
            vote_average: m.vote_average,
            genre_ids: m.genre_ids,
        }
    }
}

/// One page of movies.
#[derive(Object, Debug, Clone)]
pub struct MoviePageBody {
    pub success: bool,
    pub results: Vec<MovieListItem>,
    pub page: u32,
    /// Pages that can be asked for (never more than 500).
    #[oai(rename = "totalPages")]
    pub total_pages: u32,
    #[oai(rename = "totalResults")]
    pub total_results: u64,
}

impl From<MoviePage> for MoviePageBody {
    fn from(page: MoviePage) -> Self {
        Self {
            success: true,
            results: page.results.into_iter().map(MovieListItem::from).collect(),
            page: page.page,
            total_pages: page.total_pages,
            total_results: page.total_results,
        }
    }
}

/// All genres.
#[derive(Object, Debug, Clone)]
pub struct GenresBody {
    pub success: bool,
    pub genres: Vec<Genre>,
}

/// Title-year candidates, best match first.
#[derive(Object, Debug, Clone)]
pub struct MatchesBody {
    pub success: bool,
    pub results: Vec<MovieListItem>,
}

/// A trailer link.
#[derive(Object, Debug, Clone)]
pub struct Trailer {
    pub name: String,
    pub url: String,
}

/// A billed actor.
#[derive(Object, Debug, Clone)]
pub struct CastMember {
    pub id: i64,
    pub name: String,
    pub character: String,
    /// Full portrait URL, or `null`.
    #[oai(rename = "profilePath")]
    pub profile_path: Nullable<String>,
}

/// A key crew member; `job` joins their key jobs (`"Director, Writer"`).
#[derive(Object, Debug, Clone)]
pub struct CrewMember {
    pub id: i64,
    pub name: String,
    pub job: String,
    #[oai(rename = "profilePath")]
    pub profile_path: Nullable<String>,
}

/// A movie with everything its page shows.
#[derive(Object, Debug, Clone)]
pub struct Movie {
    pub success: bool,
    pub id: i64,
    pub title: String,
    #[oai(rename = "originalTitle")]
    pub original_title: String,
    pub tagline: String,
    pub overview: String,
    #[oai(rename = "releaseDate")]
    pub release_date: String,
    /// Minutes, or `null` when unknown.
    pub runtime: Nullable<u32>,
    pub genres: Vec<Genre>,
    /// Full poster URL (page size), or `null`.
    #[oai(rename = "posterPath")]
    pub poster_path: Nullable<String>,
    #[oai(rename = "backdropPath")]
    pub backdrop_path: Nullable<String>,
    #[oai(rename = "voteAverage")]
    pub vote_average: f64,
    /// US dollars, or `null` when unknown.
    pub budget: Nullable<i64>,
    pub revenue: Nullable<i64>,
    pub trailer: Nullable<Trailer>,
    /// Top billed first, at most 20.
    pub cast: Vec<CastMember>,
    /// Directors, writers, producers, composer, director of photography.
    #[oai(rename = "keyCrew")]
    pub key_crew: Vec<CrewMember>,
}

impl From<core_movie::MovieDetails> for Movie {
    fn from(m: core_movie::MovieDetails) -> Self {
        Self {
            success: true,
            id: m.id.0,
            title: m.title,
            original_title: m.original_title,
            tagline: m.tagline,
            overview: m.overview,
            release_date: m.release_date,
            runtime: m.runtime.into(),
            genres: m
                .genres
                .into_iter()
                .map(|g| Genre {
                    id: g.id,
                    name: g.name,
                })
                .collect(),
            poster_path: m.poster_path.into(),
            backdrop_path: m.backdrop_path.into(),
            vote_average: m.vote_average,
            budget: m.budget.into(),
            revenue: m.revenue.into(),
            trailer: m
                .trailer
                .map(|t| Trailer {
                    name: t.name,
                    url: t.url,
                })
                .into(),
            cast: m
                .cast
                .into_iter()
                .map(|c| CastMember {
                    id: c.id,
                    name: c.name,
                    character: c.character,
                    profile_path: c.profile_path.into(),
                })
                .collect(),
            key_crew: m
                .key_crew
                .into_iter()
                .map(|c| CrewMember {
                    id: c.id,
                    name: c.name,
                    job: c.job,
                    profile_path: c.profile_path.into(),
                })
                .collect(),
        }
    }
}

/// `"stale"` when the answer came from an expired cache entry.
fn cache_header<T>(cached: &Cached<T>) -> Option<String> {
    cached.stale.then(|| "stale".to_owned())
}

#[derive(ApiResponse)]
pub enum MoviePageResponse {
    /// A page of movies. `X-Cache: stale` when the catalog failed and an older answer is
    /// served.
    #[oai(status = 200)]
    Ok(
        Json<MoviePageBody>,
        #[oai(header = "X-Cache")] Option<String>,
    ),
}

impl From<Cached<MoviePage>> for MoviePageResponse {
    fn from(cached: Cached<MoviePage>) -> Self {
        let header = cache_header(&cached);
        Self::Ok(Json(cached.value.into()), header)
    }
}

#[derive(ApiResponse)]
pub enum GenresResponse {
    /// Every movie genre.
    #[oai(status = 200)]
    Ok(Json<GenresBody>, #[oai(header = "X-Cache")] Option<String>),
}

#[derive(ApiResponse)]
pub enum MovieResponse {
    /// The movie.
    #[oai(status = 200)]
    Ok(Json<Movie>, #[oai(header = "X-Cache")] Option<String>),
}

#[derive(ApiResponse)]
pub enum MatchesResponse {
    /// Candidates, best first (empty when nothing matches).
    #[oai(status = 200)]
    Ok(Json<MatchesBody>, #[oai(header = "X-Cache")] Option<String>),
}

#[derive(ApiResponse)]
pub enum PosterResponse {
    /// A generated PNG poster.
    #[oai(status = 200, content_type = "image/png")]
    Png(Binary<Vec<u8>>, #[oai(header = "Cache-Control")] String),
    /// A generated SVG poster (the URLs earlier demo catalogs named).
    #[oai(status = 200, content_type = "image/svg+xml")]
    Svg(Binary<Vec<u8>>, #[oai(header = "Cache-Control")] String),
}

/// `/tmdb` operations.
pub struct MoviesApi;

#[OpenApi(tag = "ApiTags::Movies")]
impl MoviesApi {
    /// Search movies by title
    ///
    /// Errors: 400 `invalid_query` for a missing or blank query, 400 `invalid_page` for a
    /// page outside 1..500, 400 `invalid_language`; 502/503 when the catalog fails and
    /// nothing is cached.
    #[oai(path = "/tmdb/search", method = "get", operation_id = "searchMovies")]
    async fn search(
        &self,
        state: Data<&AppState>,
        /// The title to look for: not blank, at most 200 characters.
        #[oai(validator(
            max_length = 200,
            pattern = r"[^\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]"
        ))]
        query: Query<String>,
        /// 1..500, default 1.
        page: Query<Option<Matching<PageNumber>>>,
        /// Language of titles, overviews and genre names: `fi-FI` (Finnish) or `en-US`
        /// (English); `fi`, `en` and other regions (`en-GB`) are accepted. Missing = the
        /// server's default (TMDB_LANGUAGE, `en-US`). The `Accept-Language` header is not
        /// used. The offline demo catalog is English only.
        language: Query<Option<Matching<LanguageTag>>>,
    ) -> Result<MoviePageResponse, ApiError> {
        Ok(state
            .movies
            .search_movies(Some(&query.0), page.0.as_deref(), language.0.as_deref())
            .await?
            .into())
    }

    /// List movie genres
    ///
    /// Errors: 400 `invalid_language`.
    #[oai(path = "/tmdb/genres", method = "get", operation_id = "listGenres")]
    async fn genres(
        &self,
        state: Data<&AppState>,
        /// Language of titles, overviews and genre names: `fi-FI` (Finnish) or `en-US`
        /// (English); `fi`, `en` and other regions (`en-GB`) are accepted. Missing = the
        /// server's default (TMDB_LANGUAGE, `en-US`). The `Accept-Language` header is not
        /// used. The offline demo catalog is English only.
        language: Query<Option<Matching<LanguageTag>>>,
    ) -> Result<GenresResponse, ApiError> {
        let cached = state.movies.list_genres(language.0.as_deref()).await?;
        let header = cache_header(&cached);
        let genres = cached
            .value
            .into_iter()
            .map(|g| Genre {
                id: g.id,
                name: g.name,
            })
            .collect();
        Ok(GenresResponse::Ok(
            Json(GenresBody {
                success: true,
                genres,
            }),
            header,
        ))
    }

    /// Discover movies by genre
    ///
    /// `with_genres` is a comma-separated list of genre ids; a movie must have all of
    /// them. Errors: 400 `invalid_genres`, `invalid_page`, `invalid_sort` or
    /// `invalid_language`.
    #[oai(
        path = "/tmdb/discover",
        method = "get",
        operation_id = "discoverMovies"
    )]
    async fn discover(
        &self,
        state: Data<&AppState>,
        /// Genre ids, e.g. `28,12` (all must match), at most 20. Missing = any genre.
        with_genres: Query<Option<Matching<GenreIdList>>>,
        /// 1..500, default 1.
        page: Query<Option<Matching<PageNumber>>>,
        /// `popularity.desc` (default), `vote_average.desc`, `primary_release_date.desc`,
        /// `title.asc`, … (`.asc` or `.desc`; without it `.desc`).
        sort_by: Query<Option<Matching<SortOrder>>>,
        /// Language of titles, overviews and genre names: `fi-FI` (Finnish) or `en-US`
        /// (English); `fi`, `en` and other regions (`en-GB`) are accepted. Missing = the
        /// server's default (TMDB_LANGUAGE, `en-US`). The `Accept-Language` header is not
        /// used. The offline demo catalog is English only.
        language: Query<Option<Matching<LanguageTag>>>,
    ) -> Result<MoviePageResponse, ApiError> {
        Ok(state
            .movies
            .discover_movies(
                with_genres.0.as_deref(),
                page.0.as_deref(),
                sort_by.0.as_deref(),
                language.0.as_deref(),
            )
            .await?
            .into())
    }

    /// Popular movies
    ///
    /// Errors: 400 `invalid_page`, `invalid_language`.
    #[oai(path = "/tmdb/popular", method = "get", operation_id = "popularMovies")]
    async fn popular(
        &self,
        state: Data<&AppState>,
        /// 1..500, default 1.
        page: Query<Option<Matching<PageNumber>>>,
        /// Language of titles, overviews and genre names: `fi-FI` (Finnish) or `en-US`
        /// (English); `fi`, `en` and other regions (`en-GB`) are accepted. Missing = the
        /// server's default (TMDB_LANGUAGE, `en-US`). The `Accept-Language` header is not
        /// used. The offline demo catalog is English only.
        language: Query<Option<Matching<LanguageTag>>>,
    ) -> Result<MoviePageResponse, ApiError> {
        Ok(state
            .movies
            .popular_movies(page.0.as_deref(), language.0.as_deref())
            .await?
            .into())
    }

    /// Best matches for an original title and year
    ///
    /// Used to link showtimes to movies. Errors: 400 `invalid_title` for a missing title,
    /// 400 `invalid_year`, 400 `invalid_language`.
    #[oai(
        path = "/tmdb/title-year",
        method = "get",
        operation_id = "matchTitleYear"
    )]
    async fn title_year(
        &self,
        state: Data<&AppState>,
        /// The original title (not blank).
        #[oai(name = "originalTitle")]
        original_title: Query<Matching<NotBlank>>,
        /// Release (or production) year, 1870..=2100.
        year: Query<Option<Matching<ReleaseYear>>>,
        /// The Finnkino event id the caller is matching (not used for matching).
        #[oai(name = "f_id")]
        f_id: Query<Option<String>>,
        /// Language of titles, overviews and genre names: `fi-FI` (Finnish) or `en-US`
        /// (English); `fi`, `en` and other regions (`en-GB`) are accepted. Missing = the
        /// server's default (TMDB_LANGUAGE, `en-US`). The `Accept-Language` header is not
        /// used. The offline demo catalog is English only.
        language: Query<Option<Matching<LanguageTag>>>,
    ) -> Result<MatchesResponse, ApiError> {
        let _ = f_id;
        let cached = state
            .movies
            .match_title_year(
                Some(&original_title.0),
                year.0.as_deref(),
                language.0.as_deref(),
            )
            .await?;
        let header = cache_header(&cached);
        let results = cached.value.into_iter().map(MovieListItem::from).collect();
        Ok(MatchesResponse::Ok(
            Json(MatchesBody {
                success: true,
                results,
            }),
            header,
        ))
    }

    /// One movie with cast, key crew and trailer
    ///
    /// Errors: 400 `invalid_parameter` for a non-numeric id, 400 `invalid_language`;
    /// 404 `movie_not_found` "Movie not found".
    #[oai(path = "/tmdb/:id", method = "get", operation_id = "getMovie")]
    async fn movie(
        &self,
        state: Data<&AppState>,
        /// The movie's TMDB id (a positive number).
        id: Path<Matching<PositiveId>>,
        /// Language of titles, overviews and genre names: `fi-FI` (Finnish) or `en-US`
        /// (English); `fi`, `en` and other regions (`en-GB`) are accepted. Missing = the
        /// server's default (TMDB_LANGUAGE, `en-US`). The `Accept-Language` header is not
        /// used. The offline demo catalog is English only.
        language: Query<Option<Matching<LanguageTag>>>,
    ) -> Result<MovieResponse, ApiError> {
        let cached = state
            .movies
            .movie_details(&id.0, language.0.as_deref())
            .await?;
        let header = cache_header(&cached);
        Ok(MovieResponse::Ok(Json(cached.value.into()), header))
    }

    /// A generated placeholder poster of a demo film
    ///
    /// `file` is `<id>.png` (or `<id>.svg`, what earlier demo catalogs named). Errors: 404
    /// `poster_not_found`. Internal: the demo catalog's `posterPath`s point here, so it is
    /// served but kept out of the spec.
    #[oai(
        path = "/demo/poster/:file",
        method = "get",
        operation_id = "demoPoster",
        hidden
    )]
    async fn demo_poster(
        &self,
        state: Data<&AppState>,
        file: Path<String>,
    ) -> Result<PosterResponse, ApiError> {
        let poster = state.movies.demo_poster(&file.0)?;
        let cache = "public, max-age=86400".to_owned();
        Ok(match poster.format {
            PosterFormat::Png => PosterResponse::Png(Binary(poster.bytes), cache),
            PosterFormat::Svg => PosterResponse::Svg(Binary(poster.bytes), cache),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::IntoResponse;
    use serde_json::Value;

    use std::sync::Arc;

    use crate::testing::{
        movies_over, test_app, test_app_with, NoCatalog, SampleCatalog, StaleCatalog,
    };

    async fn get(path: &str) -> (u16, Value, poem::http::HeaderMap) {
        let (client, _db) = test_app().await;
        let resp = client.get(path).send().await;
        let status = resp.0.status().as_u16();
        let headers = resp.0.headers().clone();
        let text = resp.0.into_body().into_string().await.expect("a body");
        let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, json, headers)
    }

    fn assert_error(status: u16, body: &Value, expected: u16, code: &str) {
        assert_eq!(status, expected, "{body}");
        assert_eq!(body["success"], false, "{body}");
        assert_eq!(body["code"], code, "{body}");
    }

    #[tokio::test]
    async fn stale_answers_carry_the_x_cache_header() {
        let stale: MoviePageResponse = Cached::stale(MoviePage::empty(1)).into();
        let resp = stale.into_response();
        assert_eq!(
            resp.headers().get("x-cache").and_then(|v| v.to_str().ok()),
            Some("stale")
        );
        let fresh: MoviePageResponse = Cached::fresh(MoviePage::empty(1)).into();
        assert!(fresh.into_response().headers().get("x-cache").is_none());
    }

    #[tokio::test]
    async fn every_stale_catalog_answer_says_so_in_x_cache() {
        let stale = movies_over(Arc::new(StaleCatalog(SampleCatalog::new())));
        let (client, _db) = test_app_with(stale).await;
        for path in [
            "/api/tmdb/search?query=fight",
            "/api/tmdb/genres",
            "/api/tmdb/discover",
            "/api/tmdb/popular",
            "/api/tmdb/550",
            "/api/tmdb/title-year?originalTitle=Fight%20Club",
        ] {
            let resp = client.get(path).send().await;
            assert_eq!(resp.0.status().as_u16(), 200, "{path}");
            assert_eq!(
                resp.0
                    .headers()
                    .get("x-cache")
                    .and_then(|v| v.to_str().ok()),
                Some("stale"),
                "{path}"
            );
        }
    }

    #[tokio::test]
    async fn an_unreachable_catalog_answers_503_but_bad_input_stays_400() {
        let (client, _db) = test_app_with(movies_over(Arc::new(NoCatalog))).await;
        for path in [
            "/api/tmdb/search?query=fight",
            "/api/tmdb/genres",
            "/api/tmdb/popular",
            "/api/tmdb/550",
        ] {
            let resp = client.get(path).send().await;
            assert_eq!(resp.0.status().as_u16(), 503, "{path}");
            let body: Value = resp.0.into_body().into_json().await.expect("JSON");
            assert_eq!(body["code"], "upstream_unavailable", "{path}");
        }
        let resp = client.get("/api/tmdb/popular?page=0").send().await;
        assert_eq!(resp.0.status().as_u16(), 400);
    }

    #[tokio::test]
    async fn movie_data_comes_in_the_language_asked_for() {
        let (status, body, _) = get("/api/tmdb/genres?language=fi-FI").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["genres"][0],
            serde_json::json!({"id": 28, "name": "Toiminta"})
        );
        let (_, body, _) = get("/api/tmdb/genres?language=en").await;
        assert_eq!(body["genres"][0]["name"], "Action");
        let (_, finnish, _) = get("/api/tmdb/550?language=fi").await;
        let (_, default, _) = get("/api/tmdb/550").await;
        assert!(
            finnish["overview"]
                .as_str()
                .is_some_and(|o| o.starts_with("Unettomuudesta")),
            "{finnish}"
        );
        assert_eq!(
            default["overview"],
            "An insomniac office worker meets a soap maker."
        );
        for path in [
            "/api/tmdb/genres?language=sv-SE",
            "/api/tmdb/search?query=x&language=de",
            "/api/tmdb/discover?language=xx",
            "/api/tmdb/popular?language=finnish",
            "/api/tmdb/550?language=fr",
            "/api/tmdb/title-year?originalTitle=X&language=es",
        ] {
            let (status, body, _) = get(path).await;
            assert_error(status, &body, 400, "invalid_language");
            assert_eq!(body["field"], "language", "{path}");
        }
    }

    #[tokio::test]
    async fn search_answers_a_camel_case_page() {
        let (status, body, headers) = get("/api/tmdb/search?query=fight%20club").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["success"], true);
        assert_eq!(body["page"], 1);
        assert!(body["totalPages"].as_u64().is_some(), "{body}");
        assert!(body["totalResults"].as_u64().is_some(), "{body}");
        let first = &body["results"][0];
        assert_eq!(first["id"], 550, "{body}");
        assert_eq!(first["originalTitle"], "Fight Club");
        assert_eq!(first["releaseDate"], "1999-10-15");
        assert!(first["voteAverage"].as_f64().is_some());
        assert!(first["genre_ids"].as_array().is_some());
        assert_eq!(first["posterPath"], "/api/demo/poster/550.png");
        assert!(headers.get("x-cache").is_none());
    }

    #[tokio::test]
    async fn search_rejects_a_missing_or_blank_query_and_bad_pages() {
        let (status, body, _) = get("/api/tmdb/search").await;
        assert_error(status, &body, 400, "invalid_query");
        assert_eq!(body["field"], "query");
        let (status, body, _) = get("/api/tmdb/search?query=%20%20").await;
        assert_error(status, &body, 400, "invalid_query");
        for page in ["0", "501", "abc"] {
            let (status, body, _) = get(&format!("/api/tmdb/search?query=x&page={page}")).await;
            assert_error(status, &body, 400, "invalid_page");
        }
    }

    #[tokio::test]
    async fn genres_list_all_nineteen() {
        let (status, body, _) = get("/api/v1/tmdb/genres").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["success"], true);
        assert_eq!(body["genres"].as_array().map(Vec::len), Some(19));
        assert_eq!(
            body["genres"][0],
            serde_json::json!({"id": 28, "name": "Action"})
        );
    }

    #[tokio::test]
    async fn discover_filters_by_every_genre_and_pages() {
        let (status, body, _) = get("/api/tmdb/discover?with_genres=18,53&page=1").await;
        assert_eq!(status, 200, "{body}");
        let results = body["results"].as_array().expect("results");
        assert!(!results.is_empty());
        for movie in results {
            let genres = movie["genre_ids"].as_array().expect("genre_ids");
            assert!(
                genres.contains(&Value::from(18)) && genres.contains(&Value::from(53)),
                "{movie}"
            );
        }
        let (status, body, _) = get("/api/tmdb/discover?with_genres=action").await;
        assert_error(status, &body, 400, "invalid_genres");
        let (status, body, _) = get("/api/tmdb/discover?sort_by=nonsense").await;
        assert_error(status, &body, 400, "invalid_sort");
        let (status, body, _) = get("/api/tmdb/discover?page=501").await;
        assert_error(status, &body, 400, "invalid_page");
    }

    #[tokio::test]
    async fn popular_pages_hold_twenty() {
        let (status, body, _) = get("/api/tmdb/popular?page=1").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["results"].as_array().map(Vec::len), Some(20));
        assert!(body["totalPages"].as_u64().unwrap_or(0) >= 2);
    }

    #[tokio::test]
    async fn a_movie_has_the_documented_shape() {
        let (status, body, _) = get("/api/tmdb/550").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["success"], true);
        assert_eq!(body["id"], 550);
        assert_eq!(body["title"], "Fight Club");
        assert_eq!(body["originalTitle"], "Fight Club");
        assert_eq!(body["releaseDate"], "1999-10-15");
        assert_eq!(body["runtime"], 139);
        assert_eq!(body["posterPath"], "/api/demo/poster/550.png");
        assert!(body["backdropPath"].is_null());
        assert!(body["voteAverage"].as_f64().is_some());
        assert!(body["genres"][0]["name"].as_str().is_some());
        assert!(body["trailer"]["url"].as_str().is_some());
        assert!(body["cast"][0]["profilePath"].is_null());
        assert!(body["cast"][0]["character"].as_str().is_some());
        let crew = body["keyCrew"].as_array().expect("keyCrew");
        assert!(
            crew.iter()
                .any(|c| c["job"].as_str().is_some_and(|j| j.contains("Director"))),
            "{body}"
        );
    }

    #[tokio::test]
    async fn unknown_and_malformed_movie_ids() {
        let (status, body, _) = get("/api/tmdb/999999999").await;
        assert_error(status, &body, 404, "movie_not_found");
        assert_eq!(body["message"], "Movie not found");
        let (status, body, _) = get("/api/tmdb/abc").await;
        assert_error(status, &body, 400, "invalid_parameter");
    }

    #[tokio::test]
    async fn title_year_finds_the_best_match_first() {
        let (status, body, _) =
            get("/api/tmdb/title-year?originalTitle=Fight%20Club&year=1999&f_id=123").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["results"][0]["id"], 550, "{body}");
        let (status, body, _) = get("/api/tmdb/title-year?year=1999").await;
        assert_error(status, &body, 400, "invalid_title");
        let (status, body, _) = get("/api/tmdb/title-year?originalTitle=X&year=soon").await;
        assert_error(status, &body, 400, "invalid_year");
    }

    #[tokio::test]
    async fn demo_posters_are_png_and_the_earlier_svg_urls_still_answer() {
        let (client, _db) = test_app().await;
        for (file, content_type, starts) in [
            ("550.png", "image/png", b"\x89PNG".as_slice()),
            ("550.svg", "image/svg+xml", b"<svg".as_slice()),
        ] {
            let resp = client.get(format!("/api/demo/poster/{file}")).send().await;
            assert_eq!(resp.0.status().as_u16(), 200, "{file}");
            let header = |name: &str| {
                resp.0
                    .headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
                    .to_owned()
            };
            assert!(header("content-type").starts_with(content_type), "{file}");
            assert_eq!(header("cache-control"), "public, max-age=86400", "{file}");
            let body = resp.0.into_body().into_vec().await.expect("body");
            assert!(body.starts_with(starts), "{file}");
            assert!(
                String::from_utf8_lossy(&body).contains("Fight Club"),
                "{file}"
            );
        }
        for missing in ["1.png", "1.svg", "550.jpg", "550"] {
            let (status, body, _) = get(&format!("/api/demo/poster/{missing}")).await;
            assert_error(status, &body, 404, "poster_not_found");
        }
    }

    #[tokio::test]
    async fn the_demo_poster_route_is_served_but_not_in_the_spec() {
        let spec: Value = serde_json::from_str(&crate::api::spec_json()).expect("spec is JSON");
        let paths = spec["paths"].as_object().expect("paths");
        assert!(!paths.is_empty());
        assert!(
            paths.keys().all(|path| !path.contains("demo")),
            "{:?}",
            paths.keys().collect::<Vec<_>>()
        );
        // Only the route is hidden: descriptions may still mention the URLs it serves.
        let (status, served, _) = get("/api/openapi.json").await;
        assert_eq!(status, 200);
        let served_paths = served["paths"].as_object().expect("paths");
        assert!(served_paths.keys().all(|path| !path.contains("demo")));
        let operation_ids: Vec<&str> = served_paths
            .values()
            .filter_map(Value::as_object)
            .flat_map(|item| item.values())
            .filter_map(|operation| operation["operationId"].as_str())
            .collect();
        assert!(operation_ids.contains(&"searchMovies"), "{operation_ids:?}");
        assert!(!operation_ids.contains(&"demoPoster"), "{operation_ids:?}");
        let (client, _db) = test_app().await;
        let resp = client.get("/api/v1/demo/poster/550.png").send().await;
        assert_eq!(resp.0.status().as_u16(), 200);
    }
}
