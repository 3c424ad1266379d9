//! [`WatchPartyStore`] over `watch_parties`, `watch_party_answers` and
//! `group_calendar_tokens` (migration 0011).
//!
//! Consistency: a write first locks the party's group row (Postgres `FOR UPDATE`;
//! SQLite's write transaction is exclusive anyway), the lock every membership change takes
//! too, then checks what the decision was made on — the actor's role, the party's
//! status and version — and writes nothing (`Conflict(Stale)`) when it changed.
//!
//! Cost: a group's list walks `watch_parties_group_idx`; a user's next parties join their
//! memberships with it; answers are read for a whole list in one query.

mod reads;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{Any, Transaction};

use leffaseura_core::domain::membership::Role;
use leffaseura_core::domain::permissions::viewer_role;
use leffaseura_core::domain::watch_party::{NewParty, PartyWhen, PersonalParty, WatchParty};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::watch_party_store::{NewAnswer, PartyGuard, StatusChange};
use leffaseura_core::ports::WatchPartyStore;
use leffaseura_core::{GroupId, PartyId, StoreError, UserId};

use crate::error::{retrying, store_error};
use crate::time::to_millis;
use crate::{Backend, SqlStore};

fn stale() -> StoreError {
    StoreError::Conflict(Conflict::Stale)
}

impl SqlStore {
    /// Locks the group and reads `user`'s role in it; `NotFound` when the group is gone.
    async fn lock_role(
        &self,
        tx: &mut Transaction<'static, Any>,
        group: GroupId,
        user: UserId,
    ) -> Result<Role, StoreError> {
        let lock = match self.backend() {
            Backend::Sqlite => "SELECT owner_id FROM groups WHERE id = $1",
            Backend::Postgres => "SELECT owner_id FROM groups WHERE id = $1 FOR UPDATE",
        };
        let owner: i64 = sqlx::query_scalar(lock)
            .bind(group.0)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?
            .ok_or(StoreError::NotFound)?;
        let row: Option<String> = sqlx::query_scalar(
            "SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2",
        )
        .bind(group.0)
        .bind(user.0)
        .fetch_optional(&mut **tx)
        .await
        .map_err(store_error)?;
        let membership = row.as_deref().and_then(Role::parse);
        Ok(viewer_role(Some(user), UserId(owner), membership))
    }

    /// The party's group; `NotFound` when the party is gone.
    async fn party_group(
        tx: &mut Transaction<'static, Any>,
        party: PartyId,
    ) -> Result<GroupId, StoreError> {
        sqlx::query_scalar::<_, i64>("SELECT group_id FROM watch_parties WHERE id = $1")
            .bind(party.0)
            .fetch_optional(&mut **tx)
            .await
            .map_err(store_error)?
            .map(GroupId)
            .ok_or(StoreError::NotFound)
    }

