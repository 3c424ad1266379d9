//! The offline demo catalog: `MovieCatalog` over a bundled JSON file of well-known films,
//! so that the app is complete with zero configuration. Posters are generated SVG
//! placeholders served by our own server, so the browser never needs the internet.

use std::collections::HashMap;
use std::sync::OnceLock;

use async_trait::async_trait;
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    check_title_year, key_crew, movie_not_found, normalize_title, rank_best_matches, CastMember,
    CatalogPage, CrewCredit, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage,
    MovieSummary, RememberedMovie, SearchQuery, SortKey, Trailer, CATALOG_PAGE_SIZE, MAX_CAST,
};
use leffaseura_core::ports::{MovieCatalog, PosterArt, PosterFormat};
use leffaseura_core::{Error, MovieId};
use serde::Deserialize;

mod poster;
mod poster_png;

pub use poster::poster_svg;
pub use poster_png::poster_png;

/// The bundled catalog.
pub const BUNDLED_CATALOG: &str = include_str!("../data/demo_catalog.json");

/// How many films "now playing" shows: the most recent releases.
const NOW_PLAYING_COUNT: usize = 20;

/// Person ids for the demo live far above TMDB's (which are below 10^8) and stay the same
/// for one name across films.
const PERSON_ID_BASE: i64 = 1_000_000_000_000;

/// TMDB's 19 movie genres in English (format notes §4): core's table.
pub use leffaseura_core::domain::genre::GENRES;

/// Settings of the demo catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoConfig {
    /// Where posters are served: a poster URL is `{poster_base}/{id}.png`. A path on our
    /// own server (`/api/demo/poster`) or an absolute URL.
    pub poster_base: String,
}

