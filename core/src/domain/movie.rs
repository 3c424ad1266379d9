//! Movies as the catalog (TMDB or the offline demo) describes them, the validated inputs
//! of catalog queries, and the pure rules for picking key crew and a trailer.
//!
//! Image fields (`poster_path`, `backdrop_path`, `profile_path`) hold complete URLs or
//! `None`; the catalog adapter decides which size and host.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode};
use crate::ids::MovieId;

/// TMDB serves only pages 1..=500 of any list, however many it reports.
pub const MAX_CATALOG_PAGE: u32 = 500;
/// Items on one catalog page (TMDB's fixed page size; the demo catalog uses the same).
pub const CATALOG_PAGE_SIZE: u32 = 20;
/// The movie page shows at most this many cast members.
pub const MAX_CAST: usize = 20;
/// Longest search query we pass on.
pub const MAX_QUERY_CHARS: usize = 200;

/// One movie in a list (search, discover, popular, now playing, title-year).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MovieSummary {
    pub id: MovieId,
    pub title: String,
    pub original_title: String,
    /// `YYYY-MM-DD`, or empty when unknown.
    pub release_date: String,
    pub overview: String,
    /// Full poster URL in list size, or `None` when the movie has no poster.
    pub poster_path: Option<String>,
    pub vote_average: f64,
    pub genre_ids: Vec<i64>,
}

impl MovieSummary {
    pub fn release_year(&self) -> Option<i32> {
        release_year(&self.release_date)
    }

    /// What we keep about this movie so that other features can show it offline.
    pub fn remembered(&self) -> RememberedMovie {
        RememberedMovie {
            id: self.id,
            title: self.title.clone(),
            original_title: self.original_title.clone(),
            release_date: self.release_date.clone(),
            release_year: self.release_year(),
            poster: self.poster_path.clone(),
            vote_average: Some(self.vote_average),
        }
    }
}

/// One page of a catalog list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoviePage {
    pub results: Vec<MovieSummary>,
    pub page: u32,
    /// Pages that can really be asked for: never more than [`MAX_CATALOG_PAGE`].
    pub total_pages: u32,
    pub total_results: u64,
}

impl MoviePage {
    /// A page with `total_pages` clamped to what can be requested.
    pub fn new(
        results: Vec<MovieSummary>,
        page: u32,
        total_pages: u64,
        total_results: u64,
    ) -> Self {
        Self {
            results,
            page,
            total_pages: clamp_total_pages(total_pages),
            total_results,
        }
    }

    pub fn empty(page: u32) -> Self {
        Self::new(Vec::new(), page, 0, 0)
    }
}

/// The number of pages to advertise: `min(total_pages, 500)`.
pub fn clamp_total_pages(total_pages: u64) -> u32 {
    u32::try_from(total_pages.min(u64::from(MAX_CATALOG_PAGE))).unwrap_or(MAX_CATALOG_PAGE)
}

/// A movie genre (names follow the catalog's language; ids are stable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Genre {
    pub id: i64,
    pub name: String,
}

/// A trailer to link to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trailer {
    pub name: String,
    pub url: String,
}

/// A billed actor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastMember {
    pub id: i64,
    pub name: String,
    pub character: String,
    pub profile_path: Option<String>,
}

/// A key crew member with all of their key jobs joined (`"Director, Writer"`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrewMember {
    pub id: i64,
    pub name: String,
    pub job: String,
    pub profile_path: Option<String>,
}

/// Everything the movie page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MovieDetails {
    pub id: MovieId,
    pub title: String,
    pub original_title: String,
    pub tagline: String,
    pub overview: String,
    /// `YYYY-MM-DD`, or empty when unknown.
    pub release_date: String,
    /// Minutes; `None` when unknown.
    pub runtime: Option<u32>,
    pub genres: Vec<Genre>,
    /// Full poster URL in page size, or `None`.
    pub poster_path: Option<String>,
    pub backdrop_path: Option<String>,
    pub vote_average: f64,
    /// US dollars; `None` when unknown.
    pub budget: Option<i64>,
    pub revenue: Option<i64>,
    pub trailer: Option<Trailer>,
    /// Top billed first, at most [`MAX_CAST`].
    pub cast: Vec<CastMember>,
    pub key_crew: Vec<CrewMember>,
}

