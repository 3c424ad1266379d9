//! The background half of imports: one batch of matching or importing per call. The
//! server runs [`Imports::work_once`] in a loop on every instance; the lease in the store
//! keeps one job with one worker at a time, and a job whose worker died is taken over
//! when its lease runs out, so a restart loses nothing.

use std::collections::HashSet;

use chrono::Duration;

use crate::domain::favorite::{FavoriteList, NewFavorite};
use crate::domain::import::{
    classify_match, matched_film, outcome_for, Candidate, ImportItem, ImportJob, ImportStatus,
    ItemKind, ItemUpdate, MatchStatus, Outcome, DEFAULT_RATING,
};
use crate::domain::rating::Rating;
use crate::domain::review::NewReview;
use crate::domain::text::ReviewContent;
use crate::error::{Conflict, Error, StoreError};
use crate::ids::MovieId;
use crate::use_cases::imports::Imports;

/// Items per batch: small enough that a batch ends well within the lease even when every
/// title goes to TMDB, large enough that a 5,000-row import is 100 batches.
pub const IMPORT_BATCH: i64 = 50;
/// How long a worker holds a job per batch before another may take it over.
pub const IMPORT_LEASE_SECS: i64 = 120;

/// An item with what the catalog answered for it.
type Looked<'a> = (&'a ImportItem, MatchStatus, Vec<Candidate>, Option<MovieId>);

/// What one call did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkDone {
    /// No job needed work.
    Idle,
    /// A batch of this many items was handled (or a job moved on).
    Worked(usize),
}

impl Imports {
    /// Claims a job that needs work and handles one batch of it. `worker` names this
    /// process in the lease.
    ///
    /// # Errors
    /// `Internal` when the store fails; `Upstream` when the catalog fails (the job stays
    /// as it is and is retried).
    pub async fn work_once(&self, worker: &str) -> Result<WorkDone, Error> {
        let now = self.clock.now();
        let until = now + Duration::seconds(IMPORT_LEASE_SECS);
        let Some(job) = self.store.claim_job(worker, now, until).await? else {
            return Ok(WorkDone::Idle);
        };
        let result = match job.status {
            ImportStatus::Matching => self.match_batch(&job).await,
            ImportStatus::Importing => self.import_batch(&job).await,
            _ => Ok(0),
        };
        // A finished phase already freed the lease; otherwise the next batch may go to
        // any worker.
        self.store.release_job(job.id, worker).await?;
        result.map(WorkDone::Worked)
    }

    async fn match_batch(&self, job: &ImportJob) -> Result<usize, Error> {
        let items = self
            .store
            .items_with(job.id, Outcome::Pending, IMPORT_BATCH)
            .await?;
        if items.is_empty() {
            self.store
                .set_status(
                    job.id,
                    ImportStatus::Matching,
                    ImportStatus::Ready,
                    None,
                    self.clock.now(),
                )
                .await?;
            return Ok(0);
        }
        let mut updates = Vec::with_capacity(items.len());
        for item in &items {
            let found = self
                .catalog
                .best_match_cached(&item.planned.title, item.planned.year, None)
                .await?
                .value;
            let (status, candidates) =
                classify_match(&found, &item.planned.title, item.planned.year);
            let tmdb_id = matched_film(status, &candidates);
            updates.push((item, status, candidates, tmdb_id));
        }
        let mut have = self.already_had(job, &updates).await?;
        for (item, status, candidates, tmdb_id) in updates {
            let key = tmdb_id.map(|id| (item.planned.kind, id));
            let exists = key.is_some_and(|key| have.contains(&key));
            // The first row of a film in the file adds it; later ones are "already there".
            if let Some(key) = key.filter(|_| status == MatchStatus::Matched) {
                have.insert(key);
            }
            let update = ItemUpdate {
                match_status: status,
                outcome: outcome_for(status, exists),
                candidates,
                tmdb_id,
            };
            self.store
                .update_item(item.id, Outcome::Pending, &update)
                .await?;
        }
        Ok(items.len())
    }

