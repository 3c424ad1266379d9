//! What the handlers run against: the use cases and the ports they need directly.
//! Built once by the binary (or a test) and handed to [`crate::app::build_app`]; handlers
//! read it with `Data<&AppState>`. New resources add their use-case structs here.

use std::sync::Arc;

use leffaseura_core::ports::UserStore;
use leffaseura_core::use_cases::{
    Accounts, Favorites, Groups, Imports, Logins, Movies, PersonalData, RateLimits, Reports,
    Reviews, Showtimes, WatchParties,
};

/// What each request is handed (poem's `.data()` gives every request a clone of it): the
/// services behind one pointer. A clone of [`Services`] itself is 13 `Arc` counts raised and
/// dropped again per request, on counters that both worker threads write.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl From<Services> for AppState {
    fn from(services: Services) -> Self {
        Self(Arc::new(services))
    }
}

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

/// The use cases and ports the handlers call.
pub struct Services {
    /// Registration, login, sessions, profiles.
    pub accounts: Arc<Accounts>,
    /// Logins and registrations per client address, counted in the store (shared by
    /// every server process on it).
    pub rate_limits: Arc<RateLimits>,
    /// Logging in behind both limits on attempts (per address, and failures per address
    /// and email), counted in the store.
    pub logins: Arc<Logins>,
    /// The store, for readiness checks.
    pub users: Arc<dyn UserStore>,
    /// Reviews, reactions, leaderboards.
    pub reviews: Arc<Reviews>,
    /// Watchlists, favorites, group favorites, status lookups.
    pub favorites: Arc<Favorites>,
    /// Groups, memberships, roles, the group moderation log.
    pub groups: Arc<Groups>,
    /// Browsing the movie catalog (TMDB behind the cache, or the offline demo catalog).
    pub movies: Arc<Movies>,
    /// Theatre areas, schedules, events, in-theaters, next shows, showtime preferences.
    pub showtimes: Arc<Showtimes>,
    /// Users' reports of reviews, groups and users.
    pub reports: Arc<Reports>,
    /// Group watch parties, their answers and calendars.
    pub parties: Arc<WatchParties>,
    /// Everything stored about a user, for their self-service export.
    pub personal_data: Arc<PersonalData>,
    /// Letterboxd imports (the background worker runs in the server binary).
    pub imports: Arc<Imports>,
}
