//! The three kinds of saved movies (PRODUCT-SPEC §3, §4): a personal watchlist, personal
//! favorites and a group's favorites. They share one table and one API, told apart by a
//! numeric `type`, so the codes are part of the contract.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::Error;
use crate::ids::GroupId;

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
                "invalid_favorite_type",
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
                "group_id_required",
                "Group favorites need a group_id.",
            )),
            (false, None) => Ok(None),
            (false, Some(_)) => Err(Error::invalid(
                "group_id",
                "group_id_not_allowed",
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
