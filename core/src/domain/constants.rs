//! The product's business constants (PRODUCT-SPEC §9, API.md limits) in one place, so
//! the server, the CLI and the generated API docs agree on them. Limits that already live
//! beside their rule (ratings, text lengths, themes, genres) are re-exported here rather
//! than repeated.

use std::time::Duration;

pub use crate::domain::genre::GENRES_MAX;
pub use crate::domain::group::THEMES;
pub use crate::domain::rating::{DEFAULT_RATING, RATING_MAX, RATING_MIN};
pub use crate::domain::text::{DESCRIPTION_MAX, GROUP_NAME_MAX, REVIEW_CONTENT_MAX};

// --- Paging and list sizes -------------------------------------------------------------

/// Movies per page on the browse page.
pub const BROWSE_PAGE_SIZE: i64 = 16;
/// Groups per page on the group browse page (paged in the client).
pub const GROUP_BROWSE_PAGE_SIZE: i64 = 16;
/// Most results the homepage shows for popular movies and for now-playing movies.
pub const HOMEPAGE_MOVIES_MAX: i64 = 100;
/// `GET /groups/popular`: default `limit`.
pub const POPULAR_GROUPS_DEFAULT: i64 = 20;
/// `GET /groups/popular`: largest `limit`.
pub const POPULAR_GROUPS_MAX: i64 = 50;
/// `GET /groups/search` and `GET /groups/by-genres`: default `limit`.
pub const GROUP_SEARCH_DEFAULT: i64 = 20;
/// `GET /groups/search` and `GET /groups/by-genres`: largest `limit` (our choice; the
/// spec gives only the default), the same as for popular groups.
pub const GROUP_SEARCH_MAX: i64 = 50;
/// `GET /groups/user/{userId}/groups`: default `limit` (our choice: a profile lists
/// all of a user's groups at once in the usual case).
pub const USER_GROUPS_DEFAULT: i64 = 50;
/// `GET /groups/user/{userId}/groups`: largest `limit`.
pub const USER_GROUPS_MAX: i64 = 100;
/// `GET /groups/{id}/modlog`: default `limit`.
pub const GROUP_MODLOG_DEFAULT: i64 = 20;
/// `GET /groups/{id}/modlog`: largest `limit`.
pub const GROUP_MODLOG_MAX: i64 = 100;
/// `GET /reviews/recent`: default `limit`.
pub const RECENT_REVIEWS_DEFAULT: i64 = 20;
/// `GET /reviews/recent`: largest `limit`.
pub const RECENT_REVIEWS_MAX: i64 = 50;
/// Review lists (by movie, by user, by group): default `limit`.
pub const REVIEW_LIST_DEFAULT: i64 = 20;
/// Review lists (by movie, by user, by group): largest `limit`.
pub const REVIEW_LIST_MAX: i64 = 100;
/// `GET /reviews/user/{id}/activity`: default `limit`.
pub const ACTIVITY_DEFAULT: i64 = 20;
/// `GET /reviews/user/{id}/activity`: largest `limit`.
pub const ACTIVITY_MAX: i64 = 50;
/// Leaderboards (most active users, popular users by aura): largest `limit`; also the
/// default, since the homepage carousels show the full board.
pub const LEADERBOARD_MAX: i64 = 20;
/// Leaderboards: default `limit`.
pub const LEADERBOARD_DEFAULT: i64 = LEADERBOARD_MAX;
/// Favorites shown in a profile's preview.
pub const FAVORITES_PREVIEW: i64 = 4;
/// Favorites per page on the profile's Favorites tab.
pub const FAVORITES_TAB_PAGE: i64 = 8;
/// Newest reviews shown on the profile's main tab.
pub const PROFILE_NEWEST_REVIEWS: i64 = 2;
/// Members per page in the members dialog.
pub const MEMBER_LIST_PAGE: i64 = 5;
/// Member reviews per page in a group's activity.
pub const GROUP_REVIEWS_PAGE: i64 = 5;
/// Movies per page in a group's favorites grid.
pub const GROUP_FAVORITES_PAGE: i64 = 8;
/// Favorite lists (`GET /favorites/user/…`, `/favorites/group/…`): default `limit`,
/// matching the review lists (our choice; the spec does not say).
pub const FAVORITE_LIST_DEFAULT: i64 = 20;
/// Favorite lists: largest `limit` (our choice, as for review lists).
pub const FAVORITE_LIST_MAX: i64 = 100;
/// Most movie ids one `GET /favorites/status/{ids}` call may ask about.
pub const FAVORITE_STATUS_MAX_IDS: usize = 100;

// --- Display: truncation and collapsing (in characters) --------------------------------

