//! One handler per file, `verb_noun`, each writing its result to `out`.

pub mod backup;
pub mod ban_user;
pub mod delete_user;
pub mod export_user;
pub mod find_user;
pub mod groups;
pub mod list_moderation_log;
pub mod list_users;
pub mod migrate;
pub mod moderate_group;
pub mod reports;
pub mod reviews;
pub mod seed;
pub mod show_user;
pub mod stats;

use std::io::Write;

use anyhow::Context as _;
use serde::Serialize;

use crate::error::CliError;

/// Pretty JSON and a final newline.
pub(crate) fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), CliError> {
    serde_json::to_writer_pretty(&mut *out, value).context("could not write JSON")?;
    writeln!(out).context("could not write output")?;
    Ok(())
}

/// Plain text as is.
pub(crate) fn write_text(out: &mut dyn Write, text: &str) -> Result<(), CliError> {
    out.write_all(text.as_bytes())
        .context("could not write output")?;
    Ok(())
}
