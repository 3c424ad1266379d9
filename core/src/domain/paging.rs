//! Paging: offset/limit requests with a capped limit, and pages of results.

use serde::Serialize;

use crate::error::{Error, ErrorCode};

/// An offset/limit window, already checked against a maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: i64,
    pub offset: i64,
}

impl PageRequest {
    /// `limit` defaults to `default` and must be within `1..=max`; `offset` defaults to 0
    /// and must not be negative.
    pub fn new(
        limit: Option<i64>,
        offset: Option<i64>,
        default: i64,
        max: i64,
    ) -> Result<Self, Error> {
        let limit = limit.unwrap_or(default);
        if !(1..=max).contains(&limit) {
            return Err(Error::invalid(
                "limit",
                ErrorCode::InvalidParameter,
                format!("limit must be between 1 and {max}."),
            ));
        }
        let offset = offset.unwrap_or(0);
        if offset < 0 {
            return Err(Error::invalid(
                "offset",
                ErrorCode::InvalidParameter,
                "offset must not be negative.",
            ));
        }
        Ok(Self { limit, offset })
    }

    /// The page with 1-based `number` of `size` items.
    pub fn page(number: i64, size: i64) -> Self {
        let number = number.max(1);
        Self {
            limit: size,
            offset: (number - 1) * size,
        }
    }
}

/// One window of a longer list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Paged<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub limit: i64,
    pub offset: i64,
}

impl<T> Paged<T> {
    pub fn has_more(&self) -> bool {
        self.offset + (self.items.len() as i64) < self.total
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Paged<U> {
        Paged {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
            limit: self.limit,
            offset: self.offset,
        }
    }
}

/// Number of pages needed for `total` items, `size` per page (at least 1).
pub fn total_pages(total: i64, size: i64) -> i64 {
    if size <= 0 {
        return 1;
    }
    ((total + size - 1) / size).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_requests_check_their_bounds() {
        assert_eq!(
            PageRequest::new(None, None, 20, 100).unwrap(),
            PageRequest {
                limit: 20,
                offset: 0
            }
        );
        assert!(PageRequest::new(Some(0), None, 20, 100).is_err());
        assert!(PageRequest::new(Some(101), None, 20, 100).is_err());
        assert!(PageRequest::new(Some(100), Some(-1), 20, 100).is_err());
        assert_eq!(
            PageRequest::page(3, 16),
            PageRequest {
                limit: 16,
                offset: 32
            }
        );
    }

    #[test]
    fn page_counts() {
        for (total, size, pages) in [
            (0, 16, 1),
            (1, 16, 1),
            (16, 16, 1),
            (17, 16, 2),
            (100, 16, 7),
        ] {
            assert_eq!(total_pages(total, size), pages, "{total}/{size}");
        }
    }

    #[test]
    fn has_more_looks_past_the_window() {
        let page = Paged {
            items: vec![1, 2],
            total: 5,
            limit: 2,
            offset: 2,
        };
        assert!(page.has_more());
        let last = Paged {
            items: vec![5],
            total: 5,
            limit: 2,
            offset: 4,
        };
        assert!(!last.has_more());
    }
}
