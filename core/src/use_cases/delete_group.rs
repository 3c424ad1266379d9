//! Deleting a group (API.md, Groups: DELETE /groups/{id}): the owner's, or a site
//! admin's to take down abuse.

use crate::domain::moderation::ModerationAction;
use crate::domain::permissions::delete_group_overseen;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::ports::group_store::Expected;
use crate::use_cases::groups::{busy, is_stale, write_error, Groups, MAX_ATTEMPTS};

impl Groups {
    /// Deletes the group with its memberships, requests and group favorites; logged as
    /// `delete_group` (the entry stays in the site's moderation log).
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `owner_required`; `Conflict`
    /// `concurrent_change`.
    pub async fn delete_group(&self, actor: &User, group: GroupId) -> Result<(), Error> {
        for _ in 0..MAX_ATTEMPTS {
            let (current, role) = self.current(actor, group).await?;
            delete_group_overseen(role, actor.is_admin)?;
            let log = self.log_entry(
                group,
                ModerationAction::DeleteGroup,
                actor,
                None,
                current.name.clone(),
                None,
            );
            // A site admin's right does not depend on any role, so nothing to re-check.
            let expected = Expected {
                roles: if actor.is_admin {
                    Vec::new()
                } else {
                    vec![(actor.id, role)]
                },
                visibility: None,
            };
            match self.store.delete_group(group, &expected, &log).await {
                Ok(()) => return Ok(()),
                Err(err) if is_stale(&err) => continue,
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::moderation::ModerationAction;
    use crate::error::StoreError;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn the_owner_and_site_admins_delete_others_may_not() {
        // (actor, is admin, their row, allowed)
        let cases = [
            (1, false, Some(Role::Owner), true),
            (9, true, None, true),
            (2, false, Some(Role::Moderator), false),
            (3, false, Some(Role::Member), false),
            (5, false, None, false),
        ];
        for (actor, is_admin, row, allowed) in cases {
            let mut ports = Ports::new();
            ports
                .store
                .expect_find_group()
                .returning(move |_, _| Ok(Some(stored_group(Visibility::Public, row))));
            ports.store.expect_members().returning(|_| Ok(vec![]));
            ports
                .store
                .expect_delete_group()
                .times(usize::from(allowed))
                .withf(move |_, expected, log| {
                    log.action == ModerationAction::DeleteGroup
                        && log.actor_id == Some(UserId(actor))
                        && expected.roles.is_empty() == is_admin
                })
                .returning(|_, _, _| Ok(()));
            let user = if is_admin {
                admin(actor)
            } else {
                member(actor)
            };
            let got = ports.build().delete_group(&user, GROUP).await;
            match got {
                Ok(()) => assert!(allowed, "{actor}"),
                Err(err) => {
                    assert!(!allowed, "{actor}: {err:?}");
                    assert_code(&err, "owner_required");
                }
            }
        }
    }

    #[tokio::test]
    async fn a_group_deleted_meanwhile_is_404() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_find_group()
            .returning(|_, _| Ok(Some(stored_group(Visibility::Public, Some(Role::Owner)))));
        ports.store.expect_members().returning(|_| Ok(vec![]));
        ports
            .store
            .expect_delete_group()
            .returning(|_, _, _| Err(StoreError::NotFound));
        let err = ports
            .build()
            .delete_group(&member(1), GROUP)
            .await
            .unwrap_err();
        assert_code(&err, "group_not_found");
    }
}
