//! The parser on our own fixtures in the feed's format (tests/fixtures), one quirk of the
//! format notes at a time.

use chrono::{DateTime, Utc};
use leffaseura_core::domain::showtime::{
    AgeRating, AreaId, EventId, EventKind, PresentationMethod, Show, ShowRating,
};
use leffaseura_finnkino::parse;

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).expect("valid").to_utc()
}

fn helsinki_schedule() -> Vec<Show> {
    parse::schedule(&fixture("schedule_helsinki_2026-11-24.xml")).expect("readable")
}

fn show(shows: &[Show], id: i64) -> &Show {
    shows
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("show {id}"))
}

#[test]
fn areas_come_in_feed_order_with_the_placeholder_and_finnish_letters() {
    let areas = parse::areas(&fixture("theatre_areas.xml")).expect("valid");
    let ids: Vec<i64> = areas.iter().map(|a| a.id.0).collect();
    // The entry with a broken id is skipped; the order is the feed's, not sorted.
    assert_eq!(ids, [1029, 1014, 1002, 1045, 1015, 1021, 1046]);
    assert!(areas[0].is_placeholder());
    assert_eq!(areas[1].name, "Pääkaupunkiseutu");
    assert_eq!(areas[4].name, "Jyväskylä: FANTASIA");
    assert_eq!(areas[6].id, AreaId(1046));
}

#[test]
fn every_readable_show_is_kept_and_a_broken_one_skipped() {
    let shows = helsinki_schedule();
    let ids: Vec<i64> = shows.iter().map(|s| s.id).collect();
    // Document order (not sorted), the private booking kept (listings drop it), the
    // show without an id gone.
    assert_eq!(
        ids,
        [2410001, 2410002, 2410004, 2410003, 2410005, 2410006, 2410007]
    );
    assert!(show(&shows, 2410007).is_private_booking());
    assert!(!show(&shows, 2410001).is_private_booking());
}

#[test]
fn instants_come_from_the_utc_twins_or_else_from_helsinki_time() {
    let shows = helsinki_schedule();
    let still = show(&shows, 2410001);
    assert_eq!(still.start, utc("2026-11-24T08:45:00Z"));
    assert_eq!(still.end, utc("2026-11-24T10:51:00Z"));
    // No UTC twins: the local wall-clock times are read in Helsinki (winter, +2); the
    // show ends after midnight.
    let late = show(&shows, 2410006);
    assert_eq!(late.start, utc("2026-11-24T21:30:00Z"));
    assert_eq!(late.end, utc("2026-11-24T23:29:00Z"));
}

#[test]
fn titles_years_lengths_genres_and_theatres() {
    let shows = helsinki_schedule();
    let still = show(&shows, 2410001);
    assert_eq!(still.event_id, EventId(306001));
    assert_eq!(still.title, "Hiljaiset vedet");
    assert_eq!(still.original_title, "Still Waters");
    assert_eq!(still.production_year, Some(2025));
    assert_eq!(still.length_minutes, Some(116));
    assert_eq!(still.genres, ["Draama", "Jännitys"]);
    // TheatreID is the feed's theatre number, not an area id.
    assert_eq!(still.theatre_id, 1038);
    assert_eq!(still.theatre, "Tennispalatsi, Helsinki");
    assert_eq!(still.auditorium, "sali 7");
    // Entities: &amp; and &apos; are text.
    assert_eq!(show(&shows, 2410005).title, "Aino & Eino");
    assert_eq!(
        show(&shows, 2410006).original_title,
        "The Lighthouse Keeper's Daughter"
    );
}

