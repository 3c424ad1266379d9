//! Reading profiles: one's own (with email) and anyone's public one.

use crate::domain::user::{User, UserProfile};
use crate::error::Error;
use crate::ids::UserId;
use crate::use_cases::accounts::{user_not_found, Accounts};

impl Accounts {
    /// The authenticated user's own profile: the session's account (with email) and the
    /// statistics of their public profile. Those are read like any profile's, so a store
    /// that keeps profiles serves them without a query of their own; a keeping store
    /// serves only what every commit made before the read is in (the user's own reviews
    /// included), so they are as fresh as a query's.
    ///
    /// # Errors
    /// `Internal` on store failures.
    pub async fn get_own_profile(&self, user: User) -> Result<UserProfile, Error> {
        let stats = self
            .users
            .find_profile(user.id)
            .await?
            .map(|profile| profile.stats)
            .unwrap_or_default();
        Ok(UserProfile { user, stats })
    }

    /// Anyone's public profile (the adapter leaves out the email).
    ///
    /// # Errors
    /// `NotFound` `user_not_found` "Profile not found." when there is no such user.
    pub async fn get_profile(&self, id: UserId) -> Result<UserProfile, Error> {
        self.users
            .find_profile(id)
            .await?
            .ok_or_else(user_not_found)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::user::{UserProfile, UserStats};
    use crate::error::{Error, ErrorCode};
    use crate::ids::UserId;
    use crate::use_cases::test_support::*;

    #[tokio::test]
    async fn a_missing_profile_is_404_profile_not_found() {
        let mut ports = Ports::new();
        ports.users.expect_find_profile().returning(|_| Ok(None));
        let err = ports.accounts().get_profile(UserId(9)).await.unwrap_err();
        assert!(
            matches!(
                err,
                Error::NotFound {
                    code: ErrorCode::UserNotFound,
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "Profile not found.");
    }

    #[tokio::test]
    async fn profiles_come_with_stats() {
        let mut ports = Ports::new();
        ports.users.expect_find_profile().returning(|id| {
            Ok(Some(UserProfile {
                user: user(id.0, "pekka", "pw"),
                stats: UserStats {
                    review_count: 1,
                    rating_sum: 4,
                    total_likes: 0,
                    total_dislikes: 0,
                },
            }))
        });
        let accounts = ports.accounts();
        let profile = accounts.get_profile(UserId(2)).await.unwrap();
        assert_eq!(profile.stats.average_rating(), Some(4.0));
        let mut session_user = user(2, "pekka", "pw");
        session_user.email = "own@example.com".to_owned();
        let own = accounts.get_own_profile(session_user).await.unwrap();
        assert_eq!(own.stats.review_count, 1);
        assert_eq!(
            own.user.email, "own@example.com",
            "the account is the session's"
        );
    }

    #[tokio::test]
    async fn an_own_profile_gone_from_the_store_has_empty_stats() {
        let mut ports = Ports::new();
        ports.users.expect_find_profile().returning(|_| Ok(None));
        let own = ports
            .accounts()
            .get_own_profile(user(3, "liisa", "pw"))
            .await
            .unwrap();
        assert_eq!(own.stats, UserStats::default());
        assert_eq!(own.user.username, "liisa");
    }
}
