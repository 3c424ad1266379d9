//! The three kinds of saved movies (PRODUCT-SPEC §3, §4): a personal watchlist, personal
//! favorites and a group's favorites. They share one table and one API, told apart by a
//! numeric `type`, so the codes are part of the contract.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::domain::constants::FAVORITE_STATUS_MAX_IDS;
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, MovieId, UserId};

mod facts;

pub use facts::{
    ClientFacts, ClientPoster, MovieFacts, FAVORITE_POSTER_MAX, FAVORITE_TITLE_MAX,
    FAVORITE_YEAR_RANGE, OWN_POSTER_PREFIX, POSTER_EXTENSIONS,
};

/// What list a saved movie is on. The discriminants are the API's `type` codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FavoriteKind {
    /// Type 1: private to its user.
    Watchlist = 1,
    /// Type 2: shown on the user's public profile.
    Favorite = 2,
    /// Type 3: kept by a group's owner and moderators, seen by its members.
    GroupFavorite = 3,
}

impl FavoriteKind {
    pub const ALL: [Self; 3] = [Self::Watchlist, Self::Favorite, Self::GroupFavorite];

    pub fn code(self) -> i64 {
        self as i64
    }

    pub fn from_code(code: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// [`FavoriteKind::from_code`] for user input: an unknown code is a 400 on `type`.
    pub fn parse(code: i64) -> Result<Self, Error> {
        Self::from_code(code).ok_or_else(|| {
            Error::invalid(
                "type",
                ErrorCode::InvalidFavoriteType,
                "Type must be 1 (watchlist), 2 (favorite) or 3 (group favorite).",
            )
        })
    }

    /// Whether entries of this kind belong to a group rather than to a user.
    pub fn is_group(self) -> bool {
        self == Self::GroupFavorite
    }

    /// The rule "type 3 needs a group id; types 1–2 refuse one". Returns the group the
    /// entry belongs to (`Some` exactly for group favorites), so callers cannot keep a
    /// stray `group_id` on a personal entry.
    pub fn check_group_id(self, group_id: Option<GroupId>) -> Result<Option<GroupId>, Error> {
        match (self.is_group(), group_id) {
            (true, Some(id)) => Ok(Some(id)),
            (true, None) => Err(Error::invalid(
                "group_id",
                ErrorCode::GroupIdRequired,
                "Group favorites need a group_id.",
            )),
            (false, None) => Ok(None),
            (false, Some(_)) => Err(Error::invalid(
                "group_id",
                ErrorCode::GroupIdNotAllowed,
                "Only group favorites (type 3) take a group_id.",
            )),
        }
    }
}

impl Serialize for FavoriteKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i64(self.code())
    }
}

impl<'de> Deserialize<'de> for FavoriteKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = i64::deserialize(deserializer)?;
        Self::from_code(code).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "unknown favorite type {code}; expected 1, 2 or 3"
            ))
        })
    }
}

// ---------------------------------------------------------------------------------------
// Entries
// ---------------------------------------------------------------------------------------

/// One list of saved movies: whose it is and which kind. Personal lists belong to a user;
/// group favorites to a group (whoever of its owner and moderators added them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FavoriteList {
    Watchlist(UserId),
    Favorites(UserId),
    Group(GroupId),
}

impl FavoriteList {
    /// The list of `kind` owned by `user` or `group`, after [`FavoriteKind::check_group_id`].
    ///
    /// # Errors
    /// `Invalid` on `group_id` as [`FavoriteKind::check_group_id`] says.
    pub fn new(kind: FavoriteKind, user: UserId, group_id: Option<GroupId>) -> Result<Self, Error> {
        match (kind, kind.check_group_id(group_id)?) {
            (FavoriteKind::Watchlist, _) => Ok(Self::Watchlist(user)),
            (FavoriteKind::Favorite, _) => Ok(Self::Favorites(user)),
            (FavoriteKind::GroupFavorite, Some(group)) => Ok(Self::Group(group)),
            // check_group_id refuses a group favorite without a group.
            (FavoriteKind::GroupFavorite, None) => {
                Err(Error::internal("group favorite without a group"))
            }
        }
    }

