//! Accounts: creating, finding, changing, banning.

use leffaseura_core::domain::ban::Ban;
use leffaseura_core::domain::language::Language;
use leffaseura_core::domain::moderation::ModerationAction;
use leffaseura_core::domain::moderation::ModerationFilter;
use leffaseura_core::domain::user::{Bio, Email, PasswordHash, UserChanges, Username};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::UserStore;
use leffaseura_core::UserId;

use super::fixtures::*;
use crate::SqlStore;

pub async fn a_new_user_is_stored_plain_and_found_by_id_email_and_username(store: SqlStore) {
    let created = store
        .create_user(&new_user("MovieFan", "Movie.Fan@Example.com"))
        .await
        .expect("create");
    assert_eq!(created.username, "MovieFan");
    assert_eq!(created.email, "movie.fan@example.com");
    assert_eq!(created.bio, "");
    assert_eq!(created.token_version, 0);
    assert!(!created.banned);
    assert!(!created.is_admin);
    assert_eq!(created.created_at, at(0));
    assert_eq!(
        created.password_hash,
        PasswordHash("$argon2id$fake$MovieFan".into())
    );

    let by_id = store
        .find_user(created.id)
        .await
        .expect("find")
        .expect("found");
    assert_eq!(by_id.username, "MovieFan");
    let email = Email::parse("MOVIE.FAN@example.COM").expect("email");
    let by_email = store
        .find_user_by_email(&email)
        .await
        .expect("find")
        .expect("found");
    assert_eq!(by_email.id, created.id);
    let by_name = store
        .find_user_by_username("moviefan")
        .await
        .expect("find")
        .expect("found");
    assert_eq!(by_name.id, created.id);
    assert!(store
        .find_user_by_username("moviefa")
        .await
        .expect("find")
        .is_none());
}

pub async fn duplicate_username_in_any_letter_case_is_a_username_conflict(store: SqlStore) {
    store
        .create_user(&new_user("Bob", "bob@example.com"))
        .await
        .expect("first");
    assert_conflict(
        store
            .create_user(&new_user("BOB", "other@example.com"))
            .await,
        Conflict::Username,
    );
    assert_conflict(
        store
            .create_user(&new_user("bob", "third@example.com"))
            .await,
        Conflict::Username,
    );
    // Beyond ASCII too: SQLite's lower() would not catch this one.
    store
        .create_user(&new_user("Äijä", "aija@example.com"))
        .await
        .expect("first");
    assert_conflict(
        store
            .create_user(&new_user("äIJÄ", "aija2@example.com"))
            .await,
        Conflict::Username,
    );
    assert_eq!(store.list_users(page(10, 0)).await.expect("list").total, 2);
}

pub async fn duplicate_email_in_any_letter_case_is_an_email_conflict(store: SqlStore) {
    store
        .create_user(&new_user("alice", "Alice@Example.com"))
        .await
        .expect("first");
    assert_conflict(
        store
            .create_user(&new_user("alice2", "ALICE@example.COM"))
            .await,
        Conflict::Email,
    );
    assert_conflict(
        store
            .create_user(&new_user("alice3", "alice@example.com"))
            .await,
        Conflict::Email,
    );
}

pub async fn renaming_to_a_taken_username_or_email_is_a_conflict_naming_the_field(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bob = user(&store, "bob").await;
    let rename = UserChanges {
        username: Some(Username::parse("ALICE").expect("name")),
        ..UserChanges::default()
    };
    assert_conflict(
        store.update_user(bob.id, &rename, at(60)).await,
        Conflict::Username,
    );
    let readdress = UserChanges {
        email: Some(Email::parse("Alice@example.com").expect("email")),
        ..UserChanges::default()
    };
    assert_conflict(
        store.update_user(bob.id, &readdress, at(60)).await,
        Conflict::Email,
    );
    // A user may change the case of their own name.
    let recase = UserChanges {
        username: Some(Username::parse("ALICE").expect("name")),
        ..UserChanges::default()
    };
    let renamed = store
        .update_user(alice.id, &recase, at(60))
        .await
        .expect("recase");
    assert_eq!(renamed.username, "ALICE");
    let unchanged = store.find_user(bob.id).await.expect("find").expect("bob");
    assert_eq!(
        (unchanged.username.as_str(), unchanged.email.as_str()),
        ("bob", "bob@example.com")
    );
}

pub async fn missing_users_are_none_and_changes_to_them_not_found(store: SqlStore) {
    let ghost = UserId(4242);
    assert!(store.find_user(ghost).await.expect("find").is_none());
    assert!(store.find_profile(ghost).await.expect("profile").is_none());
    assert_eq!(
        store.user_stats(ghost).await.expect("stats"),
        Default::default()
    );
    let changes = UserChanges {
        bio: Some(Bio::parse("hi").expect("bio")),
        ..UserChanges::default()
    };
    assert_not_found(store.update_user(ghost, &changes, at(60)).await);
    assert_not_found(
        store
            .set_ban(
                ghost,
                Some(Ban { until: None }),
                &entry(ModerationAction::BanUser, "user:4242", 0),
            )
            .await,
    );
    assert_not_found(
        store
            .delete_user(
                ghost,
                Some(entry(ModerationAction::DeleteUser, "user:4242", 0)),
            )
            .await,
    );
    // Nothing was logged for actions that did not happen.
    assert_eq!(
        store
            .list_moderation_log(&ModerationFilter::default(), page(10, 0))
            .await
            .expect("log")
            .total,
        0
    );
}

