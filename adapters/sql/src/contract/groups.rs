//! Groups: creation, reads, lists and search, membership writes with their
//! compare-and-set, transfers, hand-overs, the moderation log and the counters.

use leffaseura_core::domain::genre::GenreIds;
use leffaseura_core::domain::group::model::{
    AdminGroupFilter, GenreMatch, GroupChanges, GroupFilter, NewGroup, PosterUrl, PrivateGroups,
    SearchText,
};
use leffaseura_core::domain::group::{ThemeId, Visibility};
use leffaseura_core::domain::membership::{successor, Role};
use leffaseura_core::domain::moderation::{ModerationAction, NewGroupLogEntry};
use leffaseura_core::domain::text::{Description, GroupName};
use leffaseura_core::error::Conflict;
use leffaseura_core::ports::group_store::{Expected, MembershipChange, OwnershipTransfer};
use leffaseura_core::ports::GroupStore;
use leffaseura_core::{GroupId, StoreError, UserId};

use super::fixtures::*;
use crate::SqlStore;

pub fn new_group(owner: UserId, name: &str, visibility: Visibility) -> NewGroup {
    NewGroup {
        name: GroupName::parse(name).expect("valid name"),
        description: Description::parse(&format!("All about {}.", name.trim())).expect("valid"),
        visibility,
        theme: ThemeId::new(3).expect("theme"),
        genres: GenreIds::from_ids(&[80, 18]).expect("genres"),
        poster_url: PosterUrl::parse("https://example.fi/p.jpg").expect("poster"),
        owner,
        created_at: at(10),
    }
}

fn log(group: GroupId, action: ModerationAction, actor: UserId) -> NewGroupLogEntry {
    NewGroupLogEntry {
        group,
        action,
        actor_id: Some(actor),
        actor: format!("user {actor}"),
        target_user: None,
        target: "someone".into(),
        reason: None,
        created_at: at(20),
    }
}

fn change(group: GroupId, user: UserId, to: Role, expected: &[(UserId, Role)]) -> MembershipChange {
    MembershipChange {
        group,
        user,
        to,
        at: at(30),
        expected: Expected {
            roles: expected.to_vec(),
            visibility: None,
        },
        log: None,
    }
}

pub async fn a_new_group_is_stored_whole_with_its_owner_as_the_only_member(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let other = user(&store, "other").await;
    let id = store
        .create_group(&new_group(
            owner.id,
            "  Äijä Elokuvakerho ",
            Visibility::Private,
        ))
        .await
        .expect("create");
    let group = store
        .find_group(id, Some(owner.id))
        .await
        .expect("find")
        .expect("exists");
    assert_eq!(group.name, "Äijä Elokuvakerho");
    assert_eq!(group.description, "All about Äijä Elokuvakerho.");
    assert_eq!(group.visibility, Visibility::Private);
    assert_eq!(group.theme.value(), 3);
    assert_eq!(group.genres, [18, 80]);
    assert_eq!(
        group.poster_url.as_deref(),
        Some("https://example.fi/p.jpg")
    );
    assert_eq!(
        (group.owner_id, group.owner_name.as_str()),
        (owner.id, "owner")
    );
    assert_eq!(group.member_count, 1);
    assert_eq!((group.created_at, group.activity_at), (at(10), at(10)));
    assert_eq!(group.membership, Some(Role::Owner));
    let seen_by_other = store.find_group(id, Some(other.id)).await.expect("find");
    assert_eq!(seen_by_other.expect("exists").membership, None);
    let members = store.members(id).await.expect("members");
    assert_eq!(members.len(), 1);
    assert_eq!(
        (members[0].user_id, members[0].role),
        (owner.id, Role::Owner)
    );
    assert!(store
        .find_group(GroupId(id.0 + 99), None)
        .await
        .expect("find")
        .is_none());

    // Names are unique in any letter case, also beyond ASCII.
    assert_conflict(
        store
            .create_group(&new_group(
                other.id,
                "äIJÄ elokuvakerho",
                Visibility::Public,
            ))
            .await,
        Conflict::GroupName,
    );
    assert_groups_consistent(&store).await;
}

