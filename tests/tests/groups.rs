//! Groups over HTTP, as API.md "Groups" and PRODUCT-SPEC §2–§8 describe them, on SQLite
//! and on Postgres: creating, reading, editing, deleting; joining, requests, leaving;
//! roles, removals, transfers and the moderation log.

mod support;

use serde_json::{json, Value};
use support::groups::{add_member, approve, assert_consistent, create_group, request, set_role};
use support::{assert_error, PASSWORD};

/// The fields of a group object, exactly (API.md "Objects").
const GROUP_FIELDS: [&str; 17] = [
    "created_at",
    "description",
    "genre_tags",
    "genres",
    "id",
    "is_member",
    "is_owner",
    "member_count",
    "name",
    "owner_id",
    "owner_name",
    "poster_url",
    "role",
    "tags",
    "theme_id",
    "visibility",
    "members",
];

fn keys(object: &Value) -> Vec<String> {
    let mut keys: Vec<String> = object
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

fn expected_keys(with_members: bool) -> Vec<String> {
    let mut keys: Vec<String> = GROUP_FIELDS
        .iter()
        .filter(|k| with_members || **k != "members")
        .map(|k| (*k).to_owned())
        .collect();
    keys.sort();
    keys
}

on_both_backends!(
    a_group_is_created_read_edited_and_deleted_by_its_owner,
    |server| {
        let (owner, owner_id) = server.register("aino", PASSWORD).await;
        let (other, _) = server.register("bertta", PASSWORD).await;

        let (status, body) = server
            .post("/api/groups", None, json!({"name": "Nobody's"}))
            .await;
        assert_error(status, &body, 401, "unauthorized");

        let (status, body) = server
            .post(
                "/api/groups",
                Some(&owner),
                json!({
                    "name": "  Elokuvakerho  ",
                    "description": "  Suomalaista elokuvaa.  ",
                    "visibility": "private",
                    "theme_id": 2,
                    "tags": [80, 18, 80],
                    "poster_url": "https://example.fi/kerho.jpg"
                }),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["success"], true);
        let group = &body["group"];
        assert_eq!(keys(group), expected_keys(true), "{group}");
        assert_eq!(group["name"], "Elokuvakerho");
        assert_eq!(group["description"], "Suomalaista elokuvaa.");
        assert_eq!(group["visibility"], "private");
        assert_eq!(group["theme_id"], 2);
        assert_eq!(group["tags"], json!([18, 80]));
        assert_eq!(group["genre_tags"], json!(["Drama", "Crime"]));
        assert_eq!(
            group["genres"],
            json!([{"genre_id": 18, "genre_name": "Drama"}, {"genre_id": 80, "genre_name": "Crime"}])
        );
        assert_eq!(group["poster_url"], "https://example.fi/kerho.jpg");
        assert_eq!(group["member_count"], 1);
        assert_eq!(
            (group["owner_id"].as_i64(), group["owner_name"].as_str()),
            (Some(owner_id), Some("aino"))
        );
        assert_eq!(
            (
                group["role"].as_str(),
                group["is_owner"].as_bool(),
                group["is_member"].as_bool()
            ),
            (Some("owner"), Some(true), Some(true))
        );
        assert_eq!(group["members"][0]["id"], owner_id);
        assert_eq!(group["members"][0]["role"], "owner");
        assert!(
            group["created_at"]
                .as_str()
                .is_some_and(|t| t.ends_with('Z')),
            "{group}"
        );
        let id = group["id"].as_i64().expect("id");

        // Names are unique in any letter case.
        let (status, body) = server
            .post("/api/groups", Some(&other), json!({"name": "ELOKUVAKERHO"}))
            .await;
        assert_error(status, &body, 409, "group_name_taken");
        assert_eq!(body["message"], "A group with this name already exists.");

        for (request, field, code) in [
            (json!({"name": "   "}), "name", "invalid_group_name"),
            (
                json!({"name": "x".repeat(61)}),
                "name",
                "invalid_group_name",
            ),
            (
                json!({"name": "A", "description": "d".repeat(2001)}),
                "description",
                "invalid_description",
            ),
            (
                json!({"name": "A", "visibility": "secret"}),
                "visibility",
                "invalid_visibility",
            ),
            (
                json!({"name": "A", "theme_id": 5}),
                "theme_id",
                "invalid_theme",
            ),
            (
                json!({"name": "A", "tags": [4242]}),
                "tags",
                "invalid_genres",
            ),
            (
                json!({"name": "A", "poster_url": "javascript:alert(1)"}),
                "poster_url",
                "invalid_poster_url",
            ),
            (
                json!({"name": "A", "tags": "18"}),
                "tags",
                "validation_error",
            ),
            (json!({}), "name", "validation_error"),
        ] {
            let (status, body) = server
                .post("/api/groups", Some(&other), request.clone())
                .await;
            assert_error(status, &body, 400, code);
            assert_eq!(body["field"], field, "{request}: {body}");
        }

        // Visitors and outsiders see a private group's public facts, not its members.
        for token in [None, Some(other.as_str())] {
            let (status, body) = server.get(&format!("/api/groups/{id}"), token).await;
            assert_eq!(status, 200, "{body}");
            let group = &body["group"];
            assert_eq!(keys(group), expected_keys(false), "{group}");
            assert_eq!(group["name"], "Elokuvakerho");
            assert_eq!(group["member_count"], 1);
            assert_eq!(group["role"], "none");
            assert_eq!(group["is_member"], false);
        }
        let (status, body) = server.get("/api/groups/987654", None).await;
        assert_error(status, &body, 404, "group_not_found");
        assert_eq!(body["message"], "Group not found.");
        let (status, body) = server.get("/api/groups/abc", None).await;
        assert_error(status, &body, 400, "invalid_parameter");

        // Edits: the owner's, only what is sent.
        let path = format!("/api/groups/{id}");
        let (status, body) = server
            .put(&path, Some(&other), json!({"description": "Mine now"}))
            .await;
        assert_error(status, &body, 403, "owner_required");
        let (status, body) = server.put(&path, Some(&owner), json!({})).await;
        assert_error(status, &body, 400, "no_changes");
        assert_eq!(body["message"], "No changes to update.");
        let (status, body) = server
            .put(
                &path,
                Some(&owner),
                json!({"description": "Uutta.", "visibility": "public", "poster_url": ""}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["group"]["description"], "Uutta.");
        assert_eq!(body["group"]["visibility"], "public");
        assert_eq!(body["group"]["poster_url"], Value::Null);
        assert_eq!(body["group"]["name"], "Elokuvakerho", "untouched");
        assert_eq!(body["group"]["tags"], json!([18, 80]), "untouched");
        create_group(&server, &other, json!({"name": "Toinen"})).await;
        let (status, body) = server
            .put(&path, Some(&owner), json!({"name": "toinen"}))
            .await;
        assert_error(status, &body, 409, "group_name_taken");

        let (status, body) = server.get("/api/groups/themes", None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["themes"],
            json!([{"id": 1, "name": "blue"}, {"id": 2, "name": "green"}, {"id": 3, "name": "purple"}, {"id": 4, "name": "orange"}])
        );

        let (status, body) = server.delete(&path, Some(&other), None).await;
        assert_error(status, &body, 403, "owner_required");
        let (status, body) = server.delete(&path, Some(&owner), None).await;
        assert_eq!(status, 204, "{body}");
        let (status, body) = server.get(&path, Some(&owner)).await;
        assert_error(status, &body, 404, "group_not_found");
        let (status, body) = server.delete(&path, Some(&owner), None).await;
        assert_error(status, &body, 404, "group_not_found");
        assert_consistent(&server).await;
    }
);

on_both_backends!(
    joining_requests_approvals_and_leaving_follow_the_spec,
    |server| {
        let (owner, _) = server.register("omistaja", PASSWORD).await;
        let (joiner, joiner_id) = server.register("liittyja", PASSWORD).await;
        let (asker, asker_id) = server.register("kysyja", PASSWORD).await;

        let public = create_group(&server, &owner, json!({"name": "Avoin"})).await;
        let (status, body) = server
            .post(
                &format!("/api/groups/{public}/join"),
                Some(&joiner),
                json!({}),
            )
            .await;
        assert_eq!(
            (status, body["role"].as_str()),
            (201, Some("member")),
            "{body}"
        );
        let (status, body) = server
            .post(
                &format!("/api/groups/{public}/join"),
                Some(&joiner),
                json!({}),
            )
            .await;
        assert_error(status, &body, 409, "already_member");
        assert_eq!(body["message"], "You are already a member of this group.");
        let (status, body) = server
            .post(
                &format!("/api/groups/{public}/join"),
                Some(&owner),
                json!({}),
            )
            .await;
        assert_error(status, &body, 409, "already_owner");
        assert_eq!(body["message"], "You already own this group.");
        let (status, body) = server
            .post(&format!("/api/groups/{public}/join"), None, json!({}))
            .await;
        assert_error(status, &body, 401, "unauthorized");
        // A request to a public group joins at once.
        let (status, body) = server
            .post(
                &format!("/api/groups/{public}/request-join"),
                Some(&asker),
                json!({}),
            )
            .await;
        assert_eq!(
            (status, body["role"].as_str()),
            (201, Some("member")),
            "{body}"
        );

        let private = create_group(
            &server,
            &owner,
            json!({"name": "Suljettu", "visibility": "private"}),
        )
        .await;
        let base = format!("/api/groups/{private}");
        let (status, body) = server
            .post(&format!("{base}/join"), Some(&joiner), json!({}))
            .await;
        assert_error(status, &body, 403, "join_request_required");
        let (status, body) = server
            .post(&format!("{base}/request-join"), Some(&asker), json!({}))
            .await;
        assert_eq!(
            (status, body["role"].as_str()),
            (201, Some("pending")),
            "{body}"
        );
        let (status, body) = server
            .post(&format!("{base}/request-join"), Some(&asker), json!({}))
            .await;
        assert_error(status, &body, 409, "already_pending");
        assert_eq!(body["message"], "Join request is already pending.");
        let (status, body) = server.get(&base, Some(&asker)).await;
        assert_eq!(
            (status, body["group"]["role"].as_str()),
            (200, Some("pending"))
        );
        assert_eq!(body["group"]["is_member"], false);
        assert!(body["group"].get("members").is_none(), "{body}");
        assert_eq!(
            body["group"]["member_count"], 1,
            "pending requests are not counted"
        );

        let (status, body) = server.get(&format!("{base}/members"), Some(&asker)).await;
        assert_error(status, &body, 403, "members_only");
        assert_eq!(
            body["message"],
            "You need to be in the group to view members."
        );
        let (status, body) = server
            .get(&format!("{base}/pending-requests"), Some(&asker))
            .await;
        assert_error(status, &body, 403, "moderator_required");
        let (status, body) = server
            .get(&format!("{base}/pending-requests"), Some(&owner))
            .await;
        assert_eq!(status, 200, "{body}");
        let requests = body["pendingRequests"].as_array().expect("list");
        assert_eq!(requests.len(), 1);
        assert_eq!(
            (
                requests[0]["user_id"].as_i64(),
                requests[0]["username"].as_str()
            ),
            (Some(asker_id), Some("kysyja"))
        );
        assert!(requests[0]["requested_at"].is_string());

        let (status, body) = server
            .put(
                &format!("{base}/members/{asker_id}/approve"),
                Some(&owner),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["member"]["id"], asker_id);
        assert_eq!(body["member"]["role"], "member");
        assert_eq!(body["member"]["username"], "kysyja");
        let (status, body) = server
            .put(
                &format!("{base}/members/{asker_id}/approve"),
                Some(&owner),
                json!({}),
            )
            .await;
        assert_error(status, &body, 409, "user_already_member");
        let (status, body) = server
            .put(
                &format!("{base}/members/{joiner_id}/approve"),
                Some(&owner),
                json!({}),
            )
            .await;
        assert_error(status, &body, 404, "no_pending_request");
        let (status, body) = server.get(&base, Some(&asker)).await;
        assert_eq!(body["group"]["member_count"], 2, "{body}");
        assert_eq!(body["group"]["members"].as_array().map(Vec::len), Some(2));
        assert_eq!(status, 200);

        // Leaving; the owner cannot.
        let (status, body) = server
            .delete(&format!("{base}/leave"), Some(&owner), None)
            .await;
        assert_error(status, &body, 409, "owner_cannot_leave");
        let (status, body) = server
            .delete(&format!("{base}/leave"), Some(&asker), None)
            .await;
        assert_eq!(status, 204, "{body}");
        let (status, body) = server
            .delete(&format!("{base}/leave"), Some(&asker), None)
            .await;
        assert_error(status, &body, 404, "not_member");

        // Withdrawing: the own route, and leave.
        request(&server, private, &joiner).await;
        let (status, body) = server
            .delete(&format!("{base}/request-join"), Some(&joiner), None)
            .await;
        assert_eq!(status, 204, "{body}");
        let (status, body) = server
            .delete(&format!("{base}/request-join"), Some(&joiner), None)
            .await;
        assert_error(status, &body, 404, "no_pending_request");
        request(&server, private, &joiner).await;
        let (status, body) = server
            .delete(&format!("{base}/leave"), Some(&joiner), None)
            .await;
        assert_eq!(status, 204, "leave withdraws a request: {body}");
        let (status, body) = server
            .get(&format!("{base}/pending-requests"), Some(&owner))
            .await;
        assert_eq!(body["pendingRequests"], json!([]), "{status} {body}");
        assert_consistent(&server).await;
    }
);

on_both_backends!(roles_removals_transfers_and_the_moderation_log, |server| {
    let (owner, owner_id) = server.register("owner", PASSWORD).await;
    let (moderator, moderator_id) = server.register("moderator", PASSWORD).await;
    let (other_mod, other_mod_id) = server.register("othermod", PASSWORD).await;
    let (plain, plain_id) = server.register("plain", PASSWORD).await;
    let (asker, asker_id) = server.register("asker", PASSWORD).await;
    let (heir, heir_id) = server.register("heir", PASSWORD).await;
    let group = create_group(
        &server,
        &owner,
        json!({"name": "Noir", "visibility": "private"}),
    )
    .await;
    let base = format!("/api/groups/{group}");
    for (token, id) in [
        (&moderator, moderator_id),
        (&other_mod, other_mod_id),
        (&plain, plain_id),
        (&heir, heir_id),
    ] {
        add_member(&server, group, &owner, token, id).await;
    }
    set_role(&server, group, &owner, moderator_id, "moderator").await;
    let (status, body) = server
        .put(
            &format!("{base}/members/{other_mod_id}/role"),
            Some(&moderator),
            json!({"role": "moderator"}),
        )
        .await;
    assert_error(status, &body, 403, "owner_required");
    set_role(&server, group, &owner, other_mod_id, "moderator").await;
    let (status, body) = server
        .put(
            &format!("{base}/members/{other_mod_id}/role"),
            Some(&owner),
            json!({"role": "moderator"}),
        )
        .await;
    assert_error(status, &body, 409, "already_moderator");
    let (status, body) = server
        .put(
            &format!("{base}/members/{plain_id}/role"),
            Some(&owner),
            json!({"role": "owner"}),
        )
        .await;
    assert_error(status, &body, 400, "invalid_role");

    // A moderator removes plain members only, and never themself.
    let (status, body) = server
        .delete(
            &format!("{base}/members/{other_mod_id}"),
            Some(&moderator),
            None,
        )
        .await;
    assert_error(status, &body, 403, "moderator_removes_members_only");
    let (status, body) = server
        .delete(
            &format!("{base}/members/{owner_id}"),
            Some(&moderator),
            None,
        )
        .await;
    assert_error(status, &body, 403, "cannot_remove_owner");
    let (status, body) = server
        .delete(
            &format!("{base}/members/{moderator_id}"),
            Some(&moderator),
            None,
        )
        .await;
    assert_error(status, &body, 409, "use_leave");
    assert_eq!(body["message"], "Use the leave button to remove yourself.");
    let (status, body) = server
        .delete(&format!("{base}/members/{plain_id}"), Some(&plain), None)
        .await;
    assert_error(status, &body, 409, "use_leave");
    let (status, body) = server
        .delete(
            &format!("{base}/members/{plain_id}"),
            Some(&moderator),
            None,
        )
        .await;
    assert_eq!(status, 204, "{body}");
    let (status, body) = server
        .delete(
            &format!("{base}/members/{plain_id}"),
            Some(&moderator),
            None,
        )
        .await;
    assert_error(status, &body, 404, "not_member");
    // Declining is removing a pending request.
    request(&server, group, &asker).await;
    let (status, body) = server
        .delete(
            &format!("{base}/members/{asker_id}"),
            Some(&moderator),
            None,
        )
        .await;
    assert_eq!(status, 204, "{body}");
    // The owner removes a moderator after demoting the other.
    set_role(&server, group, &owner, other_mod_id, "member").await;
    let (status, body) = server
        .delete(
            &format!("{base}/members/{moderator_id}"),
            Some(&owner),
            None,
        )
        .await;
    assert_eq!(status, 204, "{body}");

    // Transfer: the id may come as digits; the old owner becomes a moderator.
    for (user_id, status, code) in [
        (json!("abc"), 400, "validation_error"),
        (json!(asker_id), 409, "not_member"),
        (json!(owner_id), 409, "already_owner"),
    ] {
        let (got, body) = server
            .put(
                &format!("{base}/owner"),
                Some(&owner),
                json!({"user_id": user_id}),
            )
            .await;
        assert_error(got, &body, status, code);
    }
    let (status, body) = server
        .put(
            &format!("{base}/owner"),
            Some(&heir),
            json!({"user_id": heir_id}),
        )
        .await;
    assert_error(status, &body, 403, "owner_required");
    let (status, body) = server
        .put(
            &format!("{base}/owner"),
            Some(&owner),
            json!({"user_id": heir_id.to_string()}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["group"]["owner_id"], heir_id);
    assert_eq!(body["group"]["owner_name"], "heir");
    assert_eq!(body["group"]["role"], "moderator");
    assert_eq!(body["group"]["is_owner"], false);
    let (status, body) = server
        .delete(&format!("{base}/leave"), Some(&heir), None)
        .await;
    assert_error(status, &body, 409, "owner_cannot_leave");

    // The log: every moderation action, newest first, for owner and moderators only.
    let (status, body) = server.get(&format!("{base}/modlog"), Some(&plain)).await;
    assert_error(status, &body, 403, "moderator_required");
    let (status, body) = server
        .get(&format!("{base}/modlog?limit=100"), Some(&owner))
        .await;
    assert_eq!(status, 200, "{body}");
    let actions: Vec<(&str, &str, &str)> = body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap_or(""),
                e["actor"].as_str().unwrap_or(""),
                e["target"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        actions,
        [
            ("transfer_group", "owner", "heir"),
            ("remove_member", "owner", "moderator"),
            ("demote_member", "owner", "othermod"),
            ("decline_request", "moderator", "asker"),
            ("remove_member", "moderator", "plain"),
            ("promote_member", "owner", "othermod"),
            ("promote_member", "owner", "moderator"),
            ("approve_request", "owner", "heir"),
            ("approve_request", "owner", "plain"),
            ("approve_request", "owner", "othermod"),
            ("approve_request", "owner", "moderator"),
        ]
    );
    let first = &body["entries"][0];
    assert_eq!(first["actor_id"], owner_id);
    assert_eq!(first["target_user_id"], heir_id);
    assert!(first["created_at"].is_string());
    assert_eq!(body["pagination"]["total"], 11);
    assert_consistent(&server).await;
});

on_both_backends!(lists_search_by_genres_and_a_users_groups, |server| {
    let (aino, aino_id) = server.register("aino", PASSWORD).await;
    let (bertta, bertta_id) = server.register("bertta", PASSWORD).await;
    let (cecilia, cecilia_id) = server.register("cecilia", PASSWORD).await;
    let kerho = create_group(
        &server,
        &aino,
        json!({"name": "Elokuvakerho", "tags": [18, 80]}),
    )
    .await;
    let aiti = create_group(
        &server,
        &aino,
        json!({"name": "Äiti ja minä", "visibility": "private", "tags": [35]}),
    )
    .await;
    let kauhu = create_group(
        &server,
        &bertta,
        json!({"name": "Kauhu", "description": "Kotimaisia elokuvaklassikoita"}),
    )
    .await;
    add_member(&server, aiti, &aino, &bertta, bertta_id).await;
    add_member(&server, aiti, &aino, &cecilia, cecilia_id).await;
    add_member(&server, kauhu, &bertta, &cecilia, cecilia_id).await;

    let names = |body: &Value, field: &str| -> Vec<String> {
        body[field]
            .as_array()
            .unwrap_or_else(|| panic!("{field}: {body}"))
            .iter()
            .map(|g| g["name"].as_str().unwrap_or("").to_owned())
            .collect()
    };
    let (status, body) = server.get("/api/groups/popular", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        names(&body, "data"),
        ["Äiti ja minä", "Kauhu", "Elokuvakerho"]
    );
    assert!(body["data"][0].get("members").is_none());
    let (_, body) = server
        .get("/api/groups/popular?limit=1", Some(&bertta))
        .await;
    assert_eq!(names(&body, "data"), ["Äiti ja minä"]);
    assert_eq!(body["data"][0]["role"], "member");
    let (status, body) = server.get("/api/groups/popular?limit=51", None).await;
    assert_error(status, &body, 400, "invalid_parameter");

    for (query, expected) in [
        ("elokuva", vec!["Elokuvakerho", "Kauhu"]),
        ("%C3%A4iti", vec!["Äiti ja minä"]),
        ("aiti", vec!["Äiti ja minä"]),
        ("KAUHU", vec!["Kauhu"]),
        ("zzz", vec![]),
    ] {
        let (status, body) = server
            .get(&format!("/api/groups/search?query={query}"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(names(&body, "groups"), expected, "{query}");
        assert_eq!(body["pagination"]["total"], expected.len(), "{query}");
    }
    let (_, body) = server
        .get("/api/groups/search?limit=2&offset=1", None)
        .await;
    assert_eq!(names(&body, "groups"), ["Kauhu", "Elokuvakerho"]);
    assert_eq!(body["pagination"]["total"], 3);

    let (_, body) = server.get("/api/groups/by-genres?genres=80,35", None).await;
    assert_eq!(names(&body, "groups"), ["Äiti ja minä", "Elokuvakerho"]);
    let (_, body) = server
        .get("/api/groups/by-genres?genres=18,80&matchType=all", None)
        .await;
    assert_eq!(names(&body, "groups"), ["Elokuvakerho"]);
    for (query, code) in [
        ("genres=", "invalid_genres"),
        ("genres=abc", "invalid_genres"),
        ("genres=4242", "invalid_genres"),
        ("genres=18&matchType=most", "invalid_parameter"),
    ] {
        let (status, body) = server
            .get(&format!("/api/groups/by-genres?{query}"), None)
            .await;
        assert_error(status, &body, 400, code);
    }

    // Cecilia's groups: the private one only to herself and fellow members.
    let path = format!("/api/groups/user/{cecilia_id}/groups");
    let (status, body) = server.get(&path, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(names(&body, "groups"), ["Kauhu"]);
    let (_, body) = server.get(&path, Some(&cecilia)).await;
    assert_eq!(names(&body, "groups"), ["Kauhu", "Äiti ja minä"]);
    let (_, body) = server.get(&path, Some(&bertta)).await;
    assert_eq!(names(&body, "groups"), ["Kauhu", "Äiti ja minä"]);
    let outsider = server.register("daniel", PASSWORD).await.0;
    let (_, body) = server.get(&path, Some(&outsider)).await;
    assert_eq!(names(&body, "groups"), ["Kauhu"]);
    let (_, body) = server
        .get(&format!("/api/groups/user/{aino_id}/groups"), Some(&aino))
        .await;
    assert_eq!(body["groups"][0]["role"], "owner");
    let (status, body) = server.get("/api/groups/user/987654/groups", None).await;
    assert_error(status, &body, 404, "user_not_found");
    let _ = kerho;
});

on_both_backends!(
    a_private_groups_favorites_and_activity_are_for_members,
    |server| {
        let (owner, _) = server.register("owner", PASSWORD).await;
        let (moderator, moderator_id) = server.register("moderator", PASSWORD).await;
        let (member, member_id) = server.register("member", PASSWORD).await;
        let (outsider, _) = server.register("outsider", PASSWORD).await;
        let group = create_group(
            &server,
            &owner,
            json!({"name": "Noir", "visibility": "private"}),
        )
        .await;
        add_member(&server, group, &owner, &moderator, moderator_id).await;
        add_member(&server, group, &owner, &member, member_id).await;
        set_role(&server, group, &owner, moderator_id, "moderator").await;

        let add = json!({"movie_id": 550, "type": 3, "group_id": group});
        let (status, body) = server
            .post("/api/favorites", Some(&member), add.clone())
            .await;
        assert_error(status, &body, 403, "favorites_forbidden");
        let (status, body) = server.post("/api/favorites", Some(&moderator), add).await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = server
            .post(
                "/api/reviews",
                Some(&member),
                json!({"movieId": 550, "rating": 4, "content": "Synkkä."}),
            )
            .await;
        assert_eq!(status, 201, "{body}");

        for path in [
            format!("/api/favorites/group/{group}"),
            format!("/api/reviews/group/{group}"),
        ] {
            let (status, body) = server.get(&path, Some(&outsider)).await;
            assert_error(status, &body, 403, "members_only");
            assert_eq!(
                body["message"],
                "This group\u{2019}s favorites and activity are visible to members only."
            );
            let (status, body) = server.get(&path, Some(&member)).await;
            assert_eq!(status, 200, "{path}: {body}");
        }
        let (_, body) = server
            .get(&format!("/api/reviews/group/{group}"), Some(&member))
            .await;
        assert_eq!(body["data"]["reviews"][0]["content"], "Synkkä.");

        // Removing a group favorite is a logged moderation action.
        let (status, body) = server
            .delete(
                &format!("/api/favorites/550/3/group/{group}"),
                Some(&moderator),
                None,
            )
            .await;
        assert_eq!(status, 204, "{body}");
        let (_, body) = server
            .get(&format!("/api/groups/{group}/modlog"), Some(&moderator))
            .await;
        assert_eq!(body["entries"][0]["action"], "remove_group_favorite");
        assert_eq!(body["entries"][0]["actor"], "moderator");
        assert_eq!(body["entries"][0]["target"], "Fight Club");
    }
);

on_both_backends!(
    a_deleted_owners_group_passes_to_the_longest_standing_moderator,
    |server| {
        let (owner, _) = server.register("leaving", PASSWORD).await;
        let (old_member, old_member_id) = server.register("oldmember", PASSWORD).await;
        let (first_mod, first_mod_id) = server.register("firstmod", PASSWORD).await;
        let (second_mod, second_mod_id) = server.register("secondmod", PASSWORD).await;
        let group = create_group(&server, &owner, json!({"name": "Perintö"})).await;
        let lonely = create_group(&server, &owner, json!({"name": "Yksin"})).await;
        add_member(&server, group, &owner, &old_member, old_member_id).await;
        add_member(&server, group, &owner, &first_mod, first_mod_id).await;
        add_member(&server, group, &owner, &second_mod, second_mod_id).await;
        set_role(&server, group, &owner, second_mod_id, "moderator").await;
        set_role(&server, group, &owner, first_mod_id, "moderator").await;

        let (status, body) = server
            .delete(
                "/api/users/profile",
                Some(&owner),
                Some(json!({"currentPassword": PASSWORD})),
            )
            .await;
        assert_eq!(status, 204, "{body}");
        let (status, body) = server
            .get(&format!("/api/groups/{group}"), Some(&first_mod))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["group"]["owner_id"], first_mod_id, "{body}");
        assert_eq!(body["group"]["role"], "owner");
        assert_eq!(body["group"]["member_count"], 3);
        let (status, body) = server.get(&format!("/api/groups/{lonely}"), None).await;
        assert_error(status, &body, 404, "group_not_found");
        let (_, body) = server
            .get(&format!("/api/groups/{group}/modlog"), Some(&first_mod))
            .await;
        assert_eq!(body["entries"][0]["action"], "transfer_group", "{body}");
        assert_eq!(body["entries"][0]["actor"], "leaving");
        assert_eq!(body["entries"][0]["target"], "firstmod");
        assert_consistent(&server).await;
        let _ = approve;
    }
);
