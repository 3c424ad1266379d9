//! Deleting one's own account (API.md, Users: DELETE /users/profile).

use crate::domain::user::User;
use crate::error::{Error, StoreError};
use crate::use_cases::accounts::{user_not_found, Accounts};

impl Accounts {
    /// Deletes the account and everything hanging off it (the store hands owned groups
    /// to their successors). Tokens die with the user.
    ///
    /// # Errors
    /// `Invalid` `current_password_required`; `Forbidden` `wrong_password`; `NotFound`
    /// `user_not_found` when it is already gone.
    pub async fn delete_account(
        &self,
        user: &User,
        current_password: Option<&str>,
    ) -> Result<(), Error> {
        self.confirm_password(user, current_password).await?;
        self.users
            .delete_user(user.id, None)
            .await
            .map_err(|err| match err {
                StoreError::NotFound => user_not_found(),
                other => other.into(),
            })
    }
}

#[cfg(test)]
mod tests {
    use crate::error::Error;
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
                    code: "current_password_required",
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
}
