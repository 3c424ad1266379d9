//! A user's activity: their reviews and their reactions on others' reviews, newest first,
//! read in two queries (the entries, then their reviews).

use sqlx::Row;

use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::review::{ActivityItem, ActivityKind, Review};
use leffaseura_core::{StoreError, UserId};

use super::reads::reaction;
use crate::error::store_error;
use crate::time::from_millis;
use crate::SqlStore;

impl SqlStore {
    /// A user's activity as `viewer` sees it (their own reactions written in); `None` for
    /// an unknown user.
    pub(super) async fn activity_rows(
        &self,
        user: UserId,
        page: PageRequest,
        viewer: Option<UserId>,
    ) -> Result<Option<Paged<ActivityItem>>, StoreError> {
        // `None` from the users row tells an unknown user from one without activity.
        let total: Option<i64> = sqlx::query_scalar(
            "SELECT review_count + \
             (SELECT COUNT(*) FROM review_reactions WHERE user_id = $1) \
             FROM users WHERE id = $1",
        )
        .bind(user.0)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(total) = total else {
            return Ok(None);
        };
        // Ties: 'reaction' sorts before 'review', then the higher review id first.
        let rows = sqlx::query(
            "SELECT kind, review_id, reaction, created_at FROM ( \
               SELECT CAST('review' AS TEXT) AS kind, id AS review_id, \
                      CAST(NULL AS TEXT) AS reaction, created_at \
               FROM reviews WHERE user_id = $1 \
               UNION ALL \
               SELECT CAST('reaction' AS TEXT), review_id, kind, created_at \
               FROM review_reactions WHERE user_id = $1 \
             ) AS activity \
             ORDER BY created_at DESC, kind ASC, review_id DESC LIMIT $2 OFFSET $3",
        )
        .bind(user.0)
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        let mut entries = Vec::with_capacity(rows.len());
        for row in &rows {
            let kind: String = row.try_get("kind").map_err(store_error)?;
            let review_id: i64 = row.try_get("review_id").map_err(store_error)?;
            let created_at: i64 = row.try_get("created_at").map_err(store_error)?;
            let kind = if kind == "review" {
                ActivityKind::Review
            } else {
                let held: String = row.try_get("reaction").map_err(store_error)?;
                ActivityKind::Reaction(reaction(&held)?)
            };
            entries.push((kind, from_millis(created_at)?, review_id));
        }
        let ids: Vec<i64> = entries.iter().map(|(_, _, id)| *id).collect();
        let mut by_id: std::collections::HashMap<i64, Review> = self
            .reviews_by_ids(&ids, viewer)
            .await?
            .into_iter()
            .map(|review| (review.id.0, review))
            .collect();
        // A review deleted between the two reads is left out.
        let items = entries
            .into_iter()
            .filter_map(|(kind, created_at, id)| {
                by_id.remove(&id).map(|review| ActivityItem {
                    kind,
                    created_at,
                    review,
                })
            })
            .collect();
        Ok(Some(Paged {
            items,
            total,
            limit: page.limit,
            offset: page.offset,
        }))
    }
}
