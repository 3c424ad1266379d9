//! The favorites store: watchlists, favorites, group favorites and status lookups.

use std::collections::HashSet;

use leffaseura_core::domain::favorite::{FavoriteKind, FavoriteList, NewFavorite};
use leffaseura_core::domain::group::Visibility;
use leffaseura_core::domain::membership::Role;
use leffaseura_core::ports::favorite_store::FavoriteStore;
use leffaseura_core::ports::group_store::GroupAccess;
use leffaseura_core::ports::GroupStore;
use leffaseura_core::{GroupId, MovieId, StoreError, UserId};

use super::fixtures::*;
use crate::SqlStore;

fn entry(list: FavoriteList, movie: i64, added_by: UserId, seconds: i64) -> NewFavorite {
    NewFavorite {
        list,
        movie_id: MovieId(movie),
        added_by,
        original_title: format!("Movie {movie}"),
        release_year: Some(1999),
        poster_path: Some(format!("/poster{movie}.jpg")),
        created_at: at(seconds),
    }
}

async fn add(store: &SqlStore, entry: &NewFavorite) -> (i64, bool) {
    let (stored, created) = store.add_favorite(entry).await.expect("add favorite");
    (stored.id, created)
}

async fn rows(store: &SqlStore) -> i64 {
    scalar(store, "SELECT CAST(COUNT(*) AS BIGINT) FROM favorites", &[]).await
}

pub async fn favorites_are_stored_once_per_list_and_read_back_whole(store: SqlStore) {
    let aino = user(&store, "aino").await;
    sqlx::query(
        "INSERT INTO movies (id, title, original_title, release_date, release_year, \
         poster_path, vote_average, updated_at) VALUES (550, 'Fight Club', 'Fight Club', \
         '1999-10-15', 1999, '/api/demo/poster/550.svg', 8.4, 0)",
    )
    .execute(store.pool())
    .await
    .expect("remember a movie");
    let watch = entry(FavoriteList::Watchlist(aino.id), 550, aino.id, 5);
    let (stored, created) = store.add_favorite(&watch).await.expect("add");
    assert!(created);
    assert_eq!(stored.list, FavoriteList::Watchlist(aino.id));
    assert_eq!(stored.movie_id, MovieId(550));
    assert_eq!(stored.added_by, aino.id);
    assert_eq!(stored.original_title, "Movie 550");
    assert_eq!(stored.release_year, Some(1999));
    assert_eq!(stored.poster_path.as_deref(), Some("/poster550.jpg"));
    assert_eq!(stored.created_at, at(5));
    assert_eq!(
        stored.rating,
        Some(8.4),
        "the rating comes from the movie store"
    );
    assert_eq!(
        stored.remembered_poster,
        Some(Some("/api/demo/poster/550.svg".to_owned())),
        "so does the poster to show"
    );

    // Again, even with other details: the entry already there is kept untouched.
    let mut again = watch.clone();
    again.original_title = "Changed".to_owned();
    again.created_at = at(9);
    let (same, created) = store.add_favorite(&again).await.expect("add again");
    assert!(!created);
    assert_eq!(same, stored);

    // The same movie on the other list is another entry.
    let fav = entry(FavoriteList::Favorites(aino.id), 550, aino.id, 6);
    let (other, created) = add(&store, &fav).await;
    assert!(created);
    assert_ne!(other, stored.id);
    assert_eq!(rows(&store).await, 2);

    let found = store
        .find_favorite(FavoriteList::Favorites(aino.id), MovieId(550))
        .await
        .expect("find")
        .expect("there");
    assert_eq!(found.id, other);
    let missing = store
        .find_favorite(FavoriteList::Favorites(aino.id), MovieId(551))
        .await
        .expect("find");
    assert!(missing.is_none());
    // Unknown movies have no rating and no remembered poster, not an error.
    let (_, _) = add(
        &store,
        &entry(FavoriteList::Favorites(aino.id), 13, aino.id, 7),
    )
    .await;
    let thirteen = store
        .find_favorite(FavoriteList::Favorites(aino.id), MovieId(13))
        .await
        .expect("find")
        .expect("there");
    assert_eq!(thirteen.rating, None);
    assert_eq!(thirteen.remembered_poster, None);
}

