//! Fakes for the handler tests: an in-memory store, a fixed clock, a scripted prompt.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use chrono::{DateTime, TimeZone, Utc};

use leffaseura_core::domain::ban::Ban;
use leffaseura_core::domain::moderation::{ModerationEntry, NewModerationEntry};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::user::{
    Email, NewUser, PasswordHash, User, UserChanges, UserProfile, UserStats,
};
use leffaseura_core::error::StoreError;
use leffaseura_core::ids::{GroupId, UserId};
use leffaseura_core::ports::{Clock, GroupStore, UserStore};

use crate::context::{AppliedMigration, Database, MigrationReport, Prompt, Session};

pub fn at(day: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, 12, 0, 0)
        .single()
        .expect("valid date")
}

#[derive(Default)]
pub struct State {
    pub users: Vec<User>,
    pub stats: HashMap<UserId, UserStats>,
    pub log: Vec<ModerationEntry>,
    pub fail: bool,
}

/// A store in memory; `fail` makes every call a backend error.
#[derive(Default, Clone)]
pub struct FakeStore(pub Arc<Mutex<State>>);

impl FakeStore {
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.0.lock().expect("not poisoned")
    }

    pub fn add(&self, username: &str, stats: UserStats) -> User {
        let mut state = self.state();
        let id = UserId(state.users.len() as i64 + 1);
        let user = User {
            id,
            username: username.to_owned(),
            email: format!("{}@example.fi", username.to_lowercase()),
            password_hash: PasswordHash("x".into()),
            bio: String::new(),
            created_at: at(id.0 as u32),
            token_version: 0,
            banned: false,
            banned_until: None,
            language: None,
            is_admin: false,
        };
        state.users.push(user.clone());
        state.stats.insert(id, stats);
        user
    }

    fn change_user(
        &self,
        id: UserId,
        log: &NewModerationEntry,
        change: impl FnOnce(&mut User),
    ) -> Result<User, StoreError> {
        let mut state = self.check()?;
        let user = state
            .users
            .iter_mut()
            .find(|u| u.id == id)
            .ok_or(StoreError::NotFound)?;
        change(user);
        let user = user.clone();
        push_log(&mut state, log.clone());
        Ok(user)
    }

    fn check(&self) -> Result<MutexGuard<'_, State>, StoreError> {
        let state = self.state();
        if state.fail {
            return Err(StoreError::Backend("connection refused".into()));
        }
        Ok(state)
    }
}

fn window<T: Clone>(items: &[T], page: PageRequest) -> Paged<T> {
    Paged {
        items: items
            .iter()
            .skip(page.offset as usize)
            .take(page.limit as usize)
            .cloned()
            .collect(),
        total: items.len() as i64,
        limit: page.limit,
        offset: page.offset,
    }
}

