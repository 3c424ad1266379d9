//! Reading lists (API.md, Favorites: GET /favorites/user/{userId}/{type} and
//! GET /favorites/group/{groupId}).

use crate::domain::constants::{FAVORITE_LIST_DEFAULT, FAVORITE_LIST_MAX};
use crate::domain::favorite::{Favorite, FavoriteKind, FavoriteList};
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::permissions::view_group_content;
use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, UserId};
use crate::use_cases::accounts::user_not_found;
use crate::use_cases::favorites::Favorites;

impl Favorites {
    /// A user's favorites (type 2, public) or watchlist (type 1, only for its owner),
    /// newest first. `total` is the size of the whole list (the profile's count).
    ///
    /// # Errors
    /// `Invalid` on `type` (unknown, or 3: group favorites are listed per group),
    /// `limit` (1..=[`FAVORITE_LIST_MAX`]) or `offset`; `Unauthenticated`
    /// `login_required` for a watchlist without a session; `Forbidden`
    /// `watchlist_private` for someone else's watchlist; `NotFound` `user_not_found`.
    pub async fn list_user_favorites(
        &self,
        viewer: Option<&User>,
        owner: i64,
        kind: i64,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<Favorite>, Error> {
        let kind = FavoriteKind::parse(kind)?;
        let page = PageRequest::new(limit, offset, FAVORITE_LIST_DEFAULT, FAVORITE_LIST_MAX)?;
        let owner = UserId(owner);
        let list = FavoriteList::personal(kind, owner)?;
        if kind == FavoriteKind::Watchlist {
            match viewer {
                None => {
                    return Err(Error::unauthenticated(
                        ErrorCode::LoginRequired,
                        "Please log in to view your watchlist.",
                    ))
                }
                Some(viewer) if viewer.id != owner => {
                    return Err(Error::forbidden(
                        ErrorCode::WatchlistPrivate,
                        "A watchlist is visible only to its owner.",
                    ))
                }
                Some(_) => {}
            }
        } else if viewer.is_none_or(|viewer| viewer.id != owner)
            && self.users.find_user(owner).await?.is_none()
        {
            return Err(user_not_found());
        }
        Ok(self.store.list_favorites(list, page).await?)
    }

    /// A group's favorites, newest first; for its members, moderators and owner.
    ///
    /// # Errors
    /// `Invalid` on `limit` or `offset`; `NotFound` `group_not_found`; `Forbidden`
    /// `members_only` for pending requests and outsiders.
    pub async fn list_group_favorites(
        &self,
        user: &User,
        group: i64,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<Favorite>, Error> {
        let page = PageRequest::new(limit, offset, FAVORITE_LIST_DEFAULT, FAVORITE_LIST_MAX)?;
        let group = GroupId(group);
        view_group_content(self.role_in(group, user.id).await?)?;
        Ok(self
            .store
            .list_favorites(FavoriteList::Group(group), page)
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::favorite::FavoriteList;
    use crate::domain::membership::Role;
    use crate::domain::paging::Paged;
    use crate::error::Error;
    use crate::ids::{GroupId, UserId};
    use crate::use_cases::favorites::testing::*;
    use crate::use_cases::test_support::user;

    fn lists_anything(ports: &mut Ports) {
        ports.store.expect_list_favorites().returning(|list, page| {
            Ok(Paged {
                items: vec![favorite(1, list, 550)],
                total: 1,
                limit: page.limit,
                offset: page.offset,
            })
        });
    }

    #[tokio::test]
    async fn a_watchlist_is_for_its_owner_only() {
        let aino = user(2, "aino", "pw");
        let pekka = user(3, "pekka", "pw");
        // (viewer, expected code or Ok)
        let cases = [
            (None, Some("login_required")),
            (Some(&pekka), Some("watchlist_private")),
            (Some(&aino), None),
        ];
        for (viewer, refusal) in cases {
            let mut ports = Ports::new();
            lists_anything(&mut ports);
            let got = ports
                .build()
                .list_user_favorites(viewer, 2, 1, None, None)
                .await;
            match (got, refusal) {
                (Ok(page), None) => {
                    assert_eq!(page.items[0].list, FavoriteList::Watchlist(UserId(2)));
                    assert_eq!((page.limit, page.offset), (20, 0));
                }
                (Err(err), Some(code)) => {
                    assert_code(&err, code);
                    let status_kind = match code {
                        "login_required" => matches!(err, Error::Unauthenticated { .. }),
                        _ => matches!(err, Error::Forbidden { .. }),
                    };
                    assert!(status_kind, "{err:?}");
                }
                (got, _) => panic!("{viewer:?}: {got:?}"),
            }
        }
    }

    #[tokio::test]
    async fn favorites_are_public_but_the_user_must_exist() {
        let mut ports = Ports::new();
        lists_anything(&mut ports);
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok((id == UserId(2)).then(|| user(2, "aino", "pw"))));
        let favorites = ports.build();
        let page = favorites
            .list_user_favorites(None, 2, 2, Some(8), Some(8))
            .await
            .unwrap();
        assert_eq!(page.items[0].list, FavoriteList::Favorites(UserId(2)));
        assert_eq!((page.limit, page.offset), (8, 8));
        let err = favorites
            .list_user_favorites(None, 5, 2, None, None)
            .await
            .unwrap_err();
        assert_code(&err, "user_not_found");
    }

    #[tokio::test]
    async fn user_lists_check_type_and_window() {
        for (kind, limit, offset, code) in [
            (3, None, None, "group_list"),
            (0, None, None, "invalid_favorite_type"),
            (2, Some(0), None, "invalid_parameter"),
            (2, Some(101), None, "invalid_parameter"),
            (2, None, Some(-1), "invalid_parameter"),
        ] {
            let mut ports = Ports::new();
            ports.store.expect_list_favorites().never();
            let err = ports
                .build()
                .list_user_favorites(None, 2, kind, limit, offset)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }

    #[tokio::test]
    async fn group_favorites_are_for_members() {
        let cases = [
            (None, 1, true),
            (Some(Role::Moderator), 2, true),
            (Some(Role::Member), 2, true),
            (Some(Role::Pending), 2, false),
            (None, 2, false),
        ];
        for (membership, actor, allowed) in cases {
            let mut ports = Ports::new();
            ports.group_with(membership);
            lists_anything(&mut ports);
            let got = ports
                .build()
                .list_group_favorites(&user(actor, "actor", "pw"), 7, None, None)
                .await;
            match got {
                Ok(page) => {
                    assert!(allowed);
                    assert_eq!(page.items[0].list, FavoriteList::Group(GroupId(7)));
                }
                Err(err) => {
                    assert!(!allowed, "{err:?}");
                    assert_code(&err, "members_only");
                }
            }
        }
        let mut ports = Ports::new();
        ports.group_with(Some(Role::Member));
        let err = ports
            .build()
            .list_group_favorites(&user(2, "aino", "pw"), 8, None, None)
            .await
            .unwrap_err();
        assert_code(&err, "group_not_found");
    }
}
