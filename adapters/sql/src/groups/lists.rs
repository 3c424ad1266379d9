//! The group lists of [`GroupStore`](leffaseura_core::ports::GroupStore): popular,
//! search, by genres, a user's groups and the admin's filter.
//!
//! A window is chosen from `groups` alone (its ids and sort keys), and only its rows are
//! then joined to their owners and the viewer's membership: joining first made every
//! matching group read its owner's row before the sort, which with 2,000 groups among
//! 200,000 users cost a search 9 ms of CPU instead of under 1 ms.

use leffaseura_core::domain::group::model::{GenreMatch, Group, GroupFilter, PrivateGroups};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::{StoreError, UserId};

use super::grams::{groups_having_piece, short_window, SearchPlan};
use super::reads::{group_from_row, GROUP_COLUMNS, OWNER, VIEWER_MEMBERSHIP};
use super::search::search_key;
use crate::error::store_error;
use crate::{Backend, SqlStore};

/// One sort key of a list: an SQL expression over `g` (and the list's joins) and whether
/// it sorts descending.
type SortKey = (String, bool);

/// Most popular first: most members, newest activity, newest group
/// (`groups_popular_idx`).
fn popular_order() -> Vec<SortKey> {
    ["g.member_count", "g.activity_at", "g.id"]
        .into_iter()
        .map(|column| (column.to_owned(), true))
        .collect()
}

/// What a list reads: the joins and `WHERE` after `FROM groups g` (and after the
/// viewer's membership `gm` when [`reads_viewer`]), its order, and the folded text it
/// binds.
struct ListShape {
    condition: String,
    order: Vec<SortKey>,
    text: Option<String>,
}

/// Whether the folded column `column` contains the text bound at `${text_at}`. A plain
/// substring test rather than `LIKE '%…%'`: nothing in the text needs escaping, and
/// SQLite's `instr` costs a third less than its `LIKE` over 2,000 groups.
pub(super) fn contains(backend: Backend, column: &str, text_at: usize) -> String {
    match backend {
        Backend::Sqlite => format!("instr({column}, ${text_at}) > 0"),
        Backend::Postgres => format!("strpos({column}, ${text_at}) > 0"),
    }
}

/// Whether the list's condition reads the viewer's membership (`gm`, joined on `$1`).
/// Only then is it joined before the window is chosen: Postgres otherwise probes
/// `group_members` once for every candidate group (0.3 ms for 2,000 of them).
fn reads_viewer(filter: &GroupFilter) -> bool {
    matches!(
        filter,
        GroupFilter::OfUser {
            private: PrivateGroups::SharedWith(_),
            ..
        }
    )
}