#[async_trait]
impl UserStore for FakeStore {
    async fn create_user(&self, _user: &NewUser) -> Result<User, StoreError> {
        Err(StoreError::Backend("not used".into()))
    }
    async fn find_user(&self, id: UserId) -> Result<Option<User>, StoreError> {
        Ok(self.check()?.users.iter().find(|u| u.id == id).cloned())
    }
    async fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, StoreError> {
        Ok(self
            .check()?
            .users
            .iter()
            .find(|u| u.email == email.as_str())
            .cloned())
    }
    async fn find_user_by_username(&self, username: &str) -> Result<Option<User>, StoreError> {
        Ok(self
            .check()?
            .users
            .iter()
            .find(|u| u.username.eq_ignore_ascii_case(username))
            .cloned())
    }
    async fn find_profile(&self, id: UserId) -> Result<Option<UserProfile>, StoreError> {
        let state = self.check()?;
        Ok(state
            .users
            .iter()
            .find(|u| u.id == id)
            .map(|user| UserProfile {
                user: user.clone(),
                stats: state.stats.get(&id).copied().unwrap_or_default(),
            }))
    }
    async fn user_stats(&self, id: UserId) -> Result<UserStats, StoreError> {
        Ok(self.check()?.stats.get(&id).copied().unwrap_or_default())
    }
    async fn update_user(
        &self,
        _id: UserId,
        _changes: &UserChanges,
        _: DateTime<Utc>,
    ) -> Result<User, StoreError> {
        Err(StoreError::Backend("not used".into()))
    }
    async fn upgrade_password_hash(
        &self,
        _id: UserId,
        _old: &PasswordHash,
        _new: &PasswordHash,
    ) -> Result<bool, StoreError> {
        Err(StoreError::Backend("not used".into()))
    }
    async fn set_ban(
        &self,
        id: UserId,
        ban: Option<Ban>,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError> {
        self.change_user(id, log, |user| {
            user.banned = ban.is_some();
            user.banned_until = ban.and_then(|ban| ban.until);
            if ban.is_some() {
                user.token_version += 1;
            }
        })
    }
    async fn set_admin(
        &self,
        id: UserId,
        is_admin: bool,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError> {
        self.change_user(id, log, |user| user.is_admin = is_admin)
    }
    async fn delete_user(
        &self,
        id: UserId,
        log: Option<NewModerationEntry>,
    ) -> Result<(), StoreError> {
        let mut state = self.check()?;
        let before = state.users.len();
        state.users.retain(|u| u.id != id);
        if state.users.len() == before {
            return Err(StoreError::NotFound);
        }
        if let Some(log) = log {
            push_log(&mut state, log);
        }
        Ok(())
    }
    async fn list_users(&self, page: PageRequest) -> Result<Paged<UserProfile>, StoreError> {
        let state = self.check()?;
        let profiles: Vec<UserProfile> = state
            .users
            .iter()
            .map(|user| UserProfile {
                user: user.clone(),
                stats: state.stats.get(&user.id).copied().unwrap_or_default(),
            })
            .collect();
        Ok(window(&profiles, page))
    }
    async fn list_moderation_log(
        &self,
        _filter: &leffaseura_core::domain::moderation::ModerationFilter,
        page: PageRequest,
    ) -> Result<Paged<ModerationEntry>, StoreError> {
        let state = self.check()?;
        let newest_first: Vec<ModerationEntry> = state.log.iter().rev().cloned().collect();
        Ok(window(&newest_first, page))
    }
    async fn ping(&self) -> Result<(), StoreError> {
        self.check().map(|_| ())
    }
}

fn push_log(state: &mut State, entry: NewModerationEntry) {
    let id = state.log.len() as i64 + 1;
    state.log.push(ModerationEntry {
        id,
        action: entry.action,
        actor: entry.actor,
        target: entry.target,
        reason: entry.reason,
        detail: entry.detail,
        created_at: entry.created_at,
    });
}

/// A database whose migrations are "applied" once.
#[derive(Default, Clone)]
pub struct FakeDatabase {
    pub store: FakeStore,
    pub migrated: Arc<Mutex<bool>>,
}

#[async_trait]
impl Database for FakeDatabase {
    fn store(&self) -> Arc<dyn UserStore> {
        Arc::new(self.store.clone())
    }

    fn groups(&self) -> Arc<dyn GroupStore> {
        Arc::new(NoGroups)
    }

    fn reviews(&self) -> Arc<dyn leffaseura_core::ports::ReviewStore> {
        Arc::new(NoReviews)
    }

    fn stats(&self) -> Arc<dyn leffaseura_core::ports::StatsStore> {
        Arc::new(NoStats)
    }

    fn favorites(&self) -> Arc<dyn leffaseura_core::ports::FavoriteStore> {
        Arc::new(NoFavorites)
    }

    fn showtime_preferences(&self) -> Arc<dyn leffaseura_core::ports::ShowtimePreferenceStore> {
        Arc::new(NoPreferences)
    }

    fn watch_parties(&self) -> Arc<dyn leffaseura_core::ports::WatchPartyStore> {
        Arc::new(NoParties)
    }

    fn movie_cache(&self) -> Arc<dyn leffaseura_core::ports::MovieCache> {
        Arc::new(NoMovieCache)
    }

    fn parallel_writes(&self) -> bool {
        false
    }

    fn reports(&self) -> Arc<dyn leffaseura_core::ports::ReportStore> {
        Arc::new(NoReports)
    }

    async fn migrate(&self) -> anyhow::Result<MigrationReport> {
        let mut migrated = self.migrated.lock().expect("not poisoned");
        let applied = if *migrated {
            Vec::new()
        } else {
            vec![AppliedMigration {
                version: 1,
                description: "init".into(),
            }]
        };
        *migrated = true;
        Ok(MigrationReport {
            backend: "sqlite".into(),
            database: "sqlite://test.db".into(),
            applied,
            total: 1,
        })
    }
}

pub struct FixedClock;

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        at(20)
    }
}

