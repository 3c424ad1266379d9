//! The contract test suite: the same behaviour checked against every backend.
//!
//! Each public `async fn` here takes a freshly migrated, empty [`SqlStore`] and panics
//! when the store breaks the contract. The backend crates run them all with
//! [`contract_suite!`](crate::contract_suite), giving it an expression that yields
//! `Option<(SqlStore, Guard)>` (`None` = skip; the guard cleans up when dropped).
//!
//! Fixtures for the tables that no port covers yet (reviews, reactions, groups) are
//! written in plain SQL here, keeping counters in step the way the stores must.

use chrono::{DateTime, Duration, TimeZone, Utc};
use sqlx::Row;

use leffaseura_core::domain::moderation::{ModerationAction, NewModerationEntry};
use leffaseura_core::domain::paging::PageRequest;
use leffaseura_core::domain::user::{
    Bio, Email, NewUser, PasswordHash, User, UserChanges, Username,
};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::UserStore;
use leffaseura_core::{StoreError, UserId};

use crate::{store_error, to_millis, SqlStore};

/// Generates one `#[tokio::test]` per contract test. `$fresh` is an expression (usually a
/// call of an async fn) evaluating to a future of `Option<(SqlStore, Guard)>`.
#[macro_export]
macro_rules! contract_suite {
    ($fresh:expr) => {
        $crate::contract_suite!(@tests $fresh;
            a_new_user_is_stored_plain_and_found_by_id_email_and_username,
            duplicate_username_in_any_letter_case_is_a_username_conflict,
            duplicate_email_in_any_letter_case_is_an_email_conflict,
            renaming_to_a_taken_username_or_email_is_a_conflict_naming_the_field,
            missing_users_are_none_and_changes_to_them_not_found,
            ids_are_never_reused_after_a_delete,
            a_password_change_bumps_the_token_version_and_other_changes_do_not,
            changes_are_applied_and_untouched_fields_kept,
            a_ban_bumps_the_token_version_and_is_logged_with_it,
            profile_and_stats_read_the_counters,
            deleting_a_user_removes_their_reviews_reactions_favorites_and_memberships,
            a_deleted_owner_hands_the_group_to_the_longest_standing_moderator,
            without_moderators_the_longest_standing_member_inherits_the_group,
            a_group_with_only_pending_requests_is_deleted_with_its_owner,
            counters_of_other_users_are_corrected_when_a_reacting_user_is_deleted,
            deleting_a_user_writes_the_moderation_entry,
            list_users_pages_oldest_first_with_a_total,
            the_moderation_log_is_newest_first,
            concurrent_writers_do_not_fail,
            the_schema_seeds_genres_and_themes,
            the_schema_names_its_uniqueness_rules,
            the_schema_refuses_rows_that_break_its_rules,
            ping_answers,
        );
    };
    (@tests $fresh:expr; $($name:ident),* $(,)?) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                let Some((store, guard)) = $fresh.await else {
                    return;
                };
                $crate::contract::$name(store.clone()).await;
                store.close().await;
                drop(guard);
            }
        )*
    };
}

// ---------------------------------------------------------------- fixtures

/// A fixed instant plus `seconds`, whole milliseconds so it survives the round trip.
pub fn at(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 10, 14, 18, 3, 0)
        .single()
        .expect("valid date")
        + Duration::seconds(seconds)
}

fn new_user(username: &str, email: &str) -> NewUser {
    NewUser {
        username: Username::parse(username).expect("valid username"),
        email: Email::parse(email).expect("valid email"),
        password_hash: PasswordHash(format!("$argon2id$fake${username}")),
        created_at: at(0),
    }
}

/// Creates `name` with the address `name@example.com`.
pub async fn user(store: &SqlStore, name: &str) -> User {
    store
        .create_user(&new_user(name, &format!("{name}@example.com")))
        .await
        .expect("create user")
}

