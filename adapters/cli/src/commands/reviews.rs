//! `reviews list|show|delete`: reviews as a site admin reads and removes them.

use std::io::Write;

use serde::Serialize;

use leffaseura_core::domain::moderation::{clean_reason, ModerationAction};
use leffaseura_core::domain::paging::Paged;
use leffaseura_core::use_cases::ReviewFilter;
use leffaseura_core::{ErrorCode, MovieId, ReviewId};

use super::ban_user::reason_suffix;
use super::delete_user::confirm_deletion;
use super::find_user::find_user;
use crate::args::{ReviewDeleteArgs, ReviewListArgs, ReviewShowArgs};
use crate::context::Context;
use crate::error::CliError;
use crate::output::{human_time, page_table, Align, PaginationJson};

/// A review (API.md's fields, snake_case): the export document's shape.
use leffaseura_core::domain::export::ExportedReview as ReviewJson;

#[derive(Debug, Serialize)]
struct ReviewsJson {
    reviews: Vec<ReviewJson>,
    pagination: PaginationJson,
}

#[derive(Debug, Serialize)]
struct DeletedJson {
    action: &'static str,
    actor: String,
    reason: Option<String>,
    review: ReviewJson,
}

/// # Errors
/// `Usage` for a bad window, `NotFound` for an unknown user, `Other` when the store fails.
pub async fn list_reviews(
    ctx: &Context,
    args: &ReviewListArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let page = args.window.page_request()?;
    let filter = match (&args.user, args.movie) {
        (Some(raw), _) => ReviewFilter::ByUser(find_user(ctx.store.as_ref(), raw).await?.id),
        (None, Some(movie)) => ReviewFilter::ByMovie(MovieId(movie)),
        (None, None) => ReviewFilter::All,
    };
    let found = ctx.reviews.admin_reviews(filter, page).await?;
    let page = Paged {
        items: found.items.iter().map(ReviewJson::from).collect(),
        total: found.total,
        limit: found.limit,
        offset: found.offset,
    };
    if args.window.json {
        let pagination = PaginationJson::of(&page);
        super::write_json(
            out,
            &ReviewsJson {
                reviews: page.items,
                pagination,
            },
        )
    } else {
        let headers = [
            ("ID", Align::Right),
            ("WHEN", Align::Left),
            ("AUTHOR", Align::Left),
            ("MOVIE", Align::Left),
            ("RATING", Align::Right),
            ("LIKES", Align::Right),
            ("DISLIKES", Align::Right),
            ("TEXT", Align::Left),
        ];
        let text = page_table(&page, "No reviews match.", &headers, |review| {
            vec![
                review.id.to_string(),
                human_time(review.created_at),
                format!("{} (id {})", review.username, review.user_id),
                movie(review),
                review.rating.to_string(),
                review.likes.to_string(),
                review.dislikes.to_string(),
                excerpt(&review.content, 40),
            ]
        });
        super::write_text(out, &text)
    }
}

/// # Errors
/// `NotFound` for an unknown review, `Other` when the store fails.
pub async fn show_review(
    ctx: &Context,
    args: &ReviewShowArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let review = ctx
        .reviews
        .get_review(ReviewId(args.review), None)
        .await
        .map_err(|err| explain_review(err, args.review))?;
    let json = ReviewJson::from(&review);
    if args.json {
        super::write_json(out, &json)
    } else {
        super::write_text(out, &render(&json))
    }
}

/// Deletes a review after confirmation.
///
/// # Errors
/// `NotFound`, `Usage` (no terminal and no `--yes`), `Cancelled`, `Other`.
pub async fn delete_review(
    ctx: &mut Context,
    args: &ReviewDeleteArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let id = ReviewId(args.review);
    let review = ctx
        .reviews
        .get_review(id, None)
        .await
        .map_err(|err| explain_review(err, args.review))?;
    let review = ReviewJson::from(&review);
    let what = format!("review {id} by {} of {}", review.username, movie(&review));
    let question = format!(
        "Delete {what} ({} stars, {} likes, {} dislikes)? Its reactions go too. This cannot be \
         undone.",
        review.rating, review.likes, review.dislikes
    );
    confirm_deletion(ctx, args.yes, &what, &question)?;
    let actor = ctx.session.actor.clone();
    ctx.reviews
        .admin_delete_review(&actor, id, args.reason.as_deref())
        .await
        .map_err(|err| explain_review(err, args.review))?;
    let action = ModerationAction::DeleteReview.as_str();
    let reason = clean_reason(args.reason.as_deref())?;
    if args.json {
        super::write_json(
            out,
            &DeletedJson {
                action,
                actor,
                reason,
                review,
            },
        )
    } else {
        super::write_text(
            out,
            &format!(
                "Deleted {what}.\nLogged as {action} by {actor}{}.\n",
                reason_suffix(reason.as_deref())
            ),
        )
    }
}

fn render(review: &ReviewJson) -> String {
    let lines = [
        ("id", review.id.to_string()),
        (
            "author",
            format!("{} (id {})", review.username, review.user_id),
        ),
        ("movie", movie(review)),
        ("rating", review.rating.to_string()),
        ("likes", review.likes.to_string()),
        ("dislikes", review.dislikes.to_string()),
        ("written", human_time(review.created_at)),
        ("edited", human_time(review.updated_at)),
        ("text", review.content.replace(['\r', '\n'], " ")),
    ];
    let width = lines.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    lines
        .iter()
        .map(|(key, value)| format!("{key:<width$}  {value}\n"))
        .collect()
}

/// `Heat (949)`, or the id alone for a movie the store never saw.
fn movie(review: &ReviewJson) -> String {
    match &review.movie_title {
        Some(title) => format!("{title} ({})", review.movie_id),
        None => format!("movie {}", review.movie_id),
    }
}

/// The first `max` characters of `text` on one line, `…` when cut.
fn excerpt(text: &str, max: usize) -> String {
    let line = text.replace(['\r', '\n'], " ");
    if line.chars().count() <= max {
        line
    } else {
        let cut: String = line.chars().take(max - 1).collect();
        format!("{cut}\u{2026}")
    }
}

fn explain_review(err: leffaseura_core::Error, id: i64) -> CliError {
    match err {
        leffaseura_core::Error::NotFound {
            code: ErrorCode::ReviewNotFound,
            ..
        } => CliError::NotFound(format!("No review with id {id}.")),
        other => other.into(),
    }
}
