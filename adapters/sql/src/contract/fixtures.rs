//! Fixtures: users through the port, everything else in plain SQL (with the counters kept
//! in step, as the stores of those tables must), and assertions on store errors.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, TimeZone, Utc};

use leffaseura_core::domain::moderation::{ModerationAction, NewModerationEntry};
use leffaseura_core::domain::paging::PageRequest;
use leffaseura_core::domain::user::{Email, NewUser, Password, PasswordHash, User, Username};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::{
    Clock, PasswordHasher, TokenClaims, TokenError, TokenIssuer, UserStore,
};
use leffaseura_core::use_cases::{Accounts, Groups};
use leffaseura_core::{Error, StoreError, UserId};

use crate::{store_error, to_millis, SqlStore};

/// A fixed instant plus `seconds`, whole milliseconds so it survives the round trip.
pub fn at(seconds: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 10, 14, 18, 3, 0)
        .single()
        .expect("valid date")
        + Duration::seconds(seconds)
}

pub fn new_user(username: &str, email: &str) -> NewUser {
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

pub fn entry(action: ModerationAction, target: &str, seconds: i64) -> NewModerationEntry {
    NewModerationEntry {
        action,
        actor: "root".into(),
        target: target.into(),
        target_user: None,
        reason: Some(format!("because {target}")),
        detail: None,
        created_at: at(seconds),
    }
}

pub async fn exec(store: &SqlStore, sql: &str, args: &[i64]) -> Result<u64, StoreError> {
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

pub async fn scalar(store: &SqlStore, sql: &str, args: &[i64]) -> i64 {
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

pub async fn owner_of(store: &SqlStore, group: i64) -> Option<i64> {
    sqlx::query_scalar("SELECT owner_id FROM groups WHERE id = $1")
        .bind(group)
        .fetch_optional(store.pool())
        .await
        .expect("owner of group")
}

pub async fn role_of(store: &SqlStore, group: i64, user: UserId) -> Option<String> {
    sqlx::query_scalar("SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2")
        .bind(group)
        .bind(user.0)
        .fetch_optional(store.pool())
        .await
        .expect("role of member")
}

pub fn page(limit: i64, offset: i64) -> PageRequest {
    PageRequest { limit, offset }
}

pub fn assert_conflict<T: std::fmt::Debug>(result: Result<T, StoreError>, expected: Conflict) {
    match result {
        Err(StoreError::Conflict(conflict)) => assert_eq!(conflict, expected),
        other => panic!("expected Conflict({expected:?}), got {other:?}"),
    }
}

pub fn assert_stale<T: std::fmt::Debug>(result: Result<T, StoreError>) {
    assert!(
        matches!(result, Err(StoreError::Conflict(Conflict::Stale))),
        "expected Conflict(Stale), got {result:?}"
    );
}

pub fn assert_not_found<T: std::fmt::Debug>(result: Result<T, StoreError>) {
    assert!(
        matches!(result, Err(StoreError::NotFound)),
        "expected NotFound, got {result:?}"
    );
}

/// The account use cases over `store`, for deleting accounts the way the product does
/// (groups handed over first). They never hash or issue anything here.
pub fn accounts(store: &SqlStore) -> Accounts {
    Accounts::new(
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        Arc::new(NoCredentials),
        Arc::new(NoCredentials),
        Arc::new(FixedClock),
    )
}

/// The group use cases over `store`, with the fixed clock of [`at`]`(1000)`.
pub fn groups(store: &SqlStore) -> Groups {
    Groups::new(
        Arc::new(store.clone()),
        Arc::new(store.clone()),
        Arc::new(FixedClock),
    )
}

/// Deletes an account as the product does: its groups pass to their heirs first.
pub async fn delete_account(store: &SqlStore, id: UserId) {
    accounts(store)
        .admin_delete_user("contract-test", id, None)
        .await
        .expect("delete account");
}

/// Always [`at`]`(1000)`.
pub struct FixedClock;

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        at(1000)
    }
}

struct NoCredentials;

fn no_credentials() -> Error {
    Error::internal("the contract tests handle no passwords")
}

#[async_trait]
impl PasswordHasher for NoCredentials {
    async fn hash(&self, _: &Password) -> Result<PasswordHash, Error> {
        Err(no_credentials())
    }
    async fn verify(&self, _: &str, _: &PasswordHash) -> Result<bool, Error> {
        Err(no_credentials())
    }
    fn is_outdated(&self, _: &PasswordHash) -> bool {
        false
    }
}

impl TokenIssuer for NoCredentials {
    fn issue(&self, _: TokenClaims) -> String {
        String::new()
    }
    fn verify(&self, _: &str) -> Result<TokenClaims, TokenError> {
        Err(TokenError::Invalid)
    }
}

/// Asserts the group invariants: `member_count` equals the rows, every group has exactly
/// one owner (its `owner_id`, with the one `owner` row), and no membership points at a
/// missing group or user.
pub async fn assert_groups_consistent(store: &SqlStore) {
    let checks = [
        (
            "member_count differs from the rows",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM groups g WHERE g.member_count <> \
               (SELECT COUNT(*) FROM group_members gm WHERE gm.group_id = g.id AND gm.role <> 'pending')",
        ),
        (
            "a group without exactly one owner row",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM groups g WHERE 1 <> \
               (SELECT COUNT(*) FROM group_members gm WHERE gm.group_id = g.id AND gm.role = 'owner')",
        ),
        (
            "an owner row that is not the group's owner_id",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM group_members gm JOIN groups g ON g.id = gm.group_id \
             WHERE gm.role = 'owner' AND gm.user_id <> g.owner_id",
        ),
        (
            "a membership of a missing group or user",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM group_members gm \
             WHERE NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = gm.group_id) \
                OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = gm.user_id)",
        ),
    ];
    for (what, sql) in checks {
        assert_eq!(scalar(store, sql, &[]).await, 0, "{what}");
    }
}
