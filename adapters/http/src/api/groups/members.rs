//! Memberships: joining, requests, leaving, the owner's and moderators' actions, the
//! member list and the moderation log.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use leffaseura_core::domain::membership::Role;
use leffaseura_core::{GroupId, UserId};

use super::crud::{DeletedResponse, GroupResponse};
use super::objects::{
    ChangeRoleRequest, Group, GroupBody, GroupMember, JoinBody, JoinRequest, MemberBody,
    MembersBody, ModlogBody, ModlogEntry, PendingRequestsBody, TransferRequest,
};
use crate::api::{ApiTags, JsonBody};
use crate::auth::BearerAuth;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum JoinResponse {
    /// `role` is `member` (joined) or `pending` (request sent).
    #[oai(status = 201)]
    Created(Json<JoinBody>),
}

#[derive(ApiResponse)]
pub enum PendingRequestsResponse {
    #[oai(status = 200)]
    Ok(Json<PendingRequestsBody>),
}

#[derive(ApiResponse)]
pub enum MemberResponse {
    #[oai(status = 200)]
    Ok(Json<MemberBody>),
}

#[derive(ApiResponse)]
pub enum MembersResponse {
    #[oai(status = 200)]
    Ok(Json<MembersBody>),
}

#[derive(ApiResponse)]
pub enum ModlogResponse {
    #[oai(status = 200)]
    Ok(Json<ModlogBody>),
}

fn joined(role: Role) -> JoinResponse {
    JoinResponse::Created(Json(JoinBody {
        success: true,
        role: role.into(),
    }))
}

/// `/groups/{id}/…` operations on memberships.
pub struct GroupMembersApi;

