//! How a group search reads its groups, from the pieces of migration 0016: every distinct
//! 1-, 2- and 3-character piece of each group's folded name and description
//! (`group_search_grams`, `in_name` 1 when the piece is in the name) and the number of
//! groups having each (`group_search_gram_counts`; the empty piece counts every group).
//!
//! A query of up to [`PIECE_MAX`] folded characters is itself a piece: its total is two
//! counters, and its page is read in two parts, the groups with it in their name and then
//! those with it only in their description, each by walking the popular order and testing
//! the folded columns (when at least one group in [`DENSE`] has it) or from the piece's own
//! groups (when few have it) — a page of "a" among 2,000 groups reads about 20. A longer
//! query's page is read in the same two parts, the name matches walked up to the window's
//! end first to learn where the description part starts; its total tests every group
//! having its rarest three-character piece (every group when the piece is common: a
//! longer substring has no counter).

use std::collections::HashMap;

use sqlx::Row;

use leffaseura_core::domain::paging::PageRequest;
use leffaseura_core::StoreError;

use super::lists::contains;
use crate::error::store_error;
use crate::{Backend, SqlStore};

/// The longest query looked up as one piece.
const PIECE_MAX: usize = 3;

/// A part of a search is walked in popular order when at least one group in this many has
/// its piece (a page of 20 then reads about 160 groups at most), and read from the piece's
/// groups otherwise (at most one group in this many, sorted).
const DENSE: i64 = 8;

/// How a search reads its groups (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SearchPlan {
    /// A piece missing from every group: nothing matches.
    Nothing,
    /// A query of at most [`PIECE_MAX`] characters: how many groups have it in their name,
    /// how many only in their description, and how many groups there are.
    Short {
        in_names: i64,
        only_in_descriptions: i64,
        groups: i64,
    },
    /// A longer query; when few groups have its rarest piece, the 1-based character
    /// position of that piece in the query.
    Long { rarest_at: Option<usize> },
}

impl SearchPlan {
    /// The search's total when the counters give it.
    pub(super) fn total(self) -> Option<i64> {
        match self {
            SearchPlan::Nothing => Some(0),
            SearchPlan::Short {
                in_names,
                only_in_descriptions,
                ..
            } => Some(in_names + only_in_descriptions),
            SearchPlan::Long { .. } => None,
        }
    }
}

/// The distinct three-character pieces of `text` with their first 1-based position.
fn pieces(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found: Vec<(usize, String)> = Vec::new();
    for (at, window) in chars.windows(PIECE_MAX).enumerate() {
        let piece: String = window.iter().collect();
        if !found.iter().any(|(_, known)| *known == piece) {
            found.push((at + 1, piece));
        }
    }
    found
}

/// The ids of the groups having the piece at 1-based character position `at` of the
/// query bound at `$text_at` (its first three characters, or all of a shorter query).
pub(super) fn groups_having_piece(text_at: usize, at: usize) -> String {
    format!(
        "SELECT s.group_id FROM group_search_grams s \
         WHERE s.gram = substr(${text_at}, {at}, {PIECE_MAX})"
    )
}

/// Where a part of a search's page reads its groups from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Every group, walked in popular order (`groups_popular_idx`) and tested.
    Walk,
    /// The groups having the query's piece at this 1-based character position (its first
    /// three characters, or all of a shorter query), tested and sorted.
    Piece(usize),
}

impl Source {
    /// The piece's groups when few groups have it (fewer than one in [`DENSE`]),
    /// every group otherwise.
    fn for_count(having: i64, groups: i64, at: usize) -> Source {
        if having.saturating_mul(DENSE) >= groups {
            Source::Walk
        } else {
            Source::Piece(at)
        }
    }
}

