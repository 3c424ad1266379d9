//! Creating, reading, editing and deleting groups, and the group lists.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, OpenApi};

use leffaseura_core::domain::group::THEMES;
use leffaseura_core::use_cases::{CreateGroup, UpdateGroup};
use leffaseura_core::{GroupId, UserId};

use super::objects::{
    groups, CreateGroupRequest, Group, GroupBody, GroupListBody, PopularGroupsBody, Theme,
    ThemesBody, UpdateGroupRequest,
};
use crate::api::direct_json::DirectJson;
use crate::api::genre_tag::tag_ids;
use crate::api::matching::{GenreIdSet, MatchType, Matching};
use crate::api::refined::Refined;
use crate::api::{ApiTags, JsonBody};
use crate::auth::{BearerAuth, OptionalAuth};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(ApiResponse)]
pub enum CreatedGroupResponse {
    /// The group, as its owner sees it.
    #[oai(status = 201)]
    Created(Json<GroupBody>),
}

#[derive(ApiResponse)]
pub enum GroupResponse {
    #[oai(status = 200)]
    Ok(Json<GroupBody>),
}

#[derive(ApiResponse)]
pub enum DeletedResponse {
    /// Done; nothing to answer.
    #[oai(status = 204)]
    Done,
}

#[derive(ApiResponse)]
pub enum ThemesResponse {
    #[oai(status = 200)]
    Ok(Json<ThemesBody>),
}

#[derive(ApiResponse)]
pub enum PopularGroupsResponse {
    #[oai(status = 200)]
    Ok(Json<PopularGroupsBody>),
}

#[derive(ApiResponse)]
pub enum GroupListResponse {
    #[oai(status = 200)]
    Ok(DirectJson<GroupListBody>),
}

fn group_body(view: &leffaseura_core::use_cases::GroupView) -> Json<GroupBody> {
    Json(GroupBody {
        success: true,
        group: Group::from(view),
    })
}

/// `/groups` operations on groups themselves.
pub struct GroupsApi;

#[OpenApi(tag = "ApiTags::Groups")]
impl GroupsApi {
    /// Create a group
    ///
    /// The caller becomes its owner and only member. Errors: 400 `invalid_group_name`,
    /// `invalid_description`, `invalid_visibility`, `invalid_theme`, `invalid_genres`
    /// (field `tags`), `invalid_poster_url`; 401 without a token; 409 `group_name_taken`
    /// "A group with this name already exists." (any letter case).
    #[oai(path = "/groups", method = "post", operation_id = "createGroup")]
    async fn create_group(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        body: JsonBody<CreateGroupRequest>,
    ) -> Result<CreatedGroupResponse, ApiError> {
        let body = body.0;
        let view = state
            .groups
            .create_group(
                &auth.0,
                CreateGroup {
                    name: body.name,
                    description: body.description,
                    visibility: body.visibility,
                    theme_id: body.theme_id,
                    tags: tag_ids(body.tags),
                    poster_url: body.poster_url,
                },
            )
            .await?;
        Ok(CreatedGroupResponse::Created(group_body(&view)))
    }

    /// The colour themes of group pages
    #[oai(path = "/groups/themes", method = "get", operation_id = "listThemes")]
    async fn themes(&self) -> Result<ThemesResponse, ApiError> {
        Ok(ThemesResponse::Ok(Json(ThemesBody {
            success: true,
            themes: THEMES
                .iter()
                .map(|(id, name)| Theme {
                    id: *id,
                    name: (*name).to_owned(),
                })
                .collect(),
        })))
    }