    /// A user's own list of a personal kind.
    ///
    /// # Errors
    /// `Invalid` `group_list` on `type` for [`FavoriteKind::GroupFavorite`], whose entries
    /// are reached through their group.
    pub fn personal(kind: FavoriteKind, user: UserId) -> Result<Self, Error> {
        match kind {
            FavoriteKind::Watchlist => Ok(Self::Watchlist(user)),
            FavoriteKind::Favorite => Ok(Self::Favorites(user)),
            FavoriteKind::GroupFavorite => Err(Error::invalid(
                "type",
                ErrorCode::GroupList,
                "Group favorites (type 3) belong to a group; use the group's favorites.",
            )),
        }
    }

    pub fn kind(self) -> FavoriteKind {
        match self {
            Self::Watchlist(_) => FavoriteKind::Watchlist,
            Self::Favorites(_) => FavoriteKind::Favorite,
            Self::Group(_) => FavoriteKind::GroupFavorite,
        }
    }

    pub fn group(self) -> Option<GroupId> {
        match self {
            Self::Group(group) => Some(group),
            Self::Watchlist(_) | Self::Favorites(_) => None,
        }
    }

    /// The owning user of a personal list.
    pub fn user(self) -> Option<UserId> {
        match self {
            Self::Watchlist(user) | Self::Favorites(user) => Some(user),
            Self::Group(_) => None,
        }
    }
}

/// A positive TMDB movie id from user input.
///
/// # Errors
/// `Invalid` `invalid_movie_id` on `field` for zero or negative ids.
pub fn parse_movie_id(raw: i64, field: &'static str) -> Result<MovieId, Error> {
    if raw > 0 {
        Ok(MovieId(raw))
    } else {
        Err(Error::invalid(
            field,
            ErrorCode::InvalidMovieId,
            "Movie id must be a positive whole number.",
        ))
    }
}

/// An entry about to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewFavorite {
    pub list: FavoriteList,
    pub movie_id: MovieId,
    pub added_by: UserId,
    /// Empty when neither the client nor the movie store knew it.
    pub original_title: String,
    pub release_year: Option<i32>,
    pub poster_path: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A stored entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Favorite {
    pub id: i64,
    pub list: FavoriteList,
    pub movie_id: MovieId,
    /// Who put it on the list (for personal lists, the list's owner).
    pub added_by: UserId,
    pub original_title: String,
    pub release_year: Option<i32>,
    pub poster_path: Option<String>,
    /// The poster URL the movie store remembers for this movie, as the catalog built it
    /// (`Some(None)`: remembered, without a poster); `None` when it is not remembered.
    pub remembered_poster: Option<Option<String>>,
    /// The movie's rating on a 0–10 scale, when the movie store knows it.
    pub rating: Option<f64>,
    pub created_at: DateTime<Utc>,
}

impl Favorite {
    /// The poster to show: the remembered movie's, as reviews show it; else the stored
    /// one, which the catalog built (or which is one of our own poster URLs). A bare TMDB
    /// path of an old row has no URL of its own and shows no poster rather than a broken one.
    pub fn poster_url(&self) -> Option<String> {
        match &self.remembered_poster {
            Some(remembered) => remembered.clone(),
            None => self.poster_path.clone().filter(|stored| {
                !matches!(ClientPoster::parse(stored), Some(ClientPoster::Tmdb(_)))
            }),
        }
    }
}

/// Whether one movie is on the caller's watchlist and favorites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FavoriteStatus {
    pub movie_id: MovieId,
    pub is_favorite: bool,
    pub is_watchlist: bool,
}

/// The movie ids of one status lookup: 1 to [`FAVORITE_STATUS_MAX_IDS`] distinct positive
/// integers, in the order asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusIds(Vec<MovieId>);

impl StatusIds {
    /// Parses `"550,13,27205"` (spaces around ids are allowed).
    ///
    /// # Errors
    /// `Invalid` `invalid_ids` on `ids` when the list is empty, too long, or holds
    /// something that is not a positive whole number. An id listed twice is answered
    /// twice: harmless, and a spec cannot forbid it for a comma-separated parameter.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let invalid = |message: String| Error::invalid("ids", ErrorCode::InvalidIds, message);
        let mut ids: Vec<MovieId> = Vec::new();
        for part in raw.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(invalid(
                    "Movie ids must be comma-separated positive whole numbers, e.g. 550,13."
                        .to_owned(),
                ));
            }
            let id = part
                .parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| {
                    invalid(format!(
                        "`{}` is not a movie id: ids must be positive whole numbers.",
                        part.chars().take(40).collect::<String>()
                    ))
                })?;
            if ids.len() == FAVORITE_STATUS_MAX_IDS {
                return Err(invalid(format!(
                    "At most {FAVORITE_STATUS_MAX_IDS} movie ids per lookup."
                )));
            }
            ids.push(MovieId(id));
        }
        Ok(Self(ids))
    }

    pub fn ids(&self) -> &[MovieId] {
        &self.0
    }

    /// The answer for these ids in their order, given which (movie, kind) pairs are saved.
    pub fn statuses(&self, saved: &[(MovieId, FavoriteKind)]) -> Vec<FavoriteStatus> {
        self.0
            .iter()
            .map(|&movie_id| FavoriteStatus {
                movie_id,
                is_favorite: saved.contains(&(movie_id, FavoriteKind::Favorite)),
                is_watchlist: saved.contains(&(movie_id, FavoriteKind::Watchlist)),
            })
            .collect()
    }
}

