//! Use cases: one user action each, driving the ports.
//!
//! Accounts: [`Accounts`] holds the ports; each action lives in its own file as an
//! `impl Accounts` block (`register_user`, `login_user`, `authenticate`, `get_profile`,
//! `update_profile`, `delete_account`, `moderate_user`). Movies: [`Movies`] likewise
//! (`search_movies`, `discover_movies`, `popular_movies`, `list_genres`, `movie_details`,
//! `match_title_year`, `demo_poster`).
//! Groups: [`Groups`] likewise (see [`groups`] for the list of its actions and how
//! their writes stay correct under concurrency). Showtimes: [`Showtimes`] likewise (see
//! [`showtimes`]).

pub mod accounts;
pub mod add_favorite;
pub mod admin_groups;
pub mod admin_reviews;
pub mod approve_request;
pub mod authenticate;
pub mod change_role;
pub mod create_group;
pub mod decline_request;
pub mod delete_account;
pub mod delete_group;
pub mod demo_poster;
pub mod discover_movies;
pub mod enrich_shows;
pub mod export_user;
pub mod favorite_status;
pub mod favorites;
pub mod file_report;
pub mod get_group;
pub mod get_profile;
pub mod group_modlog;
pub mod groups;
pub mod import_worker;
pub mod imports;
pub mod in_theaters;
pub mod join_group;
pub mod leaderboards;
pub mod leave_group;
pub mod list_events;
pub mod list_favorites;
pub mod list_genres;
pub mod list_groups;
pub mod list_members;
pub mod list_theatre_areas;
pub mod log_in;
pub mod login_user;
pub mod match_title_year;
pub mod moderate_user;
pub mod moderation_log;
pub mod movie_details;
pub mod movies;
pub mod party_actions;
pub mod party_calendar;
pub mod pending_requests;
pub mod popular_movies;
pub mod rate_limits;
pub mod react_to_review;
pub mod read_reviews;
pub mod register_user;
pub mod remove_favorite;
pub mod remove_member;
pub mod reports;
pub mod request_to_join;
pub mod resolve_report;
pub mod reviews;
pub mod search_movies;
pub mod set_site_role;
pub mod show_schedule;
pub mod showtime_preferences;
pub mod showtimes;
pub mod showtimes_for_movie;
pub mod site_stats;
pub mod transfer_ownership;
pub mod update_group;
pub mod update_profile;
pub mod update_review;
pub mod watch_parties;
pub mod watchlist_showtimes;
pub mod withdraw_request;
pub mod write_review;

#[cfg(test)]
mod group_matrix;
#[cfg(test)]
pub(crate) mod test_support;

pub use accounts::{Accounts, Session};
pub use add_favorite::{AddFavorite, AddedFavorite};
pub use admin_groups::{AdminGroupView, AdminRemoval};
pub use admin_reviews::ReviewFilter;
pub use create_group::CreateGroup;
pub use export_user::{PersonalData, UserExport};
pub use favorites::Favorites;
pub use groups::{GroupView, Groups, MembershipOutcome};
pub use import_worker::WorkDone;
pub use imports::Imports;
pub use in_theaters::InTheater;
pub use log_in::Logins;
pub use movies::Movies;
pub use party_actions::PlanParty;
pub use rate_limits::{RateLimitSettings, RateLimits};
pub use react_to_review::Reacted;
pub use read_reviews::{ListPage, MovieReviews};
pub use reports::Reports;
pub use resolve_report::{Moderation, ReportAction, ResolvedReport};
pub use reviews::Reviews;
pub use show_schedule::ScheduleRequest;
pub use showtimes::{ShowtimePorts, Showtimes};
pub use update_group::UpdateGroup;
pub use update_profile::{ProfileUpdate, UpdateProfile};
pub use watch_parties::{PartyView, WatchParties};
pub use watchlist_showtimes::WatchlistShowing;
