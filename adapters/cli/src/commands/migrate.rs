//! `migrate`: bring the schema up to date and say what changed.

use std::io::Write;

use crate::args::MigrateArgs;
use crate::context::{Database, MigrationReport};
use crate::error::CliError;

/// # Errors
/// `Other` when the database cannot be reached or a migration fails.
pub async fn migrate(
    db: &dyn Database,
    args: &MigrateArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let report = db.migrate().await?;
    if args.json {
        super::write_json(out, &report)
    } else {
        super::write_text(out, &describe(&report))
    }
}

/// The report for people.
pub fn describe(report: &MigrationReport) -> String {
    let mut text = if report.applied.is_empty() {
        format!(
            "{} database {} is up to date ({}, none pending).\n",
            report.backend,
            report.database,
            migrations(report.total)
        )
    } else {
        format!(
            "Applied {} to {} database {}:\n",
            migrations(report.applied.len()),
            report.backend,
            report.database
        )
    };
    for migration in &report.applied {
        text.push_str(&format!(
            "  {} {}\n",
            migration.version, migration.description
        ));
    }
    if !report.applied.is_empty() {
        text.push_str(&format!(
            "The schema now has {}.\n",
            migrations(report.total)
        ));
    }
    text
}

fn migrations(count: usize) -> String {
    format!("{count} migration{}", if count == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::AppliedMigration;

    #[test]
    fn reports_list_what_was_applied_or_say_nothing_was() {
        let mut report = MigrationReport {
            backend: "sqlite".into(),
            database: "sqlite://data/leffaseura.db".into(),
            applied: vec![
                AppliedMigration {
                    version: 1,
                    description: "users".into(),
                },
                AppliedMigration {
                    version: 2,
                    description: "reviews".into(),
                },
            ],
            total: 2,
        };
        assert_eq!(
            describe(&report),
            "Applied 2 migrations to sqlite database sqlite://data/leffaseura.db:\n  1 users\n  2 reviews\n\
             The schema now has 2 migrations.\n"
        );
        report.applied.clear();
        assert_eq!(
            describe(&report),
            "sqlite database sqlite://data/leffaseura.db is up to date (2 migrations, none pending).\n"
        );
    }
}
