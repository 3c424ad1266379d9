//! `/reports`: a logged-in user reports a review, a group or a user to the site's admins,
//! and follows what became of their reports. Admins resolve reports from the admin CLI.

use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::domain::report::{
    Report as CoreReport, ReportReason as CoreReason, ReportStatus as CoreStatus, ReportTarget,
    ReportTargetType as CoreTargetType, Resolution as CoreResolution,
};

use crate::api::paging::PageWindow;
use crate::api::{ApiTags, BodyId, JsonBody, Nullable, Timestamp};
use crate::auth::BearerAuth;
use crate::error::ApiError;
use crate::state::AppState;

/// What kind of thing is reported.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum ReportTargetType {
    Review,
    Group,
    User,
}

impl From<ReportTargetType> for CoreTargetType {
    fn from(kind: ReportTargetType) -> Self {
        match kind {
            ReportTargetType::Review => Self::Review,
            ReportTargetType::Group => Self::Group,
            ReportTargetType::User => Self::User,
        }
    }
}

impl From<CoreTargetType> for ReportTargetType {
    fn from(kind: CoreTargetType) -> Self {
        match kind {
            CoreTargetType::Review => Self::Review,
            CoreTargetType::Group => Self::Group,
            CoreTargetType::User => Self::User,
        }
    }
}

/// Why it is reported.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum ReportReason {
    Spam,
    Abuse,
    Spoilers,
    Other,
}

impl From<ReportReason> for CoreReason {
    fn from(reason: ReportReason) -> Self {
        match reason {
            ReportReason::Spam => Self::Spam,
            ReportReason::Abuse => Self::Abuse,
            ReportReason::Spoilers => Self::Spoilers,
            ReportReason::Other => Self::Other,
        }
    }
}

impl From<CoreReason> for ReportReason {
    fn from(reason: CoreReason) -> Self {
        match reason {
            CoreReason::Spam => Self::Spam,
            CoreReason::Abuse => Self::Abuse,
            CoreReason::Spoilers => Self::Spoilers,
            CoreReason::Other => Self::Other,
        }
    }
}

/// `open` until a moderator handles the report.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum ReportStatus {
    Open,
    Resolved,
}

/// How a moderator handled a report.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "snake_case")]
pub enum ReportResolution {
    /// Looked at; nothing against the rules.
    Dismissed,
    ReviewDeleted,
    UserBanned,
    GroupDeleted,
}

impl From<CoreResolution> for ReportResolution {
    fn from(resolution: CoreResolution) -> Self {
        match resolution {
            CoreResolution::Dismissed => Self::Dismissed,
            CoreResolution::ReviewDeleted => Self::ReviewDeleted,
            CoreResolution::UserBanned => Self::UserBanned,
            CoreResolution::GroupDeleted => Self::GroupDeleted,
        }
    }
}

/// A report as its reporter sees it.
#[derive(Object, Debug, Clone, PartialEq)]
pub struct Report {
    pub id: i64,
    pub target_type: ReportTargetType,
    /// The reported review's, group's or user's id.
    pub target_id: i64,
    /// How the target read when it was reported ("username on Movie title", a group's
    /// name, a username): it still reads after the target is deleted.
    pub target_label: String,
    pub reason: ReportReason,
    pub note: Nullable<String>,
    pub status: ReportStatus,
    /// How it was handled; `null` while open.
    pub resolution: Nullable<ReportResolution>,
    /// When it was handled; `null` while open.
    pub resolved_at: Nullable<Timestamp>,
    pub created_at: Timestamp,
}

impl From<CoreReport> for Report {
    fn from(report: CoreReport) -> Self {
        let status = match report.status() {
            CoreStatus::Open => ReportStatus::Open,
            CoreStatus::Resolved => ReportStatus::Resolved,
        };
        Self {
            id: report.id.0,
            target_type: report.target.kind().into(),
            target_id: report.target.id(),
            target_label: report.target_label,
            reason: report.reason.into(),
            note: report.note.into(),
            status,
            resolution: report
                .resolution
                .as_ref()
                .map(|r| ReportResolution::from(r.resolution))
                .into(),
            resolved_at: report
                .resolution
                .as_ref()
                .map(|r| Timestamp(r.resolved_at))
                .into(),
            created_at: report.created_at.into(),
        }
    }
}

