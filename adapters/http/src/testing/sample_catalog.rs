//! A small in-memory movie catalog for the HTTP tests: Fight Club (550) and a few dozen
//! numbered films, enough for pages, genre filters and title matching. What it answers
//! is built with core's rules (page size, genre filter, best-match ranking), so the
//! tests check the HTTP mapping of real catalog answers. In Finnish it names genres and
//! tells Fight Club's story in Finnish, as TMDB does.

use async_trait::async_trait;

use leffaseura_core::domain::genre::GENRES;
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::movie::{
    movie_not_found, normalize_title, rank_best_matches, Cached, CastMember, CatalogPage,
    CrewMember, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage, MovieSummary,
    SearchQuery, Trailer, CATALOG_PAGE_SIZE,
};
use leffaseura_core::ports::{MovieCatalog, PosterArt, PosterFormat};
use leffaseura_core::{Error, MovieId};

/// TMDB's Finnish genre names, in the order of [`GENRES`].
const FINNISH_GENRES: [&str; 19] = [
    "Toiminta",
    "Seikkailu",
    "Animaatio",
    "Komedia",
    "Rikos",
    "Dokumentti",
    "Draama",
    "Perhe",
    "Fantasia",
    "Historia",
    "Kauhu",
    "Musiikki",
    "Mysteeri",
    "Romantiikka",
    "Tieteisfiktio",
    "TV-elokuva",
    "Jännitys",
    "Sota",
    "Lännenelokuva",
];

/// Films beside Fight Club: ids 1001.., alternately drama-thrillers and comedies.
const NUMBERED_FILMS: i64 = 44;

pub struct SampleCatalog {
    films: Vec<MovieSummary>,
}

impl SampleCatalog {
    pub fn new() -> Self {
        let mut films = vec![MovieSummary {
            id: MovieId(550),
            title: "Fight Club".to_owned(),
            original_title: "Fight Club".to_owned(),
            release_date: "1999-10-15".to_owned(),
            overview: "An insomniac office worker meets a soap maker.".to_owned(),
            poster_path: Some(poster_url(550)),
            vote_average: 8.4,
            genre_ids: vec![18, 53],
        }];
        films.extend((1..=NUMBERED_FILMS).map(|n| MovieSummary {
            id: MovieId(1000 + n),
            title: format!("Sample Film {n}"),
            original_title: format!("Sample Film {n}"),
            release_date: format!("{}-01-01", 1980 + n),
            overview: String::new(),
            poster_path: Some(poster_url(1000 + n)),
            vote_average: 5.0,
            genre_ids: if n % 2 == 0 { vec![18, 53] } else { vec![35] },
        }));
        Self { films }
    }

    fn page_of(&self, films: Vec<MovieSummary>, page: CatalogPage) -> MoviePage {
        let size = CATALOG_PAGE_SIZE as usize;
        let total = films.len() as u64;
        let results = films
            .into_iter()
            .skip((page.get() as usize - 1) * size)
            .take(size)
            .collect();
        MoviePage::new(results, page.get(), total.div_ceil(size as u64), total)
    }

    fn film(&self, id: MovieId) -> Option<&MovieSummary> {
        self.films.iter().find(|f| f.id == id)
    }
}

fn poster_url(id: i64) -> String {
    format!("/api/demo/poster/{id}.png")
}

#[async_trait]
impl MovieCatalog for SampleCatalog {
    async fn search(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let wanted = normalize_title(query.as_str());
        let hits = self
            .films
            .iter()
            .filter(|f| normalize_title(&f.title).contains(&wanted))
            .cloned()
            .collect();
        Ok(self.page_of(hits, page))
    }

    async fn genres(&self, language: Option<Language>) -> Result<Vec<Genre>, Error> {
        Ok(GENRES
            .iter()
            .zip(FINNISH_GENRES)
            .map(|((id, english), finnish)| Genre {
                id: *id,
                name: match language {
                    Some(Language::Finnish) => finnish.to_owned(),
                    _ => (*english).to_owned(),
                },
            })
            .collect())
    }

    async fn discover(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        _: DiscoverSort,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        let hits = self
            .films
            .iter()
            .filter(|f| genres.matches(&f.genre_ids))
            .cloned()
            .collect();
        Ok(self.page_of(hits, page))
    }

    async fn popular(&self, page: CatalogPage, _: Option<Language>) -> Result<MoviePage, Error> {
        Ok(self.page_of(self.films.clone(), page))
    }

