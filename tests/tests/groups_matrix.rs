//! Walks core's group authorization matrix (`leffaseura_core::domain::group::matrix`,
//! the same table core's use-case tests walk) against the real server, on SQLite and
//! on Postgres: every role × action cell must answer exactly the status and code the
//! table says.
//!
//! The group is the table's: private, an owner, two moderators, two members, two pending
//! requests; plus an outsider and a site admin. A cell whose action succeeded and
//! changes the group starts the next cell on a freshly built group.

mod support;

use reqwest::Method;
use serde_json::{json, Value};

use leffaseura_core::domain::group::matrix::{cells, GroupAction, MatrixRole, Outcome};
use support::groups::{add_member, assert_consistent, make_admin, request, set_role};
use support::{TestServer, PASSWORD};

struct Person {
    token: String,
    id: i64,
}

struct Cast {
    owner: Person,
    moderators: [Person; 2],
    members: [Person; 2],
    pending: [Person; 2],
    outsider: Person,
    admin: Person,
}

impl Cast {
    async fn register(server: &TestServer) -> Self {
        let mut people = Vec::new();
        for name in [
            "owner", "mod_a", "mod_b", "mem_a", "mem_b", "pend_a", "pend_b", "outsider", "admin",
        ] {
            let (token, id) = server.register(name, PASSWORD).await;
            people.push(Person { token, id });
        }
        let mut people = people.into_iter();
        let mut next = || people.next().expect("nine people");
        let cast = Self {
            owner: next(),
            moderators: [next(), next()],
            members: [next(), next()],
            pending: [next(), next()],
            outsider: next(),
            admin: next(),
        };
        make_admin(server, cast.admin.id).await;
        cast
    }

    fn actor(&self, role: MatrixRole) -> Option<&Person> {
        match role {
            MatrixRole::Visitor => None,
            MatrixRole::NonMember => Some(&self.outsider),
            MatrixRole::Pending => Some(&self.pending[0]),
            MatrixRole::Member => Some(&self.members[0]),
            MatrixRole::Moderator => Some(&self.moderators[0]),
            MatrixRole::Owner => Some(&self.owner),
            MatrixRole::SiteAdmin => Some(&self.admin),
        }
    }

    /// The other person of a pair when the actor is one of them.
    fn other(pair: &[Person; 2], actor: Option<&Person>) -> i64 {
        if actor.is_some_and(|a| a.id == pair[0].id) {
            pair[1].id
        } else {
            pair[0].id
        }
    }