impl MovieDetails {
    pub fn release_year(&self) -> Option<i32> {
        release_year(&self.release_date)
    }

    pub fn remembered(&self) -> RememberedMovie {
        RememberedMovie {
            id: self.id,
            title: self.title.clone(),
            original_title: self.original_title.clone(),
            release_date: self.release_date.clone(),
            release_year: self.release_year(),
            poster: self.poster_path.clone(),
            vote_average: Some(self.vote_average),
        }
    }
}

/// What the store keeps about every movie the catalog has shown, so that reviews,
/// favorites and groups can show a title and a poster without asking the catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RememberedMovie {
    pub id: MovieId,
    pub title: String,
    pub original_title: String,
    /// `YYYY-MM-DD` or empty.
    pub release_date: String,
    pub release_year: Option<i32>,
    /// Full poster URL, or `None`.
    pub poster: Option<String>,
    pub vote_average: Option<f64>,
}

/// A catalog answer and whether it came from an expired cache entry because the
/// upstream could not give a fresh one. The HTTP layer turns `stale` into a header.
#[derive(Debug, Clone, PartialEq)]
pub struct Cached<T> {
    pub value: T,
    pub stale: bool,
}

impl<T> Cached<T> {
    pub fn fresh(value: T) -> Self {
        Self {
            value,
            stale: false,
        }
    }

    pub fn stale(value: T) -> Self {
        Self { value, stale: true }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Cached<U> {
        Cached {
            value: f(self.value),
            stale: self.stale,
        }
    }
}

/// Which catalog answers: TMDB, or the bundled offline demo catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogKind {
    Tmdb,
    Demo,
}

impl CatalogKind {
    /// `"tmdb"` or `"demo"`, as `/readyz` and the logs say it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Tmdb => "tmdb",
            Self::Demo => "demo",
        }
    }
}

/// The year of a `YYYY-MM-DD` date: its first four characters, when they are a number.
pub fn release_year(release_date: &str) -> Option<i32> {
    let year = release_date.get(..4)?;
    if !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    year.parse().ok()
}

/// The error every catalog returns for an unknown movie id.
pub fn movie_not_found() -> Error {
    Error::not_found(ErrorCode::MovieNotFound, "Movie not found")
}

// ---------------------------------------------------------------------------------------
// Validated inputs
// ---------------------------------------------------------------------------------------

/// A 1-based page number the catalog can serve (1..=500).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CatalogPage(u32);

impl CatalogPage {
    pub const FIRST: Self = Self(1);

    /// `None` means the first page.
    ///
    /// # Errors
    /// `Invalid` (field `page`) outside 1..=500.
    pub fn new(page: Option<i64>) -> Result<Self, Error> {
        let page = page.unwrap_or(1);
        match u32::try_from(page) {
            Ok(p) if (1..=MAX_CATALOG_PAGE).contains(&p) => Ok(Self(p)),
            _ => Err(invalid_page()),
        }
    }

