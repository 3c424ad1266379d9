//! `/imports`: bringing a Letterboxd history in (issue 13 §2). Upload → dry run (the
//! background worker matches every film) → choices for ambiguous films → confirm → the
//! worker adds what is new. The page polls `GET /imports/{id}` for progress.

pub mod upload;

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use leffaseura_core::domain::import::{Candidate, ImportItem, ImportJob};
use leffaseura_core::domain::paging::Paged;

use crate::api::matching::{ImportOutcome, Matching};
use crate::api::paging::PageWindow;
use crate::api::{ApiTags, JsonBody, Timestamp};
use crate::auth::BearerAuth;
use crate::error::ApiError;
use crate::state::AppState;

use upload::{read_uploads, Uploaded};

/// How many items of each outcome a job has.
#[derive(Object, Debug, Clone)]
pub struct ImportCounts {
    /// All items.
    pub total: i64,
    /// Not looked up in the catalog yet.
    pub pending: i64,
    /// Matched and new: the real run adds them.
    pub would_add: i64,
    /// Matched, but the user already has that review or watchlist entry.
    pub skip_existing: i64,
    /// Never imported (`reason`: `no_review_text`, `too_long`).
    pub skipped: i64,
    /// No film in the catalog has that title and year.
    pub unmatched: i64,
    /// Several films fit; the user chooses (else the item is left out).
    pub ambiguous: i64,
    /// Written by the real run.
    pub added: i64,
    /// Reviews (to be) added with the default rating 3 because Letterboxd had none.
    pub rating_defaulted: i64,
}