pub async fn simultaneous_identical_adds_leave_one_row(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let owner = user(&store, "owner").await;
    let group = GroupId(group(&store, owner.id, "Film Club").await);
    let moderator = user(&store, "moddy").await;
    member(&store, group.0, moderator.id, "moderator", 1).await;
    for list in [
        FavoriteList::Watchlist(aino.id),
        FavoriteList::Favorites(aino.id),
        FavoriteList::Group(group),
    ] {
        let mut tasks = Vec::new();
        for i in 0..8 {
            let store = store.clone();
            // Group favorites: the owner and a moderator click at the same time.
            let by = match list {
                FavoriteList::Group(_) if i % 2 == 1 => moderator.id,
                FavoriteList::Group(_) => owner.id,
                _ => aino.id,
            };
            let entry = entry(list, 603, by, i);
            tasks.push(tokio::spawn(
                async move { store.add_favorite(&entry).await },
            ));
        }
        let mut created = 0;
        let mut ids = HashSet::new();
        for task in tasks {
            let (stored, was_created) = task.await.expect("task").expect("add");
            created += usize::from(was_created);
            ids.insert(stored.id);
        }
        assert_eq!(created, 1, "{list:?}: exactly one add creates the row");
        assert_eq!(ids.len(), 1, "{list:?}: everyone sees the same row");
    }
    assert_eq!(rows(&store).await, 3);
}

pub async fn favorite_lists_are_newest_first_with_their_totals(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let pekka = user(&store, "pekka").await;
    let list = FavoriteList::Favorites(aino.id);
    // Movies 1..=5 added at seconds 10, 20, 30, 40, 40 (a tie: the later id first).
    for (movie, seconds) in [(1, 10), (2, 20), (3, 30), (4, 40), (5, 40)] {
        add(&store, &entry(list, movie, aino.id, seconds)).await;
    }
    add(
        &store,
        &entry(FavoriteList::Watchlist(aino.id), 9, aino.id, 50),
    )
    .await;
    add(
        &store,
        &entry(FavoriteList::Favorites(pekka.id), 8, pekka.id, 60),
    )
    .await;

    let first = store
        .list_favorites(list, page(2, 0))
        .await
        .expect("page 1");
    assert_eq!(first.total, 5);
    let movies = |items: &[leffaseura_core::domain::favorite::Favorite]| -> Vec<i64> {
        items.iter().map(|f| f.movie_id.0).collect()
    };
    assert_eq!(movies(&first.items), [5, 4]);
    assert!(first.has_more());
    let rest = store.list_favorites(list, page(10, 2)).await.expect("rest");
    assert_eq!(movies(&rest.items), [3, 2, 1]);
    assert!(!rest.has_more());
    assert_eq!((rest.limit, rest.offset), (10, 2));

    let watchlist = store
        .list_favorites(FavoriteList::Watchlist(aino.id), page(10, 0))
        .await
        .expect("watchlist");
    assert_eq!((watchlist.total, movies(&watchlist.items)), (1, vec![9]));
    let empty = store
        .list_favorites(FavoriteList::Watchlist(pekka.id), page(10, 0))
        .await
        .expect("empty");
    assert_eq!(empty.total, 0);
    assert!(empty.items.is_empty());
}

pub async fn removing_a_favorite_touches_only_its_list(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let owner = user(&store, "owner").await;
    let group = GroupId(group(&store, owner.id, "Film Club").await);
    add(
        &store,
        &entry(FavoriteList::Watchlist(aino.id), 550, aino.id, 1),
    )
    .await;
    add(
        &store,
        &entry(FavoriteList::Favorites(aino.id), 550, aino.id, 2),
    )
    .await;
    add(&store, &entry(FavoriteList::Group(group), 550, owner.id, 3)).await;

    let removed = store
        .remove_favorite(FavoriteList::Watchlist(aino.id), MovieId(550))
        .await
        .expect("remove");
    assert!(removed);
    let again = store
        .remove_favorite(FavoriteList::Watchlist(aino.id), MovieId(550))
        .await
        .expect("remove again");
    assert!(!again, "nothing left to remove");
    assert_eq!(rows(&store).await, 2);
    assert!(store
        .remove_favorite(FavoriteList::Group(group), MovieId(550))
        .await
        .expect("remove group favorite"));
    assert_eq!(rows(&store).await, 1);
    assert!(store
        .find_favorite(FavoriteList::Favorites(aino.id), MovieId(550))
        .await
        .expect("find")
        .is_some());
}

