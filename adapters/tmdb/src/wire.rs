//! TMDB's JSON as it really arrives (format notes §3–§5), and its translation into the
//! core's movie types. Parsing is tolerant: unknown keys are ignored, missing keys take
//! defaults, `null` strings become empty, `vote_average` may be an integer.

use chrono::{DateTime, Utc};
use leffaseura_core::domain::movie::{
    choose_trailer, key_crew, CastMember, CrewCredit, Genre, MovieDetails, MoviePage, MovieSummary,
    VideoInfo, MAX_CAST,
};
use leffaseura_core::MovieId;
use serde::{Deserialize, Deserializer};

use crate::images::ImageUrls;

/// `null` (or a missing key, with `#[serde(default)]`) becomes the type's default.
fn null_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// A list item (the same 14 keys in every list endpoint).
#[derive(Debug, Clone, Deserialize)]
pub struct WireMovie {
    pub id: i64,
    #[serde(default, deserialize_with = "null_default")]
    pub adult: bool,
    #[serde(default, deserialize_with = "null_default")]
    pub title: String,
    #[serde(default, deserialize_with = "null_default")]
    pub original_title: String,
    #[serde(default, deserialize_with = "null_default")]
    pub release_date: String,
    #[serde(default, deserialize_with = "null_default")]
    pub overview: String,
    #[serde(default)]
    pub poster_path: Option<String>,
    #[serde(default, deserialize_with = "null_default")]
    pub vote_average: f64,
    #[serde(default, deserialize_with = "null_default")]
    pub genre_ids: Vec<i64>,
}

impl WireMovie {
    pub fn into_summary(self, images: &ImageUrls) -> MovieSummary {
        let title = if self.title.is_empty() {
            self.original_title.clone()
        } else {
            self.title
        };
        MovieSummary {
            id: MovieId(self.id),
            title,
            original_title: self.original_title,
            release_date: self.release_date,
            overview: self.overview,
            poster_path: images.list_poster(self.poster_path.as_deref()),
            vote_average: self.vote_average,
            genre_ids: self.genre_ids,
        }
    }
}

/// A paged list (search, discover, popular, now_playing; the latter adds `dates`).
#[derive(Debug, Clone, Deserialize)]
pub struct WirePage {
    #[serde(default, deserialize_with = "null_default")]
    pub page: u32,
    #[serde(default, deserialize_with = "null_default")]
    pub results: Vec<WireMovie>,
    #[serde(default, deserialize_with = "null_default")]
    pub total_pages: u64,
    #[serde(default, deserialize_with = "null_default")]
    pub total_results: u64,
}