/// Integers (genre and user ids, a position in the query) and the visibility's fixed
/// names are written into the SQL: they are numbers or constants, so no user text reaches
/// it. `rarest_at`: a search reads only the groups having the query's three characters
/// from there ([`SearchPlan::Long`]).
fn list_shape(
    filter: &GroupFilter,
    backend: Backend,
    text_at: usize,
    rarest_at: Option<usize>,
) -> ListShape {
    let anywhere = || {
        format!(
            "({} OR {})",
            contains(backend, "g.name_search", text_at),
            contains(backend, "g.description_search", text_at)
        )
    };
    match filter {
        GroupFilter::Search(text) if !text.is_empty() => {
            let name_first = format!(
                "CASE WHEN {} THEN 0 ELSE 1 END",
                contains(backend, "g.name_search", text_at)
            );
            let mut order = vec![(name_first, false)];
            order.extend(popular_order());
            let having_piece = rarest_at.map_or_else(String::new, |at| {
                format!(" AND g.id IN ({})", groups_having_piece(text_at, at))
            });
            ListShape {
                condition: format!(" WHERE {}{having_piece}", anywhere()),
                order,
                text: Some(search_key(text.as_str())),
            }
        }
        GroupFilter::Genres { genres, mode } => {
            // The tagged groups are found from the genres' index and only they are read
            // (rather than every group probed for its genres: with 2,000 groups, one
            // request cost 2.2 ms of CPU on SQLite, at 20 groups 0.1 ms).
            let ids = genres.to_query();
            let all = match mode {
                GenreMatch::Any => String::new(),
                GenreMatch::All => {
                    format!(" GROUP BY gg.group_id HAVING COUNT(*) = {}", genres.len())
                }
            };
            ListShape {
                condition: format!(
                    " WHERE g.id IN (SELECT gg.group_id FROM group_genres gg \
                       WHERE gg.genre_id IN ({ids}){all})"
                ),
                order: popular_order(),
                text: None,
            }
        }
        GroupFilter::Admin(wanted) => {
            let mut conditions = Vec::new();
            if let Some(visibility) = wanted.visibility {
                conditions.push(format!("g.visibility = '{}'", visibility.as_str()));
            }
            if let Some(owner) = wanted.owner {
                conditions.push(format!("g.owner_id = {}", owner.0));
            }
            let text = (!wanted.search.is_empty()).then(|| {
                conditions.push(anywhere());
                search_key(wanted.search.as_str())
            });
            let condition = if conditions.is_empty() {
                String::new()
            } else {
                format!(" WHERE {}", conditions.join(" AND "))
            };
            ListShape {
                condition,
                order: vec![("g.id".to_owned(), false)],
                text,
            }
        }
        // An empty search lists every group, as popular does.
        GroupFilter::Popular | GroupFilter::Search(_) => ListShape {
            condition: String::new(),
            order: popular_order(),
            text: None,
        },
        GroupFilter::OfUser { user, private } => {
            let shown = match private {
                PrivateGroups::All => String::new(),
                // The viewer's own row (`gm`, joined on `$1`) must be a membership.
                PrivateGroups::SharedWith(_) => " AND (g.visibility = 'public' \
                     OR (gm.role IS NOT NULL AND gm.role <> 'pending'))"
                    .to_owned(),
                PrivateGroups::None => " AND g.visibility = 'public'".to_owned(),
            };
            ListShape {
                condition: format!(
                    " JOIN group_members um ON um.group_id = g.id AND um.user_id = {} \
                     AND um.role <> 'pending' WHERE 1 = 1{shown}",
                    user.0
                ),
                order: vec![("um.joined_at".to_owned(), true), ("g.id".to_owned(), true)],
                text: None,
            }
        }
    }
}

/// The position of the rarest piece a search reads its groups by, if any.
fn rarest_at(plan: Option<SearchPlan>) -> Option<usize> {
    match plan {
        Some(SearchPlan::Long { rarest_at }) => rarest_at,
        _ => None,
    }
}

