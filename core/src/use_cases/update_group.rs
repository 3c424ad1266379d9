//! Editing a group (API.md, Groups: PUT /groups/{id}, only changed fields), owner only.

use crate::domain::genre::GenreIds;
use crate::domain::group::model::{GroupChanges, PosterUrl};
use crate::domain::group::{ThemeId, Visibility};
use crate::domain::moderation::ModerationAction;
use crate::domain::permissions::edit_group;
use crate::domain::text::{Description, GroupName};
use crate::domain::user::User;
use crate::error::{Conflict, Error, ErrorCode, StoreError};
use crate::ids::GroupId;
use crate::ports::group_store::Expected;
use crate::use_cases::create_group::group_name_taken;
use crate::use_cases::groups::{busy, is_stale, write_error, GroupView, Groups, MAX_ATTEMPTS};

/// The fields to change, as the client sent them; a field left out stays as it was.
#[derive(Debug, Clone, Default)]
pub struct UpdateGroup {
    pub name: Option<String>,
    pub description: Option<String>,
    pub visibility: Option<String>,
    pub theme_id: Option<i64>,
    pub tags: Option<Vec<i64>>,
    /// `""` takes the poster away.
    pub poster_url: Option<String>,
}

impl UpdateGroup {
    fn parse(&self) -> Result<GroupChanges, Error> {
        Ok(GroupChanges {
            name: self.name.as_deref().map(GroupName::parse).transpose()?,
            description: self
                .description
                .as_deref()
                .map(Description::parse)
                .transpose()?,
            visibility: self
                .visibility
                .as_deref()
                .map(Visibility::parse)
                .transpose()?,
            theme: self.theme_id.map(ThemeId::new).transpose()?,
            genres: self.tags.as_deref().map(GenreIds::from_ids).transpose()?,
            poster_url: self
                .poster_url
                .as_deref()
                .map(PosterUrl::parse)
                .transpose()?,
        })
    }
}

impl Groups {
    /// Applies the owner's changes, logged as `edit_group` with the fields changed, and
    /// answers with the group as the owner sees it.
    ///
    /// # Errors
    /// The field checks of [`Groups::create_group`]; `Invalid` `no_changes` "No changes
    /// to update." when no field is given; `NotFound` `group_not_found`; `Forbidden`
    /// `owner_required`; `Conflict` `group_name_taken` or `concurrent_change`.
    pub async fn update_group(
        &self,
        actor: &User,
        group: GroupId,
        input: UpdateGroup,
    ) -> Result<GroupView, Error> {
        let changes = input.parse()?;
        if changes.is_empty() {
            return Err(Error::invalid(
                "",
                ErrorCode::NoChanges,
                "No changes to update.",
            ));
        }
        let reason = format!("Changed {}.", changes.changed_fields().join(", "));
        for _ in 0..MAX_ATTEMPTS {
            let (current, role) = self.current(actor, group).await?;
            edit_group(role)?;
            let log = self.log_entry(
                group,
                ModerationAction::EditGroup,
                actor,
                None,
                current.name.clone(),
                Some(reason.clone()),
            );
            let expected = Expected {
                roles: vec![(actor.id, role)],
                visibility: None,
            };
            let applied = self
                .store
                .update_group(group, &changes, log.created_at, &expected, &log)
                .await;
            match applied {
                Ok(()) => return self.get_group(Some(actor), group).await,
                Err(err) if is_stale(&err) => continue,
                Err(StoreError::Conflict(Conflict::GroupName)) => return Err(group_name_taken()),
                Err(err) => return Err(write_error(err)),
            }
        }
        Err(busy())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::membership::Role;
    use crate::ids::UserId;
    use crate::use_cases::groups::testing::*;

    fn readable(ports: &mut Ports, row: Option<Role>) {
        ports
            .store
            .expect_find_group()
            .returning(move |_, _| Ok(Some(stored_group(Visibility::Public, row))));
        ports.store.expect_members().returning(|_| Ok(vec![]));
    }

    #[tokio::test]
    async fn the_owner_edits_only_what_was_sent_and_it_is_logged() {
        let mut ports = Ports::new();
        readable(&mut ports, Some(Role::Owner));
        ports
            .store
            .expect_update_group()
            .times(1)
            .withf(|group, changes, _, expected, log| {
                *group == GROUP
                    && changes.visibility == Some(Visibility::Private)
                    && changes.poster_url == Some(None)
                    && changes.name.is_none()
                    && expected.roles == [(UserId(1), Role::Owner)]
                    && log.action == ModerationAction::EditGroup
                    && log.target == "Noir Club"
                    && log.reason.as_deref() == Some("Changed visibility, poster_url.")
            })
            .returning(|_, _, _, _, _| Ok(()));
        ports
            .build()
            .update_group(
                &member(1),
                GROUP,
                UpdateGroup {
                    visibility: Some("private".into()),
                    poster_url: Some(String::new()),
                    ..UpdateGroup::default()
                },
            )
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn nothing_to_change_others_and_taken_names_are_refused() {
        let mut ports = Ports::new();
        readable(&mut ports, Some(Role::Owner));
        ports.store.expect_update_group().never();
        let err = ports
            .build()
            .update_group(&member(1), GROUP, UpdateGroup::default())
            .await
            .unwrap_err();
        assert_code(&err, "no_changes");

        for row in [Some(Role::Moderator), Some(Role::Member), None] {
            let mut ports = Ports::new();
            readable(&mut ports, row);
            ports.store.expect_update_group().never();
            let err = ports
                .build()
                .update_group(
                    &member(5),
                    GROUP,
                    UpdateGroup {
                        description: Some("x".into()),
                        ..UpdateGroup::default()
                    },
                )
                .await
                .unwrap_err();
            assert_code(&err, "owner_required");
        }

        let mut ports = Ports::new();
        readable(&mut ports, Some(Role::Owner));
        ports
            .store
            .expect_update_group()
            .returning(|_, _, _, _, _| Err(StoreError::Conflict(Conflict::GroupName)));
        let err = ports
            .build()
            .update_group(
                &member(1),
                GROUP,
                UpdateGroup {
                    name: Some("Taken".into()),
                    ..UpdateGroup::default()
                },
            )
            .await
            .unwrap_err();
        assert_code(&err, "group_name_taken");
    }
}
