//! What the commands run against: the database (store and migrations), the clock, who
//! is acting, and how to ask the operator a question. The binary wires the real ones;
//! tests wire fakes.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::Arc;

use async_trait::async_trait;
use serde::Serialize;

use leffaseura_core::domain::user::{Password, PasswordHash};
use leffaseura_core::error::Error;
use leffaseura_core::ports::{
    Clock, FavoriteStore, GroupStore, MovieCache, MovieCatalog, PasswordHasher, ReportStore,
    ReviewStore, ShowtimePreferenceStore, StatsStore, TokenClaims, TokenError, TokenIssuer,
    UserStore, WatchPartyStore,
};
use leffaseura_core::use_cases::{
    Accounts, Favorites, Groups, Moderation, PersonalData, Reports, Reviews,
};

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

    /// The same database's groups (account deletion hands a user's groups over).
    fn groups(&self) -> Arc<dyn GroupStore>;

    /// The same database's reviews.
    fn reviews(&self) -> Arc<dyn ReviewStore>;

    /// The same database's counts.
    fn stats(&self) -> Arc<dyn StatsStore>;

    /// The same database's favorites and watchlists (`export-user`, `seed`).
    fn favorites(&self) -> Arc<dyn FavoriteStore>;

    /// The same database's showtime preferences (`export-user`).
    fn showtime_preferences(&self) -> Arc<dyn ShowtimePreferenceStore>;

    /// The same database's watch parties (`export-user`).
    fn watch_parties(&self) -> Arc<dyn WatchPartyStore>;

    /// The same database's record of the movies the catalog showed (saving a movie
    /// takes its title from there).
    fn movie_cache(&self) -> Arc<dyn MovieCache>;

    /// The same database's reports.
    fn reports(&self) -> Arc<dyn ReportStore>;

    /// Do several writers at once go faster? (Not on SQLite: it takes one writer at a
    /// time, and the others sleep on its lock.)
    fn parallel_writes(&self) -> bool;

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
    /// The movies reviews may be written about (`seed`); the binary wires the bundled
    /// demo catalog, so the CLI works offline.
    pub catalog: Arc<dyn MovieCatalog>,
    /// How `seed` hashes the demo password (once: see `seed`); the binary wires the
    /// server's argon2 hasher.
    pub hasher: Arc<dyn PasswordHasher>,
    pub prompt: Box<dyn Prompt>,
}

/// Everything a command needs.
pub struct Context {
    pub store: Arc<dyn UserStore>,
    /// The same database's groups (for `seed`'s own use cases).
    pub group_store: Arc<dyn GroupStore>,
    /// The account use cases the HTTP server uses too (ban, unban, delete).
    pub accounts: Accounts,
    /// The group use cases, with the site admin's own actions.
    pub groups: Groups,
    /// The review use cases, with the site admin's own actions.
    pub reviews: Reviews,
    /// The site's numbers (`stats`).
    pub stats: Arc<dyn StatsStore>,
    /// Watchlists and favorites, saved as the site saves them (`seed`).
    pub favorites: Favorites,
    /// Everything about one user (`export-user`).
    pub personal_data: PersonalData,
    /// See [`Database::parallel_writes`].
    pub parallel_writes: bool,
    /// Users' reports, resolved through the use cases above.
    pub reports: Reports,
    pub session: Session,
}

impl Context {
    pub fn new(db: &dyn Database, session: Session) -> Self {
        let store = db.store();
        let groups = db.groups();
        let group_cases = Groups::new(groups.clone(), store.clone(), session.clock.clone());
        let personal_data = PersonalData::new(
            store.clone(),
            db.reviews(),
            db.favorites(),
            groups.clone(),
            db.showtime_preferences(),
            db.watch_parties(),
            session.clock.clone(),
        );
        let favorites = Favorites::new(
            db.favorites(),
            groups.clone(),
            store.clone(),
            session.catalog.clone(),
            db.movie_cache(),
            session.clock.clone(),
        );
        let reports = Reports::new(
            db.reports(),
            store.clone(),
            db.reviews(),
            groups.clone(),
            session.clock.clone(),
        );
        let reviews = Reviews::new(
            db.reviews(),
            groups.clone(),
            session.catalog.clone(),
            session.clock.clone(),
        );
        let accounts = Accounts::new(
            store.clone(),
            groups.clone(),
            Arc::new(NoCredentials),
            Arc::new(NoCredentials),
            session.clock.clone(),
        );
        Self {
            store,
            accounts,
            groups: group_cases,
            reviews,
            stats: db.stats(),
            favorites,
            personal_data,
            parallel_writes: db.parallel_writes(),
            reports,
            group_store: groups,
            session,
        }
    }
}

impl Context {
    /// The use cases a report's resolution carries its action out through.
    pub fn moderation(&self) -> Moderation<'_> {
        Moderation {
            accounts: &self.accounts,
            reviews: &self.reviews,
            groups: &self.groups,
        }
    }
}

/// [`Accounts`] wants a password hasher and a token issuer, but the moderation use cases
/// the CLI calls never hash, verify or issue anything. This stands in for both and
/// refuses, so that a wrong call fails loudly instead of doing something half-right.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoCredentials;

fn no_credentials() -> Error {
    Error::internal("the admin CLI does not handle passwords or session tokens")
}

#[async_trait]
impl PasswordHasher for NoCredentials {
    async fn hash(&self, _password: &Password) -> Result<PasswordHash, Error> {
        Err(no_credentials())
    }

    async fn verify(&self, _password: &str, _hash: &PasswordHash) -> Result<bool, Error> {
        Err(no_credentials())
    }

    fn is_outdated(&self, _hash: &PasswordHash) -> bool {
        false
    }
}

impl TokenIssuer for NoCredentials {
    fn issue(&self, _claims: TokenClaims) -> String {
        String::new()
    }

    fn verify(&self, _token: &str) -> Result<TokenClaims, TokenError> {
        Err(TokenError::Invalid)
    }
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

    #[tokio::test]
    async fn the_credential_stand_in_refuses_everything() {
        let none = NoCredentials;
        let hash = PasswordHash("x".into());
        assert!(PasswordHasher::verify(&none, "pw", &hash).await.is_err());
        assert!(TokenIssuer::verify(&none, "token").is_err());
    }
}
