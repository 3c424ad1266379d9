//! What an entry shows about its movie — title, year, poster — and whom to believe.
//!
//! Entries are shown to everyone who can see the list, so these facts come from the movie
//! catalog (or what the movie store remembers of it) whenever it knows the movie, and what
//! the client sent is ignored. Only when the catalog cannot be reached and the movie is not
//! remembered are the client's values used, and only after the rules here: a title of
//! 1..=[`FAVORITE_TITLE_MAX`] characters without control characters, a year in
//! [`FAVORITE_YEAR_RANGE`], and a poster that is a bare TMDB image path or one of our own
//! poster URLs (anything else is dropped, so a client cannot make viewers' browsers fetch
//! an image from a host of its choosing).

use std::ops::RangeInclusive;

use crate::domain::demo_poster::parse_poster_file;
use crate::domain::movie::RememberedMovie;
use crate::error::{Error, ErrorCode};

/// Longest `original_title` kept on an entry, in characters.
pub const FAVORITE_TITLE_MAX: usize = 300;
/// Longest poster path or URL a client may name, in characters.
pub const FAVORITE_POSTER_MAX: usize = 500;
/// Release years a client may give (the first films to plausible plans).
pub const FAVORITE_YEAR_RANGE: RangeInclusive<i32> = 1870..=2100;
/// Image types of a TMDB poster path a client may name.
pub const POSTER_EXTENSIONS: [&str; 5] = ["jpg", "jpeg", "png", "webp", "svg"];
/// Where this server serves its own posters (the demo catalog's): `/api/demo/poster/{id}.png`
/// (or `.svg`, what the demo catalog named before).
pub const OWN_POSTER_PREFIX: &str = "/api/demo/poster/";

/// The title, year and poster an entry is stored with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovieFacts {
    pub original_title: Option<String>,
    pub release_year: Option<i32>,
    /// A poster URL as the catalog gives it, or a client's [`ClientPoster`].
    pub poster_path: Option<String>,
}

impl From<&RememberedMovie> for MovieFacts {
    /// The catalog's facts: its original title (the display title when it has none), its
    /// year and its poster URL.
    fn from(movie: &RememberedMovie) -> Self {
        let title = if movie.original_title.trim().is_empty() {
            &movie.title
        } else {
            &movie.original_title
        };
        Self {
            original_title: Some(title.clone()).filter(|t| !t.trim().is_empty()),
            release_year: movie.release_year,
            poster_path: movie.poster.clone(),
        }
    }
}

/// A poster a client may name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientPoster {
    /// A TMDB image path such as `/abc123.jpg` (one segment of `[A-Za-z0-9_-]`, a
    /// [`POSTER_EXTENSIONS`] extension).
    Tmdb(String),
    /// One of this server's own poster URLs, `/api/demo/poster/{id}.png` or `.svg`.
    Own(String),
}

impl ClientPoster {
    /// The poster `value` names, or `None` for anything else (other hosts, schemes,
    /// `..`, query strings, spaces, …): such posters are dropped, not refused.
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim();
        if value.chars().count() > FAVORITE_POSTER_MAX {
            return None;
        }
        if let Some(file) = value.strip_prefix(OWN_POSTER_PREFIX) {
            return parse_poster_file(file).map(|_| Self::Own(value.to_owned()));
        }
        let file = value.strip_prefix('/')?;
        let (stem, extension) = file.rsplit_once('.')?;
        let stem_ok = !stem.is_empty()
            && stem
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        (stem_ok && POSTER_EXTENSIONS.contains(&extension)).then(|| Self::Tmdb(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        match self {
            Self::Tmdb(path) | Self::Own(path) => path,
        }
    }
}

/// What a client sent about the movie, checked. Used only when the catalog cannot say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientFacts {
    pub original_title: Option<String>,
    pub release_year: Option<i32>,
    pub poster: Option<ClientPoster>,
}

