//! Importing a Letterboxd export (issue 13 §2): start a job from the uploaded files (the
//! dry run), read its progress and items, choose among ambiguous candidates, confirm.
//! The background work (matching, then importing) is [`Imports::work_once`] in
//! `import_worker`.
//!
//! Idempotence: an item is added only when the user does not have it yet (checked at the
//! dry run and again when written), so confirming twice, or importing the same file
//! twice, adds nothing the second time.

use std::sync::Arc;

use crate::domain::import::{
    outcome_for, parse_tables, plan_items, ImportItem, ImportJob, ImportStatus, ItemUpdate,
    MatchStatus, Outcome, RawTable,
};
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ids::MovieId;
use crate::ports::{Clock, FavoriteStore, ImportStore, MovieCatalog, ReviewStore};

/// Items per page of [`Imports::import_items`].
pub const ITEMS_PER_PAGE: i64 = 50;
/// The last page one may ask for (an import holds at most 10,000 rows: 200 pages).
pub const ITEMS_PAGE_MAX: i64 = 1_000_000;

/// The ports imports need.
pub struct Imports {
    pub(crate) store: Arc<dyn ImportStore>,
    pub(crate) catalog: Arc<dyn MovieCatalog>,
    pub(crate) reviews: Arc<dyn ReviewStore>,
    pub(crate) favorites: Arc<dyn FavoriteStore>,
    pub(crate) clock: Arc<dyn Clock>,
}

fn not_found() -> Error {
    Error::not_found(ErrorCode::ImportNotFound, "Import not found.")
}

fn not_ready(job: &ImportJob) -> Error {
    Error::conflict(
        ErrorCode::ImportNotReady,
        format!(
            "The import is {}: choices and confirmation are possible once its dry run is \
             ready and until it is confirmed.",
            job.status.as_str()
        ),
    )
}

