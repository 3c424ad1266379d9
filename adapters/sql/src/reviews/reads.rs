//! Reading reviews: the row mappings, pages, each review's newest reactions and the
//! viewer's own, counters.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::Row;

use leffaseura_core::domain::review::{
    Interaction, ReactionKind, Review, ReviewWindow, ReviewedMovie, INTERACTIONS_IN_LISTS,
    INTERACTIONS_SHOWN,
};
use leffaseura_core::domain::user::UserProfile;
use leffaseura_core::{MovieId, ReviewId, StoreError, UserId};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::users::{stats_from_row, user_from_row};
use crate::{Backend, SqlStore};

/// Every review read: the review, its author's name and what the store remembers of the
/// movie (NULLs when the movie was never seen).
pub(super) const REVIEW_SELECT: &str =
    "SELECT r.id, r.movie_id, r.user_id, u.username, r.content, \
     r.rating, r.likes, r.dislikes, r.created_at, r.updated_at, \
     m.title AS movie_name, m.poster_path AS poster_url, m.release_year \
     FROM reviews r JOIN users u ON u.id = r.user_id LEFT JOIN movies m ON m.id = r.movie_id";

/// The user columns the leaderboards read: the public ones (no email, no password hash).
pub(super) use crate::users::PUBLIC_USER_COLUMNS as USER_COLUMNS;

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

/// The columns a listed review adds to [`REVIEW_SELECT`] (read as `p`, the page's rows):
/// its newest [`INTERACTIONS_IN_LISTS`] reactions as one JSON array (one short walk of
/// `review_reactions_review_created_idx` per review, inside the page's query rather than a
/// query per list) and the viewer's reaction (a primary-key probe), `$viewer` being the
/// viewer's parameter, or none.
fn list_extras(backend: Backend, viewer: Option<usize>) -> String {
    let newest = format!(
        "SELECT rr.user_id, iu.username, rr.kind, rr.created_at FROM review_reactions rr \
         JOIN users iu ON iu.id = rr.user_id WHERE rr.review_id = p.id \
         ORDER BY rr.created_at DESC, rr.user_id DESC LIMIT {INTERACTIONS_IN_LISTS}"
    );
    let newest = match backend {
        Backend::Sqlite => format!(
            "(SELECT json_group_array(json_array(i.user_id, i.username, i.kind, i.created_at)) \
             FROM ({newest}) AS i)"
        ),
        Backend::Postgres => format!(
            "(SELECT CAST(COALESCE(json_agg(json_build_array(i.user_id, i.username, i.kind, \
             i.created_at)), '[]') AS TEXT) FROM ({newest}) AS i)"
        ),
    };
    let mine = match viewer {
        Some(n) => format!(
            "(SELECT mr.kind FROM review_reactions mr WHERE mr.review_id = p.id \
             AND mr.user_id = ${n})"
        ),
        None => "CAST(NULL AS TEXT)".to_owned(),
    };
    format!("{newest} AS newest_reactions, {mine} AS my_kind")
}

/// A review of a list query ([`list_extras`]).
fn listed_review(row: &AnyRow) -> Result<Review, StoreError> {
    let mut review = review_from_row(row)?;
    add_list_extras(&mut review, row)?;
    Ok(review)
}

/// Fills a listed review's `interactions` and `my_interaction` from [`list_extras`].
fn add_list_extras(review: &mut Review, row: &AnyRow) -> Result<(), StoreError> {
    let newest: String = row.try_get("newest_reactions").map_err(store_error)?;
    let mut found: Vec<(i64, String, String, i64)> = serde_json::from_str(&newest)
        .map_err(|err| StoreError::Backend(format!("newest reactions: {err}").into()))?;
    // JSON aggregates promise no order: newest first, as the subquery cut them.
    found.sort_by(|a, b| b.3.cmp(&a.3).then(b.0.cmp(&a.0)));
    review.interactions = found
        .into_iter()
        .map(|(user_id, username, kind, _)| {
            Ok(Interaction {
                user_id: UserId(user_id),
                username,
                kind: reaction(&kind)?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
    let mine: Option<String> = row.try_get("my_kind").map_err(store_error)?;
    review.my_interaction = mine.as_deref().map(reaction).transpose()?;
    Ok(())
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
    /// one seek; an offset walks past the skipped entries of the index.
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
        // The extras are computed on the outer query, so only for the page's rows (not
        // for the rows an offset skips).
        let extras = list_extras(self.backend(), viewer.map(|_| n + 3));
        // Past an offset the window is chosen on the reviews alone (the list's index, no
        // row of users or movies read for the reviews it skips) and then joined: an offset
        // of 20,000 cost 60 ms per page on SQLite and 45 ms of Postgres CPU when every
        // skipped row was joined first. SQLite takes a first page that way too, as fast;
        // Postgres plans the direct query better there (15% more pages a second).
        let newest_first = format!(
            "ORDER BY r.created_at DESC, r.id DESC LIMIT ${} OFFSET ${}",
            n + 1,
            n + 2
        );
        let page = if window.offset() > 0 || self.backend() == Backend::Sqlite {
            format!(
                "{REVIEW_SELECT} WHERE r.id IN \
                 (SELECT r.id FROM reviews r {filter} {newest_first})"
            )
        } else {
            format!("{REVIEW_SELECT} {filter} {newest_first}")
        };
        let sql = format!(
            "SELECT p.*, {extras} FROM ({page}) AS p ORDER BY p.created_at DESC, p.id DESC"
        );
        // One row more than asked tells whether another window follows.
        binds.push(window.limit() + 1);
        binds.push(window.offset());
        if let Some(viewer) = viewer {
            binds.push(viewer.0);
        }
        let mut query = sqlx::query(&sql);
        for value in binds {
            query = query.bind(value);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut reviews = rows
            .iter()
            .map(listed_review)
            .collect::<Result<Vec<_>, _>>()?;
        let has_more = reviews.len() as i64 > window.limit();
        reviews.truncate(usize::try_from(window.limit()).unwrap_or(0));
        Ok((reviews, has_more))
    }

    /// The reviews with these ids (missing ones left out), as lists show them, in one
    /// query.
    pub(super) async fn reviews_by_ids(
        &self,
        ids: &[i64],
        viewer: Option<UserId>,
    ) -> Result<Vec<Review>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
        let extras = list_extras(self.backend(), viewer.map(|_| ids.len() + 1));
        let sql = format!(
            "SELECT p.*, {extras} FROM ({REVIEW_SELECT} WHERE r.id IN ({})) AS p",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(*id);
        }
        if let Some(viewer) = viewer {
            query = query.bind(viewer.0);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        rows.iter().map(listed_review).collect()
    }

    /// Fills a single review's `interactions` (the newest [`INTERACTIONS_SHOWN`], one
    /// indexed walk each, in one round trip) and the viewer's `my_interaction`.
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
