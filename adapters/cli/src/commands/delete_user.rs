//! `users delete`: remove an account (after confirmation) through the shared use case,
//! which writes the moderation log entry together with the deletion.

use std::io::Write;

use anyhow::Context as _;

use leffaseura_core::domain::moderation::ModerationAction;

use leffaseura_core::domain::moderation::clean_reason;

use super::ban_user::{explain, reason_suffix, who, ModerationResultJson};
use super::find_user::find_user;
use crate::args::DeleteArgs;
use crate::context::Context;
use crate::error::CliError;
use crate::output::UserJson;

/// Asks `question` unless `--yes` was given; without a terminal to ask on, refuses.
///
/// # Errors
/// `Usage` (no terminal and no `--yes`), `Cancelled` (answered no), `Other` when the
/// terminal cannot be read.
pub(crate) fn confirm_deletion(
    ctx: &mut Context,
    yes: bool,
    what: &str,
    question: &str,
) -> Result<(), CliError> {
    if yes {
        return Ok(());
    }
    if !ctx.session.prompt.is_interactive() {
        return Err(CliError::Usage(format!(
            "Refusing to delete {what} without confirmation: stdin is not a terminal. \
             Pass --yes to delete without asking."
        )));
    }
    let confirmed = ctx
        .session
        .prompt
        .confirm(question)
        .context("could not read the confirmation")?;
    if confirmed {
        Ok(())
    } else {
        Err(CliError::Cancelled(format!(
            "Cancelled; {what} was not deleted."
        )))
    }
}

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
    let question = format!(
        "Delete {} <{}> with {} review{}? Their reviews, reactions, favorites and memberships \
         are deleted too; owned groups pass to a successor. This cannot be undone.",
        who(&user),
        user.email,
        stats.review_count,
        if stats.review_count == 1 { "" } else { "s" }
    );
    confirm_deletion(ctx, args.yes, &who(&user), &question)?;
    let actor = ctx.session.actor.clone();
    ctx.accounts
        .admin_delete_user(&actor, user.id, args.reason.as_deref())
        .await
        .map_err(|err| explain(err, &user))?;
    let reason = clean_reason(args.reason.as_deref())?;
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
