//! Deleting accounts: cascades, group succession, counters of others.

use leffaseura_core::domain::favorite::{FavoriteList, NewFavorite};
use leffaseura_core::domain::moderation::ModerationAction;
use leffaseura_core::domain::moderation::ModerationFilter;
use leffaseura_core::domain::paging::PageRequest;
use leffaseura_core::ports::{FavoriteStore, UserStore};
use leffaseura_core::{GroupId, MovieId, UserId};
use sqlx::Row;

use super::fixtures::*;
use crate::SqlStore;

pub async fn deleting_a_user_removes_their_reviews_reactions_favorites_and_memberships(
    store: SqlStore,
) {
    let leaver = user(&store, "leaver").await;
    let other = user(&store, "other").await;
    let own_review = review(&store, leaver.id, 550, 3).await;
    let others_review = review(&store, other.id, 550, 4).await;
    react(&store, other.id, own_review, true).await;
    react(&store, leaver.id, others_review, true).await;
    let club = group(&store, other.id, "Noir Club").await;
    member(&store, club, leaver.id, "member", 5).await;
    for kind in [1, 2] {
        exec(
            &store,
            "INSERT INTO favorites (user_id, movie_id, type, created_at) VALUES ($1, 550, $2, 0)",
            &[leaver.id.0, kind],
        )
        .await
        .expect("favorite");
    }
    exec(
        &store,
        "INSERT INTO favorites (user_id, movie_id, type, group_id, created_at) VALUES ($1, 550, 3, $2, 0)",
        &[leaver.id.0, club],
    )
    .await
    .expect("group favorite");

    store.delete_user(leaver.id, None).await.expect("delete");

    assert!(store.find_user(leaver.id).await.expect("find").is_none());
    let count = |table: &'static str| {
        let store = store.clone();
        async move {
            scalar(
                &store,
                &format!("SELECT CAST(COUNT(*) AS BIGINT) FROM {table} WHERE user_id = $1"),
                &[leaver.id.0],
            )
            .await
        }
    };
    for table in ["reviews", "review_reactions", "favorites", "group_members"] {
        assert_eq!(count(table).await, 0, "{table} rows left behind");
    }
    // What belongs to others stays.
    assert_eq!(owner_of(&store, club).await, Some(other.id.0));
    let other_reviews = scalar(
        &store,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM reviews WHERE user_id = $1",
        &[other.id.0],
    )
    .await;
    assert_eq!(other_reviews, 1);
    assert_eq!(store.list_users(page(10, 0)).await.expect("list").total, 1);
}

pub async fn a_deleted_owner_hands_the_group_to_the_longest_standing_moderator(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let old_member = user(&store, "oldmember").await;
    let new_mod = user(&store, "newmod").await;
    let old_mod = user(&store, "oldmod").await;
    let club = group(&store, owner.id, "Noir Club").await;
    member(&store, club, old_member.id, "member", 1).await;
    member(&store, club, new_mod.id, "moderator", 30).await;
    member(&store, club, old_mod.id, "moderator", 20).await;

    // The store alone refuses while the user owns a group: the account-deletion use case
    // hands it over first (core picks the heir, the store applies).
    assert_stale(store.delete_user(owner.id, None).await);
    assert_eq!(owner_of(&store, club).await, Some(owner.id.0));
    delete_account(&store, owner.id).await;

    assert_eq!(owner_of(&store, club).await, Some(old_mod.id.0));
    assert_eq!(
        role_of(&store, club, old_mod.id).await.as_deref(),
        Some("owner")
    );
    assert_eq!(
        role_of(&store, club, new_mod.id).await.as_deref(),
        Some("moderator")
    );
    assert_eq!(
        role_of(&store, club, old_member.id).await.as_deref(),
        Some("member")
    );
    assert_eq!(role_of(&store, club, owner.id).await, None);
}

