//! Walks [`AUTHORIZATION_MATRIX`] through the use cases: every cell runs the use case
//! the HTTP call runs, against mocked ports holding the table's group, and must end as
//! the table says (success, or the error whose status and code the table names).
//!
//! The group: private, owned by user 1; moderators 2 and 3; members 4 and 5; pending
//! requests 6 and 7; user 8 is an outsider and user 9 a site admin outside the group.

use std::collections::HashMap;
use std::sync::Arc;

use crate::domain::favorite::Favorite;
use crate::domain::group::matrix::{cells, GroupAction, MatrixRole, Outcome, MATRIX_VISIBILITY};
use crate::domain::group::model::GroupMember;
use crate::domain::membership::Role;
use crate::domain::paging::Paged;
use crate::domain::review::ReviewPage;
use crate::domain::user::User;
use crate::domain::watch_party::testing::{party, show};
use crate::domain::watch_party::PartyStatus;
use crate::error::{Error, ErrorCode};
use crate::ids::PartyId;
use crate::ids::{GroupId, MovieId, UserId};
use crate::ports::clock::MockClock;
use crate::ports::favorite_store::MockFavoriteStore;
use crate::ports::group_store::{GroupAccess, MockGroupStore};
use crate::ports::movie_cache::MockMovieCache;
use crate::ports::movie_catalog::MockMovieCatalog;
use crate::ports::review_store::MockReviewStore;
use crate::ports::user_store::MockUserStore;
use crate::ports::watch_party_store::MockWatchPartyStore;
use crate::use_cases::favorites::testing::remembered;
use crate::use_cases::groups::testing::{stored_group, GROUP, OWNER};
use crate::use_cases::test_support::{now, user};
use crate::use_cases::{
    AddFavorite, Favorites, Groups, ListPage, PlanParty, Reviews, UpdateGroup, WatchParties,
};

fn rows() -> HashMap<UserId, Role> {
    [
        (1, Role::Owner),
        (2, Role::Moderator),
        (3, Role::Moderator),
        (4, Role::Member),
        (5, Role::Member),
        (6, Role::Pending),
        (7, Role::Pending),
    ]
    .into_iter()
    .map(|(id, role)| (UserId(id), role))
    .collect()
}

fn actor(role: MatrixRole) -> Option<User> {
    let id = match role {
        MatrixRole::Visitor => return None,
        MatrixRole::NonMember => 8,
        MatrixRole::Pending => 6,
        MatrixRole::Member => 4,
        MatrixRole::Moderator => 2,
        MatrixRole::Owner => 1,
        MatrixRole::SiteAdmin => 9,
    };
    let mut found = user(id, &format!("user{id}"), "pw");
    found.is_admin = role == MatrixRole::SiteAdmin;
    Some(found)
}

/// The other person of a kind: `a` unless the actor is `a`.
fn other(actor: UserId, a: i64, b: i64) -> UserId {
    if actor == UserId(a) {
        UserId(b)
    } else {
        UserId(a)
    }
}

fn group_store() -> MockGroupStore {
    let rows = rows();
    let mut store = MockGroupStore::new();
    let access_rows = rows.clone();
    store.expect_group_access().returning(move |group, user| {
        Ok((group == GROUP).then(|| GroupAccess {
            owner_id: OWNER,
            membership: access_rows.get(&user).copied(),
            visibility: MATRIX_VISIBILITY,
        }))
    });
    store.expect_find_group().returning(move |_, viewer| {
        let row = viewer.and_then(|v| rows.get(&v).copied());
        Ok(Some(stored_group(MATRIX_VISIBILITY, row)))
    });
    store.expect_members().returning(|_| Ok(vec![]));
    store.expect_pending_requests().returning(|_| Ok(vec![]));
    store.expect_group_log().returning(|_, page| {
        Ok(Paged {
            items: vec![],
            total: 0,
            limit: page.limit,
            offset: page.offset,
        })
    });
    store.expect_change_membership().returning(|change| {
        Ok(change.to.is_member().then(|| GroupMember {
            user_id: change.user,
            username: "someone".into(),
            role: change.to,
            joined_at: change.at,
        }))
    });
    store.expect_transfer_ownership().returning(|_| Ok(()));
    store
        .expect_update_group()
        .returning(|_, _, _, _, _| Ok(()));
    store.expect_delete_group().returning(|_, _, _| Ok(()));
    store
        .expect_remove_group_favorite()
        .returning(|_, _, _, _| Ok(true));
    store
}