impl WirePage {
    /// The core page, adult titles left out and `total_pages` clamped to 500.
    pub fn into_page(self, requested_page: u32, images: &ImageUrls) -> MoviePage {
        let page = if self.page == 0 {
            requested_page
        } else {
            self.page
        };
        let results = self
            .results
            .into_iter()
            .filter(|m| !m.adult)
            .map(|m| m.into_summary(images))
            .collect();
        MoviePage::new(results, page, self.total_pages, self.total_results)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct WireGenre {
    pub id: i64,
    #[serde(default, deserialize_with = "null_default")]
    pub name: String,
}

impl From<WireGenre> for Genre {
    fn from(g: WireGenre) -> Self {
        Genre {
            id: g.id,
            name: g.name,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct WireGenres {
    #[serde(default, deserialize_with = "null_default")]
    pub genres: Vec<WireGenre>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WireCast {
    pub id: i64,
    #[serde(default, deserialize_with = "null_default")]
    pub name: String,
    #[serde(default, deserialize_with = "null_default")]
    pub character: String,
    #[serde(default)]
    pub profile_path: Option<String>,
    #[serde(default)]
    pub order: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WireCrew {
    pub id: i64,
    #[serde(default, deserialize_with = "null_default")]
    pub name: String,
    #[serde(default, deserialize_with = "null_default")]
    pub job: String,
    #[serde(default)]
    pub profile_path: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct WireCredits {
    #[serde(default, deserialize_with = "null_default")]
    pub cast: Vec<WireCast>,
    #[serde(default, deserialize_with = "null_default")]
    pub crew: Vec<WireCrew>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WireVideo {
    #[serde(default, deserialize_with = "null_default")]
    pub name: String,
    #[serde(default, deserialize_with = "null_default")]
    pub key: String,
    #[serde(default, deserialize_with = "null_default")]
    pub site: String,
    #[serde(rename = "type", default, deserialize_with = "null_default")]
    pub kind: String,
    #[serde(default, deserialize_with = "null_default")]
    pub official: bool,
    #[serde(default)]
    pub published_at: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct WireVideos {
    #[serde(default, deserialize_with = "null_default")]
    pub results: Vec<WireVideo>,
}

/// `/movie/{id}?append_to_response=credits,videos`.
#[derive(Debug, Clone, Deserialize)]
pub struct WireDetails {
    pub id: i64,
    #[serde(default, deserialize_with = "null_default")]
    pub adult: bool,
    #[serde(default, deserialize_with = "null_default")]
    pub title: String,
    #[serde(default, deserialize_with = "null_default")]
    pub original_title: String,
    #[serde(default, deserialize_with = "null_default")]
    pub tagline: String,
    #[serde(default, deserialize_with = "null_default")]
    pub overview: String,
    #[serde(default, deserialize_with = "null_default")]
    pub release_date: String,
    #[serde(default)]
    pub runtime: Option<i64>,
    #[serde(default, deserialize_with = "null_default")]
    pub genres: Vec<WireGenre>,
    #[serde(default)]
    pub poster_path: Option<String>,
    #[serde(default)]
    pub backdrop_path: Option<String>,
    #[serde(default, deserialize_with = "null_default")]
    pub vote_average: f64,
    #[serde(default)]
    pub budget: Option<i64>,
    #[serde(default)]
    pub revenue: Option<i64>,
    #[serde(default, deserialize_with = "null_default")]
    pub credits: WireCredits,
    #[serde(default, deserialize_with = "null_default")]
    pub videos: WireVideos,
}

fn positive(value: Option<i64>) -> Option<i64> {
    value.filter(|v| *v > 0)
}

fn parse_time(raw: Option<&str>) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(raw?.trim())
        .ok()
        .map(|d| d.with_timezone(&Utc))
}

impl WireDetails {
    pub fn into_details(self, images: &ImageUrls) -> MovieDetails {
        let mut cast = self.credits.cast;
        // `order` 0 is top billed; items without one keep their place after the rest.
        cast.sort_by_key(|c| c.order.unwrap_or(i64::MAX));
        let cast = cast
            .into_iter()
            .take(MAX_CAST)
            .map(|c| CastMember {
                id: c.id,
                name: c.name,
                character: c.character,
                profile_path: images.profile(c.profile_path.as_deref()),
            })
            .collect();
        let crew: Vec<CrewCredit> = self
            .credits
            .crew
            .into_iter()
            .map(|c| CrewCredit {
                id: c.id,
                name: c.name,
                job: c.job,
                profile_path: images.profile(c.profile_path.as_deref()),
            })
            .collect();
        let videos: Vec<VideoInfo> = self
            .videos
            .results
            .into_iter()
            .map(|v| VideoInfo {
                published_at: parse_time(v.published_at.as_deref()),
                name: v.name,
                key: v.key,
                site: v.site,
                kind: v.kind,
                official: v.official,
            })
            .collect();
        let title = if self.title.is_empty() {
            self.original_title.clone()
        } else {
            self.title
        };
        MovieDetails {
            id: MovieId(self.id),
            title,
            original_title: self.original_title,
            tagline: self.tagline,
            overview: self.overview,
            release_date: self.release_date,
            runtime: self
                .runtime
                .filter(|r| *r > 0)
                .and_then(|r| u32::try_from(r).ok()),
            genres: self.genres.into_iter().map(Genre::from).collect(),
            poster_path: images.page_poster(self.poster_path.as_deref()),
            backdrop_path: images.backdrop(self.backdrop_path.as_deref()),
            vote_average: self.vote_average,
            budget: positive(self.budget),
            revenue: positive(self.revenue),
            trailer: choose_trailer(&videos),
            cast,
            key_crew: key_crew(&crew),
        }
    }
}

/// TMDB's usual error body; every field optional (one fixture omits `success`).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct WireError {
    #[serde(default)]
    pub status_code: Option<i64>,
    #[serde(default)]
    pub status_message: Option<String>,
    /// The other shape: `{"errors": ["query must be provided"]}`.
    #[serde(default)]
    pub errors: Option<Vec<String>>,
}

/// A short description of an error body for logs; never fails (5xx bodies from a CDN
/// may not be JSON at all).
pub fn describe_error_body(body: &str) -> String {
    match serde_json::from_str::<WireError>(body) {
        Ok(WireError {
            status_code: Some(code),
            status_message,
            ..
        }) => format!("status_code {code}: {}", status_message.unwrap_or_default()),
        Ok(WireError {
            errors: Some(errors),
            ..
        }) => errors.join("; "),
        _ => {
            let snippet: String = body.chars().take(120).collect();
            format!("unparsed body: {snippet:?}")
        }
    }
}

/// Parses a paged list answer.
///
/// # Errors
/// When the body is not a JSON object of the expected shape.
pub fn parse_page(
    body: &str,
    requested_page: u32,
    images: &ImageUrls,
) -> Result<MoviePage, serde_json::Error> {
    Ok(serde_json::from_str::<WirePage>(body)?.into_page(requested_page, images))
}

/// Parses `genre/movie/list`.
///
/// # Errors
/// When the body is not of the expected shape.
pub fn parse_genres(body: &str) -> Result<Vec<Genre>, serde_json::Error> {
    Ok(serde_json::from_str::<WireGenres>(body)?
        .genres
        .into_iter()
        .map(Genre::from)
        .collect())
}

/// Parses a details answer with appended credits and videos. `Ok(None)` for an adult
/// title, which we treat as unknown.
///
/// # Errors
/// When the body is not of the expected shape.
pub fn parse_details(
    body: &str,
    images: &ImageUrls,
) -> Result<Option<MovieDetails>, serde_json::Error> {
    let wire = serde_json::from_str::<WireDetails>(body)?;
    if wire.adult {
        return Ok(None);
    }
    Ok(Some(wire.into_details(images)))
}
