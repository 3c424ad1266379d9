//! Bringing a film history in from Letterboxd (issue 13 §2): the files and columns we
//! read, how a Letterboxd rating becomes ours, which rows become reviews or watchlist
//! entries and which are skipped, how a catalog answer becomes a match, and the job's
//! states. The adapter reads the bytes (CSV, ZIP); everything decided is here.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::movie::RememberedMovie;
use crate::ids::{MovieId, UserId};

mod letterboxd;
mod plan;

pub use letterboxd::{map_rating, parse_tables, LetterboxdFile, LetterboxdRow, RawTable};
pub use plan::{
    classify_match, matched_film, outcome_for, plan_items, PlannedItem, CANDIDATES_SHOWN,
};

/// Uploads larger than this are refused (413) before they are read.
pub const UPLOAD_MAX_BYTES: usize = 10 * 1024 * 1024;
/// A ZIP may inflate to at most this many bytes in all; reading stops at the limit.
pub const ZIP_MAX_UNCOMPRESSED: u64 = 20 * 1024 * 1024;
/// A ZIP may hold at most this many entries (a Letterboxd export has about a dozen).
pub const ZIP_MAX_ENTRIES: usize = 20;
/// Rows of all files together; more is refused (413).
pub const MAX_ROWS: usize = 10_000;
/// The rating a review gets when its Letterboxd row has none (PRODUCT-SPEC's default).
pub const DEFAULT_RATING: i64 = 3;

macro_rules! spelled {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident => $text:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vdoc])* $variant),* }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),*];

            pub fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text),* }
            }

            /// The stored spelling back; anything else is `None`.
            pub fn parse(raw: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.as_str() == raw)
            }
        }
    };
}

spelled!(
    /// Where a job is. `matching` → `ready` (the dry run is complete) → `importing` (after
    /// the user confirmed) → `done`; `failed` when the work cannot go on. `parsing` is
    /// reserved for uploads read in the background; uploads read within the request are
    /// stored already parsed.
    ImportStatus {
        Parsing => "parsing",
        Matching => "matching",
        Ready => "ready",
        Importing => "importing",
        Done => "done",
        Failed => "failed",
    }
);

impl ImportStatus {
    /// Whether a worker has something to do in this state.
    pub fn needs_work(self) -> bool {
        matches!(self, Self::Matching | Self::Importing)
    }
}

spelled!(
    /// What a row becomes.
    ItemKind {
        Review => "review",
        Watchlist => "watchlist",
        /// A rating without a review (ratings.csv, diary.csv): never imported.
        Rating => "rating",
    }
);

spelled!(
    /// What the catalog answered for the row's title and year.
    MatchStatus {
        Pending => "pending",
        Matched => "matched",
        Ambiguous => "ambiguous",
        Unmatched => "unmatched",
        /// Skipped rows are not looked up.
        NotNeeded => "not_needed",
    }
);

spelled!(
    /// What the import does (dry run) or did (after confirm) with the row.
    Outcome {
        /// Not matched yet.
        Pending => "pending",
        WouldAdd => "would_add",
        /// The user already has this review or watchlist entry.
        SkipExisting => "skip_existing",
        /// Never imported; `reason` says why.
        Skipped => "skipped",
        Unmatched => "unmatched",
        /// Several films fit; waits for the user's choice.
        Ambiguous => "ambiguous",
        Added => "added",
    }
);

spelled!(
    /// Why a row is skipped.
    SkipReason {
        /// Our reviews need text; a bare rating never invents one.
        NoReviewText => "no_review_text",
        /// The review text is longer than our limit.
        TooLong => "too_long",
    }
);

/// A film the catalog offered for a row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    pub id: MovieId,
    pub title: String,
    pub original_title: String,
    /// `YYYY-MM-DD` or empty.
    pub release_date: String,
    pub poster_path: Option<String>,
    #[serde(default)]
    pub vote_average: f64,
}

impl Candidate {
    pub fn release_year(&self) -> Option<i32> {
        crate::domain::movie::release_year(&self.release_date)
    }

    /// What the store remembers of the film when a review of it is written.
    pub fn remembered(&self) -> RememberedMovie {
        RememberedMovie {
            id: self.id,
            title: self.title.clone(),
            original_title: self.original_title.clone(),
            release_date: self.release_date.clone(),
            release_year: self.release_year(),
            poster: self.poster_path.clone(),
            vote_average: Some(self.vote_average),
        }
    }

