//! Reading the site's moderation log (the admin CLI's `modlog list`).

use crate::domain::moderation::{ModerationEntry, ModerationFilter};
use crate::domain::paging::{PageRequest, Paged};
use crate::error::{Error, ErrorCode};
use crate::use_cases::accounts::Accounts;

impl Accounts {
    /// The entries `filter` selects, newest first.
    ///
    /// # Errors
    /// `Invalid` `invalid_time_range` (field `since`) when `since` is not before `until`.
    pub async fn moderation_log(
        &self,
        filter: &ModerationFilter,
        page: PageRequest,
    ) -> Result<Paged<ModerationEntry>, Error> {
        if let (Some(since), Some(until)) = (filter.since, filter.until) {
            if since >= until {
                return Err(Error::invalid(
                    "since",
                    ErrorCode::InvalidTimeRange,
                    "--since must be before --until.",
                ));
            }
        }
        Ok(self.users.list_moderation_log(filter, page).await?)
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use crate::domain::moderation::ModerationFilter;
    use crate::domain::paging::{PageRequest, Paged};
    use crate::use_cases::test_support::*;

    #[tokio::test]
    async fn an_empty_time_range_is_refused_before_the_store_is_asked() {
        let mut ports = Ports::new();
        ports
            .users
            .expect_list_moderation_log()
            .times(1)
            .returning(|_, page| {
                Ok(Paged {
                    items: Vec::new(),
                    total: 0,
                    limit: page.limit,
                    offset: page.offset,
                })
            });
        let accounts = ports.accounts();
        let page = PageRequest {
            limit: 5,
            offset: 0,
        };
        let mut filter = ModerationFilter {
            since: Some(now()),
            until: Some(now()),
            ..ModerationFilter::default()
        };
        let err = accounts.moderation_log(&filter, page).await.unwrap_err();
        assert_eq!(err.code(), "invalid_time_range");
        filter.until = Some(now() + Duration::seconds(1));
        accounts.moderation_log(&filter, page).await.unwrap();
    }
}
