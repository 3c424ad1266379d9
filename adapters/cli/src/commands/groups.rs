//! `groups list` and `groups show`: every group as a site admin sees it.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::group::model::{AdminGroupFilter, Group, SearchText};
use leffaseura_core::domain::group::Visibility;
use leffaseura_core::domain::paging::Paged;
use leffaseura_core::use_cases::AdminGroupView;
use leffaseura_core::{ErrorCode, GroupId};

use super::find_user::find_user;
use crate::args::{GroupListArgs, GroupShowArgs};
use crate::context::Context;
use crate::error::CliError;
use crate::output::{
    human_time, page_table, rfc3339, serialize_rfc3339, table, Align, PaginationJson,
};

/// A group's facts (API.md's field names, snake_case).
#[derive(Debug, Clone, Serialize)]
pub struct GroupJson {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub visibility: &'static str,
    pub owner_id: i64,
    pub owner_name: String,
    pub member_count: i64,
    pub genres: Vec<i64>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub created_at: chrono::DateTime<chrono::Utc>,
    #[serde(serialize_with = "serialize_rfc3339")]
    pub activity_at: chrono::DateTime<chrono::Utc>,
}

impl From<&Group> for GroupJson {
    fn from(group: &Group) -> Self {
        Self {
            id: group.id.0,
            name: group.name.clone(),
            description: group.description.clone(),
            visibility: group.visibility.as_str(),
            owner_id: group.owner_id.0,
            owner_name: group.owner_name.clone(),
            member_count: group.member_count,
            genres: group.genres.clone(),
            created_at: group.created_at,
            activity_at: group.activity_at,
        }
    }
}

#[derive(Debug, Serialize)]
struct GroupsJson {
    groups: Vec<GroupJson>,
    pagination: PaginationJson,
}

#[derive(Debug, Serialize)]
struct MemberJson {
    user_id: i64,
    username: String,
    role: &'static str,
    /// When they joined; for pending requests, when they asked.
    since: String,
}

#[derive(Debug, Serialize)]
struct GroupDetailJson {
    #[serde(flatten)]
    group: GroupJson,
    members: Vec<MemberJson>,
    pending: Vec<MemberJson>,
}

/// # Errors
/// `Usage` for a bad filter or window, `NotFound` for an unknown owner, `Other` when the
/// store fails.
pub async fn list_groups(
    ctx: &Context,
    args: &GroupListArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let page = args.window.page_request()?;
    let owner = match &args.owner {
        Some(raw) => Some(find_user(ctx.store.as_ref(), raw).await?.id),
        None => None,
    };
    let filter = AdminGroupFilter {
        search: SearchText::parse(args.search.as_deref().unwrap_or_default())?,
        visibility: args
            .visibility
            .as_deref()
            .map(Visibility::parse)
            .transpose()?,
        owner,
    };
    let page = ctx
        .groups
        .admin_list_groups(filter, page)
        .await?
        .map(|group| GroupJson::from(&group));
    if args.window.json {
        let pagination = PaginationJson::of(&page);
        super::write_json(
            out,
            &GroupsJson {
                groups: page.items,
                pagination,
            },
        )
    } else {
        super::write_text(out, &render_list(&page))
    }
}

fn render_list(page: &Paged<GroupJson>) -> String {
    let headers = [
        ("ID", Align::Right),
        ("NAME", Align::Left),
        ("VISIBILITY", Align::Left),
        ("OWNER", Align::Left),
        ("MEMBERS", Align::Right),
        ("CREATED", Align::Left),
    ];
    page_table(page, "No groups match.", &headers, |group| {
        vec![
            group.id.to_string(),
            group.name.clone(),
            group.visibility.to_owned(),
            format!("{} (id {})", group.owner_name, group.owner_id),
            group.member_count.to_string(),
            human_time(group.created_at),
        ]
    })
}

/// # Errors
/// `NotFound` for an unknown group, `Other` when the store fails.
pub async fn show_group(
    ctx: &Context,
    args: &GroupShowArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let view = ctx
        .groups
        .admin_group(GroupId(args.group))
        .await
        .map_err(|err| explain_group(err, args.group))?;
    if args.json {
        super::write_json(out, &detail_json(&view))
    } else {
        super::write_text(out, &render_detail(&view))
    }
}

fn detail_json(view: &AdminGroupView) -> GroupDetailJson {
    GroupDetailJson {
        group: GroupJson::from(&view.group),
        members: view
            .members
            .iter()
            .map(|m| MemberJson {
                user_id: m.user_id.0,
                username: m.username.clone(),
                role: m.role.as_str(),
                since: rfc3339(m.joined_at),
            })
            .collect(),
        pending: view
            .pending
            .iter()
            .map(|p| MemberJson {
                user_id: p.user_id.0,
                username: p.username.clone(),
                role: "pending",
                since: rfc3339(p.requested_at),
            })
            .collect(),
    }
}

fn render_detail(view: &AdminGroupView) -> String {
    let group = &view.group;
    let description = if group.description.is_empty() {
        "(none)".to_owned()
    } else {
        group.description.replace(['\r', '\n'], " ")
    };
    let genres: Vec<String> = group.genres.iter().map(i64::to_string).collect();
    let facts = [
        ("id", group.id.0.to_string()),
        ("name", group.name.clone()),
        ("visibility", group.visibility.as_str().to_owned()),
        (
            "owner",
            format!("{} (id {})", group.owner_name, group.owner_id),
        ),
        ("members", group.member_count.to_string()),
        (
            "genres",
            if genres.is_empty() {
                "-".to_owned()
            } else {
                genres.join(", ")
            },
        ),
        ("created", human_time(group.created_at)),
        ("last activity", human_time(group.activity_at)),
        ("description", description),
    ];
    let width = facts.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    let mut text: String = facts
        .iter()
        .map(|(key, value)| format!("{key:<width$}  {value}\n"))
        .collect();
    let rows = |people: Vec<(i64, &str, &str, String)>| -> Vec<Vec<String>> {
        people
            .into_iter()
            .map(|(id, name, role, since)| {
                vec![id.to_string(), name.to_owned(), role.to_owned(), since]
            })
            .collect()
    };
    let headers = [
        ("ID", Align::Right),
        ("USERNAME", Align::Left),
        ("ROLE", Align::Left),
        ("SINCE", Align::Left),
    ];
    text.push_str(&format!("\nMembers ({}):\n", view.members.len()));
    text.push_str(&table(
        &headers,
        &rows(
            view.members
                .iter()
                .map(|m| {
                    (
                        m.user_id.0,
                        m.username.as_str(),
                        m.role.as_str(),
                        human_time(m.joined_at),
                    )
                })
                .collect(),
        ),
    ));
    if view.pending.is_empty() {
        text.push_str("\nNo pending requests.\n");
    } else {
        text.push_str(&format!("\nPending requests ({}):\n", view.pending.len()));
        text.push_str(&table(
            &headers,
            &rows(
                view.pending
                    .iter()
                    .map(|p| {
                        (
                            p.user_id.0,
                            p.username.as_str(),
                            "pending",
                            human_time(p.requested_at),
                        )
                    })
                    .collect(),
            ),
        ));
    }
    text
}

/// "No group with id 7." for the operator.
pub(crate) fn explain_group(err: leffaseura_core::Error, id: i64) -> CliError {
    match err {
        leffaseura_core::Error::NotFound {
            code: ErrorCode::GroupNotFound,
            ..
        } => CliError::NotFound(format!("No group with id {id}.")),
        other => other.into(),
    }
}
