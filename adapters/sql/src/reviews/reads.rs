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

use super::positions::SEEK_PAST;
use crate::error::store_error;
use crate::time::{from_millis, to_millis};
use crate::users::{stats_from_row, user_from_row};
use crate::window::Window;
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
    /// key; all reviews without one), newest first, and whether more follow. `total`, when
    /// the caller knows it from a counter, is how many reviews match.
    ///
    /// Cost: after a cursor, the row comparison is a range on the list's index, so a deep
    /// page costs one seek. An offset walks past the skipped entries of the index; with a
    /// known total, an offset past the middle walks from the oldest end instead (the index
    /// read backwards), so that a page costs its distance from the nearer end (the last
    /// page of a 200,000-review movie as much as the first), and an offset past the end
    /// reads nothing. A movie's list (`movie` given) goes further: an offset more than
    /// [`SEEK_PAST`] from either end starts its walk at the bucket of creation time that
    /// holds it ([`SqlStore::movie_page_start`]), so the middle page of 200,000 reviews
    /// costs a few hundred counter rows and one bucket's entries.
    pub(super) async fn review_page(
        &self,
        filter: Option<(&str, i64)>,
        total: Option<i64>,
        window: ReviewWindow,
        viewer: Option<UserId>,
        movie: Option<MovieId>,
    ) -> Result<(Vec<Review>, bool), StoreError> {
        let mut walk = Walk::of(window, total);
        if walk.limit == 0 {
            return Ok((Vec::new(), false));
        }
        let mut conditions = Vec::new();
        let mut binds = Vec::new();
        if let Some((condition, key)) = filter {
            conditions.push(condition.to_owned());
            binds.push(key);
        }
        let start = match movie {
            Some(movie) if walk.offset > SEEK_PAST => {
                self.movie_page_start(movie, window.offset()).await?
            }
            _ => None,
        };
        if let Some(start) = start {
            walk = Walk::newest_first(window.limit(), start.skip);
            conditions.push(format!("r.created_at < ${}", binds.len() + 1));
            binds.push(start.before_ms);
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
        let page_window = Window::new(walk.limit, walk.offset, binds.len() + 1);
        binds.extend(page_window.offset);
        // The extras are computed on the outer query, so only for the page's rows (not
        // for the rows an offset skips).
        let extras = list_extras(self.backend(), viewer.map(|_| binds.len() + 1));
        let direction = if walk.oldest_first { "ASC" } else { "DESC" };
        let window_order = format!(
            "ORDER BY r.created_at {direction}, r.id {direction} {}",
            page_window.clause
        );
        // Past an offset the window is chosen on the reviews alone (the list's index, no
        // row of users or movies read for the reviews it skips) and then joined: an offset
        // of 20,000 cost 60 ms per page on SQLite and 45 ms of Postgres CPU when every
        // skipped row was joined first. SQLite takes a first page that way too, as fast;
        // Postgres plans the direct query better there (15% more pages a second).
        let page = if walk.offset > 0 || walk.oldest_first || self.backend() == Backend::Sqlite {
            format!(
                "{REVIEW_SELECT} WHERE r.id IN \
                 (SELECT r.id FROM reviews r {filter} {window_order})"
            )
        } else {
            format!("{REVIEW_SELECT} {filter} {window_order}")
        };
        let sql = format!(
            "SELECT p.*, {extras} FROM ({page}) AS p ORDER BY p.created_at DESC, p.id DESC"
        );
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
        let has_more = match walk.older_left {
            Some(older_left) => older_left,
            None => reviews.len() as i64 > window.limit(),
        };
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
    /// indexed walk each, in one round trip); the reader's own are added by `reviews_for`.
    pub(super) async fn add_interactions(&self, reviews: &mut [Review]) -> Result<(), StoreError> {
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
        for review in reviews.iter_mut() {
            let mut found = by_review.remove(&review.id.0).unwrap_or_default();
            // UNION ALL keeps no order: newest first, as each part was cut.
            found.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.user_id.cmp(&a.1.user_id)));
            review.interactions = found.into_iter().map(|(_, i)| i).collect();
        }
        Ok(())
    }

    /// The viewer's reactions to these reviews (primary-key lookups).
    pub(super) async fn viewer_reactions(
        &self,
        reviews: &[i64],
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
            query = query.bind(*review);
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

    /// The first `limit` users of `ordered` (a query without a LIMIT), the limit written
    /// into the statement so that Postgres plans it once per connection (see [`Window`]).
    pub(super) async fn leaderboard(
        &self,
        ordered: &str,
        limit: i64,
    ) -> Result<Vec<UserProfile>, StoreError> {
        let sql = format!("{ordered} {}", Window::new(limit, 0, 1).clause);
        let rows = sqlx::query(&sql)
            .fetch_all(self.pool())
            .await
            .map_err(store_error)?;
        rows.iter().map(profile_from_row).collect()
    }
}

