//! Handler tests through [`crate::run`] with an in-memory store.

use clap::Parser;
use serde_json::Value;

use leffaseura_core::domain::moderation::ModerationAction;
use leffaseura_core::domain::user::UserStats;

use crate::testing::{at, session, FakeDatabase};
use crate::{run, Cli, CliError};

struct Outcome {
    result: Result<(), CliError>,
    out: String,
    diag: String,
    asked: Vec<String>,
}

impl Outcome {
    fn code(&self) -> u8 {
        self.result.as_ref().err().map_or(0, CliError::exit_code)
    }
    fn message(&self) -> String {
        self.result
            .as_ref()
            .err()
            .map(ToString::to_string)
            .unwrap_or_default()
    }
    fn json(&self) -> Value {
        serde_json::from_str(&self.out).expect("stdout is JSON")
    }
}

async fn exec_with(db: &FakeDatabase, args: &[&str], interactive: bool, answer: bool) -> Outcome {
    let cli = Cli::try_parse_from(std::iter::once("leffaseura-admin").chain(args.iter().copied()))
        .expect("arguments parse");
    let (session, asked) = session(interactive, answer);
    let (mut out, mut diag) = (Vec::new(), Vec::new());
    let result = run(cli.command, db, session, &mut out, &mut diag).await;
    let asked = asked.lock().expect("not poisoned").clone();
    Outcome {
        result,
        out: String::from_utf8(out).expect("utf-8"),
        diag: String::from_utf8(diag).expect("utf-8"),
        asked,
    }
}

async fn exec(db: &FakeDatabase, args: &[&str]) -> Outcome {
    exec_with(db, args, false, false).await
}

fn stats(reviews: i64, rating_sum: i64, likes: i64, dislikes: i64) -> UserStats {
    UserStats {
        review_count: reviews,
        rating_sum,
        total_likes: likes,
        total_dislikes: dislikes,
    }
}

fn seeded() -> FakeDatabase {
    let db = FakeDatabase::default();
    db.store.add("alice", stats(3, 13, 15, 2));
    db.store.add("Bob", UserStats::default());
    db.store.add("12345", stats(1, 2, 0, 12));
    db
}

#[tokio::test]
async fn migrate_reports_what_it_applied_then_that_nothing_is_pending() {
    let db = FakeDatabase::default();
    let first = exec(&db, &["migrate"]).await;
    assert_eq!(first.code(), 0);
    assert!(
        first
            .out
            .starts_with("Applied 1 migration to sqlite database"),
        "{}",
        first.out
    );
    let second = exec(&db, &["migrate", "--json"]).await;
    assert_eq!(second.json()["applied"], Value::Array(vec![]));
    assert_eq!(second.json()["total"], 1);
}

#[tokio::test]
async fn other_commands_migrate_first_and_say_so_on_stderr() {
    let db = FakeDatabase::default();
    let outcome = exec(&db, &["users", "list"]).await;
    assert_eq!(outcome.code(), 0);
    assert!(
        outcome.diag.contains("applied 1 pending migration(s)"),
        "{}",
        outcome.diag
    );
    assert_eq!(outcome.out, "No users yet.\nshowing 0 of 0\n");
    assert_eq!(exec(&db, &["users", "list"]).await.diag, "");
}

#[tokio::test]
async fn users_list_shows_a_table_and_the_window() {
    let db = seeded();
    let outcome = exec(&db, &["users", "list", "--limit", "2"]).await;
    assert_eq!(outcome.code(), 0, "{}", outcome.message());
    assert_eq!(
        outcome.out,
        "ID  USERNAME  EMAIL             CREATED               ROLE  BANNED  REVIEWS  AURA\n\
         \x201  alice     alice@example.fi  2026-11-01 12:00 UTC  user  no            3    13\n\
         \x202  Bob       bob@example.fi    2026-11-02 12:00 UTC  user  no            0     0\n\
         showing 1\u{2013}2 of 3; next page: --offset 2\n"
    );
    let last = exec(&db, &["users", "list", "--limit", "2", "--offset", "2"]).await;
    assert!(
        last.out.ends_with("showing 3\u{2013}3 of 3\n"),
        "{}",
        last.out
    );
    let past = exec(&db, &["users", "list", "--offset", "10"]).await;
    assert_eq!(past.out, "showing 0 of 3 (offset 10 is past the end)\n");
}

