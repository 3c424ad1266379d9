//! A group's member list (API.md, Groups: GET /groups/{id}/members).

use crate::domain::group::model::GroupMember;
use crate::domain::permissions::view_members_overseen;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// The owner, moderators and members, for the group's members (and site admins).
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `members_only` "You need to be in the
    /// group to view members."
    pub async fn list_members(
        &self,
        actor: &User,
        group: GroupId,
    ) -> Result<Vec<GroupMember>, Error> {
        let role = self.access(group, actor.id).await?.role_of(actor.id);
        view_members_overseen(role, actor.is_admin)?;
        Ok(self.store.members(group).await?)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn members_and_site_admins_see_the_list() {
        // (actor, admin, allowed)
        for (actor, is_admin, allowed) in [
            (1, false, true),
            (3, false, true),
            (5, false, false),
            (6, false, false),
            (6, true, true),
        ] {
            let mut ports = Ports::new();
            ports.world(
                Visibility::Private,
                &[(3, Role::Member), (5, Role::Pending)],
            );
            ports
                .store
                .expect_members()
                .times(usize::from(allowed))
                .returning(|_| Ok(vec![]));
            let user = if is_admin {
                admin(actor)
            } else {
                member(actor)
            };
            match ports.build().list_members(&user, GROUP).await {
                Ok(_) => assert!(allowed),
                Err(err) => {
                    assert!(!allowed);
                    assert_code(&err, "members_only");
                    assert_eq!(
                        err.to_string(),
                        "You need to be in the group to view members."
                    );
                }
            }
        }
    }
}
