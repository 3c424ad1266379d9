//! Helpers of the group tests: groups and memberships made through the API, the site
//! admin flag (no API sets it), and the consistency checks of issue 8 §4 read straight
//! from the database.

use serde_json::{json, Value};

use super::TestServer;

/// Creates a group through the API as `token`'s user; returns its id.
pub async fn create_group(server: &TestServer, token: &str, body: Value) -> i64 {
    let (status, answer) = server.post("/api/groups", Some(token), body.clone()).await;
    assert_eq!(status, 201, "create {body}: {answer}");
    answer["group"]["id"].as_i64().expect("group id")
}

/// A private group named `name` owned by `owner`.
pub async fn private_group(server: &TestServer, owner: &str, name: &str) -> i64 {
    create_group(
        server,
        owner,
        json!({"name": name, "visibility": "private"}),
    )
    .await
}

/// `token`'s user asks to join (or joins a public group); asserts 201 and answers the
/// role (`pending` or `member`).
pub async fn request(server: &TestServer, group: i64, token: &str) -> String {
    let (status, body) = server
        .post(
            &format!("/api/groups/{group}/request-join"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(status, 201, "request-join: {body}");
    body["role"].as_str().expect("role").to_owned()
}

/// `actor` approves `user`'s request; asserts 200.
pub async fn approve(server: &TestServer, group: i64, actor: &str, user: i64) {
    let (status, body) = server
        .put(
            &format!("/api/groups/{group}/members/{user}/approve"),
            Some(actor),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "approve {user}: {body}");
}

/// `owner` gives `user` the `role` (`moderator` or `member`); asserts 200.
pub async fn set_role(server: &TestServer, group: i64, owner: &str, user: i64, role: &str) {
    let (status, body) = server
        .put(
            &format!("/api/groups/{group}/members/{user}/role"),
            Some(owner),
            json!({"role": role}),
        )
        .await;
    assert_eq!(status, 200, "role {role} for {user}: {body}");
}

/// `user` (`token`) becomes a member of `group`: through request and approval, or
/// at once in a public group.
pub async fn add_member(server: &TestServer, group: i64, owner: &str, token: &str, user: i64) {
    if request(server, group, token).await == "pending" {
        approve(server, group, owner, user).await;
    }
}

async fn connect(server: &TestServer) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    sqlx::AnyConnection::connect(&server.database_url())
        .await
        .expect("connect to the server's database")
}

/// Sets the site admin flag (only the database can).
pub async fn make_admin(server: &TestServer, user: i64) {
    let mut conn = connect(server).await;
    sqlx::query("UPDATE users SET is_admin = 1 WHERE id = $1")
        .bind(user)
        .execute(&mut conn)
        .await
        .expect("set is_admin");
}

/// Asserts, on the server's database: every `member_count` equals its rows; every group
/// has exactly one owner row and it is its `owner_id`; no membership points at a missing
/// group or user. Answers the number of groups.
pub async fn assert_consistent(server: &TestServer) -> i64 {
    let mut conn = connect(server).await;
    let checks = [
        (
            "member_count differs from the rows",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM groups g WHERE g.member_count <> \
               (SELECT COUNT(*) FROM group_members gm WHERE gm.group_id = g.id AND gm.role <> 'pending')",
        ),
        (
            "a group without exactly one owner row",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM groups g WHERE 1 <> \
               (SELECT COUNT(*) FROM group_members gm WHERE gm.group_id = g.id AND gm.role = 'owner')",
        ),
        (
            "an owner row that is not the group's owner_id",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM group_members gm JOIN groups g ON g.id = gm.group_id \
             WHERE gm.role = 'owner' AND gm.user_id <> g.owner_id",
        ),
        (
            "a membership of a missing group or user",
            "SELECT CAST(COUNT(*) AS BIGINT) FROM group_members gm \
             WHERE NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = gm.group_id) \
                OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = gm.user_id)",
        ),
    ];
    for (what, sql) in checks {
        let bad: i64 = sqlx::query_scalar(sql)
            .fetch_one(&mut conn)
            .await
            .expect(what);
        assert_eq!(bad, 0, "{what}");
    }
    sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM groups")
        .fetch_one(&mut conn)
        .await
        .expect("count groups")
}

/// How many membership rows of `group` are left (pending included).
pub async fn membership_rows(server: &TestServer, group: i64) -> i64 {
    let mut conn = connect(server).await;
    sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM group_members WHERE group_id = $1")
        .bind(group)
        .fetch_one(&mut conn)
        .await
        .expect("count memberships")
}