#[tokio::test]
async fn users_list_json_has_users_and_pagination() {
    let db = seeded();
    let json = exec(
        &db,
        &["users", "list", "--limit", "1", "--offset", "2", "--json"],
    )
    .await
    .json();
    assert_eq!(
        json["pagination"],
        serde_json::json!({"total": 3, "limit": 1, "offset": 2, "hasMore": false})
    );
    let user = &json["users"][0];
    assert_eq!(user["id"], 3);
    assert_eq!(user["username"], "12345");
    assert_eq!(user["review_count"], 1);
    assert_eq!(user["average_rating"], 2.0);
    assert_eq!(user["aura"], -12);
    assert_eq!(user["aura_label"], "Controversial");
    assert_eq!(user["created_at"], "2026-11-03T12:00:00Z");
    assert!(user.get("password_hash").is_none());
}

#[tokio::test]
async fn users_show_finds_by_id_username_or_email() {
    let db = seeded();
    for arg in ["1", "alice", "ALICE", "Alice@Example.fi"] {
        let outcome = exec(&db, &["users", "show", arg, "--json"]).await;
        assert_eq!(outcome.code(), 0, "{arg}: {}", outcome.message());
        let json = outcome.json();
        assert_eq!(json["username"], "alice", "{arg}");
        assert_eq!(json["average_rating"], 4.3);
        assert_eq!(json["aura"], 13);
        assert_eq!(json["aura_label"], "Positive");
        assert_eq!(json["total_likes"], 15);
        assert_eq!(json["total_dislikes"], 2);
        assert_eq!(json["banned"], false);
    }
    // Digits that are no id fall back to the username.
    let by_digits = exec(&db, &["users", "show", "12345", "--json"])
        .await
        .json();
    assert_eq!(by_digits["id"], 3);
}

#[tokio::test]
async fn users_show_prints_a_readable_block() {
    let db = seeded();
    let out = exec(&db, &["users", "show", "bob"]).await.out;
    assert!(out.contains("username           Bob\n"), "{out}");
    assert!(out.contains("average rating     none\n"), "{out}");
    assert!(out.contains("aura               0 (Neutral)\n"), "{out}");
    assert!(out.contains("bio                (empty)\n"), "{out}");
    let out = exec(&db, &["users", "show", "alice"]).await.out;
    assert!(out.contains("average rating     4.3\n"), "{out}");
}

#[tokio::test]
async fn a_missing_user_is_not_found_for_every_command() {
    let db = seeded();
    for args in [
        vec!["users", "show", "nobody"],
        vec!["users", "ban", "99"],
        vec!["users", "unban", "ghost@example.fi"],
        vec!["users", "delete", "nobody", "--yes"],
        vec!["users", "set-role", "nobody", "admin"],
    ] {
        let outcome = exec(&db, &args).await;
        assert_eq!(outcome.code(), 3, "{args:?}");
        assert!(
            outcome.message().starts_with("No user with"),
            "{}",
            outcome.message()
        );
        assert_eq!(outcome.out, "");
    }
    assert!(db.store.state().log.is_empty());
    let bad = exec(&db, &["users", "show", "not@an@email"]).await;
    assert_eq!(bad.code(), 2);
}