pub async fn ids_are_never_reused_after_a_delete(store: SqlStore) {
    let first = user(&store, "first").await;
    let second = user(&store, "second").await;
    store.delete_user(second.id, None).await.expect("delete");
    let third = user(&store, "third").await;
    assert!(
        third.id.0 > second.id.0,
        "{:?} reused {:?}",
        third.id,
        second.id
    );
    assert!(second.id.0 > first.id.0);
    // The name and address of a deleted account are free again.
    let again = user(&store, "second").await;
    assert!(again.id.0 > third.id.0);
}

pub async fn a_password_change_bumps_the_token_version_and_other_changes_do_not(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let bio = UserChanges {
        bio: Some(Bio::parse("I like films").expect("bio")),
        ..UserChanges::default()
    };
    assert_eq!(
        store
            .update_user(alice.id, &bio, at(60))
            .await
            .expect("bio")
            .token_version,
        0
    );
    let password = UserChanges {
        password_hash: Some(PasswordHash("$argon2id$new".into())),
        ..UserChanges::default()
    };
    let changed = store
        .update_user(alice.id, &password, at(60))
        .await
        .expect("password");
    assert_eq!(changed.token_version, 1);
    assert_eq!(changed.password_hash, PasswordHash("$argon2id$new".into()));
    let again = store
        .update_user(alice.id, &password, at(60))
        .await
        .expect("password");
    assert_eq!(again.token_version, 2);
    let stored = store
        .find_user(alice.id)
        .await
        .expect("find")
        .expect("alice");
    assert_eq!(stored.token_version, 2);
}

pub async fn an_upgraded_hash_replaces_only_the_one_read_and_keeps_the_sessions(store: SqlStore) {
    let alice = user(&store, "alice").await;
    // Read once, so that a cached account would hold the old hash.
    store.find_user(alice.id).await.expect("find");
    let upgraded = PasswordHash("$argon2id$upgraded".into());
    let stale = PasswordHash("$argon2id$not-the-stored-one".into());
    assert!(!store
        .upgrade_password_hash(alice.id, &stale, &upgraded)
        .await
        .expect("stale"));
    assert!(store
        .upgrade_password_hash(alice.id, &alice.password_hash, &upgraded)
        .await
        .expect("upgrade"));
    for stored in [
        store.find_user(alice.id).await.expect("find"),
        store
            .find_user_by_email(&Email::parse(&alice.email).expect("email"))
            .await
            .expect("by email"),
    ] {
        let stored = stored.expect("alice");
        assert_eq!(stored.password_hash, upgraded);
        assert_eq!(
            stored.token_version, alice.token_version,
            "sessions stay valid"
        );
    }
    assert!(!store
        .upgrade_password_hash(alice.id, &alice.password_hash, &stale)
        .await
        .expect("second upgrade from the old hash"));
}

pub async fn changes_are_applied_and_untouched_fields_kept(store: SqlStore) {
    let alice = user(&store, "alice").await;
    let changes = UserChanges {
        username: Some(Username::parse("Alicia").expect("name")),
        email: Some(Email::parse("Alicia@Example.org").expect("email")),
        password_hash: None,
        bio: Some(Bio::parse("  Noir and westerns.  ").expect("bio")),
        language: Some(Language::Finnish),
    };
    let changed = store
        .update_user(alice.id, &changes, at(60))
        .await
        .expect("update");
    assert_eq!(changed.language, Some(Language::Finnish));
    assert_eq!(alice.language, None, "no language until chosen");
    assert_eq!(changed.username, "Alicia");
    assert_eq!(changed.email, "alicia@example.org");
    assert_eq!(changed.bio, "Noir and westerns.");
    assert_eq!(changed.password_hash, alice.password_hash);
    assert_eq!(changed.created_at, alice.created_at);
    assert!(store
        .find_user_by_username("alice")
        .await
        .expect("find")
        .is_none());
    assert_eq!(
        store
            .find_user_by_username("ALICIA")
            .await
            .expect("find")
            .map(|u| u.id),
        Some(alice.id)
    );
    let nothing = store
        .update_user(alice.id, &UserChanges::default(), at(60))
        .await
        .expect("no-op");
    assert_eq!(nothing.username, "Alicia");
    assert_eq!(nothing.bio, "Noir and westerns.");
}

