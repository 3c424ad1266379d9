//! The errors use cases return. Each carries a stable [`ErrorCode`] (the API's `code`
//! field) and a human message taken from the product's texts; adapters map the variant to
//! a transport status (HTTP status, CLI exit code) and never invent rules.

use std::borrow::Cow;

pub use crate::error_code::ErrorCode;

/// A failure a user (or an integrator) can act upon, or an internal fault.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Input that breaks a rule. `field` names the offending input.
    #[error("{message}")]
    Invalid {
        field: Cow<'static, str>,
        code: ErrorCode,
        message: Cow<'static, str>,
    },
    /// No valid session (missing, malformed, expired or revoked token, bad credentials).
    #[error("{message}")]
    Unauthenticated {
        code: ErrorCode,
        message: Cow<'static, str>,
    },
    /// Authenticated, but this actor may not do this.
    #[error("{message}")]
    Forbidden {
        code: ErrorCode,
        message: Cow<'static, str>,
    },
    /// The thing asked for does not exist (or is hidden from this actor).
    #[error("{message}")]
    NotFound {
        code: ErrorCode,
        message: Cow<'static, str>,
    },
    /// The request clashes with existing data (duplicates, state conflicts).
    #[error("{message}")]
    Conflict {
        code: ErrorCode,
        message: Cow<'static, str>,
    },
    /// Input larger than a limit (an upload, its inflated size, its rows).
    #[error("{message}")]
    TooLarge {
        code: ErrorCode,
        message: Cow<'static, str>,
    },
    /// Too many requests (`rate_limited`, or a more precise code such as
    /// `too_many_reports`); `retry_after_secs` says when another attempt may succeed.
    #[error("{message}")]
    RateLimited {
        code: ErrorCode,
        message: Cow<'static, str>,
        retry_after_secs: Option<u64>,
    },
    /// The server has too much work queued to take this request now (e.g. password
    /// hashes); it may succeed after `retry_after_secs`.
    #[error("{message}")]
    Busy {
        message: Cow<'static, str>,
        retry_after_secs: u64,
    },
    /// An upstream service (TMDB, Finnkino) failed or could not be reached.
    /// `unavailable` distinguishes "did not answer" (503) from "answered badly" (502).
    #[error("{message}")]
    Upstream {
        code: ErrorCode,
        message: Cow<'static, str>,
        unavailable: bool,
    },
    /// The database did not answer in time or refused the connection. Nothing was
    /// written; the same request may succeed once it is back. The source is logged.
    #[error("The database is not reachable right now. Please try again shortly.")]
    DatabaseUnavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The database has no room left for the write (a full disk). Nothing was written;
    /// writes work again as soon as space is freed. The source is logged.
    #[error(
        "The server has run out of storage space, so nothing was saved. Please try again later."
    )]
    StorageFull(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A bug or an infrastructure fault; logged with its source, answered generically.
    #[error("internal error: {0}")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl Error {
    pub fn invalid(
        field: impl Into<Cow<'static, str>>,
        code: ErrorCode,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self::Invalid {
            field: field.into(),
            code,
            message: message.into(),
        }
    }

    pub fn forbidden(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self::Forbidden {
            code,
            message: message.into(),
        }
    }

    pub fn not_found(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self::NotFound {
            code,
            message: message.into(),
        }
    }

    pub fn conflict(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self::Conflict {
            code,
            message: message.into(),
        }
    }

    pub fn too_large(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self::TooLarge {
            code,
            message: message.into(),
        }
    }

    pub fn unauthenticated(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Self {
        Self::Unauthenticated {
            code,
            message: message.into(),
        }
    }

    pub fn internal(source: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self::Internal(source.into())
    }

    /// The stable machine-readable code of this error.
    pub fn error_code(&self) -> ErrorCode {
        match self {
            Self::Invalid { code, .. }
            | Self::Unauthenticated { code, .. }
            | Self::Forbidden { code, .. }
            | Self::NotFound { code, .. }
            | Self::Conflict { code, .. }
            | Self::TooLarge { code, .. }
            | Self::RateLimited { code, .. }
            | Self::Upstream { code, .. } => *code,
            Self::Busy { .. } => ErrorCode::ServerBusy,
            Self::DatabaseUnavailable(_) => ErrorCode::DatabaseUnavailable,
            Self::StorageFull(_) => ErrorCode::StorageFull,
            Self::Internal(_) => ErrorCode::InternalError,
        }
    }

    /// [`Self::error_code`] as the API spells it (`"user_exists"`).
    pub fn code(&self) -> &'static str {
        self.error_code().as_str()
    }
}

/// What a store port can fail with. Adapters translate their database's named
/// constraints into `Conflict` so that use cases can answer with the right message.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A uniqueness rule was hit; the payload names it (see [`Conflict`]).
    #[error("conflict: {0:?}")]
    Conflict(Conflict),
    /// A row the operation needs does not exist (e.g. a foreign key target).
    #[error("not found")]
    NotFound,
    /// The database cannot be reached: no connection within the pool's acquire timeout,
    /// a refused or lost connection, a server shutting down.
    #[error("database unavailable: {0}")]
    Unavailable(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The database has no space left for the write ("database or disk is full").
    #[error("storage full: {0}")]
    Full(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// Anything else: a bug in SQL, a corrupt row, an unexpected database error.
    #[error("store failure: {0}")]
    Backend(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// The uniqueness rules of the schema, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conflict {
    Username,
    Email,
    GroupName,
    /// One review per user per movie.
    Review,
    /// One membership per user per group.
    Membership,
    /// One favorite entry per (user or group, movie, type).
    Favorite,
    /// A compare-and-set lost: what the caller read and decided on (a role, a group's
    /// owner or visibility, the user owning no group) is no longer what the database
    /// holds. Nothing was written; read again and decide again.
    Stale,
    /// Anything else unique.
    Other,
}

impl From<StoreError> for Error {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Conflict(_) => Error::conflict(
                ErrorCode::Conflict,
                "The data conflicts with existing data.",
            ),
            StoreError::NotFound => Error::not_found(ErrorCode::NotFound, "Not found."),
            StoreError::Unavailable(source) => Error::DatabaseUnavailable(source),
            StoreError::Full(source) => Error::StorageFull(source),
            StoreError::Backend(source) => Error::Internal(source),
        }
    }
}
