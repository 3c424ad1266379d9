//! The feed's three documents (TheatreAreas, Schedule, Events) read into core's types,
//! tolerating every quirk the format notes list: UTC twins preferred over local times,
//! self-closed empty elements, optional elements missing, image variants missing, the
//! 2018 shape without `SpokenLanguage`, http media URLs (rewritten to https), sentinel
//! and zero values. One unreadable show or event is skipped, not the whole answer.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc};
use leffaseura_core::domain::showtime::{
    helsinki, Area, AreaId, Event, EventId, EventKind, Images, Language, PresentationMethod, Show,
    ShowRating,
};

use crate::xml::{self, Node, XmlError};

fn root_named(bytes: &[u8], name: &str) -> Result<Node, XmlError> {
    let root = xml::parse(bytes)?;
    if root.name != name {
        return Err(XmlError(format!(
            "expected a <{name}> document, got <{}>",
            root.name
        )));
    }
    Ok(root)
}

/// `TheatreAreas/`: the areas in the feed's order. Entries without a numeric id are
/// skipped.
///
/// # Errors
/// [`XmlError`] when the document is not a readable `<TheatreAreas>`.
pub fn areas(bytes: &[u8]) -> Result<Vec<Area>, XmlError> {
    let root = root_named(bytes, "TheatreAreas")?;
    Ok(root
        .all("TheatreArea")
        .filter_map(|node| {
            let id = node.text_of("ID").parse::<i64>().ok()?;
            Some(Area {
                id: AreaId(id),
                name: node.text_of("Name").to_owned(),
            })
        })
        .collect())
}

/// `Schedule/`: the shows in document order. An empty `<Shows />` (or no `<Shows>` at
/// all) is an empty schedule.
///
/// # Errors
/// [`XmlError`] when the document is not a readable `<Schedule>`.
pub fn schedule(bytes: &[u8]) -> Result<Vec<Show>, XmlError> {
    let root = root_named(bytes, "Schedule")?;
    let Some(shows) = root.child("Shows") else {
        return Ok(Vec::new());
    };
    Ok(shows.all("Show").filter_map(show).collect())
}

/// `Events/`: the events in document order.
///
/// # Errors
/// [`XmlError`] when the document is not a readable `<Events>`.
pub fn events(bytes: &[u8]) -> Result<Vec<Event>, XmlError> {
    let root = root_named(bytes, "Events")?;
    Ok(root.all("Event").filter_map(event).collect())
}

fn number<T: std::str::FromStr>(node: &Node, name: &str) -> Option<T> {
    node.text_of(name).parse::<T>().ok()
}

/// A positive number, or `None` for missing, zero or garbage (`LengthInMinutes` is 0
/// for titles not rated yet; `ProductionYear` may be missing).
fn positive<T: std::str::FromStr + PartialOrd + Default>(node: &Node, name: &str) -> Option<T> {
    number::<T>(node, name).filter(|n| *n > T::default())
}

/// A feed instant: the `…UTC` twin (`2021-11-12T08:30:00Z`) when present, else the
/// local wall-clock value (`2021-11-12T10:30:00`) read in Helsinki time. The sentinel
/// years 0001 and 2000 mean "no value".
fn instant(node: &Node, local_name: &str) -> Option<DateTime<Utc>> {
    let utc_name = format!("{local_name}UTC");
    let parsed = parse_utc(node.text_of(&utc_name))
        .or_else(|| parse_local(node.text_of(local_name)).map(helsinki::to_utc))?;
    (!matches!(parsed.year(), 1 | 2000)).then_some(parsed)
}

fn parse_utc(text: &str) -> Option<DateTime<Utc>> {
    if text.is_empty() {
        return None;
    }
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.to_utc())
        .ok()
        .or_else(|| {
            NaiveDateTime::parse_from_str(text.trim_end_matches('Z'), "%Y-%m-%dT%H:%M:%S")
                .ok()
                .map(|t| t.and_utc())
        })
}

fn parse_local(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text.get(..19)?, "%Y-%m-%dT%H:%M:%S").ok()
}

