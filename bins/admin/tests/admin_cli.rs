//! Black-box tests: run the real `leffaseura-admin` against a fresh SQLite data directory.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use tempfile::TempDir;

use leffaseura_core::domain::user::{Email, NewUser, PasswordHash, Username};
use leffaseura_core::ports::UserStore;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|err| panic!("stdout is not JSON ({err}): {}", self.stdout))
    }
}

fn admin(data_dir: &Path, args: &[&str]) -> Run {
    let output: Output = Command::new(env!("CARGO_BIN_EXE_leffaseura-admin"))
        .args(args)
        .env_remove("DATABASE_URL")
        .env("DATA_DIR", data_dir)
        .env("LEFFASEURA_ADMIN", "test-admin")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("exited normally"),
        stdout: String::from_utf8(output.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("utf-8 stderr"),
    }
}

fn fresh() -> TempDir {
    tempfile::tempdir().expect("temp dir")
}

/// Creates users through the store library, as registration would.
async fn create_users(data_dir: &Path, names: &[&str]) {
    let store = leffaseura_sqlite::connect(&leffaseura_sqlite::default_url(data_dir))
        .await
        .expect("connects");
    leffaseura_sqlite::migrate(&store).await.expect("migrates");
    for name in names {
        store
            .create_user(&NewUser {
                username: Username::parse(name).expect("valid username"),
                email: Email::parse(&format!("{name}@example.fi")).expect("valid email"),
                password_hash: PasswordHash("$argon2id$not-a-real-hash".into()),
                created_at: chrono::Utc::now(),
            })
            .await
            .expect("user is created");
    }
    store.close().await;
}

