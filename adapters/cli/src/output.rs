//! How results look: aligned plain-text tables for people, JSON objects for scripts.
//! JSON field names follow API.md (snake_case objects, `pagination.hasMore`).

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::domain::user::{User, UserStats};

/// A user as the admin sees them: everything but the password hash and token version.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UserJson {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub user_bio: String,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: DateTime<Utc>,
    /// Whether a ban holds now (a timed ban past its end no longer does).
    pub banned: bool,
    /// The end of the ban in force, `null` when it is for good or there is none.
    #[serde(serialize_with = "serialize_optional_rfc3339")]
    pub banned_until: Option<DateTime<Utc>>,
    /// The site role, `user` or `admin`.
    pub role: &'static str,
    pub is_admin: bool,
    pub review_count: i64,
    pub average_rating: Option<f64>,
    pub total_likes: i64,
    pub total_dislikes: i64,
    pub aura: i64,
    pub aura_label: &'static str,
}

impl UserJson {
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
            role: user.role().as_str(),
            is_admin: user.is_admin,
            review_count: stats.review_count,
            average_rating: stats.average_rating(),
            total_likes: stats.total_likes,
            total_dislikes: stats.total_dislikes,
            aura: stats.aura(),
            aura_label: stats.aura_label().as_str(),
        }
    }
}

/// One moderation log entry: the export document's shape, printed by `moderation-log`
/// and `export-user` alike.
pub use leffaseura_core::domain::export::ExportedModeration as ModerationJson;

/// `pagination` of API.md.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PaginationJson {
    pub total: i64,
    pub limit: i64,
    pub offset: i64,
    #[serde(rename = "hasMore")]
    pub has_more: bool,
}

impl PaginationJson {
    pub fn of<T>(page: &Paged<T>) -> Self {
        Self {
            total: page.total,
            limit: page.limit,
            offset: page.offset,
            has_more: page.has_more(),
        }
    }
}

/// Times as API.md writes them: RFC 3339 in UTC with a `Z`.
pub fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

pub fn serialize_rfc3339<S: serde::Serializer>(
    at: &DateTime<Utc>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&rfc3339(*at))
}

fn serialize_optional_rfc3339<S: serde::Serializer>(
    at: &Option<DateTime<Utc>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => serialize_rfc3339(at, serializer),
        None => serializer.serialize_none(),
    }
}

/// Times for people: `2026-11-20 22:19 UTC`.
pub fn human_time(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// `no`, `yes` (for good) or `until 2026-11-27 12:00 UTC`.
pub fn ban_state(user: &UserJson) -> String {
    match (user.banned, user.banned_until) {
        (false, _) => "no".to_owned(),
        (true, None) => "yes".to_owned(),
        (true, Some(end)) => format!("until {}", human_time(end)),
    }
}

pub fn yes_no(value: bool) -> &'static str {
    if value {
        "yes"
    } else {
        "no"
    }
}

/// `4.2` or `none`.
pub fn average(value: Option<f64>) -> String {
    value.map_or_else(|| "none".to_owned(), |avg| format!("{avg:.1}"))
}

/// "showing 21–40 of 57", or why nothing is shown.
pub fn showing<T>(page: &Paged<T>) -> String {
    let shown = page.items.len() as i64;
    if shown == 0 {
        if page.total == 0 || page.offset == 0 {
            format!("showing 0 of {}", page.total)
        } else {
            format!(
                "showing 0 of {} (offset {} is past the end)",
                page.total, page.offset
            )
        }
    } else {
        let first = page.offset + 1;
        let last = page.offset + shown;
        let more = if page.has_more() {
            format!("; next page: --offset {last}")
        } else {
            String::new()
        };
        format!("showing {first}\u{2013}{last} of {}{more}", page.total)
    }
}

