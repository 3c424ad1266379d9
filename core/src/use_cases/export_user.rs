//! Everything stored about one user, gathered for the person's right to their data (the
//! admin CLI's `export-user`; a self-service export can serve the same document).

use std::future::Future;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::domain::favorite::{Favorite, FavoriteList};
use crate::domain::group::model::{Group, GroupFilter, PrivateGroups};
use crate::domain::moderation::{ModerationEntry, ModerationFilter};
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::review::ActivityItem;
use crate::domain::showtime::ShowtimePreferences;
use crate::domain::user::{User, UserStats};
use crate::domain::watch_party::PersonalParty;
use crate::error::{Error, StoreError};
use crate::error_code::ErrorCode;
use crate::ids::UserId;
use crate::ports::{
    Clock, FavoriteStore, GroupStore, ReviewStore, ShowtimePreferenceStore, UserStore,
    WatchPartyStore,
};

/// One user's data. The password hash and token version are in `user` only because the
/// store keeps them there; whoever prints the document leaves them out.
#[derive(Debug, Clone)]
pub struct UserExport {
    pub exported_at: DateTime<Utc>,
    pub user: User,
    pub stats: UserStats,
    /// The reviews they wrote and the reactions they hold, newest first.
    pub activity: Vec<ActivityItem>,
    pub favorites: Vec<Favorite>,
    pub watchlist: Vec<Favorite>,
    /// The groups they are in, each with their role in `membership`.
    pub groups: Vec<Group>,
    pub showtime_preferences: Option<ShowtimePreferences>,
    /// What moderators did to them.
    pub moderation: Vec<ModerationEntry>,
    /// The watch parties they answered or made, with their answer.
    pub watch_parties: Vec<PersonalParty>,
}

/// The ports an export reads.
pub struct PersonalData {
    users: Arc<dyn UserStore>,
    reviews: Arc<dyn ReviewStore>,
    favorites: Arc<dyn FavoriteStore>,
    groups: Arc<dyn GroupStore>,
    preferences: Arc<dyn ShowtimePreferenceStore>,
    parties: Arc<dyn WatchPartyStore>,
    clock: Arc<dyn Clock>,
}

/// Big enough that a typical user is one page per list, small enough that a prolific
/// one's export never holds one huge result set open.
const EXPORT_PAGE: i64 = 100;

impl PersonalData {
    pub fn new(
        users: Arc<dyn UserStore>,
        reviews: Arc<dyn ReviewStore>,
        favorites: Arc<dyn FavoriteStore>,
        groups: Arc<dyn GroupStore>,
        preferences: Arc<dyn ShowtimePreferenceStore>,
        parties: Arc<dyn WatchPartyStore>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            users,
            reviews,
            favorites,
            groups,
            preferences,
            parties,
            clock,
        }
    }

    /// # Errors
    /// 404 `user_not_found`; `Internal` when a store fails.
    pub async fn export_user(&self, id: UserId) -> Result<UserExport, Error> {
        let exported_at = self.clock.now();
        let user = self
            .users
            .find_user(id)
            .await?
            .ok_or_else(|| Error::not_found(ErrorCode::UserNotFound, "User not found."))?;
        let stats = self.users.user_stats(id).await?;
        let activity = all_pages(|page| async move {
            let found = self.reviews.user_activity(id, page, Some(id)).await?;
            // Deleted between the two reads: nothing more to export.
            Ok(found.unwrap_or(Paged {
                items: Vec::new(),
                total: 0,
                limit: page.limit,
                offset: page.offset,
            }))
        })
        .await?;
        let favorites = all_pages(|page| {
            self.favorites
                .list_favorites(FavoriteList::Favorites(id), page)
        })
        .await?;
        let watchlist = all_pages(|page| {
            self.favorites
                .list_favorites(FavoriteList::Watchlist(id), page)
        })
        .await?;
        let mine = GroupFilter::OfUser {
            user: id,
            private: PrivateGroups::All,
        };
        let groups = all_pages(|page| self.groups.list_groups(&mine, Some(id), page)).await?;
        let showtime_preferences = self.preferences.showtime_preferences(id).await?;
        let about_them = ModerationFilter {
            target_user: Some(id),
            ..ModerationFilter::default()
        };
        let moderation =
            all_pages(|page| self.users.list_moderation_log(&about_them, page)).await?;
        let watch_parties = self.parties.person_parties(id).await?;
        Ok(UserExport {
            exported_at,
            user,
            stats,
            activity,
            favorites,
            watchlist,
            groups,
            showtime_preferences,
            moderation,
            watch_parties,
        })
    }
}