/// The calendar date of `2021-08-06T00:00:00`.
fn date(node: &Node, name: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(node.text_of(name).get(..10)?, "%Y-%m-%d").ok()
}

/// Media URLs come as http://; served as they are they would be mixed content.
fn https(url: &str) -> Option<String> {
    let url = url.trim();
    if url.is_empty() || !(url.starts_with("http://") || url.starts_with("https://")) {
        return None;
    }
    Some(match url.strip_prefix("http://") {
        Some(rest)
            if rest.starts_with("media.finnkino.fi/") || rest.starts_with("www.finnkino.fi/") =>
        {
            format!("https://{rest}")
        }
        _ => url.to_owned(),
    })
}

/// The first of `names` that the `Images` element has, as an https URL.
fn first_image(images: Option<&Node>, names: &[&str]) -> Option<String> {
    let images = images?;
    names.iter().find_map(|name| https(images.text_of(name)))
}

/// Small and medium portraits and a large landscape picture, with fallbacks: the medium
/// portrait is missing on some shows, `EventLargeImagePortrait` is really the small file,
/// and the micro portrait existed only until 2018.
fn images(node: &Node) -> Images {
    let images = node.child("Images");
    Images {
        small: first_image(
            images,
            &[
                "EventSmallImagePortrait",
                "EventMicroImagePortrait",
                "EventMediumImagePortrait",
            ],
        ),
        medium: first_image(
            images,
            &[
                "EventMediumImagePortrait",
                "EventSmallImagePortrait",
                "EventLargeImagePortrait",
            ],
        ),
        large: first_image(
            images,
            &[
                "EventLargeImageLandscape",
                "EventSmallImageLandscape",
                "EventMediumImagePortrait",
            ],
        ),
    }
}

/// A `SpokenLanguage` / `SubtitleLanguageN` element; `None` when absent or blank.
fn language(node: Option<&Node>) -> Option<Language> {
    let node = node?;
    let name = node.text_of("Name");
    let code = match node.text_of("ISOTwoLetterCode").to_ascii_uppercase() {
        // A private booking's "Valitun elokuvan mukainen" ("as the chosen film") is NA.
        code if code == "NA" => String::new(),
        code => code,
    };
    if name.is_empty() && code.is_empty() {
        return None;
    }
    if code.is_empty() {
        return Language::from_finnish_name(name);
    }
    Some(Language {
        code,
        name: name.to_owned(),
    })
}

/// `Draama, Jännitys` → two genres.
fn genres(node: &Node) -> Vec<String> {
    node.text_of("Genres")
        .split(',')
        .map(str::trim)
        .filter(|g| !g.is_empty())
        .map(str::to_owned)
        .collect()
}

fn show(node: &Node) -> Option<Show> {
    let id = number::<i64>(node, "ID")?;
    let event_id = number::<i64>(node, "EventID")?;
    let start = instant(node, "dttmShowStart")?;
    let length = positive::<u32>(node, "LengthInMinutes");
    let end = instant(node, "dttmShowEnd")
        .filter(|end| *end > start)
        .unwrap_or_else(|| start + Duration::minutes(i64::from(length.unwrap_or(90)) + 10));
    let method_and_language = node.text_of("PresentationMethodAndLanguage");
    let auditorium = node.text_of("TheatreAuditorium");
    // The 2018 feed had no SpokenLanguage: "2D, suomi" names it after the comma.
    let spoken = language(node.child("SpokenLanguage")).or_else(|| {
        method_and_language
            .split_once(',')
            .and_then(|(_, lang)| Language::from_finnish_name(lang))
    });
    let subtitles = ["SubtitleLanguage1", "SubtitleLanguage2"]
        .iter()
        .filter_map(|name| language(node.child(name)))
        .collect();
    Some(Show {
        id,
        event_id: EventId(event_id),
        title: node.text_of("Title").to_owned(),
        original_title: node.text_of("OriginalTitle").to_owned(),
        production_year: positive::<i32>(node, "ProductionYear"),
        length_minutes: length,
        rating: ShowRating::from_feed(node.text_of("Rating"), node.text_of("RatingLabel")),
        genres: genres(node),
        theatre_id: number::<i64>(node, "TheatreID").unwrap_or(0),
        theatre: node.text_of("Theatre").to_owned(),
        auditorium: auditorium.to_owned(),
        start,
        end,
        presentation: PresentationMethod::from_feed(
            node.text_of("PresentationMethod"),
            method_and_language,
            auditorium,
        ),
        spoken_language: spoken,
        subtitles,
        event_series: node.opt_text("EventSeries").map(str::to_owned),
        images: images(node),
        ticket_url: https(node.text_of("ShowURL")),
        event_url: https(node.text_of("EventURL")),
    })
}