/// A page of a listing for people: `empty` when there is nothing at all, else the table
/// of `row`s (none when the offset is past the end) and the "showing" line.
pub fn page_table<T>(
    page: &Paged<T>,
    empty: &str,
    headers: &[(&str, Align)],
    row: impl Fn(&T) -> Vec<String>,
) -> String {
    if page.items.is_empty() && page.total == 0 {
        return format!("{empty}\nshowing 0 of 0\n");
    }
    let rows: Vec<Vec<String>> = page.items.iter().map(row).collect();
    let mut text = if rows.is_empty() {
        String::new()
    } else {
        table(headers, &rows)
    };
    text.push_str(&showing(page));
    text.push('\n');
    text
}

/// Column alignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A plain-text table: a header row, then rows, columns padded to their widest cell,
/// two spaces apart, no trailing spaces. Control characters in cells are replaced so
/// that user-supplied text cannot break the layout or the terminal.
pub fn table(headers: &[(&str, Align)], rows: &[Vec<String>]) -> String {
    let clean = |cell: &str| -> String {
        cell.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect()
    };
    let header: Vec<String> = headers.iter().map(|(h, _)| (*h).to_owned()).collect();
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|row| row.iter().map(|cell| clean(cell)).collect())
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &body {
        for (i, cell) in row.iter().enumerate() {
            if let Some(width) = widths.get_mut(i) {
                *width = (*width).max(cell.chars().count());
            }
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(body.iter()) {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            let width = widths.get(i).copied().unwrap_or(0);
            let align = headers.get(i).map_or(Align::Left, |(_, a)| *a);
            if i > 0 {
                line.push_str("  ");
            }
            let pad = " ".repeat(width.saturating_sub(cell.chars().count()));
            match align {
                Align::Left => {
                    line.push_str(cell);
                    line.push_str(&pad);
                }
                Align::Right => {
                    line.push_str(&pad);
                    line.push_str(cell);
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn tables_align_columns_and_trim_line_ends() {
        let text = table(
            &[
                ("ID", Align::Right),
                ("NAME", Align::Left),
                ("NOTE", Align::Left),
            ],
            &[
                vec!["7".into(), "äijä".into(), String::new()],
                vec!["1234".into(), "bob".into(), "line\nbreak".into()],
            ],
        );
        assert_eq!(
            text,
            "  ID  NAME  NOTE\n   7  äijä\n1234  bob   line break\n"
        );
    }

    #[test]
    fn showing_describes_the_window() {
        let page = |n: usize, total, offset| Paged {
            items: vec![(); n],
            total,
            limit: 20,
            offset,
        };
        assert_eq!(showing(&page(0, 0, 0)), "showing 0 of 0");
        assert_eq!(
            showing(&page(20, 57, 0)),
            "showing 1\u{2013}20 of 57; next page: --offset 20"
        );
        assert_eq!(showing(&page(17, 57, 40)), "showing 41\u{2013}57 of 57");
        assert_eq!(
            showing(&page(0, 5, 10)),
            "showing 0 of 5 (offset 10 is past the end)"
        );
    }

    #[test]
    fn averages_and_times_are_formatted_for_people_and_machines() {
        assert_eq!(average(None), "none");
        assert_eq!(average(Some(4.0)), "4.0");
        assert_eq!(average(Some(3.3)), "3.3");
        let at = Utc
            .with_ymd_and_hms(2025, 10, 14, 18, 3, 0)
            .single()
            .expect("valid");
        assert_eq!(rfc3339(at), "2025-10-14T18:03:00Z");
        assert_eq!(human_time(at), "2025-10-14 18:03 UTC");
    }

    #[test]
    fn pagination_json_uses_the_api_field_names() {
        let page = Paged {
            items: vec![1, 2],
            total: 5,
            limit: 2,
            offset: 0,
        };
        let json = serde_json::to_value(PaginationJson::of(&page)).expect("serializes");
        assert_eq!(
            json,
            serde_json::json!({"total": 5, "limit": 2, "offset": 0, "hasMore": true})
        );
    }
}