    /// Whether the party still has the status and version the decision read.
    async fn guard_holds(
        tx: &mut Transaction<'static, Any>,
        party: PartyId,
        expected: PartyGuard,
    ) -> Result<bool, StoreError> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM watch_parties WHERE id = $1 AND status = $2 AND version = $3",
        )
        .bind(party.0)
        .bind(expected.status.as_str())
        .bind(expected.version)
        .fetch_optional(&mut **tx)
        .await
        .map_err(store_error)?;
        Ok(found.is_some())
    }

    async fn create_once(
        &self,
        party: &NewParty,
        creator_role: Role,
    ) -> Result<PartyId, StoreError> {
        let mut tx = self.begin_write().await?;
        if self
            .lock_role(&mut tx, party.group, party.created_by)
            .await?
            != creator_role
        {
            return Err(stale());
        }
        let show = &party.show;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO watch_parties (group_id, show_id, event_id, area_id, area_name, \
               theatre_id, theatre, auditorium, starts_at, length_minutes, title, tmdb_id, \
               ticket_url, note, rsvp_deadline, status, created_by, created_by_name, \
               created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
               $17, $18, $19, $19) RETURNING id",
        )
        .bind(party.group.0)
        .bind(show.show_id)
        .bind(show.event_id)
        .bind(show.area_id)
        .bind(show.area_name.clone())
        .bind(show.theatre_id)
        .bind(show.theatre.clone())
        .bind(show.auditorium.clone())
        .bind(to_millis(show.start))
        .bind(show.length_minutes.map(i64::from))
        .bind(show.title.clone())
        .bind(show.tmdb_id.map(|m| m.0))
        .bind(show.ticket_url.clone())
        .bind(party.note.clone())
        .bind(party.rsvp_deadline.map(to_millis))
        .bind(party.status.as_str())
        .bind(party.created_by.0)
        .bind(party.created_by_name.clone())
        .bind(to_millis(party.created_at))
        .fetch_one(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)?;
        Ok(PartyId(id))
    }

    async fn change_status_once(&self, change: &StatusChange) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let group = Self::party_group(&mut tx, change.party).await?;
        // The lock serializes with membership changes and other party writes.
        self.lock_role(&mut tx, group, UserId(0)).await?;
        if !Self::guard_holds(&mut tx, change.party, change.expected).await? {
            return Err(stale());
        }
        sqlx::query(
            "UPDATE watch_parties SET status = $1, cancel_reason = $2, updated_at = $3, \
             version = version + 1 WHERE id = $4",
        )
        .bind(change.to.as_str())
        .bind(change.reason.clone())
        .bind(to_millis(change.at))
        .bind(change.party.0)
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)
    }

    async fn answer_once(&self, answer: &NewAnswer) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let group = Self::party_group(&mut tx, answer.party).await?;
        let role = self.lock_role(&mut tx, group, answer.user).await?;
        if role != answer.role || !Self::guard_holds(&mut tx, answer.party, answer.expected).await?
        {
            return Err(stale());
        }
        sqlx::query(
            "INSERT INTO watch_party_answers (party_id, user_id, answer, answered_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (party_id, user_id) DO UPDATE \
             SET answer = excluded.answer, answered_at = excluded.answered_at",
        )
        .bind(answer.party.0)
        .bind(answer.user.0)
        .bind(answer.answer.as_str())
        .bind(to_millis(answer.at))
        .execute(&mut *tx)
        .await
        .map_err(store_error)?;
        tx.commit().await.map_err(store_error)
    }

    async fn set_token_once(
        &self,
        group: GroupId,
        token: Option<&str>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        self.lock_role(&mut tx, group, UserId(0)).await?;
        sqlx::query("DELETE FROM group_calendar_tokens WHERE group_id = $1")
            .bind(group.0)
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        if let Some(token) = token {
            sqlx::query(
                "INSERT INTO group_calendar_tokens (group_id, token, created_at) \
                 VALUES ($1, $2, $3)",
            )
            .bind(group.0)
            .bind(token.to_owned())
            .bind(to_millis(at))
            .execute(&mut *tx)
            .await
            .map_err(store_error)?;
        }
        tx.commit().await.map_err(store_error)
    }
}

#[async_trait]
impl WatchPartyStore for SqlStore {
    async fn create_party(
        &self,
        party: &NewParty,
        creator_role: Role,
    ) -> Result<PartyId, StoreError> {
        retrying(|| self.create_once(party, creator_role)).await
    }

    async fn find_party(&self, party: PartyId) -> Result<Option<WatchParty>, StoreError> {
        reads::find(self.pool(), party).await
    }

    async fn group_parties(
        &self,
        group: GroupId,
        when: PartyWhen,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<WatchParty>, StoreError> {
        reads::of_group(self.pool(), group, when, now, limit).await
    }

    async fn user_parties(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<WatchParty>, StoreError> {
        reads::of_user(self.pool(), user, now, limit).await
    }

    async fn person_parties(&self, user: UserId) -> Result<Vec<PersonalParty>, StoreError> {
        reads::of_person(self.pool(), user).await
    }

    async fn change_status(&self, change: &StatusChange) -> Result<(), StoreError> {
        retrying(|| self.change_status_once(change)).await
    }

    async fn answer_party(&self, answer: &NewAnswer) -> Result<(), StoreError> {
        retrying(|| self.answer_once(answer)).await
    }

    async fn calendar_token(&self, group: GroupId) -> Result<Option<String>, StoreError> {
        sqlx::query_scalar("SELECT token FROM group_calendar_tokens WHERE group_id = $1")
            .bind(group.0)
            .fetch_optional(self.pool())
            .await
            .map_err(store_error)
    }

    async fn set_calendar_token(
        &self,
        group: GroupId,
        token: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        retrying(|| self.set_token_once(group, token.as_deref(), at)).await
    }

    async fn calendar_group(&self, token: &str) -> Result<Option<GroupId>, StoreError> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT group_id FROM group_calendar_tokens WHERE token = $1")
                .bind(token.to_owned())
                .fetch_optional(self.pool())
                .await
                .map_err(store_error)?;
        Ok(found.map(GroupId))
    }
}