#[cfg(test)]
mod entry_tests {
    use super::*;

    #[test]
    fn lists_follow_the_group_id_rule() {
        let u = UserId(1);
        let g = GroupId(9);
        assert_eq!(
            FavoriteList::new(FavoriteKind::Watchlist, u, None).unwrap(),
            FavoriteList::Watchlist(u)
        );
        assert_eq!(
            FavoriteList::new(FavoriteKind::Favorite, u, None).unwrap(),
            FavoriteList::Favorites(u)
        );
        assert_eq!(
            FavoriteList::new(FavoriteKind::GroupFavorite, u, Some(g)).unwrap(),
            FavoriteList::Group(g)
        );
        for (kind, group) in [
            (FavoriteKind::Watchlist, Some(g)),
            (FavoriteKind::GroupFavorite, None),
        ] {
            let err = FavoriteList::new(kind, u, group).unwrap_err();
            assert!(matches!(err, Error::Invalid { ref field, .. } if field == "group_id"));
        }
        for list in [
            FavoriteList::Watchlist(u),
            FavoriteList::Favorites(u),
            FavoriteList::Group(g),
        ] {
            assert_eq!(
                FavoriteList::new(list.kind(), u, list.group()).unwrap(),
                list
            );
        }
        assert_eq!(
            FavoriteList::personal(FavoriteKind::GroupFavorite, u)
                .unwrap_err()
                .code(),
            "group_list"
        );
    }