impl Default for DemoConfig {
    fn default() -> Self {
        Self {
            poster_base: "/api/demo/poster".to_owned(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
struct DemoFile {
    movies: Vec<DemoMovie>,
}

#[derive(Debug, Clone, Deserialize)]
struct DemoCast {
    name: String,
    #[serde(default)]
    character: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
struct DemoMovie {
    id: i64,
    title: String,
    #[serde(default)]
    original_title: Option<String>,
    #[serde(default)]
    release_date: Option<String>,
    #[serde(default)]
    runtime: Option<u32>,
    #[serde(default)]
    genre_ids: Vec<i64>,
    #[serde(default)]
    tagline: Option<String>,
    #[serde(default)]
    overview: Option<String>,
    #[serde(default)]
    budget: Option<i64>,
    #[serde(default)]
    revenue: Option<i64>,
    #[serde(default)]
    vote_average: Option<f64>,
    #[serde(default)]
    vote_count: Option<i64>,
    #[serde(default)]
    popularity: Option<f64>,
    #[serde(default)]
    directors: Vec<String>,
    #[serde(default)]
    writers: Vec<String>,
    #[serde(default)]
    composer: Option<String>,
    #[serde(default)]
    cast: Vec<DemoCast>,
}

impl DemoMovie {
    fn original_title(&self) -> &str {
        self.original_title
            .as_deref()
            .filter(|t| !t.trim().is_empty())
            .unwrap_or(&self.title)
    }

    fn release_date(&self) -> &str {
        self.release_date.as_deref().unwrap_or("")
    }

    fn popularity(&self) -> f64 {
        self.popularity.unwrap_or(0.0)
    }
}

/// A film with its search keys computed once.
#[derive(Debug, Clone)]
struct Entry {
    movie: DemoMovie,
    title_key: String,
    original_key: String,
    /// Its PNG poster, made on first request: encoding one takes ~1.5 ms of CPU, a page
    /// of tiles asks for sixteen, and the whole catalog's are ~0.6 MB.
    png_poster: OnceLock<Option<Vec<u8>>>,
}

/// The demo catalog. Cheap to query: everything is in memory.
#[derive(Debug, Clone)]
pub struct DemoCatalog {
    entries: Vec<Entry>,
    by_id: HashMap<i64, usize>,
    config: DemoConfig,
}

fn fnv1a(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A stable id for a person known only by name.
pub fn person_id(name: &str) -> i64 {
    let folded = normalize_title(name);
    // The modulus keeps ids well inside JavaScript's safe integer range.
    PERSON_ID_BASE + i64::try_from(fnv1a(&folded) % 1_000_000_000_000).unwrap_or(0)
}

impl DemoCatalog {
    /// The bundled catalog.
    ///
    /// # Errors
    /// `Internal` if the bundled file is broken (a build-time mistake; tests catch it).
    pub fn bundled(config: DemoConfig) -> Result<Self, Error> {
        Self::from_json(BUNDLED_CATALOG, config)
    }

    /// A catalog from JSON of the bundled format. Duplicate ids keep the first film.
    ///
    /// # Errors
    /// `Internal` when the JSON is not of that format.
    pub fn from_json(json: &str, config: DemoConfig) -> Result<Self, Error> {
        let file: DemoFile = serde_json::from_str(json).map_err(Error::internal)?;
        let mut entries = Vec::with_capacity(file.movies.len());
        let mut by_id = HashMap::new();
        for movie in file.movies {
            if by_id.contains_key(&movie.id) {
                continue;
            }
            by_id.insert(movie.id, entries.len());
            entries.push(Entry {
                title_key: normalize_title(&movie.title),
                original_key: normalize_title(movie.original_title()),
                movie,
                png_poster: OnceLock::new(),
            });
        }
        Ok(Self {
            entries,
            by_id,
            config,
        })
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The poster URL of a film.
    pub fn poster_url(&self, id: i64) -> String {
        format!("{}/{id}.png", self.config.poster_base.trim_end_matches('/'))
    }

    /// The generated poster of a film in the catalog, as a file of `format`.
    pub fn poster(&self, id: i64, format: PosterFormat) -> Option<Vec<u8>> {
        let entry = self.entries.get(*self.by_id.get(&id)?)?;
        let title = &entry.movie.title;
        let year = leffaseura_core::domain::movie::release_year(entry.movie.release_date());
        match format {
            PosterFormat::Png => entry
                .png_poster
                .get_or_init(|| poster_png(id, title, year))
                .clone(),
            PosterFormat::Svg => Some(poster_svg(id, title, year).into_bytes()),
        }
    }

    /// Every film as a remembered record, to store once at start-up.
    pub fn remembered_all(&self) -> Vec<RememberedMovie> {
        self.entries
            .iter()
            .map(|e| self.summary(&e.movie).remembered())
            .collect()
    }

    fn summary(&self, movie: &DemoMovie) -> MovieSummary {
        MovieSummary {
            id: MovieId(movie.id),
            title: movie.title.clone(),
            original_title: movie.original_title().to_owned(),
            release_date: movie.release_date().to_owned(),
            overview: movie.overview.clone().unwrap_or_default(),
            poster_path: Some(self.poster_url(movie.id)),
            vote_average: movie.vote_average.unwrap_or(0.0),
            genre_ids: movie.genre_ids.clone(),
        }
    }

    fn page_of(&self, movies: &[&DemoMovie], page: CatalogPage) -> MoviePage {
        let size = CATALOG_PAGE_SIZE as usize;
        let total = movies.len();
        let start = (page.get() as usize - 1).saturating_mul(size);
        let results = movies
            .iter()
            .skip(start)
            .take(size)
            .map(|m| self.summary(m))
            .collect();
        let total_pages = total.div_ceil(size) as u64;
        MoviePage::new(results, page.get(), total_pages, total as u64)
    }

    fn by_popularity(&self) -> Vec<&DemoMovie> {
        let mut movies: Vec<&DemoMovie> = self.entries.iter().map(|e| &e.movie).collect();
        movies.sort_by(|a, b| {
            b.popularity()
                .total_cmp(&a.popularity())
                .then(a.id.cmp(&b.id))
        });
        movies
    }

    fn details_of(&self, movie: &DemoMovie) -> MovieDetails {
        let mut crew = Vec::new();
        let mut push = |name: &str, job: &str| {
            let name = name.trim();
            if !name.is_empty() {
                crew.push(CrewCredit {
                    id: person_id(name),
                    name: name.to_owned(),
                    job: job.to_owned(),
                    profile_path: None,
                });
            }
        };
        for name in &movie.directors {
            push(name, "Director");
        }
        for name in &movie.writers {
            push(name, "Writer");
        }
        if let Some(name) = &movie.composer {
            push(name, "Original Music Composer");
        }
        let cast = movie
            .cast
            .iter()
            .filter(|c| !c.name.trim().is_empty())
            .take(MAX_CAST)
            .map(|c| CastMember {
                id: person_id(&c.name),
                name: c.name.trim().to_owned(),
                character: c.character.clone().unwrap_or_default(),
                profile_path: None,
            })
            .collect();
        let genres = movie
            .genre_ids
            .iter()
            .filter_map(|id| GENRES.iter().find(|(g, _)| g == id))
            .map(|(id, name)| Genre {
                id: *id,
                name: (*name).to_owned(),
            })
            .collect();
        let year = leffaseura_core::domain::movie::release_year(movie.release_date());
        let search = match year {
            Some(y) => format!("{} {y} trailer", movie.title),
            None => format!("{} trailer", movie.title),
        };
        let encoded: String = url::form_urlencoded::byte_serialize(search.as_bytes()).collect();
        MovieDetails {
            id: MovieId(movie.id),
            title: movie.title.clone(),
            original_title: movie.original_title().to_owned(),
            tagline: movie.tagline.clone().unwrap_or_default(),
            overview: movie.overview.clone().unwrap_or_default(),
            release_date: movie.release_date().to_owned(),
            runtime: movie.runtime.filter(|r| *r > 0),
            genres,
            poster_path: Some(self.poster_url(movie.id)),
            backdrop_path: None,
            vote_average: movie.vote_average.unwrap_or(0.0),
            budget: movie.budget.filter(|b| *b > 0),
            revenue: movie.revenue.filter(|r| *r > 0),
            // Offline we know no video id; a search link is the honest substitute.
            trailer: Some(Trailer {
                name: "Find the trailer on YouTube".to_owned(),
                url: format!("https://www.youtube.com/results?search_query={encoded}"),
            }),
            cast,
            key_crew: key_crew(&crew),
        }
    }
}

/// How well a film's title answers a search; lower is better, `None` = no match.
fn search_rank(entry: &Entry, query: &str, words: &[&str]) -> Option<u8> {
    let keys = [&entry.title_key, &entry.original_key];
    if keys.iter().any(|k| k.as_str() == query) {
        Some(0)
    } else if keys.iter().any(|k| k.starts_with(query)) {
        Some(1)
    } else if keys.iter().any(|k| k.contains(query)) {
        Some(2)
    } else if keys.iter().any(|k| words.iter().all(|w| k.contains(w))) {
        Some(3)
    } else {
        None
    }
}

// The bundled catalog is English only: every query ignores the language asked for.
#[async_trait]
impl MovieCatalog for DemoCatalog {
    fn health(&self) -> leffaseura_core::domain::source::SourceHealth {
        leffaseura_core::domain::source::SourceHealth::Offline
    }

    async fn search(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let folded = normalize_title(query.as_str());
        if folded.is_empty() {
            return Ok(MoviePage::empty(page.get()));
        }
        let words: Vec<&str> = folded.split(' ').collect();
        let mut hits: Vec<(u8, &DemoMovie)> = self
            .entries
            .iter()
            .filter_map(|e| search_rank(e, &folded, &words).map(|r| (r, &e.movie)))
            .collect();
        hits.sort_by(|(ra, a), (rb, b)| {
            ra.cmp(rb)
                .then(b.popularity().total_cmp(&a.popularity()))
                .then(a.id.cmp(&b.id))
        });
        let movies: Vec<&DemoMovie> = hits.into_iter().map(|(_, m)| m).collect();
        Ok(self.page_of(&movies, page))
    }

    async fn genres(&self, _: Option<Language>) -> Result<Vec<Genre>, Error> {
        Ok(GENRES
            .iter()
            .map(|(id, name)| Genre {
                id: *id,
                name: (*name).to_owned(),
            })
            .collect())
    }

    async fn discover(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let mut movies: Vec<&DemoMovie> = self
            .entries
            .iter()
            .map(|e| &e.movie)
            .filter(|m| genres.matches(&m.genre_ids))
            .collect();
        movies.sort_by(|a, b| {
            let ordering = match sort.key {
                SortKey::Popularity => a.popularity().total_cmp(&b.popularity()),
                SortKey::VoteAverage => a
                    .vote_average
                    .unwrap_or(0.0)
                    .total_cmp(&b.vote_average.unwrap_or(0.0)),
                SortKey::VoteCount => a.vote_count.cmp(&b.vote_count),
                SortKey::ReleaseDate => a.release_date().cmp(b.release_date()),
                SortKey::Title => normalize_title(&a.title).cmp(&normalize_title(&b.title)),
                SortKey::Revenue => a.revenue.unwrap_or(0).cmp(&b.revenue.unwrap_or(0)),
            };
            let ordering = if sort.descending {
                ordering.reverse()
            } else {
                ordering
            };
            ordering.then(a.id.cmp(&b.id))
        });
        Ok(self.page_of(&movies, page))
    }

    async fn popular(&self, page: CatalogPage, _: Option<Language>) -> Result<MoviePage, Error> {
        Ok(self.page_of(&self.by_popularity(), page))
    }

    async fn details(&self, id: MovieId, _: Option<Language>) -> Result<MovieDetails, Error> {
        let entry = self
            .by_id
            .get(&id.0)
            .and_then(|i| self.entries.get(*i))
            .ok_or_else(movie_not_found)?;
        Ok(self.details_of(&entry.movie))
    }

    async fn best_match(
        &self,
        original_title: &str,
        year: Option<i32>,
        _: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        check_title_year(original_title, year)?;
        let candidates = self
            .entries
            .iter()
            .map(|e| self.summary(&e.movie))
            .collect();
        let mut ranked = rank_best_matches(candidates, original_title, year);
        ranked.truncate(CATALOG_PAGE_SIZE as usize);
        Ok(ranked)
    }

    async fn now_playing(
        &self,
        page: CatalogPage,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        // A stable selection: the most recent releases of the catalog.
        let mut movies: Vec<&DemoMovie> = self.entries.iter().map(|e| &e.movie).collect();
        movies.sort_by(|a, b| b.release_date().cmp(a.release_date()).then(a.id.cmp(&b.id)));
        movies.truncate(NOW_PLAYING_COUNT);
        Ok(self.page_of(&movies, page))
    }
}

impl PosterArt for DemoCatalog {
    fn placeholder(&self, id: MovieId, format: PosterFormat) -> Option<Vec<u8>> {
        self.poster(id.0, format)
    }
}