    /// The (kind, film) pairs of this batch the user already has, or an earlier item of
    /// the job brings in, in two queries per kind.
    async fn already_had(
        &self,
        job: &ImportJob,
        updates: &[Looked<'_>],
    ) -> Result<HashSet<(ItemKind, MovieId)>, Error> {
        let mut have = HashSet::new();
        for kind in [ItemKind::Review, ItemKind::Watchlist] {
            let movies: Vec<MovieId> = updates
                .iter()
                .filter(|(item, ..)| item.planned.kind == kind)
                .filter_map(|(.., id)| *id)
                .collect();
            if movies.is_empty() {
                continue;
            }
            let mut found = self.store.existing(job.user_id, kind, &movies).await?;
            found.extend(self.store.already_planned(job.id, kind, &movies).await?);
            have.extend(found.into_iter().map(|id| (kind, id)));
        }
        Ok(have)
    }

    async fn import_batch(&self, job: &ImportJob) -> Result<usize, Error> {
        let items = self
            .store
            .items_with(job.id, Outcome::WouldAdd, IMPORT_BATCH)
            .await?;
        if items.is_empty() {
            self.store
                .set_status(
                    job.id,
                    ImportStatus::Importing,
                    ImportStatus::Done,
                    None,
                    self.clock.now(),
                )
                .await?;
            return Ok(0);
        }
        for item in &items {
            let outcome = match self.add(job, item).await {
                Ok(true) => Outcome::Added,
                Ok(false) => Outcome::SkipExisting,
                // A row our rules refuse (the dry run let it through only if the rules
                // changed since): skipped rather than retried for ever.
                Err(Error::Invalid { .. }) => Outcome::Skipped,
                Err(err) => return Err(err),
            };
            let update = ItemUpdate {
                match_status: item.match_status,
                candidates: item.candidates.clone(),
                tmdb_id: item.tmdb_id,
                outcome,
            };
            self.store
                .update_item(item.id, Outcome::WouldAdd, &update)
                .await?;
        }
        Ok(items.len())
    }

    /// Writes one item; `false` when the user already had it (a review of that film, the
    /// film on their watchlist), so nothing is written twice.
    async fn add(&self, job: &ImportJob, item: &ImportItem) -> Result<bool, Error> {
        let Some(film) = item.chosen() else {
            return Ok(false);
        };
        let now = self.clock.now();
        match item.planned.kind {
            ItemKind::Review => {
                let review = NewReview {
                    user_id: job.user_id,
                    movie_id: film.id,
                    rating: Rating::new(item.planned.rating.unwrap_or(DEFAULT_RATING))?,
                    content: ReviewContent::parse(item.planned.text.as_deref().unwrap_or(""))?,
                    created_at: item
                        .planned
                        .logged_at
                        .filter(|at| *at <= now)
                        .unwrap_or(now),
                };
                match self
                    .reviews
                    .create_review(&review, &film.remembered())
                    .await
                {
                    Ok(_) => Ok(true),
                    Err(StoreError::Conflict(Conflict::Review)) => Ok(false),
                    Err(err) => Err(err.into()),
                }
            }
            ItemKind::Watchlist => {
                let entry = NewFavorite {
                    list: FavoriteList::Watchlist(job.user_id),
                    movie_id: film.id,
                    added_by: job.user_id,
                    original_title: film.saved_title().to_owned(),
                    release_year: film.release_year(),
                    poster_path: film.poster_path.clone(),
                    created_at: now,
                };
                let (_, created) = self.favorites.add_favorite(&entry).await?;
                Ok(created)
            }
            ItemKind::Rating => Ok(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::favorite::Favorite;
    use crate::domain::movie::{Cached, MovieSummary};
    use crate::ids::UserId;
    use crate::use_cases::imports::testing::*;

    fn summary(id: i64, title: &str, date: &str) -> MovieSummary {
        MovieSummary {
            id: MovieId(id),
            title: title.to_owned(),
            original_title: title.to_owned(),
            release_date: date.to_owned(),
            overview: String::new(),
            poster_path: None,
            vote_average: 7.0,
            genre_ids: Vec::new(),
        }
    }

    #[tokio::test]
    async fn no_job_means_idle() {
        let mut ports = Ports::new();
        ports.store.expect_claim_job().returning(|_, _, _| Ok(None));
        let done = ports.build().work_once("w").await.expect("worked");
        assert_eq!(done, WorkDone::Idle);
    }

    #[tokio::test]
    async fn matching_marks_each_item_and_skips_what_the_user_has() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_claim_job()
            .returning(|_, _, _| Ok(Some(job(1, 7, ImportStatus::Matching))));
        ports.store.expect_items_with().returning(|_, _, _| {
            Ok(vec![
                item(1, ItemKind::Review, Outcome::Pending),
                item(2, ItemKind::Watchlist, Outcome::Pending),
                // The same film again in the file (another Letterboxd entry): added once.
                item(3, ItemKind::Watchlist, Outcome::Pending),
            ])
        });
        ports
            .catalog
            .expect_best_match_cached()
            .returning(|_, _, _| Ok(Cached::fresh(vec![summary(949, "Heat", "1995-12-15")])));
        // The user already reviewed Heat, but it is not on their watchlist.
        ports.store.expect_existing().returning(|_, kind, movies| {
            Ok(if kind == ItemKind::Review {
                movies.to_vec()
            } else {
                Vec::new()
            })
        });
        ports
            .store
            .expect_already_planned()
            .returning(|_, _, _| Ok(Vec::new()));
        ports
            .store
            .expect_update_item()
            .withf(|id, expected, update| {
                *expected == Outcome::Pending
                    && update.tmdb_id == Some(MovieId(949))
                    && update.outcome
                        == if *id == 2 {
                            Outcome::WouldAdd
                        } else {
                            Outcome::SkipExisting
                        }
            })
            .times(3)
            .returning(|_, _, _| Ok(true));
        ports
            .store
            .expect_release_job()
            .times(1)
            .returning(|_, _| Ok(()));
        let done = ports.build().work_once("w").await.expect("worked");
        assert_eq!(done, WorkDone::Worked(3));
    }

    #[tokio::test]
    async fn a_phase_without_items_left_moves_the_job_on() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_claim_job()
            .returning(|_, _, _| Ok(Some(job(1, 7, ImportStatus::Importing))));
        ports
            .store
            .expect_items_with()
            .returning(|_, _, _| Ok(Vec::new()));
        ports
            .store
            .expect_set_status()
            .withf(|_, from, to, _, _| {
                *from == ImportStatus::Importing && *to == ImportStatus::Done
            })
            .times(1)
            .returning(|_, _, _, _, _| Ok(true));
        ports.store.expect_release_job().returning(|_, _| Ok(()));
        ports.build().work_once("w").await.expect("worked");
    }

    #[tokio::test]
    async fn importing_adds_new_items_and_counts_existing_ones_as_skipped() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_claim_job()
            .returning(|_, _, _| Ok(Some(job(1, 7, ImportStatus::Importing))));
        ports.store.expect_items_with().returning(|_, _, _| {
            let mut review = item(1, ItemKind::Review, Outcome::WouldAdd);
            let mut watch = item(2, ItemKind::Watchlist, Outcome::WouldAdd);
            for it in [&mut review, &mut watch] {
                it.match_status = MatchStatus::Matched;
                it.candidates = vec![candidate(949, "Heat", "1995-12-15")];
                it.tmdb_id = Some(MovieId(949));
            }
            Ok(vec![review, watch])
        });
        // The review was written meanwhile (e.g. by a worker that died before marking it).
        ports
            .reviews
            .expect_create_review()
            .withf(|review, movie| review.user_id == UserId(7) && movie.id == MovieId(949))
            .returning(|_, _| Err(StoreError::Conflict(Conflict::Review)));
        ports.favorites.expect_add_favorite().returning(|entry| {
            Ok((
                Favorite {
                    id: 1,
                    list: entry.list,
                    movie_id: entry.movie_id,
                    added_by: entry.added_by,
                    original_title: entry.original_title.clone(),
                    release_year: entry.release_year,
                    poster_path: None,
                    remembered_poster: None,
                    rating: None,
                    created_at: entry.created_at,
                },
                true,
            ))
        });
        ports
            .store
            .expect_update_item()
            .withf(|id, expected, update| {
                *expected == Outcome::WouldAdd
                    && update.outcome
                        == if *id == 1 {
                            Outcome::SkipExisting
                        } else {
                            Outcome::Added
                        }
            })
            .times(2)
            .returning(|_, _, _| Ok(true));
        ports.store.expect_release_job().returning(|_, _| Ok(()));
        let done = ports.build().work_once("w").await.expect("worked");
        assert_eq!(done, WorkDone::Worked(2));
    }
}