    /// A group in the table's shape, with movie 550 on its favorites and a watch party
    /// proposed by the second member; answers (group, party).
    async fn build_group(&self, server: &TestServer, n: usize) -> (i64, i64) {
        let owner = &self.owner.token;
        let group = support::groups::private_group(server, owner, &format!("Matrix {n}")).await;
        for person in self.moderators.iter().chain(&self.members) {
            add_member(server, group, owner, &person.token, person.id).await;
        }
        for person in &self.moderators {
            set_role(server, group, owner, person.id, "moderator").await;
        }
        for person in &self.pending {
            request(server, group, &person.token).await;
        }
        let (status, body) = server
            .post(
                "/api/favorites",
                Some(owner),
                json!({"movie_id": 550, "type": 3, "group_id": group}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let party = support::parties::plan(
            server,
            group,
            &self.members[1].token,
            json!({"show": support::parties::show_in(48)}),
        )
        .await;
        (group, party["id"].as_i64().expect("party id"))
    }
}

/// The call of `action` on `group` (see [`GroupAction`]'s docs).
fn call(
    action: GroupAction,
    (group, party): (i64, i64),
    cast: &Cast,
    actor: Option<&Person>,
) -> (Method, String, Option<Value>) {
    use GroupAction as A;
    let base = format!("/api/groups/{group}");
    let pending = Cast::other(&cast.pending, actor);
    let member = Cast::other(&cast.members, actor);
    let moderator = Cast::other(&cast.moderators, actor);
    match action {
        A::View => (Method::GET, base, None),
        A::ViewMembers => (Method::GET, format!("{base}/members"), None),
        A::ViewPending => (Method::GET, format!("{base}/pending-requests"), None),
        A::Join => (Method::POST, format!("{base}/join"), Some(json!({}))),
        A::Request => (
            Method::POST,
            format!("{base}/request-join"),
            Some(json!({})),
        ),
        A::Withdraw => (Method::DELETE, format!("{base}/request-join"), None),
        A::Approve => (
            Method::PUT,
            format!("{base}/members/{pending}/approve"),
            Some(json!({})),
        ),
        A::Decline => (Method::DELETE, format!("{base}/members/{pending}"), None),
        A::Leave => (Method::DELETE, format!("{base}/leave"), None),
        A::RemoveMember => (Method::DELETE, format!("{base}/members/{member}"), None),
        A::RemoveModerator => (Method::DELETE, format!("{base}/members/{moderator}"), None),
        A::Promote => (
            Method::PUT,
            format!("{base}/members/{member}/role"),
            Some(json!({"role": "moderator"})),
        ),
        A::Demote => (
            Method::PUT,
            format!("{base}/members/{moderator}/role"),
            Some(json!({"role": "member"})),
        ),
        A::Transfer => (
            Method::PUT,
            format!("{base}/owner"),
            Some(json!({"user_id": member})),
        ),
        A::Edit => (
            Method::PUT,
            base,
            Some(json!({"description": "Edited in the matrix."})),
        ),
        A::Delete => (Method::DELETE, base, None),
        A::AddFavorite => (
            Method::POST,
            "/api/favorites".to_owned(),
            Some(json!({"movie_id": 603, "type": 3, "group_id": group})),
        ),
        A::RemoveFavorite => (
            Method::DELETE,
            format!("/api/favorites/550/3/group/{group}"),
            None,
        ),
        A::SeeFavorites => (Method::GET, format!("/api/favorites/group/{group}"), None),
        A::SeeActivity => (Method::GET, format!("/api/reviews/group/{group}"), None),
        A::ReadModlog => (Method::GET, format!("{base}/modlog"), None),
        A::PlanParty => (
            Method::POST,
            format!("{base}/parties"),
            Some(json!({"show": support::parties::show_in(24)})),
        ),
        A::ConfirmParty => (
            Method::POST,
            format!("/api/parties/{party}/confirm"),
            Some(json!({})),
        ),
        A::AnswerParty => (
            Method::PUT,
            format!("/api/parties/{party}/rsvp"),
            Some(json!({"answer": "going"})),
        ),
        A::CancelParty => (
            Method::POST,
            format!("/api/parties/{party}/cancel"),
            Some(json!({"reason": "Matrix"})),
        ),
    }
}

fn fits(expected: Outcome, status: u16, body: &Value) -> bool {
    match expected.code {
        None => status == expected.status,
        Some(code) => {
            status == expected.status && body["success"] == false && body["code"] == code.as_str()
        }
    }
}

on_both_backends!(
    every_cell_of_the_authorization_matrix_answers_as_the_table_says,
    |server| {
        let cast = Cast::register(&server).await;
        let mut built = 0;
        let mut group = cast.build_group(&server, built).await;
        let mut failures = Vec::new();
        let mut checked = 0;
        for (role, action, expected) in cells() {
            let actor = cast.actor(role);
            let (method, path, body) = call(action, group, &cast, actor);
            let (status, answer) = server
                .call(method.clone(), &path, actor.map(|a| a.token.as_str()), body)
                .await;
            checked += 1;
            if !fits(expected, status, &answer) {
                failures.push(format!(
                "{role:?} {action:?} ({method} {path}): got {status} {answer}, want {expected:?}"
            ));
            }
            if (200..300).contains(&status) && action.changes_the_group() {
                built += 1;
                group = cast.build_group(&server, built).await;
            }
        }
        assert_eq!(checked, 25 * 7);
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert_consistent(&server).await;
    }
);