/// Answers with `answer` when interactive; records the questions.
pub struct ScriptedPrompt {
    pub interactive: bool,
    pub answer: bool,
    pub asked: Arc<Mutex<Vec<String>>>,
}

impl Prompt for ScriptedPrompt {
    fn is_interactive(&self) -> bool {
        self.interactive
    }
    fn confirm(&mut self, question: &str) -> std::io::Result<bool> {
        self.asked
            .lock()
            .expect("not poisoned")
            .push(question.to_owned());
        Ok(self.answer)
    }
}

pub fn session(interactive: bool, answer: bool) -> (Session, Arc<Mutex<Vec<String>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let session = Session {
        clock: Arc::new(FixedClock),
        actor: "anna".into(),
        catalog: Arc::new(NoCatalog),
        hasher: Arc::new(crate::context::NoCredentials),
        prompt: Box::new(ScriptedPrompt {
            interactive,
            answer,
            asked: asked.clone(),
        }),
    };
    (session, asked)
}

/// The fake database has no groups: nobody owns one, and anything else asked of groups
/// fails (the CLI's handlers do not touch groups; account deletion only asks who owns
/// what).
pub struct NoGroups;

fn no_groups() -> StoreError {
    StoreError::Backend("the CLI's fake database has no groups".into())
}

