//! Deleting one's own account (API.md, Users: DELETE /users/profile), and the sequence
//! every account deletion follows (the admin's too): first each group the user owns is
//! handed to the heir core's [`successor`] rule picks (or deleted when nobody is left),
//! then the account goes with everything hanging off it.

use crate::domain::membership::successor;
use crate::domain::moderation::{ModerationAction, NewGroupLogEntry, NewModerationEntry};
use crate::domain::user::User;
use crate::error::{Error, StoreError};
use crate::ids::GroupId;
use crate::use_cases::accounts::{user_not_found, Accounts};
use crate::use_cases::groups::{busy, is_stale, MAX_ATTEMPTS};

impl Accounts {
    /// Deletes the account and everything hanging off it, after handing each group it
    /// owns to its longest-standing moderator, else member (or deleting the group when
    /// it has neither). Tokens die with the user.
    ///
    /// # Errors
    /// `Invalid` `current_password_required`; `Forbidden` `wrong_password`; `NotFound`
    /// `user_not_found` when it is already gone; `Conflict` `concurrent_change` when the
    /// user's groups keep changing.
    pub async fn delete_account(
        &self,
        user: &User,
        current_password: Option<&str>,
    ) -> Result<(), Error> {
        self.confirm_password(user, current_password).await?;
        self.remove_account(user, None).await
    }

    /// Hands the user's groups over, then deletes the account (writing `log`, if any, in
    /// the same transaction). The store refuses to delete a user who still owns a group
    /// (say, one created meanwhile); then the hand-over runs again.
    pub(crate) async fn remove_account(
        &self,
        user: &User,
        log: Option<NewModerationEntry>,
    ) -> Result<(), Error> {
        for _ in 0..MAX_ATTEMPTS {
            self.hand_over_groups(user).await?;
            match self.users.delete_user(user.id, log.clone()).await {
                Ok(()) => return Ok(()),
                Err(err) if is_stale(&err) => continue,
                Err(StoreError::NotFound) => return Err(user_not_found()),
                Err(err) => return Err(err.into()),
            }
        }
        Err(busy())
    }

    /// Until `user` owns no group: hands one over. A hand-over that lost a race (the
    /// group's members changed after they were read) is decided again from fresh reads.
    async fn hand_over_groups(&self, user: &User) -> Result<(), Error> {
        let mut races_left = MAX_ATTEMPTS;
        loop {
            let owned = self.groups.owned_groups(user.id).await?;
            let Some(&group) = owned.first() else {
                return Ok(());
            };
            match self.hand_over_group(user, group).await {
                Ok(()) | Err(StoreError::NotFound) => {}
                Err(err) if is_stale(&err) => {
                    races_left -= 1;
                    if races_left == 0 {
                        return Err(busy());
                    }
                }
                Err(err) => return Err(err.into()),
            }
        }
    }

    async fn hand_over_group(&self, user: &User, group: GroupId) -> Result<(), StoreError> {
        let candidates = self.groups.succession_candidates(group).await?;
        let heir = successor(&candidates);
        let (action, target, reason) = match heir {
            Some(heir) => (
                ModerationAction::TransferGroup,
                self.users
                    .find_user(heir)
                    .await?
                    .map_or_else(|| format!("user {heir}"), |u| u.username),
                "The owner deleted their account; the group passed to its longest-standing \
                 moderator, or member.",
            ),
            None => (
                ModerationAction::DeleteGroup,
                self.groups
                    .find_group(group, None)
                    .await?
                    .map_or_else(|| format!("group {group}"), |g| g.name),
                "The owner deleted their account and nobody was left to take the group over.",
            ),
        };
        let log = NewGroupLogEntry {
            group,
            action,
            actor_id: Some(user.id),
            actor: user.username.clone(),
            target_user: heir,
            target,
            reason: Some(reason.to_owned()),
            created_at: self.clock.now(),
        };
        self.groups
            .hand_over_group(group, user.id, heir, &candidates, &log)
            .await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use chrono::TimeZone;

    use crate::domain::membership::{Role, SuccessionCandidate};
    use crate::domain::moderation::ModerationAction;
    use crate::error::{Conflict, Error, ErrorCode, StoreError};
    use crate::ids::{GroupId, UserId};
    use crate::use_cases::test_support::*;

    #[tokio::test]
    async fn deleting_needs_the_right_password() {
        let ports = Ports::new();
        let me = user(4, "tuuli", "correct horse");
        let err = ports
            .accounts()
            .delete_account(&me, None)
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                Error::Invalid {
                    code: ErrorCode::CurrentPasswordRequired,
                    ..
                }
            ),
            "{err:?}"
        );