fn entry(action: ModerationAction, target: &str, seconds: i64) -> NewModerationEntry {
    NewModerationEntry {
        action,
        actor: "root".into(),
        target: target.into(),
        reason: Some(format!("because {target}")),
        created_at: at(seconds),
    }
}

async fn exec(store: &SqlStore, sql: &str, args: &[i64]) -> Result<u64, StoreError> {
    let mut query = sqlx::query(sql);
    for arg in args {
        query = query.bind(*arg);
    }
    query
        .execute(store.pool())
        .await
        .map(|done| done.rows_affected())
        .map_err(store_error)
}

async fn scalar(store: &SqlStore, sql: &str, args: &[i64]) -> i64 {
    let mut query = sqlx::query_scalar::<_, i64>(sql);
    for arg in args {
        query = query.bind(*arg);
    }
    query.fetch_one(store.pool()).await.expect(sql)
}

/// A review, with the author's counters kept in step.
pub async fn review(store: &SqlStore, author: UserId, movie: i64, rating: i64) -> i64 {
    let id = scalar(
        store,
        "INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at) \
         VALUES ($1, $2, $3, 'A film.', $4, $4) RETURNING id",
        &[author.0, movie, rating, to_millis(at(1))],
    )
    .await;
    exec(
        store,
        "UPDATE users SET review_count = review_count + 1, rating_sum = rating_sum + $2 \
         WHERE id = $1",
        &[author.0, rating],
    )
    .await
    .expect("count review");
    id
}

/// A like (or dislike) with the review's and its author's counters kept in step.
pub async fn react(store: &SqlStore, reactor: UserId, review: i64, like: bool) {
    let (kind, review_col, user_col) = if like {
        ("like", "likes", "likes_received")
    } else {
        ("dislike", "dislikes", "dislikes_received")
    };
    sqlx::query(
        "INSERT INTO review_reactions (review_id, user_id, kind, created_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(review)
    .bind(reactor.0)
    .bind(kind)
    .bind(to_millis(at(2)))
    .execute(store.pool())
    .await
    .expect("insert reaction");
    exec(
        store,
        &format!("UPDATE reviews SET {review_col} = {review_col} + 1 WHERE id = $1"),
        &[review],
    )
    .await
    .expect("count on review");
    exec(
        store,
        &format!(
            "UPDATE users SET {user_col} = {user_col} + 1 \
             WHERE id = (SELECT user_id FROM reviews WHERE id = $1)"
        ),
        &[review],
    )
    .await
    .expect("count on author");
}

/// A group owned by `owner` (with the owner's membership row).
pub async fn group(store: &SqlStore, owner: UserId, name: &str) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO groups (name, name_key, description, visibility, theme_id, owner_id, \
         created_at, updated_at) VALUES ($1, $2, '', 'public', 1, $3, $4, $4) RETURNING id",
    )
    .bind(name)
    .bind(name.to_lowercase())
    .bind(owner.0)
    .bind(to_millis(at(0)))
    .fetch_one(store.pool())
    .await
    .expect("insert group");
    member(store, id, owner, "owner", 0).await;
    id
}

