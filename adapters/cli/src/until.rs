//! `--until` of `users ban`: a moment, or a length of time from now.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};

/// When a timed ban ends, as typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    At(DateTime<Utc>),
    /// From the moment the command runs.
    After(Duration),
}

impl Until {
    /// The moment this names, counting a length forward from `now`.
    pub fn resolve(self, now: DateTime<Utc>) -> DateTime<Utc> {
        match self {
            Self::At(at) => at,
            Self::After(length) => now + length,
        }
    }

    /// The moment this names, counting a length back from `now` (`--since 7d`).
    pub fn resolve_back(self, now: DateTime<Utc>) -> DateTime<Utc> {
        match self {
            Self::At(at) => at,
            Self::After(length) => now - length,
        }
    }
}

/// The help text of `--until`.
pub const UNTIL_HELP: &str = "End of the ban, after which it lifts itself: a length from now \
(30m, 12h, 7d, 2w, 1d12h) or a time in UTC (2026-12-24, 2026-12-24T18:00, \
2026-12-24T18:00:00Z or any RFC 3339 time); without it the ban is for good";

/// Parses `--until` (clap's value parser: an error is a usage error, exit code 2).
///
/// # Errors
/// A sentence saying what is accepted.
pub fn parse_until(raw: &str) -> Result<Until, String> {
    let value = raw.trim();
    if let Some(length) = parse_length(value) {
        return Ok(Until::After(length));
    }
    if let Ok(at) = DateTime::parse_from_rfc3339(value) {
        return Ok(Until::At(at.with_timezone(&Utc)));
    }
    for format in ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"] {
        if let Ok(at) = NaiveDateTime::parse_from_str(value, format) {
            return Ok(Until::At(at.and_utc()));
        }
    }
    if let Ok(day) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        if let Some(midnight) = day.and_hms_opt(0, 0, 0) {
            return Ok(Until::At(midnight.and_utc()));
        }
    }
    Err(format!(
        "'{value}' is neither a length (30m, 12h, 7d, 2w, 1d12h) nor a time \
         (2026-12-24, 2026-12-24T18:00, 2026-12-24T18:00:00Z)"
    ))
}

/// `7d`, `12h`, `1d12h`, `90s`: numbers each followed by s, m, h, d or w; more than zero
/// in all and at most ten years.
fn parse_length(value: &str) -> Option<Duration> {
    let mut total = Duration::zero();
    let mut digits = String::new();
    for c in value.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let count: i64 = digits.parse().ok()?;
        digits.clear();
        let unit = match c.to_ascii_lowercase() {
            's' => Duration::try_seconds(count),
            'm' => Duration::try_minutes(count),
            'h' => Duration::try_hours(count),
            'd' => Duration::try_days(count),
            'w' => Duration::try_weeks(count),
            _ => None,
        }?;
        total = total.checked_add(&unit)?;
    }
    let ten_years = Duration::days(3653);
    (digits.is_empty() && total > Duration::zero() && total <= ten_years).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
            .single()
            .expect("valid")
    }

    #[test]
    fn lengths_count_from_now() {
        let now = utc(2026, 11, 20, 12, 0);
        for (raw, end) in [
            ("7d", utc(2026, 11, 27, 12, 0)),
            ("2w", utc(2026, 12, 4, 12, 0)),
            ("12h", utc(2026, 11, 21, 0, 0)),
            ("30m", utc(2026, 11, 20, 12, 30)),
            ("1d12h", utc(2026, 11, 22, 0, 0)),
            (" 1D ", utc(2026, 11, 21, 12, 0)),
        ] {
            assert_eq!(parse_until(raw).map(|u| u.resolve(now)), Ok(end), "{raw}");
        }
        assert_eq!(parse_until("90s"), Ok(Until::After(Duration::seconds(90))));
    }

    #[test]
    fn times_are_utc_and_a_bare_date_is_its_midnight() {
        for (raw, at) in [
            ("2026-12-24", utc(2026, 12, 24, 0, 0)),
            ("2026-12-24T18:00", utc(2026, 12, 24, 18, 0)),
            ("2026-12-24 18:00", utc(2026, 12, 24, 18, 0)),
            ("2026-12-24T18:00:00Z", utc(2026, 12, 24, 18, 0)),
            ("2026-12-24T20:00:00+02:00", utc(2026, 12, 24, 18, 0)),
        ] {
            assert_eq!(parse_until(raw), Ok(Until::At(at)), "{raw}");
        }
    }

    #[test]
    fn anything_else_is_refused_with_the_accepted_forms() {
        for bad in [
            "",
            "7",
            "d",
            "7x",
            "-1d",
            "0d",
            "forever",
            "2026-13-01",
            "31.12.2026",
            "99999w",
        ] {
            let err = parse_until(bad).expect_err(bad);
            assert!(err.contains("neither a length"), "{bad}: {err}");
        }
    }
}