/// An import job.
#[derive(Object, Debug, Clone)]
pub struct Import {
    pub id: i64,
    /// `matching` (the dry run is being computed), `ready` (the dry run is complete:
    /// choose, then confirm), `importing`, `done`, `failed` (`parsing` is reserved).
    pub status: String,
    /// 0–100 through the current phase (matching, or importing after confirm).
    pub progress: i64,
    pub counts: ImportCounts,
    /// Items that were `would_add` at confirmation.
    pub to_import: i64,
    /// Why the job failed.
    #[oai(skip_serializing_if_is_none)]
    pub error: Option<String>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl From<&ImportJob> for Import {
    fn from(job: &ImportJob) -> Self {
        let c = &job.counts;
        Self {
            id: job.id,
            status: job.status.as_str().to_owned(),
            progress: job.progress_percent(),
            counts: ImportCounts {
                total: c.total(),
                pending: c.pending,
                would_add: c.would_add,
                skip_existing: c.skip_existing,
                skipped: c.skipped,
                unmatched: c.unmatched,
                ambiguous: c.ambiguous,
                added: c.added,
                rating_defaulted: c.rating_defaulted,
            },
            to_import: job.to_import,
            error: job.error.clone(),
            created_at: job.created_at.into(),
            updated_at: job.updated_at.into(),
        }
    }
}

/// A film the catalog offered for an item.
#[derive(Object, Debug, Clone)]
pub struct ImportCandidate {
    pub tmdb_id: i64,
    pub title: String,
    pub original_title: String,
    pub release_year: Option<i32>,
    pub poster_path: Option<String>,
}

impl From<&Candidate> for ImportCandidate {
    fn from(c: &Candidate) -> Self {
        Self {
            tmdb_id: c.id.0,
            title: c.title.clone(),
            original_title: c.original_title.clone(),
            release_year: c.release_year(),
            poster_path: c.poster_path.clone(),
        }
    }
}

/// One row of the upload and what the import does with it.
#[derive(Object, Debug, Clone)]
pub struct ImportItemObject {
    pub id: i64,
    /// `review`, `watchlist` or `rating` (a rating without review text).
    pub kind: String,
    pub title: String,
    pub year: Option<i32>,
    /// On our 1–5 scale.
    pub rating: Option<i64>,
    /// The default rating 3 was used: Letterboxd had no rating for the film.
    pub rating_defaulted: bool,
    pub text: Option<String>,
    /// `pending`, `matched`, `ambiguous`, `unmatched`, `not_needed`.
    pub match_status: String,
    /// The films to choose from (ambiguous), or the match.
    pub candidates: Vec<ImportCandidate>,
    /// The matched or chosen film.
    pub tmdb_id: Option<i64>,
    /// `pending`, `would_add`, `skip_existing`, `skipped`, `unmatched`, `ambiguous`,
    /// `added`.
    pub outcome: String,
    /// Why a `skipped` item is skipped: `no_review_text` or `too_long`.
    pub reason: Option<String>,
}

impl From<&ImportItem> for ImportItemObject {
    fn from(item: &ImportItem) -> Self {
        let planned = &item.planned;
        Self {
            id: item.id,
            kind: planned.kind.as_str().to_owned(),
            title: planned.title.clone(),
            year: planned.year,
            rating: planned.rating,
            rating_defaulted: planned.rating_defaulted,
            text: planned.text.clone(),
            match_status: item.match_status.as_str().to_owned(),
            candidates: item.candidates.iter().map(ImportCandidate::from).collect(),
            tmdb_id: item.tmdb_id.map(|id| id.0),
            outcome: item.outcome.as_str().to_owned(),
            reason: planned.skip.map(|r| r.as_str().to_owned()),
        }
    }
}

#[derive(Object, Debug)]
pub struct ImportBody {
    /// Always `true`.
    pub success: bool,
    pub import: Import,
}

#[derive(Object, Debug)]
pub struct ImportItemsBody {
    /// Always `true`.
    pub success: bool,
    pub items: Vec<ImportItemObject>,
    pub pagination: PageWindow,
}

#[derive(Object, Debug)]
pub struct ImportItemBody {
    /// Always `true`.
    pub success: bool,
    pub item: ImportItemObject,
}

/// The film chosen for an item.
#[derive(Object, Debug)]
pub struct ChoiceRequest {
    /// One of the item's `candidates`.
    #[oai(validator(minimum(value = "1")))]
    pub tmdb_id: i64,
}

/// A Letterboxd export.
#[derive(Multipart, Debug)]
pub struct LetterboxdUpload {
    /// The ZIP Letterboxd sent, or one or more of its ratings.csv, reviews.csv,
    /// watchlist.csv, diary.csv (repeat the field).
    #[oai(validator(min_items = 1))]
    pub files: Vec<Upload>,
}

#[derive(ApiResponse)]
pub enum StartImportResponse {
    /// The job was stored; the dry run is being computed (`status` `matching`).
    #[oai(status = 202)]
    Accepted(Json<ImportBody>),
}

#[derive(ApiResponse)]
pub enum ImportResponse {
    #[oai(status = 200)]
    Ok(Json<ImportBody>),
}

#[derive(ApiResponse)]
pub enum ImportItemsResponse {
    #[oai(status = 200)]
    Ok(Json<ImportItemsBody>),
}

#[derive(ApiResponse)]
pub enum ImportItemResponse {
    #[oai(status = 200)]
    Ok(Json<ImportItemBody>),
}

fn items_body(page: &Paged<ImportItem>) -> ImportItemsBody {
    ImportItemsBody {
        success: true,
        items: page.items.iter().map(ImportItemObject::from).collect(),
        pagination: PageWindow::from(page),
    }
}

/// `/imports` operations.
pub struct ImportsApi;

#[OpenApi(tag = "ApiTags::ImportExport")]
impl ImportsApi {
    /// Import a Letterboxd export (dry run)
    ///
    /// `multipart/form-data` with one or more `files`: the ZIP Letterboxd sent, or its
    /// `ratings.csv` (`Date,Name,Year,Letterboxd URI,Rating`), `reviews.csv`
    /// (`Date,Name,Year,Letterboxd URI,Rating,Rewatch,Review,Tags,Watched Date`),
    /// `watchlist.csv` (`Date,Name,Year,Letterboxd URI`), `diary.csv`
    /// (`Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date`); a CSV with
    /// another name is known by its columns. Other files of the ZIP, and its folders
    /// (`deleted/`, `orphaned/`), are ignored.
    ///
    /// Nothing is added yet: the answer is a job in `matching`; a background worker looks
    /// every film up by title and year (exactly one film with that title and year, or
    /// else exactly one a year off → matched; several → `ambiguous` with `candidates` to
    /// choose from; none → `unmatched`) and marks the job `ready`. Then each item says
    /// what the real run would do (`would_add`, `skip_existing` when the user already has
    /// it, `skipped`, `unmatched`, `ambiguous`). Poll `GET /imports/{id}`.
    ///
    /// Rules: a review row (reviews.csv with text) becomes a review; several for one
    /// film — the newest wins. Ratings: Letterboxd's 0.5–5 in halves map to our 1–5 by
    /// rounding half up, at least 1 (0.5→1, 1→1, 1.5→2, 2→2, 2.5→3, 3→3, 3.5→4, 4→4,
    /// 4.5→5, 5→5). A review without a rating takes the film's rating from ratings.csv or
    /// diary.csv, else the default 3 (`rating_defaulted`, counted in
    /// `counts.rating_defaulted`). Review text over 5,000 characters is `skipped` with
    /// reason `too_long`. A rating without review text (ratings.csv, diary.csv) is
    /// `skipped` with reason `no_review_text`: our reviews need text and none is
    /// invented. Watchlist rows become watchlist entries. Reviews keep Letterboxd's date.
    ///
    /// Errors (nothing is stored): 413 `import_too_large` for an upload over 10 MB, a
    /// ZIP of more than 20 entries or inflating to more than 20 MB (inflating stops at
    /// the limit); 413 `import_too_many_rows` over 10,000 rows; 400 `import_not_csv`,
    /// `import_bad_encoding` (not UTF-8), `import_wrong_columns`, `import_bad_row` (a
    /// rating, year or date that does not read; the message names file and row),
    /// `import_no_files`.
    #[oai(
        path = "/imports/letterboxd",
        method = "post",
        operation_id = "startLetterboxdImport"
    )]
    async fn start(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        upload: LetterboxdUpload,
    ) -> Result<StartImportResponse, ApiError> {
        let mut files = Vec::with_capacity(upload.files.len());
        for file in upload.files {
            let name = file.file_name().map(str::to_owned);
            let bytes = file
                .into_vec()
                .await
                .map_err(|err| ApiError::from(leffaseura_core::Error::internal(err)))?;
            files.push(Uploaded { name, bytes });
        }
        let tables = read_uploads(files)?;
        let job = state.imports.start_letterboxd(&auth.0, &tables).await?;
        Ok(StartImportResponse::Accepted(Json(ImportBody {
            success: true,
            import: Import::from(&job),
        })))
    }

    /// An import's status, counts and progress
    ///
    /// Errors: 404 `import_not_found` (also for someone else's).
    #[oai(path = "/imports/:id", method = "get", operation_id = "getImport")]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The import's id.
        id: Path<i64>,
    ) -> Result<ImportResponse, ApiError> {
        let job = state.imports.get_import(&auth.0, id.0).await?;
        Ok(ImportResponse::Ok(Json(ImportBody {
            success: true,
            import: Import::from(&job),
        })))
    }

    /// An import's items, 50 per page, in file order
    ///
    /// Errors: 404 `import_not_found`; 400 `invalid_parameter` for an unknown `outcome`
    /// or a `page` below 1.
    #[oai(
        path = "/imports/:id/items",
        method = "get",
        operation_id = "listImportItems"
    )]
    async fn items(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The import's id.
        id: Path<i64>,
        /// Only items with this outcome (`would_add`, `skip_existing`, `skipped`,
        /// `unmatched`, `ambiguous`, `added`, `pending`).
        outcome: Query<Option<Matching<ImportOutcome>>>,
        /// From 1 (default 1) to 1000000.
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))]
        page: Query<Option<i64>>,
    ) -> Result<ImportItemsResponse, ApiError> {
        let found = state
            .imports
            .import_items(&auth.0, id.0, outcome.0.as_deref(), page.0)
            .await?;
        Ok(ImportItemsResponse::Ok(Json(items_body(&found))))
    }

    /// Choose the film an item stands for
    ///
    /// For an `ambiguous` item (or to correct a match) while the import is `ready`: the
    /// item becomes `would_add`, or `skip_existing` when the user already has that film.
    /// Errors: 404 `import_not_found`, `import_item_not_found`; 409 `import_not_ready`;
    /// 400 `invalid_choice` when `tmdb_id` is not one of the item's candidates or the item
    /// is skipped or unmatched.
    #[oai(
        path = "/imports/:id/items/:item/choice",
        method = "post",
        operation_id = "chooseImportItem"
    )]
    async fn choose(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The import's id.
        id: Path<i64>,
        /// The item's id.
        item: Path<i64>,
        body: JsonBody<ChoiceRequest>,
    ) -> Result<ImportItemResponse, ApiError> {
        let chosen = state
            .imports
            .choose(&auth.0, id.0, item.0, body.0.tmdb_id)
            .await?;
        Ok(ImportItemResponse::Ok(Json(ImportItemBody {
            success: true,
            item: ImportItemObject::from(&chosen),
        })))
    }

    /// Confirm: add what the dry run shows as `would_add`
    ///
    /// The job goes to `importing`; the worker adds the items in batches (poll
    /// `GET /imports/{id}`), then `done`. Idempotent: confirming again, or importing the
    /// same file again, adds nothing (what the user already has is skipped). Ambiguous
    /// items without a choice are left out. Errors: 404 `import_not_found`; 409
    /// `import_not_ready` while still `matching`.
    #[oai(
        path = "/imports/:id/confirm",
        method = "post",
        operation_id = "confirmImport"
    )]
    async fn confirm(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        /// The import's id.
        id: Path<i64>,
    ) -> Result<ImportResponse, ApiError> {
        let job = state.imports.confirm(&auth.0, id.0).await?;
        Ok(ImportResponse::Ok(Json(ImportBody {
            success: true,
            import: Import::from(&job),
        })))
    }
}
