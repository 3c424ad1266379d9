//! Listings and concurrency.

use leffaseura_core::domain::ban::Ban;
use leffaseura_core::domain::moderation::ModerationAction;
use leffaseura_core::domain::moderation::{ModerationFilter, NewGroupLogEntry};
use leffaseura_core::domain::user::{Bio, UserChanges};
use leffaseura_core::ports::group_store::Expected;
use leffaseura_core::ports::GroupStore;
use leffaseura_core::ports::UserStore;
use leffaseura_core::GroupId;
use leffaseura_core::StoreError;

use super::fixtures::*;
use crate::SqlStore;

pub async fn list_users_pages_oldest_first_with_a_total(store: SqlStore) {
    let mut ids = Vec::new();
    for i in 0..7 {
        ids.push(user(&store, &format!("user{i}")).await.id);
    }
    let first = store.list_users(page(3, 0)).await.expect("page 1");
    assert_eq!(first.total, 7);
    assert_eq!(
        first.items.iter().map(|p| p.user.id).collect::<Vec<_>>(),
        ids[0..3]
    );
    assert!(first.has_more());
    let last = store.list_users(page(3, 6)).await.expect("page 3");
    assert_eq!(
        last.items.iter().map(|p| p.user.id).collect::<Vec<_>>(),
        ids[6..7]
    );
    assert!(!last.has_more());
    assert_eq!((last.limit, last.offset), (3, 6));
    let beyond = store.list_users(page(3, 30)).await.expect("beyond");
    assert!(beyond.items.is_empty());
    assert_eq!(beyond.total, 7);
}

pub async fn the_moderation_log_is_newest_first(store: SqlStore) {
    let target = user(&store, "target").await;
    // Written out of order: the log sorts by when it happened, then by id.
    for (seconds, action) in [
        (30, ModerationAction::BanUser),
        (10, ModerationAction::UnbanUser),
        (20, ModerationAction::BanUser),
        (20, ModerationAction::UnbanUser),
    ] {
        store
            .set_ban(
                target.id,
                (action == ModerationAction::BanUser).then_some(Ban { until: None }),
                &entry(action, "user:target", seconds),
            )
            .await
            .expect("ban or unban");
    }
    let log = store
        .list_moderation_log(&ModerationFilter::default(), page(3, 0))
        .await
        .expect("log");
    assert_eq!(log.total, 4);
    let seen: Vec<_> = log.items.iter().map(|e| (e.created_at, e.action)).collect();
    assert_eq!(
        seen,
        [
            (at(30), ModerationAction::BanUser),
            (at(20), ModerationAction::UnbanUser),
            (at(20), ModerationAction::BanUser),
        ]
    );
    let rest = store
        .list_moderation_log(&ModerationFilter::default(), page(3, 3))
        .await
        .expect("rest");
    assert_eq!(rest.items.len(), 1);
    assert_eq!(rest.items[0].created_at, at(10));
}

pub async fn the_moderation_log_is_filtered_by_actor_user_group_action_and_time(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bob = user(&store, "bob").await;
    let club = GroupId(group(&store, alice.id, "Club").await);
    for (who, actor, seconds, ban) in [
        (alice.id, "anna", 10, true),
        (bob.id, "anna", 20, true),
        (bob.id, "ville", 30, false),
    ] {
        let mut log = entry(
            if ban {
                ModerationAction::BanUser
            } else {
                ModerationAction::UnbanUser
            },
            &format!("user:{who}"),
            seconds,
        );
        log.actor = actor.into();
        log.target_user = Some(who);
        store
            .set_ban(who, ban.then_some(Ban { until: None }), &log)
            .await
            .expect("ban or unban");
    }
    store
        .delete_group(
            club,
            &Expected::default(),
            &NewGroupLogEntry {
                group: club,
                action: ModerationAction::DeleteGroup,
                actor_id: None,
                actor: "anna".into(),
                target_user: None,
                target: "Club".into(),
                reason: None,
                created_at: at(40),
            },
        )
        .await
        .expect("delete group");
    let ids = |filter: ModerationFilter| {
        let store = store.clone();
        async move {
            let found = store
                .list_moderation_log(&filter, page(10, 0))
                .await
                .expect("log");
            assert_eq!(found.total, found.items.len() as i64);
            found.items.iter().map(|e| e.created_at).collect::<Vec<_>>()
        }
    };
    assert_eq!(ids(ModerationFilter::default()).await.len(), 4);
    let by_anna = ModerationFilter {
        actor: Some("anna".into()),
        ..ModerationFilter::default()
    };
    assert_eq!(ids(by_anna).await, [at(40), at(20), at(10)]);
    let on_bob = ModerationFilter {
        target_user: Some(bob.id),
        ..ModerationFilter::default()
    };
    assert_eq!(ids(on_bob).await, [at(30), at(20)]);
    let bans_on_bob = ModerationFilter {
        target_user: Some(bob.id),
        action: Some(ModerationAction::BanUser),
        ..ModerationFilter::default()
    };
    assert_eq!(ids(bans_on_bob).await, [at(20)]);
    let in_club = ModerationFilter {
        group: Some(club),
        ..ModerationFilter::default()
    };
    assert_eq!(ids(in_club).await, [at(40)]);
    let window = ModerationFilter {
        since: Some(at(20)),
        until: Some(at(40)),
        ..ModerationFilter::default()
    };
    assert_eq!(ids(window).await, [at(30), at(20)]);
}

// ---------------------------------------------------------------- concurrency

/// 60 writers at once (creates, profile edits, bans, account deletions with reactions to
/// correct): none may fail with "database is locked" on SQLite, and the counters must
/// come out right.
pub async fn concurrent_writers_do_not_fail(store: SqlStore) {
    const WRITERS: usize = 60;
    let critic = user(&store, "critic").await;
    let target = review(&store, critic.id, 550, 5).await;
    let mut tasks = Vec::new();
    for i in 0..WRITERS {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let me = store
                .create_user(&new_user(
                    &format!("writer{i}"),
                    &format!("writer{i}@example.com"),
                ))
                .await?;
            react(&store, me.id, target, i % 2 == 0).await;
            let bio = UserChanges {
                bio: Some(Bio::parse(&format!("writer number {i}")).expect("bio")),
                ..UserChanges::default()
            };
            store.update_user(me.id, &bio, at(60)).await?;
            store
                .set_ban(
                    me.id,
                    Some(Ban { until: None }),
                    &entry(ModerationAction::BanUser, &format!("user:{i}"), 0),
                )
                .await?;
            if i % 3 == 0 {
                store.delete_user(me.id, None).await?;
            }
            Ok::<_, StoreError>(())
        }));
    }
    for task in tasks {
        task.await
            .expect("task panicked")
            .expect("a concurrent write failed");
    }
    let deleted = WRITERS.div_ceil(3) as i64;
    assert_eq!(
        store.list_users(page(100, 0)).await.expect("list").total,
        WRITERS as i64 + 1 - deleted
    );
    assert_eq!(
        store
            .list_moderation_log(&ModerationFilter::default(), page(1, 0))
            .await
            .expect("log")
            .total,
        WRITERS as i64
    );
    // Writers i ≡ 0 (mod 3) were deleted: the even ones among them had liked, the odd ones
    // disliked.
    let (mut likes, mut dislikes) = (0, 0);
    for i in (0..WRITERS).filter(|i| i % 3 != 0) {
        if i % 2 == 0 {
            likes += 1;
        } else {
            dislikes += 1;
        }
    }
    let stats = store.user_stats(critic.id).await.expect("stats");
    assert_eq!((stats.total_likes, stats.total_dislikes), (likes, dislikes));
}
