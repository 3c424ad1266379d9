//! Watch parties: stored whole, listed by time, answers and status changes guarded by
//! what the decision read, calendar tokens replaced and revoked, all gone with the group.

use leffaseura_core::domain::membership::Role;
use leffaseura_core::domain::watch_party::{NewParty, PartyShow, PartyStatus, PartyWhen, Rsvp};
use leffaseura_core::ports::watch_party_store::{NewAnswer, PartyGuard, StatusChange};
use leffaseura_core::ports::{GroupStore, WatchPartyStore};
use leffaseura_core::{GroupId, MovieId, PartyId, UserId};

use super::fixtures::*;
use crate::SqlStore;

fn show(start_seconds: i64) -> PartyShow {
    PartyShow {
        show_id: 1001,
        event_id: 303,
        area_id: Some(1002),
        area_name: Some("Helsinki".into()),
        theatre_id: 1031,
        theatre: "Tennispalatsi, Helsinki".into(),
        auditorium: "sali 7".into(),
        start: at(start_seconds),
        length_minutes: Some(148),
        title: "Dyyni: Osa kaksi".into(),
        tmdb_id: Some(MovieId(693_134)),
        ticket_url: Some("https://www.finnkino.fi/websales/show/1001/".into()),
    }
}

fn new_party(group: i64, by: UserId, status: PartyStatus, start_seconds: i64) -> NewParty {
    NewParty {
        group: GroupId(group),
        show: show(start_seconds),
        note: "Lobby, 18:30".into(),
        rsvp_deadline: Some(at(start_seconds - 3600)),
        status,
        created_by: by,
        created_by_name: "someone".into(),
        created_at: at(0),
    }
}

fn answer(party: PartyId, user: UserId, rsvp: Rsvp, guard: PartyGuard, role: Role) -> NewAnswer {
    NewAnswer {
        party,
        user,
        answer: rsvp,
        at: at(10),
        expected: guard,
        role,
    }
}