pub async fn a_ban_bumps_the_token_version_and_is_logged_with_it(store: SqlStore) {
    let troll = user(&store, "troll").await;
    let end = at(7 * 24 * 3600);
    let mut ban_entry = entry(ModerationAction::BanUser, "user:troll", 10);
    ban_entry.target_user = Some(troll.id);
    ban_entry.detail = Some("until a week later".into());
    let banned = store
        .set_ban(troll.id, Some(Ban { until: Some(end) }), &ban_entry)
        .await
        .expect("ban");
    assert!(banned.banned);
    assert_eq!(banned.banned_until, Some(end));
    assert_eq!(banned.token_version, 1);
    let found = store
        .find_user(troll.id)
        .await
        .expect("read")
        .expect("found");
    assert_eq!(found.ban_at(at(20)), Some(Ban { until: Some(end) }));
    assert_eq!(
        found.ban_at(end),
        None,
        "a timed ban lifts itself at its end"
    );
    let unbanned = store
        .set_ban(
            troll.id,
            None,
            &entry(ModerationAction::UnbanUser, "user:troll", 20),
        )
        .await
        .expect("unban");
    assert!(!unbanned.banned);
    assert_eq!(unbanned.banned_until, None);
    assert_eq!(unbanned.token_version, 1, "an unban does not revoke tokens");
    let forever = store
        .set_ban(
            troll.id,
            Some(Ban { until: None }),
            &entry(ModerationAction::BanUser, "user:troll", 30),
        )
        .await
        .expect("ban for good");
    assert_eq!((forever.banned, forever.banned_until), (true, None));
    assert_eq!(forever.token_version, 2);
    let log = store
        .list_moderation_log(&ModerationFilter::default(), page(10, 0))
        .await
        .expect("log");
    let actions: Vec<_> = log.items.iter().map(|e| e.action).collect();
    assert_eq!(
        actions,
        [
            ModerationAction::BanUser,
            ModerationAction::UnbanUser,
            ModerationAction::BanUser
        ]
    );
    assert_eq!(log.items[2].reason.as_deref(), Some("because user:troll"));
    assert_eq!(log.items[2].detail.as_deref(), Some("until a week later"));
    assert_eq!(log.items[2].actor, "root");
    assert_eq!(log.items[2].created_at, at(10));
    assert_eq!(log.items[1].detail, None);
}

pub async fn a_site_role_change_is_stored_and_logged(store: SqlStore) {
    let helper = user(&store, "helper").await;
    assert!(!helper.is_admin);
    let mut promote = entry(ModerationAction::SetRole, "user:helper", 10);
    promote.detail = Some("role admin".into());
    let admin = store
        .set_admin(helper.id, true, &promote)
        .await
        .expect("promote");
    assert!(admin.is_admin);
    assert_eq!(admin.token_version, 0, "a role change keeps the sessions");
    let read = store
        .find_user(helper.id)
        .await
        .expect("read")
        .expect("found");
    assert!(read.is_admin);
    let plain = store
        .set_admin(
            helper.id,
            false,
            &entry(ModerationAction::SetRole, "user:helper", 20),
        )
        .await
        .expect("demote");
    assert!(!plain.is_admin);
    assert_not_found(
        store
            .set_admin(
                UserId(4242),
                true,
                &entry(ModerationAction::SetRole, "user:4242", 30),
            )
            .await,
    );
    let log = store
        .list_moderation_log(&ModerationFilter::default(), page(10, 0))
        .await
        .expect("log");
    assert_eq!(log.total, 2, "nothing logged for the missing user");
    assert_eq!(log.items[1].detail.as_deref(), Some("role admin"));
}

pub async fn profile_and_stats_read_the_counters(store: SqlStore) {
    let critic = user(&store, "critic").await;
    let fan = user(&store, "fan").await;
    let grump = user(&store, "grump").await;
    let empty = store
        .find_profile(critic.id)
        .await
        .expect("profile")
        .expect("critic");
    assert_eq!(empty.stats, Default::default());
    assert_eq!(empty.stats.average_rating(), None);

    let first = review(&store, critic.id, 550, 5).await;
    let second = review(&store, critic.id, 603, 4).await;
    react(&store, fan.id, first, true).await;
    react(&store, grump.id, first, false).await;
    react(&store, fan.id, second, true).await;

    let profile = store
        .find_profile(critic.id)
        .await
        .expect("profile")
        .expect("critic");
    assert_eq!(profile.user.username, "critic");
    assert_eq!(
        (
            profile.user.email.as_str(),
            profile.user.password_hash.0.as_str()
        ),
        ("", ""),
        "a public profile never reads the email or the password hash"
    );
    assert_eq!(profile.stats.review_count, 2);
    assert_eq!(profile.stats.rating_sum, 9);
    assert_eq!(profile.stats.total_likes, 2);
    assert_eq!(profile.stats.total_dislikes, 1);
    assert_eq!(profile.stats.average_rating(), Some(4.5));
    assert_eq!(profile.stats.aura(), 1);
    assert_eq!(
        store.user_stats(critic.id).await.expect("stats"),
        profile.stats
    );
    assert_eq!(
        store.user_stats(fan.id).await.expect("stats"),
        Default::default()
    );
}