fn users() -> MockUserStore {
    let mut users = MockUserStore::new();
    users
        .expect_find_user()
        .returning(|id| Ok(Some(user(id.0, &format!("user{}", id.0), "pw"))));
    users
}

fn clock() -> Arc<MockClock> {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    Arc::new(clock)
}

fn favorites() -> Favorites {
    let mut store = MockFavoriteStore::new();
    store.expect_find_favorite().returning(|list, movie| {
        // Movie 550 is on the group's favorites already; 603 is not.
        Ok((movie == MovieId(550)).then(|| Favorite {
            id: 1,
            list,
            movie_id: movie,
            added_by: OWNER,
            original_title: "Fight Club".into(),
            release_year: Some(1999),
            poster_path: None,
            remembered_poster: None,
            rating: None,
            created_at: now(),
        }))
    });
    store.expect_add_favorite().returning(|entry| {
        Ok((
            Favorite {
                id: 2,
                list: entry.list,
                movie_id: entry.movie_id,
                added_by: entry.added_by,
                original_title: entry.original_title.clone(),
                release_year: entry.release_year,
                poster_path: entry.poster_path.clone(),
                remembered_poster: None,
                rating: None,
                created_at: entry.created_at,
            },
            true,
        ))
    });
    store.expect_list_favorites().returning(|_, page| {
        Ok(Paged {
            items: vec![],
            total: 0,
            limit: page.limit,
            offset: page.offset,
        })
    });
    let mut movies = MockMovieCache::new();
    movies
        .expect_find_movies()
        .returning(|ids| Ok(ids.iter().map(|id| remembered(id.0)).collect()));
    Favorites::new(
        Arc::new(store),
        Arc::new(group_store()),
        Arc::new(users()),
        Arc::new(MockMovieCatalog::new()),
        Arc::new(movies),
        clock(),
    )
}

fn reviews() -> Reviews {
    let mut store = MockReviewStore::new();
    store.expect_group_reviews().returning(|_, window, _| {
        Ok(ReviewPage {
            items: vec![],
            total: 0,
            limit: window.limit(),
            offset: window.offset(),
            has_more: false,
        })
    });
    Reviews::new(
        Arc::new(store),
        Arc::new(group_store()),
        Arc::new(MockMovieCatalog::new()),
        clock(),
    )
}

/// The group's one party: a proposal by member 5 (the member column acts as 4).
fn watch_parties() -> WatchParties {
    let mut store = MockWatchPartyStore::new();
    store
        .expect_find_party()
        .returning(|_| Ok(Some(party(1, PartyStatus::Proposed, 5))));
    store.expect_create_party().returning(|_, _| Ok(PartyId(1)));
    store.expect_answer_party().returning(|_| Ok(()));
    store.expect_change_status().returning(|_| Ok(()));
    WatchParties::new(Arc::new(store), Arc::new(group_store()), clock())
}