    /// The most popular groups
    ///
    /// Most members first, then the newest activity (creation, edits, membership
    /// changes, members' reviews). Private groups are listed too (their public facts).
    /// `limit` 1..=50, default 20. Errors: 400 `invalid_parameter`.
    #[oai(
        path = "/groups/popular",
        method = "get",
        operation_id = "popularGroups"
    )]
    async fn popular(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// 1..=50, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "50")))]
        limit: Query<Option<i64>>,
    ) -> Result<PopularGroupsResponse, ApiError> {
        let found = state.groups.popular_groups(auth.user(), limit.0).await?;
        Ok(PopularGroupsResponse::Ok(Json(PopularGroupsBody {
            success: true,
            data: groups(&found),
        })))
    }

    /// Search groups by name and description
    ///
    /// Case- and accent-insensitive ("elokuva" finds "Elokuvakerho", "aiti" finds
    /// "Äiti"); name matches first, then by popularity. An empty `query` lists every
    /// group. `limit` 1..=50 (default 20), `offset`. Errors: 400 `invalid_parameter`.
    #[oai(path = "/groups/search", method = "get", operation_id = "searchGroups")]
    async fn search(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// At most 100 characters.
        #[oai(validator(max_length = 100))]
        query: Query<Option<String>>,
        /// 1..=50, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "50")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<GroupListResponse, ApiError> {
        let page = state
            .groups
            .search_groups(
                auth.user(),
                query.0.as_deref().unwrap_or_default(),
                limit.0,
                offset.0,
            )
            .await?;
        Ok(GroupListResponse::Ok(DirectJson((&page).into())))
    }

    /// Groups tagged with some genres
    ///
    /// `genres`: comma-separated genre ids (`18,80`); `matchType` `any` (default: at
    /// least one of them) or `all`. By popularity; `limit` 1..=50 (default 20), `offset`.
    /// Errors: 400 `invalid_genres` (none, not numbers, unknown ids), `invalid_parameter`.
    #[oai(
        path = "/groups/by-genres",
        method = "get",
        operation_id = "groupsByGenres"
    )]
    async fn by_genres(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        /// Comma-separated genre ids (TMDB's), 1 to 19 of them.
        genres: Query<Matching<GenreIdSet>>,
        /// `any` (default) or `all`.
        #[oai(name = "matchType")]
        match_type: Query<Option<Matching<MatchType>>>,
        /// 1..=50, default 20.
        #[oai(validator(minimum(value = "1"), maximum(value = "50")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<GroupListResponse, ApiError> {
        let page = state
            .groups
            .groups_by_genres(
                auth.user(),
                &genres.0,
                match_type.0.as_deref(),
                limit.0,
                offset.0,
            )
            .await?;
        Ok(GroupListResponse::Ok(DirectJson((&page).into())))
    }

    /// The groups a user is in
    ///
    /// Owner, moderator or member (not pending), newest membership first. Their
    /// private groups are listed only to themself and to members of that group.
    /// `limit` 1..=100 (default 50), `offset`. Errors: 404 `user_not_found`; 400
    /// `invalid_parameter`.
    #[oai(
        path = "/groups/user/:userId/groups",
        method = "get",
        operation_id = "userGroups"
    )]
    async fn user_groups(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        #[oai(name = "userId", validator(minimum(value = "1")))] user_id: Path<i64>,
        /// 1..=100, default 50.
        #[oai(validator(minimum(value = "1"), maximum(value = "100")))]
        limit: Query<Option<i64>>,
        /// Default 0.
        #[oai(validator(minimum(value = "0")))]
        offset: Query<Option<i64>>,
    ) -> Result<GroupListResponse, ApiError> {
        let page = state
            .groups
            .user_groups(auth.user(), UserId(user_id.0), limit.0, offset.0)
            .await?;
        Ok(GroupListResponse::Ok(DirectJson((&page).into())))
    }

    /// A group
    ///
    /// Everyone sees its public facts, also of a private group; `members` only its
    /// members. Errors: 404 `group_not_found` "Group not found."
    #[oai(path = "/groups/:id", method = "get", operation_id = "getGroup")]
    async fn get_group(
        &self,
        state: Data<&AppState>,
        auth: OptionalAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<GroupResponse, ApiError> {
        let view = state.groups.get_group(auth.user(), GroupId(id.0)).await?;
        Ok(GroupResponse::Ok(group_body(&view)))
    }

    /// Edit a group (owner)
    ///
    /// Send only the fields to change. Logged as `edit_group`. Errors: those of
    /// `createGroup`; 400 `no_changes` "No changes to update."; 403 `owner_required`;
    /// 404 `group_not_found`; 409 `group_name_taken`, `concurrent_change`.
    #[oai(path = "/groups/:id", method = "put", operation_id = "updateGroup")]
    async fn update_group(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
        body: JsonBody<Refined<UpdateGroupRequest>>,
    ) -> Result<GroupResponse, ApiError> {
        let body = body.0 .0;
        let view = state
            .groups
            .update_group(
                &auth.0,
                GroupId(id.0),
                UpdateGroup {
                    name: body.name,
                    description: body.description,
                    visibility: body.visibility,
                    theme_id: body.theme_id,
                    tags: tag_ids(body.tags),
                    poster_url: body.poster_url,
                },
            )
            .await?;
        Ok(GroupResponse::Ok(group_body(&view)))
    }

    /// Delete a group (owner, or a site admin)
    ///
    /// Its memberships, requests and group favorites go with it. Logged as
    /// `delete_group`. Errors: 403 `owner_required`; 404 `group_not_found`; 409
    /// `concurrent_change`.
    #[oai(path = "/groups/:id", method = "delete", operation_id = "deleteGroup")]
    async fn delete_group(
        &self,
        state: Data<&AppState>,
        auth: BearerAuth,
        #[oai(validator(minimum(value = "1")))] id: Path<i64>,
    ) -> Result<DeletedResponse, ApiError> {
        state.groups.delete_group(&auth.0, GroupId(id.0)).await?;
        Ok(DeletedResponse::Done)
    }
}