#[async_trait]
impl GroupStore for NoGroups {
    async fn create_group(
        &self,
        _: &leffaseura_core::domain::group::model::NewGroup,
    ) -> Result<leffaseura_core::GroupId, StoreError> {
        Err(no_groups())
    }
    async fn find_group(
        &self,
        _: leffaseura_core::GroupId,
        _: Option<UserId>,
    ) -> Result<Option<leffaseura_core::domain::group::model::Group>, StoreError> {
        Ok(None)
    }
    async fn group_access(
        &self,
        _: leffaseura_core::GroupId,
        _: UserId,
    ) -> Result<Option<leffaseura_core::ports::group_store::GroupAccess>, StoreError> {
        Ok(None)
    }
    async fn list_groups(
        &self,
        _: &leffaseura_core::domain::group::model::GroupFilter,
        _: Option<UserId>,
        page: PageRequest,
    ) -> Result<Paged<leffaseura_core::domain::group::model::Group>, StoreError> {
        Ok(Paged {
            items: Vec::new(),
            total: 0,
            limit: page.limit,
            offset: page.offset,
        })
    }
    async fn group_window(
        &self,
        _: &leffaseura_core::domain::group::model::GroupFilter,
        _: Option<UserId>,
        _: PageRequest,
    ) -> Result<Vec<leffaseura_core::domain::group::model::Group>, StoreError> {
        Ok(Vec::new())
    }
    async fn members(
        &self,
        _: leffaseura_core::GroupId,
    ) -> Result<Vec<leffaseura_core::domain::group::model::GroupMember>, StoreError> {
        Ok(Vec::new())
    }
    async fn pending_requests(
        &self,
        _: leffaseura_core::GroupId,
    ) -> Result<Vec<leffaseura_core::domain::group::model::PendingRequest>, StoreError> {
        Ok(Vec::new())
    }
    async fn group_log(
        &self,
        _: leffaseura_core::GroupId,
        page: PageRequest,
    ) -> Result<Paged<leffaseura_core::domain::moderation::GroupLogEntry>, StoreError> {
        Ok(Paged {
            items: Vec::new(),
            total: 0,
            limit: page.limit,
            offset: page.offset,
        })
    }
    async fn update_group(
        &self,
        _: leffaseura_core::GroupId,
        _: &leffaseura_core::domain::group::model::GroupChanges,
        _: DateTime<Utc>,
        _: &leffaseura_core::ports::group_store::Expected,
        _: &leffaseura_core::domain::moderation::NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        Err(no_groups())
    }
    async fn delete_group(
        &self,
        _: leffaseura_core::GroupId,
        _: &leffaseura_core::ports::group_store::Expected,
        _: &leffaseura_core::domain::moderation::NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        Err(no_groups())
    }
    async fn change_membership(
        &self,
        _: &leffaseura_core::ports::group_store::MembershipChange,
    ) -> Result<Option<leffaseura_core::domain::group::model::GroupMember>, StoreError> {
        Err(no_groups())
    }
    async fn transfer_ownership(
        &self,
        _: &leffaseura_core::ports::group_store::OwnershipTransfer,
    ) -> Result<(), StoreError> {
        Err(no_groups())
    }
    async fn remove_group_favorite(
        &self,
        _: leffaseura_core::GroupId,
        _: leffaseura_core::MovieId,
        _: &leffaseura_core::ports::group_store::Expected,
        _: &leffaseura_core::domain::moderation::NewGroupLogEntry,
    ) -> Result<bool, StoreError> {
        Err(no_groups())
    }
    async fn owned_groups(&self, _: UserId) -> Result<Vec<leffaseura_core::GroupId>, StoreError> {
        Ok(Vec::new())
    }
    async fn succession_candidates(
        &self,
        _: leffaseura_core::GroupId,
    ) -> Result<Vec<leffaseura_core::domain::membership::SuccessionCandidate>, StoreError> {
        Ok(Vec::new())
    }
    async fn hand_over_group(
        &self,
        _: leffaseura_core::GroupId,
        _: UserId,
        _: Option<UserId>,
        _: &[leffaseura_core::domain::membership::SuccessionCandidate],
        _: &leffaseura_core::domain::moderation::NewGroupLogEntry,
    ) -> Result<(), StoreError> {
        Err(no_groups())
    }
}

/// The fake database has no reviews either (the handlers under test do not read them).
pub struct NoReviews;

fn no_reviews() -> StoreError {
    StoreError::Backend("the CLI's fake database has no reviews".into())
}

mod review_types {
    pub use leffaseura_core::domain::moderation::NewModerationEntry;
    pub use leffaseura_core::domain::movie::RememberedMovie;
    pub use leffaseura_core::domain::review::{
        ActivityItem, MovieReviewStats, NewReview, ReactionKind, Review, ReviewChanges, ReviewPage,
        ReviewWindow,
    };
    pub use leffaseura_core::domain::user::UserProfile;
    pub use leffaseura_core::{GroupId, MovieId, ReviewId};
}

