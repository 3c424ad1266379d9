//! A user reports a review, a group or a user to the site's admins.

use chrono::Duration;

use crate::domain::group::model::group_not_found;
use crate::domain::rate_limit::retry_after_secs;
use crate::domain::report::{
    parse_note, Filing, NewReport, Report, ReportReason, ReportTarget, REPORTS_PER_WINDOW,
    REPORT_WINDOW_MINUTES,
};
use crate::domain::review::review_not_found;
use crate::domain::user::User;
use crate::error::{Error, ErrorCode, StoreError};
use crate::ids::UserId;
use crate::use_cases::moderate_user::no_such_user;
use crate::use_cases::reports::Reports;

fn own_target() -> Error {
    Error::forbidden(
        ErrorCode::CannotReportSelf,
        "You cannot report yourself or your own content.",
    )
}

impl Reports {
    /// Files `reporter`'s report on `target`.
    ///
    /// # Errors
    /// `Invalid` `validation_error` (`note`); `NotFound` `review_not_found`,
    /// `group_not_found` or `user_not_found`; `Forbidden` `cannot_report_self` for
    /// oneself, one's own review or a group one owns; `Conflict` `report_already_open`
    /// while the reporter's earlier report on the target is open; `RateLimited`
    /// `too_many_reports` past [`REPORTS_PER_WINDOW`] reports in an hour.
    pub async fn file_report(
        &self,
        reporter: &User,
        target: ReportTarget,
        reason: ReportReason,
        note: Option<&str>,
    ) -> Result<Report, Error> {
        let note = parse_note(note)?;
        let (target_user, target_label) = self.describe(reporter.id, target).await?;
        let now = self.clock.now();
        let report = NewReport {
            reporter: reporter.id,
            target,
            target_user: Some(target_user),
            target_label,
            reason,
            note,
            created_at: now,
        };
        let since = now - Duration::minutes(REPORT_WINDOW_MINUTES);
        match self
            .reports
            .file_report(&report, since, REPORTS_PER_WINDOW)
            .await
        {
            Ok(Filing::Filed(report)) => Ok(report),
            Ok(Filing::AlreadyOpen) => Err(Error::conflict(
                ErrorCode::ReportAlreadyOpen,
                "You have already reported this, and a moderator has not handled it yet.",
            )),
            Ok(Filing::TooMany { next_leaves }) => Err(Error::RateLimited {
                code: ErrorCode::TooManyReports,
                message: format!(
                    "You can file at most {REPORTS_PER_WINDOW} reports an hour. Please try again later."
                )
                .into(),
                retry_after_secs: Some(retry_after_secs(
                    next_leaves + Duration::minutes(REPORT_WINDOW_MINUTES) - now,
                )),
            }),
            // The reporter's account went away while filing.
            Err(StoreError::NotFound) => Err(no_such_user()),
            Err(other) => Err(other.into()),
        }
    }