pub async fn membership_changes_apply_only_while_the_roles_read_still_hold(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let asker = user(&store, "asker").await;
    let id = store
        .create_group(&new_group(owner.id, "Noir", Visibility::Private))
        .await
        .expect("create");

    let pending = store
        .change_membership(&change(
            id,
            asker.id,
            Role::Pending,
            &[(asker.id, Role::None)],
        ))
        .await
        .expect("request");
    assert_eq!(pending, None);
    assert_eq!(
        store.pending_requests(id).await.expect("pending")[0].requested_at,
        at(30)
    );
    // The same request again was decided on "no row": stale, nothing written.
    assert_stale(
        store
            .change_membership(&change(
                id,
                asker.id,
                Role::Pending,
                &[(asker.id, Role::None)],
            ))
            .await,
    );
    // An approval by someone who is not what they were read as: stale.
    assert_stale(
        store
            .change_membership(&change(
                id,
                asker.id,
                Role::Member,
                &[(asker.id, Role::Moderator), (asker.id, Role::Pending)],
            ))
            .await,
    );
    let mut approval = change(
        id,
        asker.id,
        Role::Member,
        &[(owner.id, Role::Owner), (asker.id, Role::Pending)],
    );
    approval.log = Some(log(id, ModerationAction::ApproveRequest, owner.id));
    let member = store
        .change_membership(&approval)
        .await
        .expect("approve")
        .expect("a member now");
    assert_eq!(
        (member.user_id, member.role, member.joined_at),
        (asker.id, Role::Member, at(30))
    );
    assert_stale(store.change_membership(&approval).await);
    let group = store
        .find_group(id, None)
        .await
        .expect("find")
        .expect("exists");
    assert_eq!(group.member_count, 2);
    assert_eq!(group.activity_at, at(30));
    let entries = store.group_log(id, page(10, 0)).await.expect("log");
    assert_eq!(entries.total, 1, "the stale approval wrote no entry");
    assert_eq!(entries.items[0].action, ModerationAction::ApproveRequest);

    // Promotion keeps the joined date; removal takes the row and the count.
    let promoted = store
        .change_membership(&change(
            id,
            asker.id,
            Role::Moderator,
            &[(asker.id, Role::Member)],
        ))
        .await
        .expect("promote")
        .expect("member");
    assert_eq!(
        (promoted.role, promoted.joined_at),
        (Role::Moderator, at(30))
    );
    store
        .change_membership(&change(
            id,
            asker.id,
            Role::None,
            &[(asker.id, Role::Moderator)],
        ))
        .await
        .expect("remove");
    assert_eq!(role_of(&store, id.0, asker.id).await, None);
    let group = store
        .find_group(id, None)
        .await
        .expect("find")
        .expect("exists");
    assert_eq!(group.member_count, 1);

    // A group that is gone: not found.
    assert_not_found(
        store
            .change_membership(&change(GroupId(id.0 + 99), asker.id, Role::Member, &[]))
            .await,
    );
    // Visibility is part of what a join was decided on.
    let mut join = change(id, asker.id, Role::Member, &[(asker.id, Role::None)]);
    join.expected.visibility = Some(Visibility::Public);
    assert_stale(store.change_membership(&join).await);
    assert_groups_consistent(&store).await;
}

