//! What the commands run against: the database (store and migrations), the clock, who
//! is acting, and how to ask the operator a question. The binary wires the real ones;
//! tests wire fakes.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;

use async_trait::async_trait;
use serde::Serialize;

use leffaseura_core::ports::{Clock, UserStore};

/// One migration that was applied by a `migrate` run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedMigration {
    pub version: i64,
    pub description: String,
}

/// What a migration run did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MigrationReport {
    /// `sqlite` or `postgres`.
    pub backend: String,
    /// The database, with any password removed.
    pub database: String,
    /// Newly applied, in order; empty when the schema was already current.
    pub applied: Vec<AppliedMigration>,
    /// How many migrations the schema has in total after the run.
    pub total: usize,
}

/// A connected database of either backend.
#[async_trait]
pub trait Database: Send + Sync {
    /// The store to run commands against.
    fn store(&self) -> Arc<dyn UserStore>;

    /// Applies pending migrations (idempotent).
    ///
    /// # Errors
    /// When the database cannot be reached or a migration fails.
    async fn migrate(&self) -> anyhow::Result<MigrationReport>;
}

/// Asks the operator yes/no questions.
pub trait Prompt: Send {
    /// Can we ask at all (is stdin a terminal)?
    fn is_interactive(&self) -> bool;

    /// Asks `question`; `true` only for an explicit yes.
    ///
    /// # Errors
    /// When the terminal cannot be read or written.
    fn confirm(&mut self, question: &str) -> std::io::Result<bool>;
}

/// The real terminal: question on stderr, answer from stdin.
#[derive(Debug, Default)]
pub struct TerminalPrompt;

impl Prompt for TerminalPrompt {
    fn is_interactive(&self) -> bool {
        std::io::stdin().is_terminal()
    }

    fn confirm(&mut self, question: &str) -> std::io::Result<bool> {
        let mut stderr = std::io::stderr().lock();
        write!(stderr, "{question} [y/N] ")?;
        stderr.flush()?;
        let mut answer = String::new();
        std::io::stdin().lock().read_line(&mut answer)?;
        Ok(is_yes(&answer))
    }
}

/// `y` or `yes`, any case; everything else (including an empty line) is no.
pub fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}

/// Who runs the command and how to reach them.
pub struct Session {
    pub clock: Arc<dyn Clock>,
    /// Written to the moderation log.
    pub actor: String,
    pub prompt: Box<dyn Prompt>,
}

/// Everything a command needs.
pub struct Context {
    pub store: Arc<dyn UserStore>,
    pub session: Session,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_explicit_yes_confirms() {
        for (answer, yes) in [
            ("y\n", true),
            ("YES", true),
            (" yes ", true),
            ("", false),
            ("n", false),
            ("yep", false),
        ] {
            assert_eq!(is_yes(answer), yes, "{answer:?}");
        }
    }
}