/// A membership row; `pending` rows get `requested_at` instead of `joined_at`.
pub async fn member(store: &SqlStore, group: i64, user: UserId, role: &str, since: i64) {
    let since = to_millis(at(since));
    let (joined, requested) = if role == "pending" {
        (None, Some(since))
    } else {
        (Some(since), None)
    };
    sqlx::query(
        "INSERT INTO group_members (group_id, user_id, role, joined_at, requested_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(group)
    .bind(user.0)
    .bind(role)
    .bind(joined)
    .bind(requested)
    .execute(store.pool())
    .await
    .expect("insert member");
}

async fn owner_of(store: &SqlStore, group: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT owner_id FROM groups WHERE id = $1")
        .bind(group)
        .fetch_optional(store.pool())
        .await
        .expect("owner of group")
}

async fn role_of(store: &SqlStore, group: i64, user: UserId) -> Option<String> {
    sqlx::query_scalar("SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2")
        .bind(group)
        .bind(user.0)
        .fetch_optional(store.pool())
        .await
        .expect("role of member")
}

fn page(limit: i64, offset: i64) -> PageRequest {
    PageRequest { limit, offset }
}

fn assert_conflict<T: std::fmt::Debug>(result: Result<T, StoreError>, expected: Conflict) {
    match result {
        Err(StoreError::Conflict(conflict)) => assert_eq!(conflict, expected),
        other => panic!("expected Conflict({expected:?}), got {other:?}"),
    }
}

fn assert_not_found<T: std::fmt::Debug>(result: Result<T, StoreError>) {
    assert!(
        matches!(result, Err(StoreError::NotFound)),
        "expected NotFound, got {result:?}"
    );
}

// ---------------------------------------------------------------- users

pub async fn a_new_user_is_stored_plain_and_found_by_id_email_and_username(store: SqlStore) {
    let created = store
        .create_user(&new_user("MovieFan", "Movie.Fan@Example.com"))
        .await
        .expect("create");
    assert_eq!(created.username, "MovieFan");
    assert_eq!(created.email, "movie.fan@example.com");
    assert_eq!(created.bio, "");
    assert_eq!(created.token_version, 0);
    assert!(!created.banned);
    assert!(!created.is_admin);
    assert_eq!(created.created_at, at(0));
    assert_eq!(
        created.password_hash,
        PasswordHash("$argon2id$fake$MovieFan".into())
    );

    let by_id = store
        .find_user(created.id)
        .await
        .expect("find")
        .expect("found");
    assert_eq!(by_id.username, "MovieFan");
    let email = Email::parse("MOVIE.FAN@example.COM").expect("email");
    let by_email = store
        .find_user_by_email(&email)
        .await
        .expect("find")
        .expect("found");
    assert_eq!(by_email.id, created.id);
    let by_name = store
        .find_user_by_username("moviefan")
        .await
        .expect("find")
        .expect("found");
    assert_eq!(by_name.id, created.id);
    assert!(store
        .find_user_by_username("moviefa")
        .await
        .expect("find")
        .is_none());
}

pub async fn duplicate_username_in_any_letter_case_is_a_username_conflict(store: SqlStore) {
    store
        .create_user(&new_user("Bob", "bob@example.com"))
        .await
        .expect("first");
    assert_conflict(
        store
            .create_user(&new_user("BOB", "other@example.com"))
            .await,
        Conflict::Username,
    );
    assert_conflict(
        store
            .create_user(&new_user("bob", "third@example.com"))
            .await,
        Conflict::Username,
    );
    // Beyond ASCII too: SQLite's lower() would not catch this one.
    store
        .create_user(&new_user("Äijä", "aija@example.com"))
        .await
        .expect("first");
    assert_conflict(
        store
            .create_user(&new_user("äIJÄ", "aija2@example.com"))
            .await,
        Conflict::Username,
    );
    assert_eq!(store.list_users(page(10, 0)).await.expect("list").total, 2);
}

pub async fn duplicate_email_in_any_letter_case_is_an_email_conflict(store: SqlStore) {
    store
        .create_user(&new_user("alice", "Alice@Example.com"))
        .await
        .expect("first");
    assert_conflict(
        store
            .create_user(&new_user("alice2", "ALICE@example.COM"))
            .await,
        Conflict::Email,
    );
    assert_conflict(
        store
            .create_user(&new_user("alice3", "alice@example.com"))
            .await,
        Conflict::Email,
    );
}

pub async fn renaming_to_a_taken_username_or_email_is_a_conflict_naming_the_field(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bob = user(&store, "bob").await;
    let rename = UserChanges {
        username: Some(Username::parse("ALICE").expect("name")),
        ..UserChanges::default()
    };
    assert_conflict(store.update_user(bob.id, &rename).await, Conflict::Username);
    let readdress = UserChanges {
        email: Some(Email::parse("Alice@example.com").expect("email")),
        ..UserChanges::default()
    };
    assert_conflict(store.update_user(bob.id, &readdress).await, Conflict::Email);
    // A user may change the case of their own name.
    let recase = UserChanges {
        username: Some(Username::parse("ALICE").expect("name")),
        ..UserChanges::default()
    };
    let renamed = store.update_user(alice.id, &recase).await.expect("recase");
    assert_eq!(renamed.username, "ALICE");
    let unchanged = store.find_user(bob.id).await.expect("find").expect("bob");
    assert_eq!(
        (unchanged.username.as_str(), unchanged.email.as_str()),
        ("bob", "bob@example.com")
    );
}

pub async fn missing_users_are_none_and_changes_to_them_not_found(store: SqlStore) {
    let ghost = UserId(4242);
    assert!(store.find_user(ghost).await.expect("find").is_none());
    assert!(store.find_profile(ghost).await.expect("profile").is_none());
    assert_eq!(
        store.user_stats(ghost).await.expect("stats"),
        Default::default()
    );
    let changes = UserChanges {
        bio: Some(Bio::parse("hi").expect("bio")),
        ..UserChanges::default()
    };
    assert_not_found(store.update_user(ghost, &changes).await);
    assert_not_found(
        store
            .set_banned(
                ghost,
                true,
                &entry(ModerationAction::BanUser, "user:4242", 0),
            )
            .await,
    );
    assert_not_found(
        store
            .delete_user(
                ghost,
                Some(entry(ModerationAction::DeleteUser, "user:4242", 0)),
            )
            .await,
    );
    // Nothing was logged for actions that did not happen.
    assert_eq!(
        store
            .list_moderation_log(page(10, 0))
            .await
            .expect("log")
            .total,
        0
    );
}

pub async fn ids_are_never_reused_after_a_delete(store: SqlStore) {
    let first = user(&store, "first").await;
    let second = user(&store, "second").await;
    store.delete_user(second.id, None).await.expect("delete");
    let third = user(&store, "third").await;
    assert!(
        third.id.0 > second.id.0,
        "{:?} reused {:?}",
        third.id,
        second.id
    );
    assert!(second.id.0 > first.id.0);
    // The name and address of a deleted account are free again.
    let again = user(&store, "second").await;
    assert!(again.id.0 > third.id.0);
}

pub async fn a_password_change_bumps_the_token_version_and_other_changes_do_not(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bio = UserChanges {
        bio: Some(Bio::parse("I like films").expect("bio")),
        ..UserChanges::default()
    };
    assert_eq!(
        store
            .update_user(alice.id, &bio)
            .await
            .expect("bio")
            .token_version,
        0
    );
    let password = UserChanges {
        password_hash: Some(PasswordHash("$argon2id$new".into())),
        ..UserChanges::default()
    };
    let changed = store
        .update_user(alice.id, &password)
        .await
        .expect("password");
    assert_eq!(changed.token_version, 1);
    assert_eq!(changed.password_hash, PasswordHash("$argon2id$new".into()));
    let again = store
        .update_user(alice.id, &password)
        .await
        .expect("password");
    assert_eq!(again.token_version, 2);
    let stored = store
        .find_user(alice.id)
        .await
        .expect("find")
        .expect("alice");
    assert_eq!(stored.token_version, 2);
}

pub async fn changes_are_applied_and_untouched_fields_kept(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let changes = UserChanges {
        username: Some(Username::parse("Alicia").expect("name")),
        email: Some(Email::parse("Alicia@Example.org").expect("email")),
        password_hash: None,
        bio: Some(Bio::parse("  Noir and westerns.  ").expect("bio")),
    };
    let changed = store.update_user(alice.id, &changes).await.expect("update");
    assert_eq!(changed.username, "Alicia");
    assert_eq!(changed.email, "alicia@example.org");
    assert_eq!(changed.bio, "Noir and westerns.");
    assert_eq!(changed.password_hash, alice.password_hash);
    assert_eq!(changed.created_at, alice.created_at);
    assert!(store
        .find_user_by_username("alice")
        .await
        .expect("find")
        .is_none());
    assert_eq!(
        store
            .find_user_by_username("ALICIA")
            .await
            .expect("find")
            .map(|u| u.id),
        Some(alice.id)
    );
    let nothing = store
        .update_user(alice.id, &UserChanges::default())
        .await
        .expect("no-op");
    assert_eq!(nothing.username, "Alicia");
    assert_eq!(nothing.bio, "Noir and westerns.");
}

pub async fn a_ban_bumps_the_token_version_and_is_logged_with_it(store: SqlStore) {
    let troll = user(&store, "troll").await;
    let banned = store
        .set_banned(
            troll.id,
            true,
            &entry(ModerationAction::BanUser, "user:troll", 10),
        )
        .await
        .expect("ban");
    assert!(banned.banned);
    assert_eq!(banned.token_version, 1);
    let unbanned = store
        .set_banned(
            troll.id,
            false,
            &entry(ModerationAction::UnbanUser, "user:troll", 20),
        )
        .await
        .expect("unban");
    assert!(!unbanned.banned);
    assert_eq!(unbanned.token_version, 1, "an unban does not revoke tokens");
    let log = store.list_moderation_log(page(10, 0)).await.expect("log");
    let actions: Vec<_> = log.items.iter().map(|e| e.action).collect();
    assert_eq!(
        actions,
        [ModerationAction::UnbanUser, ModerationAction::BanUser]
    );
    assert_eq!(log.items[1].reason.as_deref(), Some("because user:troll"));
    assert_eq!(log.items[1].actor, "root");
    assert_eq!(log.items[1].created_at, at(10));
}

pub async fn profile_and_stats_read_the_counters(store: SqlStore) {
    let critic = user(&store, "critic").await;
    let fan = user(&store, "fan").await;
    let grump = user(&store, "grump").await;
    let empty = store
        .find_profile(critic.id)
        .await
        .expect("profile")
        .expect("critic");
    assert_eq!(empty.stats, Default::default());
    assert_eq!(empty.stats.average_rating(), None);

    let first = review(&store, critic.id, 550, 5).await;
    let second = review(&store, critic.id, 603, 4).await;
    react(&store, fan.id, first, true).await;
    react(&store, grump.id, first, false).await;
    react(&store, fan.id, second, true).await;

    let profile = store
        .find_profile(critic.id)
        .await
        .expect("profile")
        .expect("critic");
    assert_eq!(profile.user.username, "critic");
    assert_eq!(profile.stats.review_count, 2);
    assert_eq!(profile.stats.rating_sum, 9);
    assert_eq!(profile.stats.total_likes, 2);
    assert_eq!(profile.stats.total_dislikes, 1);
    assert_eq!(profile.stats.average_rating(), Some(4.5));
    assert_eq!(profile.stats.aura(), 1);
    assert_eq!(
        store.user_stats(critic.id).await.expect("stats"),
        profile.stats
    );
    assert_eq!(
        store.user_stats(fan.id).await.expect("stats"),
        Default::default()
    );
}

// ---------------------------------------------------------------- deleting accounts

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

    store.delete_user(owner.id, None).await.expect("delete");

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

    store.delete_user(owner.id, None).await.expect("delete");

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

    store.delete_user(owner.id, None).await.expect("delete");

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
    let log = store.list_moderation_log(page(10, 0)).await.expect("log");
    assert_eq!(log.total, 1);
    assert_eq!(log.items[0].action, ModerationAction::DeleteUser);
    assert_eq!(log.items[0].target, "user:spammer");
    assert_not_found(store.delete_user(spammer.id, None).await);
}