#[test]
fn migrate_creates_the_database_and_then_reports_nothing_pending() {
    let dir = fresh();
    let data = dir.path().join("data");
    let first = admin(&data, &["migrate"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(first.stdout.starts_with("Applied "), "{}", first.stdout);
    assert!(data.join("leffaseura.db").exists());
    let second = admin(&data, &["migrate", "--json"]);
    assert_eq!(second.code, 0, "{}", second.stderr);
    let json = second.json();
    assert_eq!(json["backend"], "sqlite");
    assert_eq!(json["applied"], Value::Array(vec![]));
    assert!(json["total"].as_u64().is_some_and(|n| n >= 1), "{json}");
}

#[test]
fn commands_other_than_migrate_refuse_a_missing_database_and_create_nothing() {
    let dir = fresh();
    let data = dir.path().join("data");
    for args in [
        &["users", "list"][..],
        &["users", "list", "--json"],
        &["modlog"],
        &["users", "show", "nobody"],
        &["users", "ban", "nobody", "--reason", "x"],
        &["users", "unban", "ghost@example.fi"],
        &["users", "delete", "nobody", "--yes"],
        &["groups", "list"],
        &["groups", "delete", "1", "--yes"],
    ] {
        let run = admin(&data, args);
        assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        let expected = format!(
            "error: No database at {} \u{2014} run from the folder that holds `data/`, set \
             DATA_DIR or DATABASE_URL, or create it with `leffaseura-admin migrate`\n",
            data.join("leffaseura.db").display()
        );
        assert_eq!(run.stderr, expected, "{args:?}");
    }
    assert!(!data.exists(), "nothing was created");
}

#[test]
fn listing_after_migrate_shows_no_users_and_names_the_database_on_stderr() {
    let dir = fresh();
    let migrated = admin(dir.path(), &["migrate"]);
    assert_eq!(migrated.code, 0, "{}", migrated.stderr);
    let db_line = format!(
        "database: sqlite sqlite://{}\n",
        dir.path().join("leffaseura.db").display()
    );
    assert_eq!(migrated.stderr, db_line);

    let run = admin(dir.path(), &["users", "list"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "No users yet.\nshowing 0 of 0\n");
    assert_eq!(run.stderr, db_line, "one short line, nothing else");

    let json = admin(dir.path(), &["users", "list", "--json"]);
    assert_eq!(json.stderr, "", "quiet with --json");
    let json = json.json();
    assert_eq!(json["users"], Value::Array(vec![]));
    assert_eq!(
        json["pagination"],
        serde_json::json!({"total": 0, "limit": 20, "offset": 0, "hasMore": false})
    );
    let modlog = admin(dir.path(), &["modlog", "--json"]);
    assert_eq!(modlog.code, 0, "{}", modlog.stderr);
    assert_eq!(modlog.json()["entries"], Value::Array(vec![]));
}

#[test]
fn an_existing_but_empty_database_file_is_migrated_first() {
    let dir = fresh();
    std::fs::write(dir.path().join("leffaseura.db"), b"").expect("an empty file");
    let run = admin(dir.path(), &["users", "list"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "No users yet.\nshowing 0 of 0\n");
    assert!(run.stderr.contains("applied"), "{}", run.stderr);
}

#[test]
fn commands_on_a_missing_user_fail_with_not_found() {
    let dir = fresh();
    let migrated = admin(dir.path(), &["migrate"]);
    assert_eq!(migrated.code, 0, "{}", migrated.stderr);
    for args in [
        &["users", "show", "nobody"][..],
        &["users", "show", "42", "--json"],
        &["users", "ban", "nobody", "--reason", "x"],
        &["users", "unban", "ghost@example.fi"],
        &["users", "delete", "nobody", "--yes"],
        &["users", "delete", "nobody"],
    ] {
        let run = admin(dir.path(), args);
        assert_eq!(run.code, 3, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("error: No user with"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.stdout, "", "{args:?}");
    }
    let log = admin(dir.path(), &["modlog", "--json"]).json();
    assert_eq!(log["pagination"]["total"], 0);
}

#[test]
fn bad_arguments_are_usage_errors() {
    let dir = fresh();
    for args in [
        &["users", "list", "--limit", "ten"][..],
        &["users", "list", "--limit", "501"],
        &["users", "list", "--limit", "0"],
        &["modlog", "--offset", "-1"],
        &["users", "ban"],
        &["users", "frobnicate"],
        &["users", "show", "not@an@email"],
        &["users", "ban", "bob", "--until", "next week"],
        &["users", "set-role", "bob", "owner"],
    ] {
        let run = admin(dir.path(), args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("error"), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    }
    // Parse errors are caught before anything touches the disk.
    assert!(!dir.path().join("leffaseura.db").exists());
}

#[test]
fn every_command_has_help() {
    let dir = fresh();
    for args in [
        &["--help"][..],
        &["migrate", "--help"],
        &["users", "--help"],
        &["users", "list", "--help"],
        &["users", "show", "--help"],
        &["users", "ban", "--help"],
        &["users", "unban", "--help"],
        &["users", "delete", "--help"],
        &["users", "set-role", "--help"],
        &["groups", "--help"],
        &["groups", "list", "--help"],
        &["groups", "show", "--help"],
        &["groups", "delete", "--help"],
        &["groups", "transfer-owner", "--help"],
        &["groups", "remove-member", "--help"],
        &["reviews", "list", "--help"],
        &["reviews", "show", "--help"],
        &["reviews", "delete", "--help"],
        &["modlog", "list", "--help"],
        &["modlog", "--help"],
    ] {
        let run = admin(dir.path(), args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(run.stdout.contains("Usage:"), "{args:?}: {}", run.stdout);
    }
    let top = admin(dir.path(), &["--help"]).stdout;
    assert!(
        top.contains("--database-url") && top.contains("--data-dir"),
        "{top}"
    );
    assert!(top.contains("3 not found"), "{top}");
}

#[tokio::test]
async fn moderating_a_user_is_logged_with_the_actor() {
    let dir = fresh();
    create_users(dir.path(), &["alice", "bob_the_critic", "carol"]).await;

    let list = admin(dir.path(), &["users", "list", "--limit", "2"]);
    assert_eq!(list.code, 0, "{}", list.stderr);
    assert!(list.stdout.starts_with("ID  USERNAME"), "{}", list.stdout);
    assert!(list.stdout.contains("bob_the_critic"), "{}", list.stdout);
    assert!(
        list.stdout
            .ends_with("showing 1\u{2013}2 of 3; next page: --offset 2\n"),
        "{}",
        list.stdout
    );

    let shown = admin(dir.path(), &["users", "show", "BOB_THE_CRITIC", "--json"]).json();
    assert_eq!(shown["email"], "bob_the_critic@example.fi");
    assert_eq!(shown["review_count"], 0);
    assert_eq!(shown["average_rating"], Value::Null);
    assert_eq!(shown["aura_label"], "Neutral");
    assert_eq!(shown["banned"], false);
    let id = shown["id"].as_i64().expect("numeric id").to_string();

    let ban = admin(dir.path(), &["users", "ban", &id, "--reason", "spoilers"]);
    assert_eq!(ban.code, 0, "{}", ban.stderr);
    assert!(
        ban.stdout.starts_with("Banned bob_the_critic"),
        "{}",
        ban.stdout
    );
    assert_eq!(
        admin(dir.path(), &["users", "show", &id, "--json"]).json()["banned"],
        true
    );

    let again = admin(dir.path(), &["users", "ban", "bob_the_critic@example.fi"]);
    assert_eq!(again.code, 4, "{}", again.stderr);
    assert!(again.stderr.contains("already banned"), "{}", again.stderr);

    let unban = admin(dir.path(), &["users", "unban", "bob_the_critic", "--json"]);
    assert_eq!(unban.code, 0, "{}", unban.stderr);
    assert_eq!(unban.json()["user"]["banned"], false);
    let not_banned = admin(dir.path(), &["users", "unban", "bob_the_critic"]);
    assert_eq!(not_banned.code, 4, "{}", not_banned.stderr);

    let refused = admin(dir.path(), &["users", "delete", "carol"]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stderr.contains("--yes"), "{}", refused.stderr);
    assert_eq!(admin(dir.path(), &["users", "show", "carol"]).code, 0);

    let deleted = admin(
        dir.path(),
        &["users", "delete", "carol", "--yes", "--reason", "asked"],
    );
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    assert!(
        deleted.stdout.starts_with("Deleted carol"),
        "{}",
        deleted.stdout
    );
    assert_eq!(admin(dir.path(), &["users", "show", "carol"]).code, 3);

    let log = admin(dir.path(), &["modlog", "--json"]).json();
    let entries = log["entries"].as_array().expect("entries");
    let actions: Vec<&str> = entries
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert_eq!(actions, ["delete_user", "unban_user", "ban_user"]);
    assert!(entries.iter().all(|e| e["actor"] == "test-admin"), "{log}");
    assert_eq!(entries[2]["reason"], "spoilers");
    assert_eq!(entries[2]["target"], format!("user:{id}"));
    assert_eq!(log["pagination"]["total"], 3);

    let text = admin(dir.path(), &["modlog", "--limit", "1"]);
    assert!(text.stdout.contains("delete_user"), "{}", text.stdout);
    assert!(
        text.stdout
            .ends_with("showing 1\u{2013}1 of 3; next page: --offset 1\n"),
        "{}",
        text.stdout
    );
}

#[tokio::test]
async fn a_week_long_ban_and_a_new_admin_are_stored_and_logged() {
    let dir = fresh();
    create_users(dir.path(), &["spammer", "helper"]).await;

    let ban = admin(
        dir.path(),
        &[
            "--as",
            "mod-anna",
            "users",
            "ban",
            "spammer",
            "--until",
            "1w",
            "--reason",
            "spam links",
        ],
    );
    assert_eq!(ban.code, 0, "{}", ban.stderr);
    assert!(
        ban.stdout.starts_with("Banned spammer (id 1) until "),
        "{}",
        ban.stdout
    );
    let shown = admin(dir.path(), &["users", "show", "spammer", "--json"]).json();
    assert_eq!(shown["banned"], true);
    let until = shown["banned_until"].as_str().expect("an end").to_owned();
    let end = chrono::DateTime::parse_from_rfc3339(&until).expect("RFC 3339");
    let days = (end.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_hours();
    assert!((167..=168).contains(&days), "{until}");
    let again = admin(dir.path(), &["users", "ban", "spammer"]);
    assert_eq!(again.code, 4, "{}", again.stderr);

    let past = admin(
        dir.path(),
        &["users", "ban", "helper", "--until", "2020-01-01"],
    );
    assert_eq!(past.code, 2, "{}", past.stderr);
    assert!(
        past.stderr.contains("must be in the future"),
        "{}",
        past.stderr
    );

    let promoted = admin(
        dir.path(),
        &[
            "users", "set-role", "helper", "admin", "--reason", "trusted",
        ],
    );
    assert_eq!(promoted.code, 0, "{}", promoted.stderr);
    let same = admin(dir.path(), &["users", "set-role", "helper", "admin"]);
    assert_eq!(same.code, 4, "{}", same.stderr);
    assert_eq!(
        admin(dir.path(), &["users", "set-role", "ghost", "admin"]).code,
        3
    );
    let listed = admin(dir.path(), &["users", "list"]).stdout;
    assert!(listed.contains("admin"), "{listed}");

    let log = admin(dir.path(), &["modlog", "--json"]).json();
    let entries = log["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 2, "refusals are not logged: {log}");
    assert_eq!(entries[0]["action"], "set_role");
    assert_eq!(entries[0]["detail"], "role admin");
    assert_eq!(
        entries[0]["actor"], "test-admin",
        "LEFFASEURA_ADMIN is set by the harness"
    );
    assert_eq!(entries[1]["action"], "ban_user");
    assert_eq!(
        entries[1]["actor"], "mod-anna",
        "--as wins over the environment"
    );
    assert_eq!(entries[1]["reason"], "spam links");
    assert_eq!(entries[1]["detail"], format!("until {until}"));
}

/// Users `names` (ids 1, 2, …) and two groups: 1 "Noir Club" (public) owned by the first
/// name, with the second as moderator, the third as member and the fourth pending; 2
/// "Private Eyes" (private) owned by the second.
async fn create_groups(data_dir: &Path, names: &[&str; 4]) {
    use leffaseura_sql::contract::{group, member, user};
    let store = leffaseura_sqlite::connect(&leffaseura_sqlite::default_url(data_dir))
        .await
        .expect("connects");
    leffaseura_sqlite::migrate(&store).await.expect("migrates");
    let mut ids = Vec::new();
    for name in names {
        ids.push(user(&store, name).await.id);
    }
    let noir = group(&store, ids[0], "Noir Club").await;
    member(&store, noir, ids[1], "moderator", 10).await;
    member(&store, noir, ids[2], "member", 20).await;
    member(&store, noir, ids[3], "pending", 30).await;
    let eyes = group(&store, ids[1], "Private Eyes").await;
    sqlx::query("UPDATE groups SET visibility = 'private' WHERE id = $1")
        .bind(eyes)
        .execute(store.pool())
        .await
        .expect("private");
    // The search keys the group use cases would have written (folded names).
    sqlx::query("UPDATE groups SET name_search = lower(name)")
        .execute(store.pool())
        .await
        .expect("search keys");
    store.close().await;
}

#[tokio::test]
async fn groups_are_listed_shown_handed_over_cleared_and_deleted_with_a_log() {
    let dir = fresh();
    create_groups(dir.path(), &["omistaja", "valvoja", "jasen", "hakija"]).await;
    let d = dir.path();

    let all = admin(d, &["groups", "list", "--json"]).json();
    assert_eq!(all["pagination"]["total"], 2, "{all}");
    assert_eq!(all["groups"][0]["name"], "Noir Club");
    assert_eq!(all["groups"][0]["member_count"], 3);
    let private = admin(d, &["groups", "list", "--visibility", "private", "--json"]).json();
    assert_eq!(private["groups"][0]["name"], "Private Eyes", "{private}");
    assert_eq!(private["pagination"]["total"], 1);
    let owned = admin(d, &["groups", "list", "--owner", "omistaja", "--json"]).json();
    assert_eq!(owned["pagination"]["total"], 1, "{owned}");
    let found = admin(d, &["groups", "list", "--search", "NOIR"]);
    assert!(
        found.stdout.contains("Noir Club") && !found.stdout.contains("Private Eyes"),
        "{}",
        found.stdout
    );
    assert_eq!(admin(d, &["groups", "list", "--owner", "nobody"]).code, 3);
    assert_eq!(
        admin(d, &["groups", "list", "--visibility", "secret"]).code,
        2
    );

    let shown = admin(d, &["groups", "show", "1"]);
    assert_eq!(shown.code, 0, "{}", shown.stderr);
    assert!(shown.stdout.contains("Members (3):"), "{}", shown.stdout);
    assert!(
        shown.stdout.contains("Pending requests (1):"),
        "{}",
        shown.stdout
    );
    let json = admin(d, &["groups", "show", "1", "--json"]).json();
    assert_eq!(json["members"][0]["role"], "owner");
    assert_eq!(json["pending"][0]["username"], "hakija");
    let missing = admin(d, &["groups", "show", "99"]);
    assert_eq!(missing.code, 3, "{}", missing.stderr);
    assert!(
        missing.stderr.ends_with("error: No group with id 99.\n"),
        "{}",
        missing.stderr
    );
    assert_eq!(admin(d, &["groups", "show", "noir"]).code, 2);

    // Handed to the moderator: the old owner stays as a moderator.
    // A conflict with the group's state (409 `not_member` over HTTP), not a usage error.
    let not_member = admin(d, &["groups", "transfer-owner", "1", "hakija"]);
    assert_eq!(not_member.code, 4, "{}", not_member.stderr);
    let handed = admin(
        d,
        &[
            "groups",
            "transfer-owner",
            "1",
            "valvoja",
            "--reason",
            "owner inactive",
        ],
    );
    assert_eq!(handed.code, 0, "{}", handed.stderr);
    assert!(
        handed
            .stdout
            .starts_with("valvoja (id 2) now owns group Noir Club (id 1)"),
        "{}",
        handed.stdout
    );
    let after = admin(d, &["groups", "show", "1", "--json"]).json();
    assert_eq!(after["owner_name"], "valvoja");
    assert_eq!(after["members"][1]["username"], "omistaja");
    assert_eq!(after["members"][1]["role"], "moderator");

    let owner = admin(d, &["groups", "remove-member", "1", "valvoja"]);
    assert_eq!(owner.code, 2, "{}", owner.stderr);
    assert!(
        owner.stderr.contains("hand it over first"),
        "{}",
        owner.stderr
    );
    let declined = admin(d, &["groups", "remove-member", "1", "hakija", "--json"]).json();
    assert_eq!(declined["action"], "decline_request");
    let removed = admin(
        d,
        &["groups", "remove-member", "1", "jasen", "--reason", "spam"],
    );
    assert_eq!(removed.code, 0, "{}", removed.stderr);
    assert_eq!(admin(d, &["groups", "remove-member", "1", "jasen"]).code, 3);
    assert_eq!(
        admin(d, &["groups", "show", "1", "--json"]).json()["member_count"],
        2
    );

    let refused = admin(d, &["groups", "delete", "2"]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(refused.stderr.contains("--yes"), "{}", refused.stderr);
    let deleted = admin(
        d,
        &["groups", "delete", "2", "--yes", "--reason", "abandoned"],
    );
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    assert_eq!(admin(d, &["groups", "show", "2"]).code, 3);
    assert_eq!(admin(d, &["groups", "delete", "2", "--yes"]).code, 3);

    let log = admin(d, &["modlog", "--json"]).json();
    let entries = log["entries"].as_array().expect("entries");
    let seen: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap_or(""),
                e["reason"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("delete_group", "abandoned"),
            ("remove_member", "spam"),
            ("decline_request", "-"),
            ("transfer_group", "owner inactive"),
        ]
    );
    assert!(entries.iter().all(|e| e["actor"] == "test-admin"), "{log}");
}

/// The "done": a spammer banned for a week with a reason, their review removed
/// (their counters and aura follow), a group handed to a moderator, and all of it found in
/// `modlog list` by its filters.
#[tokio::test]
async fn an_admin_session_bans_a_spammer_removes_their_review_and_hands_over_a_group() {
    use leffaseura_sql::contract::{react, review};
    let dir = fresh();
    let d = dir.path();
    create_groups(d, &["omistaja", "valvoja", "spammer", "lukija"]).await;
    let store = leffaseura_sqlite::connect(&leffaseura_sqlite::default_url(d))
        .await
        .expect("connects");
    let (spammer, reader) = (leffaseura_core::UserId(3), leffaseura_core::UserId(4));
    let spam = review(&store, spammer, 550, 1).await;
    let kept = review(&store, spammer, 603, 4).await;
    react(&store, reader, spam, false).await;
    react(&store, reader, kept, true).await;
    let other = review(&store, reader, 550, 5).await;
    store.close().await;

    let all = admin(d, &["reviews", "list", "--json"]).json();
    assert_eq!(all["pagination"]["total"], 3, "{all}");
    let by_movie = admin(d, &["reviews", "list", "--movie", "550", "--json"]).json();
    assert_eq!(by_movie["pagination"]["total"], 2);
    let by_user = admin(d, &["reviews", "list", "--user", "spammer"]);
    assert_eq!(by_user.code, 0, "{}", by_user.stderr);
    assert!(
        by_user.stdout.contains("showing 1\u{2013}2 of 2"),
        "{}",
        by_user.stdout
    );
    assert_eq!(
        admin(d, &["reviews", "list", "--user", "x", "--movie", "1"]).code,
        2
    );
    let shown = admin(d, &["reviews", "show", &spam.to_string(), "--json"]).json();
    assert_eq!(
        (shown["username"].clone(), shown["dislikes"].clone()),
        ("spammer".into(), 1.into())
    );
    assert_eq!(admin(d, &["reviews", "show", "999"]).code, 3);
    assert_eq!(admin(d, &["reviews", "show", "x"]).code, 2);

    let ban = admin(
        d,
        &[
            "users",
            "ban",
            "spammer",
            "--until",
            "7d",
            "--reason",
            "spam links",
        ],
    );
    assert_eq!(ban.code, 0, "{}", ban.stderr);
    let refused = admin(d, &["reviews", "delete", &spam.to_string()]);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    let before = admin(d, &["users", "show", "spammer", "--json"]).json();
    assert_eq!(
        (before["review_count"].clone(), before["aura"].clone()),
        (2.into(), 0.into())
    );
    let deleted = admin(
        d,
        &[
            "reviews",
            "delete",
            &spam.to_string(),
            "--yes",
            "--reason",
            "spam",
        ],
    );
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    assert!(
        deleted
            .stdout
            .starts_with(&format!("Deleted review {spam} by spammer")),
        "{}",
        deleted.stdout
    );
    let after = admin(d, &["users", "show", "spammer", "--json"]).json();
    assert_eq!(after["review_count"], 1, "{after}");
    assert_eq!(
        (
            after["total_likes"].clone(),
            after["total_dislikes"].clone()
        ),
        (1.into(), 0.into())
    );
    assert_eq!(after["aura"], 1, "the dislike left with the review");
    assert_eq!(
        admin(d, &["reviews", "delete", &spam.to_string(), "--yes"]).code,
        3
    );
    assert_eq!(admin(d, &["reviews", "show", &other.to_string()]).code, 0);

    let handed = admin(
        d,
        &[
            "groups",
            "transfer-owner",
            "1",
            "valvoja",
            "--reason",
            "owner away",
        ],
    );
    assert_eq!(handed.code, 0, "{}", handed.stderr);

    let log = |args: &[&str]| {
        let mut all = vec!["modlog", "list", "--json"];
        all.extend_from_slice(args);
        let json = admin(d, &all).json();
        json["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| e["action"].as_str().unwrap_or("").to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(log(&[]), ["transfer_group", "delete_review", "ban_user"]);
    assert_eq!(log(&["--user", "spammer"]), ["delete_review", "ban_user"]);
    assert_eq!(log(&["--action", "delete_review"]), ["delete_review"]);
    assert_eq!(log(&["--group", "1"]), ["transfer_group"]);
    assert_eq!(log(&["--by", "test-admin", "--since", "1h"]).len(), 3);
    assert!(log(&["--by", "someone-else"]).is_empty());
    assert!(log(&["--until", "2020-01-01"]).is_empty());
    let text = admin(d, &["modlog"]);
    assert!(
        text.stdout.contains("spam links") && text.stdout.contains("until 20"),
        "{}",
        text.stdout
    );
    let bad = admin(d, &["modlog", "list", "--action", "nuke"]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("ban_user"), "{}", bad.stderr);
    assert_eq!(
        admin(d, &["modlog", "list", "--since", "yesterday"]).code,
        2
    );
    assert_eq!(
        admin(d, &["modlog", "list", "--since", "1d", "--until", "2d"]).code,
        2
    );
}

#[tokio::test]
async fn stats_count_what_is_stored_and_completions_need_no_database() {
    use leffaseura_sql::contract::{react, review};
    let dir = fresh();
    let d = dir.path();
    create_groups(d, &["omistaja", "valvoja", "jasen", "hakija"]).await;
    let store = leffaseura_sqlite::connect(&leffaseura_sqlite::default_url(d))
        .await
        .expect("connects");
    let (one, two) = (leffaseura_core::UserId(1), leffaseura_core::UserId(2));
    let first = review(&store, one, 550, 4).await;
    review(&store, two, 550, 2).await;
    review(&store, two, 603, 5).await;
    react(&store, one, first, true).await;
    store.close().await;

    let stats = admin(d, &["stats", "--top", "1", "--json"]);
    assert_eq!(stats.code, 0, "{}", stats.stderr);
    let json = stats.json();
    for (field, expected) in [
        ("users", 4),
        ("reviews", 3),
        ("reactions", 1),
        ("groups", 2),
        ("memberships", 4),
        ("pending_requests", 1),
        ("favorites", 0),
    ] {
        assert_eq!(json[field], expected, "{field}: {json}");
    }
    assert!(
        json["database_bytes"].as_i64().is_some_and(|b| b > 0),
        "{json}"
    );
    assert_eq!(json["top_movies"][0]["movie_id"], 550);
    assert_eq!(json["top_movies"][0]["average_rating"], 3.0);
    assert_eq!(json["top_movies"].as_array().map(Vec::len), Some(1));
    assert_eq!(json["top_groups"][0]["name"], "Noir Club");
    let text = admin(d, &["stats"]).stdout;
    assert!(
        text.contains("Top movies by reviews:") && text.contains("database size"),
        "{text}"
    );
    assert_eq!(admin(d, &["stats", "--top", "0"]).code, 2);

    let nowhere = dir.path().join("no-such-dir");
    for shell in ["bash", "zsh", "fish"] {
        let script = admin(&nowhere, &["completions", shell]);
        assert_eq!(script.code, 0, "{shell}: {}", script.stderr);
        assert!(script.stdout.contains("leffaseura-admin"), "{shell}");
        assert!(script.stdout.contains("transfer-owner"), "{shell}");
    }
    assert!(!nowhere.exists(), "completions touch no database");
    assert_eq!(admin(&nowhere, &["completions", "tcsh"]).code, 2);
}

#[test]
fn seed_makes_the_same_community_for_a_seed_and_stats_count_it() {
    let runs: Vec<TempDir> = (0..2).map(|_| fresh()).collect();
    let mut listings = Vec::new();
    // One run writes one at a time, the other eight at once: the same community.
    for (dir, concurrency) in runs.iter().zip(["1", "8"]) {
        assert_eq!(admin(dir.path(), &["migrate"]).code, 0);
        let seeded = admin(
            dir.path(),
            &[
                "seed",
                "--users",
                "12",
                "--reviews",
                "60",
                "--reactions",
                "40",
                "--groups",
                "3",
                "--favorites",
                "30",
                "--watchlist",
                "20",
                "--seed",
                "5",
                "--concurrency",
                concurrency,
                "--json",
            ],
        );
        assert_eq!(seeded.code, 0, "{}", seeded.stderr);
        let summary = seeded.json();
        assert_eq!(
            (summary["users"].clone(), summary["reviews"].clone()),
            (12.into(), 60.into())
        );
        assert_eq!(summary["reactions"], 40);
        assert!(
            summary["pending_requests"].as_i64().is_some_and(|p| p > 0),
            "{summary}"
        );
        assert!(
            summary["reviews_per_second"]
                .as_f64()
                .is_some_and(|r| r > 0.0),
            "{summary}"
        );

        let stats = admin(dir.path(), &["stats", "--json"]).json();
        assert_eq!(stats["users"], 12);
        assert_eq!(stats["reviews"], 60);
        assert_eq!(stats["reactions"], 40);
        assert_eq!(stats["groups"], 3);
        assert_eq!(
            (summary["favorites"].clone(), stats["favorites"].clone()),
            (30.into(), 30.into())
        );
        assert_eq!(stats["watchlist_entries"], 20);
        assert_eq!(stats["memberships"], summary["memberships"]);
        assert_eq!(stats["pending_requests"], summary["pending_requests"]);
        // Counters are the use cases' own: every user's review count adds up.
        let users = admin(dir.path(), &["users", "list", "--limit", "500", "--json"]).json();
        let counted: i64 = users["users"]
            .as_array()
            .expect("users")
            .iter()
            .filter_map(|u| u["review_count"].as_i64())
            .sum();
        assert_eq!(counted, 60);

        let reviews = admin(dir.path(), &["reviews", "list", "--limit", "500", "--json"]).json();
        let mut seen: Vec<(String, i64, i64, String)> = reviews["reviews"]
            .as_array()
            .expect("reviews")
            .iter()
            .map(|r| {
                (
                    r["username"].as_str().unwrap_or("").to_owned(),
                    r["movie_id"].as_i64().unwrap_or(0),
                    r["rating"].as_i64().unwrap_or(0),
                    r["content"].as_str().unwrap_or("").to_owned(),
                )
            })
            .collect();
        seen.sort();
        listings.push(seen);
    }
    assert_eq!(
        listings[0], listings[1],
        "the same seed makes the same reviews"
    );

    let d = runs[0].path();
    let again = admin(
        d,
        &["seed", "--users", "2", "--reviews", "0", "--seed", "5"],
    );
    assert_eq!(again.code, 4, "{}", again.stderr);
    assert!(again.stderr.contains("--prefix"), "{}", again.stderr);
    let other = admin(
        d,
        &[
            "seed",
            "--users",
            "2",
            "--reviews",
            "2",
            "--reactions",
            "0",
            "--groups",
            "0",
            "--prefix",
            "more",
        ],
    );
    assert_eq!(other.code, 0, "{}", other.stderr);
    let too_many = admin(
        d,
        &[
            "seed",
            "--users",
            "1",
            "--reviews",
            "100000",
            "--prefix",
            "x",
        ],
    );
    assert_eq!(too_many.code, 2, "{}", too_many.stderr);
    assert_eq!(admin(d, &["seed", "--users", "0"]).code, 2);
}

#[test]
fn export_user_prints_everything_about_one_user_and_no_secrets() {
    let dir = fresh();
    let d = dir.path();
    assert_eq!(admin(d, &["migrate"]).code, 0);
    let seeded = admin(
        d,
        &[
            "seed",
            "--users",
            "3",
            "--reviews",
            "9",
            "--reactions",
            "4",
            "--groups",
            "2",
            "--favorites",
            "6",
            "--watchlist",
            "3",
            "--seed",
            "2",
            "--json",
        ],
    );
    assert_eq!(seeded.code, 0, "{}", seeded.stderr);
    let banned = admin(
        d,
        &[
            "users",
            "ban",
            "demo_1",
            "--until",
            "7d",
            "--reason",
            "spam links",
        ],
    );
    assert_eq!(banned.code, 0, "{}", banned.stderr);

    let run = admin(d, &["export-user", "demo_1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let export = run.json();
    assert_eq!(export["format_version"], 1);
    assert_eq!(export["user"]["username"], "demo_1");
    assert_eq!(export["user"]["banned"], true);
    // Round-robin: the first of three users wrote reviews 1, 4 and 7 and saved favorites
    // 1 and 4 and watchlist entry 1.
    let len = |key: &str| export[key].as_array().map_or(0, Vec::len);
    assert_eq!(len("reviews"), 3, "{export}");
    assert_eq!(export["user"]["review_count"], 3);
    assert_eq!((len("favorites"), len("watchlist")), (2, 1), "{export}");
    assert!(
        export["reviews"]
            .as_array()
            .expect("reviews")
            .iter()
            .all(|r| r["username"] == "demo_1"),
        "{export}"
    );
    let reactions = export["reactions"].as_array().expect("reactions");
    assert!(
        reactions.iter().all(|r| r["review"]["username"] != "demo_1"
            && (r["kind"] == "like" || r["kind"] == "dislike")),
        "{export}"
    );
    let moderation = export["moderation"].as_array().expect("moderation");
    assert_eq!(moderation.len(), 1, "{export}");
    assert_eq!(moderation[0]["reason"], "spam links");
    assert!(
        !run.stdout.contains("argon2"),
        "no password hash: {}",
        run.stdout
    );
    assert!(!run.stdout.contains("token_version"), "{}", run.stdout);

    let unknown = admin(d, &["export-user", "nobody"]);
    assert_eq!(unknown.code, 3, "{}", unknown.stderr);
    assert_eq!(unknown.stdout, "");
}

#[test]
fn a_reason_with_terminal_escapes_is_refused_before_anything_is_done() {
    let dir = fresh();
    let d = dir.path();
    assert_eq!(admin(d, &["migrate"]).code, 0);
    let run = admin(d, &["users", "ban", "nobody", "--reason", "spam\u{1b}[2J"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("control characters"), "{}", run.stderr);
    let long = "x".repeat(501);
    assert_eq!(
        admin(d, &["groups", "delete", "1", "--yes", "--reason", &long]).code,
        2
    );
}