#[OpenApi(tag = "ApiTags::Groups")]
impl GroupMembersApi {
    /// Join a public group
    ///
    /// Errors: 403 `join_request_required` (private group: use `request-join`); 404
    /// `group_not_found`; 409 `already_member` "You are already a member of this
    /// group.", `already_pending` "Join request is already pending.", `already_owner`
    /// "You already own this group.", `concurrent_change`.
    #[oai(path = "/groups/:id/join", method = "post", operation_id = "joinGroup")]
    async fn join(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<JoinResponse, ApiError> {
        let role = state.groups.join_group(&auth.0, GroupId(id.0)).await?;
        Ok(joined(role))
    }

    /// Ask to join a private group (a public group is joined at once)
    ///
    /// Errors: 404 `group_not_found`; 409 `already_pending`, `already_member`,
    /// `already_owner`, `concurrent_change`.
    #[oai(
        path = "/groups/:id/request-join",
        method = "post",
        operation_id = "requestToJoinGroup"
    )]
    async fn request_join(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<JoinResponse, ApiError> {
        let role = state.groups.request_to_join(&auth.0, GroupId(id.0)).await?;
        Ok(joined(role))
    }

    /// Withdraw one's own join request
    ///
    /// (`DELETE /groups/{id}/leave` withdraws too.) Errors: 404 `group_not_found`,
    /// `no_pending_request` (the web client counts 404 as withdrawn); 409
    /// `already_member` when it was approved meanwhile.
    #[oai(
        path = "/groups/:id/request-join",
        method = "delete",
        operation_id = "withdrawJoinRequest"
    )]
    async fn withdraw(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<DeletedResponse, ApiError> {
        state
            .groups
            .withdraw_request(&auth.0, GroupId(id.0))
            .await?;
        Ok(DeletedResponse::Done)
    }

    /// Leave a group (members, moderators; pending: withdraws the request)
    ///
    /// Errors: 404 `group_not_found`, `not_member`; 409 `owner_cannot_leave` (deleting the
    /// group is the owner's way out), `concurrent_change`.
    #[oai(
        path = "/groups/:id/leave",
        method = "delete",
        operation_id = "leaveGroup"
    )]
    async fn leave(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<DeletedResponse, ApiError> {
        state.groups.leave_group(&auth.0, GroupId(id.0)).await?;
        Ok(DeletedResponse::Done)
    }

    /// The pending join requests (owner, moderators)
    ///
    /// Oldest first. Errors: 403 `moderator_required`; 404 `group_not_found`.
    #[oai(
        path = "/groups/:id/pending-requests",
        method = "get",
        operation_id = "pendingJoinRequests"
    )]
    async fn pending_requests(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<PendingRequestsResponse, ApiError> {
        let found = state
            .groups
            .pending_requests(&auth.0, GroupId(id.0))
            .await?;
        Ok(PendingRequestsResponse::Ok(Json(PendingRequestsBody {
            success: true,
            pending_requests: found.iter().map(JoinRequest::from).collect(),
        })))
    }

    /// Approve a join request (owner, moderators)
    ///
    /// Logged as `approve_request`. Errors: 403 `moderator_required`; 404
    /// `group_not_found`, `no_pending_request`; 409 `user_already_member` (also for the
    /// second of two simultaneous approvals), `concurrent_change`.
    #[oai(
        path = "/groups/:id/members/:userId/approve",
        method = "put",
        operation_id = "approveJoinRequest"
    )]
    async fn approve(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        #[oai(name = "userId", validator(minimum(value = "1")))] user_id: Path<i64>,
    ) -> Result<MemberResponse, ApiError> {
        let member = state
            .groups
            .approve_request(&auth.0, GroupId(id.0), UserId(user_id.0))
            .await?;
        Ok(MemberResponse::Ok(Json(MemberBody {
            success: true,
            member: GroupMember::from(&member),
        })))
    }

    /// Remove a member, or decline a join request (owner, moderators)
    ///
    /// The owner removes anyone but themself; a moderator only plain members. Logged as
    /// `remove_member` or `decline_request`. Errors: 409 `use_leave` "Use the leave
    /// button to remove yourself." (naming oneself); 403 `moderator_required`,
    /// `moderator_removes_members_only`, `cannot_remove_owner`; 404 `group_not_found`,
    /// `not_member`; 409 `concurrent_change`.
    #[oai(
        path = "/groups/:id/members/:userId",
        method = "delete",
        operation_id = "removeGroupMember"
    )]
    async fn remove(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        #[oai(name = "userId", validator(minimum(value = "1")))] user_id: Path<i64>,
    ) -> Result<DeletedResponse, ApiError> {
        state
            .groups
            .remove_member(&auth.0, GroupId(id.0), UserId(user_id.0))
            .await?;
        Ok(DeletedResponse::Done)
    }

    /// Promote a member to moderator, or demote a moderator (owner)
    ///
    /// Logged as `promote_member` / `demote_member`. Errors: 400 `invalid_role`; 403
    /// `owner_required`, `owner_role_fixed`; 404 `group_not_found`, `not_member`; 409
    /// `already_moderator`, `not_moderator`, `concurrent_change`.
    #[oai(
        path = "/groups/:id/members/:userId/role",
        method = "put",
        operation_id = "changeMemberRole"
    )]
    async fn change_role(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        #[oai(name = "userId", validator(minimum(value = "1")))] user_id: Path<i64>,
        body: JsonBody<ChangeRoleRequest>,
    ) -> Result<MemberResponse, ApiError> {
        let member = state
            .groups
            .change_role(&auth.0, GroupId(id.0), UserId(user_id.0), &body.0.role)
            .await?;
        Ok(MemberResponse::Ok(Json(MemberBody {
            success: true,
            member: GroupMember::from(&member),
        })))
    }

    /// The member list (members, moderators, owner; site admins)
    ///
    /// Owner first, then moderators, then members. Errors: 403 `members_only` "You need
    /// to be in the group to view members."; 404 `group_not_found`.
    #[oai(
        path = "/groups/:id/members",
        method = "get",
        operation_id = "listGroupMembers"
    )]
    async fn members(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<MembersResponse, ApiError> {
        let found = state.groups.list_members(&auth.0, GroupId(id.0)).await?;
        Ok(MembersResponse::Ok(Json(MembersBody {
            success: true,
            members: found.iter().map(GroupMember::from).collect(),
        })))
    }

    /// Hand the group to a member or moderator (owner)
    ///
    /// The old owner becomes a moderator. Logged as `transfer_group`. Answers with the
    /// group as the caller now sees it. Errors: 400 `validation_error` for a `user_id`
    /// that is not a number or digits; 403 `owner_required`; 404 `group_not_found`; 409
    /// `not_member` (the user is not in the group), `already_owner`, `concurrent_change`.
    #[oai(
        path = "/groups/:id/owner",
        method = "put",
        operation_id = "transferGroup"
    )]
    async fn transfer(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        body: JsonBody<TransferRequest>,
    ) -> Result<GroupResponse, ApiError> {
        let view = state
            .groups
            .transfer_ownership(&auth.0, GroupId(id.0), UserId(body.0.user_id.0))
            .await?;
        Ok(GroupResponse::Ok(Json(GroupBody {
            success: true,
            group: Group::from(&view),
        })))
    }

    /// The group's moderation log (owner, moderators; site admins)
    ///
    /// Newest first; `limit` 1..=100 (default 20), `offset`. Errors: 400
    /// `invalid_parameter`; 403 `moderator_required`; 404 `group_not_found`.
    #[oai(
        path = "/groups/:id/modlog",
        method = "get",
        operation_id = "groupModlog"
    )]
    async fn modlog(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        /// 1..=100, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<ModlogResponse, ApiError> {
        let page = state
            .groups
            .group_modlog(&auth.0, GroupId(id.0), limit.0, offset.0)
            .await?;
        Ok(ModlogResponse::Ok(Json(ModlogBody {
            success: true,
            entries: page.items.iter().map(ModlogEntry::from).collect(),
            pagination: (&page).into(),
        })))
    }
}
