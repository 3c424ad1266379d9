//! `reports list|show|resolve`: the queue of users' reports as a site admin works it.

use std::io::Write;

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

use leffaseura_core::domain::moderation::{clean_reason, ModerationAction};
use leffaseura_core::domain::report::{
    Report, ReportFilter, ReportStatus, ReportTargetType, REPORT_BAN_DEFAULT_DAYS,
};
use leffaseura_core::use_cases::ReportAction;
use leffaseura_core::{ErrorCode, ReportId};

use super::ban_user::reason_suffix;
use super::delete_user::confirm_deletion;
use crate::args::{
    ActionArg, BanEnd, ReportListArgs, ReportResolveArgs, ReportShowArgs, StatusArg, TargetTypeArg,
};
use crate::context::Context;
use crate::error::CliError;
use crate::output::{human_time, page_table, rfc3339, serialize_rfc3339, Align, PaginationJson};

/// A report as the admin sees it.
#[derive(Debug, Clone, Serialize)]
pub struct ReportJson {
    pub id: i64,
    pub status: &'static str,
    pub reporter_id: i64,
    pub reporter: String,
    /// `review`, `group` or `user`.
    pub target_type: &'static str,
    pub target_id: i64,
    /// How the target read when reported.
    pub target_label: String,
    /// The user a ban falls on; `null` once their account is gone.
    pub target_user_id: Option<i64>,
    pub reason: &'static str,
    pub note: Option<String>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: DateTime<Utc>,
    /// `dismissed`, `review_deleted`, `user_banned` or `group_deleted`; `null` while open.
    pub resolution: Option<&'static str>,
    /// RFC 3339; `null` while open.
    pub resolved_at: Option<String>,
    pub resolved_by: Option<String>,
    pub resolution_reason: Option<String>,
}

impl From<&Report> for ReportJson {
    fn from(report: &Report) -> Self {
        let resolution = report.resolution.as_ref();
        Self {
            id: report.id.0,
            status: report.status().as_str(),
            reporter_id: report.reporter.0,
            reporter: report.reporter_name.clone(),
            target_type: report.target.kind().as_str(),
            target_id: report.target.id(),
            target_label: report.target_label.clone(),
            target_user_id: report.target_user.map(|user| user.0),
            reason: report.reason.as_str(),
            note: report.note.clone(),
            created_at: report.created_at,
            resolution: resolution.map(|r| r.resolution.as_str()),
            resolved_at: resolution.map(|r| rfc3339(r.resolved_at)),
            resolved_by: resolution.map(|r| r.resolved_by.clone()),
            resolution_reason: resolution.and_then(|r| r.reason.clone()),
        }
    }
}

#[derive(Debug, Serialize)]
struct ReportsJson {
    reports: Vec<ReportJson>,
    pagination: PaginationJson,
}

#[derive(Debug, Serialize)]
struct ResolvedJson {
    /// The moderation log's name of what was done.
    action: &'static str,
    actor: String,
    reason: Option<String>,
    /// How many open reports on the target were resolved, this one included.
    resolved: u64,
    report: ReportJson,
}

/// `--until` only goes with `--action ban-user`; checked before the database is opened.
///
/// # Errors
/// `Usage`.
pub fn check_resolve_args(args: &ReportResolveArgs) -> Result<(), CliError> {
    if args.until.is_some() && args.action != ActionArg::BanUser {
        return Err(CliError::Usage(
            "--until goes only with --action ban-user.".to_owned(),
        ));
    }
    if args.reason.trim().is_empty() {
        return Err(CliError::Usage("--reason must not be blank.".to_owned()));
    }
    clean_reason(Some(&args.reason))?;
    Ok(())
}

/// # Errors
/// `Usage` for a bad window, `Other` when the store fails.
pub async fn list_reports(
    ctx: &Context,
    args: &ReportListArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let page = args.window.page_request()?;
    let filter = ReportFilter {
        status: args.status.map(|status| match status {
            StatusArg::Open => ReportStatus::Open,
            StatusArg::Resolved => ReportStatus::Resolved,
        }),
        target_type: args.target_type.map(|kind| match kind {
            TargetTypeArg::Review => ReportTargetType::Review,
            TargetTypeArg::Group => ReportTargetType::Group,
            TargetTypeArg::User => ReportTargetType::User,
        }),
        reporter: None,
    };
    let found = ctx.reports.admin_reports(&filter, page).await?;
    let page = found.map(|item| ReportJson::from(&item));
    if args.window.json {
        let pagination = PaginationJson::of(&page);
        super::write_json(
            out,
            &ReportsJson {
                reports: page.items,
                pagination,
            },
        )
    } else {
        let headers = [
            ("ID", Align::Right),
            ("WHEN", Align::Left),
            ("STATUS", Align::Left),
            ("TARGET", Align::Left),
            ("REASON", Align::Left),
            ("REPORTER", Align::Left),
            ("RESOLUTION", Align::Left),
        ];
        let text = page_table(&page, "No reports match.", &headers, |report| {
            vec![
                report.id.to_string(),
                human_time(report.created_at),
                report.status.to_owned(),
                target(report),
                report.reason.to_owned(),
                format!("{} (id {})", report.reporter, report.reporter_id),
                report.resolution.unwrap_or("-").to_owned(),
            ]
        });
        super::write_text(out, &text)
    }
}

