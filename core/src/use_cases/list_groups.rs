//! The group lists (API.md, Groups: GET /groups/popular, /groups/search,
//! /groups/by-genres, /groups/user/{userId}/groups). Each group carries the caller's
//! role; lists never carry member lists.

use crate::domain::constants::{
    GROUP_SEARCH_DEFAULT, GROUP_SEARCH_MAX, POPULAR_GROUPS_DEFAULT, POPULAR_GROUPS_MAX,
    USER_GROUPS_DEFAULT, USER_GROUPS_MAX,
};
use crate::domain::genre::GenreIds;
use crate::domain::group::model::{GenreMatch, Group, GroupFilter, PrivateGroups, SearchText};
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ids::UserId;
use crate::use_cases::accounts::user_not_found;
use crate::use_cases::groups::{GroupView, Groups};

/// A group as lists show it: with the viewer's role, without its members.
fn listed(group: Group, viewer: Option<UserId>) -> GroupView {
    GroupView {
        role: group.role_of(viewer),
        group,
        members: None,
    }
}

impl Groups {
    async fn list(
        &self,
        filter: GroupFilter,
        viewer: Option<&User>,
        page: PageRequest,
    ) -> Result<Paged<GroupView>, Error> {
        let viewer = viewer.map(|user| user.id);
        let found = self.store.list_groups(&filter, viewer, page).await?;
        Ok(found.map(|group| listed(group, viewer)))
    }

    /// The most popular groups: most members first, then the newest activity.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a `limit` outside 1..=50.
    pub async fn popular_groups(
        &self,
        viewer: Option<&User>,
        limit: Option<i64>,
    ) -> Result<Vec<GroupView>, Error> {
        let page = PageRequest::new(limit, None, POPULAR_GROUPS_DEFAULT, POPULAR_GROUPS_MAX)?;
        let viewer = viewer.map(|user| user.id);
        // The answer has no total: the store is not asked to count every group.
        let found = self
            .store
            .group_window(&GroupFilter::Popular, viewer, page)
            .await?;
        Ok(found
            .into_iter()
            .map(|group| listed(group, viewer))
            .collect())
    }

