//! Group watch parties over HTTP (issue 13 §1), on SQLite and on Postgres: who plans,
//! confirms, answers and cancels; deadlines and started shows; private groups; the `.ics`
//! download and the group's calendar feed, both read back with the `icalendar` parser.

mod support;

use serde_json::{json, Value};
use support::groups::{add_member, create_group, private_group, set_role};
use support::parties::{millis_in, plan, show_in, sql};
use support::{assert_error, TestServer, PASSWORD};

struct Club {
    group: i64,
    owner: String,
    moderator: String,
    member: (String, i64),
    outsider: String,
}

/// A private group with an owner, a moderator, a member and an outsider.
async fn club(server: &TestServer) -> Club {
    let (owner, _) = server.register("owner", PASSWORD).await;
    let (moderator, moderator_id) = server.register("moderator", PASSWORD).await;
    let (member, member_id) = server.register("member", PASSWORD).await;
    let (outsider, _) = server.register("outsider", PASSWORD).await;
    let group = private_group(server, &owner, "Friday Films").await;
    add_member(server, group, &owner, &moderator, moderator_id).await;
    add_member(server, group, &owner, &member, member_id).await;
    set_role(server, group, &owner, moderator_id, "moderator").await;
    Club {
        group,
        owner,
        moderator,
        member: (member, member_id),
        outsider,
    }
}

fn party_path(party: &Value, rest: &str) -> String {
    format!(
        "/api/parties/{}{rest}",
        party["id"].as_i64().expect("party id")
    )
}

async fn answer(server: &TestServer, party: &Value, token: &str, what: &str) -> (u16, Value) {
    server
        .put(
            &party_path(party, "/rsvp"),
            Some(token),
            json!({"answer": what}),
        )
        .await
}

fn counts(party: &Value) -> (i64, i64, i64) {
    let c = &party["counts"];
    (
        c["going"].as_i64().expect("going"),
        c["maybe"].as_i64().expect("maybe"),
        c["not_going"].as_i64().expect("not_going"),
    )
}

on_both_backends!(
    managers_schedule_members_propose_and_outsiders_cannot,
    |server| {
        let c = club(&server).await;
        let path = format!("/api/groups/{}/parties", c.group);
        let body = json!({"show": show_in(48), "note": "Lobby bar, 18:30"});

        let (status, answer) = server.post(&path, None, body.clone()).await;
        assert_error(status, &answer, 401, "unauthorized");
        let (status, answer) = server.post(&path, Some(&c.outsider), body.clone()).await;
        assert_error(status, &answer, 403, "members_only");

        let scheduled = plan(&server, c.group, &c.moderator, body.clone()).await;
        assert_eq!(scheduled["status"], "scheduled");
        assert_eq!(scheduled["note"], "Lobby bar, 18:30");
        assert_eq!(scheduled["show"]["theatre"], "Tennispalatsi, Helsinki");
        assert_eq!(scheduled["show"]["tmdbId"], 693_134);
        assert_eq!(scheduled["group_name"], "Friday Films");
        assert_eq!(scheduled["can_cancel"], true);

        let proposal = plan(&server, c.group, &c.member.0, body.clone()).await;
        assert_eq!(proposal["status"], "proposed");
        assert_eq!(proposal["can_confirm"], false);
        let (status, answer) = server
            .post(
                &party_path(&proposal, "/confirm"),
                Some(&c.member.0),
                json!({}),
            )
            .await;
        assert_error(status, &answer, 403, "moderator_required");
        let (status, answer) = server
            .post(
                &party_path(&proposal, "/confirm"),
                Some(&c.owner),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["party"]["status"], "scheduled");
        let (status, answer) = server
            .post(
                &party_path(&proposal, "/confirm"),
                Some(&c.owner),
                json!({}),
            )
            .await;
        assert_error(status, &answer, 409, "not_proposed");

        // Bad inputs, each with its status and code: outside the schema, or against the
        // clock and the show.
        let bad = [
            (json!({"show": show_in(-1)}), 409, "show_started"),
            (
                json!({"show": {"id": 1, "eventId": 2, "title": " ", "theatre": "T", "theatreId": 3,
                "auditorium": "1", "start": show_in(5)["start"]}}),
                400,
                "validation_error",
            ),
            (
                json!({"show": show_in(48), "note": "x".repeat(1001)}),
                400,
                "validation_error",
            ),
            (
                json!({"show": show_in(48), "rsvp_deadline": show_in(49)["start"]}),
                409,
                "invalid_deadline",
            ),
            (
                json!({"show": show_in(48), "rsvp_deadline": show_in(-2)["start"]}),
                409,
                "invalid_deadline",
            ),
        ];
        for (body, expected, code) in bad {
            let (status, answer) = server.post(&path, Some(&c.owner), body).await;
            assert_error(status, &answer, expected, code);
        }
        let (status, answer) = server
            .post(
                "/api/groups/999999/parties",
                Some(&c.owner),
                json!({"show": show_in(5)}),
            )
            .await;
        assert_error(status, &answer, 404, "group_not_found");
    }
);

