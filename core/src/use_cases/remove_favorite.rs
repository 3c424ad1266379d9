//! Taking a movie off a list (API.md, Favorites: DELETE /favorites/{movieId}/{type} and
//! DELETE /favorites/{movieId}/{type}/group/{groupId}).
//!
//! Removing is idempotent: taking off a movie that is not on the list succeeds too, so
//! that a toggle clicked twice, or retried after a lost answer, never shows an error.

use crate::domain::favorite::{parse_movie_id, FavoriteKind, FavoriteList};
use crate::domain::moderation::{ModerationAction, NewGroupLogEntry};
use crate::domain::permissions::remove_group_favorite;
use crate::domain::user::User;
use crate::error::{Error, ErrorCode};
use crate::ids::GroupId;
use crate::ports::group_store::Expected;
use crate::use_cases::favorites::Favorites;
use crate::use_cases::groups::{busy, is_stale, write_error, MAX_ATTEMPTS};

impl Favorites {
    /// Takes `movie_id` off `user`'s watchlist (type 1) or favorites (type 2).
    ///
    /// # Errors
    /// `Invalid` on `type` (unknown, or 3: group favorites are removed through their
    /// group) or `movieId`.
    pub async fn remove_favorite(
        &self,
        user: &User,
        movie_id: i64,
        kind: i64,
    ) -> Result<(), Error> {
        let kind = FavoriteKind::parse(kind)?;
        let movie = parse_movie_id(movie_id, "movieId")?;
        let list = FavoriteList::personal(kind, user.id)?;
        self.store.remove_favorite(list, movie).await?;
        Ok(())
    }

