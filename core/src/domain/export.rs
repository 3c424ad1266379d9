//! The document of everything stored about one user (the person's right to their data):
//! one shape for every adapter that prints it (the admin CLI's `export-user`, the
//! self-service `GET /users/me/export`, the CSV files of `export.zip`). Secrets the store
//! keeps beside the data (the password hash, the token version) are not the person's data
//! and have no field here.

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

use crate::domain::favorite::Favorite;
use crate::domain::group::model::Group;
use crate::domain::moderation::ModerationEntry;
use crate::domain::review::{ActivityKind, Review};
use crate::domain::showtime::ShowtimePreferences;
use crate::domain::user::{User, UserStats};
use crate::domain::watch_party::PersonalParty;
use crate::ids::UserId;
use crate::use_cases::export_user::UserExport;

mod csv;

pub use csv::{csv_cell, ExportTable};

/// The document's shape; bump when a field changes meaning or goes away.
pub const FORMAT_VERSION: u32 = 1;

/// RFC 3339 in UTC to the second, as every other timestamp the product prints.
pub fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn serialize_rfc3339<S: serde::Serializer>(at: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&rfc3339(*at))
}

fn serialize_optional_rfc3339<S: serde::Serializer>(
    at: &Option<DateTime<Utc>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => serialize_rfc3339(at, s),
        None => s.serialize_none(),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportDocument {
    pub format_version: u32,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub exported_at: DateTime<Utc>,
    pub user: ExportedUser,
    /// `fi` or `en`, `null` until chosen.
    pub language: Option<String>,
    pub reviews: Vec<ExportedReview>,
    pub reactions: Vec<ExportedReaction>,
    pub favorites: Vec<SavedMovie>,
    pub watchlist: Vec<SavedMovie>,
    pub groups: Vec<ExportedMembership>,
    pub showtime_preferences: Option<ExportedPreferences>,
    pub moderation: Vec<ExportedModeration>,
    /// The watch parties they answered or made.
    pub watch_parties: Vec<ExportedParty>,
}

/// A watch party as the person's data: the show, the party's state, and their part in it.
#[derive(Debug, Clone, Serialize)]
pub struct ExportedParty {
    pub id: i64,
    pub group_id: i64,
    pub group_name: String,
    pub title: String,
    pub theatre: String,
    pub auditorium: String,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub starts_at: DateTime<Utc>,
    /// `proposed`, `scheduled` or `cancelled`.
    pub status: String,
    /// Whether they made it (the meeting note is theirs then).
    pub created_by_them: bool,
    pub note: Option<String>,
    /// `going`, `maybe`, `not_going`, or `null` when they made it without answering.
    pub answer: Option<String>,
    #[serde(serialize_with = "serialize_optional_rfc3339")]
    pub answered_at: Option<DateTime<Utc>>,
}

impl ExportedParty {
    fn new(personal: &PersonalParty, user: UserId) -> Self {
        let party = &personal.party;
        let created_by_them = party.created_by == Some(user);
        Self {
            id: party.id.0,
            group_id: party.group_id.0,
            group_name: party.group_name.clone(),
            title: party.show.title.clone(),
            theatre: party.show.theatre.clone(),
            auditorium: party.show.auditorium.clone(),
            starts_at: party.show.start,
            status: party.status.as_str().to_owned(),
            created_by_them,
            note: created_by_them.then(|| party.note.clone()),
            answer: personal.answer.map(|a| a.as_str().to_owned()),
            answered_at: personal.answered_at,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedUser {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub user_bio: String,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: DateTime<Utc>,
    /// Whether a ban holds at the time of the export.
    pub banned: bool,
    #[serde(serialize_with = "serialize_optional_rfc3339")]
    pub banned_until: Option<DateTime<Utc>>,
    /// `user` or `admin`.
    pub role: String,
    pub is_admin: bool,
    pub review_count: i64,
    pub average_rating: Option<f64>,
    pub total_likes: i64,
    pub total_dislikes: i64,
    pub aura: i64,
    pub aura_label: String,
}

impl ExportedUser {
    /// The user as of `now` (which decides whether a timed ban still holds).
    pub fn new(user: &User, stats: &UserStats, now: DateTime<Utc>) -> Self {
        let ban = user.ban_at(now);
        Self {
            id: user.id.0,
            username: user.username.clone(),
            email: user.email.clone(),
            user_bio: user.bio.clone(),
            created_at: user.created_at,
            banned: ban.is_some(),
            banned_until: ban.and_then(|ban| ban.until),
            role: user.role().as_str().to_owned(),
            is_admin: user.is_admin,
            review_count: stats.review_count,
            average_rating: stats.average_rating(),
            total_likes: stats.total_likes,
            total_dislikes: stats.total_dislikes,
            aura: stats.aura(),
            aura_label: stats.aura_label().as_str().to_owned(),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedReview {
    pub id: i64,
    pub movie_id: i64,
    pub movie_title: Option<String>,
    pub user_id: i64,
    pub username: String,
    pub rating: i64,
    pub content: String,
    pub likes: i64,
    pub dislikes: i64,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: DateTime<Utc>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub updated_at: DateTime<Utc>,
}

impl From<&Review> for ExportedReview {
    fn from(review: &Review) -> Self {
        Self {
            id: review.id.0,
            movie_id: review.movie_id.0,
            movie_title: review.movie.title.clone(),
            user_id: review.user_id.0,
            username: review.username.clone(),
            rating: review.rating,
            content: review.content.clone(),
            likes: review.likes,
            dislikes: review.dislikes,
            created_at: review.created_at,
            updated_at: review.updated_at,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedReaction {
    /// `like` or `dislike`.
    pub kind: String,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub reacted_at: DateTime<Utc>,
    pub review: ExportedReview,
}

#[derive(Debug, Clone, Serialize)]
pub struct SavedMovie {
    pub movie_id: i64,
    pub title: String,
    pub release_year: Option<i32>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub added_at: DateTime<Utc>,
}

impl From<&Favorite> for SavedMovie {
    fn from(favorite: &Favorite) -> Self {
        Self {
            movie_id: favorite.movie_id.0,
            title: favorite.original_title.clone(),
            release_year: favorite.release_year,
            added_at: favorite.created_at,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedGroup {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub visibility: String,
    pub owner_id: i64,
    pub owner_name: String,
    pub member_count: i64,
    pub genres: Vec<i64>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: DateTime<Utc>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub activity_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedMembership {
    /// `owner`, `moderator` or `member`.
    pub role: String,
    pub group: ExportedGroup,
}

impl ExportedMembership {
    fn new(group: &Group, user: &User) -> Self {
        Self {
            role: group.role_of(Some(user.id)).as_str().to_owned(),
            group: ExportedGroup {
                id: group.id.0,
                name: group.name.clone(),
                description: group.description.clone(),
                visibility: group.visibility.as_str().to_owned(),
                owner_id: group.owner_id.0,
                owner_name: group.owner_name.clone(),
                member_count: group.member_count,
                genres: group.genres.clone(),
                created_at: group.created_at,
                activity_at: group.activity_at,
            },
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedPreferences {
    pub area_id: Option<i64>,
    pub original_with_finnish_subtitles: bool,
    pub finnish_dub: bool,
    pub three_d: bool,
    pub imax: bool,
    pub max_rating: Option<String>,
}

impl From<&ShowtimePreferences> for ExportedPreferences {
    fn from(saved: &ShowtimePreferences) -> Self {
        Self {
            area_id: saved.area.map(|a| a.0),
            original_with_finnish_subtitles: saved.original_with_finnish_subtitles,
            finnish_dub: saved.finnish_dub,
            three_d: saved.three_d,
            imax: saved.imax,
            max_rating: saved.max_rating.map(|r| r.as_str().to_owned()),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ExportedModeration {
    pub id: i64,
    pub action: String,
    pub actor: String,
    pub target: String,
    pub reason: Option<String>,
    /// What the action set beyond its name: `until <time>` for a timed ban, `role <role>`.
    pub detail: Option<String>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: DateTime<Utc>,
}

impl From<&ModerationEntry> for ExportedModeration {
    fn from(entry: &ModerationEntry) -> Self {
        Self {
            id: entry.id,
            action: entry.action.as_str().to_owned(),
            actor: entry.actor.clone(),
            target: entry.target.clone(),
            reason: entry.reason.clone(),
            detail: entry.detail.clone(),
            created_at: entry.created_at,
        }
    }
}

impl From<&UserExport> for ExportDocument {
    fn from(export: &UserExport) -> Self {
        let (mut reviews, mut reactions) = (Vec::new(), Vec::new());
        for item in &export.activity {
            match item.kind {
                ActivityKind::Review => reviews.push(ExportedReview::from(&item.review)),
                ActivityKind::Reaction(kind) => reactions.push(ExportedReaction {
                    kind: kind.as_str().to_owned(),
                    reacted_at: item.created_at,
                    review: ExportedReview::from(&item.review),
                }),
            }
        }
        Self {
            format_version: FORMAT_VERSION,
            exported_at: export.exported_at,
            user: ExportedUser::new(&export.user, &export.stats, export.exported_at),
            language: export.user.language.map(|l| l.code().to_owned()),
            reviews,
            reactions,
            favorites: export.favorites.iter().map(SavedMovie::from).collect(),
            watchlist: export.watchlist.iter().map(SavedMovie::from).collect(),
            groups: export
                .groups
                .iter()
                .map(|group| ExportedMembership::new(group, &export.user))
                .collect(),
            showtime_preferences: export
                .showtime_preferences
                .as_ref()
                .map(ExportedPreferences::from),
            moderation: export
                .moderation
                .iter()
                .map(ExportedModeration::from)
                .collect(),
            watch_parties: export
                .watch_parties
                .iter()
                .map(|party| ExportedParty::new(party, export.user.id))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::favorite::FavoriteList;
    use crate::ids::UserId;
    use crate::use_cases::favorites::testing::favorite;
    use crate::use_cases::test_support::{now, user};

    fn export() -> UserExport {
        let mut watched = favorite(1, FavoriteList::Watchlist(UserId(7)), 550);
        watched.original_title = "=cmd|' /C calc'!A0".to_owned();
        UserExport {
            exported_at: now(),
            user: user(7, "Maija", "pw"),
            stats: UserStats {
                review_count: 0,
                rating_sum: 0,
                total_likes: 0,
                total_dislikes: 0,
            },
            activity: Vec::new(),
            favorites: Vec::new(),
            watchlist: vec![watched],
            groups: Vec::new(),
            showtime_preferences: None,
            moderation: Vec::new(),
            watch_parties: Vec::new(),
        }
    }

    #[test]
    fn the_tables_are_the_documents_lists_with_formulas_defused() {
        let document = ExportDocument::from(&export());
        assert_eq!(document.user.username, "Maija");
        let tables = document.tables();
        let names: Vec<&str> = tables.iter().map(|t| t.file_name).collect();
        assert_eq!(
            names,
            [
                "profile.csv",
                "reviews.csv",
                "reactions.csv",
                "favorites.csv",
                "watchlist.csv",
                "groups.csv",
                "watch_parties.csv"
            ]
        );
        let watchlist = &tables[4];
        assert_eq!(watchlist.rows.len(), 1);
        assert_eq!(watchlist.rows[0][1], "'=cmd|' /C calc'!A0");
        assert!(tables
            .iter()
            .all(|t| t.rows.iter().all(|row| row.len() == t.header.len())));
        assert_eq!(tables[0].rows[0][1], "Maija");
    }
}