on_both_backends!(members_answer_and_counts_follow, |server| {
    let c = club(&server).await;
    let party = plan(&server, c.group, &c.owner, json!({"show": show_in(24)})).await;
    for (token, what) in [
        (&c.member.0, "going"),
        (&c.moderator, "maybe"),
        (&c.owner, "not_going"),
    ] {
        let (status, body) = answer(&server, &party, token, what).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["party"]["my_answer"], what);
    }
    let (_, body) = answer(&server, &party, &c.member.0, "maybe").await;
    assert_eq!(counts(&body["party"]), (0, 2, 1));
    let names: Vec<&str> = body["party"]["answers"]
        .as_array()
        .expect("answers")
        .iter()
        .filter_map(|a| a["username"].as_str())
        .collect();
    assert_eq!(names.len(), 3);
    assert!(names.contains(&"member"));

    let (status, body) = answer(&server, &party, &c.member.0, "yes").await;
    assert_error(status, &body, 400, "validation_error");
    let (status, body) = answer(&server, &party, &c.outsider, "going").await;
    assert_error(status, &body, 403, "members_only");
    let (status, body) = server
        .put(
            "/api/parties/999999/rsvp",
            Some(&c.owner),
            json!({"answer": "going"}),
        )
        .await;
    assert_error(status, &body, 404, "party_not_found");

    // The deadline passes.
    let id = party["id"].as_i64().expect("id");
    sql(
        &server,
        "UPDATE watch_parties SET rsvp_deadline = $1 WHERE id = $2",
        &[millis_in(-1), id],
    )
    .await;
    let (status, body) = answer(&server, &party, &c.member.0, "going").await;
    assert_error(status, &body, 409, "rsvp_closed");

    // The show starts: no answers, no cancelling, and the party is history.
    sql(
        &server,
        "UPDATE watch_parties SET rsvp_deadline = NULL, starts_at = $1 WHERE id = $2",
        &[millis_in(-5), id],
    )
    .await;
    let (status, body) = answer(&server, &party, &c.member.0, "going").await;
    assert_error(status, &body, 409, "rsvp_closed");
    let (status, body) = server
        .post(&party_path(&party, "/cancel"), Some(&c.owner), json!({}))
        .await;
    assert_error(status, &body, 409, "party_past");
    let list = |when: &'static str| {
        let server = &server;
        let token = c.member.0.clone();
        let group = c.group;
        async move {
            let (status, body) = server
                .get(
                    &format!("/api/groups/{group}/parties?when={when}"),
                    Some(&token),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            body["parties"].as_array().expect("parties").len()
        }
    };
    assert_eq!(list("upcoming").await, 0);
    assert_eq!(list("past").await, 1);
    let (_, body) = server.get(&party_path(&party, ""), Some(&c.member.0)).await;
    assert_eq!(body["party"]["past"], true);
});