pub async fn status_lookups_see_only_the_users_personal_lists(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let pekka = user(&store, "pekka").await;
    let group = GroupId(group(&store, aino.id, "Film Club").await);
    add(
        &store,
        &entry(FavoriteList::Watchlist(aino.id), 1, aino.id, 1),
    )
    .await;
    add(
        &store,
        &entry(FavoriteList::Favorites(aino.id), 1, aino.id, 2),
    )
    .await;
    add(
        &store,
        &entry(FavoriteList::Favorites(aino.id), 2, aino.id, 3),
    )
    .await;
    add(&store, &entry(FavoriteList::Group(group), 3, aino.id, 4)).await;
    add(
        &store,
        &entry(FavoriteList::Watchlist(pekka.id), 4, pekka.id, 5),
    )
    .await;

    let ids: Vec<MovieId> = (1..=100).map(MovieId).collect();
    let mut saved = store.favorite_status(aino.id, &ids).await.expect("status");
    saved.sort_by_key(|(movie, kind)| (movie.0, kind.code()));
    assert_eq!(
        saved,
        [
            (MovieId(1), FavoriteKind::Watchlist),
            (MovieId(1), FavoriteKind::Favorite),
            (MovieId(2), FavoriteKind::Favorite),
        ]
    );
    let none = store
        .favorite_status(pekka.id, &[MovieId(1)])
        .await
        .expect("status");
    assert!(none.is_empty());
    let empty = store.favorite_status(aino.id, &[]).await.expect("no ids");
    assert!(empty.is_empty());
}

pub async fn group_favorites_are_one_per_movie_and_need_the_group(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let moderator = user(&store, "moddy").await;
    let group = GroupId(group(&store, owner.id, "Film Club").await);
    member(&store, group.0, moderator.id, "moderator", 1).await;
    let list = FavoriteList::Group(group);
    let (first, created) = add(&store, &entry(list, 27205, owner.id, 1)).await;
    assert!(created);
    // Another manager adding the same movie finds the owner's entry.
    let (stored, created) = store
        .add_favorite(&entry(list, 27205, moderator.id, 2))
        .await
        .expect("add again");
    assert!(!created);
    assert_eq!((stored.id, stored.added_by), (first, owner.id));
    let listed = store.list_favorites(list, page(8, 0)).await.expect("list");
    assert_eq!(listed.total, 1);

    let missing = store
        .add_favorite(&entry(
            FavoriteList::Group(GroupId(group.0 + 100)),
            1,
            owner.id,
            3,
        ))
        .await;
    assert!(
        matches!(missing, Err(StoreError::NotFound)),
        "unknown group: {missing:?}"
    );

    // Deleting the group takes its favorites along.
    exec(&store, "DELETE FROM groups WHERE id = $1", &[group.0])
        .await
        .expect("delete group");
    assert_eq!(rows(&store).await, 0);
}

pub async fn group_access_reads_the_owner_and_the_membership(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let group = GroupId(group(&store, owner.id, "Film Club").await);
    let mut expected = vec![(owner.id, Some(Role::Owner))];
    for (name, role) in [
        ("moddy", Some(Role::Moderator)),
        ("mem", Some(Role::Member)),
        ("pend", Some(Role::Pending)),
        ("stranger", None),
    ] {
        let someone = user(&store, name).await;
        if let Some(role) = role {
            member(&store, group.0, someone.id, role.as_str(), 1).await;
        }
        expected.push((someone.id, role));
    }
    for (who, membership) in expected {
        let access = store.group_access(group, who).await.expect("access");
        assert_eq!(
            access,
            Some(GroupAccess {
                owner_id: owner.id,
                membership,
                visibility: Visibility::Public,
            }),
            "{who:?}"
        );
    }
    let none = store
        .group_access(GroupId(group.0 + 1), owner.id)
        .await
        .expect("unknown group");
    assert_eq!(none, None);
}
