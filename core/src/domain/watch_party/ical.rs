//! Watch parties as iCalendar (RFC 5545), written by hand: one `VEVENT` per party in
//! Europe/Helsinki time with the zone's `VTIMEZONE`, lines ended by CRLF and folded at 75
//! octets, TEXT values escaped. Used for a party's `.ics` download and a group's feed.

use chrono::{DateTime, Utc};

use crate::domain::showtime::helsinki;

use super::{PartyStatus, WatchParty};

const PRODID: &str = "-//Leffaseura//Watch parties//EN";
const TZID: &str = "Europe/Helsinki";
/// RFC 5545 §3.1: lines longer than this many octets are folded.
const LINE_OCTETS: usize = 75;

/// Finland's rule since 1996 (the EU's): summer time from the last Sunday of March 03:00
/// to the last Sunday of October 04:00 local time — the same switch
/// [`helsinki`] computes.
const VTIMEZONE: [&str; 16] = [
    "BEGIN:VTIMEZONE",
    "TZID:Europe/Helsinki",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0300",
    "TZNAME:EEST",
    "DTSTART:19960331T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:+0300",
    "TZOFFSETTO:+0200",
    "TZNAME:EET",
    "DTSTART:19961027T040000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
];

/// A TEXT value with `\`, `;`, `,` and newlines escaped (§3.3.11); other control
/// characters are dropped.
pub fn escape_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                if chars.peek() != Some(&'\n') {
                    out.push_str("\\n");
                }
            }
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line, folded so that no line exceeds 75 octets (never inside a UTF-8
/// character), each line ended by CRLF.
fn push_line(out: &mut String, line: &str) {
    let mut used = 0;
    for c in line.chars() {
        let len = c.len_utf8();
        if used + len > LINE_OCTETS {
            out.push_str("\r\n ");
            // The leading space of a continuation line counts.
            used = 1;
        }
        out.push(c);
        used += len;
    }
    out.push_str("\r\n");
}

fn utc_stamp(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

fn local_stamp(at: DateTime<Utc>) -> String {
    helsinki::to_local(at).format("%Y%m%dT%H%M%S").to_string()
}

fn status(party: &WatchParty) -> &'static str {
    match party.status {
        PartyStatus::Proposed => "TENTATIVE",
        PartyStatus::Scheduled => "CONFIRMED",
        PartyStatus::Cancelled => "CANCELLED",
    }
}

fn push_event(out: &mut String, party: &WatchParty, host: &str) {
    let show = &party.show;
    let mut description = party.note.clone();
    if party.status == PartyStatus::Cancelled {
        let reason = party.cancel_reason.as_deref().unwrap_or("").trim();
        let line = if reason.is_empty() {
            "Cancelled.".to_owned()
        } else {
            format!("Cancelled: {reason}")
        };
        description = if description.is_empty() {
            line
        } else {
            format!("{line}\n\n{description}")
        };
    }
    let location = format!("{}, {}", show.theatre, show.auditorium);
    let lines = [
        "BEGIN:VEVENT".to_owned(),
        format!("UID:watch-party-{}@{}", party.id, host),
        format!("DTSTAMP:{}", utc_stamp(party.updated_at)),
        format!("CREATED:{}", utc_stamp(party.created_at)),
        format!("LAST-MODIFIED:{}", utc_stamp(party.updated_at)),
        format!("SEQUENCE:{}", party.version.max(0)),
        format!("DTSTART;TZID={TZID}:{}", local_stamp(show.start)),
        format!("DTEND;TZID={TZID}:{}", local_stamp(show.end())),
        format!(
            "SUMMARY:{}",
            escape_text(&format!("{} – {}", show.title, party.group_name))
        ),
        format!("LOCATION:{}", escape_text(&location)),
        format!("STATUS:{}", status(party)),
    ];
    for line in lines {
        push_line(out, &line);
    }
    if !description.is_empty() {
        push_line(out, &format!("DESCRIPTION:{}", escape_text(&description)));
    }
    if let Some(url) = &show.ticket_url {
        // A URI value, not TEXT: no escaping (the domain allows no whitespace in it).
        push_line(out, &format!("URL:{url}"));
    }
    push_line(out, "END:VEVENT");
}

/// A calendar of `parties`; `name` (the group's) becomes the feed's display name.
/// `host` makes the event UIDs globally unique.
pub fn calendar(name: Option<&str>, parties: &[WatchParty], host: &str) -> String {
    let mut out = String::new();
    push_line(&mut out, "BEGIN:VCALENDAR");
    push_line(&mut out, "VERSION:2.0");
    push_line(&mut out, &format!("PRODID:{PRODID}"));
    push_line(&mut out, "CALSCALE:GREGORIAN");
    push_line(&mut out, "METHOD:PUBLISH");
    if let Some(name) = name {
        push_line(&mut out, &format!("X-WR-CALNAME:{}", escape_text(name)));
    }
    push_line(&mut out, &format!("X-WR-TIMEZONE:{TZID}"));
    for line in VTIMEZONE {
        push_line(&mut out, line);
    }
    push_line(&mut out, "END:VTIMEZONE");
    for party in parties {
        push_event(&mut out, party, host);
    }
    push_line(&mut out, "END:VCALENDAR");
    out
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::domain::watch_party::testing::party;

    #[test]
    fn text_values_escape_commas_semicolons_backslashes_and_newlines() {
        assert_eq!(
            escape_text("a,b;c\\d\ne\r\nf\rg\u{7}"),
            "a\\,b\\;c\\\\d\\ne\\nf\\ng"
        );
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_characters() {
        let mut out = String::new();
        let line = format!("DESCRIPTION:{}", "ä".repeat(100));
        push_line(&mut out, &line);
        for physical in out.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(physical.len() <= LINE_OCTETS, "{} octets", physical.len());
        }
        let unfolded = out.trim_end_matches("\r\n").replace("\r\n ", "");
        assert_eq!(unfolded, line);
    }

    #[test]
    fn an_event_in_helsinki_time_with_the_theatre_and_the_ticket_link() {
        let mut p = party(42, PartyStatus::Scheduled, 2);
        // 17:30 UTC in November is 19:30 in Helsinki (EET).
        p.show.start = Utc.with_ymd_and_hms(2026, 11, 27, 17, 30, 0).unwrap();
        p.show.length_minutes = Some(148);
        p.note = "Lobby, 19:00; bring cash".into();
        let ics = calendar(Some("Noir"), &[p], "leffaseura.test");
        assert!(ics.ends_with("END:VCALENDAR\r\n"));
        assert!(!ics.replace("\r\n", "").contains('\n'));
        for expected in [
            "UID:watch-party-42@leffaseura.test\r\n",
            "DTSTART;TZID=Europe/Helsinki:20261127T193000\r\n",
            "DTEND;TZID=Europe/Helsinki:20261127T215800\r\n",
            "LOCATION:Tennispalatsi\\, Helsinki\\, sali 7\r\n",
            "URL:https://www.finnkino.fi/websales/show/1001/\r\n",
            "DESCRIPTION:Lobby\\, 19:00\\; bring cash\r\n",
            "STATUS:CONFIRMED\r\n",
            "X-WR-CALNAME:Noir\r\n",
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Helsinki\r\n",
        ] {
            assert!(ics.contains(expected), "{expected:?} missing in\n{ics}");
        }
    }

    #[test]
    fn summer_shows_are_three_hours_ahead_and_cancelled_ones_say_why() {
        let mut p = party(7, PartyStatus::Cancelled, 2);
        p.show.start = Utc.with_ymd_and_hms(2027, 6, 4, 15, 0, 0).unwrap();
        p.show.length_minutes = None;
        p.cancel_reason = Some("Sold out".into());
        p.note = String::new();
        let ics = calendar(None, &[p], "h");
        assert!(ics.contains("DTSTART;TZID=Europe/Helsinki:20270604T180000\r\n"));
        assert!(ics.contains("DTEND;TZID=Europe/Helsinki:20270604T200000\r\n"));
        assert!(ics.contains("STATUS:CANCELLED\r\n"));
        assert!(ics.contains("DESCRIPTION:Cancelled: Sold out\r\n"));
        assert!(!ics.contains("X-WR-CALNAME"));
    }
}