/// Runs `action` as `user`, the way the HTTP call does.
async fn run(action: GroupAction, user: Option<&User>) -> Result<(), Error> {
    use GroupAction as A;
    let groups = Groups::new(Arc::new(group_store()), Arc::new(users()), clock());
    let Some(me) = user else {
        return match action {
            A::View => groups.get_group(None, GROUP).await.map(drop),
            // The HTTP layer answers these before any use case runs.
            _ => Err(Error::unauthenticated(
                ErrorCode::Unauthorized,
                "Log in first.",
            )),
        };
    };
    let pending = other(me.id, 6, 7);
    let member = other(me.id, 4, 5);
    let moderator = other(me.id, 2, 3);
    match action {
        A::View => groups.get_group(Some(me), GROUP).await.map(drop),
        A::ViewMembers => groups.list_members(me, GROUP).await.map(drop),
        A::ViewPending => groups.pending_requests(me, GROUP).await.map(drop),
        A::Join => groups.join_group(me, GROUP).await.map(drop),
        A::Request => groups.request_to_join(me, GROUP).await.map(drop),
        A::Withdraw => groups.withdraw_request(me, GROUP).await,
        A::Approve => groups.approve_request(me, GROUP, pending).await.map(drop),
        A::Decline => groups.remove_member(me, GROUP, pending).await,
        A::Leave => groups.leave_group(me, GROUP).await,
        A::RemoveMember => groups.remove_member(me, GROUP, member).await,
        A::RemoveModerator => groups.remove_member(me, GROUP, moderator).await,
        A::Promote => groups
            .change_role(me, GROUP, member, "moderator")
            .await
            .map(drop),
        A::Demote => groups
            .change_role(me, GROUP, moderator, "member")
            .await
            .map(drop),
        A::Transfer => groups.transfer_ownership(me, GROUP, member).await.map(drop),
        A::Edit => groups
            .update_group(
                me,
                GROUP,
                UpdateGroup {
                    description: Some("New words.".into()),
                    ..UpdateGroup::default()
                },
            )
            .await
            .map(drop),
        A::Delete => groups.delete_group(me, GROUP).await,
        A::AddFavorite => favorites()
            .add_favorite(
                me,
                AddFavorite {
                    movie_id: 603,
                    kind: 3,
                    group_id: Some(GROUP.0),
                    ..AddFavorite::default()
                },
            )
            .await
            .map(drop),
        A::RemoveFavorite => favorites().remove_group_favorite(me, 550, 3, GROUP.0).await,
        A::SeeFavorites => favorites()
            .list_group_favorites(me, GROUP.0, None, None)
            .await
            .map(drop),
        A::SeeActivity => reviews()
            .group_reviews(GroupId(GROUP.0), me.id, ListPage::default())
            .await
            .map(drop),
        A::ReadModlog => groups.group_modlog(me, GROUP, None, None).await.map(drop),
        A::PlanParty => watch_parties()
            .create_party(
                me,
                GROUP,
                PlanParty {
                    show: show(),
                    note: String::new(),
                    rsvp_deadline: None,
                },
            )
            .await
            .map(drop),
        A::ConfirmParty => watch_parties()
            .confirm_party(me, PartyId(1))
            .await
            .map(drop),
        A::AnswerParty => watch_parties()
            .answer_party(me, PartyId(1), "going")
            .await
            .map(drop),
        A::CancelParty => watch_parties()
            .cancel_party(me, PartyId(1), "")
            .await
            .map(drop),
    }
}

/// The HTTP status API.md gives each kind of error.
fn status_of(err: &Error) -> u16 {
    match err {
        Error::Invalid { .. } => 400,
        Error::Unauthenticated { .. } => 401,
        Error::Forbidden { .. } => 403,
        Error::NotFound { .. } => 404,
        Error::Conflict { .. } => 409,
        _ => 500,
    }
}

#[tokio::test]
async fn every_cell_of_the_authorization_matrix_holds_in_the_use_cases() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (role, action, expected) in cells() {
        if role == MatrixRole::Visitor && action.needs_login() {
            continue;
        }
        checked += 1;
        let me = actor(role);
        let got = match run(action, me.as_ref()).await {
            Ok(()) => None,
            Err(err) => Some(Outcome {
                status: status_of(&err),
                code: Some(err.error_code()),
            }),
        };
        let fits = match got {
            None => expected.is_success(),
            Some(outcome) => outcome == expected,
        };
        if !fits {
            failures.push(format!(
                "{role:?} {action:?}: got {got:?}, want {expected:?}"
            ));
        }
    }
    assert!(checked > 100, "only {checked} cells run");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_actors_hold_the_roles_their_column_names() {
    let rows = rows();
    for role in MatrixRole::ALL {
        let Some(me) = actor(role) else { continue };
        let held = rows.get(&me.id).copied().unwrap_or(Role::None);
        let want = match role {
            MatrixRole::Visitor | MatrixRole::NonMember | MatrixRole::SiteAdmin => Role::None,
            MatrixRole::Pending => Role::Pending,
            MatrixRole::Member => Role::Member,
            MatrixRole::Moderator => Role::Moderator,
            MatrixRole::Owner => Role::Owner,
        };
        assert_eq!(held, want, "{role:?}");
        assert_eq!(me.is_admin, role == MatrixRole::SiteAdmin);
    }
}