impl ClientFacts {
    /// Checks what a client sent: blank strings count as not sent; a title is trimmed and
    /// must be at most [`FAVORITE_TITLE_MAX`] characters without control characters; a
    /// year lies in [`FAVORITE_YEAR_RANGE`]. A poster (`poster_path`, else `poster_url`)
    /// that [`ClientPoster::parse`] does not accept is dropped.
    ///
    /// # Errors
    /// `Invalid` `invalid_title` on `original_title`, `invalid_release_year` on
    /// `release_year`.
    pub fn parse(
        original_title: Option<&str>,
        release_year: Option<i64>,
        poster_path: Option<&str>,
        poster_url: Option<&str>,
    ) -> Result<Self, Error> {
        let original_title = given(original_title)
            .map(|title| {
                if title.chars().count() > FAVORITE_TITLE_MAX || title.chars().any(char::is_control)
                {
                    Err(Error::invalid(
                        "original_title",
                        ErrorCode::InvalidTitle,
                        format!(
                            "original_title must be at most {FAVORITE_TITLE_MAX} characters, \
                             without control characters."
                        ),
                    ))
                } else {
                    Ok(title.to_owned())
                }
            })
            .transpose()?;
        let release_year = release_year
            .map(|year| {
                i32::try_from(year)
                    .ok()
                    .filter(|year| FAVORITE_YEAR_RANGE.contains(year))
                    .ok_or_else(|| {
                        Error::invalid(
                            "release_year",
                            ErrorCode::InvalidReleaseYear,
                            format!(
                                "release_year must be between {} and {}.",
                                FAVORITE_YEAR_RANGE.start(),
                                FAVORITE_YEAR_RANGE.end()
                            ),
                        )
                    })
            })
            .transpose()?;
        let poster = given(poster_path)
            .and_then(ClientPoster::parse)
            .or_else(|| given(poster_url).and_then(ClientPoster::parse));
        Ok(Self {
            original_title,
            release_year,
            poster,
        })
    }
}

