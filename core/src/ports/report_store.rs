//! Users' reports and their resolution.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::moderation::NewModerationEntry;
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::report::{Filing, NewReport, Report, ReportFilter, ReportResolution};
use crate::error::StoreError;
use crate::ids::ReportId;

/// Where reports are kept.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReportStore: Send + Sync {
    /// Files `report`, unless (checked in the same transaction as the insert, so that
    /// simultaneous filings cannot both slip through) the reporter already has an open
    /// report on the same target ([`Filing::AlreadyOpen`]) or has filed `max_recent`
    /// reports at or after `since` ([`Filing::TooMany`], with the time of the report whose
    /// leaving the window makes room for one more).
    ///
    /// # Errors
    /// `NotFound` when the reporter does not exist; `Backend` otherwise.
    async fn file_report(
        &self,
        report: &NewReport,
        since: DateTime<Utc>,
        max_recent: i64,
    ) -> Result<Filing, StoreError>;

    /// One report, open or resolved.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_report(&self, id: ReportId) -> Result<Option<Report>, StoreError>;

    /// Reports matching `filter`, newest first, with the total.
    ///
    /// # Errors
    /// `Backend` only.
    async fn list_reports(
        &self,
        filter: &ReportFilter,
        page: PageRequest,
    ) -> Result<Paged<Report>, StoreError>;

    /// Resolves report `id` (compare-and-set: only while it is still open) and with it
    /// every other open report on the same target, and writes `log` (when given) in the
    /// same transaction. Answers how many reports were resolved (at least one).
    ///
    /// # Errors
    /// `NotFound` when there is no such report; `Conflict(Stale)` when it is no longer
    /// open (nothing was written); `Backend` otherwise.
    async fn resolve_reports(
        &self,
        id: ReportId,
        resolution: &ReportResolution,
        log: Option<NewModerationEntry>,
    ) -> Result<u64, StoreError>;
}
