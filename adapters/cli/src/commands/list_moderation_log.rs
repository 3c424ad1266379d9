//! `modlog`: the moderation log, newest first.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::ports::UserStore;

use crate::args::ListArgs;
use crate::error::CliError;
use crate::output::{human_time, page_table, Align, ModerationJson, PaginationJson};

#[derive(Debug, Serialize)]
struct ModlogJson {
    entries: Vec<ModerationJson>,
    pagination: PaginationJson,
}

/// # Errors
/// `Usage` for a window out of bounds, `Other` when the store fails.
pub async fn list_moderation_log(
    store: &dyn UserStore,
    args: &ListArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let request = args.page_request()?;
    let page = store.list_moderation_log(request).await?;
    let page = page.map(|entry| ModerationJson::from(&entry));
    if args.json {
        let pagination = PaginationJson::of(&page);
        super::write_json(
            out,
            &ModlogJson {
                entries: page.items,
                pagination,
            },
        )
    } else {
        super::write_text(out, &render(&page))
    }
}

/// The table and the "showing" line.
pub fn render(page: &Paged<ModerationJson>) -> String {
    let headers = [
        ("ID", Align::Right),
        ("WHEN", Align::Left),
        ("ACTION", Align::Left),
        ("ACTOR", Align::Left),
        ("TARGET", Align::Left),
        ("REASON", Align::Left),
        ("DETAIL", Align::Left),
    ];
    page_table(page, "The moderation log is empty.", &headers, |entry| {
        vec![
            entry.id.to_string(),
            human_time(entry.created_at),
            entry.action.to_owned(),
            entry.actor.clone(),
            entry.target.clone(),
            entry.reason.clone().unwrap_or_else(|| "-".to_owned()),
            entry.detail.clone().unwrap_or_else(|| "-".to_owned()),
        ]
    })
}
