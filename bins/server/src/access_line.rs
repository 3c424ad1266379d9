//! The access log's line (one per request) written directly, in the same shape as
//! tracing-subscriber's own formats: their general-purpose formatting (the timestamp, the
//! ANSI styles, each field through `core::fmt`) took a tenth of a cached read's CPU.
//! Every other event goes to the standard format.

use std::fmt::{self, Write as _};
use std::time::{SystemTime, UNIX_EPOCH};

use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

use leffaseura_http::middleware::ACCESS_LOG_TARGET;

/// Formats access-log events as plain text or JSON, and hands the rest to `other`.
pub struct AccessLines<F> {
    pub other: F,
    pub json: bool,
}

impl<S, N, F> FormatEvent<S, N> for AccessLines<F>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
    F: FormatEvent<S, N>,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        if event.metadata().target() != ACCESS_LOG_TARGET {
            return self.other.format_event(ctx, writer, event);
        }
        let mut fields = AccessFields::default();
        event.record(&mut fields);
        let mut line = String::with_capacity(160);
        let level = event.metadata().level().as_str();
        if self.json {
            fields.write_json(&mut line, level);
        } else {
            fields.write_text(&mut line, level);
        }
        writer.write_str(&line)
    }
}

/// The fields the access log records (`tracing::info!(target: "access", …)` in the HTTP
/// adapter); others are left out.
#[derive(Default)]
struct AccessFields {
    message: String,
    method: String,
    path: String,
    status: u64,
    latency_ms: f64,
}

impl Visit for AccessFields {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "method" => value.clone_into(&mut self.method),
            "path" => value.clone_into(&mut self.path),
            "message" => value.clone_into(&mut self.message),
            _ => {}
        }
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        if field.name() == "status" {
            self.status = value;
        }
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        if field.name() == "latency_ms" {
            self.latency_ms = value;
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        let text = format!("{value:?}");
        self.record_str(field, &text);
    }
}

impl AccessFields {
    /// `2026-12-07T02:36:11.655955Z  INFO access: request method=GET path=/ status=200 latency_ms=0.274`
    fn write_text(&self, line: &mut String, level: &str) {
        push_timestamp(line, SystemTime::now());
        line.push_str(if level.len() < 5 { "  " } else { " " });
        line.push_str(level);
        line.push(' ');
        line.push_str(ACCESS_LOG_TARGET);
        line.push_str(": ");
        line.push_str(&self.message);
        line.push_str(" method=");
        line.push_str(&self.method);
        line.push_str(" path=");
        line.push_str(&self.path);
        line.push_str(" status=");
        push_number(line, self.status);
        line.push_str(" latency_ms=");
        push_millis(line, self.latency_ms);
        line.push('\n');
    }

    /// The line tracing-subscriber's JSON format writes for the same event.
    fn write_json(&self, line: &mut String, level: &str) {
        line.push_str("{\"timestamp\":\"");
        push_timestamp(line, SystemTime::now());
        line.push_str("\",\"level\":\"");
        line.push_str(level);
        line.push_str("\",\"fields\":{\"message\":");
        push_json_string(line, &self.message);
        line.push_str(",\"method\":");
        push_json_string(line, &self.method);
        line.push_str(",\"path\":");
        push_json_string(line, &self.path);
        line.push_str(",\"status\":");
        push_number(line, self.status);
        line.push_str(",\"latency_ms\":");
        push_millis(line, self.latency_ms);
        line.push_str("},\"target\":\"");
        line.push_str(ACCESS_LOG_TARGET);
        line.push_str("\"}\n");
    }
}

fn push_number(line: &mut String, value: u64) {
    push_padded(line, value, 1);
}