    /// Groups whose name or description contains `query`, case- and accent-insensitively
    /// ("elokuva" finds "Elokuvakerho", "aiti" finds "Äiti"), name matches first, then by
    /// popularity. An empty query lists every group.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a query over 100 characters, a `limit` outside
    /// 1..=50 or a negative `offset`.
    pub async fn search_groups(
        &self,
        viewer: Option<&User>,
        query: &str,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<GroupView>, Error> {
        let text = SearchText::parse(query)?;
        let page = PageRequest::new(limit, offset, GROUP_SEARCH_DEFAULT, GROUP_SEARCH_MAX)?;
        self.list(GroupFilter::Search(text), viewer, page).await
    }

    /// Groups tagged with any (or all) of `genres` (comma-separated ids), by popularity.
    ///
    /// # Errors
    /// `Invalid` `invalid_genres` (field `genres`) for no genre, a non-number or an
    /// unknown id; `invalid_parameter` for `matchType` other than any/all, a bad `limit`
    /// or `offset`.
    pub async fn groups_by_genres(
        &self,
        viewer: Option<&User>,
        genres: &str,
        match_type: Option<&str>,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<GroupView>, Error> {
        let genres = GenreIds::parse_field(genres, "genres")?;
        if genres.is_empty() {
            return Err(Error::invalid(
                "genres",
                ErrorCode::InvalidGenres,
                "Choose at least one genre.",
            ));
        }
        let mode = GenreMatch::parse(match_type)?;
        let page = PageRequest::new(limit, offset, GROUP_SEARCH_DEFAULT, GROUP_SEARCH_MAX)?;
        self.list(GroupFilter::Genres { genres, mode }, viewer, page)
            .await
    }

    /// The groups `user` is in (owner, moderator or member; not pending), newest
    /// membership first. Their private groups are listed only to themself and to those
    /// who are members of that group too.
    ///
    /// # Errors
    /// `NotFound` `user_not_found`; `Invalid` `invalid_parameter` for a `limit` outside
    /// 1..=100 or a negative `offset`.
    pub async fn user_groups(
        &self,
        viewer: Option<&User>,
        user: UserId,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<GroupView>, Error> {
        let page = PageRequest::new(limit, offset, USER_GROUPS_DEFAULT, USER_GROUPS_MAX)?;
        let private = match viewer {
            Some(viewer) if viewer.id == user => PrivateGroups::All,
            Some(viewer) => PrivateGroups::SharedWith(viewer.id),
            None => PrivateGroups::None,
        };
        if !matches!(private, PrivateGroups::All) && self.users.find_user(user).await?.is_none() {
            return Err(user_not_found());
        }
        self.list(GroupFilter::OfUser { user, private }, viewer, page)
            .await
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::model::{GenreMatch, GroupFilter, PrivateGroups, SearchText};
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::paging::{PageRequest, Paged};
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    fn answers(ports: &mut Ports, expected: GroupFilter, page: PageRequest) {
        ports
            .store
            .expect_list_groups()
            .times(1)
            .withf(move |filter, _, asked| *filter == expected && *asked == page)
            .returning(|_, _, page| {
                Ok(Paged {
                    items: vec![stored_group(Visibility::Private, Some(Role::Member))],
                    total: 1,
                    limit: page.limit,
                    offset: page.offset,
                })
            });
    }

    #[tokio::test]
    async fn popular_groups_default_to_20_and_stop_at_50_and_are_not_counted() {
        let mut ports = Ports::new();
        let first_page = PageRequest {
            limit: 20,
            offset: 0,
        };
        ports
            .store
            .expect_group_window()
            .times(1)
            .withf(move |filter, _, asked| *filter == GroupFilter::Popular && *asked == first_page)
            .returning(|_, _, _| Ok(vec![stored_group(Visibility::Private, Some(Role::Member))]));
        ports.store.expect_list_groups().never();
        let groups = ports.build();
        let found = groups.popular_groups(Some(&member(5)), None).await.unwrap();
        assert_eq!(found[0].role, Role::Member);
        assert!(found[0].members.is_none());
        let err = groups.popular_groups(None, Some(51)).await.unwrap_err();
        assert_code(&err, "invalid_parameter");
    }

    #[tokio::test]
    async fn search_and_genre_filters_are_checked_and_passed_on() {
        let mut ports = Ports::new();
        answers(
            &mut ports,
            GroupFilter::Search(SearchText::parse("äiti").unwrap()),
            PageRequest {
                limit: 20,
                offset: 16,
            },
        );
        ports
            .build()
            .search_groups(None, " äiti ", None, Some(16))
            .await
            .unwrap();

        let mut ports = Ports::new();
        answers(
            &mut ports,
            GroupFilter::Genres {
                genres: crate::domain::genre::GenreIds::from_ids(&[28, 12]).unwrap(),
                mode: GenreMatch::All,
            },
            PageRequest {
                limit: 5,
                offset: 0,
            },
        );
        let groups = ports.build();
        groups
            .groups_by_genres(None, "28,12", Some("all"), Some(5), None)
            .await
            .unwrap();
        for (genres, mode, code) in [
            ("", None, "invalid_genres"),
            ("28,x", None, "invalid_genres"),
            ("4242", None, "invalid_genres"),
            ("28", Some("most"), "invalid_parameter"),
        ] {
            let err = groups
                .groups_by_genres(None, genres, mode, None, None)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }

    #[tokio::test]
    async fn private_groups_of_a_user_are_shown_to_themself_and_fellow_members() {
        for (viewer, private) in [
            (Some(5), PrivateGroups::All),
            (Some(6), PrivateGroups::SharedWith(UserId(6))),
            (None, PrivateGroups::None),
        ] {
            let mut ports = Ports::new();
            answers(
                &mut ports,
                GroupFilter::OfUser {
                    user: UserId(5),
                    private,
                },
                PageRequest {
                    limit: 50,
                    offset: 0,
                },
            );
            let viewer = viewer.map(member);
            ports
                .build()
                .user_groups(viewer.as_ref(), UserId(5), None, None)
                .await
                .unwrap();
        }
        let mut ports = Ports::new();
        ports.users = crate::ports::user_store::MockUserStore::new();
        ports.users.expect_find_user().returning(|_| Ok(None));
        ports.store.expect_list_groups().never();
        let err = ports
            .build()
            .user_groups(None, UserId(404), None, None)
            .await
            .unwrap_err();
        assert_code(&err, "user_not_found");
    }
}