on_both_backends!(
    cancelling_needs_the_creator_or_a_manager_and_members_see_why,
    |server| {
        let c = club(&server).await;
        let theirs = plan(&server, c.group, &c.moderator, json!({"show": show_in(30)})).await;
        let (status, body) = server
            .post(
                &party_path(&theirs, "/cancel"),
                Some(&c.member.0),
                json!({"reason": "no"}),
            )
            .await;
        assert_error(status, &body, 403, "moderator_required");
        let (status, body) = server
            .post(
                &party_path(&theirs, "/cancel"),
                Some(&c.owner),
                json!({"reason": "x".repeat(501)}),
            )
            .await;
        assert_error(status, &body, 400, "validation_error");
        let (status, body) = server
            .post(
                &party_path(&theirs, "/cancel"),
                Some(&c.owner),
                json!({"reason": "Sold out"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, seen) = server
            .get(&party_path(&theirs, ""), Some(&c.member.0))
            .await;
        assert_eq!(seen["party"]["status"], "cancelled");
        assert_eq!(seen["party"]["cancel_reason"], "Sold out");
        let (status, body) = answer(&server, &theirs, &c.member.0, "going").await;
        assert_error(status, &body, 409, "party_cancelled");
        let (status, body) = server
            .post(&party_path(&theirs, "/cancel"), Some(&c.owner), json!({}))
            .await;
        assert_error(status, &body, 409, "party_cancelled");

        // A member withdraws their own proposal.
        let mine = plan(&server, c.group, &c.member.0, json!({"show": show_in(30)})).await;
        let (status, body) = server
            .post(&party_path(&mine, "/cancel"), Some(&c.member.0), json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["party"]["cancel_reason"], "");

        // The homepage list holds the member's next parties that are on.
        let on = plan(&server, c.group, &c.owner, json!({"show": show_in(10)})).await;
        let (status, body) = server.get("/api/users/me/parties", Some(&c.member.0)).await;
        assert_eq!(status, 200, "{body}");
        let ids: Vec<&Value> = body["parties"]
            .as_array()
            .expect("parties")
            .iter()
            .map(|p| &p["id"])
            .collect();
        assert_eq!(ids, [&on["id"]]);
        let (status, body) = server.get("/api/users/me/parties", Some(&c.outsider)).await;
        assert_eq!(status, 200);
        assert_eq!(body["parties"], json!([]));
        let (status, body) = server.get("/api/users/me/parties", None).await;
        assert_error(status, &body, 401, "unauthorized");
    }
);

on_both_backends!(
    private_parties_are_for_members_public_ones_for_everyone,
    |server| {
        let c = club(&server).await;
        let party = plan(&server, c.group, &c.owner, json!({"show": show_in(20)})).await;
        let list = format!("/api/groups/{}/parties", c.group);
        for token in [None, Some(c.outsider.as_str())] {
            let (status, body) = server.get(&list, token).await;
            assert_error(status, &body, 403, "members_only");
            let (status, body) = server.get(&party_path(&party, ""), token).await;
            assert_error(status, &body, 403, "members_only");
            let response = server.fetch(&party_path(&party, "/calendar.ics")).await;
            assert_eq!(response.status().as_u16(), 403);
        }
        let (status, body) = server.get(&list, Some(&c.member.0)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["parties"].as_array().map(Vec::len), Some(1));
        let (status, body) = server
            .get(&format!("{list}?when=soon"), Some(&c.owner))
            .await;
        assert_error(status, &body, 400, "invalid_parameter");

        let (owner, _) = server.register("public_owner", PASSWORD).await;
        let open = create_group(&server, &owner, json!({"name": "Open Screenings"})).await;
        let public = plan(&server, open, &owner, json!({"show": show_in(20)})).await;
        let (status, body) = server
            .get(&format!("/api/groups/{open}/parties"), None)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["parties"][0]["can_answer"], false);
        let (status, body) = answer(&server, &public, &c.outsider, "going").await;
        assert_error(status, &body, 403, "members_only");
    }
);

/// Reads an iCalendar text with the `icalendar` crate's parser; answers its events'
/// properties as (name, parameters, value).
/// A property as (name, parameters as (key, value), value).
type Prop = (String, Vec<(String, String)>, String);

fn events(text: &str) -> Vec<Vec<Prop>> {
    let unfolded = icalendar::parser::unfold(text);
    let calendar = icalendar::parser::read_calendar(&unfolded).expect("valid iCalendar");
    calendar
        .components
        .iter()
        .filter(|c| c.name == "VEVENT")
        .map(|event| {
            event
                .properties
                .iter()
                .map(|p| {
                    let params = p
                        .params
                        .iter()
                        .map(|param| {
                            (
                                param.key.to_string(),
                                param
                                    .val
                                    .as_ref()
                                    .map(|v| v.to_string())
                                    .unwrap_or_default(),
                            )
                        })
                        .collect();
                    (p.name.to_string(), params, p.val.to_string())
                })
                .collect()
        })
        .collect()
}

fn value<'a>(event: &'a [Prop], name: &str) -> &'a str {
    event
        .iter()
        .find(|(n, _, _)| n == name)
        .map(|(_, _, v)| v.as_str())
        .unwrap_or_else(|| panic!("{name} in the event"))
}