/// # Errors
/// `NotFound` for an unknown report, `Other` when the store fails.
pub async fn show_report(
    ctx: &Context,
    args: &ReportShowArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let report = ctx
        .reports
        .admin_report(ReportId(args.report))
        .await
        .map_err(|err| explain_report(err, args.report))?;
    let json = ReportJson::from(&report);
    if args.json {
        super::write_json(out, &json)
    } else {
        super::write_text(out, &render(&json))
    }
}

/// Resolves a report; a deletion asks for confirmation first.
///
/// # Errors
/// `NotFound` (the report or its target), `Usage` (an action that does not fit the
/// target; no terminal and no `--yes`), `Conflict` (already resolved, already banned),
/// `Cancelled`, `Other`.
pub async fn resolve_report(
    ctx: &mut Context,
    args: &ReportResolveArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let id = ReportId(args.report);
    let report = ctx
        .reports
        .admin_report(id)
        .await
        .map_err(|err| explain_report(err, args.report))?;
    let shown = ReportJson::from(&report);
    let now = ctx.session.clock.now();
    let (action, logged) = match args.action {
        ActionArg::Dismiss => (ReportAction::Dismiss, ModerationAction::DismissReport),
        ActionArg::DeleteReview => (ReportAction::DeleteReview, ModerationAction::DeleteReview),
        ActionArg::DeleteGroup => (ReportAction::DeleteGroup, ModerationAction::DeleteGroup),
        ActionArg::BanUser => {
            let until = match args.until {
                Some(BanEnd::Permanent) => None,
                Some(BanEnd::Until(until)) => Some(until.resolve(now)),
                None => Some(now + Duration::days(REPORT_BAN_DEFAULT_DAYS)),
            };
            (ReportAction::BanUser { until }, ModerationAction::BanUser)
        }
    };
    if matches!(
        action,
        ReportAction::DeleteReview | ReportAction::DeleteGroup
    ) && report.resolution.is_none()
    {
        let what = format!("the reported {} {}", shown.target_type, target(&shown));
        let question = format!("Delete {what} (report {id})? This cannot be undone.");
        confirm_deletion(ctx, args.yes, &what, &question)?;
    }
    let actor = ctx.session.actor.clone();
    let resolved = ctx
        .reports
        .resolve_report(ctx.moderation(), &actor, id, action, Some(&args.reason))
        .await
        .map_err(|err| explain_report(err, args.report))?;
    let reason = clean_reason(Some(&args.reason))?;
    let report = ReportJson::from(&resolved.report);
    let action = logged.as_str();
    if args.json {
        super::write_json(
            out,
            &ResolvedJson {
                action,
                actor,
                reason,
                resolved: resolved.resolved,
                report,
            },
        )
    } else {
        let others = resolved.resolved.saturating_sub(1);
        let also = if others == 0 {
            String::new()
        } else {
            format!(" {others} other open report(s) on it resolved too.")
        };
        super::write_text(
            out,
            &format!(
                "Resolved report {id} on {}: {}.{also}\nLogged as {action} by {actor}{}.\n",
                target(&report),
                report.resolution.unwrap_or("-"),
                reason_suffix(reason.as_deref())
            ),
        )
    }
}

fn render(report: &ReportJson) -> String {
    let mut lines = vec![
        ("id", report.id.to_string()),
        ("status", report.status.to_owned()),
        ("target", target(report)),
        (
            "answerable",
            report
                .target_user_id
                .map_or_else(|| "(account gone)".to_owned(), |id| format!("user {id}")),
        ),
        ("reason", report.reason.to_owned()),
        (
            "note",
            report
                .note
                .as_deref()
                .unwrap_or("-")
                .replace(['\r', '\n'], " "),
        ),
        (
            "reporter",
            format!("{} (id {})", report.reporter, report.reporter_id),
        ),
        ("filed", human_time(report.created_at)),
    ];
    if let Some(resolution) = report.resolution {
        lines.push(("resolution", resolution.to_owned()));
        lines.push((
            "resolved",
            format!(
                "{} by {}",
                report.resolved_at.as_deref().unwrap_or("-"),
                report.resolved_by.as_deref().unwrap_or("-")
            ),
        ));
        lines.push((
            "admin reason",
            report
                .resolution_reason
                .clone()
                .unwrap_or_else(|| "-".into()),
        ));
    }
    let width = lines.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    lines
        .iter()
        .map(|(key, value)| format!("{key:<width$}  {value}\n"))
        .collect()
}

/// `review 9 (anna on Heat)`.
fn target(report: &ReportJson) -> String {
    format!(
        "{} {} ({})",
        report.target_type, report.target_id, report.target_label
    )
}

fn explain_report(err: leffaseura_core::Error, id: i64) -> CliError {
    match err {
        leffaseura_core::Error::NotFound {
            code: ErrorCode::ReportNotFound,
            ..
        } => CliError::NotFound(format!("No report with id {id}.")),
        other => other.into(),
    }
}