/// Every item of a paged list, page after page until the store has no more.
async fn all_pages<T, F, Fut>(mut read: F) -> Result<Vec<T>, StoreError>
where
    F: FnMut(PageRequest) -> Fut,
    Fut: Future<Output = Result<Paged<T>, StoreError>>,
{
    let mut items = Vec::new();
    loop {
        let page = PageRequest {
            limit: EXPORT_PAGE,
            offset: items.len() as i64,
        };
        let found = read(page).await?;
        let fetched = found.items.len();
        items.extend(found.items);
        if fetched == 0 || items.len() as i64 >= found.total {
            return Ok(items);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::domain::user::UserStats;
    use crate::ids::MovieId;
    use crate::ports::clock::MockClock;
    use crate::ports::favorite_store::MockFavoriteStore;
    use crate::ports::group_store::MockGroupStore;
    use crate::ports::review_store::MockReviewStore;
    use crate::ports::showtime_preferences::MockShowtimePreferenceStore;
    use crate::ports::user_store::MockUserStore;
    use crate::ports::watch_party_store::MockWatchPartyStore;
    use crate::use_cases::favorites::testing::favorite;
    use crate::use_cases::test_support::{now, user};

    fn empty<T>(page: PageRequest) -> Paged<T> {
        Paged {
            items: Vec::new(),
            total: 0,
            limit: page.limit,
            offset: page.offset,
        }
    }

    fn personal_data(users: MockUserStore, favorites: MockFavoriteStore) -> PersonalData {
        let mut reviews = MockReviewStore::new();
        reviews
            .expect_user_activity()
            .returning(|_, page, _| Ok(Some(empty(page))));
        let mut groups = MockGroupStore::new();
        groups
            .expect_list_groups()
            .returning(|_, _, page| Ok(empty(page)));
        let mut preferences = MockShowtimePreferenceStore::new();
        preferences
            .expect_showtime_preferences()
            .returning(|_| Ok(None));
        let mut parties = MockWatchPartyStore::new();
        parties
            .expect_person_parties()
            .returning(|_| Ok(Vec::new()));
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        PersonalData::new(
            Arc::new(users),
            Arc::new(reviews),
            Arc::new(favorites),
            Arc::new(groups),
            Arc::new(preferences),
            Arc::new(parties),
            Arc::new(clock),
        )
    }

    #[tokio::test]
    async fn an_unknown_user_has_nothing_to_export() {
        let mut users = MockUserStore::new();
        users.expect_find_user().returning(|_| Ok(None));
        let export = personal_data(users, MockFavoriteStore::new());
        let err = export.export_user(UserId(9)).await.expect_err("404");
        assert_eq!(err.code(), "user_not_found");
    }

    #[tokio::test]
    async fn a_long_watchlist_is_exported_whole_across_pages() {
        let mut users = MockUserStore::new();
        users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "Maija", "pw"))));
        users.expect_user_stats().returning(|_| {
            Ok(UserStats {
                review_count: 0,
                rating_sum: 0,
                total_likes: 0,
                total_dislikes: 0,
            })
        });
        users
            .expect_list_moderation_log()
            .returning(|_, page| Ok(empty(page)));
        let asked = Arc::new(Mutex::new(Vec::new()));
        let mut favorites = MockFavoriteStore::new();
        let seen = asked.clone();
        favorites
            .expect_list_favorites()
            .returning(move |list, page| {
                let FavoriteList::Watchlist(owner) = list else {
                    return Ok(empty(page));
                };
                seen.lock().expect("not poisoned").push(page.offset);
                let total = 150;
                let items = (page.offset..total.min(page.offset + page.limit))
                    .map(|n| favorite(n, FavoriteList::Watchlist(owner), 1000 + n))
                    .collect();
                Ok(Paged {
                    items,
                    total,
                    limit: page.limit,
                    offset: page.offset,
                })
            });
        let export = personal_data(users, favorites)
            .export_user(UserId(7))
            .await
            .expect("exported");
        assert_eq!(export.watchlist.len(), 150);
        assert_eq!(export.watchlist[149].movie_id, MovieId(1149));
        assert!(export.favorites.is_empty());
        assert_eq!(*asked.lock().expect("not poisoned"), vec![0, 100]);
        assert_eq!(export.user.username, "Maija");
    }
}
