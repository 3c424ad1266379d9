//! Group lookups shared by the stores that check a caller's group rights (favorites and
//! reviews).

use sqlx::Row;

use leffaseura_core::domain::membership::Role;
use leffaseura_core::ports::favorite_store::GroupAccess;
use leffaseura_core::{GroupId, StoreError, UserId};

use crate::error::store_error;
use crate::SqlStore;

impl SqlStore {
    /// The group's owner and `user`'s membership in it (none for outsiders); `None` when
    /// the group does not exist.
    pub(crate) async fn find_group_access(
        &self,
        group: GroupId,
        user: UserId,
    ) -> Result<Option<GroupAccess>, StoreError> {
        let row = sqlx::query(
            "SELECT g.owner_id, gm.role FROM groups g \
             LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = $2 \
             WHERE g.id = $1",
        )
        .bind(group.0)
        .bind(user.0)
        .fetch_optional(self.pool())
        .await
        .map_err(store_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let role: Option<String> = row.try_get("role").map_err(store_error)?;
        Ok(Some(GroupAccess {
            owner_id: UserId(row.try_get("owner_id").map_err(store_error)?),
            membership: role.as_deref().and_then(Role::parse),
        }))
    }
}