/// One part of a search's page: its groups (those with the query, bound at `$text_at`,
/// in their name, `in_name` 1, or only in their description, 0) in popular order, from
/// `page.offset`, at most `page.limit`, with the sort keys of `lists.rs`'s window (`k0`
/// the part).
fn part(
    backend: Backend,
    in_name: i64,
    source: Source,
    page: PageRequest,
    text_at: usize,
) -> String {
    let k0 = 1 - in_name;
    let in_the_name = contains(backend, "g.name_search", text_at);
    // The folded columns are tested in both sources: as a plain filter, it leaves the walk
    // of groups_popular_idx the only plan (Postgres turned an EXISTS test of the pieces
    // into a join of all 1,980 groups having "a", then sorted them).
    let test = if in_name == 1 {
        in_the_name
    } else {
        format!(
            "NOT {in_the_name} AND {}",
            contains(backend, "g.description_search", text_at)
        )
    };
    let from = match source {
        Source::Walk => format!("groups g WHERE {test}"),
        // CROSS JOIN: SQLite reads the piece's groups first rather than walking the
        // popular order (its planner cannot tell a rare piece from a common one).
        Source::Piece(at) => format!(
            "group_search_grams s CROSS JOIN groups g \
             WHERE s.gram = substr(${text_at}, {at}, {PIECE_MAX}) AND g.id = s.group_id AND {test}"
        ),
    };
    format!(
        "SELECT g.id AS group_id, {k0} AS k0, g.member_count AS k1, g.activity_at AS k2, \
         g.id AS k3 FROM {from} \
         ORDER BY g.member_count DESC, g.activity_at DESC, g.id DESC \
         LIMIT {} OFFSET {}",
        page.limit, page.offset
    )
}

/// The window `page` of a search whose name matches number `in_names` (then come the
/// description-only matches, `only_in_descriptions` of them at most) as a query of group
/// ids and sort keys (`$2` the folded query); none when the window is past the end.
fn window_of_parts(
    backend: Backend,
    (in_names, names_from): (i64, Source),
    (only_in_descriptions, descriptions_from): (i64, Source),
    page: PageRequest,
) -> Option<String> {
    let (from, to) = (page.offset, page.offset.saturating_add(page.limit));
    let mut parts = Vec::new();
    for (in_name, start, count, source) in [
        (1, 0, in_names, names_from),
        (0, in_names, only_in_descriptions, descriptions_from),
    ] {
        let (first, last) = (from.max(start), to.min(start.saturating_add(count)));
        if first < last {
            let window = PageRequest {
                limit: last - first,
                offset: first - start,
            };
            let sql = part(backend, in_name, source, window, 2);
            parts.push(format!("SELECT * FROM ({sql}) AS part{in_name}"));
        }
    }
    (!parts.is_empty()).then(|| parts.join(" UNION ALL "))
}

/// The window `page` of a short search (see [`window_of_parts`]).
pub(super) fn short_window(
    backend: Backend,
    in_names: i64,
    only_in_descriptions: i64,
    groups: i64,
    page: PageRequest,
) -> Option<String> {
    window_of_parts(
        backend,
        (in_names, Source::for_count(in_names, groups, 1)),
        (
            only_in_descriptions,
            Source::for_count(only_in_descriptions, groups, 1),
        ),
        page,
    )
}