pub async fn group_favorites_outlive_the_account_that_added_them(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let moderator = user(&store, "moderator").await;
    let club = group(&store, owner.id, "Noir Club").await;
    member(&store, club, moderator.id, "moderator", 5).await;
    let list = FavoriteList::Group(GroupId(club));
    let added = |by: UserId, movie: i64| NewFavorite {
        list,
        movie_id: MovieId(movie),
        added_by: by,
        original_title: format!("Movie {movie}"),
        release_year: Some(1999),
        poster_path: None,
        created_at: at(movie),
    };
    store
        .add_favorite(&added(moderator.id, 550))
        .await
        .expect("moderator adds");
    store
        .add_favorite(&added(owner.id, 680))
        .await
        .expect("owner adds");
    // The moderator's own lists still go with the account.
    store
        .add_favorite(&NewFavorite {
            list: FavoriteList::Favorites(moderator.id),
            ..added(moderator.id, 550)
        })
        .await
        .expect("personal favorite");

    store.delete_user(moderator.id, None).await.expect("delete");

    let listed = |store: SqlStore| async move {
        store
            .list_favorites(list, page(10, 0))
            .await
            .expect("list")
            .items
            .into_iter()
            .map(|f| (f.movie_id.0, f.added_by))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        listed(store.clone()).await,
        [(680, owner.id), (550, owner.id)]
    );
    assert_eq!(
        store
            .list_favorites(FavoriteList::Favorites(moderator.id), page(10, 0))
            .await
            .expect("list")
            .total,
        0
    );

    // An owner's entries go to whoever inherits the group.
    let heir = user(&store, "heir").await;
    member(&store, club, heir.id, "moderator", 9).await;
    delete_account(&store, owner.id).await;
    assert_eq!(owner_of(&store, club).await, Some(heir.id.0));
    assert_eq!(
        listed(store.clone()).await,
        [(680, heir.id), (550, heir.id)]
    );
}

pub async fn without_moderators_the_longest_standing_member_inherits_the_group(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let newer = user(&store, "newer").await;
    let older = user(&store, "older").await;
    let asker = user(&store, "asker").await;
    let club = group(&store, owner.id, "Noir Club").await;
    let second = group(&store, owner.id, "Western Club").await;
    member(&store, club, asker.id, "pending", 1).await;
    member(&store, club, newer.id, "member", 50).await;
    member(&store, club, older.id, "member", 40).await;
    member(&store, second, newer.id, "member", 60).await;

    delete_account(&store, owner.id).await;

    assert_eq!(owner_of(&store, club).await, Some(older.id.0));
    assert_eq!(
        role_of(&store, club, older.id).await.as_deref(),
        Some("owner")
    );
    assert_eq!(
        role_of(&store, club, asker.id).await.as_deref(),
        Some("pending")
    );
    assert_eq!(owner_of(&store, second).await, Some(newer.id.0));
}

pub async fn a_group_with_only_pending_requests_is_deleted_with_its_owner(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let asker = user(&store, "asker").await;
    let lonely = group(&store, owner.id, "Lonely Club").await;
    member(&store, lonely, asker.id, "pending", 1).await;
    exec(
        &store,
        "INSERT INTO group_genres (group_id, genre_id) VALUES ($1, 80)",
        &[lonely],
    )
    .await
    .expect("genre");
    exec(
        &store,
        "INSERT INTO favorites (user_id, movie_id, type, group_id, created_at) VALUES ($1, 550, 3, $2, 0)",
        &[asker.id.0, lonely],
    )
    .await
    .expect("group favorite");

    delete_account(&store, owner.id).await;

    assert_eq!(owner_of(&store, lonely).await, None);
    for table in ["group_members", "group_genres", "favorites"] {
        let left = scalar(
            &store,
            &format!("SELECT CAST(COUNT(*) AS BIGINT) FROM {table} WHERE group_id = $1"),
            &[lonely],
        )
        .await;
        assert_eq!(left, 0, "{table} rows of the deleted group left behind");
    }
    assert!(store.find_user(asker.id).await.expect("find").is_some());
}

