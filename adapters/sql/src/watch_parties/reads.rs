//! Reading parties: the row, the answers of the group's current members, the lists.

use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use leffaseura_core::domain::watch_party::{
    PartyAnswer, PartyShow, PartyStatus, PartyWhen, PersonalParty, Rsvp, WatchParty,
};
use leffaseura_core::{GroupId, MovieId, PartyId, StoreError, UserId};

use crate::error::store_error;
use crate::time::{from_millis, to_millis};

const COLUMNS: &str = "p.id, p.group_id, g.name AS group_name, p.show_id, p.event_id, \
    p.area_id, p.area_name, p.theatre_id, p.theatre, p.auditorium, p.starts_at, \
    p.length_minutes, p.title, p.tmdb_id, p.ticket_url, p.note, p.rsvp_deadline, p.status, \
    p.cancel_reason, p.created_by, p.created_by_name, p.created_at, p.updated_at, p.version";

const FROM: &str = "FROM watch_parties p JOIN groups g ON g.id = p.group_id";

/// Who counts as in the group: a pending request does not.
pub(super) const MEMBER_ROLES: &str = "('owner', 'moderator', 'member')";

fn corrupt(what: &str, value: &str) -> StoreError {
    StoreError::Backend(format!("unknown watch party {what} {value:?}").into())
}

fn party_from_row(row: &AnyRow) -> Result<WatchParty, StoreError> {
    let get_i64 = |name: &str| row.try_get::<i64, _>(name).map_err(store_error);
    let get_opt = |name: &str| row.try_get::<Option<i64>, _>(name).map_err(store_error);
    let get_text = |name: &str| row.try_get::<String, _>(name).map_err(store_error);
    let get_opt_text = |name: &str| row.try_get::<Option<String>, _>(name).map_err(store_error);
    let status = get_text("status")?;
    let length = get_opt("length_minutes")?
        .map(u32::try_from)
        .transpose()
        .map_err(|_| corrupt("length", "out of range"))?;
    Ok(WatchParty {
        id: PartyId(get_i64("id")?),
        group_id: GroupId(get_i64("group_id")?),
        group_name: get_text("group_name")?,
        show: PartyShow {
            show_id: get_i64("show_id")?,
            event_id: get_i64("event_id")?,
            area_id: get_opt("area_id")?,
            area_name: get_opt_text("area_name")?,
            theatre_id: get_i64("theatre_id")?,
            theatre: get_text("theatre")?,
            auditorium: get_text("auditorium")?,
            start: from_millis(get_i64("starts_at")?)?,
            length_minutes: length,
            title: get_text("title")?,
            tmdb_id: get_opt("tmdb_id")?.map(MovieId),
            ticket_url: get_opt_text("ticket_url")?,
        },
        note: get_text("note")?,
        rsvp_deadline: get_opt("rsvp_deadline")?.map(from_millis).transpose()?,
        status: PartyStatus::parse(&status).ok_or_else(|| corrupt("status", &status))?,
        cancel_reason: get_opt_text("cancel_reason")?,
        created_by: get_opt("created_by")?.map(UserId),
        created_by_name: get_text("created_by_name")?,
        created_at: from_millis(get_i64("created_at")?)?,
        updated_at: from_millis(get_i64("updated_at")?)?,
        version: get_i64("version")?,
        answers: Vec::new(),
    })
}

/// Fills each party's answers (current members only, oldest answer first) in one query.
async fn with_answers(
    pool: &AnyPool,
    mut parties: Vec<WatchParty>,
) -> Result<Vec<WatchParty>, StoreError> {
    if parties.is_empty() {
        return Ok(parties);
    }
    let placeholders: Vec<String> = (1..=parties.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT a.party_id, a.user_id, u.username, a.answer, a.answered_at \
         FROM watch_party_answers a \
         JOIN watch_parties p ON p.id = a.party_id \
         JOIN users u ON u.id = a.user_id \
         JOIN group_members m ON m.group_id = p.group_id AND m.user_id = a.user_id \
           AND m.role IN {MEMBER_ROLES} \
         WHERE a.party_id IN ({}) ORDER BY a.answered_at, a.user_id",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for party in &parties {
        query = query.bind(party.id.0);
    }
    let rows = query.fetch_all(pool).await.map_err(store_error)?;
    for row in rows {
        let party_id: i64 = row.try_get("party_id").map_err(store_error)?;
        let answer: String = row.try_get("answer").map_err(store_error)?;
        let parsed = Rsvp::parse(&answer).map_err(|_| corrupt("answer", &answer))?;
        let entry = PartyAnswer {
            user_id: UserId(row.try_get("user_id").map_err(store_error)?),
            username: row.try_get("username").map_err(store_error)?,
            answer: parsed,
            answered_at: from_millis(row.try_get("answered_at").map_err(store_error)?)?,
        };
        if let Some(party) = parties.iter_mut().find(|p| p.id.0 == party_id) {
            party.answers.push(entry);
        }
    }
    Ok(parties)
}