impl SqlStore {
    /// The window `page` of a longer search (see [`window_of_parts`]). How many groups
    /// have the query in their name is not counted: a walk of the name matches up to the
    /// window's end tells whether the window ends among them, or how many there are.
    pub(super) async fn long_window(
        &self,
        text: &str,
        rarest_at: Option<usize>,
        page: PageRequest,
    ) -> Result<Option<String>, StoreError> {
        let source = rarest_at.map_or(Source::Walk, Source::Piece);
        let through_window = PageRequest {
            limit: page.offset.saturating_add(page.limit),
            offset: 0,
        };
        let names = part(self.backend(), 1, source, through_window, 1);
        let in_names: i64 = sqlx::query_scalar(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM ({names}) AS n"
        ))
        .bind(text)
        .fetch_one(self.pool())
        .await
        .map_err(store_error)?;
        Ok(window_of_parts(
            self.backend(),
            (in_names, source),
            (i64::MAX, source),
            page,
        ))
    }

    /// How to read a search for the folded `text` (not empty).
    pub(super) async fn search_plan(&self, text: &str) -> Result<SearchPlan, StoreError> {
        if text.chars().count() <= PIECE_MAX {
            let row = sqlx::query(
                "SELECT \
                   CAST(COALESCE(SUM(CASE WHEN gram = $1 AND in_name = 1 THEN groups END), 0) \
                     AS BIGINT) AS in_names, \
                   CAST(COALESCE(SUM(CASE WHEN gram = $1 AND in_name = 0 THEN groups END), 0) \
                     AS BIGINT) AS only_in_descriptions, \
                   CAST(COALESCE(SUM(CASE WHEN gram = '' THEN groups END), 0) AS BIGINT) \
                     AS all_groups \
                 FROM group_search_gram_counts WHERE gram IN ($1, '')",
            )
            .bind(text)
            .fetch_one(self.pool())
            .await
            .map_err(store_error)?;
            let get = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
            return Ok(SearchPlan::Short {
                in_names: get("in_names")?,
                only_in_descriptions: get("only_in_descriptions")?,
                groups: get("all_groups")?,
            });
        }
        let pieces = pieces(text);
        let placeholders: Vec<String> = (1..=pieces.len()).map(|n| format!("${n}")).collect();
        let sql = format!(
            "SELECT gram, CAST(SUM(groups) AS BIGINT) AS n FROM group_search_gram_counts \
             WHERE gram IN ('', {}) GROUP BY gram",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (_, piece) in &pieces {
            query = query.bind(piece.as_str());
        }
        let rows = query.fetch_all(self.pool()).await.map_err(store_error)?;
        let mut counts = HashMap::with_capacity(rows.len());
        for row in &rows {
            let gram: String = row.try_get("gram").map_err(store_error)?;
            counts.insert(gram, row.try_get::<i64, _>("n").map_err(store_error)?);
        }
        let groups = counts.get("").copied().unwrap_or(0);
        let mut rarest: Option<(usize, i64)> = None;
        for (at, piece) in &pieces {
            let Some(&n) = counts.get(piece) else {
                return Ok(SearchPlan::Nothing);
            };
            if rarest.is_none_or(|(_, fewest)| n < fewest) {
                rarest = Some((*at, n));
            }
        }
        Ok(SearchPlan::Long {
            rarest_at: rarest
                .filter(|(_, n)| n.saturating_mul(DENSE) < groups)
                .map(|(at, _)| at),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_longer_query_has_its_distinct_pieces_with_their_first_position() {
        let found = pieces("aaaab");
        assert_eq!(found, vec![(1, "aaa".to_owned()), (3, "aab".to_owned())]);
        assert_eq!(pieces("äiti").len(), 2, "characters, not bytes");
    }

    #[test]
    fn a_short_window_spans_the_name_part_then_the_description_part() {
        let page = |limit, offset| PageRequest { limit, offset };
        // 30 groups with the query in their name, 10 only in their description.
        let window = |offset| short_window(Backend::Sqlite, 30, 10, 2_000, page(20, offset));
        let both = window(20).expect("a window");
        assert!(both.contains("AS part1") && both.contains("LIMIT 10 OFFSET 20"));
        assert!(both.contains("AS part0") && both.contains("LIMIT 10 OFFSET 0"));
        let names_only = window(0).expect("a window");
        assert!(!names_only.contains("AS part0"));
        assert_eq!(window(40), None);
    }

    #[test]
    fn a_common_piece_walks_the_popular_order_and_a_rare_one_reads_its_groups() {
        let first = PageRequest {
            limit: 20,
            offset: 0,
        };
        let dense = Source::for_count(1_980, 2_000, 1);
        assert!(part(Backend::Postgres, 1, dense, first, 2).contains("strpos"));
        assert!(!part(Backend::Postgres, 1, dense, first, 2).contains("CROSS JOIN"));
        let rare = Source::for_count(3, 2_000, 1);
        assert!(part(Backend::Sqlite, 1, rare, first, 2).contains("CROSS JOIN"));
    }
}