/// How [`SqlStore::review_page`] reads a window from the list's index.
#[derive(Debug, PartialEq, Eq)]
struct Walk {
    /// From the oldest review up, rather than from the newest down.
    oldest_first: bool,
    limit: i64,
    offset: i64,
    /// Walking from the oldest end, whether older reviews than the window's remain; from
    /// the newest end, one row more than the window is read to tell.
    older_left: Option<bool>,
}

impl Walk {
    /// From the newest end down, one row more than the window to tell whether more follow.
    fn newest_first(limit: i64, offset: i64) -> Walk {
        Walk {
            oldest_first: false,
            limit: limit + 1,
            offset,
            older_left: None,
        }
    }

    fn of(window: ReviewWindow, total: Option<i64>) -> Walk {
        let (limit, offset) = (window.limit(), window.offset());
        let newest_first = Walk::newest_first(limit, offset);
        let Some(total) = total.filter(|_| window.cursor().is_none()) else {
            return newest_first;
        };
        if offset >= total {
            return Walk {
                oldest_first: false,
                limit: 0,
                offset,
                older_left: Some(false),
            };
        }
        if offset <= total / 2 {
            return newest_first;
        }
        // The window is reviews offset..offset+limit counted from the newest, which are
        // total-offset-limit..total-offset counted from the oldest.
        let from_oldest = (total - offset - limit).max(0);
        Walk {
            oldest_first: true,
            limit: total - offset - from_oldest,
            offset: from_oldest,
            older_left: Some(from_oldest > 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use leffaseura_core::domain::paging::PageRequest;
    use leffaseura_core::domain::review::{ReviewCursor, ReviewWindow};
    use leffaseura_core::ReviewId;

    use super::Walk;

    fn offset(limit: i64, offset: i64) -> ReviewWindow {
        ReviewWindow::Offset(PageRequest { limit, offset })
    }

    fn walk(oldest_first: bool, limit: i64, offset: i64, older_left: Option<bool>) -> Walk {
        Walk {
            oldest_first,
            limit,
            offset,
            older_left,
        }
    }

    #[test]
    fn pages_in_the_newer_half_walk_from_the_newest_end_one_row_long() {
        assert_eq!(
            Walk::of(offset(20, 0), Some(2000)),
            walk(false, 21, 0, None)
        );
        assert_eq!(
            Walk::of(offset(20, 1000), Some(2000)),
            walk(false, 21, 1000, None)
        );
        assert_eq!(Walk::of(offset(20, 40), None), walk(false, 21, 40, None));
    }

    #[test]
    fn pages_in_the_older_half_walk_from_the_oldest_end() {
        // The last full page: the 20 oldest, nothing older.
        assert_eq!(
            Walk::of(offset(20, 1980), Some(2000)),
            walk(true, 20, 0, Some(false))
        );
        // A page ending short of the oldest review leaves the older ones to a next page.
        assert_eq!(
            Walk::of(offset(20, 1001), Some(2000)),
            walk(true, 20, 979, Some(true))
        );
        // A last page shorter than the limit.
        assert_eq!(
            Walk::of(offset(20, 1990), Some(2000)),
            walk(true, 10, 0, Some(false))
        );
    }

    #[test]
    fn an_offset_past_the_end_reads_nothing() {
        assert_eq!(Walk::of(offset(20, 2000), Some(2000)).limit, 0);
        assert_eq!(Walk::of(offset(20, 0), Some(0)).limit, 0);
    }

    #[test]
    fn a_cursor_walks_from_the_newest_end_whatever_the_total() {
        let cursor = ReviewCursor {
            created_at: Utc.timestamp_millis_opt(1_700_000_000_000).unwrap(),
            id: ReviewId(7),
        };
        let window = ReviewWindow::After { limit: 20, cursor };
        assert_eq!(Walk::of(window, Some(10)), walk(false, 21, 0, None));
    }
}
