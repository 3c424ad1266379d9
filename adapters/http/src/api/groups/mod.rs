//! `/groups`: movie groups, their members, join requests, roles and moderation log
//! (API.md, Groups). The objects are in [`objects`]; the operations on groups
//! themselves (create, read, edit, delete, lists) in [`GroupsApi`], those on
//! memberships (join, leave, requests, roles, transfer, log) in [`GroupMembersApi`].

mod crud;
mod members;
pub mod objects;

pub use crud::{DeletedResponse, GroupsApi};
pub use members::GroupMembersApi;