// ---------------------------------------------------------------- listings

pub async fn list_users_pages_oldest_first_with_a_total(store: SqlStore) {
    let mut ids = Vec::new();
    for i in 0..7 {
        ids.push(user(&store, &format!("user{i}")).await.id);
    }
    let first = store.list_users(page(3, 0)).await.expect("page 1");
    assert_eq!(first.total, 7);
    assert_eq!(
        first.items.iter().map(|u| u.id).collect::<Vec<_>>(),
        ids[0..3]
    );
    assert!(first.has_more());
    let last = store.list_users(page(3, 6)).await.expect("page 3");
    assert_eq!(
        last.items.iter().map(|u| u.id).collect::<Vec<_>>(),
        ids[6..7]
    );
    assert!(!last.has_more());
    assert_eq!((last.limit, last.offset), (3, 6));
    let beyond = store.list_users(page(3, 30)).await.expect("beyond");
    assert!(beyond.items.is_empty());
    assert_eq!(beyond.total, 7);
}

pub async fn the_moderation_log_is_newest_first(store: SqlStore) {
    let target = user(&store, "target").await;
    // Written out of order: the log sorts by when it happened, then by id.
    for (seconds, action) in [
        (30, ModerationAction::BanUser),
        (10, ModerationAction::UnbanUser),
        (20, ModerationAction::BanUser),
        (20, ModerationAction::UnbanUser),
    ] {
        store
            .set_banned(
                target.id,
                action == ModerationAction::BanUser,
                &entry(action, "user:target", seconds),
            )
            .await
            .expect("ban or unban");
    }
    let log = store.list_moderation_log(page(3, 0)).await.expect("log");
    assert_eq!(log.total, 4);
    let seen: Vec<_> = log.items.iter().map(|e| (e.created_at, e.action)).collect();
    assert_eq!(
        seen,
        [
            (at(30), ModerationAction::BanUser),
            (at(20), ModerationAction::UnbanUser),
            (at(20), ModerationAction::BanUser),
        ]
    );
    let rest = store.list_moderation_log(page(3, 3)).await.expect("rest");
    assert_eq!(rest.items.len(), 1);
    assert_eq!(rest.items[0].created_at, at(10));
}