pub async fn groups_are_listed_popular_first_and_found_case_and_accent_insensitively(
    store: SqlStore,
) {
    let owner = user(&store, "owner").await;
    let fans: Vec<_> = users_named(&store, 3).await;
    let kerho = store
        .create_group(&new_group(owner.id, "Elokuvakerho", Visibility::Public))
        .await
        .expect("create");
    let aiti = store
        .create_group(&NewGroup {
            genres: GenreIds::from_ids(&[35]).expect("genres"),
            ..new_group(owner.id, "Äiti ja minä", Visibility::Private)
        })
        .await
        .expect("create");
    let plain = store
        .create_group(&NewGroup {
            description: Description::parse("Kauhua ja elokuvaklassikoita 100%_varmasti")
                .expect("d"),
            genres: GenreIds::default(),
            ..new_group(owner.id, "Kauhu", Visibility::Public)
        })
        .await
        .expect("create");
    // Äiti gets two more members, Kauhu one: popularity is Äiti, Kauhu, Elokuvakerho.
    for (group, fan) in [(aiti, &fans[0]), (aiti, &fans[1]), (plain, &fans[2])] {
        store
            .change_membership(&change(
                group,
                fan.id,
                Role::Member,
                &[(fan.id, Role::None)],
            ))
            .await
            .expect("join");
    }
    let names = |page: leffaseura_core::domain::paging::Paged<
        leffaseura_core::domain::group::model::Group,
    >| { page.items.into_iter().map(|g| g.name).collect::<Vec<_>>() };
    let list = |filter: GroupFilter| {
        let store = store.clone();
        async move {
            store
                .list_groups(&filter, None, page(10, 0))
                .await
                .expect("list")
        }
    };
    let popular = list(GroupFilter::Popular).await;
    assert_eq!(popular.total, 3);
    assert_eq!(popular.items[0].genres, [35], "genres come with the list");
    assert_eq!(names(popular), ["Äiti ja minä", "Kauhu", "Elokuvakerho"]);

    let search = |text: &str| GroupFilter::Search(SearchText::parse(text).expect("text"));
    for (query, expected) in [
        ("elokuva", vec!["Elokuvakerho", "Kauhu"]),
        ("ELOKUVAKERHO", vec!["Elokuvakerho"]),
        ("äiti", vec!["Äiti ja minä"]),
        ("aiti", vec!["Äiti ja minä"]),
        ("ÄITI JA", vec!["Äiti ja minä"]),
        ("100%_", vec!["Kauhu"]),
        ("ä%a", vec![]),
        ("_", vec!["Kauhu"]),
        ("nothing like it", vec![]),
        ("", vec!["Äiti ja minä", "Kauhu", "Elokuvakerho"]),
    ] {
        assert_eq!(names(list(search(query)).await), expected, "{query:?}");
    }
    // ("elokuva" above: the name match comes before the more popular description match.)
    // Totals, whether the window shows them (a partly filled one) or they are counted
    // (a full window, or one past the end).
    for (window, expected) in [
        (page(10, 0), 2),
        (page(1, 0), 2),
        (page(1, 1), 2),
        (page(1, 5), 2),
    ] {
        let found = store
            .list_groups(&search("elokuva"), None, window)
            .await
            .expect("search");
        assert_eq!(found.total, expected, "{window:?}");
    }

    let genres = |ids: &[i64], mode| GroupFilter::Genres {
        genres: GenreIds::from_ids(ids).expect("ids"),
        mode,
    };
    assert_eq!(
        names(list(genres(&[80, 35], GenreMatch::Any)).await),
        ["Äiti ja minä", "Elokuvakerho"]
    );
    assert_eq!(
        names(list(genres(&[80, 18], GenreMatch::All)).await),
        ["Elokuvakerho"]
    );
    assert_eq!(
        names(list(genres(&[80, 35], GenreMatch::All)).await).len(),
        0
    );

    // Windows and totals.
    let window = store
        .list_groups(&GroupFilter::Popular, None, page(1, 1))
        .await
        .expect("list");
    assert_eq!((window.total, names(window)), (3, vec!["Kauhu".to_owned()]));
    let uncounted = store
        .group_window(&GroupFilter::Popular, None, page(1, 1))
        .await
        .expect("window");
    assert_eq!(
        uncounted
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>(),
        ["Kauhu"],
        "the uncounted window is the counted one's"
    );

    // A user's groups: their private ones only to themself and fellow members.
    let of = |private| GroupFilter::OfUser {
        user: fans[0].id,
        private,
    };
    assert_eq!(names(list(of(PrivateGroups::All)).await), ["Äiti ja minä"]);
    assert_eq!(names(list(of(PrivateGroups::None)).await).len(), 0);
    let shared_with = |fan: UserId, window| {
        let filter = of(PrivateGroups::SharedWith(fan));
        let store = &store;
        async move {
            store
                .list_groups(&filter, Some(fan), window)
                .await
                .expect("list")
        }
    };
    let shared = shared_with(fans[1].id, page(10, 0)).await;
    assert_eq!(shared.items.len(), 1);
    assert_eq!(shared.items[0].membership, Some(Role::Member));
    let counted = shared_with(fans[1].id, page(1, 0)).await;
    assert_eq!(
        counted.total, 1,
        "the count sees the viewer's membership too"
    );
    let stranger = shared_with(fans[2].id, page(10, 0)).await;
    assert_eq!(stranger.total, 0);
    assert_eq!(popular_ids(&store).await.last(), Some(&kerho));
}