/// Review text is cut here with Read more / Read less.
pub const REVIEW_TRUNCATE: usize = 300;
/// Review text on a "most recent reviews" card.
pub const RECENT_REVIEW_CARD_TRUNCATE: usize = 120;
/// Group name on a group card.
pub const GROUP_CARD_NAME_TRUNCATE: usize = 24;
/// Group description on a group card.
pub const GROUP_CARD_DESCRIPTION_TRUNCATE: usize = 140;
/// Usernames on cards.
pub const USERNAME_TRUNCATE: usize = 16;
/// A group page's description gets Read more / Read less beyond this.
pub const GROUP_DESCRIPTION_READ_MORE: usize = 200;
/// Genre tags on a group page collapse behind Show all / Hide beyond this many.
pub const GENRE_TAGS_COLLAPSE: usize = 8;
/// Narrowest carousel card, in CSS pixels.
pub const CAROUSEL_CARD_MIN_PX: u32 = 200;
/// Widest carousel card, in CSS pixels.
pub const CAROUSEL_CARD_MAX_PX: u32 = 280;

// --- Timing ----------------------------------------------------------------------------

/// How long the client trusts its cached membership hint for a group.
pub const MEMBERSHIP_CACHE: Duration = Duration::from_secs(24 * 60 * 60);
/// How long the homepage data stays cached in the browser's session storage.
pub const HOMEPAGE_CACHE: Duration = Duration::from_secs(30 * 60);
/// Favorite-status lookups wait this long for more ids before calling.
pub const FAVORITE_STATUS_DEBOUNCE: Duration = Duration::from_millis(300);
/// …and are made at most once per this interval.
pub const FAVORITE_STATUS_MIN_INTERVAL: Duration = Duration::from_secs(1);
/// Pause between TMDB lookups when enriching a showtimes schedule (TMDB's rate limit).
pub const SCHEDULE_ENRICH_DELAY: Duration = Duration::from_millis(100);
/// Login and logout dialogs close themselves after this.
pub const AUTH_DIALOG_AUTO_CLOSE: Duration = Duration::from_millis(2000);
/// How long a toast stays by default.
pub const TOAST_DURATION: Duration = Duration::from_millis(2400);
/// How long an info dialog stays.
pub const INFO_DIALOG_DURATION: Duration = Duration::from_millis(2500);

// --- Showtimes -------------------------------------------------------------------------

/// Quick date buttons on the showtimes page: today, tomorrow and the next three days.
pub const SHOWTIME_QUICK_DAYS: u32 = 5;
/// `GET /finnkino/schedule`: most days one query may span (`nrOfDays`).
pub const SCHEDULE_DAYS_MAX: u32 = 14;

// Display cut-offs only make sense below the stored maximums; checked at compile time.
const _: () = assert!(GROUP_CARD_NAME_TRUNCATE < GROUP_NAME_MAX);
const _: () = assert!(REVIEW_TRUNCATE < REVIEW_CONTENT_MAX);
const _: () = assert!(RECENT_REVIEW_CARD_TRUNCATE < REVIEW_TRUNCATE);
const _: () = assert!(GROUP_CARD_DESCRIPTION_TRUNCATE < DESCRIPTION_MAX);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_fit_their_maximums() {
        let limits = [
            ("popular groups", POPULAR_GROUPS_DEFAULT, POPULAR_GROUPS_MAX),
            ("group search", GROUP_SEARCH_DEFAULT, GROUP_SEARCH_MAX),
            ("user groups", USER_GROUPS_DEFAULT, USER_GROUPS_MAX),
            ("group modlog", GROUP_MODLOG_DEFAULT, GROUP_MODLOG_MAX),
            ("recent reviews", RECENT_REVIEWS_DEFAULT, RECENT_REVIEWS_MAX),
            ("review lists", REVIEW_LIST_DEFAULT, REVIEW_LIST_MAX),
            ("leaderboards", LEADERBOARD_DEFAULT, LEADERBOARD_MAX),
            ("favorite lists", FAVORITE_LIST_DEFAULT, FAVORITE_LIST_MAX),
            ("favorites preview", FAVORITES_PREVIEW, FAVORITES_TAB_PAGE),
        ];
        for (name, default, max) in limits {
            assert!(
                (1..=max).contains(&default),
                "{name}: {default} within 1..={max}"
            );
        }
    }

    #[test]
    fn values_match_the_spec() {
        let counts: [(&str, i64, i64); 10] = [
            ("browse page", BROWSE_PAGE_SIZE, 16),
            ("group browse page", GROUP_BROWSE_PAGE_SIZE, 16),
            ("popular groups", POPULAR_GROUPS_DEFAULT, 20),
            ("recent reviews max", RECENT_REVIEWS_MAX, 50),
            ("review list max", REVIEW_LIST_MAX, 100),
            ("leaderboard max", LEADERBOARD_MAX, 20),
            ("profile newest reviews", PROFILE_NEWEST_REVIEWS, 2),
            ("member list page", MEMBER_LIST_PAGE, 5),
            ("group favorites page", GROUP_FAVORITES_PAGE, 8),
            ("default rating", DEFAULT_RATING, 3),
        ];
        for (name, got, want) in counts {
            assert_eq!(got, want, "{name}");
        }
        assert_eq!(MEMBERSHIP_CACHE.as_secs(), 86_400);
        assert_eq!(FAVORITE_STATUS_DEBOUNCE.as_millis(), 300);
        assert_eq!(FAVORITE_STATUS_MAX_IDS, 100);
    }
}