// ---------------------------------------------------------------- concurrency

/// 60 writers at once (creates, profile edits, bans, account deletions with reactions to
/// correct): none may fail with "database is locked" on SQLite, and the counters must
/// come out right.
pub async fn concurrent_writers_do_not_fail(store: SqlStore) {
    const WRITERS: usize = 60;
    let critic = user(&store, "critic").await;
    let target = review(&store, critic.id, 550, 5).await;
    let mut tasks = Vec::new();
    for i in 0..WRITERS {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let me = store
                .create_user(&new_user(
                    &format!("writer{i}"),
                    &format!("writer{i}@example.com"),
                ))
                .await?;
            react(&store, me.id, target, i % 2 == 0).await;
            let bio = UserChanges {
                bio: Some(Bio::parse(&format!("writer number {i}")).expect("bio")),
                ..UserChanges::default()
            };
            store.update_user(me.id, &bio).await?;
            store
                .set_banned(
                    me.id,
                    true,
                    &entry(ModerationAction::BanUser, &format!("user:{i}"), 0),
                )
                .await?;
            if i % 3 == 0 {
                store.delete_user(me.id, None).await?;
            }
            Ok::<_, StoreError>(())
        }));
    }
    for task in tasks {
        task.await
            .expect("task panicked")
            .expect("a concurrent write failed");
    }
    let deleted = WRITERS.div_ceil(3) as i64;
    assert_eq!(
        store.list_users(page(100, 0)).await.expect("list").total,
        WRITERS as i64 + 1 - deleted
    );
    assert_eq!(
        store
            .list_moderation_log(page(1, 0))
            .await
            .expect("log")
            .total,
        WRITERS as i64
    );
    // Writers i ≡ 0 (mod 3) were deleted: the even ones among them had liked, the odd ones
    // disliked.
    let (mut likes, mut dislikes) = (0, 0);
    for i in (0..WRITERS).filter(|i| i % 3 != 0) {
        if i % 2 == 0 {
            likes += 1;
        } else {
            dislikes += 1;
        }
    }
    let stats = store.user_stats(critic.id).await.expect("stats");
    assert_eq!((stats.total_likes, stats.total_dislikes), (likes, dislikes));
}

// ---------------------------------------------------------------- schema

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