impl Imports {
    pub fn new(
        store: Arc<dyn ImportStore>,
        catalog: Arc<dyn MovieCatalog>,
        reviews: Arc<dyn ReviewStore>,
        favorites: Arc<dyn FavoriteStore>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            store,
            catalog,
            reviews,
            favorites,
            clock,
        }
    }

    /// Checks the files and stores the job with its items; the worker matches them.
    /// Nothing is stored when a file is refused.
    ///
    /// # Errors
    /// As [`parse_tables`]; `Internal` when the store fails.
    pub async fn start_letterboxd(
        &self,
        user: &User,
        tables: &[RawTable],
    ) -> Result<ImportJob, Error> {
        let rows = parse_tables(tables)?;
        let items = plan_items(&rows);
        Ok(self
            .store
            .create_import(user.id, &items, self.clock.now())
            .await?)
    }

    /// The caller's job.
    ///
    /// # Errors
    /// 404 `import_not_found` for a missing job or someone else's.
    pub async fn get_import(&self, user: &User, id: i64) -> Result<ImportJob, Error> {
        match self.store.find_import(id).await? {
            Some(job) if job.user_id == user.id => Ok(job),
            _ => Err(not_found()),
        }
    }

    /// Page `page` (from 1, default 1; [`ITEMS_PER_PAGE`] items each) of the caller's
    /// job's items in file order, optionally only one outcome (its spelling).
    ///
    /// # Errors
    /// 404 `import_not_found`; 400 `invalid_parameter` on `outcome` for an unknown one,
    /// on `page` for one below 1.
    pub async fn import_items(
        &self,
        user: &User,
        id: i64,
        outcome: Option<&str>,
        page: Option<i64>,
    ) -> Result<Paged<ImportItem>, Error> {
        let page = page.unwrap_or(1);
        if !(1..=ITEMS_PAGE_MAX).contains(&page) {
            return Err(Error::invalid(
                "page",
                ErrorCode::InvalidParameter,
                "page must be a whole number from 1 to 1000000.",
            ));
        }
        let page = PageRequest {
            limit: ITEMS_PER_PAGE,
            offset: (page - 1) * ITEMS_PER_PAGE,
        };
        let outcome = match outcome.map(str::trim).filter(|o| !o.is_empty()) {
            None => None,
            Some(raw) => Some(Outcome::parse(raw).ok_or_else(|| {
                Error::invalid(
                    "outcome",
                    ErrorCode::InvalidParameter,
                    "outcome must be one of pending, would_add, skip_existing, skipped, \
                     unmatched, ambiguous, added.",
                )
            })?),
        };
        let job = self.get_import(user, id).await?;
        Ok(self.store.list_items(job.id, outcome, page).await?)
    }

    /// Picks the film an item stands for among its candidates (an ambiguous item, or a
    /// matched one the user corrects), while the dry run is ready.
    ///
    /// # Errors
    /// 404 `import_not_found`, `import_item_not_found`; 409 `import_not_ready`; 400
    /// `invalid_choice` for a film that is not a candidate or an item that was skipped;
    /// 409 `concurrent_change` when the item changed meanwhile.
    pub async fn choose(
        &self,
        user: &User,
        id: i64,
        item: i64,
        tmdb_id: i64,
    ) -> Result<ImportItem, Error> {
        let job = self.get_import(user, id).await?;
        if job.status != ImportStatus::Ready {
            return Err(not_ready(&job));
        }
        let found = self.store.find_item(job.id, item).await?.ok_or_else(|| {
            Error::not_found(ErrorCode::ImportItemNotFound, "Import item not found.")
        })?;
        let choosable = matches!(
            found.outcome,
            Outcome::Ambiguous | Outcome::WouldAdd | Outcome::SkipExisting
        );
        let movie = MovieId(tmdb_id);
        if !choosable || !found.candidates.iter().any(|c| c.id == movie) {
            return Err(Error::invalid(
                "tmdb_id",
                ErrorCode::InvalidChoice,
                "Choose one of the item's candidates.",
            ));
        }
        let exists = !self
            .store
            .existing(user.id, found.planned.kind, &[movie])
            .await?
            .is_empty();
        let update = ItemUpdate {
            match_status: MatchStatus::Matched,
            candidates: found.candidates.clone(),
            tmdb_id: Some(movie),
            outcome: outcome_for(MatchStatus::Matched, exists),
        };
        if !self
            .store
            .update_item(found.id, found.outcome, &update)
            .await?
        {
            return Err(Error::conflict(
                ErrorCode::ConcurrentChange,
                "The item changed meanwhile; nothing was written. Please try again.",
            ));
        }
        Ok(ImportItem {
            match_status: update.match_status,
            tmdb_id: update.tmdb_id,
            outcome: update.outcome,
            ..found
        })
    }

    /// Starts the real run: the worker adds every `would_add` item. Confirming a job that
    /// is already importing or done changes nothing (and adds nothing).
    ///
    /// # Errors
    /// 404 `import_not_found`; 409 `import_not_ready` while it is still matching or failed.
    pub async fn confirm(&self, user: &User, id: i64) -> Result<ImportJob, Error> {
        let job = self.get_import(user, id).await?;
        match job.status {
            ImportStatus::Importing | ImportStatus::Done => return Ok(job),
            ImportStatus::Ready => {}
            _ => return Err(not_ready(&job)),
        }
        // Lost to a concurrent confirm: that one started the run; answer what is stored.
        self.store
            .set_status(
                job.id,
                ImportStatus::Ready,
                ImportStatus::Importing,
                None,
                self.clock.now(),
            )
            .await?;
        self.get_import(user, id).await
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use chrono::{DateTime, Utc};

    use crate::domain::import::{
        Candidate, ImportItem, ImportJob, ImportStatus, ItemKind, MatchStatus, Outcome,
        OutcomeCounts, PlannedItem,
    };
    use crate::ids::{MovieId, UserId};
    use crate::ports::clock::MockClock;
    use crate::ports::favorite_store::MockFavoriteStore;
    use crate::ports::import_store::MockImportStore;
    use crate::ports::movie_catalog::MockMovieCatalog;
    use crate::ports::review_store::MockReviewStore;
    use crate::use_cases::test_support::now;

    use super::Imports;

    pub struct Ports {
        pub store: MockImportStore,
        pub catalog: MockMovieCatalog,
        pub reviews: MockReviewStore,
        pub favorites: MockFavoriteStore,
    }

    impl Ports {
        pub fn new() -> Self {
            Self {
                store: MockImportStore::new(),
                catalog: MockMovieCatalog::new(),
                reviews: MockReviewStore::new(),
                favorites: MockFavoriteStore::new(),
            }
        }

        pub fn build(self) -> Imports {
            let mut clock = MockClock::new();
            clock.expect_now().returning(now);
            Imports::new(
                Arc::new(self.store),
                Arc::new(self.catalog),
                Arc::new(self.reviews),
                Arc::new(self.favorites),
                Arc::new(clock),
            )
        }
    }

    pub fn job(id: i64, owner: i64, status: ImportStatus) -> ImportJob {
        ImportJob {
            id,
            user_id: UserId(owner),
            status,
            error: None,
            counts: OutcomeCounts::default(),
            unmatched_yet: 0,
            to_import: 0,
            created_at: DateTime::<Utc>::UNIX_EPOCH,
            updated_at: DateTime::<Utc>::UNIX_EPOCH,
        }
    }

    pub fn candidate(id: i64, title: &str, date: &str) -> Candidate {
        Candidate {
            id: MovieId(id),
            title: title.to_owned(),
            original_title: title.to_owned(),
            release_date: date.to_owned(),
            poster_path: None,
            vote_average: 7.0,
        }
    }

    pub fn item(id: i64, kind: ItemKind, outcome: Outcome) -> ImportItem {
        ImportItem {
            id,
            job_id: 1,
            position: id,
            planned: PlannedItem {
                kind,
                title: "Heat".to_owned(),
                year: Some(1995),
                rating: Some(4),
                rating_defaulted: false,
                text: (kind == ItemKind::Review).then(|| "Tense.".to_owned()),
                logged_at: None,
                skip: None,
            },
            match_status: MatchStatus::Pending,
            candidates: Vec::new(),
            tmdb_id: None,
            outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use crate::domain::import::{
        ImportStatus, ItemKind, LetterboxdFile, MatchStatus, Outcome, RawTable,
    };
    use crate::ids::MovieId;
    use crate::use_cases::test_support::user;

    fn watchlist_table() -> RawTable {
        RawTable {
            file: LetterboxdFile::Watchlist,
            header: ["Date", "Name", "Year", "Letterboxd URI"]
                .map(str::to_owned)
                .to_vec(),
            records: vec![["2024-01-01", "Heat", "1995", "u"]
                .map(str::to_owned)
                .to_vec()],
        }
    }

    #[tokio::test]
    async fn a_refused_file_stores_nothing() {
        let mut ports = Ports::new();
        ports.store.expect_create_import().never();
        let mut table = watchlist_table();
        table.header.pop();
        let err = ports
            .build()
            .start_letterboxd(&user(1, "a", "pw"), &[table])
            .await
            .expect_err("wrong columns");
        assert_eq!(err.code(), "import_wrong_columns");
    }

    #[tokio::test]
    async fn starting_stores_the_planned_items_for_the_caller() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_create_import()
            .withf(|owner, items, _| {
                owner.0 == 7 && items.len() == 1 && items[0].kind == ItemKind::Watchlist
            })
            .times(1)
            .returning(|_, _, _| Ok(job(3, 7, ImportStatus::Matching)));
        let started = ports
            .build()
            .start_letterboxd(&user(7, "a", "pw"), &[watchlist_table()])
            .await
            .expect("started");
        assert_eq!(started.id, 3);
    }

    #[tokio::test]
    async fn someone_elses_import_is_not_found() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_import()
            .returning(|_| Ok(Some(job(3, 7, ImportStatus::Ready))));
        ports.store.expect_set_status().never();
        let err = ports
            .build()
            .confirm(&user(8, "b", "pw"), 3)
            .await
            .expect_err("404");
        assert_eq!(err.code(), "import_not_found");
    }

    #[tokio::test]
    async fn confirming_twice_starts_the_run_once() {
        for (status, sets) in [
            (ImportStatus::Ready, 1),
            (ImportStatus::Importing, 0),
            (ImportStatus::Done, 0),
        ] {
            let mut ports = Ports::new();
            ports
                .store
                .expect_find_import()
                .returning(move |_| Ok(Some(job(3, 7, status))));
            ports
                .store
                .expect_set_status()
                .withf(|_, from, to, _, _| {
                    *from == ImportStatus::Ready && *to == ImportStatus::Importing
                })
                .times(sets)
                .returning(|_, _, _, _, _| Ok(true));
            ports
                .build()
                .confirm(&user(7, "a", "pw"), 3)
                .await
                .expect("confirmed");
        }
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_import()
            .returning(|_| Ok(Some(job(3, 7, ImportStatus::Matching))));
        let err = ports
            .build()
            .confirm(&user(7, "a", "pw"), 3)
            .await
            .expect_err("not ready");
        assert_eq!(err.code(), "import_not_ready");
    }

    #[tokio::test]
    async fn a_choice_must_be_a_candidate_and_skips_what_exists() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_import()
            .returning(|_| Ok(Some(job(3, 7, ImportStatus::Ready))));
        ports.store.expect_find_item().returning(|_, _| {
            let mut found = item(5, ItemKind::Review, Outcome::Ambiguous);
            found.match_status = MatchStatus::Ambiguous;
            found.candidates = vec![
                candidate(1, "Heat", "1995-12-15"),
                candidate(2, "Heat", "1986-01-01"),
            ];
            Ok(Some(found))
        });
        ports
            .store
            .expect_existing()
            .returning(|_, _, movies| Ok(movies.to_vec()));
        ports
            .store
            .expect_update_item()
            .withf(|_, expected, update| {
                *expected == Outcome::Ambiguous
                    && update.outcome == Outcome::SkipExisting
                    && update.tmdb_id == Some(MovieId(2))
            })
            .times(1)
            .returning(|_, _, _| Ok(true));
        let imports = ports.build();
        let me = user(7, "a", "pw");
        let err = imports
            .choose(&me, 3, 5, 99)
            .await
            .expect_err("not offered");
        assert_eq!(err.code(), "invalid_choice");
        let chosen = imports.choose(&me, 3, 5, 2).await.expect("chosen");
        assert_eq!(chosen.outcome, Outcome::SkipExisting);
    }

    #[tokio::test]
    async fn an_unknown_outcome_filter_is_refused() {
        let err = Ports::new()
            .build()
            .import_items(&user(7, "a", "pw"), 3, Some("maybe"), None)
            .await
            .expect_err("400");
        assert_eq!(err.code(), "invalid_parameter");
    }
}
