//! A group's moderation log (API.md, Groups: GET /groups/{id}/modlog).

use crate::domain::constants::{GROUP_MODLOG_DEFAULT, GROUP_MODLOG_MAX};
use crate::domain::moderation::GroupLogEntry;
use crate::domain::paging::{PageRequest, Paged};
use crate::domain::permissions::view_modlog;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// The group's moderation log, newest first; for the owner, moderators and site
    /// admins.
    ///
    /// # Errors
    /// `Invalid` `invalid_parameter` for a `limit` outside 1..=100 or a negative
    /// `offset`; `NotFound` `group_not_found`; `Forbidden` `moderator_required`.
    pub async fn group_modlog(
        &self,
        actor: &User,
        group: GroupId,
        limit: Option<i64>,
        offset: Option<i64>,
    ) -> Result<Paged<GroupLogEntry>, Error> {
        let page = PageRequest::new(limit, offset, GROUP_MODLOG_DEFAULT, GROUP_MODLOG_MAX)?;
        let role = self.access(group, actor.id).await?.role_of(actor.id);
        view_modlog(role, actor.is_admin)?;
        Ok(self.store.group_log(group, page).await?)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::domain::paging::Paged;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn managers_and_site_admins_read_the_log() {
        for (actor, is_admin, allowed) in [
            (1, false, true),
            (2, false, true),
            (3, false, false),
            (6, false, false),
            (6, true, true),
        ] {
            let mut ports = Ports::new();
            ports.world(
                Visibility::Private,
                &[(2, Role::Moderator), (3, Role::Member)],
            );
            ports
                .store
                .expect_group_log()
                .times(usize::from(allowed))
                .returning(|_, page| {
                    Ok(Paged {
                        items: vec![],
                        total: 0,
                        limit: page.limit,
                        offset: page.offset,
                    })
                });
            let user = if is_admin {
                admin(actor)
            } else {
                member(actor)
            };
            match ports.build().group_modlog(&user, GROUP, None, None).await {
                Ok(page) => {
                    assert!(allowed);
                    assert_eq!(page.limit, 20);
                }
                Err(err) => {
                    assert!(!allowed);
                    assert_code(&err, "moderator_required");
                }
            }
        }
    }
}
