//! What a group holds: the validated input of a new group and of an edit, the read model
//! (with the viewer's membership), members and join requests, and the list filters.

use chrono::{DateTime, Utc};

use crate::domain::genre::GenreIds;
use crate::domain::group::{ThemeId, Visibility};
use crate::domain::membership::Role;
use crate::domain::permissions::viewer_role;
use crate::domain::text::{Description, GroupName};
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, UserId};

/// The longest poster URL we keep, in characters.
pub const POSTER_URL_MAX: usize = 1000;
/// The longest group search, in characters.
pub const GROUP_SEARCH_QUERY_MAX: usize = 100;

/// 404 `group_not_found` "Group not found." — also for a group deleted while the request
/// was on its way.
pub fn group_not_found() -> Error {
    Error::not_found(ErrorCode::GroupNotFound, "Group not found.")
}

/// A group's poster: an `http(s)://` URL or a path on this server (`/…`), on one line,
/// at most [`POSTER_URL_MAX`] characters. Anything else (`javascript:`, `data:`) is
/// refused, because the page puts it in an `<img src>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosterUrl(String);

impl PosterUrl {
    /// A blank value is no poster (`Ok(None)`), so an edit can clear it with `""`.
    pub fn parse(raw: &str) -> Result<Option<Self>, Error> {
        let value = raw.trim();
        if value.is_empty() {
            return Ok(None);
        }
        let lower = value.to_ascii_lowercase();
        let scheme_ok = lower.starts_with("https://")
            || lower.starts_with("http://")
            || (value.starts_with('/') && !value.starts_with("//"));
        let clean = !value.chars().any(|c| c.is_whitespace() || c.is_control());
        if !scheme_ok || !clean || value.chars().count() > POSTER_URL_MAX {
            return Err(Error::invalid(
                "poster_url",
                ErrorCode::InvalidPosterUrl,
                format!(
                    "Poster URL must be an http(s) address or a path on this site, at most \
                     {POSTER_URL_MAX} characters."
                ),
            ));
        }
        Ok(Some(Self(value.to_owned())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new group, checked; its creator becomes the owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGroup {
    pub name: GroupName,
    pub description: Description,
    pub visibility: Visibility,
    pub theme: ThemeId,
    pub genres: GenreIds,
    pub poster_url: Option<PosterUrl>,
    pub owner: UserId,
    pub created_at: DateTime<Utc>,
}

/// An edit of a group: `None` leaves a field as it is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GroupChanges {
    pub name: Option<GroupName>,
    pub description: Option<Description>,
    pub visibility: Option<Visibility>,
    pub theme: Option<ThemeId>,
    pub genres: Option<GenreIds>,
    /// `Some(None)` takes the poster away.
    pub poster_url: Option<Option<PosterUrl>>,
}

impl GroupChanges {
    pub fn is_empty(&self) -> bool {
        self.changed_fields().is_empty()
    }

    /// The API names of the fields this edit sets, for the moderation log.
    pub fn changed_fields(&self) -> Vec<&'static str> {
        [
            (self.name.is_some(), "name"),
            (self.description.is_some(), "description"),
            (self.visibility.is_some(), "visibility"),
            (self.theme.is_some(), "theme_id"),
            (self.genres.is_some(), "tags"),
            (self.poster_url.is_some(), "poster_url"),
        ]
        .into_iter()
        .filter_map(|(set, name)| set.then_some(name))
        .collect()
    }
}

/// A stored group as anyone may see it, plus the viewer's membership row when read
/// for a viewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub id: GroupId,
    pub name: String,
    pub description: String,
    pub visibility: Visibility,
    pub theme: ThemeId,
    pub poster_url: Option<String>,
    /// Genre ids, in ascending order.
    pub genres: Vec<i64>,
    /// Owner, moderators and members; pending requests are not counted.
    pub member_count: i64,
    pub owner_id: UserId,
    pub owner_name: String,
    pub created_at: DateTime<Utc>,
    /// The newest of: creation, an edit, a membership change, a member's review.
    pub activity_at: DateTime<Utc>,
    /// The viewer's membership row (pending included); `None` without one or without a
    /// viewer.
    pub membership: Option<Role>,
}

impl Group {
    /// The viewer's role, trusting `owner_id` first (see [`viewer_role`]).
    pub fn role_of(&self, viewer: Option<UserId>) -> Role {
        viewer_role(viewer, self.owner_id, self.membership)
    }
}

/// Someone in a group (not a pending request).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupMember {
    pub user_id: UserId,
    pub username: String,
    pub role: Role,
    pub joined_at: DateTime<Utc>,
}

/// A join request waiting for an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingRequest {
    pub user_id: UserId,
    pub username: String,
    pub requested_at: DateTime<Utc>,
}

/// A group search: trimmed, at most [`GROUP_SEARCH_QUERY_MAX`] characters; empty
/// matches every group.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchText(String);

