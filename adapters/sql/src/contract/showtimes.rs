//! Showtimes: cached feed answers, remembered event matches, users' preferences.

use chrono::Duration;

use leffaseura_core::domain::showtime::{
    AgeRating, AreaId, EventId, EventMatch, MatchedMovie, ShowtimePreferences,
};
use leffaseura_core::ports::{
    CachedBody, MovieCache, ShowtimeCache, ShowtimePreferenceStore, UserStore,
};
use leffaseura_core::{MovieId, StoreError, UserId};

use super::fixtures::*;
use crate::SqlStore;

fn answer(body: &str, expires_in: i64) -> CachedBody {
    CachedBody {
        body: body.to_owned(),
        fetched_at: at(0),
        expires_at: at(expires_in),
    }
}

pub async fn showtime_answers_are_kept_past_expiry_and_purged_apart(store: SqlStore) {
    assert_eq!(
        store
            .get_answer("finnkino:areas")
            .await
            .expect("the store answers"),
        None
    );
    let areas = answer(r#"[{"id":1002,"name":"Helsinki"}]"#, 60);
    store
        .put_answer("finnkino:areas", &areas)
        .await
        .expect("the store answers");
    assert_eq!(
        store
            .get_answer("finnkino:areas")
            .await
            .expect("the store answers"),
        Some(areas)
    );
    let replaced = answer("[]", 120);
    store
        .put_answer("finnkino:areas", &replaced)
        .await
        .expect("the store answers");
    assert_eq!(
        store
            .get_answer("finnkino:areas")
            .await
            .expect("the store answers"),
        Some(replaced.clone())
    );
    // Purging showtime answers leaves the catalog's alone, and fresher answers too.
    store
        .put_answer("finnkino:old", &answer("[]", 10))
        .await
        .expect("the store answers");
    MovieCache::put(&store, "tmdb:old", &answer("{}", 10))
        .await
        .expect("the store answers");
    assert_eq!(
        store
            .purge_answers(at(100))
            .await
            .expect("the store answers"),
        1
    );
    assert_eq!(
        store
            .get_answer("finnkino:old")
            .await
            .expect("the store answers"),
        None
    );
    assert!(MovieCache::get(&store, "tmdb:old")
        .await
        .expect("the store answers")
        .is_some());
    assert_eq!(
        store
            .get_answer("finnkino:areas")
            .await
            .expect("the store answers"),
        Some(replaced)
    );
}

fn hit(event: i64, movie: i64) -> EventMatch {
    EventMatch {
        event_id: EventId(event),
        movie: Some(MatchedMovie {
            id: MovieId(movie),
            title: "Amélie".into(),
            original_title: "Le fabuleux destin d'Amélie Poulain".into(),
            release_year: Some(2001),
            poster_path: Some(format!("https://img.example/{movie}.jpg")),
            overview: "Pariisilainen tarjoilija…".into(),
            vote_average: 7.9,
        }),
        confidence: 0.9,
        checked_at: at(5),
    }
}

fn miss(event: i64) -> EventMatch {
    EventMatch {
        event_id: EventId(event),
        movie: None,
        confidence: 0.4,
        checked_at: at(6),
    }
}

pub async fn event_matches_are_remembered_hit_or_miss_and_replaced(store: SqlStore) {
    store
        .save_event_matches(&[])
        .await
        .expect("the store answers");
    store
        .save_event_matches(&[hit(303_608, 194), miss(303_691)])
        .await
        .expect("the store answers");
    let mut found = store
        .find_event_matches(&[EventId(303_608), EventId(303_691), EventId(1)])
        .await
        .expect("the store answers");
    found.sort_by_key(|m| m.event_id);
    assert_eq!(found, vec![hit(303_608, 194), miss(303_691)]);
    // A miss that later matches is replaced whole.
    let mut later = hit(303_691, 550);
    later.checked_at = at(7) + Duration::days(3);
    store
        .save_event_matches(&[later.clone()])
        .await
        .expect("the store answers");
    assert_eq!(
        store
            .find_event_matches(&[EventId(303_691)])
            .await
            .expect("the store answers"),
        vec![later]
    );
    assert!(store
        .find_event_matches(&[])
        .await
        .expect("the store answers")
        .is_empty());
    // Many events at once are looked up in chunks.
    let many: Vec<EventMatch> = (1..=700).map(miss).collect();
    store
        .save_event_matches(&many)
        .await
        .expect("the store answers");
    let ids: Vec<EventId> = (1..=800).map(EventId).collect();
    assert_eq!(
        store
            .find_event_matches(&ids)
            .await
            .expect("the store answers")
            .len(),
        700
    );
}

pub async fn showtime_preferences_are_kept_per_user_and_go_with_the_account(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let pekka = user(&store, "pekka").await;
    assert_eq!(
        store
            .showtime_preferences(aino.id)
            .await
            .expect("the store answers"),
        None
    );
    let chosen = ShowtimePreferences {
        area: Some(AreaId(1021)),
        original_with_finnish_subtitles: true,
        finnish_dub: false,
        three_d: true,
        imax: true,
        max_rating: Some(AgeRating::K12),
    };
    store
        .save_showtime_preferences(aino.id, &chosen, at(60))
        .await
        .expect("the store answers");
    assert_eq!(
        store
            .showtime_preferences(aino.id)
            .await
            .expect("the store answers"),
        Some(chosen)
    );
    let cleared = ShowtimePreferences::default();
    store
        .save_showtime_preferences(aino.id, &cleared, at(60))
        .await
        .expect("the store answers");
    assert_eq!(
        store
            .showtime_preferences(aino.id)
            .await
            .expect("the store answers"),
        Some(cleared)
    );
    assert_eq!(
        store
            .showtime_preferences(pekka.id)
            .await
            .expect("the store answers"),
        None
    );
    assert!(matches!(
        store
            .save_showtime_preferences(UserId(999_999), &ShowtimePreferences::default(), at(60))
            .await,
        Err(StoreError::NotFound)
    ));
    store.delete_user(aino.id, None).await.expect("delete");
    assert_eq!(
        store
            .showtime_preferences(aino.id)
            .await
            .expect("the store answers"),
        None
    );
}
