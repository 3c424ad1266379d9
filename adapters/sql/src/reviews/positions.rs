//! Where a deep offset of a movie's reviews starts, from `movie_review_buckets`
//! (migration 0015): a movie's review count per span of creation time.

use sqlx::Row;

use leffaseura_core::{MovieId, StoreError};

use crate::error::store_error;
use crate::SqlStore;

/// The span of creation time one bucket counts, in milliseconds (2^29, about 6.2 days):
/// the migration's `created_at / 536870912`. A movie reviewed for ten years has about 600
/// buckets, and a popular one a few hundred reviews in each.
const BUCKET_MS: i64 = 1 << 29;

/// Offsets up to this far from the nearer end of a list are walked directly: a seek is a
/// second query, worth it only past a few hundred index entries.
pub(super) const SEEK_PAST: i64 = 200;

/// Where the walk to a deep offset starts: at the reviews created before `before_ms`,
/// `skip` of them passed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Start {
    pub(super) before_ms: i64,
    pub(super) skip: i64,
}

impl Start {
    /// The start for `offset` (counted from the newest review) that falls in `bucket`,
    /// with `newer` reviews in the buckets after it; none for a bucket before 1970, whose
    /// span division rounds towards zero.
    fn of(offset: i64, bucket: i64, newer: i64) -> Option<Start> {
        let before_ms = bucket.checked_add(1)?.checked_mul(BUCKET_MS)?;
        (bucket >= 0 && newer <= offset).then_some(Start {
            before_ms,
            skip: offset - newer,
        })
    }
}

impl SqlStore {
    /// The start of the walk to the review at `offset` of `movie`'s newest-first list: the
    /// bucket holding it, found by summing the newer buckets' counts (one walk of the
    /// movie's buckets). None when the offset is past the list or the buckets cannot say.
    pub(super) async fn movie_page_start(
        &self,
        movie: MovieId,
        offset: i64,
    ) -> Result<Option<Start>, StoreError> {
        let row = sqlx::query(
            "SELECT bucket, CAST(through - review_count AS BIGINT) AS newer FROM \
               (SELECT bucket, review_count, CAST(SUM(review_count) OVER \
                  (ORDER BY bucket DESC ROWS UNBOUNDED PRECEDING) AS BIGINT) AS through \
                FROM movie_review_buckets WHERE movie_id = $1) b \
             WHERE through > $2 ORDER BY bucket DESC LIMIT 1",
        )
        .bind(movie.0)
        .bind(offset)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let bucket: i64 = row.try_get("bucket").map_err(store_error)?;
        let newer: i64 = row.try_get("newer").map_err(store_error)?;
        Ok(Start::of(offset, bucket, newer))
    }
}

#[cfg(test)]
mod tests {
    use super::{Start, BUCKET_MS};

    #[test]
    fn the_walk_starts_below_the_bucket_past_the_newer_reviews() {
        assert_eq!(
            Start::of(1_000, 3, 900),
            Some(Start {
                before_ms: 4 * BUCKET_MS,
                skip: 100
            })
        );
        assert_eq!(Start::of(0, 0, 0).map(|s| s.skip), Some(0));
    }

    #[test]
    fn buckets_before_1970_or_out_of_step_give_no_start() {
        assert_eq!(Start::of(10, -1, 0), None);
        assert_eq!(Start::of(10, 5, 11), None);
        assert_eq!(Start::of(10, i64::MAX, 0), None);
    }
}