pub async fn admins_list_every_group_oldest_first_by_visibility_owner_and_text(store: SqlStore) {
    let anna = user(&store, "anna").await;
    let ben = user(&store, "ben").await;
    let mut ids = Vec::new();
    for (owner, name, visibility) in [
        (anna.id, "Äiti ja minä", Visibility::Private),
        (ben.id, "Kauhu", Visibility::Public),
        (anna.id, "Elokuvakerho", Visibility::Public),
    ] {
        ids.push(
            store
                .create_group(&new_group(owner, name, visibility))
                .await
                .expect("create"),
        );
    }
    let list = |filter: AdminGroupFilter, limit: i64| {
        let store = store.clone();
        async move {
            store
                .list_groups(&GroupFilter::Admin(filter), None, page(limit, 0))
                .await
                .expect("list")
        }
    };
    let all = list(AdminGroupFilter::default(), 2).await;
    assert_eq!(all.total, 3);
    assert_eq!(all.items.iter().map(|g| g.id).collect::<Vec<_>>(), ids[..2]);
    let private = list(
        AdminGroupFilter {
            visibility: Some(Visibility::Private),
            ..AdminGroupFilter::default()
        },
        10,
    )
    .await;
    assert_eq!((private.total, private.items[0].id), (1, ids[0]));
    let annas_public = list(
        AdminGroupFilter {
            visibility: Some(Visibility::Public),
            owner: Some(anna.id),
            ..AdminGroupFilter::default()
        },
        10,
    )
    .await;
    assert_eq!((annas_public.total, annas_public.items[0].id), (1, ids[2]));
    let aiti = list(
        AdminGroupFilter {
            search: SearchText::parse("AITI").expect("text"),
            owner: Some(anna.id),
            ..AdminGroupFilter::default()
        },
        10,
    )
    .await;
    assert_eq!((aiti.total, aiti.items[0].id), (1, ids[0]));
    let nobody = list(
        AdminGroupFilter {
            owner: Some(UserId(4242)),
            ..AdminGroupFilter::default()
        },
        10,
    )
    .await;
    assert_eq!((nobody.total, nobody.items.len()), (0, 0));
}

async fn popular_ids(store: &SqlStore) -> Vec<GroupId> {
    store
        .list_groups(&GroupFilter::Popular, None, page(10, 0))
        .await
        .expect("list")
        .items
        .into_iter()
        .map(|g| g.id)
        .collect()
}

async fn users_named(store: &SqlStore, n: usize) -> Vec<leffaseura_core::domain::user::User> {
    let mut users = Vec::with_capacity(n);
    for i in 0..n {
        users.push(user(store, &format!("fan{i}")).await);
    }
    users
}

