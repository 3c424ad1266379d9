//! `export-user`: everything stored about one user as one JSON document, for the person's
//! right to their data. The document's shape is core's ([`ExportDocument`]), so the
//! self-service export of the API prints the same thing.

use std::io::Write;

use leffaseura_core::domain::export::ExportDocument;

use super::find_user::find_user;
use crate::args::ExportUserArgs;
use crate::context::Context;
use crate::error::CliError;

/// # Errors
/// `Usage` for an unusable argument, `NotFound` when nobody matches, `Other` when the
/// store fails.
pub async fn export_user(
    ctx: &Context,
    args: &ExportUserArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let user = find_user(ctx.store.as_ref(), &args.user).await?;
    let export = ctx.personal_data.export_user(user.id).await?;
    super::write_json(out, &ExportDocument::from(&export))
}
