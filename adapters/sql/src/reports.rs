//! [`ReportStore`]: users' reports. Filing checks the reporter's open report on the
//! target and their recent count in the same transaction as the insert (the reporter's
//! row is locked on Postgres; SQLite's write transaction is exclusive), so simultaneous
//! filings cannot pass the one-open-report rule or the rate limit together.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use leffaseura_core::domain::moderation::NewModerationEntry;
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::report::{
    Filing, NewReport, Report, ReportFilter, ReportReason, ReportResolution, ReportTarget,
    ReportTargetType, Resolution,
};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::ReportStore;
use leffaseura_core::{ReportId, StoreError, UserId};

use crate::error::{retrying, store_error};
use crate::time::{from_millis, to_millis};
use crate::users::insert_moderation_entry;
use crate::{Backend, SqlStore};

const REPORT_COLUMNS: &str = "r.id, r.reporter_id, u.username AS reporter_name, \
    r.target_type, r.target_id, r.target_user_id, r.target_label, r.reason, r.note, \
    r.created_at, r.resolution, r.resolved_at, r.resolved_by, r.resolution_reason";

const REPORT_FROM: &str = "FROM reports r JOIN users u ON u.id = r.reporter_id";

fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Backend(format!("unknown report {what} {value:?}").into())
}

fn report_from_row(row: &AnyRow) -> Result<Report, StoreError> {
    let get_text = |name: &str| row.try_get::<String, _>(name).map_err(store_error);
    let kind = get_text("target_type")?;
    let kind = ReportTargetType::parse(&kind).ok_or_else(|| corrupt("target type", &kind))?;
    let reason = get_text("reason")?;
    let reason = ReportReason::parse(&reason).ok_or_else(|| corrupt("reason", &reason))?;
    let resolution: Option<String> = row.try_get("resolution").map_err(store_error)?;
    let resolution = match resolution {
        None => None,
        Some(name) => {
            let resolved_at: Option<i64> = row.try_get("resolved_at").map_err(store_error)?;
            let resolved_by: Option<String> = row.try_get("resolved_by").map_err(store_error)?;
            Some(ReportResolution {
                resolution: Resolution::parse(&name).ok_or_else(|| corrupt("resolution", &name))?,
                resolved_by: resolved_by.unwrap_or_default(),
                reason: row.try_get("resolution_reason").map_err(store_error)?,
                resolved_at: from_millis(resolved_at.unwrap_or_default())?,
            })
        }
    };
    let target_user: Option<i64> = row.try_get("target_user_id").map_err(store_error)?;
    Ok(Report {
        id: ReportId(row.try_get("id").map_err(store_error)?),
        reporter: UserId(row.try_get("reporter_id").map_err(store_error)?),
        reporter_name: get_text("reporter_name")?,
        target: ReportTarget::new(kind, row.try_get("target_id").map_err(store_error)?),
        target_user: target_user.map(UserId),
        target_label: get_text("target_label")?,
        reason,
        note: row.try_get("note").map_err(store_error)?,
        created_at: from_millis(row.try_get("created_at").map_err(store_error)?)?,
        resolution,
    })
}

/// A value bound to a [`report_condition`] placeholder.
enum Value {
    Int(i64),
    Text(&'static str),
}

/// ` WHERE …` with `$1…` placeholders for what `filter` asks, and their values in order.
fn report_condition(filter: &ReportFilter) -> (String, Vec<Value>) {
    let mut values = Vec::new();
    let mut conditions = Vec::new();
    let mut add = |column: &str, value: Value| {
        values.push(value);
        conditions.push(format!("{column} = ${}", values.len()));
    };
    if let Some(status) = filter.status {
        add("r.status", Value::Text(status.as_str()));
    }
    if let Some(kind) = filter.target_type {
        add("r.target_type", Value::Text(kind.as_str()));
    }
    if let Some(reporter) = filter.reporter {
        add("r.reporter_id", Value::Int(reporter.0));
    }
    let condition = if conditions.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conditions.join(" AND "))
    };
    (condition, values)
}