pub(super) async fn find(pool: &AnyPool, party: PartyId) -> Result<Option<WatchParty>, StoreError> {
    let sql = format!("SELECT {COLUMNS} {FROM} WHERE p.id = $1");
    let row = sqlx::query(&sql)
        .bind(party.0)
        .fetch_optional(pool)
        .await
        .map_err(store_error)?;
    let Some(row) = row else { return Ok(None) };
    let found = with_answers(pool, vec![party_from_row(&row)?]).await?;
    Ok(found.into_iter().next())
}

pub(super) async fn of_group(
    pool: &AnyPool,
    group: GroupId,
    when: PartyWhen,
    now: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<WatchParty>, StoreError> {
    let (condition, order) = match when {
        PartyWhen::Upcoming => ("AND p.starts_at > $2", "p.starts_at, p.id"),
        PartyWhen::Past => ("AND p.starts_at <= $2", "p.starts_at DESC, p.id DESC"),
        PartyWhen::All => ("AND $2 = $2", "p.starts_at, p.id"),
    };
    let sql = format!(
        "SELECT {COLUMNS} {FROM} WHERE p.group_id = $1 {condition} ORDER BY {order} LIMIT $3"
    );
    let rows = sqlx::query(&sql)
        .bind(group.0)
        .bind(to_millis(now))
        .bind(limit)
        .fetch_all(pool)
        .await
        .map_err(store_error)?;
    let parties = rows
        .iter()
        .map(party_from_row)
        .collect::<Result<Vec<_>, _>>()?;
    with_answers(pool, parties).await
}

pub(super) async fn of_user(
    pool: &AnyPool,
    user: UserId,
    now: DateTime<Utc>,
    limit: i64,
) -> Result<Vec<WatchParty>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} {FROM} \
         JOIN group_members m ON m.group_id = p.group_id AND m.user_id = $1 \
           AND m.role IN {MEMBER_ROLES} \
         WHERE p.starts_at > $2 AND p.status <> 'cancelled' \
         ORDER BY p.starts_at, p.id LIMIT $3"
    );
    let rows = sqlx::query(&sql)
        .bind(user.0)
        .bind(to_millis(now))
        .bind(limit)
        .fetch_all(pool)
        .await
        .map_err(store_error)?;
    let parties = rows
        .iter()
        .map(party_from_row)
        .collect::<Result<Vec<_>, _>>()?;
    with_answers(pool, parties).await
}

pub(super) async fn of_person(
    pool: &AnyPool,
    user: UserId,
) -> Result<Vec<PersonalParty>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS}, a.answer AS own_answer, a.answered_at AS own_answered_at {FROM} \
         LEFT JOIN watch_party_answers a ON a.party_id = p.id AND a.user_id = $1 \
         WHERE a.user_id IS NOT NULL OR p.created_by = $1 \
         ORDER BY p.starts_at, p.id"
    );
    let rows = sqlx::query(&sql)
        .bind(user.0)
        .fetch_all(pool)
        .await
        .map_err(store_error)?;
    let mut found = Vec::with_capacity(rows.len());
    for row in &rows {
        let answer: Option<String> = row.try_get("own_answer").map_err(store_error)?;
        let answered_at: Option<i64> = row.try_get("own_answered_at").map_err(store_error)?;
        found.push(PersonalParty {
            party: party_from_row(row)?,
            answer: answer
                .map(|raw| Rsvp::parse(&raw).map_err(|_| corrupt("answer", &raw)))
                .transpose()?,
            answered_at: answered_at.map(from_millis).transpose()?,
        });
    }
    Ok(found)
}
