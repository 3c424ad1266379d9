//! Reading reviews: the row mappings, pages, each review's newest reactions and the
//! viewer's own, counters.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::Row;

use leffaseura_core::domain::review::{
    Interaction, ReactionKind, Review, ReviewWindow, ReviewedMovie, INTERACTIONS_SHOWN,
};
use leffaseura_core::domain::user::UserProfile;
use leffaseura_core::{MovieId, ReviewId, StoreError, UserId};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::users::{stats_from_row, user_from_row};
use crate::SqlStore;

/// Every review read: the review, its author's name and what the store remembers of the
/// movie (NULLs when the movie was never seen).
pub(super) const REVIEW_SELECT: &str =
    "SELECT r.id, r.movie_id, r.user_id, u.username, r.content, \
     r.rating, r.likes, r.dislikes, r.created_at, r.updated_at, \
     m.title AS movie_name, m.poster_path AS poster_url, m.release_year \
     FROM reviews r JOIN users u ON u.id = r.user_id LEFT JOIN movies m ON m.id = r.movie_id";

/// The user columns the leaderboards read (the same as the user store's).
pub(super) use crate::users::USER_COLUMNS;

pub(super) fn review_from_row(row: &AnyRow) -> Result<Review, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    let release_year: Option<i64> = row.try_get("release_year").map_err(store_error)?;
    Ok(Review {
        id: ReviewId(get_i64("id")?),
        movie_id: MovieId(get_i64("movie_id")?),
        user_id: UserId(get_i64("user_id")?),
        username: row.try_get("username").map_err(store_error)?,
        content: row.try_get("content").map_err(store_error)?,
        rating: get_i64("rating")?,
        likes: get_i64("likes")?,
        dislikes: get_i64("dislikes")?,
        created_at: from_millis(get_i64("created_at")?)?,
        updated_at: from_millis(get_i64("updated_at")?)?,
        interactions: Vec::new(),
        my_interaction: None,
        movie: ReviewedMovie {
            title: row.try_get("movie_name").map_err(store_error)?,
            poster_url: row.try_get("poster_url").map_err(store_error)?,
            release_year: release_year.and_then(|y| i32::try_from(y).ok()),
        },
    })
}

pub(super) fn profile_from_row(row: &AnyRow) -> Result<UserProfile, StoreError> {
    Ok(UserProfile {
        user: user_from_row(row)?,
        stats: stats_from_row(row)?,
    })
}

pub(super) fn reaction(kind: &str) -> Result<ReactionKind, StoreError> {
    ReactionKind::parse(kind)
        .ok_or_else(|| StoreError::Backend(format!("unknown reaction kind {kind:?}").into()))
}

