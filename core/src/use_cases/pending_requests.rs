//! The join requests waiting for an answer (API.md, Groups:
//! GET /groups/{id}/pending-requests).

use crate::domain::group::model::PendingRequest;
use crate::domain::permissions::view_pending_requests;
use crate::domain::user::User;
use crate::error::Error;
use crate::ids::GroupId;
use crate::use_cases::groups::Groups;

impl Groups {
    /// The pending requests, oldest first; for the owner and moderators.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `moderator_required`.
    pub async fn pending_requests(
        &self,
        actor: &User,
        group: GroupId,
    ) -> Result<Vec<PendingRequest>, Error> {
        let role = self.access(group, actor.id).await?.role_of(actor.id);
        view_pending_requests(role)?;
        Ok(self.store.pending_requests(group).await?)
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::group::Visibility;
    use crate::domain::membership::Role;
    use crate::use_cases::groups::testing::*;

    #[tokio::test]
    async fn owner_and_moderators_see_requests() {
        for (actor, allowed) in [(1, true), (2, true), (3, false), (5, false), (6, false)] {
            let mut ports = Ports::new();
            ports.world(
                Visibility::Private,
                &[(2, Role::Moderator), (3, Role::Member), (5, Role::Pending)],
            );
            ports
                .store
                .expect_pending_requests()
                .times(usize::from(allowed))
                .returning(|_| Ok(vec![]));
            match ports.build().pending_requests(&member(actor), GROUP).await {
                Ok(_) => assert!(allowed),
                Err(err) => {
                    assert!(!allowed);
                    assert_code(&err, "moderator_required");
                }
            }
        }
    }
}
