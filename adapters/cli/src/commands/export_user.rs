//! `export-user`: everything stored about one user as one JSON document, for the person's
//! right to their data. Secrets the store keeps beside the data (the password hash, the
//! token version) are not the person's data and stay out.

use std::io::Write;

use chrono::{DateTime, Utc};
use serde::Serialize;

use leffaseura_core::domain::favorite::Favorite;
use leffaseura_core::domain::review::{ActivityItem, ActivityKind};
use leffaseura_core::domain::showtime::ShowtimePreferences;
use leffaseura_core::use_cases::UserExport;

use super::find_user::find_user;
use super::groups::GroupJson;
use super::reviews::ReviewJson;
use crate::args::ExportUserArgs;
use crate::context::Context;
use crate::error::CliError;
use crate::output::{serialize_rfc3339, ModerationJson, UserJson};

/// The document's shape; bump when a field changes meaning or goes away.
const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Serialize)]
struct ExportJson {
    format_version: u32,
    #[serde(serialize_with = "serialize_rfc3339")]
    exported_at: DateTime<Utc>,
    user: UserJson,
    /// `fi` or `en`, `null` until chosen.
    language: Option<&'static str>,
    reviews: Vec<ReviewJson>,
    reactions: Vec<ReactionJson>,
    favorites: Vec<SavedMovieJson>,
    watchlist: Vec<SavedMovieJson>,
    groups: Vec<MembershipJson>,
    showtime_preferences: Option<PreferencesJson>,
    moderation: Vec<ModerationJson>,
}

#[derive(Debug, Serialize)]
struct ReactionJson {
    /// `like` or `dislike`.
    kind: &'static str,
    #[serde(serialize_with = "serialize_rfc3339")]
    reacted_at: DateTime<Utc>,
    review: ReviewJson,
}

#[derive(Debug, Serialize)]
struct SavedMovieJson {
    movie_id: i64,
    title: String,
    release_year: Option<i32>,
    #[serde(serialize_with = "serialize_rfc3339")]
    added_at: DateTime<Utc>,
}

#[derive(Debug, Serialize)]
struct MembershipJson {
    /// `owner`, `moderator` or `member`.
    role: &'static str,
    group: GroupJson,
}

#[derive(Debug, Serialize)]
struct PreferencesJson {
    area_id: Option<i64>,
    original_with_finnish_subtitles: bool,
    finnish_dub: bool,
    three_d: bool,
    imax: bool,
    max_rating: Option<&'static str>,
}

/// # Errors
/// `Usage` for an unusable argument, `NotFound` when nobody matches, `Other` when the
/// store fails.
pub async fn export_user(
    ctx: &Context,
    args: &ExportUserArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let export = ctx.personal_data.export_user(user.id).await?;
    super::write_json(out, &document(&export))
}

fn document(export: &UserExport) -> ExportJson {
    let (mut reviews, mut reactions) = (Vec::new(), Vec::new());
    for item in &export.activity {
        match item.kind {
            ActivityKind::Review => reviews.push(ReviewJson::from(&item.review)),
            ActivityKind::Reaction(kind) => reactions.push(reaction(item, kind.as_str())),
        }
    }
    ExportJson {
        format_version: FORMAT_VERSION,
        exported_at: export.exported_at,
        user: UserJson::new(&export.user, &export.stats, export.exported_at),
        language: export.user.language.map(|l| l.code()),
        reviews,
        reactions,
        favorites: export.favorites.iter().map(saved).collect(),
        watchlist: export.watchlist.iter().map(saved).collect(),
        groups: export
            .groups
            .iter()
            .map(|group| MembershipJson {
                role: group.role_of(Some(export.user.id)).as_str(),
                group: GroupJson::from(group),
            })
            .collect(),
        showtime_preferences: export.showtime_preferences.as_ref().map(preferences),
        moderation: export.moderation.iter().map(ModerationJson::from).collect(),
    }
}

fn reaction(item: &ActivityItem, kind: &'static str) -> ReactionJson {
    ReactionJson {
        kind,
        reacted_at: item.created_at,
        review: ReviewJson::from(&item.review),
    }
}

fn saved(favorite: &Favorite) -> SavedMovieJson {
    SavedMovieJson {
        movie_id: favorite.movie_id.0,
        title: favorite.original_title.clone(),
        release_year: favorite.release_year,
        added_at: favorite.created_at,
    }
}

fn preferences(saved: &ShowtimePreferences) -> PreferencesJson {
    PreferencesJson {
        area_id: saved.area.map(|a| a.0),
        original_with_finnish_subtitles: saved.original_with_finnish_subtitles,
        finnish_dub: saved.finnish_dub,
        three_d: saved.three_d,
        imax: saved.imax,
        max_rating: saved.max_rating.map(|r| r.as_str()),
    }
}