/// `ORDER BY` over the window's key columns `page.k0`, `page.k1`, … (`prefix` "page.")
/// or their aliases inside the window's own query (`prefix` "").
fn order_by(order: &[SortKey], prefix: &str) -> String {
    order
        .iter()
        .enumerate()
        .map(|(at, (_, descending))| {
            format!("{prefix}k{at}{}", if *descending { " DESC" } else { "" })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The total of a list whose window at `page` held `found` groups, when the window
/// shows it: a partly filled window, or an empty first one, ends the list.
fn total_from_window(page: PageRequest, found: usize) -> Option<i64> {
    let found = i64::try_from(found).ok()?;
    (found < page.limit && (found > 0 || page.offset == 0)).then_some(page.offset + found)
}

impl SqlStore {
    pub(super) async fn list_group_rows(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Paged<Group>, StoreError> {
        let plan = self.plan_of(filter).await?;
        let items = self.planned_window_rows(filter, plan, viewer, page).await?;
        let total = match total_from_window(page, items.len()).or(plan.and_then(SearchPlan::total))
        {
            Some(total) => total,
            None => self.count_groups(filter, plan, viewer).await?,
        };
        Ok(Paged {
            items,
            total,
            limit: page.limit,
            offset: page.offset,
        })
    }

    /// How a search reads its groups; none for the other lists.
    async fn plan_of(&self, filter: &GroupFilter) -> Result<Option<SearchPlan>, StoreError> {
        match filter {
            GroupFilter::Search(text) if !text.is_empty() => {
                Ok(Some(self.search_plan(&search_key(text.as_str())).await?))
            }
            _ => Ok(None),
        }
    }

    async fn count_groups(
        &self,
        filter: &GroupFilter,
        plan: Option<SearchPlan>,
        viewer: Option<UserId>,
    ) -> Result<i64, StoreError> {
        let with_viewer = reads_viewer(filter);
        let shape = list_shape(
            filter,
            self.backend(),
            if with_viewer { 2 } else { 1 },
            rarest_at(plan),
        );
        // No owner join: every group has an owner (a required reference), and joining
        // `users` for the count made Postgres hash the whole users table when its
        // statistics were behind (0.6 ms a request on 2,000 users).
        let sql = format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM groups g{}{}",
            if with_viewer { VIEWER_MEMBERSHIP } else { "" },
            shape.condition
        );
        let mut count = sqlx::query_scalar::<_, i64>(&sql);
        if with_viewer {
            count = count.bind(viewer.map(|v| v.0));
        }
        if let Some(text) = &shape.text {
            count = count.bind(text.as_str());
        }
        count.fetch_one(self.pool()).await.map_err(store_error)
    }

    /// The groups of [`Self::list_group_rows`]'s window, with their genres, without
    /// counting the list.
    pub(super) async fn group_window_rows(
        &self,
        filter: &GroupFilter,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Vec<Group>, StoreError> {
        let plan = self.plan_of(filter).await?;
        self.planned_window_rows(filter, plan, viewer, page).await
    }

    async fn planned_window_rows(
        &self,
        filter: &GroupFilter,
        plan: Option<SearchPlan>,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Vec<Group>, StoreError> {
        let shape = list_shape(filter, self.backend(), 2, rarest_at(plan));
        // The window's ids and sort keys: bound after the viewer ($1) come the folded
        // text, then (for a list read in one walk) the limit and offset.
        let (window, paged) = match plan {
            Some(SearchPlan::Nothing) => return Ok(Vec::new()),
            Some(SearchPlan::Short {
                in_names,
                only_in_descriptions,
                groups,
            }) => {
                match short_window(self.backend(), in_names, only_in_descriptions, groups, page) {
                    Some(window) => (window, false),
                    None => return Ok(Vec::new()),
                }
            }
            Some(SearchPlan::Long { rarest_at }) => {
                let text = shape.text.as_deref().unwrap_or_default();
                match self.long_window(text, rarest_at, page).await? {
                    Some(window) => (window, false),
                    None => return Ok(Vec::new()),
                }
            }
            None => {
                let keys = shape
                    .order
                    .iter()
                    .enumerate()
                    .map(|(at, (expression, _))| format!(", {expression} AS k{at}"))
                    .collect::<String>();
                let limit_at = if shape.text.is_some() { 3 } else { 2 };
                let window = format!(
                    "SELECT g.id AS group_id{keys} FROM groups g{}{} \
                     ORDER BY {} LIMIT ${limit_at} OFFSET ${}",
                    if reads_viewer(filter) {
                        VIEWER_MEMBERSHIP
                    } else {
                        ""
                    },
                    shape.condition,
                    order_by(&shape.order, ""),
                    limit_at + 1,
                );
                (window, true)
            }
        };
        let sql = format!(
            "SELECT {GROUP_COLUMNS} FROM ({window}) page \
             JOIN groups g ON g.id = page.group_id{OWNER}{VIEWER_MEMBERSHIP} \
             ORDER BY {}",
            order_by(&shape.order, "page."),
        );
        let mut query = sqlx::query(&sql).bind(viewer.map(|v| v.0));
        if let Some(text) = &shape.text {
            query = query.bind(text.as_str());
        }
        if paged {
            query = query.bind(page.limit).bind(page.offset);
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let groups = rows.iter().map(group_from_row).collect::<Result<_, _>>()?;
        self.with_genres(groups).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(limit: i64, offset: i64) -> PageRequest {
        PageRequest::new(Some(limit), Some(offset), 20, 50).expect("a valid page")
    }

    #[test]
    fn a_window_that_ends_the_list_gives_its_total() {
        assert_eq!(total_from_window(page(20, 0), 0), Some(0));
        assert_eq!(total_from_window(page(20, 0), 7), Some(7));
        assert_eq!(total_from_window(page(20, 40), 3), Some(43));
    }

    #[test]
    fn a_full_or_empty_later_window_needs_a_count() {
        assert_eq!(total_from_window(page(20, 0), 20), None);
        assert_eq!(total_from_window(page(20, 40), 20), None);
        // Past the end: the list may have ended anywhere before the offset.
        assert_eq!(total_from_window(page(20, 40), 0), None);
    }
}