#[test]
fn languages_subtitles_and_dubs() {
    let shows = helsinki_schedule();
    let still = show(&shows, 2410001);
    let spoken = still.spoken_language.as_ref().expect("valid");
    assert_eq!(
        (spoken.code.as_str(), spoken.name.as_str()),
        ("EN", "englanti")
    );
    let subs: Vec<&str> = still.subtitles.iter().map(|l| l.code.as_str()).collect();
    assert_eq!(subs, ["FI", "SV"]);
    assert!(still.is_original_with_finnish_subtitles() && !still.is_finnish_dub());

    let owl = show(&shows, 2410002);
    assert!(owl.subtitles.is_empty());
    assert!(owl.is_finnish_dub() && !owl.is_original_with_finnish_subtitles());

    let space = show(&shows, 2410004);
    assert_eq!(
        space.subtitles[1].name,
        "ruotsi (paitsi puhuttaessa ruotsia)"
    );

    // A Finnish film with Swedish subtitles only.
    let aino = show(&shows, 2410005);
    assert_eq!(aino.spoken_language.as_ref().expect("valid").code, "FI");
    assert!(!aino.is_original_with_finnish_subtitles() && !aino.is_finnish_dub());

    // A private booking's "NA" language code means none.
    let private = show(&shows, 2410007);
    assert_eq!(private.spoken_language.as_ref().expect("valid").code, "");
}

#[test]
fn ratings_formats_and_event_series() {
    let shows = helsinki_schedule();
    assert_eq!(
        show(&shows, 2410001).rating,
        ShowRating::same(AgeRating::K12)
    );
    assert_eq!(show(&shows, 2410002).rating, ShowRating::same(AgeRating::S));
    let bar = show(&shows, 2410003);
    assert_eq!(
        bar.rating,
        ShowRating {
            admission: AgeRating::K18,
            film: AgeRating::K16
        }
    );
    assert_eq!(
        bar.event_series.as_deref(),
        Some("K18 - Anniskelua salissa")
    );
    assert_eq!(
        show(&shows, 2410007).rating,
        ShowRating::same(AgeRating::Unknown)
    );
    assert_eq!(show(&shows, 2410001).presentation, PresentationMethod::TwoD);
    assert_eq!(
        show(&shows, 2410004).presentation,
        PresentationMethod::Imax3D
    );
    // Self-closed <EventSeries /> is no series.
    assert_eq!(show(&shows, 2410001).event_series, None);
}

#[test]
fn images_fall_back_and_links_become_https() {
    let shows = helsinki_schedule();
    let still = show(&shows, 2410001);
    assert_eq!(
        still.images.medium.as_deref(),
        Some("https://media.finnkino.fi/1012/Event_14001/portrait_medium/StillWaters_1080.jpg")
    );
    assert_eq!(
        still.images.large.as_deref(),
        Some("https://media.finnkino.fi/1012/Event_14001/landscape_large/StillWaters_670.jpg")
    );
    assert_eq!(
        still.ticket_url.as_deref(),
        Some("https://www.finnkino.fi/websales/show/2410001/")
    );
    // No medium portrait: the small one; no large landscape: the small landscape.
    let owl = show(&shows, 2410002);
    assert_eq!(
        owl.images.medium.as_deref(),
        Some("https://media.finnkino.fi/1012/Event_14002/portrait_small/PikkuPollo_1080.jpg")
    );
    assert_eq!(
        owl.images.large.as_deref(),
        Some("https://media.finnkino.fi/1012/Event_14002/landscape_small/PikkuPollo_444.jpg")
    );
    // <Images /> self-closed: no images at all.
    let private = show(&shows, 2410007);
    assert_eq!(private.images, Default::default());
}

