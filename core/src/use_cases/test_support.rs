//! Mocked ports and sample data for the use-case tests.

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};

use crate::domain::user::{PasswordHash, User};
use crate::error::Error;
use crate::ids::UserId;
use crate::ports::clock::MockClock;
use crate::ports::group_store::MockGroupStore;
use crate::ports::password_hasher::MockPasswordHasher;
use crate::ports::token_issuer::MockTokenIssuer;
use crate::ports::user_store::MockUserStore;
use crate::use_cases::Accounts;

pub struct Ports {
    pub users: MockUserStore,
    pub groups: MockGroupStore,
    pub hasher: MockPasswordHasher,
    pub tokens: MockTokenIssuer,
}

impl Ports {
    pub fn new() -> Self {
        Self {
            users: MockUserStore::new(),
            groups: MockGroupStore::new(),
            hasher: MockPasswordHasher::new(),
            tokens: MockTokenIssuer::new(),
        }
    }

    pub fn accounts(self) -> Accounts {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        Accounts::new(
            Arc::new(self.users),
            Arc::new(self.groups),
            Arc::new(self.hasher),
            Arc::new(self.tokens),
            Arc::new(clock),
        )
    }
}

pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 20, 12, 0, 0)
        .single()
        .expect("a valid time")
}

/// A stand-in for argon2: `hash_of(pw)` is what the mocked hasher "stores".
pub fn hash_of(password: &str) -> PasswordHash {
    PasswordHash(format!("fake${password}"))
}

pub fn user(id: i64, username: &str, password: &str) -> User {
    User {
        id: UserId(id),
        username: username.to_owned(),
        email: format!("{}@example.fi", username.to_lowercase()),
        password_hash: hash_of(password),
        bio: String::new(),
        created_at: now(),
        token_version: 0,
        banned: false,
        banned_until: None,
        language: None,
        is_admin: false,
    }
}

pub fn assert_forbidden(err: &Error, expected: &str) {
    assert!(
        matches!(err, Error::Forbidden { code, .. } if code.as_str() == expected),
        "{err:?}"
    );
}

pub fn assert_conflict(err: &Error, expected: &str, message: &str) {
    assert!(
        matches!(err, Error::Conflict { code, .. } if code.as_str() == expected),
        "{err:?}"
    );
    assert_eq!(err.to_string(), message);
}
