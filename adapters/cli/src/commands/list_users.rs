//! `users list`: a window of users with their review count and aura.

use std::io::Write;

use chrono::{DateTime, Utc};

use serde::Serialize;

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::ports::UserStore;

use crate::args::ListArgs;
use crate::error::CliError;
use crate::output::{ban_state, human_time, page_table, Align, PaginationJson, UserJson};

#[derive(Debug, Serialize)]
struct UsersJson {
    users: Vec<UserJson>,
    pagination: PaginationJson,
}

/// # Errors
/// `Usage` for a window out of bounds, `Other` when the store fails.
pub async fn list_users(
    store: &dyn UserStore,
    now: DateTime<Utc>,
    args: &ListArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let request = args.page_request()?;
    let page = store
        .list_users(request)
        .await?
        .map(|profile| UserJson::new(&profile.user, &profile.stats, now));
    if args.json {
        let pagination = PaginationJson::of(&page);
        super::write_json(
            out,
            &UsersJson {
                users: page.items,
                pagination,
            },
        )
    } else {
        super::write_text(out, &render(&page))
    }
}

/// The table and the "showing" line.
pub fn render(page: &Paged<UserJson>) -> String {
    let headers = [
        ("ID", Align::Right),
        ("USERNAME", Align::Left),
        ("EMAIL", Align::Left),
        ("CREATED", Align::Left),
        ("ROLE", Align::Left),
        ("BANNED", Align::Left),
        ("REVIEWS", Align::Right),
        ("AURA", Align::Right),
    ];
    page_table(page, "No users yet.", &headers, |user| {
        vec![
            user.id.to_string(),
            user.username.clone(),
            user.email.clone(),
            human_time(user.created_at),
            user.role.to_owned(),
            ban_state(user),
            user.review_count.to_string(),
            user.aura.to_string(),
        ]
    })
}
