//! Black-box tests of `leffaseura-admin` against Postgres (chosen by the URL scheme).
//! Each test gets a fresh, uniquely named database, dropped afterwards (best effort). The
//! server is `postgres://postgres@127.0.0.1:5432/test` unless `TEST_POSTGRES_URL` says
//! otherwise; when it cannot be reached the tests are skipped with a visible line, or fail
//! when `CI=true` or `LEFFASEURA_REQUIRE_POSTGRES=1` (as the store contract tests do).

use std::process::{Command, Stdio};

use serde_json::Value;

use leffaseura_core::domain::user::{Email, NewUser, PasswordHash, Username};
use leffaseura_core::ports::UserStore;
use leffaseura_sql::testing::PostgresTestDb;

async fn fresh() -> Option<PostgresTestDb> {
    PostgresTestDb::create("leffaseura_admin_test").await
}

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

fn admin(database_url: &str, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_leffaseura-admin"))
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("LEFFASEURA_ADMIN", "pg-admin")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Run {
        code: output.status.code().expect("exited normally"),
        stdout: String::from_utf8(output.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("utf-8 stderr"),
    }
}

#[tokio::test]
async fn migrate_and_moderate_on_postgres() {
    let Some(db) = fresh().await else {
        return;
    };
    let first = admin(db.url(), &["migrate", "--json"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let report = first.json();
    assert_eq!(report["backend"], "postgres");
    assert!(
        report["applied"].as_array().is_some_and(|a| !a.is_empty()),
        "{report}"
    );
    let again = admin(db.url(), &["migrate"]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(again.stdout.contains("is up to date"), "{}", again.stdout);

    let empty = admin(db.url(), &["users", "list", "--json"]).json();
    assert_eq!(empty["pagination"]["total"], 0);
    assert_eq!(admin(db.url(), &["users", "show", "nobody"]).code, 3);

    let store = leffaseura_postgres::connect(db.url())
        .await
        .expect("connects");
    store
        .create_user(&NewUser {
            username: Username::parse("pg_user").expect("valid"),
            email: Email::parse("pg_user@example.fi").expect("valid"),
            password_hash: PasswordHash("$argon2id$not-a-real-hash".into()),
            created_at: chrono::Utc::now(),
        })
        .await
        .expect("user is created");
    store.close().await;

    let ban = admin(db.url(), &["users", "ban", "pg_user", "--reason", "test"]);
    assert_eq!(ban.code, 0, "{}", ban.stderr);
    assert_eq!(admin(db.url(), &["users", "ban", "pg_user"]).code, 4);
    let deleted = admin(
        db.url(),
        &["users", "delete", "pg_user@example.fi", "--yes"],
    );
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    let log = admin(db.url(), &["modlog", "--json"]).json();
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert_eq!(actions, ["delete_user", "ban_user"]);
    assert_eq!(log["entries"][0]["actor"], "pg-admin");
}

#[tokio::test]
async fn groups_are_moderated_on_postgres() {
    use leffaseura_sql::contract::{group, member, review, user};
    let Some(db) = fresh().await else {
        return;
    };
    assert_eq!(admin(db.url(), &["migrate"]).code, 0);
    let store = leffaseura_postgres::connect(db.url())
        .await
        .expect("connects");
    let owner = user(&store, "pg_owner").await.id;
    let moderator = user(&store, "pg_mod").await.id;
    let noir = group(&store, owner, "Noir Club").await;
    member(&store, noir, moderator, "moderator", 10).await;
    let other = group(&store, moderator, "Other Club").await;
    let doomed = review(&store, owner, 550, 2).await;
    sqlx::query("UPDATE groups SET visibility = 'private', name_search = lower(name)")
        .execute(store.pool())
        .await
        .expect("private, searchable");
    store.close().await;

    let private = admin(
        db.url(),
        &[
            "groups",
            "list",
            "--visibility",
            "private",
            "--owner",
            "pg_mod",
            "--search",
            "other",
            "--json",
        ],
    )
    .json();
    assert_eq!(private["pagination"]["total"], 1, "{private}");
    assert_eq!(private["groups"][0]["id"], other);
    let handed = admin(
        db.url(),
        &[
            "groups",
            "transfer-owner",
            &noir.to_string(),
            "pg_mod",
            "--reason",
            "r",
        ],
    );
    assert_eq!(handed.code, 0, "{}", handed.stderr);
    let removed = admin(
        db.url(),
        &["groups", "remove-member", &noir.to_string(), "pg_owner"],
    );
    assert_eq!(removed.code, 0, "{}", removed.stderr);
    let deleted = admin(db.url(), &["groups", "delete", &other.to_string(), "--yes"]);
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    let shown = admin(db.url(), &["groups", "show", &noir.to_string(), "--json"]).json();
    assert_eq!(shown["owner_name"], "pg_mod");
    assert_eq!(shown["member_count"], 1);
    let log = admin(db.url(), &["modlog", "--json"]).json();
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["action"].as_str())
        .collect();
    assert_eq!(actions, ["delete_group", "remove_member", "transfer_group"]);

    let listed = admin(
        db.url(),
        &["reviews", "list", "--user", "pg_owner", "--json"],
    )
    .json();
    assert_eq!(listed["pagination"]["total"], 1, "{listed}");
    let deleted = admin(
        db.url(),
        &[
            "reviews",
            "delete",
            &doomed.to_string(),
            "--yes",
            "--reason",
            "spam",
        ],
    );
    assert_eq!(deleted.code, 0, "{}", deleted.stderr);
    let shown = admin(db.url(), &["users", "show", "pg_owner", "--json"]).json();
    assert_eq!(shown["review_count"], 0);
    let on_owner = admin(
        db.url(),
        &[
            "modlog",
            "list",
            "--user",
            "pg_owner",
            "--action",
            "delete_review",
            "--since",
            "1h",
            "--json",
        ],
    )
    .json();
    assert_eq!(on_owner["pagination"]["total"], 1, "{on_owner}");
    assert_eq!(on_owner["entries"][0]["reason"], "spam");

    let stats = admin(db.url(), &["stats", "--json"]).json();
    assert_eq!(
        (stats["users"].clone(), stats["groups"].clone()),
        (2.into(), 1.into())
    );
    assert_eq!(stats["reviews"], 0);
    assert!(
        stats["database_bytes"].as_i64().is_some_and(|b| b > 0),
        "{stats}"
    );
}
