//! From sqlx errors to [`StoreError`]: named uniqueness rules become `Conflict`, a missing
//! foreign-key target becomes `NotFound`, an unreachable database `Unavailable`, a full
//! disk `Full`, everything else is `Backend` with its source.

use leffaseura_core::error::Conflict;
use leffaseura_core::StoreError;
use sqlx::error::{DatabaseError, ErrorKind};

/// Translates a sqlx error, keeping it as the source.
pub fn store_error(err: sqlx::Error) -> StoreError {
    match kind_of(&err) {
        Kind::Conflict(conflict) => StoreError::Conflict(conflict),
        Kind::NotFound => StoreError::NotFound,
        Kind::Full => {
            crate::readiness::saw_storage_full();
            StoreError::Full(Box::new(err))
        }
        Kind::Unavailable => {
            crate::liveness::saw_unavailable();
            StoreError::Unavailable(Box::new(err))
        }
        Kind::Other => StoreError::Backend(Box::new(err)),
    }
}

enum Kind {
    Conflict(Conflict),
    NotFound,
    Full,
    Unavailable,
    Other,
}

fn kind_of(err: &sqlx::Error) -> Kind {
    match err {
        sqlx::Error::Database(db) => match db.kind() {
            ErrorKind::UniqueViolation => Kind::Conflict(classify(db.as_ref())),
            ErrorKind::ForeignKeyViolation => Kind::NotFound,
            _ => match db.code().as_deref() {
                Some(code) if is_full_code(code) => Kind::Full,
                Some(code) if is_unavailable_code(code) => Kind::Unavailable,
                _ => Kind::Other,
            },
        },
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::WorkerCrashed => Kind::Unavailable,
        _ => Kind::Other,
    }
}

/// SQLite's `SQLITE_FULL` (13, "database or disk is full"); Postgres' `disk_full` (53100).
fn is_full_code(code: &str) -> bool {
    matches!(code, "13" | "53100")
}

/// Postgres' connection exceptions (class 08) and a server shutting down or starting
/// (`admin_shutdown` 57P01, `crash_shutdown` 57P02, `cannot_connect_now` 57P03).
fn is_unavailable_code(code: &str) -> bool {
    code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03")
}

/// True for failures that a retry of the whole transaction may cure: a Postgres deadlock
/// (`40P01`) or serialization failure (`40001`), SQLite's `SQLITE_BUSY` (5, 517).
pub fn is_transient(err: &StoreError) -> bool {
    let StoreError::Backend(source) = err else {
        return false;
    };
    let Some(sqlx::Error::Database(db)) = source.downcast_ref::<sqlx::Error>() else {
        return false;
    };
    matches!(db.code().as_deref(), Some("40P01" | "40001" | "5" | "517"))
}

/// Runs one write transaction again (up to five times in all) when the database aborted
/// it as a deadlock or a serialization failure (Postgres) or found the database busy
/// (SQLite).
pub(crate) async fn retrying<T, F, Fut>(mut once: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, StoreError>>,
{
    let mut attempt = 1;
    loop {
        match once().await {
            Err(err) if attempt < 5 && is_transient(&err) => attempt += 1,
            result => return result,
        }
    }
}

/// Which uniqueness rule a unique violation broke.
///
/// Postgres names the constraint or unique index (`users_username_key`); SQLite names the
/// columns (`UNIQUE constraint failed: users.username_key`) or, for expression indexes, the
/// index (`UNIQUE constraint failed: index 'x'`). Both spellings are matched.
pub fn classify(err: &dyn DatabaseError) -> Conflict {
    let haystack = err.constraint().map_or_else(
        || err.message().to_ascii_lowercase(),
        str::to_ascii_lowercase,
    );
    classify_text(&haystack)
}

fn classify_text(text: &str) -> Conflict {
    let text = text
        .strip_prefix("unique constraint failed:")
        .unwrap_or(text)
        .trim();
    if text.contains("users_username") || text.contains("users.username") {
        Conflict::Username
    } else if text.contains("users_email") || text.contains("users.email") {
        Conflict::Email
    } else if text.contains("groups_name") || text.contains("groups.name") {
        Conflict::GroupName
    } else if text.contains("group_members") {
        Conflict::Membership
    } else if text.contains("favorites") {
        Conflict::Favorite
    } else if text.contains("reviews_user_movie") || text.contains("reviews.user_id") {
        Conflict::Review
    } else {
        Conflict::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreachable_database_is_unavailable_not_a_bug() {
        for err in [
            sqlx::Error::PoolTimedOut,
            sqlx::Error::PoolClosed,
            sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused)),
        ] {
            assert!(
                matches!(store_error(err), StoreError::Unavailable(_)),
                "unavailable"
            );
        }
        assert!(is_unavailable_code("08006"));
        assert!(is_unavailable_code("57P01"));
        assert!(!is_unavailable_code("23505"));
        assert!(is_full_code("13"));
        assert!(is_full_code("53100"));
        assert!(!is_full_code("5"));
        assert!(matches!(
            store_error(sqlx::Error::RowNotFound),
            StoreError::Backend(_)
        ));
    }

    #[test]
    fn both_spellings_of_each_rule_are_recognised() {
        let cases = [
            ("users_username_key", Conflict::Username),
            (
                "unique constraint failed: users.username_key",
                Conflict::Username,
            ),
            ("users_email_key", Conflict::Email),
            ("unique constraint failed: users.email", Conflict::Email),
            ("groups_name_key", Conflict::GroupName),
            (
                "unique constraint failed: groups.name_key",
                Conflict::GroupName,
            ),
            ("reviews_user_movie_key", Conflict::Review),
            (
                "unique constraint failed: reviews.user_id, reviews.movie_id",
                Conflict::Review,
            ),
            ("group_members_pkey", Conflict::Membership),
            (
                "unique constraint failed: group_members.group_id, group_members.user_id",
                Conflict::Membership,
            ),
            ("favorites_user_movie_type_key", Conflict::Favorite),
            (
                "unique constraint failed: favorites.group_id, favorites.movie_id",
                Conflict::Favorite,
            ),
            ("review_reactions_pkey", Conflict::Other),
            (
                "unique constraint failed: review_reactions.review_id, review_reactions.user_id",
                Conflict::Other,
            ),
            (
                "unique constraint failed: index 'something_else'",
                Conflict::Other,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(classify_text(text), expected, "{text}");
        }
    }
}
