//! Group search read through its pieces (migration 0016) gives the same pages and totals
//! as testing every group, whichever way each query is read.

use std::collections::BTreeSet;

use sqlx::Row;

use leffaseura_core::domain::group::model::{GroupFilter, SearchText};
use leffaseura_core::ports::GroupStore;

use super::fixtures::{page, scalar, user};
use crate::SqlStore;

/// Every group as a search sees it: id, folded name and description, members, activity.
async fn every_group(store: &SqlStore) -> Vec<(i64, String, String, i64, i64)> {
    let rows = sqlx::query(
        "SELECT id, name_search, description_search, member_count, activity_at FROM groups",
    )
    .fetch_all(store.pool())
    .await
    .expect("groups");
    rows.iter()
        .map(|row| {
            (
                row.get("id"),
                row.get("name_search"),
                row.get("description_search"),
                row.get("member_count"),
                row.get("activity_at"),
            )
        })
        .collect()
}

/// The ids a search for `query` (ASCII lower case) finds, in order, by testing every group.
async fn scanned(store: &SqlStore, query: &str) -> Vec<i64> {
    let mut found: Vec<_> = every_group(store)
        .await
        .into_iter()
        .filter(|(_, name, description, _, _)| name.contains(query) || description.contains(query))
        .collect();
    found.sort_by(|a, b| {
        (!a.1.contains(query))
            .cmp(&!b.1.contains(query))
            .then(b.3.cmp(&a.3))
            .then(b.4.cmp(&a.4))
            .then(b.0.cmp(&a.0))
    });
    found.into_iter().map(|group| group.0).collect()
}

/// The pieces migration 0016 keeps for one group, computed here.
fn pieces_of(name: &str, description: &str) -> BTreeSet<(String, i64)> {
    let grams = |text: &str| {
        let chars: Vec<char> = text.chars().collect();
        let mut found = BTreeSet::new();
        for width in 1..=3 {
            for window in chars.windows(width) {
                found.insert(window.iter().collect::<String>());
            }
        }
        found
    };
    let in_name = grams(name);
    let mut pieces: BTreeSet<(String, i64)> = in_name.iter().map(|g| (g.clone(), 1)).collect();
    pieces.insert((String::new(), 1));
    for gram in grams(description) {
        if !in_name.contains(&gram) {
            pieces.insert((gram, 0));
        }
    }
    pieces
}

async fn assert_pieces_match_groups(store: &SqlStore) {
    for (id, name, description, _, _) in every_group(store).await {
        let rows = sqlx::query(
            "SELECT gram, CAST(in_name AS BIGINT) AS in_name FROM group_search_grams \
             WHERE group_id = $1",
        )
        .bind(id)
        .fetch_all(store.pool())
        .await
        .expect("pieces");
        let stored: BTreeSet<(String, i64)> = rows
            .iter()
            .map(|row| (row.get("gram"), row.get("in_name")))
            .collect();
        assert_eq!(stored, pieces_of(&name, &description), "group {id}");
    }
    let off = scalar(
        store,
        "SELECT COUNT(*) FROM group_search_gram_counts c WHERE c.groups <> \
           (SELECT COUNT(*) FROM group_search_grams s \
            WHERE s.gram = c.gram AND s.in_name = c.in_name)",
        &[],
    )
    .await;
    assert_eq!(off, 0, "piece counters out of step");
    let uncounted = scalar(
        store,
        "SELECT COUNT(*) FROM group_search_grams s WHERE NOT EXISTS \
           (SELECT 1 FROM group_search_gram_counts c \
            WHERE c.gram = s.gram AND c.in_name = s.in_name)",
        &[],
    )
    .await;
    assert_eq!(uncounted, 0, "pieces without a counter");
}

async fn assert_searches_match_the_scan(store: &SqlStore, round: &str) {
    // Common and rare short queries, in names and only in descriptions; longer ones
    // whose rarest piece is rare or common; pieces no group has.
    let queries = [
        "a", "k", "zq", "ja", "a e", "o 1", "xyz", "q", "kino", "kauhu", "elokuva", "uhu j",
        "zq seura", "qqqq",
    ];
    let windows = [
        (20, 0),
        (20, 20),
        (7, 25),
        (50, 0),
        (5, 38),
        (10, 40),
        (1, 0),
        (3, 2),
    ];
    for query in queries {
        let expected = scanned(store, query).await;
        let total = i64::try_from(expected.len()).expect("small");
        let filter = GroupFilter::Search(SearchText::parse(query).expect("query"));
        for (limit, offset) in windows {
            let found = store
                .list_groups(&filter, None, page(limit, offset))
                .await
                .expect("search");
            let from = usize::try_from(offset).expect("small").min(expected.len());
            let to = (from + usize::try_from(limit).expect("small")).min(expected.len());
            let ids: Vec<i64> = found.items.iter().map(|g| g.id.0).collect();
            assert_eq!(
                ids,
                expected[from..to],
                "{round}: {query:?} at {offset}+{limit}"
            );
            assert_eq!(found.total, total, "{round}: total of {query:?}");
            let window = store
                .group_window(&filter, None, page(limit, offset))
                .await
                .expect("window");
            let window: Vec<i64> = window.iter().map(|g| g.id.0).collect();
            assert_eq!(window, ids, "{round}: the uncounted window of {query:?}");
        }
    }
}

pub async fn searches_read_through_pieces_find_what_a_scan_finds(store: SqlStore) {
    let owner = user(&store, "owner").await;
    // 40 groups: most have "a" in their name, ten ("kino") only in their description; two
    // names have "zq"; three descriptions "kauhu ja"; every description "elokuva".
    for n in 0..40_i64 {
        let name = if n % 20 == 3 {
            format!("zq seura {n}")
        } else if n % 4 == 0 {
            format!("kino {n}")
        } else {
            format!("elokuva-ilta {n}")
        };
        let description = if n % 13 == 5 {
            "kauhu ja elokuva"
        } else {
            "elokuva joka viikko"
        };
        sqlx::query(
            "INSERT INTO groups (name, name_key, name_search, description, description_search, \
             visibility, theme_id, owner_id, created_at, updated_at, activity_at, member_count) \
             VALUES ($1, $1, $1, $2, $2, 'public', 1, $3, 0, 0, $4, $5)",
        )
        .bind(&name)
        .bind(description)
        .bind(owner.id.0)
        .bind(n % 3)
        .bind((n * 7) % 5 + 1)
        .execute(store.pool())
        .await
        .expect("group");
    }
    assert_pieces_match_groups(&store).await;
    assert_searches_match_the_scan(&store, "as written").await;

    // Renaming, describing anew and deleting groups move their pieces and the counters.
    sqlx::query(
        "UPDATE groups SET name = 'zq uusi', name_search = 'zq uusi' \
         WHERE name_search = 'kino 8'",
    )
    .execute(store.pool())
    .await
    .expect("rename");
    sqlx::query(
        "UPDATE groups SET description_search = 'kauhua' WHERE name_search = 'elokuva-ilta 9'",
    )
    .execute(store.pool())
    .await
    .expect("describe");
    sqlx::query("DELETE FROM groups WHERE name_search IN ('zq seura 3', 'kino 12')")
        .execute(store.pool())
        .await
        .expect("delete");
    assert_pieces_match_groups(&store).await;
    assert_searches_match_the_scan(&store, "after edits").await;
}
