//! [`StatsStore`]: the site's numbers in three queries (counts, top movies, top groups)
//! and the database's size, which each backend tells its own way.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::Row;

use leffaseura_core::domain::rating::average_one_decimal;
use leffaseura_core::domain::stats::{SiteStats, TopGroup, TopMovie};
use leffaseura_core::ports::StatsStore;
use leffaseura_core::{GroupId, MovieId, StoreError};

use crate::error::store_error;
use crate::time::to_millis;
use crate::{Backend, SqlStore};

/// Every count, each a subquery of one SELECT; `$1` is now, `$2` a week and `$3` a month
/// ago (epoch ms).
const COUNTS: &str = "SELECT \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM users) AS users, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM users WHERE banned = 1 \
       AND (banned_until IS NULL OR banned_until > $1)) AS banned_users, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM users WHERE is_admin = 1) AS admins, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT user_id FROM reviews WHERE updated_at >= $2 \
       UNION SELECT user_id FROM review_reactions WHERE created_at >= $2) w) AS active_7d, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM (SELECT user_id FROM reviews WHERE updated_at >= $3 \
       UNION SELECT user_id FROM review_reactions WHERE created_at >= $3) m) AS active_30d, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM reviews) AS reviews, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM review_reactions) AS reactions, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM groups) AS groups_count, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM group_members WHERE role <> 'pending') AS memberships, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM group_members WHERE role = 'pending') AS pending, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM favorites WHERE type = 2) AS favorites, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM favorites WHERE type = 1) AS watchlist, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM favorites WHERE type = 3) AS group_favorites, \
    (SELECT CAST(COUNT(*) AS BIGINT) FROM moderation_log) AS log_entries";

#[async_trait]
impl StatsStore for SqlStore {
    async fn site_stats(
        &self,
        now: DateTime<Utc>,
        week_ago: DateTime<Utc>,
        month_ago: DateTime<Utc>,
        top: i64,
    ) -> Result<SiteStats, StoreError> {
        let row = sqlx::query(COUNTS)
            .bind(to_millis(now))
            .bind(to_millis(week_ago))
            .bind(to_millis(month_ago))
            .fetch_one(self.pool())
            .await
            .map_err(store_error)?;
        let get = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
        let movies = sqlx::query(
            "SELECT s.movie_id, m.title, s.review_count, s.rating_sum \
             FROM movie_review_stats s LEFT JOIN movies m ON m.id = s.movie_id \
             WHERE s.review_count > 0 ORDER BY s.review_count DESC, s.movie_id LIMIT $1",
        )
        .bind(top)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        let groups = sqlx::query(
            "SELECT id, name, member_count FROM groups ORDER BY member_count DESC, id LIMIT $1",
        )
        .bind(top)
        .fetch_all(self.pool())
        .await
        .map_err(store_error)?;
        let size_sql = match self.backend() {
            Backend::Sqlite => {
                "SELECT CAST(p.page_count * s.page_size AS BIGINT) \
                 FROM pragma_page_count() p, pragma_page_size() s"
            }
            Backend::Postgres => "SELECT CAST(pg_database_size(current_database()) AS BIGINT)",
        };
        let database_bytes: i64 = sqlx::query_scalar(size_sql)
            .fetch_one(self.pool())
            .await
            .map_err(store_error)?;
        Ok(SiteStats {
            users: get("users")?,
            banned_users: get("banned_users")?,
            admins: get("admins")?,
            active_users_7d: get("active_7d")?,
            active_users_30d: get("active_30d")?,
            reviews: get("reviews")?,
            reactions: get("reactions")?,
            groups: get("groups_count")?,
            memberships: get("memberships")?,
            pending_requests: get("pending")?,
            favorites: get("favorites")?,
            watchlist_entries: get("watchlist")?,
            group_favorites: get("group_favorites")?,
            moderation_log_entries: get("log_entries")?,
            top_movies: movies
                .iter()
                .map(|row| {
                    let count: i64 = row.try_get("review_count").map_err(store_error)?;
                    let sum: i64 = row.try_get("rating_sum").map_err(store_error)?;
                    Ok(TopMovie {
                        movie_id: MovieId(row.try_get("movie_id").map_err(store_error)?),
                        title: row.try_get("title").map_err(store_error)?,
                        reviews: count,
                        average_rating: average_one_decimal(sum, count),
                    })
                })
                .collect::<Result<_, StoreError>>()?,
            top_groups: groups
                .iter()
                .map(|row| {
                    Ok(TopGroup {
                        group_id: GroupId(row.try_get("id").map_err(store_error)?),
                        name: row.try_get("name").map_err(store_error)?,
                        members: row.try_get("member_count").map_err(store_error)?,
                    })
                })
                .collect::<Result<_, StoreError>>()?,
            database_bytes,
        })
    }
}