pub async fn counters_of_other_users_are_corrected_when_a_reacting_user_is_deleted(
    store: SqlStore,
) {
    let critic = user(&store, "critic").await;
    let other_critic = user(&store, "othercritic").await;
    let leaver = user(&store, "leaver").await;
    let stayer = user(&store, "stayer").await;
    let first = review(&store, critic.id, 550, 5).await;
    let second = review(&store, critic.id, 603, 2).await;
    let third = review(&store, other_critic.id, 550, 3).await;
    let leavers_own = review(&store, leaver.id, 680, 4).await;
    react(&store, leaver.id, first, true).await;
    react(&store, leaver.id, second, false).await;
    react(&store, leaver.id, third, true).await;
    react(&store, stayer.id, first, true).await;
    react(&store, stayer.id, leavers_own, false).await;
    react(&store, critic.id, leavers_own, true).await;

    store.delete_user(leaver.id, None).await.expect("delete");

    let stats = store.user_stats(critic.id).await.expect("stats");
    assert_eq!((stats.total_likes, stats.total_dislikes), (1, 0));
    assert_eq!((stats.review_count, stats.rating_sum), (2, 7));
    let stats = store.user_stats(other_critic.id).await.expect("stats");
    assert_eq!((stats.total_likes, stats.total_dislikes), (0, 0));
    let counters = |id: i64| {
        let store = store.clone();
        async move {
            let row = sqlx::query("SELECT likes, dislikes FROM reviews WHERE id = $1")
                .bind(id)
                .fetch_one(store.pool())
                .await
                .expect("review");
            (
                row.try_get::<i64, _>("likes").expect("likes"),
                row.try_get::<i64, _>("dislikes").expect("dislikes"),
            )
        }
    };
    assert_eq!(counters(first).await, (1, 0));
    assert_eq!(counters(second).await, (0, 0));
    assert_eq!(counters(third).await, (0, 0));
    // The counters still match the rows, for everyone.
    let drift = scalar(
        &store,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM reviews r WHERE \
           r.likes <> (SELECT COUNT(*) FROM review_reactions x WHERE x.review_id = r.id AND x.kind = 'like') \
           OR r.dislikes <> (SELECT COUNT(*) FROM review_reactions x WHERE x.review_id = r.id AND x.kind = 'dislike')",
        &[],
    )
    .await;
    assert_eq!(drift, 0);
}

pub async fn deleting_a_user_writes_the_moderation_entry(store: SqlStore) {
    let spammer = user(&store, "spammer").await;
    store
        .delete_user(
            spammer.id,
            Some(entry(ModerationAction::DeleteUser, "user:spammer", 5)),
        )
        .await
        .expect("delete");
    let log = store
        .list_moderation_log(&ModerationFilter::default(), page(10, 0))
        .await
        .expect("log");
    assert_eq!(log.total, 1);
    assert_eq!(log.items[0].action, ModerationAction::DeleteUser);
    assert_eq!(log.items[0].target, "user:spammer");
    assert_not_found(store.delete_user(spammer.id, None).await);
}

/// Each deletion corrects the other's counters, so on Postgres the two transactions may
/// deadlock; the store retries the one the server aborts.
pub async fn users_who_reacted_to_each_other_can_leave_at_the_same_time(store: SqlStore) {
    for round in 0..8 {
        let a = user(&store, &format!("first{round}")).await;
        let b = user(&store, &format!("second{round}")).await;
        let by_a = review(&store, a.id, 550, 4).await;
        let by_b = review(&store, b.id, 550, 2).await;
        react(&store, a.id, by_b, true).await;
        react(&store, b.id, by_a, false).await;
        let (left, right) = (store.clone(), store.clone());
        let (first, second) = tokio::join!(
            tokio::spawn(async move { left.delete_user(a.id, None).await }),
            tokio::spawn(async move { right.delete_user(b.id, None).await }),
        );
        first.expect("task").expect("first deletion");
        second.expect("task").expect("second deletion");
    }
    assert_eq!(
        store
            .list_users(PageRequest {
                limit: 1,
                offset: 0
            })
            .await
            .expect("list")
            .total,
        0
    );
}
