//! `stats`: the site's numbers.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::stats::SiteStats;
use leffaseura_core::use_cases::site_stats::site_stats;

use crate::args::StatsArgs;
use crate::context::Context;
use crate::error::CliError;
use crate::output::{average, table, Align};

#[derive(Debug, Serialize)]
struct StatsJson {
    users: i64,
    banned_users: i64,
    admins: i64,
    active_users_7d: i64,
    active_users_30d: i64,
    reviews: i64,
    reactions: i64,
    groups: i64,
    memberships: i64,
    pending_requests: i64,
    favorites: i64,
    watchlist_entries: i64,
    group_favorites: i64,
    moderation_log_entries: i64,
    database_bytes: i64,
    top_movies: Vec<TopMovieJson>,
    top_groups: Vec<TopGroupJson>,
}

#[derive(Debug, Serialize)]
struct TopMovieJson {
    movie_id: i64,
    title: Option<String>,
    reviews: i64,
    average_rating: Option<f64>,
}

#[derive(Debug, Serialize)]
struct TopGroupJson {
    group_id: i64,
    name: String,
    members: i64,
}

impl From<&SiteStats> for StatsJson {
    fn from(s: &SiteStats) -> Self {
        Self {
            users: s.users,
            banned_users: s.banned_users,
            admins: s.admins,
            active_users_7d: s.active_users_7d,
            active_users_30d: s.active_users_30d,
            reviews: s.reviews,
            reactions: s.reactions,
            groups: s.groups,
            memberships: s.memberships,
            pending_requests: s.pending_requests,
            favorites: s.favorites,
            watchlist_entries: s.watchlist_entries,
            group_favorites: s.group_favorites,
            moderation_log_entries: s.moderation_log_entries,
            database_bytes: s.database_bytes,
            top_movies: s
                .top_movies
                .iter()
                .map(|m| TopMovieJson {
                    movie_id: m.movie_id.0,
                    title: m.title.clone(),
                    reviews: m.reviews,
                    average_rating: m.average_rating,
                })
                .collect(),
            top_groups: s
                .top_groups
                .iter()
                .map(|g| TopGroupJson {
                    group_id: g.group_id.0,
                    name: g.name.clone(),
                    members: g.members,
                })
                .collect(),
        }
    }
}

/// # Errors
/// `Usage` for a bad `--top`, `Other` when the store fails.
pub async fn stats(ctx: &Context, args: &StatsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let found = site_stats(ctx.stats.as_ref(), ctx.session.clock.as_ref(), args.top).await?;
    let json = StatsJson::from(&found);
    if args.json {
        super::write_json(out, &json)
    } else {
        super::write_text(out, &render(&json))
    }
}

fn render(s: &StatsJson) -> String {
    let lines = [
        (
            "users",
            format!(
                "{} ({} banned, {} admins)",
                s.users, s.banned_users, s.admins
            ),
        ),
        ("active users, 7 days", s.active_users_7d.to_string()),
        ("active users, 30 days", s.active_users_30d.to_string()),
        ("reviews", s.reviews.to_string()),
        ("reactions", s.reactions.to_string()),
        ("groups", s.groups.to_string()),
        (
            "memberships",
            format!("{} (+{} pending)", s.memberships, s.pending_requests),
        ),
        ("favorites", s.favorites.to_string()),
        ("watchlist entries", s.watchlist_entries.to_string()),
        ("group favorites", s.group_favorites.to_string()),
        ("moderation log", s.moderation_log_entries.to_string()),
        ("database size", bytes(s.database_bytes)),
    ];
    let width = lines.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    let mut text: String = lines
        .iter()
        .map(|(key, value)| format!("{key:<width$}  {value}\n"))
        .collect();
    text.push_str("\nTop movies by reviews:\n");
    if s.top_movies.is_empty() {
        text.push_str("(no reviews yet)\n");
    } else {
        let rows: Vec<Vec<String>> = s
            .top_movies
            .iter()
            .map(|m| {
                vec![
                    m.movie_id.to_string(),
                    m.title.clone().unwrap_or_else(|| "-".to_owned()),
                    m.reviews.to_string(),
                    average(m.average_rating),
                ]
            })
            .collect();
        let headers = [
            ("MOVIE", Align::Right),
            ("TITLE", Align::Left),
            ("REVIEWS", Align::Right),
            ("AVERAGE", Align::Right),
        ];
        text.push_str(&table(&headers, &rows));
    }
    text.push_str("\nTop groups by members:\n");
    if s.top_groups.is_empty() {
        text.push_str("(no groups yet)\n");
    } else {
        let rows: Vec<Vec<String>> = s
            .top_groups
            .iter()
            .map(|g| {
                vec![
                    g.group_id.to_string(),
                    g.name.clone(),
                    g.members.to_string(),
                ]
            })
            .collect();
        let headers = [
            ("GROUP", Align::Right),
            ("NAME", Align::Left),
            ("MEMBERS", Align::Right),
        ];
        text.push_str(&table(&headers, &rows));
    }
    text
}

/// `12.3 MB`.
fn bytes(count: i64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"];
    let mut value = count as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{count} B")
    } else {
        format!("{value:.1} {}", units[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::bytes;

    #[test]
    fn sizes_read_in_decimal_units() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(4096), "4.1 kB");
        assert_eq!(bytes(12_345_678), "12.3 MB");
    }
}