    /// Takes `movie_id` off a group's favorites; for the group's owner and moderators.
    /// A removal is a moderation action: it is logged (`remove_group_favorite`, the
    /// movie's title as target) in the same transaction, and applied only while the
    /// caller is still owner or moderator.
    ///
    /// # Errors
    /// `Invalid` on `type` (must be 3) or `movieId`; `NotFound` `group_not_found`;
    /// `Forbidden` `favorites_forbidden` for anyone else; `Conflict` `concurrent_change`.
    pub async fn remove_group_favorite(
        &self,
        user: &User,
        movie_id: i64,
        kind: i64,
        group_id: i64,
    ) -> Result<(), Error> {
        let kind = FavoriteKind::parse(kind)?;
        let movie = parse_movie_id(movie_id, "movieId")?;
        if !kind.is_group() {
            return Err(Error::invalid(
                "type",
                ErrorCode::InvalidFavoriteType,
                "Only group favorites (type 3) are removed through a group.",
            ));
        }
        let group = GroupId(group_id);
        for _ in 0..MAX_ATTEMPTS {
            let role = self.role_in(group, user.id).await?;
            remove_group_favorite(role)?;
            let list = FavoriteList::Group(group);
            let Some(entry) = self.store.find_favorite(list, movie).await? else {
                return Ok(());
            };
            let target = if entry.original_title.is_empty() {
                format!("movie {movie}")
            } else {
                entry.original_title
            };
            let log = NewGroupLogEntry {
                group,
                action: ModerationAction::RemoveGroupFavorite,
                actor_id: Some(user.id),
                actor: user.username.clone(),
                target_user: None,
                target,
                reason: None,
                created_at: self.clock.now(),
            };
            let expected = Expected {
                roles: vec![(user.id, role)],
                visibility: None,
            };
            match self
                .groups
                .remove_group_favorite(group, movie, &expected, &log)
                .await
            {
                Ok(_) => return Ok(()),
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::favorite::FavoriteList;
    use crate::domain::membership::Role;
    use crate::domain::moderation::ModerationAction;
    use crate::error::Error;
    use crate::ids::{GroupId, MovieId, UserId};
    use crate::use_cases::favorites::testing::*;
    use crate::use_cases::test_support::user;

    #[tokio::test]
    async fn removing_is_idempotent() {
        for was_there in [true, false] {
            let mut ports = Ports::new();
            ports
                .store
                .expect_remove_favorite()
                .withf(|list, movie| {
                    *list == FavoriteList::Watchlist(UserId(2)) && *movie == MovieId(550)
                })
                .times(1)
                .returning(move |_, _| Ok(was_there));
            ports
                .build()
                .remove_favorite(&user(2, "aino", "pw"), 550, 1)
                .await
                .unwrap();
        }
    }

    #[tokio::test]
    async fn personal_removal_refuses_group_types_and_bad_ids() {
        for (movie, kind, code) in [
            (550, 3, "group_list"),
            (550, 9, "invalid_favorite_type"),
            (0, 2, "invalid_movie_id"),
        ] {
            let mut ports = Ports::new();
            ports.store.expect_remove_favorite().never();
            let err = ports
                .build()
                .remove_favorite(&user(2, "aino", "pw"), movie, kind)
                .await
                .unwrap_err();
            assert_code(&err, code);
        }
    }

    #[tokio::test]
    async fn group_removal_needs_the_owner_or_a_moderator() {
        let cases = [
            (None, 1, true),
            (Some(Role::Moderator), 2, true),
            (Some(Role::Member), 2, false),
            (Some(Role::Pending), 2, false),
            (None, 2, false),
        ];
        for (membership, actor, allowed) in cases {
            let mut ports = Ports::new();
            ports.group_with(membership);
            ports
                .store
                .expect_find_favorite()
                .withf(|list, _| *list == FavoriteList::Group(GroupId(7)))
                .returning(|list, movie| Ok(Some(favorite(3, list, movie.0))));
            ports.store.expect_remove_favorite().never();
            ports
                .groups
                .expect_remove_group_favorite()
                .withf(move |group, movie, expected, log| {
                    *group == GroupId(7)
                        && *movie == MovieId(550)
                        && expected.roles.first().map(|r| r.0) == Some(UserId(actor))
                        && log.action == ModerationAction::RemoveGroupFavorite
                        && log.target == "Fight Club"
                        && log.actor_id == Some(UserId(actor))
                })
                .times(usize::from(allowed))
                .returning(|_, _, _, _| Ok(true));
            let got = ports
                .build()
                .remove_group_favorite(&user(actor, "actor", "pw"), 550, 3, 7)
                .await;
            match got {
                Ok(()) => assert!(allowed),
                Err(err) => {
                    assert!(!allowed, "{err:?}");
                    assert!(matches!(err, Error::Forbidden { .. }));
                    assert!(err.to_string().contains("remove favorites"));
                }
            }
        }
    }

    #[tokio::test]
    async fn group_removal_of_a_movie_not_there_succeeds_without_a_log_entry() {
        let mut ports = Ports::new();
        ports.group_with(Some(Role::Moderator));
        ports
            .store
            .expect_find_favorite()
            .returning(|_, _| Ok(None));
        ports.groups.expect_remove_group_favorite().never();
        ports
            .build()
            .remove_group_favorite(&user(2, "mod", "pw"), 550, 3, 7)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_moderator_demoted_meanwhile_is_refused_on_the_second_look() {
        let mut ports = Ports::new();
        let mut reads = 0;
        ports.groups.expect_group_access().returning(move |_, _| {
            reads += 1;
            Ok(Some(crate::ports::group_store::GroupAccess {
                owner_id: UserId(1),
                membership: Some(if reads == 1 {
                    Role::Moderator
                } else {
                    Role::Member
                }),
                visibility: crate::domain::group::Visibility::Public,
            }))
        });
        ports
            .store
            .expect_find_favorite()
            .returning(|list, movie| Ok(Some(favorite(3, list, movie.0))));
        ports
            .groups
            .expect_remove_group_favorite()
            .times(1)
            .returning(|_, _, _, _| {
                Err(crate::error::StoreError::Conflict(
                    crate::error::Conflict::Stale,
                ))
            });
        let err = ports
            .build()
            .remove_group_favorite(&user(2, "mod", "pw"), 550, 3, 7)
            .await
            .unwrap_err();
        assert_code(&err, "favorites_forbidden");
    }

    #[tokio::test]
    async fn group_removal_checks_the_type_and_the_group() {
        let mut ports = Ports::new();
        ports.group_with(Some(Role::Owner));
        ports.store.expect_remove_favorite().never();
        let favorites = ports.build();
        let owner = user(1, "owner", "pw");
        let err = favorites
            .remove_group_favorite(&owner, 550, 2, 7)
            .await
            .unwrap_err();
        assert_code(&err, "invalid_favorite_type");
        let err = favorites
            .remove_group_favorite(&owner, 550, 3, 8)
            .await
            .unwrap_err();
        assert_code(&err, "group_not_found");
    }
}