        let mut ports = Ports::new();
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        let err = ports
            .accounts()
            .delete_account(&me, Some("nope nope"))
            .await
            .unwrap_err();
        assert_forbidden(&err, "wrong_password");
        assert_eq!(err.to_string(), "Current password is incorrect.");
    }

    #[tokio::test]
    async fn the_right_password_deletes_without_a_log_entry() {
        let mut ports = Ports::new();
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        ports.groups.expect_owned_groups().returning(|_| Ok(vec![]));
        ports
            .users
            .expect_delete_user()
            .withf(|id, log| id.0 == 4 && log.is_none())
            .times(1)
            .returning(|_, _| Ok(()));
        let me = user(4, "tuuli", "correct horse");
        ports
            .accounts()
            .delete_account(&me, Some("correct horse"))
            .await
            .unwrap();
    }

    fn candidate(id: i64, role: Role, day: u32) -> SuccessionCandidate {
        SuccessionCandidate {
            user_id: UserId(id),
            role,
            joined_at: chrono::Utc
                .with_ymd_and_hms(2025, 1, day, 12, 0, 0)
                .single()
                .expect("date"),
        }
    }

    #[tokio::test]
    async fn owned_groups_pass_to_the_heir_core_picks_or_are_deleted_first() {
        // Group 10 has an older member and a newer moderator: the moderator inherits.
        // Group 11 has only a pending request: it is deleted.
        let mut ports = Ports::new();
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        let owned = Arc::new(Mutex::new(vec![GroupId(10), GroupId(11)]));
        let left = Arc::clone(&owned);
        ports
            .groups
            .expect_owned_groups()
            .returning(move |_| Ok(left.lock().unwrap().clone()));
        ports
            .groups
            .expect_succession_candidates()
            .returning(|group| {
                Ok(if group == GroupId(10) {
                    vec![
                        candidate(5, Role::Member, 1),
                        candidate(6, Role::Moderator, 9),
                    ]
                } else {
                    vec![candidate(7, Role::Pending, 1)]
                })
            });
        ports
            .users
            .expect_find_user()
            .returning(|id| Ok(Some(user(id.0, "heir", "pw"))));
        ports.groups.expect_find_group().returning(|_, _| Ok(None));
        let done = Arc::clone(&owned);
        ports.groups.expect_hand_over_group().times(2).returning(
            move |group, from, heir, candidates, log| {
                assert_eq!(from, UserId(4));
                assert_eq!(log.actor, "tuuli");
                if group == GroupId(10) {
                    assert_eq!(heir, Some(UserId(6)));
                    assert_eq!(candidates.len(), 2);
                    assert_eq!(log.action, ModerationAction::TransferGroup);
                    assert_eq!(log.target, "heir");
                } else {
                    assert_eq!(heir, None);
                    assert_eq!(log.action, ModerationAction::DeleteGroup);
                }
                done.lock().unwrap().retain(|g| *g != group);
                Ok(())
            },
        );
        ports
            .users
            .expect_delete_user()
            .times(1)
            .returning(|_, _| Ok(()));
        let me = user(4, "tuuli", "correct horse");
        ports
            .accounts()
            .delete_account(&me, Some("correct horse"))
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_group_created_meanwhile_is_handed_over_on_the_next_round() {
        let mut ports = Ports::new();
        ports
            .hasher
            .expect_verify()
            .returning(|pw, hash| Ok(hash_of(pw) == *hash));
        let rounds = Arc::new(Mutex::new(0));
        let seen = Arc::clone(&rounds);
        // Owns nothing at first; the store then finds a group (created meanwhile), which
        // the second round deletes (nobody else is in it).
        ports.groups.expect_owned_groups().returning(move |_| {
            Ok(if *seen.lock().unwrap() == 1 {
                vec![GroupId(12)]
            } else {
                vec![]
            })
        });
        ports
            .groups
            .expect_succession_candidates()
            .returning(|_| Ok(vec![]));
        ports.groups.expect_find_group().returning(|_, _| Ok(None));
        let handed = Arc::clone(&rounds);
        ports
            .groups
            .expect_hand_over_group()
            .times(1)
            .returning(move |_, _, heir, _, _| {
                assert_eq!(heir, None);
                *handed.lock().unwrap() = 2;
                Ok(())
            });
        let deletes = Arc::clone(&rounds);
        ports
            .users
            .expect_delete_user()
            .times(2)
            .returning(move |_, _| {
                let mut round = deletes.lock().unwrap();
                if *round == 0 {
                    *round = 1;
                    Err(StoreError::Conflict(Conflict::Stale))
                } else {
                    Ok(())
                }
            });
        let me = user(4, "tuuli", "correct horse");
        ports
            .accounts()
            .delete_account(&me, Some("correct horse"))
            .await
            .unwrap();
    }
}
