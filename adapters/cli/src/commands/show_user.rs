//! `users show`: one user with their statistics.

use std::io::Write;

use chrono::{DateTime, Utc};

use leffaseura_core::ports::UserStore;

use super::find_user::find_user;
use crate::args::ShowArgs;
use crate::error::CliError;
use crate::output::{average, ban_state, human_time, UserJson};

/// # Errors
/// `Usage` for an unusable argument, `NotFound` when nobody matches, `Other` when the
/// store fails.
pub async fn show_user(
    store: &dyn UserStore,
    now: DateTime<Utc>,
    args: &ShowArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(store, &args.user).await?;
    // The public profile leaves the email out; the admin sees the whole user.
    let stats = store.user_stats(user.id).await?;
    let json = UserJson::new(&user, &stats, now);
    if args.json {
        super::write_json(out, &json)
    } else {
        super::write_text(out, &render(&json))
    }
}

/// A key/value block.
pub fn render(user: &UserJson) -> String {
    let bio = if user.user_bio.is_empty() {
        "(empty)".to_owned()
    } else {
        user.user_bio.replace(['\r', '\n'], " ")
    };
    let lines = [
        ("id", user.id.to_string()),
        ("username", user.username.clone()),
        ("email", user.email.clone()),
        ("created", human_time(user.created_at)),
        ("banned", ban_state(user)),
        ("role", user.role.to_owned()),
        ("bio", bio),
        ("reviews", user.review_count.to_string()),
        ("average rating", average(user.average_rating)),
        ("likes received", user.total_likes.to_string()),
        ("dislikes received", user.total_dislikes.to_string()),
        ("aura", format!("{} ({})", user.aura, user.aura_label)),
    ];
    let width = lines.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    lines
        .iter()
        .map(|(key, value)| format!("{key:<width$}  {value}\n"))
        .collect()
}
