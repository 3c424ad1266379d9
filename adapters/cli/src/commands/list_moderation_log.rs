//! `modlog list`: the moderation log, newest first, narrowed by actor, user, group, action
//! and time.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::moderation::{ModerationAction, ModerationFilter};
use leffaseura_core::domain::paging::Paged;
use leffaseura_core::GroupId;

use super::find_user::find_user;
use crate::args::ModlogListArgs;
use crate::context::Context;
use crate::error::CliError;
use crate::output::{human_time, page_table, Align, ModerationJson, PaginationJson};

#[derive(Debug, Serialize)]
struct ModlogJson {
    entries: Vec<ModerationJson>,
    pagination: PaginationJson,
}

/// # Errors
/// `Usage` for a bad window, action or time range, `NotFound` for an unknown user,
/// `Other` when the store fails.
pub async fn list_moderation_log(
    ctx: &Context,
    args: &ModlogListArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let request = args.window.page_request()?;
    let filter = filter(ctx, args).await?;
    let page = ctx.accounts.moderation_log(&filter, request).await?;
    let page = page.map(|entry| ModerationJson::from(&entry));
    if args.window.json {
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

async fn filter(ctx: &Context, args: &ModlogListArgs) -> Result<ModerationFilter, CliError> {
    let action = match args.action.as_deref().map(str::trim) {
        None => None,
        Some(name) => Some(ModerationAction::parse(name).ok_or_else(|| {
            let known: Vec<&str> = ModerationAction::ALL.iter().map(|a| a.as_str()).collect();
            CliError::Usage(format!(
                "Unknown action '{name}'; use one of {}.",
                known.join(", ")
            ))
        })?),
    };
    let target_user = match &args.user {
        Some(raw) => Some(find_user(ctx.store.as_ref(), raw).await?.id),
        None => None,
    };
    let now = ctx.session.clock.now();
    Ok(ModerationFilter {
        actor: args
            .by
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_owned),
        target_user,
        group: args.group.map(GroupId),
        action,
        since: args.since.map(|since| since.resolve_back(now)),
        until: args.until.map(|until| until.resolve_back(now)),
    })
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
