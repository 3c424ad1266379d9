//! Typed identifiers, so a user id can never be passed where a group id is expected.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<i64> for $name {
            fn from(value: i64) -> Self {
                Self(value)
            }
        }
    };
}

id_type!(
    /// A registered user.
    UserId
);
id_type!(
    /// A movie group.
    GroupId
);
id_type!(
    /// A review.
    ReviewId
);
id_type!(
    /// A user's report of a review, group or user.
    ReportId
);
id_type!(
    /// A movie, identified by its TMDB id.
    MovieId
);
id_type!(
    /// A group's watch party: a planned visit to one cinema show.
    PartyId
);