impl SearchText {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let value = raw.trim();
        if value.chars().count() > GROUP_SEARCH_QUERY_MAX {
            return Err(Error::invalid(
                "query",
                ErrorCode::InvalidParameter,
                format!("query must be at most {GROUP_SEARCH_QUERY_MAX} characters long."),
            ));
        }
        Ok(Self(value.chars().filter(|c| !c.is_control()).collect()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// How `GET /groups/by-genres` combines its genres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GenreMatch {
    /// Groups tagged with at least one of them.
    #[default]
    Any,
    /// Groups tagged with every one of them.
    All,
}

impl GenreMatch {
    /// `any` or `all` (the API's `matchType`); missing means `any`.
    pub fn parse(raw: Option<&str>) -> Result<Self, Error> {
        match raw.map(str::trim) {
            None | Some("" | "any") => Ok(Self::Any),
            Some("all") => Ok(Self::All),
            Some(_) => Err(Error::invalid(
                "matchType",
                ErrorCode::InvalidParameter,
                "matchType must be any or all.",
            )),
        }
    }
}

/// Which private groups a list of a user's groups shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrivateGroups {
    /// The user themself: all of them.
    All,
    /// Another user: those this viewer is a member of too.
    SharedWith(UserId),
    /// A visitor: none.
    None,
}

/// Which groups a list holds. Every list but [`GroupFilter::OfUser`] is ordered
/// popular first: most members, then newest activity, then newest group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupFilter {
    Popular,
    /// Name or description contains the text, case- and accent-insensitively; name
    /// matches first.
    Search(SearchText),
    Genres {
        genres: GenreIds,
        mode: GenreMatch,
    },
    /// Groups the user is in (not pending), newest membership first.
    OfUser {
        user: UserId,
        private: PrivateGroups,
    },
    /// Every group a site admin asks for, oldest first (the admin CLI's list).
    Admin(AdminGroupFilter),
}

/// What a site admin narrows the list of all groups by; the default lists them all.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AdminGroupFilter {
    /// Name or description contains it, as [`GroupFilter::Search`].
    pub search: SearchText,
    pub visibility: Option<Visibility>,
    pub owner: Option<UserId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poster_urls_are_web_addresses_or_our_paths() {
        let cases = [
            ("", Ok(None)),
            ("   ", Ok(None)),
            (
                " https://image.tmdb.org/t/p/w500/x.jpg ",
                Ok(Some("https://image.tmdb.org/t/p/w500/x.jpg")),
            ),
            (
                "http://example.fi/a.png",
                Ok(Some("http://example.fi/a.png")),
            ),
            (
                "/api/demo/poster/155.svg",
                Ok(Some("/api/demo/poster/155.svg")),
            ),
            ("javascript:alert(1)", Err(())),
            ("data:image/png;base64,AAAA", Err(())),
            ("//evil.example/x.png", Err(())),
            ("https://a.example/x y.png", Err(())),
            ("ftp://example.fi/x", Err(())),
        ];
        for (raw, expected) in cases {
            let got = PosterUrl::parse(raw);
            match (got, expected) {
                (Ok(got), Ok(want)) => {
                    assert_eq!(got.as_ref().map(PosterUrl::as_str), want, "{raw:?}")
                }
                (Err(err), Err(())) => {
                    assert_eq!(err.code(), "invalid_poster_url");
                    assert!(
                        matches!(err, Error::Invalid { ref field, .. } if field == "poster_url")
                    );
                }
                (got, want) => panic!("{raw:?}: got {got:?}, want {want:?}"),
            }
        }
        let long = format!("https://example.fi/{}", "a".repeat(POSTER_URL_MAX));
        assert!(PosterUrl::parse(&long).is_err());
    }

    #[test]
    fn edits_name_their_fields() {
        assert!(GroupChanges::default().is_empty());
        let changes = GroupChanges {
            visibility: Some(Visibility::Private),
            poster_url: Some(None),
            ..GroupChanges::default()
        };
        assert!(!changes.is_empty());
        assert_eq!(changes.changed_fields(), ["visibility", "poster_url"]);
    }

    #[test]
    fn search_text_and_match_type() {
        assert_eq!(SearchText::parse("  Elokuva ").unwrap().as_str(), "Elokuva");
        assert!(SearchText::parse("").unwrap().is_empty());
        let err = SearchText::parse(&"x".repeat(GROUP_SEARCH_QUERY_MAX + 1)).unwrap_err();
        assert_eq!(err.code(), "invalid_parameter");
        for (raw, expected) in [
            (None, Some(GenreMatch::Any)),
            (Some("any"), Some(GenreMatch::Any)),
            (Some("all"), Some(GenreMatch::All)),
            (Some("ALL"), None),
            (Some("most"), None),
        ] {
            assert_eq!(GenreMatch::parse(raw).ok(), expected, "{raw:?}");
        }
    }

    #[test]
    fn the_owner_id_decides_ownership() {
        let group = Group {
            id: GroupId(1),
            name: "Noir".into(),
            description: String::new(),
            visibility: Visibility::Private,
            theme: ThemeId::DEFAULT,
            poster_url: None,
            genres: vec![],
            member_count: 1,
            owner_id: UserId(7),
            owner_name: "aino".into(),
            created_at: DateTime::UNIX_EPOCH,
            activity_at: DateTime::UNIX_EPOCH,
            membership: Some(Role::Member),
        };
        assert_eq!(group.role_of(Some(UserId(7))), Role::Owner);
        assert_eq!(group.role_of(Some(UserId(8))), Role::Member);
        assert_eq!(group.role_of(None), Role::None);
    }
}