/// Synopses are multi-line with the document's indentation on continuation lines:
/// lines trimmed, paragraphs kept (one blank line between).
fn plain_text(raw: &str) -> String {
    let mut out = String::new();
    let mut blank_run = 0;
    for line in raw.lines().map(str::trim) {
        if line.is_empty() {
            blank_run += 1;
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank_run > 0 { "\n\n" } else { "\n" });
        }
        blank_run = 0;
        out.push_str(line);
    }
    out
}

fn person(node: &Node) -> Option<String> {
    let name = format!("{} {}", node.text_of("FirstName"), node.text_of("LastName"));
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

fn people(node: &Node, list: &str, item: &str) -> Vec<String> {
    node.child(list)
        .map(|l| l.all(item).filter_map(person).collect())
        .unwrap_or_default()
}

fn trailer(node: &Node) -> Option<String> {
    node.child("Videos")?.all("EventVideo").find_map(|video| {
        let location = video.text_of("Location");
        let youtube = video
            .text_of("MediaResourceFormat")
            .eq_ignore_ascii_case("YouTubeVideo");
        let id_like = !location.is_empty()
            && location
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        (youtube && id_like).then(|| format!("https://www.youtube.com/watch?v={location}"))
    })
}

fn event(node: &Node) -> Option<Event> {
    let id = number::<i64>(node, "ID")?;
    Some(Event {
        id: EventId(id),
        title: node.text_of("Title").to_owned(),
        original_title: node.text_of("OriginalTitle").to_owned(),
        production_year: positive::<i32>(node, "ProductionYear"),
        length_minutes: positive::<u32>(node, "LengthInMinutes"),
        release_date: date(node, "dtLocalRelease"),
        rating: ShowRating::from_feed(node.text_of("Rating"), node.text_of("RatingLabel")),
        kind: EventKind::from_feed(node.text_of("EventType")),
        genres: genres(node),
        short_synopsis: plain_text(node.text_of("ShortSynopsis")),
        synopsis: plain_text(node.text_of("Synopsis")),
        images: images(node),
        event_url: https(node.text_of("EventURL")),
        trailer_url: trailer(node),
        directors: people(node, "Directors", "Director"),
        cast: people(node, "Cast", "Actor"),
        distributor: node
            .opt_text("LocalDistributorName")
            .filter(|d| *d != "-")
            .map(str::to_owned),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synopsis_paragraphs_survive_the_indentation() {
        let raw = "First line.\n            Still first.\n\n            Second paragraph.\n\n\n   Third. ";
        assert_eq!(
            plain_text(raw),
            "First line.\nStill first.\n\nSecond paragraph.\n\nThird."
        );
        assert_eq!(plain_text("   "), "");
    }

    #[test]
    fn only_finnkinos_own_http_urls_are_upgraded() {
        assert_eq!(
            https("http://media.finnkino.fi/1012/Event_1/portrait_small/a.jpg").as_deref(),
            Some("https://media.finnkino.fi/1012/Event_1/portrait_small/a.jpg")
        );
        assert_eq!(
            https("http://www.finnkino.fi/websales/show/1/").as_deref(),
            Some("https://www.finnkino.fi/websales/show/1/")
        );
        assert_eq!(
            https("https://media.finnkino.fi/images/x.png").as_deref(),
            Some("https://media.finnkino.fi/images/x.png")
        );
        assert_eq!(https("Not yet rated"), None);
        assert_eq!(https(""), None);
    }
}
