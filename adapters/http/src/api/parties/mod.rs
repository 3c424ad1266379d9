//! Group watch parties (issue 13 §1): planning one from a show, answers, confirming and
//! cancelling, a user's next parties, the `.ics` download and the group's calendar feed.

pub mod objects;

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{ApiResponse, OpenApi};
use rand::RngCore;

use leffaseura_core::{GroupId, PartyId};

use self::objects::{
    CalendarFeedBody, CancelPartyRequest, CreatePartyRequest, PartiesBody, PartyBody, RsvpRequest,
};
use crate::api::groups::DeletedResponse;
use crate::api::matching::{Matching, PartyWhen};
use crate::api::{ApiTags, JsonBody};
use crate::auth::{BearerAuth, OptionalAuth};
use crate::error::ApiError;
use crate::state::AppState;

/// Makes event UIDs globally unique (`watch-party-{id}@…`).
const UID_HOST: &str = "leffaseura";

#[derive(ApiResponse)]
pub enum CreatedPartyResponse {
    /// The party: `scheduled` when an owner or moderator planned it, `proposed` when a
    /// member did.
    #[oai(status = 201)]
    Created(Json<PartyBody>),
}

#[derive(ApiResponse)]
pub enum PartyResponse {
    #[oai(status = 200)]
    Ok(Json<PartyBody>),
}

#[derive(ApiResponse)]
pub enum PartiesResponse {
    #[oai(status = 200)]
    Ok(Json<PartiesBody>),
}

#[derive(ApiResponse)]
pub enum CalendarFeedResponse {
    #[oai(status = 200)]
    Ok(Json<CalendarFeedBody>),
}

#[derive(ApiResponse)]
pub enum IcsResponse {
    /// An iCalendar file (RFC 5545).
    #[oai(status = 200, content_type = "text/calendar; charset=utf-8")]
    Ics(
        PlainText<String>,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Cache-Control")] String,
    ),
}

fn ics(body: String, file: &str) -> IcsResponse {
    IcsResponse::Ics(
        PlainText(body),
        format!("attachment; filename=\"{file}\""),
        "private, no-cache".to_owned(),
    )
}

