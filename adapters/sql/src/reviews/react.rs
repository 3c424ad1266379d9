//! A reaction on Postgres in one statement.
//!
//! 300 users reacting to one review at once all update the same two rows (the review's
//! counters and its author's). In a transaction of several round trips those row locks
//! were held across every round trip, so the reactions ran one after another at the pace
//! of the slowest client task (19 s for 300). Here the reaction row and both counters
//! change in one statement: the locks are held for that statement and its commit only.
//!
//! The store still applies what core decided: it reads the user's current reaction, asks
//! [`next_reaction`], and writes the change only if the row is still what was read (a
//! compare-and-set). When the same user's other request won the race (fast repeated
//! clicks), it reads again and decides again: each round one of the racing requests
//! wins, so a burst of N clicks settles in at most N rounds.
//! Locks are taken in the module's order: the author's row, then the review's.

use chrono::{DateTime, Utc};
use sqlx::Row;

use leffaseura_core::domain::review::{counter_deltas, next_reaction, ReactionKind};
use leffaseura_core::error::Conflict;
use leffaseura_core::{ReviewId, StoreError, UserId};

use crate::error::store_error;
use crate::time::to_millis;
use crate::SqlStore;

use super::reads::reaction;

/// Both counters move only when `change` (the reaction row's compare-and-set) did.
/// `$1` review, `$2` user, `$3`/`$4` the likes/dislikes deltas. Answers the review's
/// author when the change was applied.
fn with_counters(change: &str) -> String {
    format!(
        "WITH change AS ({change}), \
         author AS (UPDATE users SET likes_received = likes_received + $3, \
                    dislikes_received = dislikes_received + $4 \
                    WHERE id = (SELECT user_id FROM reviews WHERE id = $1) \
                      AND EXISTS (SELECT 1 FROM change) RETURNING id) \
         UPDATE reviews SET likes = likes + $3, dislikes = dislikes + $4 \
         WHERE id = $1 AND EXISTS (SELECT 1 FROM author) RETURNING user_id"
    )
}

/// Rounds before answering `Stale` (far more than simultaneous clicks of one user).
const ROUNDS: usize = 64;

impl SqlStore {
    pub(super) async fn react_in_one_statement(
        &self,
        review: ReviewId,
        user: UserId,
        requested: Option<ReactionKind>,
        at: DateTime<Utc>,
    ) -> Result<Option<ReactionKind>, StoreError> {
        for _ in 0..ROUNDS {
            let current: Option<String> = sqlx::query_scalar(
                "SELECT kind FROM review_reactions WHERE review_id = $1 AND user_id = $2",
            )
            .bind(review.0)
            .bind(user.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?;
            let current = current.as_deref().map(reaction).transpose()?;
            let next = next_reaction(current, requested);
            let (likes, dislikes) = counter_deltas(current, next);
            let change = match (current, next) {
                (from, to) if from == to => return self.unchanged(review, next).await,
                (None, _) => {
                    "INSERT INTO review_reactions (review_id, user_id, kind, created_at) \
                     VALUES ($1, $2, $5, $6) ON CONFLICT (review_id, user_id) DO NOTHING \
                     RETURNING 1"
                }
                (Some(_), Some(_)) => {
                    "UPDATE review_reactions SET kind = $6, created_at = $7 \
                     WHERE review_id = $1 AND user_id = $2 AND kind = $5 RETURNING 1"
                }
                (Some(_), None) => {
                    "DELETE FROM review_reactions \
                     WHERE review_id = $1 AND user_id = $2 AND kind = $5 RETURNING 1"
                }
            };
            let sql = with_counters(change);
            let mut query = sqlx::query(&sql)
                .bind(review.0)
                .bind(user.0)
                .bind(likes)
                .bind(dislikes);
            if let Some(from) = current {
                query = query.bind(from.as_str());
            }
            if let Some(to) = next {
                query = query.bind(to.as_str()).bind(to_millis(at));
            }
            let author: Option<i64> = query
                .fetch_optional(self.pool())
                .await
                .map_err(store_error)?
                .map(|row| row.try_get(0))
                .transpose()
                .map_err(store_error)?;
            if let Some(author) = author {
                self.profile_changed(author);
                return Ok(next);
            }
        }
        Err(StoreError::Conflict(Conflict::Stale))
    }

    /// Nothing to write: `next` if the review exists.
    async fn unchanged(
        &self,
        review: ReviewId,
        next: Option<ReactionKind>,
    ) -> Result<Option<ReactionKind>, StoreError> {
        sqlx::query("SELECT id FROM reviews WHERE id = $1")
            .bind(review.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?
            .map(|_| next)
            .ok_or(StoreError::NotFound)
    }
}
