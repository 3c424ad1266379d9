//! Reports over HTTP (filing, the reporter's list) and their resolution with the real
//! `leffaseura-admin` binary against the same database, on SQLite and on Postgres. Movie
//! 550 is Fight Club in the bundled demo catalog.

mod support;

use serde_json::{json, Value};
use support::groups::create_group;
use support::{assert_error, PASSWORD};

async fn write_review(server: &support::TestServer, token: &str) -> i64 {
    let (status, body) = server
        .post(
            "/api/reviews",
            Some(token),
            json!({"movieId": 550, "rating": 1, "content": "Buy cheap pills at example.com"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["review"]["id"].as_i64().expect("review id")
}

async fn report(
    server: &support::TestServer,
    token: &str,
    target_type: &str,
    target_id: Value,
    reason: &str,
) -> (u16, Value) {
    server
        .post(
            "/api/reports",
            Some(token),
            json!({"target_type": target_type, "target_id": target_id, "reason": reason}),
        )
        .await
}

async fn mine(server: &support::TestServer, token: &str) -> Vec<Value> {
    let (status, body) = server.get("/api/reports/mine", Some(token)).await;
    assert_eq!(status, 200, "{body}");
    body["reports"].as_array().expect("reports").clone()
}

fn json_of(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|err| panic!("not JSON ({err}): {stdout}"))
}

on_both_backends!(
    a_report_is_filed_once_and_listed_as_open_for_its_reporter,
    |server| {
        let (spammer, spammer_id) = server.register("spammer", PASSWORD).await;
        let (anna, _) = server.register("anna", PASSWORD).await;
        let review = write_review(&server, &spammer).await;

        let (status, body) = server
            .post(
                "/api/reports",
                Some(&anna),
                json!({"target_type": "review", "target_id": review.to_string(),
                   "reason": "spam", "note": "  links to a pill shop  "}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["success"], true);
        let filed = &body["report"];
        assert_eq!(filed["target_type"], "review");
        assert_eq!(filed["target_id"], review);
        assert_eq!(filed["target_label"], "spammer on Fight Club");
        assert_eq!(filed["reason"], "spam");
        assert_eq!(filed["note"], "links to a pill shop");
        assert_eq!(filed["status"], "open");
        assert_eq!(filed["resolution"], Value::Null);
        assert_eq!(filed["resolved_at"], Value::Null);

        // The same target again, for any reason, while the first is open.
        let (status, body) = report(&server, &anna, "review", json!(review), "abuse").await;
        assert_error(status, &body, 409, "report_already_open");

        // A user and a group can be reported too; ids may be digit strings.
        let group = create_group(&server, &spammer, json!({"name": "Pill Club"})).await;
        let (status, body) =
            report(&server, &anna, "group", json!(group.to_string()), "other").await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = report(&server, &anna, "user", json!(spammer_id), "abuse").await;
        assert_eq!(status, 201, "{body}");

        let listed = mine(&server, &anna).await;
        let kinds: Vec<&str> = listed
            .iter()
            .map(|r| r["target_type"].as_str().expect("present"))
            .collect();
        assert_eq!(kinds, ["user", "group", "review"], "newest first");
        assert!(listed.iter().all(|r| r["status"] == "open"));
        assert!(
            mine(&server, &spammer).await.is_empty(),
            "only the caller's own"
        );
        let (status, body) = server.get("/api/reports/mine", None).await;
        assert_error(status, &body, 401, "unauthorized");
    }
);

on_both_backends!(
    own_content_unknown_targets_and_bad_bodies_are_refused,
    |server| {
        let (anna, anna_id) = server.register("anna", PASSWORD).await;
        let review = write_review(&server, &anna).await;
        let group = create_group(&server, &anna, json!({"name": "Anna's Club"})).await;
        for (kind, id) in [("user", anna_id), ("review", review), ("group", group)] {
            let (status, body) = report(&server, &anna, kind, json!(id), "spam").await;
            assert_error(status, &body, 403, "cannot_report_self");
        }
        for (kind, code) in [
            ("user", "user_not_found"),
            ("review", "review_not_found"),
            ("group", "group_not_found"),
        ] {
            let (status, body) = report(&server, &anna, kind, json!(987_654), "spam").await;
            assert_error(status, &body, 404, code);
        }
        let (status, body) = report(&server, &anna, "movie", json!(550), "spam").await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = report(&server, &anna, "user", json!(1), "boring").await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = report(&server, &anna, "user", json!("1a"), "spam").await;
        assert_eq!(status, 400, "{body}");
        let (_, other_id) = server.register("other", PASSWORD).await;
        for note in ["x".repeat(501), "bad\u{0}note".to_owned()] {
            let (status, body) = server
            .post(
                "/api/reports",
                Some(&anna),
                json!({"target_type": "user", "target_id": other_id, "reason": "other", "note": note}),
            )
            .await;
            assert_error(status, &body, 400, "validation_error");
            assert_eq!(body["field"], "note", "{body}");
        }
        let (status, body) = server
            .post(
                "/api/reports",
                None,
                json!({"target_type": "user", "target_id": other_id, "reason": "spam"}),
            )
            .await;
        assert_error(status, &body, 401, "unauthorized");
        assert!(mine(&server, &anna).await.is_empty(), "nothing was filed");
    }
);

on_both_backends!(
    the_eleventh_report_within_an_hour_is_rate_limited,
    |server| {
        let (anna, _) = server.register("anna", PASSWORD).await;
        let mut targets = Vec::new();
        for n in 0..11 {
            targets.push(server.register(&format!("user{n}"), PASSWORD).await.1);
        }
        for target in &targets[..10] {
            let (status, body) = report(&server, &anna, "user", json!(target), "spam").await;
            assert_eq!(status, 201, "{body}");
        }
        let response = server
            .client
            .post(server.url("/api/reports"))
            .bearer_auth(&anna)
            .json(&json!({"target_type": "user", "target_id": targets[10], "reason": "spam"}))
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        // The first of the ten leaves the hour's window in just under an hour.
        let retry_after: u64 = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok())
            .expect("a Retry-After in seconds");
        assert!((3000..=3600).contains(&retry_after), "{retry_after}");
        let body: Value = response.json().await.expect("a JSON body");
        assert_error(status, &body, 429, "too_many_reports");
        assert_eq!(mine(&server, &anna).await.len(), 10);
    }
);

on_both_backends!(
    an_admin_deletes_the_reported_review_and_the_reporters_see_it_handled,
    |server| {
        let (spammer, spammer_id) = server.register("spammer", PASSWORD).await;
        let (anna, _) = server.register("anna", PASSWORD).await;
        let (bob, _) = server.register("bob", PASSWORD).await;
        let review = write_review(&server, &spammer).await;
        let (_, first) = report(&server, &anna, "review", json!(review), "spam").await;
        let (_, second) = report(&server, &bob, "review", json!(review), "abuse").await;
        let (_, unrelated) = report(&server, &bob, "user", json!(spammer_id), "spam").await;
        let first = first["report"]["id"].as_i64().expect("id").to_string();
        let second = second["report"]["id"].as_i64().expect("id").to_string();

        let (code, stdout, stderr) = server
            .admin(&[
                "reports",
                "list",
                "--status",
                "open",
                "--target-type",
                "review",
                "--json",
            ])
            .await;
        assert_eq!(code, 0, "{stderr}");
        let listed = json_of(&stdout);
        assert_eq!(listed["pagination"]["total"], 2, "{stdout}");
        let (code, stdout, _) = server.admin(&["reports", "show", &first]).await;
        assert_eq!(code, 0);
        assert!(stdout.contains("spammer on Fight Club"), "{stdout}");

        // Bad input, an unknown report, and a deletion nobody confirmed.
        let (code, _, stderr) = server.admin(&["reports", "show", "98765"]).await;
        assert_eq!(code, 3, "{stderr}");
        assert_eq!(
            stderr.trim().lines().last(),
            Some("error: No report with id 98765."),
            "{stderr}"
        );
        let (code, _, _) = server
            .admin(&[
                "reports", "resolve", &first, "--action", "explode", "--reason", "x",
            ])
            .await;
        assert_eq!(code, 2);
        let (code, _, _) = server
            .admin(&[
                "reports", "resolve", &first, "--action", "dismiss", "--until", "7d", "--reason",
                "x",
            ])
            .await;
        assert_eq!(code, 2, "--until only with ban-user");
        let (code, _, stderr) = server
            .admin(&[
                "reports",
                "resolve",
                &first,
                "--action",
                "delete-group",
                "--reason",
                "x",
                "--yes",
            ])
            .await;
        assert_eq!(code, 2, "a review report cannot delete a group: {stderr}");
        let (code, _, stderr) = server
            .admin(&[
                "reports",
                "resolve",
                &first,
                "--action",
                "delete-review",
                "--reason",
                "spam",
            ])
            .await;
        assert_eq!(code, 2, "no terminal, no --yes: {stderr}");
        assert!(stderr.contains("--yes"), "{stderr}");
        let (status, _) = server.get(&format!("/api/reviews/{review}"), None).await;
        assert_eq!(status, 200, "still there");

        let (code, stdout, stderr) = server
            .admin(&[
                "reports",
                "resolve",
                &first,
                "--action",
                "delete-review",
                "--reason",
                "pill spam",
                "--yes",
                "--json",
                "--as",
                "mod-anna",
            ])
            .await;
        assert_eq!(code, 0, "{stderr}");
        let resolved = json_of(&stdout);
        assert_eq!(resolved["resolved"], 2, "{stdout}");
        assert_eq!(resolved["action"], "delete_review");
        assert_eq!(resolved["report"]["resolution"], "review_deleted");
        assert_eq!(resolved["report"]["resolved_by"], "mod-anna");
        let (status, body) = server.get(&format!("/api/reviews/{review}"), None).await;
        assert_error(status, &body, 404, "review_not_found");

        // Both reporters see it handled; the unrelated report stays open.
        for token in [&anna, &bob] {
            let handled: Vec<Value> = mine(&server, token)
                .await
                .into_iter()
                .filter(|r| r["target_type"] == "review")
                .collect();
            assert_eq!(handled.len(), 1);
            assert_eq!(handled[0]["status"], "resolved");
            assert_eq!(handled[0]["resolution"], "review_deleted");
            assert!(handled[0]["resolved_at"].is_string());
        }
        let bobs = mine(&server, &bob).await;
        assert!(bobs
            .iter()
            .any(|r| r["id"] == unrelated["report"]["id"] && r["status"] == "open"));

        // Resolving again is a conflict; the log names the admin, the reason and the report.
        let (code, _, stderr) = server
            .admin(&[
                "reports", "resolve", &second, "--action", "dismiss", "--reason", "again",
            ])
            .await;
        assert_eq!(code, 4, "{stderr}");
        let (code, stdout, _) = server
            .admin(&["modlog", "list", "--action", "delete_review", "--json"])
            .await;
        assert_eq!(code, 0);
        let log = json_of(&stdout);
        let entry = &log["entries"][0];
        assert_eq!(entry["actor"], "mod-anna", "{stdout}");
        assert_eq!(
            entry["reason"],
            format!("pill spam (report {first})"),
            "{stdout}"
        );
        // A new report on the same (now deleted) target is refused as not found.
        let (status, body) = report(&server, &anna, "review", json!(review), "spam").await;
        assert_error(status, &body, 404, "review_not_found");
    }
);

on_both_backends!(
    a_ban_and_a_dismissal_resolve_through_the_admin_commands,
    |server| {
        let (troll, troll_id) = server.register("troll", PASSWORD).await;
        let (anna, _) = server.register("anna", PASSWORD).await;
        let (bob, bob_id) = server.register("bob", PASSWORD).await;
        let (_, on_troll) = report(&server, &anna, "user", json!(troll_id), "abuse").await;
        let (_, on_bob) = report(&server, &anna, "user", json!(bob_id), "other").await;
        let on_troll = on_troll["report"]["id"]
            .as_i64()
            .expect("present")
            .to_string();
        let on_bob = on_bob["report"]["id"]
            .as_i64()
            .expect("present")
            .to_string();

        let (code, stdout, stderr) = server
            .admin(&[
                "reports", "resolve", &on_troll, "--action", "ban-user", "--reason", "insults",
            ])
            .await;
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("user_banned"), "{stdout}");
        let (status, body) = server.get("/api/users/profile", Some(&troll)).await;
        assert_error(status, &body, 401, "account_banned");
        let (code, stdout, _) = server
            .admin(&["users", "show", &troll_id.to_string(), "--json"])
            .await;
        assert_eq!(code, 0);
        assert!(
            json_of(&stdout)["banned_until"].is_string(),
            "a week by default: {stdout}"
        );

        let (code, _, stderr) = server
            .admin(&[
                "reports",
                "resolve",
                &on_bob,
                "--action",
                "dismiss",
                "--reason",
                "not abuse",
            ])
            .await;
        assert_eq!(code, 0, "{stderr}");
        let (status, _) = server.get("/api/users/profile", Some(&bob)).await;
        assert_eq!(status, 200, "a dismissal does nothing to the user");
        let (code, stdout, _) = server.admin(&["modlog", "list", "--json"]).await;
        assert_eq!(code, 0);
        let actions: Vec<String> = json_of(&stdout)["entries"]
            .as_array()
            .expect("present")
            .iter()
            .map(|e| e["action"].as_str().expect("present").to_owned())
            .collect();
        assert_eq!(actions, ["dismiss_report", "ban_user"], "{stdout}");

        let (code, stdout, _) = server
            .admin(&["reports", "list", "--status", "resolved", "--json"])
            .await;
        assert_eq!(code, 0);
        assert_eq!(json_of(&stdout)["pagination"]["total"], 2);
        let statuses: Vec<String> = mine(&server, &anna)
            .await
            .iter()
            .map(|r| r["resolution"].as_str().unwrap_or("open").to_owned())
            .collect();
        assert_eq!(statuses, ["dismissed", "user_banned"]);
    }
);
