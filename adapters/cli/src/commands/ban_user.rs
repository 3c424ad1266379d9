//! `users ban` and `users unban` through the shared moderation use cases, which write the
//! moderation log entry together with the change.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::moderation::ModerationAction;
use leffaseura_core::domain::user::User;
use leffaseura_core::error::Error;

use super::find_user::find_user;
use crate::args::ModerateArgs;
use crate::context::Context;
use crate::error::CliError;
use crate::output::UserJson;

/// The result of a moderation action, for `--json`.
#[derive(Debug, Serialize)]
pub(crate) struct ModerationResultJson {
    pub action: &'static str,
    pub actor: String,
    pub reason: Option<String>,
    pub user: UserJson,
}

/// Bans (`banned = true`) or unbans a user.
///
/// Banning a banned user (or unbanning one who is not banned) is refused as a conflict
/// (exit code 4) rather than silently accepted — the use case decides so, for the HTTP
/// API too — so that scripts notice and the log only records real changes.
///
/// # Errors
/// `NotFound`, `Conflict`, `Usage` for an unusable argument, `Other` when the store fails.
pub async fn set_banned(
    ctx: &Context,
    args: &ModerateArgs,
    banned: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let actor = ctx.session.actor.as_str();
    let reason = args.reason.as_deref();
    let (action, result) = if banned {
        (
            ModerationAction::BanUser,
            ctx.accounts.ban_user(actor, user.id, reason).await,
        )
    } else {
        (
            ModerationAction::UnbanUser,
            ctx.accounts.unban_user(actor, user.id, reason).await,
        )
    };
    let updated = result.map_err(|err| explain(err, &user))?;
    let reason = clean_reason(reason);
    let stats = ctx.store.user_stats(updated.id).await?;
    if args.json {
        super::write_json(
            out,
            &ModerationResultJson {
                action: action.as_str(),
                actor: actor.to_owned(),
                reason,
                user: UserJson::new(&updated, &stats),
            },
        )
    } else {
        let (what, effect) = if banned {
            (
                "Banned",
                " They can no longer log in and their sessions have ended.",
            )
        } else {
            ("Unbanned", " They can log in again.")
        };
        super::write_text(
            out,
            &format!(
                "{what} {}.{effect}\nLogged as {} by {actor}{}.\n",
                who(&updated),
                action.as_str(),
                reason_suffix(reason.as_deref())
            ),
        )
    }
}

/// `bob (id 3)`.
pub(crate) fn who(user: &User) -> String {
    format!("{} (id {})", user.username, user.id)
}

/// The reason as the use cases store it: trimmed, a blank one is none.
pub(crate) fn clean_reason(reason: Option<&str>) -> Option<String> {
    reason
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(str::to_owned)
}

pub(crate) fn reason_suffix(reason: Option<&str>) -> String {
    reason.map(|r| format!(", reason: {r}")).unwrap_or_default()
}

/// The use cases' errors, told about the user the operator named.
pub(crate) fn explain(err: Error, user: &User) -> CliError {
    match &err {
        Error::Conflict {
            code: "already_banned",
            ..
        } => CliError::Conflict(format!("{} is already banned; nothing changed.", who(user))),
        Error::Conflict {
            code: "not_banned", ..
        } => CliError::Conflict(format!("{} is not banned; nothing changed.", who(user))),
        // Deleted between our look-up and the change.
        Error::NotFound { .. } => CliError::NotFound(format!("{} no longer exists.", who(user))),
        _ => err.into(),
    }
}
