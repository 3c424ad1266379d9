//! Rate limits of the actions an anonymous client can repeat at will (logging in,
//! registering): at most `max` attempts per client within a fixed window of time.
//!
//! Fixed windows (aligned to the Unix epoch) need one counter per client and window, so
//! that several server processes can share them in the database with one atomic
//! increment; a client can at worst spend `2 × max` attempts across a window boundary.

use chrono::{DateTime, Duration, Utc};

/// What a limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LimitedAction {
    /// Login attempts per client address, whatever the email (password spraying).
    Login,
    /// Registrations per client address.
    Register,
}

impl LimitedAction {
    /// The name the ledger files the counts under.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::Register => "register",
        }
    }
}

/// At most `max` attempts per window of `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    max: u32,
    window_secs: u32,
}

/// The longest window a limit may have (a day): longer ones would keep counters for a
/// long time and lock people out for as long.
const MAX_WINDOW_SECS: u32 = 24 * 60 * 60;

impl RateLimit {
    /// `max` attempts per `window_secs` seconds.
    ///
    /// # Errors
    /// A message when `max` is 0 or the window is not 1 second to 1 day.
    pub fn new(max: u32, window_secs: u32) -> Result<Self, String> {
        if max == 0 {
            return Err("the number of attempts must be at least 1".to_owned());
        }
        if !(1..=MAX_WINDOW_SECS).contains(&window_secs) {
            return Err("the window must be 1s to 24h".to_owned());
        }
        Ok(Self { max, window_secs })
    }

    /// Parses `COUNT/WINDOW`, the window in seconds or with a unit `s`, `m` or `h`:
    /// `30/10m`, `10/1h`, `5/90`.
    ///
    /// # Errors
    /// A message naming the expected shape.
    pub fn parse(text: &str) -> Result<Self, String> {
        let shape = || format!("`{text}` is not COUNT/WINDOW (e.g. 30/10m, 10/1h, 5/90s)");
        let (count, window) = text.trim().split_once('/').ok_or_else(shape)?;
        let max: u32 = count.trim().parse().map_err(|_| shape())?;
        let window = window.trim();
        let (number, unit) = match window.char_indices().last() {
            Some((at, unit @ ('s' | 'm' | 'h'))) => (&window[..at], unit),
            _ => (window, 's'),
        };
        let number: u32 = number.parse().map_err(|_| shape())?;
        let seconds = match unit {
            'h' => number.checked_mul(3600),
            'm' => number.checked_mul(60),
            _ => Some(number),
        }
        .ok_or_else(shape)?;
        Self::new(max, seconds)
    }

    pub const fn max(self) -> u32 {
        self.max
    }

    pub fn window(self) -> Duration {
        Duration::seconds(i64::from(self.window_secs))
    }

    /// When the window holding `now` began.
    pub fn window_start(self, now: DateTime<Utc>) -> DateTime<Utc> {
        let seconds = now.timestamp();
        let start = seconds - seconds.rem_euclid(i64::from(self.window_secs));
        DateTime::from_timestamp(start, 0).unwrap_or(now)
    }

    /// Whole seconds from `now` until the next window begins (at least 1).
    pub fn seconds_to_next_window(self, now: DateTime<Utc>) -> u64 {
        retry_after_secs(self.window_start(now) + self.window() - now)
    }

    /// Whether the `count`-th attempt of a window is within the limit.
    pub const fn allows(self, count: u32) -> bool {
        count <= self.max
    }
}

impl std::fmt::Display for RateLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}s", self.max, self.window_secs)
    }
}

/// A wait as a `Retry-After`: whole seconds, rounded up and at least one (a `Retry-After`
/// of 0 would invite a retry that is still refused).
pub fn retry_after_secs(wait: Duration) -> u64 {
    let millis = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
    millis.div_ceil(1000).max(1)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn the_wait_rounds_up_to_whole_seconds_and_is_never_zero() {
        for (wait, secs) in [
            (Duration::seconds(900), 900),
            (Duration::milliseconds(299_001), 300),
            (Duration::milliseconds(1), 1),
            (Duration::zero(), 1),
        ] {
            assert_eq!(retry_after_secs(wait), secs, "{wait:?}");
        }
    }

    #[test]
    fn limits_parse_from_count_and_window() {
        for (text, max, secs) in [
            ("30/10m", 30, 600),
            ("10/1h", 10, 3600),
            (" 5 / 90 ", 5, 90),
            ("5/90s", 5, 90),
            ("1/24h", 1, 86_400),
        ] {
            let limit = RateLimit::parse(text).unwrap();
            assert_eq!(
                (limit.max(), limit.window().num_seconds()),
                (max, secs),
                "{text}"
            );
        }
        for bad in [
            "", "30", "0/1m", "30/0", "30/25h", "x/1m", "30/1d", "30/m", "-1/1m",
        ] {
            assert!(RateLimit::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn windows_align_to_the_epoch_and_tell_how_long_is_left() {
        let limit = RateLimit::parse("3/10m").unwrap();
        let at = |h, m, s| {
            Utc.with_ymd_and_hms(2026, 11, 20, h, m, s)
                .single()
                .unwrap()
        };
        assert_eq!(limit.window_start(at(12, 7, 30)), at(12, 0, 0));
        assert_eq!(limit.window_start(at(12, 10, 0)), at(12, 10, 0));
        assert_eq!(limit.seconds_to_next_window(at(12, 7, 30)), 150);
        assert_eq!(limit.seconds_to_next_window(at(12, 0, 0)), 600);
        let almost = at(12, 9, 59) + Duration::milliseconds(999);
        assert_eq!(limit.seconds_to_next_window(almost), 1);
    }

    #[test]
    fn the_count_may_reach_the_maximum_but_not_pass_it() {
        let limit = RateLimit::new(3, 60).unwrap();
        assert!(limit.allows(1));
        assert!(limit.allows(3));
        assert!(!limit.allows(4));
    }
}