#[tokio::test]
async fn ban_and_unban_change_the_user_and_write_the_log() {
    let db = seeded();
    let banned = exec(&db, &["users", "ban", "bob", "--reason", " spam "]).await;
    assert_eq!(banned.code(), 0, "{}", banned.message());
    assert_eq!(
        banned.out,
        "Banned Bob (id 2). They can no longer log in and their sessions have ended.\n\
         Logged as ban_user by anna, reason: spam.\n"
    );
    {
        let state = db.store.state();
        assert!(state.users[1].banned);
        let entry = &state.log[0];
        assert_eq!(entry.action, ModerationAction::BanUser);
        assert_eq!(
            (entry.actor.as_str(), entry.target.as_str()),
            ("anna", "user:2")
        );
        assert_eq!(entry.reason.as_deref(), Some("spam"));
        assert_eq!(entry.created_at, at(20));
    }
    let unbanned = exec(&db, &["users", "unban", "2", "--json"]).await;
    let json = unbanned.json();
    assert_eq!(json["action"], "unban_user");
    assert_eq!(json["actor"], "anna");
    assert_eq!(json["reason"], Value::Null);
    assert_eq!(json["user"]["banned"], false);
    assert_eq!(db.store.state().log.len(), 2);
}

#[tokio::test]
async fn a_timed_ban_names_its_end_and_lifts_itself() {
    let db = seeded();
    let banned = exec(
        &db,
        &["users", "ban", "bob", "--until", "7d", "--reason", "spam"],
    )
    .await;
    assert_eq!(banned.code(), 0, "{}", banned.message());
    assert_eq!(
        banned.out,
        "Banned Bob (id 2) until 2026-11-27 12:00 UTC. They cannot log in until then and \
         their sessions have ended.\nLogged as ban_user by anna, reason: spam.\n"
    );
    assert_eq!(
        db.store.state().log[0].detail.as_deref(),
        Some("until 2026-11-27T12:00:00Z")
    );
    let shown = exec(&db, &["users", "show", "bob", "--json"]).await.json();
    assert_eq!(shown["banned"], true);
    assert_eq!(shown["banned_until"], "2026-11-27T12:00:00Z");
    let listed = exec(&db, &["users", "list"]).await.out;
    assert!(listed.contains("until 2026-11-27 12:00 UTC"), "{listed}");

    // The fixed clock says 20 November: a ban that ended on the 19th no longer holds.
    db.store.state().users[0].banned = true;
    db.store.state().users[0].banned_until = Some(at(19));
    let alice = exec(&db, &["users", "show", "alice", "--json"])
        .await
        .json();
    assert_eq!(
        (alice["banned"].clone(), alice["banned_until"].clone()),
        (Value::Bool(false), Value::Null)
    );
    assert_eq!(exec(&db, &["users", "unban", "alice"]).await.code(), 4);

    let past = exec(&db, &["users", "ban", "alice", "--until", "2026-11-19"]).await;
    assert_eq!(past.code(), 2, "{}", past.message());
    assert!(
        past.message().contains("must be in the future"),
        "{}",
        past.message()
    );
}

#[tokio::test]
async fn set_role_promotes_and_demotes_once_each() {
    let db = seeded();
    let promoted = exec(
        &db,
        &["users", "set-role", "bob", "admin", "--reason", "helps out"],
    )
    .await;
    assert_eq!(promoted.code(), 0, "{}", promoted.message());
    assert_eq!(
        promoted.out,
        "Bob (id 2) is now a site admin.\nLogged as set_role by anna, reason: helps out.\n"
    );
    assert!(db.store.state().users[1].is_admin);
    assert_eq!(
        db.store.state().log[0].detail.as_deref(),
        Some("role admin")
    );
    let again = exec(&db, &["users", "set-role", "bob", "admin"]).await;
    assert_eq!(again.code(), 4);
    assert_eq!(
        again.message(),
        "Bob (id 2) \u{2014} User already has the role admin. Nothing changed."
    );
    let json = exec(&db, &["users", "set-role", "2", "user", "--json"])
        .await
        .json();
    assert_eq!(json["user"]["role"], "user");
    assert_eq!(json["action"], "set_role");
    assert_eq!(db.store.state().log.len(), 2);
}