    /// The user answerable for `target` and how it reads, or why it cannot be reported
    /// by `reporter`.
    async fn describe(
        &self,
        reporter: UserId,
        target: ReportTarget,
    ) -> Result<(UserId, String), Error> {
        let (answerable, label) = match target {
            ReportTarget::Review(id) => {
                let review = self
                    .reviews
                    .find_review(id, None)
                    .await?
                    .ok_or_else(review_not_found)?;
                let movie = review
                    .movie
                    .title
                    .clone()
                    .unwrap_or_else(|| format!("movie {}", review.movie_id));
                (review.user_id, format!("{} on {movie}", review.username))
            }
            ReportTarget::Group(id) => {
                let group = self
                    .groups
                    .find_group(id, None)
                    .await?
                    .ok_or_else(group_not_found)?;
                (group.owner_id, group.name)
            }
            ReportTarget::User(id) => {
                let user = self.users.find_user(id).await?.ok_or_else(no_such_user)?;
                (user.id, user.username)
            }
        };
        if answerable == reporter {
            return Err(own_target());
        }
        Ok((answerable, label))
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use crate::domain::report::{Filing, ReportReason, ReportTarget, REPORTS_PER_WINDOW};
    use crate::error::{Error, ErrorCode};
    use crate::ids::{GroupId, ReviewId, UserId};
    use crate::use_cases::reports::testing::*;
    use crate::use_cases::reviews::testing::review;
    use crate::use_cases::test_support::{now, user};

    #[tokio::test]
    async fn a_review_is_reported_with_its_author_and_a_label_within_the_hourly_window() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 4))));
        ports
            .reports
            .expect_file_report()
            .withf(|new, since, max| {
                new.target == ReportTarget::Review(ReviewId(9))
                    && new.target_user == Some(UserId(4))
                    && new.target_label == "user4 on movie 603"
                    && new.note.as_deref() == Some("spoils it")
                    && *since == now() - Duration::hours(1)
                    && *max == REPORTS_PER_WINDOW
            })
            .times(1)
            .returning(|new, _, _| Ok(Filing::Filed(filed(new))));
        let report = ports
            .build()
            .file_report(
                &user(2, "anna", "pw"),
                ReportTarget::Review(ReviewId(9)),
                ReportReason::Spoilers,
                Some("  spoils it "),
            )
            .await
            .unwrap();
        assert_eq!(report.reason, ReportReason::Spoilers);
    }

    #[tokio::test]
    async fn nobody_reports_themselves_their_review_or_their_group() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|id, _| Ok(Some(review(id.0, 2))));
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "anna", "pw"))));
        ports.reports.expect_file_report().never();
        let reports = ports.build();
        let me = user(2, "anna", "pw");
        for target in [
            ReportTarget::Review(ReviewId(9)),
            ReportTarget::User(UserId(2)),
        ] {
            let err = reports
                .file_report(&me, target, ReportReason::Spam, None)
                .await
                .unwrap_err();
            assert_eq!(err.code(), "cannot_report_self", "{target}");
        }
    }

    #[tokio::test]
    async fn unknown_targets_are_not_found_by_their_own_code() {
        let mut ports = Ports::new();
        ports
            .reviews
            .expect_find_review()
            .returning(|_, _| Ok(None));
        ports.groups.expect_find_group().returning(|_, _| Ok(None));
        ports.users.expect_find_user().returning(|_| Ok(None));
        ports.reports.expect_file_report().never();
        let reports = ports.build();
        let me = user(2, "anna", "pw");
        for (target, code) in [
            (ReportTarget::Review(ReviewId(9)), "review_not_found"),
            (ReportTarget::Group(GroupId(9)), "group_not_found"),
            (ReportTarget::User(UserId(9)), "user_not_found"),
        ] {
            let err = reports
                .file_report(&me, target, ReportReason::Other, None)
                .await
                .unwrap_err();
            assert!(matches!(err, Error::NotFound { .. }), "{err:?}");
            assert_eq!(err.code(), code);
        }
    }

    #[tokio::test]
    async fn a_duplicate_is_a_conflict_and_the_eleventh_in_an_hour_is_rate_limited() {
        for (filing, code) in [
            (Filing::AlreadyOpen, ErrorCode::ReportAlreadyOpen),
            // The oldest counted report leaves the hour's window in ten minutes.
            (
                Filing::TooMany {
                    next_leaves: now() - Duration::minutes(50),
                },
                ErrorCode::TooManyReports,
            ),
        ] {
            let mut ports = Ports::new();
            ports
                .users
                .expect_find_user()
                .returning(|id| Ok(Some(user(id.0, "kiusaaja", "pw"))));
            let answer = filing.clone();
            ports
                .reports
                .expect_file_report()
                .returning(move |_, _, _| Ok(answer.clone()));
            let err = ports
                .build()
                .file_report(
                    &user(2, "anna", "pw"),
                    ReportTarget::User(UserId(5)),
                    ReportReason::Abuse,
                    None,
                )
                .await
                .unwrap_err();
            assert_eq!(err.error_code(), code);
            match filing {
                Filing::TooMany { .. } => assert!(
                    matches!(
                        err,
                        Error::RateLimited {
                            retry_after_secs: Some(600),
                            ..
                        }
                    ),
                    "{err:?}"
                ),
                _ => assert!(matches!(err, Error::Conflict { .. })),
            }
        }
    }

    #[tokio::test]
    async fn a_bad_note_is_refused_before_anything_is_read() {
        let ports = Ports::new();
        let err = ports
            .build()
            .file_report(
                &user(2, "anna", "pw"),
                ReportTarget::User(UserId(5)),
                ReportReason::Other,
                Some(&"x".repeat(501)),
            )
            .await
            .unwrap_err();
        assert_eq!(err.code(), "validation_error");
    }
}