impl SqlStore {
    /// One attempt of [`ReportStore::file_report`]: the new report's id, or why not.
    async fn file_report_once(
        &self,
        report: &NewReport,
        since: DateTime<Utc>,
        max_recent: i64,
    ) -> Result<Result<ReportId, Filing>, StoreError> {
        let mut tx = self.begin_write().await?;
        let lock = match self.backend() {
            Backend::Sqlite => "SELECT id FROM users WHERE id = $1",
            Backend::Postgres => "SELECT id FROM users WHERE id = $1 FOR UPDATE",
        };
        sqlx::query_scalar::<_, i64>(lock)
            .bind(report.reporter.0)
            .fetch_optional(&mut *tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let open: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM reports WHERE reporter_id = $1 \
             AND target_type = $2 AND target_id = $3 AND status = 'open'",
        )
        .bind(report.reporter.0)
        .bind(report.target.kind().as_str())
        .bind(report.target.id())
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error)?;
        if open > 0 {
            return Ok(Err(Filing::AlreadyOpen));
        }
        let recent: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM reports \
             WHERE reporter_id = $1 AND created_at >= $2",
        )
        .bind(report.reporter.0)
        .bind(to_millis(since))
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error)?;
        if recent >= max_recent {
            // The report whose leaving the window brings the count below the limit.
            let next_leaves: i64 = sqlx::query_scalar(
                "SELECT created_at FROM reports WHERE reporter_id = $1 AND created_at >= $2 \
                 ORDER BY created_at, id LIMIT 1 OFFSET $3",
            )
            .bind(report.reporter.0)
            .bind(to_millis(since))
            .bind(recent - max_recent)
            .fetch_one(&mut *tx)
            .await
            .map_err(store_error)?;
            return Ok(Err(Filing::TooMany {
                next_leaves: from_millis(next_leaves)?,
            }));
        }
        let inserted = sqlx::query_scalar::<_, i64>(
            "INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, \
               target_label, reason, note, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(report.reporter.0)
        .bind(report.target.kind().as_str())
        .bind(report.target.id())
        .bind(report.target_user.map(|user| user.0))
        .bind(report.target_label.as_str())
        .bind(report.reason.as_str())
        .bind(report.note.as_deref())
        .bind(to_millis(report.created_at))
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error);
        let id = match inserted {
            Ok(id) => id,
            // reports_open_key: the same report filed by a concurrent request.
            Err(StoreError::Conflict(_)) => return Ok(Err(Filing::AlreadyOpen)),
            Err(other) => return Err(other),
        };
        tx.commit().await.map_err(store_error)?;
        Ok(Ok(ReportId(id)))
    }

    /// One attempt of [`ReportStore::resolve_reports`].
    async fn resolve_reports_once(
        &self,
        id: ReportId,
        resolution: &ReportResolution,
        log: Option<&NewModerationEntry>,
    ) -> Result<u64, StoreError> {
        let mut tx = self.begin_write().await?;
        let row = sqlx::query("SELECT target_type, target_id FROM reports WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&mut *tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let kind: String = row.try_get("target_type").map_err(store_error)?;
        let kind = ReportTargetType::parse(&kind).ok_or_else(|| corrupt("target type", &kind))?;
        let target: i64 = row.try_get("target_id").map_err(store_error)?;
        let this = resolve(&mut tx, resolution, "id = $6", &[Value::Int(id.0)]).await?;
        if this == 0 {
            return Err(StoreError::Conflict(Conflict::Stale));
        }
        let others = resolve(
            &mut tx,
            resolution,
            "target_type = $6 AND target_id = $7",
            &[Value::Text(kind.as_str()), Value::Int(target)],
        )
        .await?;
        if let Some(log) = log {
            insert_moderation_entry(&mut tx, log).await?;
        }
        tx.commit().await.map_err(store_error)?;
        Ok(this + others)
    }
}

/// Marks the open reports matching `condition` (placeholders from `$6`, bound from
/// `values`) resolved; answers how many.
async fn resolve(
    tx: &mut Transaction<'static, Any>,
    resolution: &ReportResolution,
    condition: &str,
    values: &[Value],
) -> Result<u64, StoreError> {
    let sql = format!(
        "UPDATE reports SET status = 'resolved', resolution = $1, resolved_at = $2, \
           resolved_by = $3, resolution_reason = $4 \
         WHERE status = $5 AND {condition}"
    );
    let mut query = sqlx::query(&sql)
        .bind(resolution.resolution.as_str())
        .bind(to_millis(resolution.resolved_at))
        .bind(resolution.resolved_by.as_str())
        .bind(resolution.reason.as_deref())
        .bind("open");
    for value in values {
        query = match value {
            Value::Int(v) => query.bind(*v),
            Value::Text(v) => query.bind(*v),
        };
    }
    let done = query.execute(&mut **tx).await.map_err(store_error)?;
    Ok(done.rows_affected())
}

#[async_trait]
impl ReportStore for SqlStore {
    async fn file_report(
        &self,
        report: &NewReport,
        since: DateTime<Utc>,
        max_recent: i64,
    ) -> Result<Filing, StoreError> {
        match retrying(|| self.file_report_once(report, since, max_recent)).await? {
            Ok(id) => self
                .find_report(id)
                .await?
                .map(Filing::Filed)
                .ok_or(StoreError::NotFound),
            Err(refusal) => Ok(refusal),
        }
    }

    async fn find_report(&self, id: ReportId) -> Result<Option<Report>, StoreError> {
        let sql = format!("SELECT {REPORT_COLUMNS} {REPORT_FROM} WHERE r.id = $1");
        sqlx::query(&sql)
            .bind(id.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?
            .as_ref()
            .map(report_from_row)
            .transpose()
    }

    async fn list_reports(
        &self,
        filter: &ReportFilter,
        page: PageRequest,
    ) -> Result<Paged<Report>, StoreError> {
        let (condition, values) = report_condition(filter);
        let count_sql = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM reports r{condition}");
        let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
        for value in &values {
            count = match value {
                Value::Int(v) => count.bind(*v),
                Value::Text(v) => count.bind(*v),
            };
        }
        let total = count.fetch_one(self.pool()).await.map_err(store_error)?;
        let sql = format!(
            "SELECT {REPORT_COLUMNS} {REPORT_FROM}{condition} ORDER BY r.id DESC \
             LIMIT ${} OFFSET ${}",
            values.len() + 1,
            values.len() + 2
        );
        let mut query = sqlx::query(&sql);
        for value in &values {
            query = match value {
                Value::Int(v) => query.bind(*v),
                Value::Text(v) => query.bind(*v),
            };
        }
        let rows = query
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        Ok(Paged {
            items: rows.iter().map(report_from_row).collect::<Result<_, _>>()?,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    async fn resolve_reports(
        &self,
        id: ReportId,
        resolution: &ReportResolution,
        log: Option<NewModerationEntry>,
    ) -> Result<u64, StoreError> {
        self.changing(retrying(|| {
            self.resolve_reports_once(id, resolution, log.as_ref())
        }))
        .await
    }
}
