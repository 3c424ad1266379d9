//! The report use cases share one struct holding their ports: `file_report` (a user
//! reports a review, group or user), the reporter's own list and the admin's list and
//! view here, and `resolve_report` (the admin acts on a report).

use std::sync::Arc;

use crate::domain::paging::{PageRequest, Paged};
use crate::domain::report::{
    report_not_found, Report, ReportFilter, REPORT_LIST_DEFAULT, REPORT_LIST_MAX,
};
use crate::error::Error;
use crate::ids::{ReportId, UserId};
use crate::ports::{Clock, GroupStore, ReportStore, ReviewStore, UserStore};

/// File, list and resolve reports. Cheap to share: wrap it in an `Arc`.
pub struct Reports {
    pub(crate) reports: Arc<dyn ReportStore>,
    /// Reported users must exist.
    pub(crate) users: Arc<dyn UserStore>,
    /// Reported reviews must exist; their author may not report them.
    pub(crate) reviews: Arc<dyn ReviewStore>,
    /// Reported groups must exist; their owner may not report them.
    pub(crate) groups: Arc<dyn GroupStore>,
    pub(crate) clock: Arc<dyn Clock>,
}

impl Reports {
    pub fn new(
        reports: Arc<dyn ReportStore>,
        users: Arc<dyn UserStore>,
        reviews: Arc<dyn ReviewStore>,
        groups: Arc<dyn GroupStore>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            reports,
            users,
            reviews,
            groups,
            clock,
        }
    }

    /// The reports `reporter` filed, newest first, with how each was handled.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for `limit` outside 1..=[`REPORT_LIST_MAX`] or a
    /// negative `offset`.
    pub async fn my_reports(
        &self,
        reporter: UserId,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<Report>, Error> {
        let page = PageRequest::new(limit, offset, REPORT_LIST_DEFAULT, REPORT_LIST_MAX)?;
        let filter = ReportFilter {
            reporter: Some(reporter),
            ..ReportFilter::default()
        };
        Ok(self.reports.list_reports(&filter, page).await?)
    }

    /// The admin's queue: reports matching `filter`, newest first.
    ///
    /// # Errors
    /// `Internal` when the store fails.
    pub async fn admin_reports(
        &self,
        filter: &ReportFilter,
        page: PageRequest,
    ) -> Result<Paged<Report>, Error> {
        Ok(self.reports.list_reports(filter, page).await?)
    }

    /// One report.
    ///
    /// # Errors
    /// `NotFound` `report_not_found`.
    pub async fn admin_report(&self, id: ReportId) -> Result<Report, Error> {
        self.reports
            .find_report(id)
            .await?
            .ok_or_else(report_not_found)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Mocked ports and sample data for the report use-case tests.

    use std::sync::Arc;

    use crate::domain::report::{NewReport, Report, ReportReason, ReportResolution, ReportTarget};
    use crate::ids::{ReportId, UserId};
    use crate::ports::clock::MockClock;
    use crate::ports::group_store::MockGroupStore;
    use crate::ports::report_store::MockReportStore;
    use crate::ports::review_store::MockReviewStore;
    use crate::ports::user_store::MockUserStore;
    use crate::use_cases::test_support::now;

    use super::Reports;

    pub struct Ports {
        pub reports: MockReportStore,
        pub users: MockUserStore,
        pub reviews: MockReviewStore,
        pub groups: MockGroupStore,
    }

    impl Ports {
        pub fn new() -> Self {
            Self {
                reports: MockReportStore::new(),
                users: MockUserStore::new(),
                reviews: MockReviewStore::new(),
                groups: MockGroupStore::new(),
            }
        }

        pub fn build(self) -> Reports {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            Reports::new(
                Arc::new(self.reports),
                Arc::new(self.users),
                Arc::new(self.reviews),
                Arc::new(self.groups),
                Arc::new(clock),
            )
        }
    }

    /// Report `id` by user 2 on `target`, answerable user 4, open unless `resolution`.
    pub fn stored(id: i64, target: ReportTarget, resolution: Option<ReportResolution>) -> Report {
        Report {
            id: ReportId(id),
            reporter: UserId(2),
            reporter_name: "user2".to_owned(),
            target,
            target_user: Some(UserId(4)),
            target_label: "label".to_owned(),
            reason: ReportReason::Spam,
            note: None,
            created_at: now(),
            resolution,
        }
    }

    /// What the store makes of `new` when it files it as report 1.
    pub fn filed(new: &NewReport) -> Report {
        Report {
            id: ReportId(1),
            reporter: new.reporter,
            reporter_name: format!("user{}", new.reporter),
            target: new.target,
            target_user: new.target_user,
            target_label: new.target_label.clone(),
            reason: new.reason,
            note: new.note.clone(),
            created_at: new.created_at,
            resolution: None,
        }
    }
}