#[test]
fn the_2018_shape_without_spoken_language_and_with_micro_portraits() {
    let shows = parse::schedule(&fixture("schedule_2018_shape.xml")).expect("valid");
    assert_eq!(shows.len(), 2);
    let winter = &shows[0];
    // The language is read from "2D, suomi".
    let spoken = winter.spoken_language.as_ref().expect("valid");
    assert_eq!(
        (spoken.code.as_str(), spoken.name.as_str()),
        ("FI", "suomi")
    );
    assert_eq!(
        winter.images.small.as_deref(),
        Some("https://media.finnkino.fi/1012/Event_11801/portrait_micro/TalvenTarinat_1080u.jpg")
    );
    assert_eq!(winter.start, utc("2018-03-07T11:15:00Z"));
    // An empty <PresentationMethod />, no language, no images, 2017-style URL casing.
    let rain = &shows[1];
    assert_eq!(rain.presentation, PresentationMethod::TwoD);
    assert_eq!(rain.spoken_language, None);
    assert_eq!(rain.images, Default::default());
    assert_eq!(
        rain.ticket_url.as_deref(),
        Some("https://www.finnkino.fi/Websales/Show/1160402/")
    );
}

#[test]
fn empty_schedules_in_both_spellings() {
    for name in ["schedule_empty.xml", "schedule_empty_open.xml"] {
        assert!(
            parse::schedule(&fixture(name)).expect("valid").is_empty(),
            "{name}"
        );
    }
}

#[test]
fn malformed_or_foreign_documents_are_errors() {
    assert!(parse::schedule(&fixture("schedule_truncated.xml")).is_err());
    // The right XML for the wrong call.
    assert!(parse::schedule(&fixture("theatre_areas.xml")).is_err());
    assert!(parse::events(&fixture("schedule_empty.xml")).is_err());
    // An HTML error page (what a blocking proxy sends) is not a schedule.
    assert!(parse::schedule(
        b"<!DOCTYPE html><html><body><h1>403 Forbidden</h1><br></body></html>"
    )
    .is_err());
    assert!(parse::areas(b"").is_err());
}

#[test]
fn events_with_people_trailers_and_paragraphs() {
    let events = parse::events(&fixture("events_now_in_theatres.xml")).expect("valid");
    assert_eq!(events.len(), 2);
    let still = &events[0];
    assert_eq!(still.id, EventId(306001));
    assert_eq!(still.kind, EventKind::Movie);
    assert_eq!(still.cast, ["Marja-Liisa Öhman", "Jean-Loïc Bérard"]);
    assert_eq!(still.directors, ["Saara Kivelä"]);
    assert_eq!(
        still.trailer_url.as_deref(),
        Some("https://www.youtube.com/watch?v=Zq3xYw8_a-9")
    );
    assert_eq!(
        still.distributor.as_deref(),
        Some("Pohjoinen Valkokangas & Kumppanit Oy")
    );
    assert_eq!(
        still.synopsis,
        "Järven rannalla asuva kalastaja löytää verkostaan jotain, mitä kukaan ei ole kaivannut.\n\
         Kylä vaikenee, mutta vesi ei.\n\n\
         Elokuva on kertomus syyllisyydestä, sovinnosta ja ”hiljaisista vesistä”, jotka kantavat kaiken takaisin rantaan."
    );
    assert_eq!(
        still.release_date,
        chrono::NaiveDate::from_ymd_opt(2026, 11, 13)
    );
    let owl = &events[1];
    assert_eq!(owl.short_synopsis, "");
    assert!(owl.cast.is_empty() && owl.directors.is_empty() && owl.trailer_url.is_none());
    assert!(owl.images.medium.is_some());
}

#[test]
fn coming_soon_live_events_and_unrated_titles() {
    let events = parse::events(&fixture("events_coming_soon.xml")).expect("valid");
    let concert = &events[0];
    assert_eq!(concert.kind, EventKind::LiveEvent);
    assert_eq!(concert.rating, ShowRating::same(AgeRating::Unknown));
    assert_eq!(concert.synopsis, "");
    let unrated = &events[1];
    assert_eq!(unrated.rating, ShowRating::same(AgeRating::Unknown));
    assert_eq!(unrated.length_minutes, None);
    assert_eq!(unrated.production_year, None);
    assert_eq!(unrated.distributor, None);
    assert_eq!(unrated.images, Default::default());
}
