//! Use cases: one user action each, driving the ports.
//!
//! Accounts: [`Accounts`] holds the ports; each action lives in its own file as an
//! `impl Accounts` block (`register_user`, `login_user`, `authenticate`, `get_profile`,
//! `update_profile`, `delete_account`, `moderate_user`). Movies: [`Movies`] likewise
//! (`search_movies`, `discover_movies`, `popular_movies`, `list_genres`, `movie_details`,
//! `match_title_year`, `demo_poster`).

pub mod accounts;
pub mod add_favorite;
pub mod authenticate;
pub mod delete_account;
pub mod demo_poster;
pub mod discover_movies;
pub mod favorite_status;
pub mod favorites;
pub mod get_profile;
pub mod leaderboards;
pub mod list_favorites;
pub mod list_genres;
pub mod login_user;
pub mod match_title_year;
pub mod moderate_user;
pub mod movie_details;
pub mod movies;
pub mod popular_movies;
pub mod react_to_review;
pub mod read_reviews;
pub mod register_user;
pub mod remove_favorite;
pub mod reviews;
pub mod search_movies;
pub mod update_profile;
pub mod update_review;
pub mod write_review;

#[cfg(test)]
pub(crate) mod test_support;

pub use accounts::{Accounts, Session};
pub use add_favorite::{AddFavorite, AddedFavorite};
pub use favorites::Favorites;
pub use movies::Movies;
pub use react_to_review::Reacted;
pub use read_reviews::{ListPage, MovieReviews};
pub use reviews::Reviews;
pub use update_profile::{ProfileUpdate, UpdateProfile};
