//! What a command can fail with, and the exit code each failure maps to.

use leffaseura_core::error::{Error as CoreError, StoreError};

/// Exit codes of `leffaseura-admin` (also listed in `--help`).
pub mod exit_code {
    pub const OK: u8 = 0;
    /// Anything unexpected: the database is unreachable, a migration failed, a bug.
    pub const FAILURE: u8 = 1;
    /// Bad command line or input (clap uses 2 for its own parse errors too).
    pub const USAGE: u8 = 2;
    /// The user (or other thing) does not exist.
    pub const NOT_FOUND: u8 = 3;
    /// The request clashes with the current state, e.g. banning a banned user.
    pub const CONFLICT: u8 = 4;
    /// The operator answered "no" at a confirmation prompt.
    pub const CANCELLED: u8 = 5;
}

/// A failed command. The message is meant for the operator and printed on stderr.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Cancelled(String),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl CliError {
    /// A command other than `migrate` was pointed at a SQLite file that does not exist:
    /// names the path and how to fix it (exit code 1).
    pub fn missing_database(path: &std::path::Path) -> Self {
        Self::Other(anyhow::anyhow!(
            "No database at {} \u{2014} run from the folder that holds `data/`, set DATA_DIR \
             or DATABASE_URL, or create it with `leffaseura-admin migrate`",
            path.display()
        ))
    }

    /// Output went to a closed pipe (`leffaseura-admin users list | head`): not worth a
    /// message, the reader has what it wanted.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Self::Other(err) => err.chain().any(|cause| {
                cause
                    .downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }),
            _ => false,
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Self::Usage(_) => exit_code::USAGE,
            Self::NotFound(_) => exit_code::NOT_FOUND,
            Self::Conflict(_) => exit_code::CONFLICT,
            Self::Cancelled(_) => exit_code::CANCELLED,
            Self::Other(_) => exit_code::FAILURE,
        }
    }
}

impl From<CoreError> for CliError {
    fn from(err: CoreError) -> Self {
        match err {
            CoreError::Invalid { .. } => Self::Usage(err.to_string()),
            CoreError::NotFound { .. } => Self::NotFound(err.to_string()),
            CoreError::Conflict { .. } => Self::Conflict(err.to_string()),
            CoreError::Internal(source) => Self::Other(anyhow::Error::from_boxed(source)),
            other => Self::Other(anyhow::anyhow!("{other} ({})", other.code())),
        }
    }
}

impl From<StoreError> for CliError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::NotFound => Self::NotFound("Not found.".into()),
            StoreError::Conflict(conflict) => Self::Conflict(format!(
                "The change conflicts with existing data ({conflict:?})."
            )),
            StoreError::Unavailable(source) => Self::Other(
                anyhow::Error::from_boxed(source).context("the database is not reachable"),
            ),
            StoreError::Full(source) => Self::Other(
                anyhow::Error::from_boxed(source).context("the database has no space left"),
            ),
            StoreError::Backend(source) => {
                Self::Other(anyhow::Error::from_boxed(source).context("database error"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leffaseura_core::ErrorCode;

    #[test]
    fn each_kind_of_failure_has_its_own_exit_code() {
        let cases: [(CliError, u8); 5] = [
            (CliError::Usage("x".into()), 2),
            (CliError::NotFound("x".into()), 3),
            (CliError::Conflict("x".into()), 4),
            (CliError::Cancelled("x".into()), 5),
            (CliError::Other(anyhow::anyhow!("x")), 1),
        ];
        for (err, code) in cases {
            assert_eq!(err.exit_code(), code, "{err:?}");
        }
    }

    #[test]
    fn a_missing_database_names_the_path_and_the_fix() {
        let err = CliError::missing_database(std::path::Path::new("./data/leffaseura.db"));
        assert_eq!(err.exit_code(), 1);
        assert_eq!(
            err.to_string(),
            "No database at ./data/leffaseura.db \u{2014} run from the folder that holds \
             `data/`, set DATA_DIR or DATABASE_URL, or create it with `leffaseura-admin migrate`"
        );
    }

    #[test]
    fn broken_pipes_are_recognised_through_context() {
        let io = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed");
        let err = CliError::Other(anyhow::Error::new(io).context("could not write output"));
        assert!(err.is_broken_pipe());
        assert!(!CliError::Other(anyhow::anyhow!("other")).is_broken_pipe());
        assert!(!CliError::NotFound("x".into()).is_broken_pipe());
    }

    #[test]
    fn core_errors_keep_their_message_and_meaning() {
        let err = CliError::from(CoreError::not_found(
            ErrorCode::UserNotFound,
            "User not found.",
        ));
        assert_eq!(
            (err.exit_code(), err.to_string().as_str()),
            (3, "User not found.")
        );
        let err = CliError::from(CoreError::conflict(
            ErrorCode::AlreadyBanned,
            "User is already banned.",
        ));
        assert_eq!(err.exit_code(), 4);
        let err = CliError::from(CoreError::invalid(
            "limit",
            ErrorCode::InvalidParameter,
            "bad",
        ));
        assert_eq!(err.exit_code(), 2);
        let err = CliError::from(StoreError::Backend("disk full".into()));
        assert_eq!(err.exit_code(), 1);
        assert!(format!("{:#}", anyhow::Error::from(err)).contains("disk full"));
    }
}
