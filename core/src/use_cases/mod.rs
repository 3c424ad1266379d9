//! Use cases: one user action each, driving the ports.
//!
//! Accounts: [`Accounts`] holds the ports; each action lives in its own file as an
//! `impl Accounts` block (`register_user`, `login_user`, `authenticate`, `get_profile`,
//! `update_profile`, `delete_account`, `moderate_user`).

pub mod accounts;
pub mod authenticate;
pub mod delete_account;
pub mod get_profile;
pub mod login_user;
pub mod moderate_user;
pub mod register_user;
pub mod update_profile;

#[cfg(test)]
pub(crate) mod test_support;

pub use accounts::{Accounts, Session};
pub use update_profile::{ProfileUpdate, UpdateProfile};