/// A new feed secret: 32 random bytes as hex.
fn fresh_token() -> String {
    let mut bytes = [0_u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `/groups/{id}/parties`, `/parties/…`, `/users/me/parties`, `/calendar/…`.
pub struct PartiesApi;

#[OpenApi(tag = "ApiTags::Groups")]
impl PartiesApi {
    /// Plan a watch party for a show (members propose, owners and moderators schedule)
    ///
    /// Errors: 400 `validation_error` (a field outside its schema), `invalid_show`,
    /// `invalid_party_note`; 403 `members_only`; 404 `group_not_found`; 409
    /// `show_started` (the show has begun by the server's clock), `invalid_deadline` (the
    /// deadline has passed or is not before the show), `concurrent_change`.
    #[oai(
        path = "/groups/:id/parties",
        method = "post",
        operation_id = "createWatchParty"
    )]
    async fn create(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        body: JsonBody<CreatePartyRequest>,
    ) -> Result<CreatedPartyResponse, ApiError> {
        let view = state
            .parties
            .create_party(&auth.0, GroupId(id.0), body.0.into())
            .await?;
        Ok(CreatedPartyResponse::Created(Json((&view).into())))
    }

    /// A group's watch parties: upcoming (soonest first) or past (latest first)
    ///
    /// Anyone for a public group; members for a private one. Errors: 400
    /// `invalid_parameter`; 403 `members_only`; 404 `group_not_found`.
    #[oai(
        path = "/groups/:id/parties",
        method = "get",
        operation_id = "listWatchParties"
    )]
    async fn list(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        /// `upcoming` (default) or `past`.
        when: Query<Option<Matching<PartyWhen>>>,
    ) -> Result<PartiesResponse, ApiError> {
        let views = state
            .parties
            .group_parties(auth.user(), GroupId(id.0), when.0.as_deref())
            .await?;
        Ok(PartiesResponse::Ok(Json(views.as_slice().into())))
    }

    /// The caller's next watch parties (not cancelled), soonest first
    ///
    /// For the homepage: at most five, from the groups the caller is a member of.
    #[oai(
        path = "/users/me/parties",
        method = "get",
        operation_id = "myWatchParties"
    )]
    async fn mine(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
    ) -> Result<PartiesResponse, ApiError> {
        let views = state.parties.my_parties(&auth.0).await?;
        Ok(PartiesResponse::Ok(Json(views.as_slice().into())))
    }

    /// A watch party
    ///
    /// Errors: 403 `members_only` (private group); 404 `party_not_found`.
    #[oai(
        path = "/parties/:party_id",
        method = "get",
        operation_id = "getWatchParty"
    )]
    async fn get(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        #[oai(validator(minimum(value = "1")))] party_id: Path<i64>,
    ) -> Result<PartyResponse, ApiError> {
        let view = state
            .parties
            .get_party(auth.user(), PartyId(party_id.0))
            .await?;
        Ok(PartyResponse::Ok(Json((&view).into())))
    }

    /// Answer a watch party (members): going, maybe or not going
    ///
    /// Errors: 400 `invalid_answer`; 403 `members_only`; 404 `party_not_found`; 409
    /// `rsvp_closed` (deadline passed or show started), `party_cancelled`,
    /// `concurrent_change`.
    #[oai(
        path = "/parties/:party_id/rsvp",
        method = "put",
        operation_id = "answerWatchParty"
    )]
    async fn rsvp(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] party_id: Path<i64>,
        body: JsonBody<RsvpRequest>,
    ) -> Result<PartyResponse, ApiError> {
        let view = state
            .parties
            .answer_party(&auth.0, PartyId(party_id.0), &body.0.answer)
            .await?;
        Ok(PartyResponse::Ok(Json((&view).into())))
    }

    /// Confirm a member's proposed watch party (owner or moderator)
    ///
    /// Errors: 403 `members_only`, `moderator_required`; 404 `party_not_found`; 409
    /// `not_proposed`, `party_cancelled`, `party_past`, `concurrent_change`.
    #[oai(
        path = "/parties/:party_id/confirm",
        method = "post",
        operation_id = "confirmWatchParty"
    )]
    async fn confirm(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] party_id: Path<i64>,
    ) -> Result<PartyResponse, ApiError> {
        let view = state
            .parties
            .confirm_party(&auth.0, PartyId(party_id.0))
            .await?;
        Ok(PartyResponse::Ok(Json((&view).into())))
    }

    /// Cancel a watch party, or decline a proposal (its creator, owner or moderator)
    ///
    /// Members see the reason. Errors: 400 `invalid_cancel_reason`; 403 `members_only`,
    /// `moderator_required`; 404 `party_not_found`; 409 `party_cancelled`, `party_past`,
    /// `concurrent_change`.
    #[oai(
        path = "/parties/:party_id/cancel",
        method = "post",
        operation_id = "cancelWatchParty"
    )]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] party_id: Path<i64>,
        body: JsonBody<CancelPartyRequest>,
    ) -> Result<PartyResponse, ApiError> {
        let reason = body.0.reason.unwrap_or_default();
        let view = state
            .parties
            .cancel_party(&auth.0, PartyId(party_id.0), &reason)
            .await?;
        Ok(PartyResponse::Ok(Json((&view).into())))
    }

    /// A watch party as an iCalendar file
    ///
    /// One VEVENT in Europe/Helsinki time; the theatre and auditorium as its location,
    /// the ticket link as its URL. Errors: those of `getWatchParty`.
    #[oai(
        path = "/parties/:party_id/calendar.ics",
        method = "get",
        operation_id = "watchPartyCalendar"
    )]
    async fn party_ics(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        #[oai(validator(minimum(value = "1")))] party_id: Path<i64>,
    ) -> Result<IcsResponse, ApiError> {
        let body = state
            .parties
            .party_calendar(auth.user(), PartyId(party_id.0), UID_HOST)
            .await?;
        Ok(ics(body, &format!("watch-party-{}.ics", party_id.0)))
    }

    /// The group's calendar feed URL, if it has one (owner or moderator)
    ///
    /// Errors: 403 `moderator_required`; 404 `group_not_found`.
    #[oai(
        path = "/groups/:id/calendar-token",
        method = "get",
        operation_id = "getGroupCalendarFeed"
    )]
    async fn feed(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<CalendarFeedResponse, ApiError> {
        let token = state.parties.calendar_token(&auth.0, GroupId(id.0)).await?;
        Ok(CalendarFeedResponse::Ok(Json(CalendarFeedBody::of(token))))
    }

    /// Create or rotate the group's calendar feed (owner or moderator)
    ///
    /// The old URL stops working. Errors: 403 `moderator_required`; 404 `group_not_found`.
    #[oai(
        path = "/groups/:id/calendar-token",
        method = "post",
        operation_id = "rotateGroupCalendarFeed"
    )]
    async fn rotate(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<CalendarFeedResponse, ApiError> {
        let token = state
            .parties
            .rotate_calendar_token(&auth.0, GroupId(id.0), &fresh_token())
            .await?;
        Ok(CalendarFeedResponse::Ok(Json(CalendarFeedBody::of(Some(
            token,
        )))))
    }

    /// Revoke the group's calendar feed (owner or moderator)
    ///
    /// Its URL answers 404 from now on. Errors: 403 `moderator_required`; 404
    /// `group_not_found`.
    #[oai(
        path = "/groups/:id/calendar-token",
        method = "delete",
        operation_id = "revokeGroupCalendarFeed"
    )]
    async fn revoke(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<DeletedResponse, ApiError> {
        state
            .parties
            .revoke_calendar_token(&auth.0, GroupId(id.0))
            .await?;
        Ok(DeletedResponse::Done)
    }

    /// A group's calendar feed, for calendar apps (no login: the token is the secret)
    ///
    /// `file` is `{token}.ics`. Every party of the group, cancelled ones marked so.
    /// Errors: 404 `calendar_feed_not_found` (unknown or revoked token).
    #[oai(
        path = "/calendar/groups/:file",
        method = "get",
        operation_id = "groupCalendarFeed"
    )]
    async fn group_feed(
        &self,
        state: Data<&AppState>,
        #[oai(validator(max_length = 200))] file: Path<String>,
    ) -> Result<IcsResponse, ApiError> {
        let token = file.0.strip_suffix(".ics").unwrap_or("");
        let body = state.parties.group_feed(token, UID_HOST).await?;
        Ok(ics(body, "watch-parties.ics"))
    }
}