    async fn details(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<MovieDetails, Error> {
        let film = self.film(id).ok_or_else(movie_not_found)?;
        let overview = match language {
            Some(Language::Finnish) => {
                "Unettomuudesta kärsivä toimistotyöntekijä tapaa saippuakauppiaan.".to_owned()
            }
            _ => film.overview.clone(),
        };
        Ok(MovieDetails {
            id: film.id,
            title: film.title.clone(),
            original_title: film.original_title.clone(),
            tagline: String::new(),
            overview,
            release_date: film.release_date.clone(),
            runtime: Some(139),
            genres: vec![Genre {
                id: 18,
                name: "Drama".to_owned(),
            }],
            poster_path: film.poster_path.clone(),
            backdrop_path: None,
            vote_average: film.vote_average,
            budget: Some(63_000_000),
            revenue: None,
            trailer: Some(Trailer {
                name: "Official Trailer".to_owned(),
                url: "https://www.youtube.com/watch?v=sample".to_owned(),
            }),
            cast: vec![CastMember {
                id: 819,
                name: "Edward Norton".to_owned(),
                character: "Narrator".to_owned(),
                profile_path: None,
            }],
            key_crew: vec![CrewMember {
                id: 7467,
                name: "David Fincher".to_owned(),
                job: "Director".to_owned(),
                profile_path: None,
            }],
        })
    }

    async fn best_match(
        &self,
        original_title: &str,
        year: Option<i32>,
        _: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        Ok(rank_best_matches(self.films.clone(), original_title, year))
    }

    async fn now_playing(
        &self,
        page: CatalogPage,
        _: Option<Language>,
    ) -> Result<MoviePage, Error> {
        Ok(self.page_of(self.films.iter().take(5).cloned().collect(), page))
    }
}

impl PosterArt for SampleCatalog {
    fn placeholder(&self, id: MovieId, format: PosterFormat) -> Option<Vec<u8>> {
        let film = self.film(id)?;
        Some(match format {
            // The PNG signature and the title: the routes' tests check what is served,
            // the demo catalog's own tests what a poster looks like.
            PosterFormat::Png => [b"\x89PNG\r\n\x1a\n".as_slice(), film.title.as_bytes()].concat(),
            PosterFormat::Svg => format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{}</text></svg>",
                film.title
            )
            .into_bytes(),
        })
    }
}

/// The sample catalog as a cache that lost its upstream: every answer is stale.
pub struct StaleCatalog(pub SampleCatalog);

#[async_trait]
impl MovieCatalog for StaleCatalog {
    async fn search(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        self.0.search(query, page, language).await
    }
    async fn genres(&self, language: Option<Language>) -> Result<Vec<Genre>, Error> {
        self.0.genres(language).await
    }
    async fn discover(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        self.0.discover(genres, page, sort, language).await
    }
    async fn popular(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        self.0.popular(page, language).await
    }
    async fn details(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<MovieDetails, Error> {
        self.0.details(id, language).await
    }
    async fn best_match(
        &self,
        title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Vec<MovieSummary>, Error> {
        self.0.best_match(title, year, language).await
    }
    async fn now_playing(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<MoviePage, Error> {
        self.0.now_playing(page, language).await
    }

    async fn search_cached(
        &self,
        query: &SearchQuery,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        Ok(Cached::stale(self.0.search(query, page, language).await?))
    }
    async fn genres_cached(&self, language: Option<Language>) -> Result<Cached<Vec<Genre>>, Error> {
        Ok(Cached::stale(self.0.genres(language).await?))
    }
    async fn discover_cached(
        &self,
        genres: &GenreFilter,
        page: CatalogPage,
        sort: DiscoverSort,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        Ok(Cached::stale(
            self.0.discover(genres, page, sort, language).await?,
        ))
    }
    async fn popular_cached(
        &self,
        page: CatalogPage,
        language: Option<Language>,
    ) -> Result<Cached<MoviePage>, Error> {
        Ok(Cached::stale(self.0.popular(page, language).await?))
    }
    async fn details_cached(
        &self,
        id: MovieId,
        language: Option<Language>,
    ) -> Result<Cached<MovieDetails>, Error> {
        Ok(Cached::stale(self.0.details(id, language).await?))
    }
    async fn best_match_cached(
        &self,
        title: &str,
        year: Option<i32>,
        language: Option<Language>,
    ) -> Result<Cached<Vec<MovieSummary>>, Error> {
        Ok(Cached::stale(
            self.0.best_match(title, year, language).await?,
        ))
    }
}
