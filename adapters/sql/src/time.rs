//! Timestamps are stored as Unix epoch milliseconds (`BIGINT`) because `Any` cannot carry
//! chrono types; these convert at the edge.

use chrono::{DateTime, Utc};
use leffaseura_core::StoreError;

/// Milliseconds since the Unix epoch.
pub fn to_millis(at: DateTime<Utc>) -> i64 {
    at.timestamp_millis()
}

/// The instant `millis` milliseconds after the Unix epoch.
///
/// # Errors
/// `Backend` when the stored value is out of chrono's range (a corrupt row).
pub fn from_millis(millis: i64) -> Result<DateTime<Utc>, StoreError> {
    DateTime::from_timestamp_millis(millis)
        .ok_or_else(|| StoreError::Backend(format!("timestamp out of range: {millis}").into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn millisecond_timestamps_round_trip() {
        let at = DateTime::from_timestamp_millis(1_760_465_000_123).unwrap();
        assert_eq!(from_millis(to_millis(at)).unwrap(), at);
        assert!(from_millis(i64::MAX).is_err());
    }
}