pub async fn edits_apply_whole_and_are_logged(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let id = store
        .create_group(&new_group(owner.id, "Noir", Visibility::Public))
        .await
        .expect("create");
    store
        .create_group(&new_group(owner.id, "Taken", Visibility::Public))
        .await
        .expect("create");
    let expected = Expected {
        roles: vec![(owner.id, Role::Owner)],
        visibility: None,
    };
    let changes = GroupChanges {
        name: Some(GroupName::parse("Film Noir Öisin").expect("name")),
        visibility: Some(Visibility::Private),
        genres: Some(GenreIds::from_ids(&[53]).expect("genres")),
        poster_url: Some(None),
        ..GroupChanges::default()
    };
    store
        .update_group(
            id,
            &changes,
            at(40),
            &expected,
            &log(id, ModerationAction::EditGroup, owner.id),
        )
        .await
        .expect("edit");
    let group = store
        .find_group(id, None)
        .await
        .expect("find")
        .expect("exists");
    assert_eq!(group.name, "Film Noir Öisin");
    assert_eq!(group.visibility, Visibility::Private);
    assert_eq!(group.genres, [53]);
    assert_eq!(group.poster_url, None);
    assert_eq!(group.description, "All about Noir.", "untouched");
    assert_eq!(group.activity_at, at(40));
    let found = store
        .list_groups(
            &GroupFilter::Search(SearchText::parse("oisin").expect("text")),
            None,
            page(10, 0),
        )
        .await
        .expect("search");
    assert_eq!(found.total, 1, "the new name is searchable folded");

    let rename = GroupChanges {
        name: Some(GroupName::parse("TAKEN").expect("name")),
        ..GroupChanges::default()
    };
    assert_conflict(
        store
            .update_group(
                id,
                &rename,
                at(41),
                &expected,
                &log(id, ModerationAction::EditGroup, owner.id),
            )
            .await,
        Conflict::GroupName,
    );
    // Someone who is not the owner any more (as read): stale.
    let not_owner = Expected {
        roles: vec![(UserId(owner.id.0 + 99), Role::Owner)],
        visibility: None,
    };
    assert_stale(
        store
            .update_group(
                id,
                &rename,
                at(42),
                &not_owner,
                &log(id, ModerationAction::EditGroup, owner.id),
            )
            .await,
    );
    let entries = store.group_log(id, page(10, 0)).await.expect("log");
    assert_eq!(entries.total, 1);
    assert_eq!(entries.items[0].action, ModerationAction::EditGroup);
    assert_eq!(entries.items[0].actor_id, Some(owner.id));
}

pub async fn transfers_and_deletions_keep_one_owner_and_the_log(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let heir = user(&store, "heir").await;
    let id = store
        .create_group(&new_group(owner.id, "Noir", Visibility::Public))
        .await
        .expect("create");
    store
        .change_membership(&change(id, heir.id, Role::Member, &[(heir.id, Role::None)]))
        .await
        .expect("join");
    let transfer = OwnershipTransfer {
        group: id,
        from: owner.id,
        to: heir.id,
        from_becomes: Role::Moderator,
        at: at(50),
        expected: Expected {
            roles: vec![(owner.id, Role::Owner), (heir.id, Role::Member)],
            visibility: None,
        },
        log: log(id, ModerationAction::TransferGroup, owner.id),
    };
    store.transfer_ownership(&transfer).await.expect("transfer");
    assert_eq!(owner_of(&store, id.0).await, Some(heir.id.0));
    assert_eq!(
        role_of(&store, id.0, heir.id).await.as_deref(),
        Some("owner")
    );
    assert_eq!(
        role_of(&store, id.0, owner.id).await.as_deref(),
        Some("moderator")
    );
    assert_stale(store.transfer_ownership(&transfer).await);
    assert_groups_consistent(&store).await;
    let group = store
        .find_group(id, None)
        .await
        .expect("find")
        .expect("exists");
    assert_eq!(group.member_count, 2);

    let expected = Expected {
        roles: vec![(heir.id, Role::Owner)],
        visibility: None,
    };
    store
        .delete_group(
            id,
            &expected,
            &log(id, ModerationAction::DeleteGroup, heir.id),
        )
        .await
        .expect("delete");
    assert!(store.find_group(id, None).await.expect("find").is_none());
    assert_eq!(
        scalar(
            &store,
            "SELECT CAST(COUNT(*) AS BIGINT) FROM group_members WHERE group_id = $1",
            &[id.0]
        )
        .await,
        0
    );
    // The entries outlive the group (the site's log keeps them).
    let entries = store.group_log(id, page(10, 0)).await.expect("log");
    let actions: Vec<_> = entries.items.iter().map(|e| e.action).collect();
    assert_eq!(
        actions,
        [
            ModerationAction::DeleteGroup,
            ModerationAction::TransferGroup
        ]
    );
    assert_not_found(
        store
            .delete_group(
                id,
                &expected,
                &log(id, ModerationAction::DeleteGroup, heir.id),
            )
            .await,
    );
}

