//! `users ban`, `users unban` and `users set-role` through the shared moderation use cases,
//! which write the moderation log entry together with the change.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::ban::SiteRole;
use leffaseura_core::domain::moderation::{clean_reason, ModerationAction};
use leffaseura_core::domain::user::User;
use leffaseura_core::error::{Error, ErrorCode};

use super::find_user::find_user;
use crate::args::{BanArgs, ModerateArgs, SetRoleArgs};
use crate::context::Context;
use crate::error::CliError;
use crate::output::{human_time, UserJson};

/// The result of a moderation action, for `--json`.
#[derive(Debug, Serialize)]
pub(crate) struct ModerationResultJson {
    pub action: &'static str,
    pub actor: String,
    pub reason: Option<String>,
    pub user: UserJson,
}

/// Bans a user, for good or until `--until`.
///
/// Banning a banned user is refused as a conflict (exit code 4) rather than silently
/// accepted — the use case decides so, for the HTTP API too — so that scripts notice and
/// the log only records real changes.
///
/// # Errors
/// `NotFound`, `Conflict`, `Usage` for an unusable argument or an end in the past,
/// `Other` when the store fails.
pub async fn ban_user(ctx: &Context, args: &BanArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let until = args
        .until
        .map(|until| until.resolve(ctx.session.clock.now()));
    let updated = ctx
        .accounts
        .ban_user(&ctx.session.actor, user.id, until, args.reason.as_deref())
        .await
        .map_err(|err| explain(err, &user))?;
    let effect = match until {
        Some(end) => format!(
            " until {}. They cannot log in until then and their sessions have ended.",
            human_time(end)
        ),
        None => ". They can no longer log in and their sessions have ended.".to_owned(),
    };
    let text = format!("Banned {}{effect}", who(&updated));
    report(
        ctx,
        ModerationAction::BanUser,
        &updated,
        args.reason.as_deref(),
        args.json,
        &text,
        out,
    )
    .await
}

/// Lifts a ban that holds.
///
/// # Errors
/// `NotFound`, `Conflict` (not banned, also once a timed ban has lifted itself), `Usage`,
/// `Other` when the store fails.
pub async fn unban_user(
    ctx: &Context,
    args: &ModerateArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let updated = ctx
        .accounts
        .unban_user(&ctx.session.actor, user.id, args.reason.as_deref())
        .await
        .map_err(|err| explain(err, &user))?;
    let text = format!("Unbanned {}. They can log in again.", who(&updated));
    report(
        ctx,
        ModerationAction::UnbanUser,
        &updated,
        args.reason.as_deref(),
        args.json,
        &text,
        out,
    )
    .await
}

/// Gives a user the site role `user` or `admin`.
///
/// # Errors
/// `NotFound`, `Conflict` (already has the role), `Usage`, `Other` when the store fails.
pub async fn set_role(
    ctx: &Context,
    args: &SetRoleArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let role = SiteRole::parse(&args.role)?;
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let updated = ctx
        .accounts
        .set_site_role(&ctx.session.actor, user.id, role, args.reason.as_deref())
        .await
        .map_err(|err| explain(err, &user))?;
    let text = format!(
        "{} is now {}.",
        who(&updated),
        match role {
            SiteRole::Admin => "a site admin",
            SiteRole::User => "a plain user",
        }
    );
    report(
        ctx,
        ModerationAction::SetRole,
        &updated,
        args.reason.as_deref(),
        args.json,
        &text,
        out,
    )
    .await
}

/// What a moderation command did: the sentence and the log line, or the JSON document.
async fn report(
    ctx: &Context,
    action: ModerationAction,
    user: &User,
    reason: Option<&str>,
    json: bool,
    text: &str,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let actor = ctx.session.actor.as_str();
    let reason = clean_reason(reason)?;
    let stats = ctx.store.user_stats(user.id).await?;
    if json {
        super::write_json(
            out,
            &ModerationResultJson {
                action: action.as_str(),
                actor: actor.to_owned(),
                reason,
                user: UserJson::new(user, &stats, ctx.session.clock.now()),
            },
        )
    } else {
        super::write_text(
            out,
            &format!(
                "{text}\nLogged as {} by {actor}{}.\n",
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

pub(crate) fn reason_suffix(reason: Option<&str>) -> String {
    reason.map(|r| format!(", reason: {r}")).unwrap_or_default()
}

/// The use cases' errors, told about the user the operator named.
pub(crate) fn explain(err: Error, user: &User) -> CliError {
    match &err {
        Error::Conflict {
            code: ErrorCode::AlreadyBanned,
            ..
        } => CliError::Conflict(format!("{} is already banned; nothing changed.", who(user))),
        Error::Conflict {
            code: ErrorCode::NotBanned,
            ..
        } => CliError::Conflict(format!("{} is not banned; nothing changed.", who(user))),
        Error::Conflict {
            code: ErrorCode::RoleUnchanged,
            message,
        } => CliError::Conflict(format!("{} — {message} Nothing changed.", who(user))),
        // Deleted between our look-up and the change.
        Error::NotFound { .. } => CliError::NotFound(format!("{} no longer exists.", who(user))),
        _ => err.into(),
    }
}
