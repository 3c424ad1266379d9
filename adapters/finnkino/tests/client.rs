//! The Finnkino client against a fake Finnkino on loopback: success, refusal (403),
//! failure (500), a hang, malformed XML and an empty schedule.

mod support;

use std::time::{Duration, Instant};

use leffaseura_core::domain::show_date::ShowDate;
use leffaseura_core::domain::showtime::{AreaId, EventId, EventList, ScheduleDays, ScheduleQuery};
use leffaseura_core::ports::ShowtimeFeed;
use leffaseura_core::Error;
use leffaseura_finnkino::{FinnkinoConfig, FinnkinoFeed};
use support::{FakeFinnkino, Mode};

fn feed(fake: &FakeFinnkino) -> FinnkinoFeed {
    FinnkinoFeed::new(FinnkinoConfig::new(&format!("{}/", fake.base_url))).expect("client")
}

fn query(event: Option<i64>) -> ScheduleQuery {
    ScheduleQuery {
        area: AreaId(1002),
        date: ShowDate::parse("24.11.2026").expect("valid"),
        days: ScheduleDays::new(3, "nrOfDays").expect("valid"),
        event: event.map(EventId),
    }
}

fn assert_feed_down(err: &Error) {
    assert_eq!(err.code(), "upstream_unavailable", "{err:?}");
    // 502 for the API: a failing feed "answered badly".
    assert!(
        matches!(
            err,
            Error::Upstream {
                unavailable: false,
                ..
            }
        ),
        "{err:?}"
    );
}

#[tokio::test]
async fn answers_are_read_and_queries_are_the_feeds() {
    let fake = FakeFinnkino::start(Mode::Fixtures {
        schedule: "schedule_helsinki_2026-11-24.xml",
    })
    .await;
    let feed = feed(&fake);
    let areas = feed.areas().await.expect("valid");
    assert_eq!(areas.value.len(), 7);
    assert!(!areas.stale);
    let shows = feed.schedule(&query(Some(306001))).await.expect("valid");
    assert_eq!(shows.value.len(), 7);
    let events = feed
        .events(EventList::ComingSoon, Some(AreaId(1021)))
        .await
        .expect("valid");
    assert_eq!(events.value.len(), 2);
    assert_eq!(
        fake.requests(),
        [
            "/xml/TheatreAreas/",
            "/xml/Schedule/?area=1002&dt=24.11.2026&nrOfDays=3&eventID=306001",
            "/xml/Events/?listType=ComingSoon&area=1021",
        ]
    );
    for agent in fake.agents() {
        assert!(agent.starts_with("Leffaseura/"), "{agent}");
    }
}

#[tokio::test]
async fn an_empty_schedule_is_an_empty_list() {
    let fake = FakeFinnkino::start(Mode::Fixtures {
        schedule: "schedule_empty.xml",
    })
    .await;
    let shows = feed(&fake).schedule(&query(None)).await.expect("valid");
    assert!(shows.value.is_empty());
}

#[tokio::test]
async fn refusals_and_failures_are_the_feeds_502() {
    let fake = FakeFinnkino::start(Mode::Status(403)).await;
    let feed = feed(&fake);
    assert_feed_down(&feed.areas().await.unwrap_err());
    fake.set(Mode::Status(500));
    assert_feed_down(&feed.schedule(&query(None)).await.unwrap_err());
    fake.set(Mode::Status(404));
    assert_feed_down(
        &feed
            .events(EventList::NowInTheatres, None)
            .await
            .unwrap_err(),
    );
}

#[tokio::test]
async fn malformed_xml_is_the_feeds_502() {
    let fake = FakeFinnkino::start(Mode::Body(
        "<?xml version=\"1.0\"?>\n<Schedule><Shows><Show><ID>1</ID>",
    ))
    .await;
    assert_feed_down(&feed(&fake).schedule(&query(None)).await.unwrap_err());
    fake.set(Mode::Body("<html><body>Access denied</body></html>"));
    assert_feed_down(&feed(&fake).areas().await.unwrap_err());
}

#[tokio::test]
async fn a_hanging_feed_is_given_up_on_time() {
    let fake = FakeFinnkino::start(Mode::Hang).await;
    let mut config = FinnkinoConfig::new(&fake.base_url);
    config.timeout = Duration::from_millis(400);
    let feed = FinnkinoFeed::new(config).expect("valid");
    let started = Instant::now();
    let err = feed.schedule(&query(None)).await.unwrap_err();
    assert_feed_down(&err);
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(350), "{waited:?}");
    assert!(waited < Duration::from_secs(3), "{waited:?}");
}

#[tokio::test]
async fn an_unreachable_feed_is_the_feeds_502() {
    // A port nobody listens on: bound, then released.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("valid");
    let port = listener.local_addr().expect("valid").port();
    drop(listener);
    let feed = FinnkinoFeed::new(FinnkinoConfig::new(&format!("http://127.0.0.1:{port}/xml")))
        .expect("valid");
    assert_feed_down(&feed.areas().await.unwrap_err());
}