pub async fn a_hand_over_applies_only_to_the_candidates_it_was_decided_on(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let member_a = user(&store, "membera").await;
    let late_mod = user(&store, "latemod").await;
    let id = store
        .create_group(&new_group(owner.id, "Noir", Visibility::Public))
        .await
        .expect("create");
    member(&store, id.0, member_a.id, "member", 1).await;
    let candidates = store.succession_candidates(id).await.expect("candidates");
    assert_eq!(candidates.len(), 1);
    let heir = successor(&candidates);
    assert_eq!(heir, Some(member_a.id));
    // A moderator appears after the read: the decision is stale.
    member(&store, id.0, late_mod.id, "moderator", 2).await;
    let entry = log(id, ModerationAction::TransferGroup, owner.id);
    assert_stale(
        store
            .hand_over_group(id, owner.id, heir, &candidates, &entry)
            .await,
    );
    let candidates = store.succession_candidates(id).await.expect("candidates");
    let heir = successor(&candidates);
    assert_eq!(heir, Some(late_mod.id));
    store
        .hand_over_group(id, owner.id, heir, &candidates, &entry)
        .await
        .expect("hand over");
    assert_eq!(owner_of(&store, id.0).await, Some(late_mod.id.0));
    assert_eq!(role_of(&store, id.0, owner.id).await, None);
    assert_groups_consistent(&store).await;
    // The old owner is no owner any more: stale, not applied twice.
    assert_stale(
        store
            .hand_over_group(id, owner.id, heir, &candidates, &entry)
            .await,
    );
}

pub async fn counts_follow_every_way_rows_change(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let leaver = user(&store, "leaver").await;
    let asker = user(&store, "asker").await;
    let id = store
        .create_group(&new_group(owner.id, "Noir", Visibility::Public))
        .await
        .expect("create");
    member(&store, id.0, leaver.id, "member", 1).await;
    member(&store, id.0, asker.id, "pending", 2).await;
    let count = || async {
        store
            .find_group(id, None)
            .await
            .expect("find")
            .expect("exists")
            .member_count
    };
    assert_eq!(count().await, 2, "pending requests are not counted");
    // A member's review is activity of their groups.
    exec(
        &store,
        "INSERT INTO reviews (user_id, movie_id, rating, content, created_at, updated_at) \
         VALUES ($1, 550, 4, 'Dark.', $2, $2)",
        &[leaver.id.0, crate::to_millis(at(100))],
    )
    .await
    .expect("review");
    let group = store
        .find_group(id, None)
        .await
        .expect("find")
        .expect("exists");
    assert_eq!(group.activity_at, at(100));
    // Account deletion's cascade takes the row and the count.
    delete_account(&store, leaver.id).await;
    delete_account(&store, asker.id).await;
    assert_eq!(count().await, 1);
    assert_groups_consistent(&store).await;
}

pub async fn group_favorite_removals_are_logged_only_when_something_was_removed(store: SqlStore) {
    let owner = user(&store, "owner").await;
    let id = store
        .create_group(&new_group(owner.id, "Noir", Visibility::Public))
        .await
        .expect("create");
    exec(
        &store,
        "INSERT INTO favorites (user_id, movie_id, type, group_id, created_at) VALUES ($1, 550, 3, $2, 0)",
        &[owner.id.0, id.0],
    )
    .await
    .expect("favorite");
    let expected = Expected {
        roles: vec![(owner.id, Role::Owner)],
        visibility: None,
    };
    let entry = log(id, ModerationAction::RemoveGroupFavorite, owner.id);
    let movie = leffaseura_core::MovieId(550);
    assert!(store
        .remove_group_favorite(id, movie, &expected, &entry)
        .await
        .expect("remove"));
    assert!(!store
        .remove_group_favorite(id, movie, &expected, &entry)
        .await
        .expect("again"));
    assert_eq!(
        store.group_log(id, page(10, 0)).await.expect("log").total,
        1
    );
    let wrong = Expected {
        roles: vec![(owner.id, Role::Member)],
        visibility: None,
    };
    assert!(matches!(
        store.remove_group_favorite(id, movie, &wrong, &entry).await,
        Err(StoreError::Conflict(Conflict::Stale))
    ));
}
