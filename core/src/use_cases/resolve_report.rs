//! The admin resolves a report: the action is carried out through the same use cases as
//! the admin's direct commands (review deletion, ban, group deletion), which write their
//! own moderation log entries; a dismissal is logged as `dismiss_report`. Then the report
//! and every other open report on the same target are marked resolved.

use chrono::{DateTime, Utc};

use crate::domain::moderation::{clean_reason, ModerationAction, NewModerationEntry, REASON_MAX};
use crate::domain::report::{
    report_already_resolved, report_not_found, Report, ReportResolution, ReportTarget, Resolution,
};
use crate::error::{Error, ErrorCode, StoreError};
use crate::ids::ReportId;
use crate::use_cases::reports::Reports;
use crate::use_cases::{Accounts, Groups, Reviews};

/// What the admin does about a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportAction {
    /// Nothing against the rules.
    Dismiss,
    /// Deletes the reported review (review reports only).
    DeleteReview,
    /// Bans the user answerable for the target (the review's author, the group's owner
    /// when it was reported, or the reported user) until `until`, or for good.
    BanUser { until: Option<DateTime<Utc>> },
    /// Deletes the reported group (group reports only).
    DeleteGroup,
}

/// The use cases that carry out a resolution's action.
#[derive(Clone, Copy)]
pub struct Moderation<'a> {
    pub accounts: &'a Accounts,
    pub reviews: &'a Reviews,
    pub groups: &'a Groups,
}

/// A resolved report and how many open reports on its target the resolution closed
/// (itself included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedReport {
    pub report: Report,
    pub resolved: u64,
}

fn unfit(message: &'static str) -> Error {
    Error::invalid("action", ErrorCode::InvalidReportAction, message)
}