/// A client's string, trimmed; blank counts as not sent.
fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::MovieId;

    #[test]
    fn client_titles_are_trimmed_short_and_free_of_control_characters() {
        let long = "x".repeat(FAVORITE_TITLE_MAX + 1);
        let longest = "é".repeat(FAVORITE_TITLE_MAX);
        // (sent, kept; None = refused)
        let cases: [(&str, Option<Option<&str>>); 9] = [
            ("  Fight Club ", Some(Some("Fight Club"))),
            (
                "<img src=x onerror=alert(1)>",
                Some(Some("<img src=x onerror=alert(1)>")),
            ),
            ("千と千尋の神隠し", Some(Some("千と千尋の神隠し"))),
            (&longest, Some(Some(&longest))),
            ("   ", Some(None)),
            ("", Some(None)),
            (&long, None),
            ("Fight\u{0}Club", None),
            ("Fight\nClub\u{7f}", None),
        ];
        for (sent, kept) in cases {
            let got = ClientFacts::parse(Some(sent), None, None, None);
            match (got, kept) {
                (Ok(facts), Some(want)) => {
                    assert_eq!(facts.original_title.as_deref(), want, "{sent:?}");
                }
                (Err(err), None) => {
                    assert_eq!(err.code(), "invalid_title", "{sent:?}");
                    assert!(
                        matches!(err, Error::Invalid { ref field, .. } if field == "original_title")
                    );
                }
                (got, want) => panic!("{sent:?}: got {got:?}, want {want:?}"),
            }
        }
    }

    #[test]
    fn client_years_lie_between_1870_and_2100() {
        for (year, ok) in [
            (1870, true),
            (1999, true),
            (2100, true),
            (1869, false),
            (2101, false),
            (0, false),
            (-1999, false),
            (i64::MAX, false),
        ] {
            let got = ClientFacts::parse(None, Some(year), None, None);
            match got {
                Ok(facts) => {
                    assert!(ok, "{year}");
                    assert_eq!(facts.release_year.map(i64::from), Some(year));
                }
                Err(err) => {
                    assert!(!ok, "{year}: {err:?}");
                    assert_eq!(err.code(), "invalid_release_year");
                }
            }
        }
    }

    #[test]
    fn only_tmdb_paths_and_our_own_posters_are_kept() {
        use ClientPoster::{Own, Tmdb};
        let tmdb = |p: &str| Some(Tmdb(p.to_owned()));
        let own = |p: &str| Some(Own(p.to_owned()));
        let long = format!("/{}.jpg", "a".repeat(FAVORITE_POSTER_MAX));
        let cases: [(&str, Option<ClientPoster>); 28] = [
            ("/abc123.jpg", tmdb("/abc123.jpg")),
            (
                "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg",
                tmdb("/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg"),
            ),
            ("/a_b-c.jpeg", tmdb("/a_b-c.jpeg")),
            ("/x.png", tmdb("/x.png")),
            ("/x.webp", tmdb("/x.webp")),
            ("/x.svg", tmdb("/x.svg")),
            (" /x.jpg ", tmdb("/x.jpg")),
            ("/api/demo/poster/155.svg", own("/api/demo/poster/155.svg")),
            ("https://evil.example/x.png", None),
            ("http://evil.example/x.png", None),
            ("//evil.example/x.png", None),
            ("javascript:alert(1)", None),
            ("data:image/svg+xml,<svg/>", None),
            ("abc.jpg", None),
            ("/abc.gif", None),
            ("/abc.JPG", None),
            ("/abc", None),
            ("/.jpg", None),
            ("/a/b.jpg", None),
            ("/../x.jpg", None),
            ("/a b.jpg", None),
            ("/x.jpg?u=https://evil.example", None),
            ("/x.jpg#frag", None),
            ("/api/demo/poster/155.png", own("/api/demo/poster/155.png")),
            ("/api/demo/poster/155.jpg", None),
            ("/api/demo/poster/abc.svg", None),
            ("/api/demo/poster/../../x.svg", None),
            (&long, None),
        ];
        for (sent, kept) in cases {
            assert_eq!(ClientPoster::parse(sent), kept, "{sent:?}");
        }
    }

    #[test]
    fn a_bad_poster_is_dropped_not_refused_and_poster_url_stands_in() {
        let facts =
            ClientFacts::parse(None, None, Some("https://evil.example/x.png"), None).unwrap();
        assert_eq!(facts.poster, None);
        let facts = ClientFacts::parse(None, None, Some(" "), Some("/x.jpg")).unwrap();
        assert_eq!(facts.poster, Some(ClientPoster::Tmdb("/x.jpg".into())));
        let facts =
            ClientFacts::parse(None, None, Some("javascript:alert(1)"), Some("/x.jpg")).unwrap();
        assert_eq!(
            facts.poster.as_ref().map(ClientPoster::as_str),
            Some("/x.jpg")
        );
        assert_eq!(
            ClientFacts::parse(None, None, None, None).unwrap(),
            ClientFacts::default()
        );
    }

    #[test]
    fn the_catalog_facts_prefer_the_original_title() {
        let mut remembered = RememberedMovie {
            id: MovieId(550),
            title: "Fight Club".into(),
            original_title: String::new(),
            release_date: "1999-10-15".into(),
            release_year: Some(1999),
            poster: Some("https://img/x.jpg".into()),
            vote_average: Some(8.4),
        };
        let facts = MovieFacts::from(&remembered);
        assert_eq!(facts.original_title.as_deref(), Some("Fight Club"));
        assert_eq!(facts.release_year, Some(1999));
        assert_eq!(facts.poster_path.as_deref(), Some("https://img/x.jpg"));
        remembered.original_title = "Taistelukerho".into();
        assert_eq!(
            MovieFacts::from(&remembered).original_title.as_deref(),
            Some("Taistelukerho")
        );
    }
}