pub async fn a_party_is_stored_whole_and_listed_by_its_start(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let club = group(&store, aino.id, "Noir").await;
    let later = store
        .create_party(
            &new_party(club, aino.id, PartyStatus::Scheduled, 90_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let sooner = store
        .create_party(
            &new_party(club, aino.id, PartyStatus::Scheduled, 50_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let past = store
        .create_party(
            &new_party(club, aino.id, PartyStatus::Scheduled, 5_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let found = store.find_party(later).await.expect("find").expect("there");
    assert_eq!(found.show, show(90_000));
    assert_eq!(found.group_name, "Noir");
    assert_eq!(found.status, PartyStatus::Scheduled);
    assert_eq!(found.rsvp_deadline, Some(at(90_000 - 3600)));
    assert_eq!(found.created_by, Some(aino.id));
    assert_eq!((found.version, found.cancel_reason), (1, None));
    assert!(store
        .find_party(PartyId(999_999))
        .await
        .expect("find")
        .is_none());

    let now = at(10_000);
    let ids = |list: Vec<leffaseura_core::domain::watch_party::WatchParty>| {
        list.into_iter().map(|p| p.id).collect::<Vec<_>>()
    };
    let upcoming = store
        .group_parties(GroupId(club), PartyWhen::Upcoming, now, 10)
        .await
        .expect("upcoming");
    assert_eq!(ids(upcoming), [sooner, later]);
    let history = store
        .group_parties(GroupId(club), PartyWhen::Past, now, 10)
        .await
        .expect("past");
    assert_eq!(ids(history), [past]);
    let all = store
        .group_parties(GroupId(club), PartyWhen::All, now, 2)
        .await
        .expect("all");
    assert_eq!(ids(all), [past, sooner]);

    let gone = store
        .create_party(
            &new_party(999_999, aino.id, PartyStatus::Scheduled, 50_000),
            Role::Owner,
        )
        .await;
    assert_not_found(gone);
}

pub async fn a_party_is_created_only_while_the_creators_role_holds(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let pekka = user(&store, "pekka").await;
    let club = group(&store, aino.id, "Noir").await;
    member(&store, club, pekka.id, "member", 1).await;
    let proposal = new_party(club, pekka.id, PartyStatus::Proposed, 50_000);
    assert_stale(store.create_party(&proposal, Role::Moderator).await);
    store
        .create_party(&proposal, Role::Member)
        .await
        .expect("as a member");
    let outsider = user(&store, "outsider").await;
    let theirs = new_party(club, outsider.id, PartyStatus::Proposed, 50_000);
    assert_stale(store.create_party(&theirs, Role::Member).await);
}

pub async fn answers_count_current_members_and_follow_the_guard(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let pekka = user(&store, "pekka").await;
    let liisa = user(&store, "liisa").await;
    let club = group(&store, aino.id, "Noir").await;
    member(&store, club, pekka.id, "member", 1).await;
    member(&store, club, liisa.id, "member", 2).await;
    let id = store
        .create_party(
            &new_party(club, aino.id, PartyStatus::Scheduled, 50_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let guard = PartyGuard {
        status: PartyStatus::Scheduled,
        version: 1,
    };
    for (who, rsvp) in [(pekka.id, Rsvp::Going), (liisa.id, Rsvp::Maybe)] {
        store
            .answer_party(&answer(id, who, rsvp, guard, Role::Member))
            .await
            .expect("answer");
    }
    // A second answer replaces the first.
    store
        .answer_party(&answer(id, pekka.id, Rsvp::NotGoing, guard, Role::Member))
        .await
        .expect("change answer");
    let found = store.find_party(id).await.expect("find").expect("there");
    let answers: Vec<_> = found
        .answers
        .iter()
        .map(|a| (a.user_id, a.answer))
        .collect();
    assert!(answers.contains(&(pekka.id, Rsvp::NotGoing)));
    assert!(answers.contains(&(liisa.id, Rsvp::Maybe)));
    assert_eq!(answers.len(), 2);

    // A role read before a change, or a party changed meanwhile, writes nothing.
    assert_stale(
        store
            .answer_party(&answer(id, pekka.id, Rsvp::Going, guard, Role::Moderator))
            .await,
    );
    let old = PartyGuard {
        status: PartyStatus::Proposed,
        version: 1,
    };
    assert_stale(
        store
            .answer_party(&answer(id, pekka.id, Rsvp::Going, old, Role::Member))
            .await,
    );
    assert_not_found(
        store
            .answer_party(&answer(
                PartyId(999_999),
                pekka.id,
                Rsvp::Going,
                guard,
                Role::Member,
            ))
            .await,
    );

    // Someone who leaves no longer counts.
    exec(
        &store,
        "DELETE FROM group_members WHERE group_id = $1 AND user_id = $2",
        &[club, liisa.id.0],
    )
    .await
    .expect("leave");
    let found = store.find_party(id).await.expect("find").expect("there");
    assert_eq!(found.answers.len(), 1);
    assert_eq!(found.answers[0].username, "pekka");
}

pub async fn status_changes_bump_the_version_once(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let club = group(&store, aino.id, "Noir").await;
    let id = store
        .create_party(
            &new_party(club, aino.id, PartyStatus::Proposed, 50_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let confirm = StatusChange {
        party: id,
        to: PartyStatus::Scheduled,
        reason: None,
        at: at(20),
        expected: PartyGuard {
            status: PartyStatus::Proposed,
            version: 1,
        },
    };
    store.change_status(&confirm).await.expect("confirm");
    assert_stale(store.change_status(&confirm).await);
    let cancel = StatusChange {
        party: id,
        to: PartyStatus::Cancelled,
        reason: Some("Sold out".into()),
        at: at(30),
        expected: PartyGuard {
            status: PartyStatus::Scheduled,
            version: 2,
        },
    };
    store.change_status(&cancel).await.expect("cancel");
    let found = store.find_party(id).await.expect("find").expect("there");
    assert_eq!(found.status, PartyStatus::Cancelled);
    assert_eq!(found.cancel_reason.as_deref(), Some("Sold out"));
    assert_eq!((found.version, found.updated_at), (3, at(30)));
    assert_not_found(
        store
            .change_status(&StatusChange {
                party: PartyId(999_999),
                ..cancel
            })
            .await,
    );
}

pub async fn a_users_next_parties_come_from_their_groups(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let pekka = user(&store, "pekka").await;
    let mine = group(&store, aino.id, "Mine").await;
    let other = group(&store, pekka.id, "Other").await;
    member(&store, mine, pekka.id, "pending", 1).await;
    let soon = store
        .create_party(
            &new_party(mine, aino.id, PartyStatus::Scheduled, 50_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let cancelled = store
        .create_party(
            &new_party(mine, aino.id, PartyStatus::Proposed, 40_000),
            Role::Owner,
        )
        .await
        .expect("create");
    store
        .change_status(&StatusChange {
            party: cancelled,
            to: PartyStatus::Cancelled,
            reason: Some(String::new()),
            at: at(5),
            expected: PartyGuard {
                status: PartyStatus::Proposed,
                version: 1,
            },
        })
        .await
        .expect("cancel");
    store
        .create_party(
            &new_party(other, pekka.id, PartyStatus::Scheduled, 45_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let next = store.user_parties(aino.id, at(10), 5).await.expect("next");
    assert_eq!(next.iter().map(|p| p.id).collect::<Vec<_>>(), [soon]);
    let theirs = store.user_parties(pekka.id, at(10), 5).await.expect("next");
    assert_eq!(
        theirs.len(),
        1,
        "a pending request sees none of the group's parties"
    );
    assert!(store
        .user_parties(aino.id, at(60_000), 5)
        .await
        .expect("later")
        .is_empty());
}

pub async fn calendar_tokens_are_replaced_revoked_and_go_with_the_group(store: SqlStore) {
    let aino = user(&store, "aino").await;
    let club = GroupId(group(&store, aino.id, "Noir").await);
    let first = "a".repeat(40);
    let second = "b".repeat(40);
    assert_eq!(store.calendar_token(club).await.expect("none"), None);
    store
        .set_calendar_token(club, Some(first.clone()), at(1))
        .await
        .expect("set");
    assert_eq!(
        store.calendar_group(&first).await.expect("find"),
        Some(club)
    );
    store
        .set_calendar_token(club, Some(second.clone()), at(2))
        .await
        .expect("rotate");
    assert_eq!(store.calendar_group(&first).await.expect("old"), None);
    assert_eq!(
        store.calendar_token(club).await.expect("new"),
        Some(second.clone())
    );
    store
        .set_calendar_token(club, None, at(3))
        .await
        .expect("revoke");
    assert_eq!(store.calendar_group(&second).await.expect("revoked"), None);
    store
        .set_calendar_token(club, None, at(3))
        .await
        .expect("revoking twice is fine");
    assert_not_found(
        store
            .set_calendar_token(GroupId(999_999), Some(first.clone()), at(4))
            .await,
    );

    store
        .set_calendar_token(club, Some(first.clone()), at(5))
        .await
        .expect("set again");
    let id = store
        .create_party(
            &new_party(club.0, aino.id, PartyStatus::Scheduled, 50_000),
            Role::Owner,
        )
        .await
        .expect("create");
    let groups = groups(&store);
    groups
        .delete_group(&aino, club)
        .await
        .expect("delete the group");
    assert!(store.find_party(id).await.expect("find").is_none());
    assert_eq!(store.calendar_group(&first).await.expect("gone"), None);
    assert!(GroupStore::find_group(&store, club, None)
        .await
        .expect("find")
        .is_none());
}
