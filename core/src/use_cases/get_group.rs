//! Reading one group (API.md, Groups: GET /groups/{id}).

use crate::domain::group::model::group_not_found;
use crate::domain::permissions::view_members;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::{GroupView, Groups};

impl Groups {
    /// The group as `viewer` sees it. Everyone — visitors and outsiders included, also
    /// for private groups — sees its public facts (name, description, owner, member
    /// count, genres, theme, poster) and their own role; only members, moderators and
    /// the owner get the member list.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`.
    pub async fn get_group(
        &self,
        viewer: Option<&User>,
        group: GroupId,
    ) -> Result<GroupView, Error> {
        let viewer_id = viewer.map(|user| user.id);
        let found = self
            .store
            .find_group(group, viewer_id)
            .await?
            .ok_or_else(group_not_found)?;
        let role = found.role_of(viewer_id);
        let members = if view_members(role).is_ok() {
            Some(self.store.members(group).await?)
        } else {
            None
        };
        Ok(GroupView {
            group: found,
            role,
            members,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::model::GroupMember;
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::ids::{GroupId, UserId};
    use crate::use_cases::groups::testing::*;
    use crate::use_cases::test_support::now;

    #[tokio::test]
    async fn members_see_the_member_list_and_others_only_the_public_facts() {
        // (viewer, their row, role seen, members shown)
        let cases = [
            (None, None, Role::None, false),
            (Some(5), None, Role::None, false),
            (Some(5), Some(Role::Pending), Role::Pending, false),
            (Some(5), Some(Role::Member), Role::Member, true),
            (Some(5), Some(Role::Moderator), Role::Moderator, true),
            (Some(1), Some(Role::Owner), Role::Owner, true),
        ];
        for (viewer, row, role, shown) in cases {
            let mut ports = Ports::new();
            ports
                .store
                .expect_find_group()
                .withf(move |group, asked| *group == GROUP && *asked == viewer.map(UserId))
                .returning(move |_, _| Ok(Some(stored_group(Visibility::Private, row))));
            ports
                .store
                .expect_members()
                .times(usize::from(shown))
                .returning(|_| {
                    Ok(vec![GroupMember {
                        user_id: OWNER,
                        username: "user1".into(),
                        role: Role::Owner,
                        joined_at: now(),
                    }])
                });
            let viewer_user = viewer.map(member);
            let view = ports
                .build()
                .get_group(viewer_user.as_ref(), GROUP)
                .await
                .unwrap();
            assert_eq!(view.role, role, "{viewer:?} {row:?}");
            assert_eq!(view.members.is_some(), shown, "{viewer:?} {row:?}");
            assert_eq!(view.group.name, "Noir Club");
        }
    }

    #[tokio::test]
    async fn an_unknown_group_is_404() {
        let mut ports = Ports::new();
        ports.store.expect_find_group().returning(|_, _| Ok(None));
        let err = ports.build().get_group(None, GroupId(8)).await.unwrap_err();
        assert_code(&err, "group_not_found");
        assert_eq!(err.to_string(), "Group not found.");
    }
}
