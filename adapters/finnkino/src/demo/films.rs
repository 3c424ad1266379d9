//! The demo feed's films: taken from whatever catalog the server runs (through core's
//! `MovieDetails`), with what a Finnish cinema adds: a Finnish release title where one is
//! well known, the spoken language, Finnish genre names and an age rating.

use std::sync::OnceLock;

use leffaseura_core::domain::movie::{normalize_title, MovieDetails};
use leffaseura_core::domain::showtime::{AgeRating, Images, Language};

/// One film the demo feed can put on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoFilm {
    /// Position in the film list: the event id is built from it.
    pub index: usize,
    pub title: String,
    pub original_title: String,
    pub year: Option<i32>,
    pub release_date: String,
    pub runtime: u32,
    pub genre_ids: Vec<i64>,
    pub overview: String,
    pub poster: Option<String>,
    pub directors: Vec<String>,
    pub cast: Vec<String>,
    pub trailer_url: Option<String>,
    /// [`Self::finnish_title`] and [`Self::language`], looked up once: every generated
    /// show carries both, and a week of an area's shows asked for them thousands of times
    /// (title folding was two thirds of a schedule request's CPU).
    finnish: OnceLock<String>,
    spoken: OnceLock<Language>,
}

impl DemoFilm {
    pub fn from_details(index: usize, movie: &MovieDetails) -> Self {
        Self {
            index,
            title: movie.title.clone(),
            original_title: movie.original_title.clone(),
            year: movie.release_year(),
            release_date: movie.release_date.clone(),
            // A film without a known length gets a typical one.
            runtime: movie.runtime.filter(|r| *r >= 60).unwrap_or(105),
            genre_ids: movie.genres.iter().map(|g| g.id).collect(),
            overview: movie.overview.clone(),
            poster: movie.poster_path.clone(),
            directors: movie
                .key_crew
                .iter()
                .filter(|c| c.job.contains("Director"))
                .map(|c| c.name.clone())
                .collect(),
            cast: movie.cast.iter().take(6).map(|c| c.name.clone()).collect(),
            trailer_url: movie.trailer.as_ref().map(|t| t.url.clone()),
            finnish: OnceLock::new(),
            spoken: OnceLock::new(),
        }
    }

    /// The Finnish release title where the film is known by one, else its title.
    pub fn finnish_title(&self) -> String {
        self.finnish
            .get_or_init(|| {
                let key = normalize_title(&self.original_title);
                FINNISH_TITLES
                    .iter()
                    .find(|(original, _)| normalize_title(original) == key)
                    .map_or_else(|| self.title.clone(), |(_, finnish)| (*finnish).to_owned())
            })
            .clone()
    }

    /// The language spoken in the film (in Finnish, with its code).
    pub fn language(&self) -> Language {
        self.spoken
            .get_or_init(|| {
                let key = normalize_title(&self.original_title);
                let (code, name) = LANGUAGES
                    .iter()
                    .find(|(original, _, _)| normalize_title(original) == key)
                    .map_or(("EN", "englanti"), |(_, code, name)| (*code, *name));
                Language {
                    code: code.to_owned(),
                    name: name.to_owned(),
                }
            })
            .clone()
    }

    pub fn is_family(&self) -> bool {
        self.genre_ids.iter().any(|g| *g == 16 || *g == 10751)
    }

    /// Big-screen spectacle: what cinemas also run in 3D and IMAX.
    pub fn is_spectacle(&self) -> bool {
        self.genre_ids
            .iter()
            .any(|g| matches!(g, 28 | 12 | 878 | 14 | 16))
    }

    /// A plausible Finnish age rating from the genres.
    pub fn rating(&self) -> AgeRating {
        let has = |id: i64| self.genre_ids.contains(&id);
        if has(27) || has(80) || has(10752) || (has(53) && !has(16)) {
            AgeRating::K16
        } else if self.is_family() {
            if self.index.is_multiple_of(2) {
                AgeRating::S
            } else {
                AgeRating::K7
            }
        } else if has(28) || has(878) || has(12) || has(14) || has(18) || has(9648) {
            AgeRating::K12
        } else {
            AgeRating::K7
        }
    }

    /// Genres as the feed names them: in Finnish.
    pub fn genres(&self) -> Vec<String> {
        self.genre_ids
            .iter()
            .filter_map(|id| GENRES_FI.iter().find(|(g, _)| g == id))
            .map(|(_, name)| (*name).to_owned())
            .collect()
    }

    pub fn images(&self) -> Images {
        Images {
            small: self.poster.clone(),
            medium: self.poster.clone(),
            large: None,
        }
    }
}

/// TMDB's genre ids with the feed's Finnish names.
const GENRES_FI: &[(i64, &str)] = &[
    (28, "Toiminta"),
    (12, "Seikkailu"),
    (16, "Animaatio"),
    (35, "Komedia"),
    (80, "Rikos"),
    (99, "Dokumentti"),
    (18, "Draama"),
    (10751, "Perhe-elokuva"),
    (14, "Fantasia"),
    (36, "Historia"),
    (27, "Kauhu"),
    (10402, "Musiikki"),
    (9648, "Mysteeri"),
    (10749, "Romantiikka"),
    (878, "Sci-fi"),
    (10770, "TV-elokuva"),
    (53, "Jännitys"),
    (10752, "Sota"),
    (37, "Western"),
];