#[async_trait]
impl leffaseura_core::ports::ReviewStore for NoReviews {
    async fn create_review(
        &self,
        _: &review_types::NewReview,
        _: &review_types::RememberedMovie,
    ) -> Result<review_types::ReviewId, StoreError> {
        Err(no_reviews())
    }
    async fn find_review(
        &self,
        _: review_types::ReviewId,
        _: Option<UserId>,
    ) -> Result<Option<review_types::Review>, StoreError> {
        Ok(None)
    }
    async fn movie_reviews(
        &self,
        _: review_types::MovieId,
        _: review_types::ReviewWindow,
        _: Option<UserId>,
    ) -> Result<review_types::ReviewPage, StoreError> {
        Err(no_reviews())
    }
    async fn movie_stats(
        &self,
        _: review_types::MovieId,
    ) -> Result<review_types::MovieReviewStats, StoreError> {
        Err(no_reviews())
    }
    async fn user_reviews(
        &self,
        _: UserId,
        _: review_types::ReviewWindow,
        _: Option<UserId>,
    ) -> Result<review_types::ReviewPage, StoreError> {
        Err(no_reviews())
    }
    async fn user_activity(
        &self,
        _: UserId,
        _: PageRequest,
        _: Option<UserId>,
    ) -> Result<Option<Paged<review_types::ActivityItem>>, StoreError> {
        Err(no_reviews())
    }
    async fn recent_reviews(
        &self,
        _: i64,
        _: Option<UserId>,
    ) -> Result<Vec<review_types::Review>, StoreError> {
        Err(no_reviews())
    }
    async fn group_reviews(
        &self,
        _: review_types::GroupId,
        _: review_types::ReviewWindow,
        _: Option<UserId>,
    ) -> Result<review_types::ReviewPage, StoreError> {
        Err(no_reviews())
    }
    async fn update_review(
        &self,
        _: review_types::ReviewId,
        _: &review_types::ReviewChanges,
        _: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        Err(no_reviews())
    }
    async fn delete_review(
        &self,
        _: review_types::ReviewId,
        _: Option<review_types::NewModerationEntry>,
    ) -> Result<(), StoreError> {
        Err(no_reviews())
    }
    async fn all_reviews(
        &self,
        _: review_types::ReviewWindow,
        _: Option<UserId>,
    ) -> Result<review_types::ReviewPage, StoreError> {
        Err(no_reviews())
    }
    async fn react(
        &self,
        _: review_types::ReviewId,
        _: UserId,
        _: Option<review_types::ReactionKind>,
        _: DateTime<Utc>,
    ) -> Result<Option<review_types::ReactionKind>, StoreError> {
        Err(no_reviews())
    }
    async fn users_by_review_count(
        &self,
        _: i64,
    ) -> Result<Vec<review_types::UserProfile>, StoreError> {
        Err(no_reviews())
    }
    async fn users_by_aura(&self, _: i64) -> Result<Vec<review_types::UserProfile>, StoreError> {
        Err(no_reviews())
    }
}

/// No movies: the handlers under test never ask.
pub struct NoCatalog;

mod catalog_types {
    pub use leffaseura_core::domain::language::Language;
    pub use leffaseura_core::domain::movie::{
        CatalogPage, DiscoverSort, Genre, GenreFilter, MovieDetails, MoviePage, MovieSummary,
        SearchQuery,
    };
    pub use leffaseura_core::{Error, MovieId};
}

fn no_movies() -> catalog_types::Error {
    catalog_types::Error::internal("the CLI's tests have no movie catalog")
}

#[async_trait]
impl leffaseura_core::ports::MovieCatalog for NoCatalog {
    async fn search(
        &self,
        _: &catalog_types::SearchQuery,
        _: catalog_types::CatalogPage,
        _: Option<catalog_types::Language>,
    ) -> Result<catalog_types::MoviePage, catalog_types::Error> {
        Err(no_movies())
    }
    async fn genres(
        &self,
        _: Option<catalog_types::Language>,
    ) -> Result<Vec<catalog_types::Genre>, catalog_types::Error> {
        Err(no_movies())
    }
    async fn discover(
        &self,
        _: &catalog_types::GenreFilter,
        _: catalog_types::CatalogPage,
        _: catalog_types::DiscoverSort,
        _: Option<catalog_types::Language>,
    ) -> Result<catalog_types::MoviePage, catalog_types::Error> {
        Err(no_movies())
    }
    async fn popular(
        &self,
        _: catalog_types::CatalogPage,
        _: Option<catalog_types::Language>,
    ) -> Result<catalog_types::MoviePage, catalog_types::Error> {
        Err(no_movies())
    }
    async fn details(
        &self,
        _: catalog_types::MovieId,
        _: Option<catalog_types::Language>,
    ) -> Result<catalog_types::MovieDetails, catalog_types::Error> {
        Err(no_movies())
    }
    async fn best_match(
        &self,
        _: &str,
        _: Option<i32>,
        _: Option<catalog_types::Language>,
    ) -> Result<Vec<catalog_types::MovieSummary>, catalog_types::Error> {
        Err(no_movies())
    }
    async fn now_playing(
        &self,
        _: catalog_types::CatalogPage,
        _: Option<catalog_types::Language>,
    ) -> Result<catalog_types::MoviePage, catalog_types::Error> {
        Err(no_movies())
    }
}

