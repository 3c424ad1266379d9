//! `users delete`: remove an account (after confirmation) through the shared use case,
//! which writes the moderation log entry together with the deletion.

use std::io::Write;

use anyhow::Context as _;

use leffaseura_core::domain::moderation::ModerationAction;

use super::ban_user::{clean_reason, explain, reason_suffix, who, ModerationResultJson};
use super::find_user::find_user;
use crate::args::DeleteArgs;
use crate::context::Context;
use crate::error::CliError;
use crate::output::UserJson;

/// Deletes a user. Without `--yes` it asks on a terminal and refuses when stdin is not
/// one, so a script never deletes by accident.
///
/// # Errors
/// `NotFound`, `Usage` (no terminal and no `--yes`), `Cancelled` (answered no),
/// `Other` when the store fails.
pub async fn delete_user(
    ctx: &mut Context,
    args: &DeleteArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let stats = ctx.store.user_stats(user.id).await?;
    if !args.yes {
        if !ctx.session.prompt.is_interactive() {
            return Err(CliError::Usage(format!(
                "Refusing to delete {} without confirmation: stdin is not a terminal. \
                 Pass --yes to delete without asking.",
                who(&user)
            )));
        }
        let question = format!(
            "Delete {} <{}> with {} review{}? Their reviews, reactions, favorites and memberships \
             are deleted too; owned groups pass to a successor. This cannot be undone.",
            who(&user),
            user.email,
            stats.review_count,
            if stats.review_count == 1 { "" } else { "s" }
        );
        let confirmed = ctx
            .session
            .prompt
            .confirm(&question)
            .context("could not read the confirmation")?;
        if !confirmed {
            return Err(CliError::Cancelled(format!(
                "Cancelled; {} was not deleted.",
                who(&user)
            )));
        }
    }
    let actor = ctx.session.actor.clone();
    ctx.accounts
        .admin_delete_user(&actor, user.id, args.reason.as_deref())
        .await
        .map_err(|err| explain(err, &user))?;
    let reason = clean_reason(args.reason.as_deref());
    let action = ModerationAction::DeleteUser.as_str();
    if args.json {
        super::write_json(
            out,
            &ModerationResultJson {
                action,
                actor,
                reason,
                user: UserJson::new(&user, &stats, ctx.session.clock.now()),
            },
        )
    } else {
        super::write_text(
            out,
            &format!(
                "Deleted {}.\nLogged as {action} by {actor}{}.\n",
                who(&user),
                reason_suffix(reason.as_deref())
            ),
        )
    }
}