/// Finnish release titles of films the demo catalog has, by original title.
const FINNISH_TITLES: &[(&str, &str)] = &[
    ("The Super Mario Bros. Movie", "Super Mario Bros. -elokuva"),
    ("君たちはどう生きるか", "Poika ja haikara"),
    ("千と千尋の神隠し", "Henkien kätkemä"),
    ("となりのトトロ", "Naapurini Totoro"),
    ("ハウルの動く城", "Liikkuva linna"),
    ("Finding Nemo", "Nemoa etsimässä"),
    ("The Lion King", "Leijonakuningas"),
    ("Frozen", "Frozen – huurteinen seikkailu"),
    ("Zootopia", "Zootropolis – eläinten kaupunki"),
    ("Up", "Up – kohti korkeuksia"),
    ("Inside Out", "Inside Out – mielen sopukoissa"),
    ("Toy Story", "Toy Story – leluelämää"),
    (
        "The Lord of the Rings: The Fellowship of the Ring",
        "Taru sormusten herrasta: Sormuksen ritarit",
    ),
    (
        "The Lord of the Rings: The Two Towers",
        "Taru sormusten herrasta: Kaksi tornia",
    ),
    (
        "The Lord of the Rings: The Return of the King",
        "Taru sormusten herrasta: Kuninkaan paluu",
    ),
    (
        "Harry Potter and the Philosopher's Stone",
        "Harry Potter ja viisasten kivi",
    ),
    (
        "Harry Potter and the Prisoner of Azkaban",
        "Harry Potter ja Azkabanin vanki",
    ),
    ("Star Wars", "Tähtien sota"),
    ("The Empire Strikes Back", "Imperiumin vastaisku"),
    ("Back to the Future", "Paluu tulevaisuuteen"),
    ("Jaws", "Tappajahai"),
    ("The Godfather", "Kummisetä"),
    ("Im Westen nichts Neues", "Länsirintamalta ei mitään uutta"),
];

/// Spoken languages of the demo catalog's films that are not in English.
const LANGUAGES: &[(&str, &str, &str)] = &[
    ("千と千尋の神隠し", "JA", "japani"),
    ("火垂るの墓", "JA", "japani"),
    ("もののけ姫", "JA", "japani"),
    ("となりのトトロ", "JA", "japani"),
    ("ハウルの動く城", "JA", "japani"),
    ("君の名は。", "JA", "japani"),
    ("君たちはどう生きるか", "JA", "japani"),
    ("ゴジラ-1.0", "JA", "japani"),
    ("七人の侍", "JA", "japani"),
    ("AKIRA", "JA", "japani"),
    ("기생충", "KO", "korea"),
    ("올드보이", "KO", "korea"),
    ("花樣年華", "ZH", "kantoninkiina"),
    ("Le fabuleux destin d'Amélie Poulain", "FR", "ranska"),
    ("Léon", "FR", "ranska"),
    ("Il buono, il brutto, il cattivo", "IT", "italia"),
    ("C'era una volta il West", "IT", "italia"),
    ("Per un pugno di dollari", "IT", "italia"),
    ("La vita è bella", "IT", "italia"),
    ("Nuovo Cinema Paradiso", "IT", "italia"),
    ("Im Westen nichts Neues", "DE", "saksa"),
    ("Det sjunde inseglet", "SV", "ruotsi"),
    ("Jagten", "DA", "tanska"),
    ("Druk", "DA", "tanska"),
    ("El laberinto del fauno", "ES", "espanja"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn film(original: &str, genres: Vec<i64>) -> DemoFilm {
        DemoFilm {
            index: 0,
            title: original.to_owned(),
            original_title: original.to_owned(),
            year: Some(2024),
            release_date: "2024-02-27".into(),
            runtime: 120,
            genre_ids: genres,
            overview: String::new(),
            poster: None,
            directors: vec![],
            cast: vec![],
            trailer_url: None,
            finnish: OnceLock::new(),
            spoken: OnceLock::new(),
        }
    }

    #[test]
    fn finnish_touches() {
        let dune = film("Dune: Part Two", vec![878, 12]);
        assert_eq!(dune.finnish_title(), "Dune: Part Two");
        assert_eq!(film("Star Wars", vec![]).finnish_title(), "Tähtien sota");
        assert_eq!(dune.language().code, "EN");
        assert_eq!(dune.rating(), AgeRating::K12);
        assert_eq!(dune.genres(), ["Sci-fi", "Seikkailu"]);
        assert!(dune.is_spectacle() && !dune.is_family());
        let druk = film("Druk", vec![35, 18]);
        assert_eq!(druk.language().name, "tanska");
        assert_eq!(druk.finnish_title(), "Druk");
        assert_eq!(film("Hereditary", vec![27, 9648]).rating(), AgeRating::K16);
        assert_eq!(film("Up", vec![16, 10751]).rating(), AgeRating::S);
    }
}