/// No numbers either.
pub struct NoStats;

#[async_trait]
impl leffaseura_core::ports::StatsStore for NoStats {
    async fn site_stats(
        &self,
        _: DateTime<Utc>,
        _: DateTime<Utc>,
        _: DateTime<Utc>,
        _: i64,
    ) -> Result<leffaseura_core::domain::stats::SiteStats, StoreError> {
        Err(StoreError::Backend(
            "the CLI's fake database has no numbers".into(),
        ))
    }
}

/// No saved movies (the handlers under test do not read them).
pub struct NoFavorites;

fn no_favorites() -> StoreError {
    StoreError::Backend("the CLI's fake database has no saved movies".into())
}

mod favorite_types {
    pub use leffaseura_core::domain::favorite::{
        Favorite, FavoriteKind, FavoriteList, NewFavorite,
    };
    pub use leffaseura_core::MovieId;
}

#[async_trait]
impl leffaseura_core::ports::FavoriteStore for NoFavorites {
    async fn add_favorite(
        &self,
        _: &favorite_types::NewFavorite,
    ) -> Result<(favorite_types::Favorite, bool), StoreError> {
        Err(no_favorites())
    }
    async fn find_favorite(
        &self,
        _: favorite_types::FavoriteList,
        _: favorite_types::MovieId,
    ) -> Result<Option<favorite_types::Favorite>, StoreError> {
        Err(no_favorites())
    }
    async fn remove_favorite(
        &self,
        _: favorite_types::FavoriteList,
        _: favorite_types::MovieId,
    ) -> Result<bool, StoreError> {
        Err(no_favorites())
    }
    async fn list_favorites(
        &self,
        _: favorite_types::FavoriteList,
        _: PageRequest,
    ) -> Result<Paged<favorite_types::Favorite>, StoreError> {
        Err(no_favorites())
    }
    async fn favorite_status(
        &self,
        _: UserId,
        _: &[favorite_types::MovieId],
    ) -> Result<Vec<(favorite_types::MovieId, favorite_types::FavoriteKind)>, StoreError> {
        Err(no_favorites())
    }
}

/// No showtime preferences either.
pub struct NoPreferences;

#[async_trait]
impl leffaseura_core::ports::ShowtimePreferenceStore for NoPreferences {
    async fn showtime_preferences(
        &self,
        _: UserId,
    ) -> Result<Option<leffaseura_core::domain::showtime::ShowtimePreferences>, StoreError> {
        Err(StoreError::Backend(
            "the CLI's fake database has no preferences".into(),
        ))
    }
    async fn save_showtime_preferences(
        &self,
        _: UserId,
        _: &leffaseura_core::domain::showtime::ShowtimePreferences,
        _: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        Err(StoreError::Backend(
            "the CLI's fake database has no preferences".into(),
        ))
    }
}

/// Holds no watch parties: every read finds none, every write fails.
pub struct NoParties;

fn no_parties() -> StoreError {
    StoreError::Backend("the CLI's fake database has no watch parties".into())
}