    /// The title a watchlist entry keeps: the original one, else the display title.
    pub fn saved_title(&self) -> &str {
        if self.original_title.trim().is_empty() {
            &self.title
        } else {
            &self.original_title
        }
    }
}

/// An import as stored, with how many of its items have each outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportJob {
    pub id: i64,
    pub user_id: UserId,
    pub status: ImportStatus,
    pub error: Option<String>,
    pub counts: OutcomeCounts,
    /// Items still to match (status `matching`).
    pub unmatched_yet: i64,
    /// Items that were `would_add` when the user confirmed.
    pub to_import: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Items per outcome.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OutcomeCounts {
    pub pending: i64,
    pub would_add: i64,
    pub skip_existing: i64,
    pub skipped: i64,
    pub unmatched: i64,
    pub ambiguous: i64,
    pub added: i64,
    /// Reviews that got [`DEFAULT_RATING`] because their row had none.
    pub rating_defaulted: i64,
}

impl OutcomeCounts {
    pub fn total(&self) -> i64 {
        self.pending
            + self.would_add
            + self.skip_existing
            + self.skipped
            + self.unmatched
            + self.ambiguous
            + self.added
    }

    pub fn add(&mut self, outcome: Outcome, n: i64) {
        let slot = match outcome {
            Outcome::Pending => &mut self.pending,
            Outcome::WouldAdd => &mut self.would_add,
            Outcome::SkipExisting => &mut self.skip_existing,
            Outcome::Skipped => &mut self.skipped,
            Outcome::Unmatched => &mut self.unmatched,
            Outcome::Ambiguous => &mut self.ambiguous,
            Outcome::Added => &mut self.added,
        };
        *slot += n;
    }
}

impl ImportJob {
    /// How far the current phase is, 0–100: matching counts matched rows, importing the
    /// rows written of those confirmed; other states are 100.
    pub fn progress_percent(&self) -> i64 {
        let (done, of) = match self.status {
            ImportStatus::Matching => {
                let total = self.counts.total();
                (total - self.unmatched_yet, total)
            }
            ImportStatus::Importing => (self.to_import - self.counts.would_add, self.to_import),
            _ => return 100,
        };
        if of <= 0 {
            100
        } else {
            (done.clamp(0, of) * 100) / of
        }
    }
}

/// One stored row of an import.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportItem {
    pub id: i64,
    pub job_id: i64,
    pub position: i64,
    pub planned: PlannedItem,
    pub match_status: MatchStatus,
    pub candidates: Vec<Candidate>,
    pub tmdb_id: Option<MovieId>,
    pub outcome: Outcome,
}

impl ImportItem {
    /// The chosen or matched film.
    pub fn chosen(&self) -> Option<&Candidate> {
        let id = self.tmdb_id?;
        self.candidates.iter().find(|c| c.id == id)
    }
}

/// What an item becomes once the catalog answered, or the user chose.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemUpdate {
    pub match_status: MatchStatus,
    pub candidates: Vec<Candidate>,
    pub tmdb_id: Option<MovieId>,
    pub outcome: Outcome,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_parse_back() {
        for status in ImportStatus::ALL {
            assert_eq!(ImportStatus::parse(status.as_str()), Some(*status));
        }
        for outcome in Outcome::ALL {
            assert_eq!(Outcome::parse(outcome.as_str()), Some(*outcome));
        }
        assert_eq!(Outcome::parse("Added"), None);
    }

    #[test]
    fn progress_follows_the_phase() {
        let mut job = ImportJob {
            id: 1,
            user_id: UserId(1),
            status: ImportStatus::Matching,
            error: None,
            counts: OutcomeCounts {
                pending: 3,
                would_add: 1,
                ..OutcomeCounts::default()
            },
            unmatched_yet: 3,
            to_import: 0,
            created_at: DateTime::<Utc>::UNIX_EPOCH,
            updated_at: DateTime::<Utc>::UNIX_EPOCH,
        };
        assert_eq!(job.progress_percent(), 25);
        job.status = ImportStatus::Importing;
        job.to_import = 4;
        assert_eq!(job.progress_percent(), 75);
        job.status = ImportStatus::Done;
        assert_eq!(job.progress_percent(), 100);
    }
}
