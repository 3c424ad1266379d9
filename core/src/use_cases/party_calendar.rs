//! Watch parties in calendar apps: a party's `.ics` download, and a group's calendar feed
//! whose URL carries a secret token (managers create, rotate and revoke it; whoever has
//! the URL can subscribe, which is the point of it).

use crate::domain::user::User;
use crate::domain::watch_party::ical;
use crate::domain::watch_party::rules::manage_calendar;
use crate::domain::watch_party::PartyWhen;
use crate::error::{Error, ErrorCode};
use crate::ids::{GroupId, PartyId};
use crate::use_cases::watch_parties::{WatchParties, PARTY_LIST_MAX};

/// The shortest token a feed accepts: shorter ones were never issued, so they are
/// refused without asking the store.
pub const FEED_TOKEN_MIN: usize = 32;
const FEED_TOKEN_MAX: usize = 128;

fn feed_not_found() -> Error {
    Error::not_found(
        ErrorCode::CalendarFeedNotFound,
        "This calendar feed does not exist or has been revoked.",
    )
}

fn plausible_token(token: &str) -> bool {
    (FEED_TOKEN_MIN..=FEED_TOKEN_MAX).contains(&token.len())
        && token.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl WatchParties {
    /// One party as an iCalendar file; `host` makes its UID unique.
    ///
    /// # Errors
    /// Those of [`Self::get_party`].
    pub async fn party_calendar(
        &self,
        viewer: Option<&User>,
        party: PartyId,
        host: &str,
    ) -> Result<String, Error> {
        let view = self.get_party(viewer, party).await?;
        Ok(ical::calendar(None, &[view.party], host))
    }

    /// The group's feed token, if it has one (owner and moderators).
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `moderator_required`.
    pub async fn calendar_token(
        &self,
        actor: &User,
        group: GroupId,
    ) -> Result<Option<String>, Error> {
        let (role, _) = self.standing(group, Some(actor.id)).await?;
        manage_calendar(role)?;
        Ok(self.parties.calendar_token(group).await?)
    }

    /// Gives the group a new feed token (`fresh`, a random secret the caller made),
    /// replacing the old one, whose URL stops working.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `moderator_required`.
    pub async fn rotate_calendar_token(
        &self,
        actor: &User,
        group: GroupId,
        fresh: &str,
    ) -> Result<String, Error> {
        if !plausible_token(fresh) {
            return Err(Error::internal(
                "a calendar token must be 32+ alphanumerics",
            ));
        }
        let (role, _) = self.standing(group, Some(actor.id)).await?;
        manage_calendar(role)?;
        self.parties
            .set_calendar_token(group, Some(fresh.to_owned()), self.clock.now())
            .await
            .map_err(crate::use_cases::groups::write_error)?;
        Ok(fresh.to_owned())
    }

    /// Takes the group's feed away (its URL answers 404 from now on). Idempotent.
    ///
    /// # Errors
    /// `NotFound` `group_not_found`; `Forbidden` `moderator_required`.
    pub async fn revoke_calendar_token(&self, actor: &User, group: GroupId) -> Result<(), Error> {
        let (role, _) = self.standing(group, Some(actor.id)).await?;
        manage_calendar(role)?;
        self.parties
            .set_calendar_token(group, None, self.clock.now())
            .await
            .map_err(crate::use_cases::groups::write_error)
    }

    /// The group's feed: its parties (upcoming and past, cancelled ones marked so).
    ///
    /// # Errors
    /// `NotFound` `calendar_feed_not_found` for an unknown or revoked token.
    pub async fn group_feed(&self, token: &str, host: &str) -> Result<String, Error> {
        if !plausible_token(token) {
            return Err(feed_not_found());
        }
        let group = self
            .parties
            .calendar_group(token)
            .await?
            .ok_or_else(feed_not_found)?;
        let found = self
            .groups
            .find_group(group, None)
            .await?
            .ok_or_else(feed_not_found)?;
        let parties = self
            .parties
            .group_parties(group, PartyWhen::All, self.clock.now(), PARTY_LIST_MAX)
            .await?;
        Ok(ical::calendar(Some(&found.name), &parties, host))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use crate::domain::group::Visibility;
    use crate::domain::watch_party::testing::party;
    use crate::domain::watch_party::PartyStatus;
    use crate::ids::PartyId;
    use crate::use_cases::groups::testing::GROUP;
    use crate::use_cases::test_support::user;
    use crate::use_cases::watch_parties::testing::{build, holding};

    const TOKEN: &str = "0123456789abcdef0123456789abcdef";

    #[tokio::test]
    async fn managers_rotate_and_revoke_the_feed_members_cannot() {
        let writes = Arc::new(Mutex::new(Vec::new()));
        let seen = writes.clone();
        let mut store = holding(None);
        store
            .expect_set_calendar_token()
            .returning(move |_, token, _| {
                seen.lock().unwrap().push(token);
                Ok(())
            });
        let parties = build(Visibility::Private, store);
        let moderator = user(2, "mod", "pw");
        assert_eq!(
            parties
                .rotate_calendar_token(&moderator, GROUP, TOKEN)
                .await
                .unwrap(),
            TOKEN
        );
        parties
            .revoke_calendar_token(&moderator, GROUP)
            .await
            .unwrap();
        for who in [4, 6, 8] {
            let err = parties
                .rotate_calendar_token(&user(who, "u", "pw"), GROUP, TOKEN)
                .await
                .unwrap_err();
            assert_eq!(err.code(), "moderator_required");
        }
        assert!(parties
            .rotate_calendar_token(&moderator, GROUP, "short")
            .await
            .is_err());
        assert_eq!(*writes.lock().unwrap(), [Some(TOKEN.to_owned()), None]);
    }

    #[tokio::test]
    async fn a_feed_lists_the_groups_parties_and_unknown_tokens_are_404() {
        let mut store = holding(None);
        store
            .expect_calendar_group()
            .returning(|token| Ok((token == TOKEN).then_some(GROUP)));
        store
            .expect_group_parties()
            .returning(|_, _, _, _| Ok(vec![party(1, PartyStatus::Scheduled, 2)]));
        let parties = build(Visibility::Private, store);
        let ics = parties.group_feed(TOKEN, "h").await.unwrap();
        assert!(ics.contains("UID:watch-party-1@h\r\n"));
        for bad in ["", "nope", &TOKEN.replace('0', "1"), "../../etc/passwd"] {
            let err = parties.group_feed(bad, "h").await.unwrap_err();
            assert_eq!(err.code(), "calendar_feed_not_found", "{bad:?}");
        }
        let err = parties
            .party_calendar(None, PartyId(1), "h")
            .await
            .unwrap_err();
        assert_eq!(err.code(), "party_not_found");
    }
}
