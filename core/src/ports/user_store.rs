//! Where accounts live.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::ban::Ban;
use crate::domain::moderation::{ModerationFilter, NewModerationEntry};
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::user::{
    Email, NewUser, PasswordHash, User, UserChanges, UserProfile, UserStats,
};
use crate::error::StoreError;
use crate::ids::UserId;

/// Persistence of users and everything that hangs off an account.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait UserStore: Send + Sync {
    /// Stores a new user (not banned, not admin, token version 0, empty bio).
    ///
    /// # Errors
    /// `Conflict(Username)` or `Conflict(Email)` when either is taken (case-insensitively).
    async fn create_user(&self, user: &NewUser) -> Result<User, StoreError>;

    /// # Errors
    /// `Backend` only; a missing user is `Ok(None)`.
    async fn find_user(&self, id: UserId) -> Result<Option<User>, StoreError>;

    /// Looks a user up by (lower-case) email.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, StoreError>;

    /// Looks a user up by username, case-insensitively.
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_user_by_username(&self, username: &str) -> Result<Option<User>, StoreError>;

    /// A user's public profile with their review statistics, or `None`. Public: the
    /// user's `email` and `password_hash` are left empty (a store need not read them).
    ///
    /// # Errors
    /// `Backend` only.
    async fn find_profile(&self, id: UserId) -> Result<Option<UserProfile>, StoreError>;

    /// Statistics of a user's reviews (zeros without reviews).
    ///
    /// # Errors
    /// `Backend` only.
    async fn user_stats(&self, id: UserId) -> Result<UserStats, StoreError>;

    /// Applies the changes, stamped as made `at`; a new password hash also bumps the token
    /// version so that tokens issued before stop working.
    ///
    /// # Errors
    /// `NotFound` when the user is gone; `Conflict(Username | Email)` when taken.
    async fn update_user(
        &self,
        id: UserId,
        changes: &UserChanges,
        at: DateTime<Utc>,
    ) -> Result<User, StoreError>;

    /// Replaces the stored password hash `old` by `new`, the same password hashed with the
    /// current parameters: no token version bump (the password did not change) and no
    /// update stamp. False when the stored hash is no longer `old` (changed meanwhile).
    ///
    /// # Errors
    /// When the store fails.
    async fn upgrade_password_hash(
        &self,
        id: UserId,
        old: &PasswordHash,
        new: &PasswordHash,
    ) -> Result<bool, StoreError>;

    /// Bans (`Some`, for good or until a time) or unbans (`None`) a user and writes the
    /// moderation log entry in the same transaction. A ban bumps the token version, so
    /// that the user's sessions end at once.
    ///
    /// # Errors
    /// `NotFound` when the user is gone.
    async fn set_ban(
        &self,
        id: UserId,
        ban: Option<Ban>,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError>;

    /// Makes a user a site admin (`true`) or a plain user and writes the moderation log
    /// entry in the same transaction.
    ///
    /// # Errors
    /// `NotFound` when the user is gone.
    async fn set_admin(
        &self,
        id: UserId,
        is_admin: bool,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError>;

    /// Deletes the account and, in one transaction: its reviews, reactions, favorites and
    /// memberships; group favorites it added stay with their group. Counters of other
    /// users (likes received) and of groups (members) are brought back in step. `log`,
    /// when given, is written too. Groups the user owns must have been handed over first
    /// (see [`crate::ports::GroupStore::hand_over_group`]).
    ///
    /// # Errors
    /// `NotFound` when the user is gone; `Conflict(Stale)` (nothing deleted) while the
    /// user still owns a group.
    async fn delete_user(
        &self,
        id: UserId,
        log: Option<NewModerationEntry>,
    ) -> Result<(), StoreError>;

    /// Users by id, oldest first, with their statistics (read from the counters the
    /// users table keeps, so a page costs one query).
    ///
    /// # Errors
    /// `Backend` only.
    async fn list_users(&self, page: PageRequest) -> Result<Paged<UserProfile>, StoreError>;

    /// The moderation log entries `filter` selects, newest first (ties: higher id
    /// first), and how many it selects in all.
    ///
    /// # Errors
    /// `Backend` only.
    async fn list_moderation_log(
        &self,
        filter: &ModerationFilter,
        page: PageRequest,
    ) -> Result<Paged<crate::domain::moderation::ModerationEntry>, StoreError>;

    /// Can the database serve requests? Used by readiness checks: it answers, and after
    /// a write failed for lack of space, a write fits again.
    ///
    /// # Errors
    /// `Unavailable` when it does not answer, `Full` while writes do not fit, `Backend`
    /// for anything else.
    async fn ping(&self) -> Result<(), StoreError>;
}