#[tokio::test]
async fn banning_twice_or_unbanning_an_unbanned_user_is_a_conflict() {
    let db = seeded();
    let not_banned = exec(&db, &["users", "unban", "alice"]).await;
    assert_eq!(not_banned.code(), 4);
    assert_eq!(
        not_banned.message(),
        "alice (id 1) is not banned; nothing changed."
    );
    assert_eq!(exec(&db, &["users", "ban", "alice"]).await.code(), 0);
    let again = exec(&db, &["users", "ban", "alice"]).await;
    assert_eq!(again.code(), 4);
    assert_eq!(
        again.message(),
        "alice (id 1) is already banned; nothing changed."
    );
    assert_eq!(db.store.state().log.len(), 1);
}

#[tokio::test]
async fn delete_without_yes_refuses_when_it_cannot_ask() {
    let db = seeded();
    let outcome = exec(&db, &["users", "delete", "bob"]).await;
    assert_eq!(outcome.code(), 2);
    assert!(
        outcome.message().contains("Pass --yes"),
        "{}",
        outcome.message()
    );
    assert_eq!(db.store.state().users.len(), 3);
    assert!(outcome.asked.is_empty());
}

#[tokio::test]
async fn delete_asks_on_a_terminal_and_respects_the_answer() {
    let db = seeded();
    let no = exec_with(&db, &["users", "delete", "alice"], true, false).await;
    assert_eq!(no.code(), 5);
    assert_eq!(no.asked.len(), 1);
    assert!(
        no.asked[0].starts_with("Delete alice (id 1) <alice@example.fi> with 3 reviews?"),
        "{}",
        no.asked[0]
    );
    assert_eq!(db.store.state().users.len(), 3);
    assert!(db.store.state().log.is_empty());

    let yes = exec_with(
        &db,
        &["users", "delete", "alice", "--reason", "asked to"],
        true,
        true,
    )
    .await;
    assert_eq!(yes.code(), 0, "{}", yes.message());
    assert_eq!(
        yes.out,
        "Deleted alice (id 1).\nLogged as delete_user by anna, reason: asked to.\n"
    );
    let state = db.store.state();
    assert_eq!(state.users.len(), 2);
    assert_eq!(state.log[0].action, ModerationAction::DeleteUser);
    assert_eq!(state.log[0].target, "user:1");
}

#[tokio::test]
async fn delete_with_yes_does_not_ask() {
    let db = seeded();
    let outcome = exec_with(
        &db,
        &["users", "delete", "3", "--yes", "--json"],
        true,
        false,
    )
    .await;
    assert_eq!(outcome.code(), 0);
    assert!(outcome.asked.is_empty());
    assert_eq!(outcome.json()["user"]["username"], "12345");
    assert_eq!(exec(&db, &["users", "show", "3"]).await.code(), 3);
}

#[tokio::test]
async fn modlog_lists_newest_first() {
    let db = seeded();
    assert_eq!(
        exec(&db, &["modlog"]).await.out,
        "The moderation log is empty.\nshowing 0 of 0\n"
    );
    exec(&db, &["users", "ban", "alice", "--reason", "trolling"]).await;
    exec(&db, &["users", "unban", "alice"]).await;
    let out = exec(&db, &["modlog"]).await.out;
    assert_eq!(
        out,
        "ID  WHEN                  ACTION      ACTOR  TARGET  REASON    DETAIL\n\
         \x202  2026-11-20 12:00 UTC  unban_user  anna   user:1  -         -\n\
         \x201  2026-11-20 12:00 UTC  ban_user    anna   user:1  trolling  -\n\
         showing 1\u{2013}2 of 2\n"
    );
    let json = exec(&db, &["modlog", "--json", "--limit", "1"])
        .await
        .json();
    assert_eq!(json["entries"][0]["action"], "unban_user");
    assert_eq!(json["entries"][0]["created_at"], "2026-11-20T12:00:00Z");
    assert_eq!(json["pagination"]["hasMore"], true);
}

#[tokio::test]
async fn store_failures_are_plain_failures() {
    let db = seeded();
    db.store.state().fail = true;
    let outcome = exec(&db, &["users", "list"]).await;
    assert_eq!(outcome.code(), 1);
    let chain = format!(
        "{:#}",
        anyhow::Error::from(outcome.result.expect_err("fails"))
    );
    assert!(chain.contains("connection refused"), "{chain}");
}
