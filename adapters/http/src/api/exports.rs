//! `/users/me/export`: everything stored about the caller, as one JSON document or as CSV
//! files in a ZIP (issue 13 §2). The document is core's [`ExportDocument`], the same the
//! admin CLI's `export-user` prints.

use std::io::{Cursor, Write};

use poem::web::Data;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, OpenApi};

use leffaseura_core::domain::export::{ExportDocument, ExportTable};
use leffaseura_core::Error;

use crate::api::ApiTags;
use crate::auth::BearerAuth;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum ExportResponse {
    /// The export document.
    #[oai(status = 200)]
    Ok(
        Json<serde_json::Value>,
        /// `attachment; filename="leffaseura-export.json"`: browsers save it.
        #[oai(header = "Content-Disposition")]
        String,
    ),
}

#[derive(ApiResponse)]
pub enum ExportZipResponse {
    /// The ZIP (deflate): profile.csv, reviews.csv, reactions.csv, favorites.csv,
    /// watchlist.csv, groups.csv, watch_parties.csv and export.json.
    #[oai(status = 200, content_type = "application/zip")]
    Ok(
        Binary<Vec<u8>>,
        /// `attachment; filename="leffaseura-export.zip"`.
        #[oai(header = "Content-Disposition")]
        String,
    ),
}

fn internal(err: impl std::error::Error + Send + Sync + 'static) -> ApiError {
    Error::internal(err).into()
}

fn write_table(table: &ExportTable) -> Result<Vec<u8>, ApiError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&table.header).map_err(internal)?;
    for row in &table.rows {
        writer.write_record(row).map_err(internal)?;
    }
    writer
        .into_inner()
        .map_err(|err| internal(std::io::Error::other(err.to_string())))
}

/// The ZIP of the export: one CSV per table and the JSON document.
fn zip_document(document: &ExportDocument, json: &[u8]) -> Result<Vec<u8>, ApiError> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for table in document.tables() {
        let bytes = write_table(&table)?;
        zip.start_file(table.file_name, options).map_err(internal)?;
        zip.write_all(&bytes).map_err(internal)?;
    }
    zip.start_file("export.json", options).map_err(internal)?;
    zip.write_all(json).map_err(internal)?;
    Ok(zip.finish().map_err(internal)?.into_inner())
}

/// The self-service export.
pub struct ExportsApi;

#[OpenApi(tag = "ApiTags::ImportExport")]
impl ExportsApi {
    /// Download everything stored about the caller (JSON)
    ///
    /// One document, `format_version` 1: `exported_at`; `user` (id, username, email,
    /// user_bio, created_at, banned, banned_until, role, is_admin, review_count,
    /// average_rating, total_likes, total_dislikes, aura, aura_label — never the password
    /// hash or token version); `language`; `reviews` (id, movie_id, movie_title, user_id,
    /// username, rating, content, likes, dislikes, created_at, updated_at); `reactions`
    /// (kind `like`/`dislike`, reacted_at, review); `favorites` and `watchlist` (movie_id,
    /// title, release_year, added_at); `groups` (role and the group); `showtime_preferences`
    /// (or `null`); `moderation` (what moderators did to the account); `watch_parties`
    /// (the parties they answered or made: id, group_id, group_name, title, theatre,
    /// auditorium, starts_at, status, created_by_them, note — theirs only —, answer,
    /// answered_at). The admin CLI's
    /// `export-user` prints the same document. Errors: 401 without a valid session.
    #[oai(
        path = "/users/me/export",
        method = "get",
        operation_id = "exportMyData"
    )]
    async fn export_json(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<ExportResponse, ApiError> {
        let export = state.personal_data.export_user(auth.0.id).await?;
        let document = ExportDocument::from(&export);
        let json = serde_json::to_value(&document).map_err(internal)?;
        Ok(ExportResponse::Ok(
            Json(json),
            "attachment; filename=\"leffaseura-export.json\"".to_owned(),
        ))
    }

    /// Download everything stored about the caller (CSV files in a ZIP)
    ///
    /// The same data as `GET /users/me/export` as spreadsheet files: profile.csv,
    /// reviews.csv, reactions.csv, favorites.csv, watchlist.csv, groups.csv,
    /// watch_parties.csv (UTF-8, a header row each), plus the JSON document as
    /// export.json. A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
    /// gets a leading `'` so a spreadsheet never runs it as a formula. Errors: 401 without a valid session.
    #[oai(
        path = "/users/me/export.zip",
        method = "get",
        operation_id = "exportMyDataZip"
    )]
    async fn export_zip(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<ExportZipResponse, ApiError> {
        let export = state.personal_data.export_user(auth.0.id).await?;
        let document = ExportDocument::from(&export);
        let json = serde_json::to_vec_pretty(&document).map_err(internal)?;
        let bytes = zip_document(&document, &json)?;
        Ok(ExportZipResponse::Ok(
            Binary(bytes),
            "attachment; filename=\"leffaseura-export.zip\"".to_owned(),
        ))
    }
}
