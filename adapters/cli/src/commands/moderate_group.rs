//! `groups delete`, `groups transfer-owner` and `groups remove-member` through the admin's
//! group use cases, which write the moderation log entry together with the change.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::membership::Role;
use leffaseura_core::domain::moderation::{clean_reason, ModerationAction};
use leffaseura_core::{ErrorCode, GroupId};

use super::ban_user::{reason_suffix, who};
use super::delete_user::confirm_deletion;
use super::find_user::find_user;
use super::groups::{explain_group, GroupJson};
use crate::args::{GroupDeleteArgs, GroupMemberArgs};
use crate::context::Context;
use crate::error::CliError;

/// The result of a group moderation action, for `--json`.
#[derive(Debug, Serialize)]
struct GroupActionJson {
    action: &'static str,
    actor: String,
    reason: Option<String>,
    group: GroupJson,
    /// The user acted upon, for transfers and removals.
    #[serde(skip_serializing_if = "Option::is_none")]
    user: Option<UserRefJson>,
}

#[derive(Debug, Serialize)]
struct UserRefJson {
    id: i64,
    username: String,
    /// Their role before the action.
    role_before: &'static str,
}

/// Deletes a group after confirmation (see [`confirm_deletion`]).
///
/// # Errors
/// `NotFound`, `Usage` (no terminal and no `--yes`), `Cancelled`, `Other`.
pub async fn delete_group(
    ctx: &mut Context,
    args: &GroupDeleteArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let id = GroupId(args.group);
    let view = ctx
        .groups
        .admin_group(id)
        .await
        .map_err(|err| explain_group(err, args.group))?;
    let what = format!("group {} (id {id})", view.group.name);
    let question = format!(
        "Delete {what} with its {} member{} and {} pending request{}? Its group favorites go \
         too. This cannot be undone.",
        view.group.member_count,
        plural(view.group.member_count),
        view.pending.len(),
        plural(view.pending.len() as i64),
    );
    confirm_deletion(ctx, args.yes, &what, &question)?;
    let actor = ctx.session.actor.clone();
    let deleted = ctx
        .groups
        .admin_delete_group(&actor, id, args.reason.as_deref())
        .await
        .map_err(|err| explain_group(err, args.group))?;
    let text = format!("Deleted {what}.");
    report(
        ctx,
        ModerationAction::DeleteGroup,
        GroupJson::from(&deleted),
        None,
        args,
        &text,
        out,
    )
}

/// Hands a group to one of its members.
///
/// # Errors
/// `NotFound` (group, user), `Usage` (not a member), `Conflict` (already the owner),
/// `Other`.
pub async fn transfer_owner(
    ctx: &Context,
    args: &GroupMemberArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let before = ctx
        .groups
        .admin_group(GroupId(args.group))
        .await
        .map_err(|err| explain_group(err, args.group))?;
    let role_before = before
        .members
        .iter()
        .find(|m| m.user_id == user.id)
        .map_or(Role::None, |m| m.role);
    let group = ctx
        .groups
        .admin_transfer_ownership(
            &ctx.session.actor,
            GroupId(args.group),
            user.id,
            args.reason.as_deref(),
        )
        .await
        .map_err(|err| explain_group(err, args.group))?;
    let text = format!(
        "{} now owns group {} (id {}); {} (id {}) stays as a moderator.",
        who(&user),
        group.name,
        group.id,
        before.group.owner_name,
        before.group.owner_id
    );
    let target = UserRefJson {
        id: user.id.0,
        username: user.username.clone(),
        role_before: role_before.as_str(),
    };
    report(
        ctx,
        ModerationAction::TransferGroup,
        GroupJson::from(&group),
        Some(target),
        args,
        &text,
        out,
    )
}

/// Takes someone out of a group, or declines their request.
///
/// # Errors
/// `NotFound` (group, user, not in the group), `Usage`, `Other`; the owner is refused
/// (`Usage`, exit code 2: hand the group over first).
pub async fn remove_member(
    ctx: &Context,
    args: &GroupMemberArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let removal = ctx
        .groups
        .admin_remove_member(
            &ctx.session.actor,
            GroupId(args.group),
            user.id,
            args.reason.as_deref(),
        )
        .await
        .map_err(|err| match err {
            leffaseura_core::Error::Forbidden {
                code: ErrorCode::CannotRemoveOwner,
                ..
            } => CliError::Usage(format!(
                "{} owns group {}; hand it over first (groups transfer-owner).",
                who(&user),
                args.group
            )),
            leffaseura_core::Error::NotFound {
                code: ErrorCode::NotMember,
                ..
            } => CliError::NotFound(format!("{} is not in group {}.", who(&user), args.group)),
            other => explain_group(other, args.group),
        })?;
    let group = ctx
        .groups
        .admin_group(GroupId(args.group))
        .await
        .map_err(|err| explain_group(err, args.group))?
        .group;
    let (action, text) = if removal.had == Role::Pending {
        (
            ModerationAction::DeclineRequest,
            format!(
                "Declined the request of {} to join group {} (id {}).",
                who(&user),
                group.name,
                group.id
            ),
        )
    } else {
        (
            ModerationAction::RemoveMember,
            format!(
                "Removed {} ({}) from group {} (id {}).",
                who(&user),
                removal.had.as_str(),
                group.name,
                group.id
            ),
        )
    };
    let target = UserRefJson {
        id: user.id.0,
        username: removal.username,
        role_before: removal.had.as_str(),
    };
    report(
        ctx,
        action,
        GroupJson::from(&group),
        Some(target),
        args,
        &text,
        out,
    )
}

/// What every group moderation command prints.
trait Flags {
    fn reason(&self) -> Option<&str>;
    fn json(&self) -> bool;
}

impl Flags for GroupDeleteArgs {
    fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }
    fn json(&self) -> bool {
        self.json
    }
}

impl Flags for GroupMemberArgs {
    fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }
    fn json(&self) -> bool {
        self.json
    }
}

fn report(
    ctx: &Context,
    action: ModerationAction,
    group: GroupJson,
    user: Option<UserRefJson>,
    flags: &dyn Flags,
    text: &str,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let actor = ctx.session.actor.clone();
    let reason = clean_reason(flags.reason())?;
    if flags.json() {
        super::write_json(
            out,
            &GroupActionJson {
                action: action.as_str(),
                actor,
                reason,
                group,
                user,
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

fn plural(count: i64) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}