async fn ics(server: &TestServer, path: &str, token: Option<&str>) -> (u16, String, String) {
    let mut request = reqwest::Client::new().get(server.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request reaches the server");
    let status = response.status().as_u16();
    let kind = support::content_type(&response).to_owned();
    (status, kind, response.text().await.expect("body"))
}

on_both_backends!(
    calendars_parse_and_the_feed_token_rotates_and_revokes,
    |server| {
        let c = club(&server).await;
        let party = plan(
            &server,
            c.group,
            &c.owner,
            json!({"show": show_in(30), "note": "Meet at the lobby; bring cash, please"}),
        )
        .await;
        let (status, kind, text) = ics(
            &server,
            &party_path(&party, "/calendar.ics"),
            Some(&c.member.0),
        )
        .await;
        assert_eq!(status, 200, "{text}");
        assert!(kind.starts_with("text/calendar"), "{kind}");
        assert!(text.contains("\r\n") && text.contains("BEGIN:VTIMEZONE"));
        let found = events(&text);
        assert_eq!(found.len(), 1);
        let event = &found[0];
        assert_eq!(value(event, "SUMMARY"), "Dyyni: Osa kaksi – Friday Films");
        assert_eq!(value(event, "LOCATION"), "Tennispalatsi, Helsinki, sali 7");
        assert_eq!(
            value(event, "URL"),
            "https://www.finnkino.fi/websales/show/123456/"
        );
        assert_eq!(value(event, "STATUS"), "CONFIRMED");
        let start = event
            .iter()
            .find(|(n, _, _)| n == "DTSTART")
            .expect("DTSTART");
        assert_eq!(start.1, [("TZID".to_owned(), "Europe/Helsinki".to_owned())]);
        assert_eq!(start.2.len(), "20261127T193000".len());
        // The parser undoes the escapes the raw text has.
        assert_eq!(
            value(event, "DESCRIPTION"),
            "Meet at the lobby; bring cash, please"
        );
        assert!(text.contains("DESCRIPTION:Meet at the lobby\\; bring cash\\, please\r\n"));

        let token_path = format!("/api/groups/{}/calendar-token", c.group);
        let (status, body) = server.post(&token_path, Some(&c.member.0), json!({})).await;
        assert_error(status, &body, 403, "moderator_required");
        let (status, body) = server
            .post(&token_path, Some(&c.moderator), json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
        let first = body["path"].as_str().expect("feed path").to_owned();
        let (status, _, text) = ics(&server, &first, None).await;
        assert_eq!(status, 200, "{text}");
        assert_eq!(events(&text).len(), 1);
        assert!(text.contains("X-WR-CALNAME:Friday Films"));
        let (_, current) = server.get(&token_path, Some(&c.owner)).await;
        assert_eq!(current["path"], first.as_str());

        // Rotating: the old URL is gone, the new one works; cancelled parties say so.
        let (status, body) = server.post(&token_path, Some(&c.owner), json!({})).await;
        assert_eq!(status, 200, "{body}");
        let second = body["path"].as_str().expect("feed path").to_owned();
        assert_ne!(first, second);
        let (status, _, text) = ics(&server, &first, None).await;
        assert_eq!(status, 404, "{text}");
        assert!(text.contains("calendar_feed_not_found"));
        server
            .post(
                &party_path(&party, "/cancel"),
                Some(&c.owner),
                json!({"reason": "Sold out"}),
            )
            .await;
        let (status, _, text) = ics(&server, &second, None).await;
        assert_eq!(status, 200);
        assert_eq!(value(&events(&text)[0], "STATUS"), "CANCELLED");

        let (status, _) = server.delete(&token_path, Some(&c.moderator), None).await;
        assert_eq!(status, 204);
        let (status, _, _) = ics(&server, &second, None).await;
        assert_eq!(status, 404);
        let (_, current) = server.get(&token_path, Some(&c.owner)).await;
        assert_eq!(current["path"], Value::Null);
        let (status, _, _) = ics(&server, "/api/calendar/groups/nonsense.ics", None).await;
        assert_eq!(status, 404);
    }
);