/// `value` zero-padded to `width` digits (at most 20, `u64::MAX`'s).
fn push_padded(line: &mut String, mut value: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    for slot in digits.iter_mut().rev() {
        // The remainder is below 10: a digit.
        #[allow(clippy::cast_possible_truncation)]
        let digit = (value % 10) as u8;
        *slot = b'0' + digit;
        start -= 1;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    let start = start.min(digits.len().saturating_sub(width));
    line.push_str(std::str::from_utf8(digits.get(start..).unwrap_or_default()).unwrap_or_default());
}

/// Milliseconds with three decimals (`0.274`): a microsecond is finer than the clock's
/// use here.
fn push_millis(line: &mut String, millis: f64) {
    let micros = (millis.max(0.0) * 1000.0).round();
    // Finite and non-negative; a latency past u64's range is not a real one.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let micros = micros as u64;
    push_number(line, micros / 1000);
    line.push('.');
    push_padded(line, micros % 1000, 3);
}

/// RFC 3339 in UTC with microseconds, as tracing-subscriber writes it.
fn push_timestamp(line: &mut String, now: SystemTime) {
    let since_epoch = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let seconds = since_epoch.as_secs();
    let (year, month, day) = civil_date(seconds / 86_400);
    let of_day = seconds % 86_400;
    push_padded(line, year, 4);
    line.push('-');
    push_padded(line, month, 2);
    line.push('-');
    push_padded(line, day, 2);
    line.push('T');
    push_padded(line, of_day / 3600, 2);
    line.push(':');
    push_padded(line, of_day / 60 % 60, 2);
    line.push(':');
    push_padded(line, of_day % 60, 2);
    line.push('.');
    push_padded(line, u64::from(since_epoch.subsec_micros()), 6);
    line.push('Z');
}

/// The (year, month, day) of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, for days on or after the epoch).
fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

fn push_json_string(line: &mut String, text: &str) {
    line.push('"');
    for c in text.chars() {
        match c {
            '"' => line.push_str("\\\""),
            '\\' => line.push_str("\\\\"),
            '\n' => line.push_str("\\n"),
            '\r' => line.push_str("\\r"),
            '\t' => line.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(line, "\\u{:04x}", u32::from(c));
            }
            c => line.push(c),
        }
    }
    line.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(seconds: u64, micros: u64) -> String {
        let mut line = String::new();
        push_timestamp(
            &mut line,
            UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_micros(micros),
        );
        line
    }

    #[test]
    fn timestamps_are_rfc3339_utc_with_microseconds() {
        assert_eq!(at(0, 0), "1970-01-01T00:00:00.000000Z");
        // Values checked with `date -u -d @<seconds>`.
        assert_eq!(at(951_782_400, 7), "2000-02-29T00:00:00.000007Z");
        assert_eq!(at(1_796_610_971, 655_955), "2026-12-07T02:36:11.655955Z");
        assert_eq!(at(4_107_542_399, 999_999), "2100-02-28T23:59:59.999999Z");
    }

    fn fields() -> AccessFields {
        AccessFields {
            message: "request".to_owned(),
            method: "GET".to_owned(),
            path: "/api/users/\"1\"".to_owned(),
            status: 200,
            latency_ms: 12.274_49,
        }
    }

    #[test]
    fn the_text_line_has_the_standard_format_s_shape() {
        let mut line = String::new();
        fields().write_text(&mut line, "INFO");
        let (timestamp, rest) = line.split_at(27);
        assert!(timestamp.ends_with('Z'), "{line}");
        assert_eq!(
            rest,
            "  INFO access: request method=GET path=/api/users/\"1\" status=200 latency_ms=12.274\n"
        );
    }

    #[test]
    fn the_json_line_is_json_with_the_standard_format_s_fields() {
        let mut line = String::new();
        fields().write_json(&mut line, "INFO");
        let value: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        assert_eq!(value["level"], "INFO");
        assert_eq!(value["target"], "access");
        assert_eq!(value["fields"]["message"], "request");
        assert_eq!(value["fields"]["method"], "GET");
        assert_eq!(value["fields"]["path"], "/api/users/\"1\"");
        assert_eq!(value["fields"]["status"], 200);
        assert_eq!(value["fields"]["latency_ms"], 12.274);
        assert_eq!(value["timestamp"].as_str().map(str::len), Some(27));
    }

    #[test]
    fn numbers_and_millis_are_written_in_full() {
        let mut line = String::new();
        push_number(&mut line, 0);
        line.push(' ');
        push_number(&mut line, u64::MAX);
        line.push(' ');
        push_millis(&mut line, 0.0004);
        line.push(' ');
        push_millis(&mut line, 1500.25);
        assert_eq!(line, "0 18446744073709551615 0.000 1500.250");
    }
}
