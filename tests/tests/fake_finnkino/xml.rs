//! The fake's answers in the feed's format: areas, generated schedules, events.

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Timelike, Weekday};

use super::films::{Film, FILMS};

const AUDITORIUMS: &[(&str, &str, i64)] = &[
    ("Tennispalatsi, Helsinki", "sali ", 1038),
    ("Kinopalatsi, Helsinki", "sali ", 1034),
    ("Itis, Helsinki", "sali ", 1058),
    ("Maxim, Helsinki", "sali ", 1047),
];

pub fn areas_xml() -> String {
    let mut xml = String::from("<?xml version=\"1.0\"?>\n<TheatreAreas xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
    for (id, name) in [
        (1029, "Valitse alue/teatteri"),
        (1014, "Pääkaupunkiseutu"),
        (1002, "Helsinki"),
        (1021, "Tampere"),
        (1018, "Oulu: PLAZA"),
    ] {
        xml.push_str(&format!(
            "  <TheatreArea>\n    <ID>{id}</ID>\n    <Name>{name}</Name>\n  </TheatreArea>\n"
        ));
    }
    xml.push_str("</TheatreAreas>\n");
    xml
}

/// Helsinki's offset from UTC in hours at a local time (EU rule, good away from the
/// switch hours, where no show starts).
fn offset_hours(local: NaiveDateTime) -> i64 {
    let last_sunday = |month: u32| {
        let mut day = NaiveDate::from_ymd_opt(local.year(), month, 31).expect("valid");
        while day.weekday() != Weekday::Sun {
            day = day.pred_opt().expect("valid");
        }
        day
    };
    let date = local.date();
    if date > last_sunday(3) && date < last_sunday(10)
        || (date == last_sunday(3) && local.hour() >= 4)
        || (date == last_sunday(10) && local.hour() < 3)
    {
        3
    } else {
        2
    }
}

/// A generated show: (show id, film, theatre, auditorium, theatre id, local start,
/// local end).
pub struct FakeShow {
    pub id: i64,
    pub film: &'static Film,
    pub theatre: &'static str,
    pub auditorium: String,
    pub theatre_id: i64,
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
}

/// Shows of `area` for `days` days from `date`: 200 a day in Helsinki (5 per film),
/// 40 in Tampere (one per film).
pub fn shows(area: &str, date: NaiveDate, days: u32, event: Option<i64>) -> Vec<FakeShow> {
    let per_film = match area {
        "1002" => 5,
        "1021" => 1,
        _ => 0,
    };
    let mut out = Vec::new();
    for day in 0..days {
        let date = date + Duration::days(i64::from(day));
        let day_number = i64::from(date.num_days_from_ce());
        for (f, film) in FILMS.iter().enumerate() {
            for n in 0..per_film {
                let slot = f * per_film + n;
                let (theatre, prefix, theatre_id) = AUDITORIUMS[slot % AUDITORIUMS.len()];
                // Starts spread from 10:00 to 23:30 in quarter hours.
                let minutes = 600 + ((slot * 37) % 55) as i64 * 15;
                let start =
                    date.and_hms_opt(0, 0, 0).expect("midnight") + Duration::minutes(minutes);
                let end = start + Duration::minutes(i64::from(film.4) + 10);
                out.push(FakeShow {
                    id: day_number * 1000 + slot as i64,
                    film,
                    theatre,
                    auditorium: format!("{prefix}{}", slot % 14 + 1),
                    theatre_id,
                    start,
                    end,
                });
            }
        }
    }
    if let Some(event) = event {
        out.retain(|s| s.film.0 == event);
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('\'', "&apos;")
}

fn stamp(local: NaiveDateTime) -> (String, String) {
    let utc = local - Duration::hours(offset_hours(local));
    (
        local.format("%Y-%m-%dT%H:%M:%S").to_string(),
        utc.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
    )
}

pub fn schedule_xml(shows: &[FakeShow]) -> String {
    let mut xml = String::from("<?xml version=\"1.0\"?>\n<Schedule xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n  <PubDate>2026-01-01T00:00:00+02:00</PubDate>\n");
    if shows.is_empty() {
        xml.push_str("  <Shows />\n</Schedule>\n");
        return xml;
    }
    xml.push_str("  <Shows>\n");
    for show in shows {
        let (event, title, original, year, length, rating, genres) = *show.film;
        let (start, start_utc) = stamp(show.start);
        let (end, end_utc) = stamp(show.end);
        let dubbed = title.ends_with("(dub)");
        let three_d = show.id % 7 == 0;
        let method = if three_d { "3D" } else { "2D" };
        let language = if dubbed {
            "<SpokenLanguage>\n        <Name>dubattu suomeksi</Name>\n        <NameInLanguage />\n        <ISOTwoLetterCode>FI</ISOTwoLetterCode>\n      </SpokenLanguage>\n".to_owned()
        } else {
            "<SpokenLanguage>\n        <Name>englanti</Name>\n        <NameInLanguage />\n        <ISOTwoLetterCode>EN</ISOTwoLetterCode>\n      </SpokenLanguage>\n      <SubtitleLanguage1>\n        <Name>suomi</Name>\n        <NameInLanguage />\n        <ISOTwoLetterCode>FI</ISOTwoLetterCode>\n      </SubtitleLanguage1>\n      <SubtitleLanguage2>\n        <Name>ruotsi</Name>\n        <NameInLanguage />\n        <ISOTwoLetterCode>SV</ISOTwoLetterCode>\n      </SubtitleLanguage2>\n".to_owned()
        };
        let pmal = if dubbed {
            format!("{method}, dubattu suomeksi")
        } else {
            method.to_owned()
        };
        xml.push_str(&format!(
            "    <Show>\n      <ID>{id}</ID>\n      <dtAccounting>{day}T00:00:00</dtAccounting>\n      <dttmShowStart>{start}</dttmShowStart>\n      <dttmShowStartUTC>{start_utc}</dttmShowStartUTC>\n      <dttmShowEnd>{end}</dttmShowEnd>\n      <dttmShowEndUTC>{end_utc}</dttmShowEndUTC>\n      <ShowSalesStartTime>2000-01-01T00:00:00</ShowSalesStartTime>\n      <ShowSalesStartTimeUTC>2000-01-01T00:00:00Z</ShowSalesStartTimeUTC>\n      <EventID>{event}</EventID>\n      <Title>{title}</Title>\n      <OriginalTitle>{original}</OriginalTitle>\n      <ProductionYear>{year}</ProductionYear>\n      <LengthInMinutes>{length}</LengthInMinutes>\n      <dtLocalRelease>2026-01-01T00:00:00</dtLocalRelease>\n      <Rating>{rating}</Rating>\n      <RatingLabel>{rating}</RatingLabel>\n      <EventType>Movie</EventType>\n      <Genres>{genres}</Genres>\n      <TheatreID>{theatre_id}</TheatreID>\n      <TheatreAuditriumID>{aud_id}</TheatreAuditriumID>\n      <Theatre>{theatre}</Theatre>\n      <TheatreAuditorium>{auditorium}</TheatreAuditorium>\n      <TheatreAndAuditorium>{theatre}, {auditorium}</TheatreAndAuditorium>\n      <PresentationMethodAndLanguage>{pmal}</PresentationMethodAndLanguage>\n      <PresentationMethod>{method}</PresentationMethod>\n      <EventSeries />\n      <ShowURL>http://www.finnkino.fi/websales/show/{id}/</ShowURL>\n      <EventURL>http://www.finnkino.fi/event/{event}/</EventURL>\n      {language}      <Images>\n        <EventSmallImagePortrait>http://media.finnkino.fi/1012/Event_{event}/portrait_small/p_1080.jpg</EventSmallImagePortrait>\n        <EventMediumImagePortrait>http://media.finnkino.fi/1012/Event_{event}/portrait_medium/p_1080.jpg</EventMediumImagePortrait>\n      </Images>\n      <ContentDescriptors />\n    </Show>\n",
            id = show.id,
            day = show.start.date(),
            title = escape(title),
            original = escape(original),
            theatre_id = show.theatre_id,
            aud_id = 1200 + show.id % 40,
            theatre = show.theatre,
            auditorium = show.auditorium,
        ));
    }
    xml.push_str("  </Shows>\n</Schedule>\n");
    xml
}

pub fn events_xml() -> String {
    let mut xml = String::from("<?xml version=\"1.0\"?>\n<Events xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
    for (event, title, original, year, length, rating, genres) in FILMS {
        let kind = if *rating == "Luok_vap" {
            "LiveEvent"
        } else {
            "Movie"
        };
        xml.push_str(&format!(
            "  <Event>\n    <ID>{event}</ID>\n    <Title>{title}</Title>\n    <OriginalTitle>{original}</OriginalTitle>\n    <ProductionYear>{year}</ProductionYear>\n    <LengthInMinutes>{length}</LengthInMinutes>\n    <dtLocalRelease>2026-01-01T00:00:00</dtLocalRelease>\n    <Rating>{rating}</Rating>\n    <RatingLabel>{rating}</RatingLabel>\n    <EventType>{kind}</EventType>\n    <Genres>{genres}</Genres>\n    <ShortSynopsis />\n    <Synopsis>Elokuvan {title} tarina.</Synopsis>\n    <Images />\n    <Videos />\n    <Cast />\n    <Directors />\n    <ContentDescriptors />\n  </Event>\n",
            title = escape(title),
            original = escape(original),
        ));
    }
    xml.push_str("</Events>\n");
    xml
}