impl Reports {
    /// Carries out `action` on report `id`'s target as `actor` (the admin's name, for
    /// the log) with `reason`, then resolves the report and the other open reports on
    /// the same target. The log entry of the action cites the report.
    ///
    /// # Errors
    /// `NotFound` `report_not_found`; `Conflict` `report_already_resolved` (also when
    /// another admin resolved it while the action ran: the action stands);
    /// `Invalid` `invalid_report_action` for an action that does not fit the target;
    /// and the errors of the action's own use case (`review_not_found`,
    /// `group_not_found`, `user_not_found`, `already_banned`, `ban_end_in_past`).
    pub async fn resolve_report(
        &self,
        cases: Moderation<'_>,
        actor: &str,
        id: ReportId,
        action: ReportAction,
        reason: Option<&str>,
    ) -> Result<ResolvedReport, Error> {
        let report = self.admin_report(id).await?;
        if report.resolution.is_some() {
            return Err(report_already_resolved());
        }
        let reason = clean_reason(reason)?;
        // The action's own log entry cites the report, when the reason leaves room for it.
        let cited = match &reason {
            None => Some(format!("report {id}")),
            Some(reason) => {
                let cited = format!("{reason} (report {id})");
                Some(if cited.chars().count() <= REASON_MAX {
                    cited
                } else {
                    reason.clone()
                })
            }
        };
        let cited = cited.as_deref();
        let mut log = None;
        let resolution = match (action, report.target) {
            (ReportAction::Dismiss, target) => {
                log = Some(NewModerationEntry {
                    action: ModerationAction::DismissReport,
                    actor: actor.to_owned(),
                    target: format!("report:{id}"),
                    target_user: report.target_user,
                    reason: reason.clone(),
                    detail: Some(format!("{target} {}", report.reason.as_str())),
                    created_at: self.clock.now(),
                });
                Resolution::Dismissed
            }
            (ReportAction::DeleteReview, ReportTarget::Review(review)) => {
                cases
                    .reviews
                    .admin_delete_review(actor, review, cited)
                    .await?;
                Resolution::ReviewDeleted
            }
            (ReportAction::DeleteGroup, ReportTarget::Group(group)) => {
                cases.groups.admin_delete_group(actor, group, cited).await?;
                Resolution::GroupDeleted
            }
            (ReportAction::BanUser { until }, _) => {
                let user = report.target_user.ok_or_else(|| {
                    unfit("The reported user's account no longer exists; dismiss the report.")
                })?;
                cases.accounts.ban_user(actor, user, until, cited).await?;
                Resolution::UserBanned
            }
            (ReportAction::DeleteReview, _) => {
                return Err(unfit("Only a reported review can be deleted."))
            }
            (ReportAction::DeleteGroup, _) => {
                return Err(unfit("Only a reported group can be deleted."))
            }
        };
        let resolution = ReportResolution {
            resolution,
            resolved_by: actor.to_owned(),
            reason,
            resolved_at: self.clock.now(),
        };
        let resolved = self
            .reports
            .resolve_reports(id, &resolution, log)
            .await
            .map_err(|err| match err {
                StoreError::NotFound => report_not_found(),
                StoreError::Conflict(_) => report_already_resolved(),
                other => other.into(),
            })?;
        Ok(ResolvedReport {
            report: self.admin_report(id).await?,
            resolved,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::{Moderation, ReportAction};
    use crate::domain::moderation::ModerationAction;
    use crate::domain::report::{ReportResolution, ReportTarget, Resolution};
    use crate::error::{Conflict, StoreError};
    use crate::ids::{GroupId, ReportId, ReviewId, UserId};
    use crate::use_cases::reports::testing::*;
    use crate::use_cases::test_support::{self, now};
    use crate::use_cases::{groups, reviews};

    /// The report store of one report on `target`: found open until resolved.
    fn one_report(ports: &mut Ports, target: ReportTarget) -> Arc<Mutex<Option<ReportResolution>>> {
        let state: Arc<Mutex<Option<ReportResolution>>> = Arc::default();
        let read = state.clone();
        ports.reports.expect_find_report().returning(move |id| {
            Ok((id == ReportId(3)).then(|| stored(3, target, read.lock().unwrap().clone())))
        });
        let write = state.clone();
        ports
            .reports
            .expect_resolve_reports()
            .returning(move |_, resolution, _| {
                *write.lock().unwrap() = Some(resolution.clone());
                Ok(2)
            });
        state
    }

    #[tokio::test]
    async fn a_dismissal_is_logged_and_resolves_the_report() {
        let mut ports = Ports::new();
        let state = one_report(&mut ports, ReportTarget::User(UserId(4)));
        ports.reports.checkpoint();
        let read = state.clone();
        ports.reports.expect_find_report().returning(move |_| {
            Ok(Some(stored(
                3,
                ReportTarget::User(UserId(4)),
                read.lock().unwrap().clone(),
            )))
        });
        ports
            .reports
            .expect_resolve_reports()
            .withf(|id, resolution, log| {
                let log = log.as_ref().expect("a dismissal is logged");
                *id == ReportId(3)
                    && resolution.resolution == Resolution::Dismissed
                    && resolution.resolved_by == "anna"
                    && resolution.reason.as_deref() == Some("not spam")
                    && resolution.resolved_at == now()
                    && log.action == ModerationAction::DismissReport
                    && log.target == "report:3"
                    && log.target_user == Some(UserId(4))
                    && log.reason.as_deref() == Some("not spam")
            })
            .times(1)
            .returning(move |_, resolution, _| {
                *state.lock().unwrap() = Some(resolution.clone());
                Ok(1)
            });
        let accounts = test_support::Ports::new().accounts();
        let reviews = reviews::testing::Ports::new().build();
        let groups = groups::testing::Ports::new().build();
        let cases = Moderation {
            accounts: &accounts,
            reviews: &reviews,
            groups: &groups,
        };
        let resolved = ports
            .build()
            .resolve_report(
                cases,
                "anna",
                ReportId(3),
                ReportAction::Dismiss,
                Some(" not spam "),
            )
            .await
            .unwrap();
        assert_eq!(resolved.resolved, 1);
        assert!(resolved.report.resolution.is_some());
    }

    #[tokio::test]
    async fn deleting_the_review_goes_through_the_admin_deletion_and_cites_the_report() {
        let mut ports = Ports::new();
        one_report(&mut ports, ReportTarget::Review(ReviewId(9)));
        let mut review_ports = reviews::testing::Ports::new();
        review_ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(reviews::testing::review(id.0, 4))));
        review_ports
            .reviews
            .expect_delete_review()
            .withf(|id, log| {
                let log = log.as_ref().expect("logged");
                *id == ReviewId(9)
                    && log.action == ModerationAction::DeleteReview
                    && log.reason.as_deref() == Some("spam (report 3)")
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let accounts = test_support::Ports::new().accounts();
        let reviews = review_ports.build();
        let groups = groups::testing::Ports::new().build();
        let cases = Moderation {
            accounts: &accounts,
            reviews: &reviews,
            groups: &groups,
        };
        let resolved = ports
            .build()
            .resolve_report(
                cases,
                "anna",
                ReportId(3),
                ReportAction::DeleteReview,
                Some("spam"),
            )
            .await
            .unwrap();
        assert_eq!(resolved.resolved, 2);
        assert_eq!(
            resolved.report.resolution.map(|r| r.resolution),
            Some(Resolution::ReviewDeleted)
        );
    }

    #[tokio::test]
    async fn a_ban_falls_on_the_answerable_user() {
        let mut ports = Ports::new();
        one_report(&mut ports, ReportTarget::Group(GroupId(7)));
        let mut account_ports = test_support::Ports::new();
        account_ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(test_support::user(id.0, "kiusaaja", "pw"))));
        account_ports
            .users
            .expect_set_ban()
            .withf(|id, ban, log| {
                *id == UserId(4) && ban.is_some() && log.action == ModerationAction::BanUser
            })
            .times(1)
            .returning(|id, _, _| Ok(test_support::user(id.0, "kiusaaja", "pw")));
        let accounts = account_ports.accounts();
        let reviews = reviews::testing::Ports::new().build();
        let groups = groups::testing::Ports::new().build();
        let cases = Moderation {
            accounts: &accounts,
            reviews: &reviews,
            groups: &groups,
        };
        let until = Some(now() + chrono::Duration::days(7));
        let resolved = ports
            .build()
            .resolve_report(
                cases,
                "anna",
                ReportId(3),
                ReportAction::BanUser { until },
                None,
            )
            .await
            .unwrap();
        assert_eq!(
            resolved.report.resolution.map(|r| r.resolution),
            Some(Resolution::UserBanned)
        );
    }

    #[tokio::test]
    async fn unfit_actions_resolved_reports_and_lost_races_are_refused() {
        let accounts = test_support::Ports::new().accounts();
        let reviews = reviews::testing::Ports::new().build();
        let groups = groups::testing::Ports::new().build();
        let cases = Moderation {
            accounts: &accounts,
            reviews: &reviews,
            groups: &groups,
        };
        // A user report can be neither a review nor a group deletion.
        let mut ports = Ports::new();
        one_report(&mut ports, ReportTarget::User(UserId(4)));
        let reports = ports.build();
        for action in [ReportAction::DeleteReview, ReportAction::DeleteGroup] {
            let err = reports
                .resolve_report(cases, "anna", ReportId(3), action, None)
                .await
                .unwrap_err();
            assert_eq!(err.code(), "invalid_report_action");
        }
        let err = reports
            .resolve_report(cases, "anna", ReportId(8), ReportAction::Dismiss, None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "report_not_found");
        reports
            .resolve_report(cases, "anna", ReportId(3), ReportAction::Dismiss, None)
            .await
            .unwrap();
        let err = reports
            .resolve_report(cases, "anna", ReportId(3), ReportAction::Dismiss, None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "report_already_resolved");

        // Another admin resolved it between the read and the write.
        let mut ports = Ports::new();
        ports
            .reports
            .expect_find_report()
            .returning(|_| Ok(Some(stored(3, ReportTarget::User(UserId(4)), None))));
        ports
            .reports
            .expect_resolve_reports()
            .returning(|_, _, _| Err(StoreError::Conflict(Conflict::Stale)));
        let err = ports
            .build()
            .resolve_report(cases, "anna", ReportId(3), ReportAction::Dismiss, None)
            .await
            .unwrap_err();
        assert_eq!(err.code(), "report_already_resolved");
    }
}
