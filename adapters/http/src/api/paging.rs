//! The paging glue of the list operations: the window fields every list answers with,
//! and the `limit`/`offset`/`cursor` query parameters as the use cases take them (the
//! checks themselves are core's `PageRequest` and `ReviewWindow`).

use crate::api::matching::{Matching, ReviewCursor};
use poem_openapi::param::Query;
use poem_openapi::Object;

use leffaseura_core::domain::paging::Paged;
use leffaseura_core::domain::review::ReviewPage;
use leffaseura_core::use_cases::ListPage;

/// Where a window of a list lies in the whole list; flattened into each list's own
/// pagination object.
#[derive(Object, serde::Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PageWindow {
    /// Items in the whole list.
    pub total: i64,
    pub limit: i64,
    /// Items skipped before this window.
    pub offset: i64,
    /// Whether items follow this window.
    #[oai(rename = "hasMore")]
    #[serde(rename = "hasMore")]
    pub has_more: bool,
}

impl<T> From<&Paged<T>> for PageWindow {
    fn from(page: &Paged<T>) -> Self {
        Self {
            total: page.total,
            limit: page.limit,
            offset: page.offset,
            has_more: page.has_more(),
        }
    }
}

impl From<&ReviewPage> for PageWindow {
    fn from(page: &ReviewPage) -> Self {
        Self {
            total: page.total,
            limit: page.limit,
            offset: page.offset,
            has_more: page.has_more,
        }
    }
}

/// The `limit`, `offset` and `cursor` query parameters of a list, as the use cases
/// take them.
pub fn list_page<'a>(
    limit: &Query<Option<i64>>,
    offset: &Query<Option<i64>>,
    cursor: &'a Query<Option<Matching<ReviewCursor>>>,
) -> ListPage<'a> {
    ListPage {
        limit: limit.0,
        offset: offset.0,
        cursor: cursor.0.as_deref(),
    }
}