    /// Parses the text of a `page` parameter; absent or blank means the first page.
    ///
    /// # Errors
    /// `Invalid` (field `page`) for anything but a number in 1..=500.
    pub fn parse(raw: Option<&str>) -> Result<Self, Error> {
        let number = match raw.map(str::trim).filter(|p| !p.is_empty()) {
            None => None,
            Some(text) => Some(text.parse::<i64>().map_err(|_| invalid_page())?),
        };
        Self::new(number)
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

fn invalid_page() -> Error {
    Error::invalid(
        "page",
        ErrorCode::InvalidPage,
        "Page must be between 1 and 500.",
    )
}

impl Default for CatalogPage {
    fn default() -> Self {
        Self::FIRST
    }
}

/// A trimmed, non-blank search query of at most [`MAX_QUERY_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchQuery(String);

impl SearchQuery {
    /// # Errors
    /// `Invalid` (field `query`) when blank or too long.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(Error::invalid(
                "query",
                ErrorCode::InvalidQuery,
                "Search query is required.",
            ));
        }
        if trimmed.chars().count() > MAX_QUERY_CHARS {
            return Err(Error::invalid(
                "query",
                ErrorCode::InvalidQuery,
                "Search query is too long (at most 200 characters).",
            ));
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Genres a discovered movie must all have (TMDB's comma = AND). Empty = any genre.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct GenreFilter(Vec<i64>);

impl GenreFilter {
    /// Parses `"28,12"` (spaces allowed; duplicates dropped; empty = no filter).
    ///
    /// # Errors
    /// `Invalid` (field `with_genres`) for anything but comma-separated positive integers.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(Self::default());
        }
        let mut ids = Vec::new();
        for part in raw.split(',') {
            match part.trim().parse::<i64>() {
                Ok(id) if id > 0 => {
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                _ => {
                    return Err(Error::invalid(
                        "with_genres",
                        ErrorCode::InvalidGenres,
                        "Genres must be a comma-separated list of genre ids.",
                    ))
                }
            }
        }
        if ids.len() > 20 {
            return Err(Error::invalid(
                "with_genres",
                ErrorCode::InvalidGenres,
                "Too many genres.",
            ));
        }
        Ok(Self(ids))
    }

    pub fn from_ids(ids: impl IntoIterator<Item = i64>) -> Self {
        let mut out = Vec::new();
        for id in ids {
            if !out.contains(&id) {
                out.push(id);
            }
        }
        Self(out)
    }

    pub fn ids(&self) -> &[i64] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Does a movie with these genres pass the filter?
    pub fn matches(&self, genre_ids: &[i64]) -> bool {
        self.0.iter().all(|g| genre_ids.contains(g))
    }

    /// `"28,12"`, the form TMDB's `with_genres` takes.
    pub fn to_query(&self) -> String {
        self.0
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// What discover sorts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortKey {
    Popularity,
    VoteAverage,
    VoteCount,
    ReleaseDate,
    Title,
    Revenue,
}

/// Sort order of discover: a key and a direction, written `popularity.desc` like TMDB.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiscoverSort {
    pub key: SortKey,
    pub descending: bool,
}

impl Default for DiscoverSort {
    fn default() -> Self {
        Self {
            key: SortKey::Popularity,
            descending: true,
        }
    }
}

impl DiscoverSort {
    /// Parses TMDB's `sort_by` values (`popularity.desc`, `vote_average.asc`,
    /// `primary_release_date.desc`, `title.asc`, …). Empty or `None` = `popularity.desc`.
    ///
    /// # Errors
    /// `Invalid` (field `sort_by`) for an unknown value.
    pub fn parse(raw: Option<&str>) -> Result<Self, Error> {
        let raw = raw.map(str::trim).unwrap_or("");
        if raw.is_empty() {
            return Ok(Self::default());
        }
        let invalid = || {
            Error::invalid(
                "sort_by",
                ErrorCode::InvalidSort,
                "sort_by must be one of popularity, vote_average, vote_count, primary_release_date, title, revenue with .asc or .desc.",
            )
        };
        let (key, dir) = raw.rsplit_once('.').unwrap_or((raw, "desc"));
        let key = match key {
            "popularity" => SortKey::Popularity,
            "vote_average" => SortKey::VoteAverage,
            "vote_count" => SortKey::VoteCount,
            "primary_release_date" | "release_date" => SortKey::ReleaseDate,
            "title" | "original_title" => SortKey::Title,
            "revenue" => SortKey::Revenue,
            _ => return Err(invalid()),
        };
        let descending = match dir {
            "desc" => true,
            "asc" => false,
            _ => return Err(invalid()),
        };
        Ok(Self { key, descending })
    }

    /// The `sort_by` value TMDB understands.
    pub fn as_tmdb(&self) -> String {
        let key = match self.key {
            SortKey::Popularity => "popularity",
            SortKey::VoteAverage => "vote_average",
            SortKey::VoteCount => "vote_count",
            SortKey::ReleaseDate => "primary_release_date",
            SortKey::Title => "title",
            SortKey::Revenue => "revenue",
        };
        format!("{key}.{}", if self.descending { "desc" } else { "asc" })
    }
}

/// Parses the text of a movie id (a TMDB id: a positive number).
///
/// # Errors
/// `Invalid` `invalid_parameter` (field `id`) for anything else.
pub fn parse_movie_id(raw: &str) -> Result<MovieId, Error> {
    match raw.trim().parse::<i64>() {
        Ok(id) if id > 0 => Ok(MovieId(id)),
        _ => Err(Error::invalid(
            "id",
            ErrorCode::InvalidParameter,
            "Movie id must be a positive number.",
        )),
    }
}

/// Parses the text of an optional `year` parameter; absent or blank means no year.
///
/// # Errors
/// `Invalid` `invalid_year` (field `year`) when it is not a number.
pub fn parse_year(raw: Option<&str>) -> Result<Option<i32>, Error> {
    match raw.map(str::trim).filter(|y| !y.is_empty()) {
        None => Ok(None),
        Some(text) => text.parse::<i32>().map(Some).map_err(|_| {
            Error::invalid(
                "year",
                ErrorCode::InvalidYear,
                "Year must be a number such as 1999.",
            )
        }),
    }
}

/// Checks the inputs of a title-and-year lookup.
///
/// # Errors
/// `Invalid` for a blank title (field `originalTitle`) or a year outside 1870..=2100.
pub fn check_title_year(original_title: &str, year: Option<i32>) -> Result<(), Error> {
    if original_title.trim().is_empty() {
        return Err(Error::invalid(
            "originalTitle",
            ErrorCode::InvalidTitle,
            "Original title is required.",
        ));
    }
    if let Some(y) = year {
        if !(1870..=2100).contains(&y) {
            return Err(Error::invalid(
                "year",
                ErrorCode::InvalidYear,
                "Year must be between 1870 and 2100.",
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------

/// A crew credit as the catalog lists it (one row per person and job).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrewCredit {
    pub id: i64,
    pub name: String,
    pub job: String,
    pub profile_path: Option<String>,
}

/// The rank of a job among the key crew, or `None` if it is not a key job.
fn key_job_rank(job: &str) -> Option<u8> {
    match job {
        "Director" => Some(0),
        "Screenplay" | "Writer" | "Novel" | "Story" | "Author" => Some(1),
        "Producer" => Some(2),
        "Original Music Composer" | "Music" | "Composer" => Some(3),
        "Director of Photography" => Some(4),
        _ => None,
    }
}

/// Key crew: directors, writers, producers, composer and director of photography, in
/// that order; each person once, their key jobs joined in the same order
/// (`"Director, Screenplay"`). Credit order is kept within a rank.
pub fn key_crew(crew: &[CrewCredit]) -> Vec<CrewMember> {
    struct Entry<'a> {
        first_seen: usize,
        credit: &'a CrewCredit,
        jobs: Vec<(u8, &'a str)>,
    }
    let mut by_person: HashMap<i64, Entry<'_>> = HashMap::new();
    for (index, credit) in crew.iter().enumerate() {
        let Some(rank) = key_job_rank(&credit.job) else {
            continue;
        };
        let entry = by_person.entry(credit.id).or_insert_with(|| Entry {
            first_seen: index,
            credit,
            jobs: Vec::new(),
        });
        if entry.credit.profile_path.is_none() && credit.profile_path.is_some() {
            entry.credit = credit;
        }
        if !entry.jobs.iter().any(|(_, j)| *j == credit.job) {
            entry.jobs.push((rank, credit.job.as_str()));
        }
    }
    let mut entries: Vec<Entry<'_>> = by_person.into_values().collect();
    for entry in &mut entries {
        entry.jobs.sort_by_key(|(rank, _)| *rank);
    }
    entries.sort_by_key(|e| (e.jobs.first().map_or(u8::MAX, |(r, _)| *r), e.first_seen));
    entries
        .into_iter()
        .map(|e| CrewMember {
            id: e.credit.id,
            name: e.credit.name.clone(),
            job: e
                .jobs
                .iter()
                .map(|(_, j)| *j)
                .collect::<Vec<_>>()
                .join(", "),
            profile_path: e.credit.profile_path.clone(),
        })
        .collect()
}

/// A video as the catalog lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VideoInfo {
    pub name: String,
    /// The site's own id (a YouTube video id).
    pub key: String,
    pub site: String,
    /// `Trailer`, `Teaser`, `Clip`, …
    pub kind: String,
    pub official: bool,
    pub published_at: Option<DateTime<Utc>>,
}

/// The newest official YouTube trailer, else the newest YouTube trailer, else `None`.
pub fn choose_trailer(videos: &[VideoInfo]) -> Option<Trailer> {
    let youtube_trailers = videos.iter().filter(|v| {
        v.site.eq_ignore_ascii_case("YouTube") && v.kind == "Trailer" && !v.key.trim().is_empty()
    });
    let best = youtube_trailers.max_by(|a, b| {
        (a.official, a.published_at)
            .cmp(&(b.official, b.published_at))
            // On a tie keep the first listed: max_by returns the last maximum, so
            // treat earlier items as greater.
            .then(std::cmp::Ordering::Greater)
    })?;
    Some(Trailer {
        name: best.name.clone(),
        url: format!("https://www.youtube.com/watch?v={}", best.key.trim()),
    })
}

/// Folds a title for matching: lower case, accents removed, punctuation dropped,
/// whitespace collapsed (`"Amélie!"` → `"amelie"`).
pub fn normalize_title(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    let mut pending_space = false;
    for ch in title.chars().flat_map(char::to_lowercase) {
        let mut buf = [0u8; 4];
        let folded = fold_accent(ch).unwrap_or_else(|| ch.encode_utf8(&mut buf));
        for c in folded.chars() {
            if c.is_alphanumeric() {
                if pending_space && !out.is_empty() {
                    out.push(' ');
                }
                pending_space = false;
                out.push(c);
            } else if c.is_whitespace() || c == '-' || c == ':' || c == '/' {
                pending_space = true;
            }
            // other punctuation (apostrophes, dots, !?) disappears without a gap
        }
    }
    out
}

fn fold_accent(c: char) -> Option<&'static str> {
    // Latin letters with diacritics that appear in film titles; anything else passes.
    let folded = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' | 'ĉ' | 'ċ' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ł' | 'ľ' | 'ĺ' | 'ļ' => "l",
        'ñ' | 'ń' | 'ň' | 'ņ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ř' | 'ŕ' => "r",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'ß' => "ss",
        'ť' | 'ţ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ý' | 'ÿ' => "y",
        'ž' | 'ź' | 'ż' => "z",
        'þ' => "th",
        _ => return None,
    };
    Some(folded)
}

/// How well a movie matches a title-and-year lookup; lower is better, `None` = no match.
fn match_score(movie: &MovieSummary, title: &str, year: Option<i32>) -> Option<u8> {
    let wanted = normalize_title(title);
    let original = normalize_title(&movie.original_title);
    let localized = normalize_title(&movie.title);
    let exact = original == wanted || localized == wanted;
    let partial = !wanted.is_empty()
        && (original.contains(&wanted)
            || localized.contains(&wanted)
            || (!original.is_empty() && wanted.contains(&original)));
    let year_diff = match (year, movie.release_year()) {
        (Some(want), Some(have)) => Some((want - have).abs()),
        _ => None,
    };
    let year_ok = year.is_none() || matches!(year_diff, Some(0));
    let year_near = year.is_none() || matches!(year_diff, Some(0 | 1));
    match (exact, partial) {
        (true, _) if year_ok => Some(0),
        (true, _) if year_near => Some(1),
        (false, true) if year_ok => Some(2),
        (false, true) if year_near => Some(3),
        (true, _) => Some(4),
        _ => None,
    }
}

/// The confidence (0..=1) that `movie` is the film known by `title` from `year`, by the
/// same rule that ranks [`rank_best_matches`]: the exact title in that year is certain,
/// a year off (a production year is often the year before the release) nearly so, a
/// partial title or two years off doubtful, the wrong decade hardly, another title not.
pub fn match_confidence(movie: &MovieSummary, title: &str, year: Option<i32>) -> f64 {
    match match_score(movie, title, year) {
        Some(0) => 1.0,
        Some(1) => 0.9,
        Some(2) => 0.7,
        Some(3) => 0.6,
        Some(_) => 0.3,
        None => 0.0,
    }
}

/// Orders candidates for a title-and-year lookup, best first, and drops the ones that do
/// not match the title at all. Ties keep the catalog's order (its relevance).
pub fn rank_best_matches(
    candidates: Vec<MovieSummary>,
    original_title: &str,
    year: Option<i32>,
) -> Vec<MovieSummary> {
    let mut scored: Vec<(u8, usize, MovieSummary)> = candidates
        .into_iter()
        .enumerate()
        .filter_map(|(i, m)| match_score(&m, original_title, year).map(|s| (s, i, m)))
        .collect();
    scored.sort_by_key(|(score, index, _)| (*score, *index));
    scored.into_iter().map(|(_, _, m)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crew(id: i64, name: &str, job: &str) -> CrewCredit {
        CrewCredit {
            id,
            name: name.into(),
            job: job.into(),
            profile_path: None,
        }
    }

    fn video(name: &str, site: &str, kind: &str, official: bool, at: &str) -> VideoInfo {
        VideoInfo {
            name: name.into(),
            key: format!("k-{name}"),
            site: site.into(),
            kind: kind.into(),
            official,
            published_at: DateTime::parse_from_rfc3339(at)
                .ok()
                .map(|d| d.with_timezone(&Utc)),
        }
    }

    fn summary(id: i64, title: &str, original: &str, date: &str) -> MovieSummary {
        MovieSummary {
            id: MovieId(id),
            title: title.into(),
            original_title: original.into(),
            release_date: date.into(),
            overview: String::new(),
            poster_path: None,
            vote_average: 0.0,
            genre_ids: vec![],
        }
    }

    #[test]
    fn page_numbers_are_one_to_five_hundred() {
        let cases = [
            (None, Some(1)),
            (Some(1), Some(1)),
            (Some(500), Some(500)),
            (Some(0), None),
            (Some(-3), None),
            (Some(501), None),
            (Some(i64::MAX), None),
        ];
        for (input, expected) in cases {
            assert_eq!(
                CatalogPage::new(input).ok().map(CatalogPage::get),
                expected,
                "{input:?}"
            );
        }
        let err = CatalogPage::new(Some(0)).unwrap_err();
        assert!(matches!(err, Error::Invalid { ref field, .. } if field == "page"));
    }

    #[test]
    fn page_parameters_are_parsed_from_text() {
        for (raw, expected) in [
            (None, Some(1)),
            (Some(""), Some(1)),
            (Some(" 7 "), Some(7)),
            (Some("500"), Some(500)),
            (Some("0"), None),
            (Some("501"), None),
            (Some("x"), None),
            (Some("1.5"), None),
        ] {
            assert_eq!(
                CatalogPage::parse(raw).ok().map(CatalogPage::get),
                expected,
                "{raw:?}"
            );
        }
        let err = CatalogPage::parse(Some("abc")).unwrap_err();
        assert!(matches!(
            err,
            Error::Invalid {
                code: ErrorCode::InvalidPage,
                ..
            }
        ));
    }

    #[test]
    fn movie_ids_must_be_positive_numbers() {
        assert_eq!(parse_movie_id("550").unwrap(), MovieId(550));
        assert_eq!(parse_movie_id(" 13 ").unwrap(), MovieId(13));
        for bad in ["abc", "0", "-1", "", "5.5", "in-theaters"] {
            let err = parse_movie_id(bad).unwrap_err();
            assert!(
                matches!(err, Error::Invalid { code: ErrorCode::InvalidParameter, ref field, .. } if field == "id"),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn years_are_numbers_or_absent() {
        assert_eq!(parse_year(None).unwrap(), None);
        assert_eq!(parse_year(Some("  ")).unwrap(), None);
        assert_eq!(parse_year(Some(" 1999 ")).unwrap(), Some(1999));
        let err = parse_year(Some("nineteen")).unwrap_err();
        assert!(matches!(
            err,
            Error::Invalid {
                code: ErrorCode::InvalidYear,
                ..
            }
        ));
    }

    #[test]
    fn total_pages_are_clamped_to_five_hundred() {
        for (input, expected) in [
            (0, 0),
            (1, 1),
            (2, 2),
            (500, 500),
            (501, 500),
            (42_471, 500),
            (u64::MAX, 500),
        ] {
            assert_eq!(clamp_total_pages(input), expected, "{input}");
        }
        assert_eq!(MoviePage::new(vec![], 1, 42_471, 849_412).total_pages, 500);
    }

    #[test]
    fn search_queries_are_trimmed_and_not_blank() {
        assert_eq!(
            SearchQuery::parse("  fight club ").unwrap().as_str(),
            "fight club"
        );
        for bad in ["", "   ", "\t\n"] {
            assert!(SearchQuery::parse(bad).is_err(), "{bad:?}");
        }
        assert!(SearchQuery::parse(&"x".repeat(201)).is_err());
        assert!(SearchQuery::parse(&"é".repeat(200)).is_ok());
    }

    #[test]
    fn genre_filters_parse_comma_lists() {
        let cases: [(&str, Option<Vec<i64>>); 8] = [
            ("", Some(vec![])),
            ("28", Some(vec![28])),
            ("28,12", Some(vec![28, 12])),
            (" 28 , 12 ,28", Some(vec![28, 12])),
            ("28,", None),
            ("action", None),
            ("28|12", None),
            ("-5", None),
        ];
        for (input, expected) in cases {
            assert_eq!(
                GenreFilter::parse(input).ok().map(|g| g.ids().to_vec()),
                expected,
                "{input:?}"
            );
        }
        let filter = GenreFilter::parse("28,12").unwrap();
        assert_eq!(filter.to_query(), "28,12");
        assert!(filter.matches(&[12, 28, 18]));
        assert!(!filter.matches(&[28]));
        assert!(GenreFilter::default().matches(&[]));
    }

    #[test]
    fn sort_orders_parse_tmdb_names() {
        let cases = [
            (None, Some("popularity.desc")),
            (Some(""), Some("popularity.desc")),
            (Some("popularity.asc"), Some("popularity.asc")),
            (Some("vote_average.desc"), Some("vote_average.desc")),
            (Some("release_date.desc"), Some("primary_release_date.desc")),
            (Some("title.asc"), Some("title.asc")),
            (Some("revenue"), Some("revenue.desc")),
            (Some("budget.desc"), None),
            (Some("popularity.sideways"), None),
        ];
        for (input, expected) in cases {
            assert_eq!(
                DiscoverSort::parse(input).ok().map(|s| s.as_tmdb()),
                expected.map(str::to_owned),
                "{input:?}"
            );
        }
    }

    #[test]
    fn release_years_come_from_the_first_four_characters() {
        for (date, year) in [
            ("1999-10-15", Some(1999)),
            ("", None),
            ("19", None),
            ("abcd-01-01", None),
            ("2024", Some(2024)),
        ] {
            assert_eq!(release_year(date), year, "{date:?}");
        }
    }

    #[test]
    fn key_crew_groups_people_and_orders_jobs() {
        let credits = vec![
            crew(1, "Composer A", "Original Music Composer"),
            crew(2, "Sound Person", "Sound Designer"),
            crew(3, "Producer P", "Producer"),
            crew(4, "Director D", "Director"),
            crew(5, "Writer W", "Novel"),
            crew(4, "Director D", "Screenplay"),
            crew(6, "Camera C", "Director of Photography"),
            crew(3, "Producer P", "Executive Producer"),
            crew(4, "Director D", "Director"),
            crew(7, "Composer B", "Original Music Composer"),
        ];
        let got: Vec<(i64, String)> = key_crew(&credits)
            .into_iter()
            .map(|c| (c.id, c.job))
            .collect();
        assert_eq!(
            got,
            vec![
                (4, "Director, Screenplay".to_owned()),
                (5, "Novel".to_owned()),
                (3, "Producer".to_owned()),
                (1, "Original Music Composer".to_owned()),
                (7, "Original Music Composer".to_owned()),
                (6, "Director of Photography".to_owned()),
            ]
        );
    }

    #[test]
    fn key_crew_table() {
        let cases: Vec<(Vec<CrewCredit>, Vec<&str>)> = vec![
            (vec![], vec![]),
            (vec![crew(1, "A", "Gaffer")], vec![]),
            (
                vec![crew(1, "A", "Writer"), crew(1, "A", "Director")],
                vec!["Director, Writer"],
            ),
            (
                vec![crew(1, "A", "Story"), crew(1, "A", "Screenplay")],
                vec!["Story, Screenplay"],
            ),
            (
                vec![crew(2, "B", "Producer"), crew(1, "A", "Director")],
                vec!["Director", "Producer"],
            ),
        ];
        for (input, expected) in cases {
            let jobs: Vec<String> = key_crew(&input).into_iter().map(|c| c.job).collect();
            assert_eq!(jobs, expected, "{input:?}");
        }
    }

    #[test]
    fn trailer_choice_prefers_official_then_newest() {
        let cases: Vec<(Vec<VideoInfo>, Option<&str>)> = vec![
            (vec![], None),
            (
                vec![video(
                    "teaser",
                    "YouTube",
                    "Teaser",
                    true,
                    "2020-01-01T00:00:00.000Z",
                )],
                None,
            ),
            (
                vec![video(
                    "vimeo",
                    "Vimeo",
                    "Trailer",
                    true,
                    "2020-01-01T00:00:00.000Z",
                )],
                None,
            ),
            (
                vec![
                    video(
                        "old official",
                        "YouTube",
                        "Trailer",
                        true,
                        "2015-01-01T00:00:00.000Z",
                    ),
                    video(
                        "new fan",
                        "YouTube",
                        "Trailer",
                        false,
                        "2023-01-01T00:00:00.000Z",
                    ),
                    video(
                        "new official",
                        "YouTube",
                        "Trailer",
                        true,
                        "2019-10-15T18:59:47.000Z",
                    ),
                ],
                Some("new official"),
            ),
            (
                vec![
                    video(
                        "fan 1",
                        "YouTube",
                        "Trailer",
                        false,
                        "2015-01-01T00:00:00.000Z",
                    ),
                    video(
                        "fan 2",
                        "YouTube",
                        "Trailer",
                        false,
                        "2016-01-01T00:00:00.000Z",
                    ),
                    video("clip", "YouTube", "Clip", true, "2024-01-01T00:00:00.000Z"),
                ],
                Some("fan 2"),
            ),
            (
                vec![
                    video(
                        "first",
                        "YouTube",
                        "Trailer",
                        true,
                        "2015-01-01T00:00:00.000Z",
                    ),
                    video(
                        "second",
                        "YouTube",
                        "Trailer",
                        true,
                        "2015-01-01T00:00:00.000Z",
                    ),
                ],
                Some("first"),
            ),
        ];
        for (input, expected) in cases {
            let got = choose_trailer(&input);
            assert_eq!(got.as_ref().map(|t| t.name.as_str()), expected, "{input:?}");
        }
        let t = choose_trailer(&[video(
            "x",
            "YouTube",
            "Trailer",
            true,
            "2015-01-01T00:00:00Z",
        )])
        .unwrap();
        assert_eq!(t.url, "https://www.youtube.com/watch?v=k-x");
    }

    #[test]
    fn titles_normalize_for_matching() {
        for (input, expected) in [
            ("Amélie", "amelie"),
            (
                "Le Fabuleux Destin d'Amélie Poulain",
                "le fabuleux destin damelie poulain",
            ),
            ("  Spider-Man:   No Way Home ", "spider man no way home"),
            ("RRRrrrr!!!", "rrrrrrr"),
            ("Sjunde inseglet, Det", "sjunde inseglet det"),
            ("千と千尋の神隠し", "千と千尋の神隠し"),
            ("Ølstrup", "olstrup"),
        ] {
            assert_eq!(normalize_title(input), expected, "{input:?}");
        }
    }

    #[test]
    fn best_matches_prefer_exact_title_and_year() {
        let candidates = vec![
            summary(
                1,
                "Fight Club: Members Only",
                "Fight Club: Members Only",
                "2006-02-17",
            ),
            summary(2, "Fight Club", "Fight Club", "1999-10-15"),
            summary(3, "Zombie Fight Club", "屍城", "2014-10-23"),
            summary(4, "Fight Club", "Fight Club", "2023-05-01"),
            summary(5, "Something Else", "Something Else", "1999-01-01"),
        ];
        let ids = |v: Vec<MovieSummary>| v.into_iter().map(|m| m.id.0).collect::<Vec<_>>();
        assert_eq!(
            ids(rank_best_matches(
                candidates.clone(),
                "fight club",
                Some(1999)
            )),
            vec![2, 4]
        );
        assert_eq!(
            ids(rank_best_matches(
                candidates.clone(),
                "Fight Club",
                Some(2023)
            )),
            vec![4, 2]
        );
        assert_eq!(
            ids(rank_best_matches(candidates, "Fight Club", None)),
            vec![2, 4, 1, 3]
        );
    }

    #[test]
    fn title_year_inputs_are_checked() {
        assert!(check_title_year("Fight Club", Some(1999)).is_ok());
        assert!(check_title_year("Fight Club", None).is_ok());
        assert!(check_title_year("  ", Some(1999)).is_err());
        assert!(check_title_year("X", Some(3000)).is_err());
    }

    #[test]
    fn cached_values_carry_staleness() {
        assert!(!Cached::fresh(1).stale);
        let c = Cached::stale(2).map(|v| v * 2);
        assert_eq!(
            c,
            Cached {
                value: 4,
                stale: true
            }
        );
    }
}