/// A report to file.
#[derive(Object, Debug)]
pub struct FileReportRequest {
    pub target_type: ReportTargetType,
    /// The review's, group's or user's id: a number or a string of digits.
    pub target_id: BodyId,
    pub reason: ReportReason,
    /// Optional words for the moderator: at most 500 characters after trimming, no
    /// control characters but line breaks and tabs.
    #[oai(validator(
        max_length = 500,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$"
    ))]
    pub note: Option<String>,
}

/// One report.
#[derive(Object, Debug)]
pub struct ReportBody {
    /// Always `true`.
    pub success: bool,
    pub report: Report,
}

/// Where a window of the caller's reports lies in the whole list.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
pub struct ReportPagination {
    #[oai(flatten)]
    pub window: PageWindow,
}

/// A window of the caller's reports, newest first.
#[derive(Object, Debug)]
pub struct ReportListBody {
    /// Always `true`.
    pub success: bool,
    pub reports: Vec<Report>,
    pub pagination: ReportPagination,
}

impl From<Paged<CoreReport>> for ReportListBody {
    fn from(page: Paged<CoreReport>) -> Self {
        let pagination = ReportPagination {
            window: (&page).into(),
        };
        Self {
            success: true,
            reports: page.items.into_iter().map(Report::from).collect(),
            pagination,
        }
    }
}

#[derive(ApiResponse)]
pub enum FileReportResponse {
    /// Filed; a moderator will look at it.
    #[oai(status = 201)]
    Created(Json<ReportBody>),
}

#[derive(ApiResponse)]
pub enum ReportListResponse {
    /// A window of the caller's reports.
    #[oai(status = 200)]
    Ok(Json<ReportListBody>),
}

/// `/reports` operations.
pub struct ReportsApi;

#[OpenApi(tag = "ApiTags::Reports")]
impl ReportsApi {
    /// Report a review, a group or a user to the moderators
    ///
    /// 201 with the report, open until a moderator handles it. One open report per
    /// caller and target, and at most 10 reports per caller an hour. Errors: 400
    /// `validation_error` (an unknown `target_type` or `reason`, a bad `target_id`, a
    /// `note` over 500 characters or with control characters); 403 `cannot_report_self`
    /// for yourself, your own review or a group you own; 404 `review_not_found`,
    /// `group_not_found`, `user_not_found`; 409 `report_already_open` while your earlier
    /// report on the target is open; 429 `too_many_reports` with `Retry-After` (seconds
    /// until the oldest of the hour's reports leaves the window).
    #[oai(path = "/reports", method = "post", operation_id = "fileReport")]
    async fn file_report(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<FileReportRequest>,
    ) -> Result<FileReportResponse, ApiError> {
        let body = body.0;
        let target = ReportTarget::new(body.target_type.into(), body.target_id.0);
        let report = state
            .reports
            .file_report(&auth.0, target, body.reason.into(), body.note.as_deref())
            .await?;
        Ok(FileReportResponse::Created(Json(ReportBody {
            success: true,
            report: report.into(),
        })))
    }

    /// The caller's reports, newest first, with how each was handled
    ///
    /// `status` is `open` until a moderator acts; then `resolution` says what was done
    /// (`dismissed`, `review_deleted`, `user_banned`, `group_deleted`) and `resolved_at`
    /// when. Errors: 400 `invalid_parameter` for `limit` outside 1..=100 or a negative
    /// `offset`.
    #[oai(path = "/reports/mine", method = "get", operation_id = "listMyReports")]
    async fn my_reports(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// 1..=100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<ReportListResponse, ApiError> {
        let page = state
            .reports
            .my_reports(auth.0.id, limit.0, offset.0)
            .await?;
        Ok(ReportListResponse::Ok(Json(page.into())))
    }
}