#[async_trait]
impl leffaseura_core::ports::WatchPartyStore for NoParties {
    async fn create_party(
        &self,
        _: &leffaseura_core::domain::watch_party::NewParty,
        _: leffaseura_core::domain::membership::Role,
    ) -> Result<leffaseura_core::PartyId, StoreError> {
        Err(no_parties())
    }
    async fn find_party(
        &self,
        _: leffaseura_core::PartyId,
    ) -> Result<Option<leffaseura_core::domain::watch_party::WatchParty>, StoreError> {
        Ok(None)
    }
    async fn group_parties(
        &self,
        _: GroupId,
        _: leffaseura_core::domain::watch_party::PartyWhen,
        _: DateTime<Utc>,
        _: i64,
    ) -> Result<Vec<leffaseura_core::domain::watch_party::WatchParty>, StoreError> {
        Ok(Vec::new())
    }
    async fn user_parties(
        &self,
        _: UserId,
        _: DateTime<Utc>,
        _: i64,
    ) -> Result<Vec<leffaseura_core::domain::watch_party::WatchParty>, StoreError> {
        Ok(Vec::new())
    }
    async fn person_parties(
        &self,
        _: UserId,
    ) -> Result<Vec<leffaseura_core::domain::watch_party::PersonalParty>, StoreError> {
        Ok(Vec::new())
    }
    async fn change_status(
        &self,
        _: &leffaseura_core::ports::watch_party_store::StatusChange,
    ) -> Result<(), StoreError> {
        Err(no_parties())
    }
    async fn answer_party(
        &self,
        _: &leffaseura_core::ports::watch_party_store::NewAnswer,
    ) -> Result<(), StoreError> {
        Err(no_parties())
    }
    async fn calendar_token(&self, _: GroupId) -> Result<Option<String>, StoreError> {
        Ok(None)
    }
    async fn set_calendar_token(
        &self,
        _: GroupId,
        _: Option<String>,
        _: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        Err(no_parties())
    }
    async fn calendar_group(&self, _: &str) -> Result<Option<GroupId>, StoreError> {
        Ok(None)
    }
}

/// Remembers no movies.
pub struct NoMovieCache;

#[async_trait]
impl leffaseura_core::ports::MovieCache for NoMovieCache {
    async fn get(
        &self,
        _: &str,
    ) -> Result<Option<leffaseura_core::ports::movie_cache::CachedBody>, StoreError> {
        Ok(None)
    }
    async fn put(
        &self,
        _: &str,
        _: &leffaseura_core::ports::movie_cache::CachedBody,
    ) -> Result<(), StoreError> {
        Ok(())
    }
    async fn remember_movies(
        &self,
        _: &[leffaseura_core::domain::movie::RememberedMovie],
        _: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        Ok(())
    }
    async fn find_movies(
        &self,
        _: &[leffaseura_core::MovieId],
    ) -> Result<Vec<leffaseura_core::domain::movie::RememberedMovie>, StoreError> {
        Ok(Vec::new())
    }
}

/// No reports either.
pub struct NoReports;

fn no_reports() -> StoreError {
    StoreError::Backend("the CLI's fake database has no reports".into())
}

#[async_trait]
impl leffaseura_core::ports::ReportStore for NoReports {
    async fn file_report(
        &self,
        _: &leffaseura_core::domain::report::NewReport,
        _: DateTime<Utc>,
        _: i64,
    ) -> Result<leffaseura_core::domain::report::Filing, StoreError> {
        Err(no_reports())
    }

    async fn find_report(
        &self,
        _: leffaseura_core::ReportId,
    ) -> Result<Option<leffaseura_core::domain::report::Report>, StoreError> {
        Err(no_reports())
    }

    async fn list_reports(
        &self,
        _: &leffaseura_core::domain::report::ReportFilter,
        _: leffaseura_core::domain::paging::PageRequest,
    ) -> Result<
        leffaseura_core::domain::paging::Paged<leffaseura_core::domain::report::Report>,
        StoreError,
    > {
        Err(no_reports())
    }

    async fn resolve_reports(
        &self,
        _: leffaseura_core::ReportId,
        _: &leffaseura_core::domain::report::ReportResolution,
        _: Option<leffaseura_core::domain::moderation::NewModerationEntry>,
    ) -> Result<u64, StoreError> {
        Err(no_reports())
    }
}
