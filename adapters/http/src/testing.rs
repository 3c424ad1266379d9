//! An in-memory `UserStore` and a ready-made app for the HTTP tests.

use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use chrono::Utc;
use poem::test::TestClient;

use leffaseura_core::domain::moderation::{ModerationEntry, NewModerationEntry};
use leffaseura_core::domain::paging::{PageRequest, Paged};
use leffaseura_core::domain::user::{Email, NewUser, User, UserChanges, UserProfile, UserStats};
use leffaseura_core::error::{Conflict, StoreError};
use leffaseura_core::ports::{SystemClock, UserStore};
use leffaseura_core::use_cases::Accounts;
use leffaseura_core::UserId;

use crate::auth::{Argon2Hasher, JwtIssuer};
use crate::{build_app, AppConfig, AppState};

#[derive(Default)]
pub struct MemoryStore {
    users: Mutex<Vec<User>>,
    log: Mutex<Vec<NewModerationEntry>>,
    pub down: std::sync::atomic::AtomicBool,
}

impl MemoryStore {
    fn users(&self) -> MutexGuard<'_, Vec<User>> {
        self.users
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn check_unique(
        users: &[User],
        id: Option<UserId>,
        username: Option<&str>,
        email: Option<&str>,
    ) -> Result<(), StoreError> {
        for other in users.iter().filter(|u| Some(u.id) != id) {
            if username.is_some_and(|name| other.username.eq_ignore_ascii_case(name)) {
                return Err(StoreError::Conflict(Conflict::Username));
            }
            if email.is_some_and(|email| other.email == email) {
                return Err(StoreError::Conflict(Conflict::Email));
            }
        }
        Ok(())
    }
}

#[async_trait]
impl UserStore for MemoryStore {
    async fn create_user(&self, new: &NewUser) -> Result<User, StoreError> {
        let mut users = self.users();
        Self::check_unique(
            &users,
            None,
            Some(new.username.as_str()),
            Some(new.email.as_str()),
        )?;
        let id = users.iter().map(|u| u.id.0).max().unwrap_or(0) + 1;
        let user = User {
            id: UserId(id),
            username: new.username.as_str().to_owned(),
            email: new.email.as_str().to_owned(),
            password_hash: new.password_hash.clone(),
            bio: String::new(),
            created_at: new.created_at,
            token_version: 0,
            banned: false,
            is_admin: false,
        };
        users.push(user.clone());
        Ok(user)
    }

    async fn find_user(&self, id: UserId) -> Result<Option<User>, StoreError> {
        Ok(self.users().iter().find(|u| u.id == id).cloned())
    }

    async fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, StoreError> {
        Ok(self
            .users()
            .iter()
            .find(|u| u.email == email.as_str())
            .cloned())
    }

    async fn find_user_by_username(&self, username: &str) -> Result<Option<User>, StoreError> {
        Ok(self
            .users()
            .iter()
            .find(|u| u.username.eq_ignore_ascii_case(username))
            .cloned())
    }

    async fn find_profile(&self, id: UserId) -> Result<Option<UserProfile>, StoreError> {
        Ok(self.find_user(id).await?.map(|user| UserProfile {
            user,
            stats: UserStats::default(),
        }))
    }

    async fn user_stats(&self, _id: UserId) -> Result<UserStats, StoreError> {
        Ok(UserStats::default())
    }

    async fn update_user(&self, id: UserId, changes: &UserChanges) -> Result<User, StoreError> {
        let mut users = self.users();
        Self::check_unique(
            &users,
            Some(id),
            changes.username.as_ref().map(|u| u.as_str()),
            changes.email.as_ref().map(|e| e.as_str()),
        )?;
        let user = users
            .iter_mut()
            .find(|u| u.id == id)
            .ok_or(StoreError::NotFound)?;
        if let Some(username) = &changes.username {
            user.username = username.as_str().to_owned();
        }
        if let Some(email) = &changes.email {
            user.email = email.as_str().to_owned();
        }
        if let Some(bio) = &changes.bio {
            user.bio = bio.as_str().to_owned();
        }
        if let Some(hash) = &changes.password_hash {
            user.password_hash = hash.clone();
            user.token_version += 1;
        }
        Ok(user.clone())
    }

    async fn set_banned(
        &self,
        id: UserId,
        banned: bool,
        log: &NewModerationEntry,
    ) -> Result<User, StoreError> {
        let mut users = self.users();
        let user = users
            .iter_mut()
            .find(|u| u.id == id)
            .ok_or(StoreError::NotFound)?;
        user.banned = banned;
        if banned {
            user.token_version += 1;
        }
        self.log
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(log.clone());
        Ok(user.clone())
    }

    async fn delete_user(
        &self,
        id: UserId,
        _log: Option<NewModerationEntry>,
    ) -> Result<(), StoreError> {
        let mut users = self.users();
        let before = users.len();
        users.retain(|u| u.id != id);
        if users.len() == before {
            Err(StoreError::NotFound)
        } else {
            Ok(())
        }
    }

    async fn list_users(&self, page: PageRequest) -> Result<Paged<User>, StoreError> {
        let users = self.users();
        Ok(Paged {
            items: users
                .iter()
                .skip(page.offset as usize)
                .take(page.limit as usize)
                .cloned()
                .collect(),
            total: users.len() as i64,
            limit: page.limit,
            offset: page.offset,
        })
    }

    async fn list_moderation_log(
        &self,
        page: PageRequest,
    ) -> Result<Paged<ModerationEntry>, StoreError> {
        Ok(Paged {
            items: Vec::new(),
            total: 0,
            limit: page.limit,
            offset: page.offset,
        })
    }

    async fn ping(&self) -> Result<(), StoreError> {
        if self.down.load(std::sync::atomic::Ordering::SeqCst) {
            Err(StoreError::Backend("connection refused".into()))
        } else {
            Ok(())
        }
    }
}

pub const SECRET: &[u8] = b"test secret";

/// An app over a fresh in-memory store, and that store.
pub fn test_app() -> (
    TestClient<poem::endpoint::BoxEndpoint<'static, poem::Response>>,
    Arc<MemoryStore>,
) {
    let store = Arc::new(MemoryStore::default());
    let clock = Arc::new(SystemClock);
    let accounts = Accounts::new(
        store.clone(),
        Arc::new(Argon2Hasher::fast_for_tests()),
        Arc::new(JwtIssuer::new(SECRET, clock.clone())),
        clock,
    );
    let state = AppState {
        accounts: Arc::new(accounts),
        users: store.clone(),
        reviews: crate::api::reviews::testing::unavailable_reviews(),
        favorites: crate::api::favorites::testing::unavailable_favorites(store.clone()),
    };
    let config = AppConfig {
        webapp_dir: std::env::temp_dir().join(format!(
            "leffaseura-no-webapp-{}",
            Utc::now().timestamp_nanos_opt().unwrap_or_default()
        )),
        cors_origins: Vec::new(),
    };
    (TestClient::new(build_app(state, &config)), store)
}
