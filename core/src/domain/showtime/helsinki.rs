//! Helsinki wall-clock time without a time-zone database: Finland keeps EET (UTC+2) and,
//! from the last Sunday of March to the last Sunday of October (01:00 UTC both), EEST
//! (UTC+3), the EU rule in force since 1996. Shows are instants; the product presents
//! them, and counts days, in this time.

use chrono::{
    DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveDateTime, Offset, Utc, Weekday,
};

const WINTER_SECS: i32 = 2 * 3600;
const SUMMER_SECS: i32 = 3 * 3600;

fn last_sunday(year: i32, month: u32) -> Option<NaiveDate> {
    // March and October both have 31 days.
    let mut day = NaiveDate::from_ymd_opt(year, month, 31)?;
    while day.weekday() != Weekday::Sun {
        day = day.pred_opt()?;
    }
    Some(day)
}

fn is_summer_time(utc: DateTime<Utc>) -> bool {
    let year = utc.year();
    let (Some(start), Some(end)) = (last_sunday(year, 3), last_sunday(year, 10)) else {
        return false;
    };
    let switch = |day: NaiveDate| day.and_hms_opt(1, 0, 0).map(|t| t.and_utc());
    match (switch(start), switch(end)) {
        (Some(start), Some(end)) => utc >= start && utc < end,
        _ => false,
    }
}

/// Helsinki's offset from UTC at `utc`.
pub fn offset_at(utc: DateTime<Utc>) -> FixedOffset {
    let secs = if is_summer_time(utc) {
        SUMMER_SECS
    } else {
        WINTER_SECS
    };
    FixedOffset::east_opt(secs).unwrap_or_else(|| Utc.fix())
}

/// The Helsinki wall-clock time of an instant.
pub fn to_local(utc: DateTime<Utc>) -> NaiveDateTime {
    utc.with_timezone(&offset_at(utc)).naive_local()
}

/// The instant of a Helsinki wall-clock time. In the autumn's repeated hour the earlier
/// instant is taken; a time in the spring's skipped hour is read as winter time (so it
/// lands just after the switch).
pub fn to_utc(local: NaiveDateTime) -> DateTime<Utc> {
    let summer = (local - Duration::seconds(i64::from(SUMMER_SECS))).and_utc();
    if is_summer_time(summer) {
        return summer;
    }
    (local - Duration::seconds(i64::from(WINTER_SECS))).and_utc()
}

/// The calendar day in Helsinki at `now`.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    to_local(now).date()
}

/// The instant a Helsinki calendar day starts.
pub fn day_start(date: NaiveDate) -> DateTime<Utc> {
    to_utc(date.and_time(chrono::NaiveTime::MIN))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().to_utc()
    }

    fn local(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S").unwrap()
    }

    #[test]
    fn winter_is_plus_two_and_summer_plus_three() {
        // The feed's own pairs: dttmShowStart and dttmShowStartUTC.
        let cases = [
            ("2021-11-12T08:30:00Z", "2021-11-12T10:30:00"),
            ("2018-02-21T08:30:00Z", "2018-02-21T10:30:00"),
            ("2026-07-01T15:00:00Z", "2026-07-01T18:00:00"),
            ("2026-12-31T22:30:00Z", "2027-01-01T00:30:00"),
        ];
        for (instant, wall) in cases {
            assert_eq!(to_local(utc(instant)), local(wall), "{instant}");
            assert_eq!(to_utc(local(wall)), utc(instant), "{wall}");
        }
    }

    #[test]
    fn the_switches_happen_at_one_utc_on_the_last_sundays() {
        // 2026: 29 March and 25 October.
        assert_eq!(
            to_local(utc("2026-03-29T00:59:59Z")),
            local("2026-03-29T02:59:59")
        );
        assert_eq!(
            to_local(utc("2026-03-29T01:00:00Z")),
            local("2026-03-29T04:00:00")
        );
        assert_eq!(
            to_local(utc("2026-10-25T00:59:59Z")),
            local("2026-10-25T03:59:59")
        );
        assert_eq!(
            to_local(utc("2026-10-25T01:00:00Z")),
            local("2026-10-25T03:00:00")
        );
        // The repeated hour: the earlier instant. The skipped hour: after the switch.
        assert_eq!(
            to_utc(local("2026-10-25T03:30:00")),
            utc("2026-10-25T00:30:00Z")
        );
        assert_eq!(
            to_utc(local("2026-03-29T03:30:00")),
            utc("2026-03-29T01:30:00Z")
        );
    }

    #[test]
    fn days_are_counted_in_helsinki() {
        assert_eq!(
            today(utc("2026-11-23T22:30:00Z")),
            NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
        );
        assert_eq!(
            day_start(NaiveDate::from_ymd_opt(2026, 6, 1).unwrap()),
            utc("2026-05-31T21:00:00Z")
        );
    }
}
