//! `users ban` and `users unban`, each written to the moderation log.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::moderation::{ModerationAction, NewModerationEntry};
use leffaseura_core::domain::user::User;
use leffaseura_core::error::StoreError;

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
/// (exit code 4) rather than silently accepted, so that scripts notice and the log only
/// records real changes.
///
/// # Errors
/// `NotFound`, `Conflict`, `Usage` for an unusable argument, `Other` when the store fails.
pub async fn set_banned(
    ctx: &Context,
    args: &ModerateArgs,
    banned: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let store = ctx.store.as_ref();
    let user = find_user(store, &args.user).await?;
    if user.banned == banned {
        let state = if banned {
            "already banned"
        } else {
            "not banned"
        };
        return Err(CliError::Conflict(format!(
            "{} is {state}; nothing changed.",
            who(&user)
        )));
    }
    let action = if banned {
        ModerationAction::BanUser
    } else {
        ModerationAction::UnbanUser
    };
    let entry = log_entry(ctx, action, &user, args.reason.as_deref());
    let updated = store
        .set_banned(user.id, banned, &entry)
        .await
        .map_err(|err| gone_or(err, &user))?;
    let stats = store.user_stats(updated.id).await?;
    if args.json {
        super::write_json(
            out,
            &ModerationResultJson {
                action: action.as_str(),
                actor: entry.actor,
                reason: entry.reason,
                user: UserJson::new(&updated, &stats),
            },
        )
    } else {
        let what = if banned { "Banned" } else { "Unbanned" };
        let effect = if banned {
            " They can no longer log in and their sessions have ended."
        } else {
            " They can log in again."
        };
        super::write_text(
            out,
            &format!(
                "{what} {}.{effect}\nLogged as {} by {}{}.\n",
                who(&updated),
                action.as_str(),
                entry.actor,
                reason_suffix(entry.reason.as_deref())
            ),
        )
    }
}

/// `bob (id 3)`.
pub(crate) fn who(user: &User) -> String {
    format!("{} (id {})", user.username, user.id)
}

/// The log entry for an action on `user`. A blank reason is no reason.
pub(crate) fn log_entry(
    ctx: &Context,
    action: ModerationAction,
    user: &User,
    reason: Option<&str>,
) -> NewModerationEntry {
    NewModerationEntry {
        action,
        actor: ctx.session.actor.clone(),
        target: format!("user:{}", user.id),
        reason: reason
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_owned),
        created_at: ctx.session.clock.now(),
    }
}

pub(crate) fn reason_suffix(reason: Option<&str>) -> String {
    reason.map(|r| format!(", reason: {r}")).unwrap_or_default()
}

/// A user deleted between our look-up and the change is reported as not found.
pub(crate) fn gone_or(err: StoreError, user: &User) -> CliError {
    match err {
        StoreError::NotFound => CliError::NotFound(format!("{} no longer exists.", who(user))),
        other => other.into(),
    }
}
