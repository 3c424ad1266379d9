//! Creating a group (API.md, Groups: POST /groups); the creator becomes its owner.

use crate::domain::genre::GenreIds;
use crate::domain::group::model::{NewGroup, PosterUrl};
use crate::domain::group::{ThemeId, Visibility};
use crate::domain::text::{Description, GroupName};
use crate::domain::user::User;
use crate::error::{Conflict, Error, ErrorCode, StoreError};
use crate::use_cases::groups::{GroupView, Groups};

/// A new group as the client sent it.
#[derive(Debug, Clone, Default)]
pub struct CreateGroup {
    pub name: String,
    pub description: Option<String>,
    /// `public` (default) or `private`.
    pub visibility: Option<String>,
    /// 1..=4, default 1.
    pub theme_id: Option<i64>,
    /// Genre ids.
    pub tags: Option<Vec<i64>>,
    pub poster_url: Option<String>,
}

/// 409 `group_name_taken`.
pub(crate) fn group_name_taken() -> Error {
    Error::conflict(
        ErrorCode::GroupNameTaken,
        "A group with this name already exists.",
    )
}

impl Groups {
    /// Creates the group with `owner` as its owner and only member, and answers with it
    /// as the owner sees it.
    ///
    /// # Errors
    /// `Invalid` `invalid_group_name`, `invalid_description`, `invalid_visibility`,
    /// `invalid_theme`, `invalid_genres` (field `tags`), `invalid_poster_url`; `Conflict`
    /// `group_name_taken` (names are unique in any letter case).
    pub async fn create_group(&self, owner: &User, input: CreateGroup) -> Result<GroupView, Error> {
        let group = NewGroup {
            name: GroupName::parse(&input.name)?,
            description: Description::parse(input.description.as_deref().unwrap_or_default())?,
            visibility: input
                .visibility
                .as_deref()
                .map(Visibility::parse)
                .transpose()?
                .unwrap_or_default(),
            theme: input
                .theme_id
                .map(ThemeId::new)
                .transpose()?
                .unwrap_or_default(),
            genres: GenreIds::from_ids(input.tags.as_deref().unwrap_or_default())?,
            poster_url: input
                .poster_url
                .as_deref()
                .map(PosterUrl::parse)
                .transpose()?
                .flatten(),
            owner: owner.id,
            created_at: self.clock.now(),
        };
        let id = self
            .store
            .create_group(&group)
            .await
            .map_err(|err| match err {
                StoreError::Conflict(Conflict::GroupName) => group_name_taken(),
                StoreError::NotFound => Error::unauthenticated(
                    ErrorCode::InvalidToken,
                    "Your account no longer exists.",
                ),
                other => other.into(),
            })?;
        self.get_group(Some(owner), id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::ids::{GroupId, UserId};
    use crate::use_cases::groups::testing::*;
    use crate::use_cases::test_support::now;

    fn input(name: &str) -> CreateGroup {
        CreateGroup {
            name: name.to_owned(),
            ..CreateGroup::default()
        }
    }

    #[tokio::test]
    async fn a_group_is_created_trimmed_with_defaults_and_owned_by_its_creator() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_create_group()
            .times(1)
            .withf(|g| {
                g.name.as_str() == "Elokuvakerho"
                    && g.description.as_str() == "Leffoja."
                    && g.visibility == Visibility::Public
                    && g.theme == ThemeId::DEFAULT
                    && g.genres.as_slice() == [18, 35]
                    && g.poster_url.is_none()
                    && g.owner == UserId(1)
                    && g.created_at == now()
            })
            .returning(|_| Ok(GROUP));
        ports
            .store
            .expect_find_group()
            .returning(|_, _| Ok(Some(stored_group(Visibility::Public, Some(Role::Owner)))));
        ports.store.expect_members().returning(|_| Ok(vec![]));
        let view = ports
            .build()
            .create_group(
                &member(1),
                CreateGroup {
                    description: Some("  Leffoja.  ".into()),
                    tags: Some(vec![18, 35, 18]),
                    poster_url: Some("  ".into()),
                    ..input("  Elokuvakerho ")
                },
            )
            .await
            .unwrap();
        assert_eq!(view.role, Role::Owner);
        assert_eq!(view.group.id, GroupId(7));
    }

    #[tokio::test]
    async fn bad_input_is_refused_before_the_store() {
        let cases = [
            (input("   "), "name", "invalid_group_name"),
            (input(&"x".repeat(61)), "name", "invalid_group_name"),
            (
                CreateGroup {
                    description: Some("d".repeat(2001)),
                    ..input("A")
                },
                "description",
                "invalid_description",
            ),
            (
                CreateGroup {
                    visibility: Some("secret".into()),
                    ..input("A")
                },
                "visibility",
                "invalid_visibility",
            ),
            (
                CreateGroup {
                    theme_id: Some(5),
                    ..input("A")
                },
                "theme_id",
                "invalid_theme",
            ),
            (
                CreateGroup {
                    tags: Some(vec![28, 4242]),
                    ..input("A")
                },
                "tags",
                "invalid_genres",
            ),
            (
                CreateGroup {
                    poster_url: Some("javascript:alert(1)".into()),
                    ..input("A")
                },
                "poster_url",
                "invalid_poster_url",
            ),
        ];
        for (request, field, code) in cases {
            let mut ports = Ports::new();
            ports.store.expect_create_group().never();
            let err = ports
                .build()
                .create_group(&member(1), request)
                .await
                .unwrap_err();
            assert_code(&err, code);
            assert!(
                matches!(err, Error::Invalid { field: ref f, .. } if f == field),
                "{err:?}"
            );
        }
    }

    #[tokio::test]
    async fn a_taken_name_is_409() {
        let mut ports = Ports::new();
        ports
            .store
            .expect_create_group()
            .returning(|_| Err(StoreError::Conflict(Conflict::GroupName)));
        let err = ports
            .build()
            .create_group(&member(1), input("Noir Club"))
            .await
            .unwrap_err();
        assert_code(&err, "group_name_taken");
        assert!(matches!(err, Error::Conflict { .. }));
    }
}
