//! The schema itself: seeds, named uniqueness rules, CHECKs and foreign keys.

use leffaseura_core::error::Conflict;
use leffaseura_core::ports::UserStore;
use leffaseura_core::StoreError;

use super::fixtures::*;
use crate::{store_error, SqlStore};

pub async fn the_schema_seeds_genres_and_themes(store: SqlStore) {
    assert_eq!(
        scalar(&store, "SELECT CAST(COUNT(*) AS BIGINT) FROM genres", &[]).await,
        19
    );
    let scifi: String = sqlx::query_scalar("SELECT name FROM genres WHERE id = $1")
        .bind(878_i64)
        .fetch_one(store.pool())
        .await
        .expect("genre 878");
    assert_eq!(scifi, "Science Fiction");
    let themes: Vec<String> = sqlx::query_scalar("SELECT name FROM themes ORDER BY id")
        .fetch_all(store.pool())
        .await
        .expect("themes");
    assert_eq!(themes, ["blue", "green", "purple", "orange"]);
}

pub async fn the_schema_names_its_uniqueness_rules(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bob = user(&store, "bob").await;
    review(&store, alice.id, 550, 3).await;
    let again = exec(
        &store,
        "INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at) \
         VALUES ($1, 550, 4, 'Again', 0, 0)",
        &[alice.id.0],
    )
    .await;
    assert_conflict(again, Conflict::Review);

    let club = group(&store, alice.id, "Noir Club").await;
    let twin = sqlx::query(
        "INSERT INTO groups (name, name_key, visibility, owner_id, created_at, updated_at) \
         VALUES ('NOIR CLUB', 'noir club', 'public', $1, 0, 0)",
    )
    .bind(bob.id.0)
    .execute(store.pool())
    .await
    .map_err(store_error);
    assert_conflict(twin, Conflict::GroupName);

    let join = "INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES ($1, $2, 'member', 0)";
    exec(&store, join, &[club, bob.id.0]).await.expect("join");
    assert_conflict(
        exec(&store, join, &[club, bob.id.0]).await,
        Conflict::Membership,
    );

    let favorite =
        "INSERT INTO favorites (user_id, movie_id, type, created_at) VALUES ($1, 550, $2, 0)";
    exec(&store, favorite, &[bob.id.0, 1])
        .await
        .expect("watchlist");
    exec(&store, favorite, &[bob.id.0, 2])
        .await
        .expect("favorite");
    assert_conflict(
        exec(&store, favorite, &[bob.id.0, 1]).await,
        Conflict::Favorite,
    );
    let group_favorite =
        "INSERT INTO favorites (user_id, movie_id, type, group_id, created_at) VALUES ($1, 550, 3, $2, 0)";
    exec(&store, group_favorite, &[bob.id.0, club])
        .await
        .expect("group favorite");
    assert_conflict(
        exec(&store, group_favorite, &[alice.id.0, club]).await,
        Conflict::Favorite,
    );
}

pub async fn the_schema_refuses_rows_that_break_its_rules(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bob = user(&store, "bob").await;
    let refused = |result: Result<u64, StoreError>, what: &str| {
        assert!(result.is_err(), "{what} was accepted");
    };
    let bad_review =
        "INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at) \
                      VALUES ($1, 550, $2, 'x', 0, 0)";
    refused(exec(&store, bad_review, &[alice.id.0, 6]).await, "rating 6");
    refused(exec(&store, bad_review, &[alice.id.0, 0]).await, "rating 0");
    // A review by nobody: a missing foreign-key target is NotFound.
    assert_not_found(exec(&store, bad_review, &[9999, 3]).await);
    let watch_in_group = "INSERT INTO favorites (user_id, movie_id, type, group_id, created_at) \
                          VALUES ($1, 550, $2, $3, 0)";
    let club = group(&store, alice.id, "Noir Club").await;
    refused(
        exec(&store, watch_in_group, &[alice.id.0, 1, club]).await,
        "watchlist entry with a group",
    );
    let no_group =
        "INSERT INTO favorites (user_id, movie_id, type, created_at) VALUES ($1, 550, $2, 0)";
    refused(
        exec(&store, no_group, &[alice.id.0, 3]).await,
        "group favorite without a group",
    );
    refused(
        exec(&store, no_group, &[alice.id.0, 4]).await,
        "favorite type 4",
    );
    // One owner per group.
    refused(
        exec(
            &store,
            "INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', 0)",
            &[club, bob.id.0],
        )
        .await,
        "a second owner",
    );
    // An owner's account cannot vanish from under the group except through delete_user.
    refused(
        exec(&store, "DELETE FROM users WHERE id = $1", &[alice.id.0]).await,
        "deleting an owner directly",
    );
    refused(
        exec(
            &store,
            "UPDATE users SET likes_received = likes_received - 1 WHERE id = $1",
            &[bob.id.0],
        )
        .await,
        "a negative counter",
    );
}

pub async fn ping_answers(store: SqlStore) {
    store.ping().await.expect("ping");
}