    #[test]
    fn poster_urls_are_the_remembered_movies_else_the_stored_ones() {
        let entry = |stored: Option<&str>, remembered: Option<Option<&str>>| Favorite {
            id: 1,
            list: FavoriteList::Favorites(UserId(1)),
            movie_id: MovieId(155),
            added_by: UserId(1),
            original_title: "The Dark Knight".into(),
            release_year: Some(2008),
            poster_path: stored.map(str::to_owned),
            remembered_poster: remembered.map(|p| p.map(str::to_owned)),
            rating: None,
            created_at: DateTime::<Utc>::UNIX_EPOCH,
        };
        let demo = "/api/demo/poster/155.svg";
        let tmdb = "https://image.tmdb.org/t/p/w342/qJ2tW6WMUDux911r6m7haRef0WH.jpg";
        // (stored, remembered, shown)
        type Case<'a> = (Option<&'a str>, Option<Option<&'a str>>, Option<&'a str>);
        let cases: [Case; 8] = [
            (Some(demo), Some(Some(demo)), Some(demo)),
            (
                Some("https://evil.example/x.png"),
                Some(Some(demo)),
                Some(demo),
            ),
            (Some(tmdb), Some(None), None),
            (Some(demo), None, Some(demo)),
            (Some(tmdb), None, Some(tmdb)),
            (Some("/qJ2tW6WMUDux911r6m7haRef0WH.jpg"), None, None),
            (None, None, None),
            (None, Some(Some(tmdb)), Some(tmdb)),
        ];
        for (stored, remembered, shown) in cases {
            assert_eq!(
                entry(stored, remembered).poster_url().as_deref(),
                shown,
                "{stored:?} {remembered:?}"
            );
        }
    }

    #[test]
    fn status_ids_are_one_to_a_hundred_distinct_positive_numbers() {
        let ids = StatusIds::parse("550, 13,27205").unwrap();
        assert_eq!(ids.ids(), &[MovieId(550), MovieId(13), MovieId(27205)]);
        let hundred: Vec<String> = (1..=100).map(|i| i.to_string()).collect();
        assert_eq!(
            StatusIds::parse(&hundred.join(",")).unwrap().ids().len(),
            100
        );
        let too_many: Vec<String> = (1..=101).map(|i| i.to_string()).collect();
        for bad in [
            "",
            ",",
            "1,,2",
            "0",
            "-5",
            "abc",
            "1.5",
            "99999999999999999999",
            too_many.join(",").as_str(),
        ] {
            let err = StatusIds::parse(bad).unwrap_err();
            assert_eq!(err.code(), "invalid_ids", "{bad}");
            assert!(matches!(err, Error::Invalid { ref field, .. } if field == "ids"));
        }
        assert_eq!(
            StatusIds::parse("7,7").unwrap().ids(),
            [MovieId(7), MovieId(7)],
            "an id asked twice is answered twice"
        );
        assert!(StatusIds::parse(&too_many.join(","))
            .unwrap_err()
            .to_string()
            .contains("100"));
    }

    #[test]
    fn statuses_keep_the_request_order() {
        let ids = StatusIds::parse("3,1,2").unwrap();
        let saved = [
            (MovieId(1), FavoriteKind::Favorite),
            (MovieId(1), FavoriteKind::Watchlist),
            (MovieId(2), FavoriteKind::Watchlist),
        ];
        let got: Vec<(i64, bool, bool)> = ids
            .statuses(&saved)
            .iter()
            .map(|s| (s.movie_id.0, s.is_favorite, s.is_watchlist))
            .collect();
        assert_eq!(got, [(3, false, false), (1, true, true), (2, false, true)]);
    }

    #[test]
    fn movie_ids_are_positive() {
        assert_eq!(parse_movie_id(550, "movie_id").unwrap(), MovieId(550));
        for bad in [0, -1] {
            assert_eq!(
                parse_movie_id(bad, "movie_id").unwrap_err().code(),
                "invalid_movie_id"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_api_types() {
        let cases = [
            (0, None),
            (1, Some(FavoriteKind::Watchlist)),
            (2, Some(FavoriteKind::Favorite)),
            (3, Some(FavoriteKind::GroupFavorite)),
            (4, None),
            (-1, None),
        ];
        for (code, kind) in cases {
            assert_eq!(FavoriteKind::from_code(code), kind, "type {code}");
            assert_eq!(FavoriteKind::parse(code).ok(), kind, "type {code}");
            if let Some(kind) = kind {
                assert_eq!(kind.code(), code);
            }
        }
        let err = FavoriteKind::parse(7).unwrap_err();
        assert_eq!(err.code(), "invalid_favorite_type");
        assert!(matches!(err, Error::Invalid { ref field, .. } if field == "type"));
    }

    #[test]
    fn group_id_only_for_group_favorites() {
        use FavoriteKind::*;
        let g = Some(GroupId(7));
        // (kind, group_id sent, kept group or refusal code)
        type Case = (
            FavoriteKind,
            Option<GroupId>,
            Result<Option<GroupId>, &'static str>,
        );
        let cases: [Case; 6] = [
            (GroupFavorite, g, Ok(g)),
            (GroupFavorite, None, Err("group_id_required")),
            (Watchlist, None, Ok(None)),
            (Favorite, None, Ok(None)),
            (Watchlist, g, Err("group_id_not_allowed")),
            (Favorite, g, Err("group_id_not_allowed")),
        ];
        for (kind, group_id, expected) in cases {
            let got = kind.check_group_id(group_id);
            match (&got, expected) {
                (Ok(value), Ok(want)) => assert_eq!(*value, want),
                (Err(err @ Error::Invalid { field, .. }), Err(code)) => {
                    assert_eq!(err.code(), code, "{kind:?} {group_id:?}");
                    assert_eq!(field, "group_id");
                }
                _ => panic!("{kind:?} with {group_id:?}: got {got:?}, want {expected:?}"),
            }
        }
        assert_eq!(
            GroupFavorite.check_group_id(None).unwrap_err().to_string(),
            "Group favorites need a group_id."
        );
    }

    #[test]
    fn deserializes_from_the_number() {
        use serde::de::{value::I64Deserializer, IntoDeserializer};
        for (code, ok) in [(1_i64, true), (3, true), (9, false)] {
            let de: I64Deserializer<serde::de::value::Error> = code.into_deserializer();
            assert_eq!(FavoriteKind::deserialize(de).is_ok(), ok, "{code}");
        }
    }
}
