//! Groups under concurrent requests (issue 8 §4), against the real server on SQLite and
//! on Postgres. Every answer must be one of the documented ones (never a 500), and
//! afterwards `member_count` equals the rows, no membership points at a missing group or
//! user, and every group has exactly one owner.

mod support;

use std::collections::BTreeMap;
use std::sync::Arc;

use reqwest::Method;
use serde_json::{json, Value};

use support::groups::{
    add_member, assert_consistent, create_group, membership_rows, private_group, request, set_role,
};
use support::{TestServer, PASSWORD};

/// Sends all `calls` at once; answers `(status, code)` per call, in order.
async fn all_at_once(
    server: &Arc<TestServer>,
    calls: Vec<(Method, String, String)>,
) -> Vec<(u16, String)> {
    let tasks: Vec<_> = calls
        .into_iter()
        .map(|(method, path, token)| {
            let server = Arc::clone(server);
            tokio::spawn(async move {
                let body = matches!(method, Method::POST | Method::PUT).then(|| json!({}));
                let (status, answer) = server.call(method, &path, Some(&token), body).await;
                (status, code_of(&answer))
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.expect("request task"));
    }
    answers
}

fn code_of(answer: &Value) -> String {
    answer["code"].as_str().unwrap_or("").to_owned()
}

fn tally(answers: &[(u16, String)]) -> BTreeMap<(u16, String), usize> {
    let mut counts = BTreeMap::new();
    for answer in answers {
        *counts.entry(answer.clone()).or_insert(0) += 1;
    }
    counts
}

fn assert_only(answers: &[(u16, String)], allowed: &[(u16, &str)], what: &str) {
    for (status, code) in answers {
        assert!(
            allowed.iter().any(|(s, c)| s == status && c == code),
            "{what}: undocumented answer {status} {code:?}; all: {:?}",
            tally(answers)
        );
    }
}

async fn users(server: &TestServer, prefix: &str, n: usize) -> Vec<(String, i64)> {
    let mut users = Vec::with_capacity(n);
    for i in 0..n {
        users.push(server.register(&format!("{prefix}{i}"), PASSWORD).await);
    }
    users
}

on_both_backends!(
    fifty_requests_and_double_approvals_leave_exact_rows_and_counts,
    |server| {
        let server = Arc::new(server);
        let (owner, _) = server.register("owner", PASSWORD).await;
        let (moderator, moderator_id) = server.register("moderator", PASSWORD).await;
        let group = private_group(&server, &owner, "Kiireinen").await;
        add_member(&server, group, &owner, &moderator, moderator_id).await;
        set_role(&server, group, &owner, moderator_id, "moderator").await;
        let askers = users(&server, "asker", 50).await;

        // 50 users ask at once: every one is pending, once.
        let calls = askers
            .iter()
            .map(|(token, _)| {
                (
                    Method::POST,
                    format!("/api/groups/{group}/request-join"),
                    token.clone(),
                )
            })
            .collect();
        let answers = all_at_once(&server, calls).await;
        assert_only(&answers, &[(201, "")], "simultaneous requests");
        let (_, body) = server
            .get(
                &format!("/api/groups/{group}/pending-requests"),
                Some(&owner),
            )
            .await;
        assert_eq!(
            body["pendingRequests"].as_array().map(Vec::len),
            Some(50),
            "{body}"
        );

        // The owner and the moderator approve every request at the same moment: one of
        // each pair wins (200), the other learns the user is already a member (409).
        let calls = askers
            .iter()
            .flat_map(|(_, id)| {
                let path = format!("/api/groups/{group}/members/{id}/approve");
                [
                    (Method::PUT, path.clone(), owner.clone()),
                    (Method::PUT, path, moderator.clone()),
                ]
            })
            .collect();
        let answers = all_at_once(&server, calls).await;
        assert_only(
            &answers,
            &[
                (200, ""),
                (409, "user_already_member"),
                (409, "concurrent_change"),
            ],
            "double approvals",
        );
        for pair in answers.chunks(2) {
            let won = pair.iter().filter(|(status, _)| *status == 200).count();
            assert_eq!(won, 1, "exactly one approval of a request wins: {pair:?}");
        }
        let (_, body) = server
            .get(&format!("/api/groups/{group}"), Some(&owner))
            .await;
        assert_eq!(
            body["group"]["member_count"], 52,
            "{}",
            body["group"]["member_count"]
        );
        assert_eq!(body["group"]["members"].as_array().map(Vec::len), Some(52));
        assert_eq!(membership_rows(&server, group).await, 52);
        let (_, body) = server
            .get(
                &format!("/api/groups/{group}/modlog?limit=100"),
                Some(&owner),
            )
            .await;
        let approvals = body["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .filter(|e| e["action"] == "approve_request")
            .count();
        assert_eq!(approvals, 51, "one log entry per approval that happened");
        assert_consistent(&server).await;
    }
);

on_both_backends!(
    deleting_a_group_while_members_leave_and_moderators_approve,
    |server| {
        let server = Arc::new(server);
        for round in 0..3 {
            let (owner, _) = server.register(&format!("owner{round}"), PASSWORD).await;
            let group = private_group(&server, &owner, &format!("Katoava {round}")).await;
            let mods = users(&server, &format!("mod{round}x"), 2).await;
            let members = users(&server, &format!("member{round}x"), 6).await;
            let askers = users(&server, &format!("asker{round}x"), 6).await;
            for (token, id) in mods.iter().chain(&members) {
                add_member(&server, group, &owner, token, *id).await;
            }
            for (_, id) in &mods {
                set_role(&server, group, &owner, *id, "moderator").await;
            }
            for (token, _) in &askers {
                request(&server, group, token).await;
            }
            let mut calls = vec![(
                Method::DELETE,
                format!("/api/groups/{group}"),
                owner.clone(),
            )];
            for (token, _) in &members {
                calls.push((
                    Method::DELETE,
                    format!("/api/groups/{group}/leave"),
                    token.clone(),
                ));
            }
            for (i, (_, id)) in askers.iter().enumerate() {
                let (moderator, _) = &mods[i % 2];
                calls.push((
                    Method::PUT,
                    format!("/api/groups/{group}/members/{id}/approve"),
                    moderator.clone(),
                ));
            }
            let answers = all_at_once(&server, calls).await;
            assert_eq!(answers[0], (204, String::new()), "the owner's delete");
            assert_only(
                &answers[1..],
                &[
                    (204, ""),
                    (200, ""),
                    (404, "group_not_found"),
                    (409, "concurrent_change"),
                ],
                "leaving and approving during the delete",
            );
            let (status, _) = server.get(&format!("/api/groups/{group}"), None).await;
            assert_eq!(status, 404);
            assert_eq!(
                membership_rows(&server, group).await,
                0,
                "no membership outlives its group"
            );
            assert_consistent(&server).await;
        }
    }
);

on_both_backends!(
    joining_while_being_removed_ends_in_or_out_never_half,
    |server| {
        let server = Arc::new(server);
        let (owner, _) = server.register("owner", PASSWORD).await;
        let (moderator, moderator_id) = server.register("moderator", PASSWORD).await;
        let group = create_group(&server, &owner, json!({"name": "Ovi"})).await;
        add_member(&server, group, &owner, &moderator, moderator_id).await;
        set_role(&server, group, &owner, moderator_id, "moderator").await;
        let joiners = users(&server, "joiner", 12).await;
        for round in 0..3 {
            // Each joiner joins (again) while the moderator removes them.
            let mut calls = Vec::new();
            for (token, id) in &joiners {
                calls.push((
                    Method::POST,
                    format!("/api/groups/{group}/join"),
                    token.clone(),
                ));
                calls.push((
                    Method::DELETE,
                    format!("/api/groups/{group}/members/{id}"),
                    moderator.clone(),
                ));
            }
            let answers = all_at_once(&server, calls).await;
            let (joins, removals): (Vec<_>, Vec<_>) = answers
                .chunks(2)
                .map(|pair| (pair[0].clone(), pair[1].clone()))
                .unzip();
            assert_only(
                &joins,
                &[
                    (201, ""),
                    (409, "already_member"),
                    (409, "concurrent_change"),
                ],
                "joins",
            );
            assert_only(
                &removals,
                &[(204, ""), (404, "not_member"), (409, "concurrent_change")],
                "removals",
            );
            let (_, body) = server
                .get(&format!("/api/groups/{group}"), Some(&owner))
                .await;
            let listed = body["group"]["members"]
                .as_array()
                .map(Vec::len)
                .unwrap_or(0) as i64;
            assert_eq!(
                body["group"]["member_count"], listed,
                "round {round}: {body}"
            );
            assert_eq!(membership_rows(&server, group).await, listed);
            assert_consistent(&server).await;
        }
    }
);
