//! The site's numbers as an admin reads them.

use crate::ids::{GroupId, MovieId};

/// Counts over the whole site.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SiteStats {
    pub users: i64,
    pub banned_users: i64,
    pub admins: i64,
    /// Wrote or edited a review, or reacted to one, in the last 7 days.
    pub active_users_7d: i64,
    /// … in the last 30 days.
    pub active_users_30d: i64,
    pub reviews: i64,
    pub reactions: i64,
    pub groups: i64,
    /// Memberships (owners, moderators, members), pending requests apart.
    pub memberships: i64,
    pub pending_requests: i64,
    /// Personal favorites.
    pub favorites: i64,
    pub watchlist_entries: i64,
    pub group_favorites: i64,
    pub moderation_log_entries: i64,
    pub top_movies: Vec<TopMovie>,
    pub top_groups: Vec<TopGroup>,
    /// The database's size on disk, in bytes.
    pub database_bytes: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TopMovie {
    pub movie_id: MovieId,
    /// `None` when the store never saw the movie's details.
    pub title: Option<String>,
    pub reviews: i64,
    pub average_rating: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopGroup {
    pub group_id: GroupId,
    pub name: String,
    pub members: i64,
}