impl SqlStore {
    /// A window of the reviews matching `filter` (a condition on `$1`, bound to the given
    /// key; all reviews without one), newest first, and whether more follow. After a
    /// cursor, the row comparison is a range on the list's index, so a deep page costs
    /// one seek; an offset walks past the skipped reviews.
    pub(super) async fn review_page(
        &self,
        filter: Option<(&str, i64)>,
        window: ReviewWindow,
        viewer: Option<UserId>,
    ) -> Result<(Vec<Review>, bool), StoreError> {
        let mut conditions = Vec::new();
        let mut binds = Vec::new();
        if let Some((condition, key)) = filter {
            conditions.push(condition.to_owned());
            binds.push(key);
        }
        if let Some(cursor) = window.cursor() {
            let n = binds.len();
            conditions.push(format!("(r.created_at, r.id) < (${}, ${})", n + 1, n + 2));
            binds.push(to_millis(cursor.created_at));
            binds.push(cursor.id.0);
        }
        let filter = if conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", conditions.join(" AND "))
        };
        let n = binds.len();
        let sql = format!(
            "{REVIEW_SELECT} {filter} ORDER BY r.created_at DESC, r.id DESC \
             LIMIT ${} OFFSET ${}",
            n + 1,
            n + 2
        );
        // One row more than asked tells whether another window follows.
        binds.push(window.limit() + 1);
        binds.push(window.offset());
        let mut query = sqlx::query(&sql);
        for value in binds {
            query = query.bind(value);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut reviews = rows
            .iter()
            .map(review_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        let has_more = reviews.len() as i64 > window.limit();
        reviews.truncate(usize::try_from(window.limit()).unwrap_or(0));
        self.add_interactions(&mut reviews, viewer).await?;
        Ok((reviews, has_more))
    }

    /// The reviews with these ids (missing ones left out), in one query, with their
    /// interactions and the viewer's own.
    pub(super) async fn reviews_by_ids(
        &self,
        ids: &[i64],
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "{REVIEW_SELECT} WHERE r.id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut reviews = rows
            .iter()
            .map(review_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        self.add_interactions(&mut reviews, viewer).await?;
        Ok(reviews)
    }

    /// Fills `interactions` (the newest [`INTERACTIONS_SHOWN`] per review, one indexed
    /// walk each, in one round trip) and the viewer's `my_interaction`.
    pub(super) async fn add_interactions(
        &self,
        reviews: &mut [Review],
        viewer: Option<UserId>,
    ) -> Result<(), StoreError> {
        if reviews.is_empty() {
            return Ok(());
        }
        let parts: Vec<String> = (1..=reviews.len())
            .map(|n| {
                format!(
                    "SELECT * FROM (SELECT rr.review_id, rr.user_id, u.username, rr.kind, \
                     rr.created_at FROM review_reactions rr JOIN users u ON u.id = rr.user_id \
                     WHERE rr.review_id = ${n} \
                     ORDER BY rr.created_at DESC, rr.user_id DESC LIMIT {INTERACTIONS_SHOWN}) \
                     AS t{n}"
                )
            })
            .collect();
        let sql = parts.join(" UNION ALL ");
        let mut query = sqlx::query(&sql);
        for review in reviews.iter() {
            query = query.bind(review.id.0);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut by_review: HashMap<i64, Vec<(i64, Interaction)>> = HashMap::new();
        for row in &rows {
            let review_id: i64 = row.try_get("review_id").map_err(store_error)?;
            let kind: String = row.try_get("kind").map_err(store_error)?;
            let created_at: i64 = row.try_get("created_at").map_err(store_error)?;
            by_review.entry(review_id).or_default().push((
                created_at,
                Interaction {
                    user_id: UserId(row.try_get("user_id").map_err(store_error)?),
                    username: row.try_get("username").map_err(store_error)?,
                    kind: reaction(&kind)?,
                },
            ));
        }
        let mine = match viewer {
            Some(viewer) => self.viewer_reactions(reviews, viewer).await?,
            None => HashMap::new(),
        };
        for review in reviews.iter_mut() {
            let mut found = by_review.remove(&review.id.0).unwrap_or_default();
            // UNION ALL keeps no order: newest first, as each part was cut.
            found.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.user_id.cmp(&a.1.user_id)));
            review.interactions = found.into_iter().map(|(_, i)| i).collect();
            review.my_interaction = mine.get(&review.id.0).copied();
        }
        Ok(())
    }

    /// The viewer's reactions to these reviews (primary-key lookups).
    async fn viewer_reactions(
        &self,
        reviews: &[Review],
        viewer: UserId,
    ) -> Result<HashMap<i64, ReactionKind>, StoreError> {
        let placeholders: Vec<String> = (2..=reviews.len() + 1).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT review_id, kind FROM review_reactions \
             WHERE user_id = $1 AND review_id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(viewer.0);
        for review in reviews {
            query = query.bind(review.id.0);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut mine = HashMap::with_capacity(rows.len());
        for row in &rows {
            let kind: String = row.try_get("kind").map_err(store_error)?;
            mine.insert(
                row.try_get::<i64, _>("review_id").map_err(store_error)?,
                reaction(&kind)?,
            );
        }
        Ok(mine)
    }

    pub(super) async fn count(&self, sql: &str, key: i64) -> Result<i64, StoreError> {
        let total: Option<i64> = sqlx::query_scalar(sql)
            .bind(key)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)?;
        Ok(total.unwrap_or(0))
    }

    pub(super) async fn leaderboard(
        &self,
        sql: &str,
        limit: i64,
    ) -> Result<Vec<UserProfile>, StoreError> {
        let rows = sqlx::query(sql)
            .bind(limit)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        rows.iter().map(profile_from_row).collect()
    }
}
