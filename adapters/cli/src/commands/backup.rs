//! `backup <file>` and `restore <file>`: what may be overwritten is decided here, the
//! copying is the [`Backups`] port's.

use std::io::Write;
use std::time::Instant;

use anyhow::Context as _;

use crate::args::{BackupArgs, RestoreArgs};
use crate::backups::Backups;
use crate::context::Prompt;
use crate::error::CliError;

/// # Errors
/// `Conflict` when `file` exists and `--force` was not given; whatever the port fails with.
pub async fn backup(
    backups: &dyn Backups,
    args: &BackupArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if args.file.exists() && !args.force {
        return Err(CliError::Conflict(format!(
            "{} already exists; pass --force to replace it.",
            args.file.display()
        )));
    }
    let started = Instant::now();
    backups.backup(&args.file).await?;
    let bytes = std::fs::metadata(&args.file).map(|m| m.len()).unwrap_or(0);
    super::write_text(
        out,
        &format!(
            "Backed up {} to {} ({bytes} bytes) in {:.1} s.\n",
            backups.describe(),
            args.file.display(),
            started.elapsed().as_secs_f64()
        ),
    )
}

/// # Errors
/// `NotFound`/`Usage` for a missing or unsound backup; `Usage` when the database holds
/// data and neither `--yes` nor a terminal's yes allows replacing it; `Cancelled` when
/// the operator said no.
pub async fn restore(
    backups: &dyn Backups,
    args: &RestoreArgs,
    prompt: &mut dyn Prompt,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    backups.check_backup(&args.file).await?;
    let target = backups.describe();
    if !args.yes && backups.holds_data().await? {
        if !prompt.is_interactive() {
            return Err(CliError::Usage(format!(
                "Refusing to replace {target}, which holds data, without confirmation: stdin \
                 is not a terminal. Pass --yes to replace it."
            )));
        }
        let question = format!(
            "Replace everything in {target} with {}? Stop the server first.",
            args.file.display()
        );
        let confirmed = prompt
            .confirm(&question)
            .context("could not read the confirmation")?;
        if !confirmed {
            return Err(CliError::Cancelled(format!(
                "Cancelled; {target} was not changed."
            )));
        }
    }
    backups.restore(&args.file).await?;
    super::write_text(
        out,
        &format!(
            "Restored {target} from {}. Start the server again.\n",
            args.file.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_trait::async_trait;
    use std::path::Path;
    use std::sync::Mutex;

    /// Records what was done; holds data or not.
    #[derive(Default)]
    struct FakeBackups {
        holds_data: bool,
        restored: Mutex<bool>,
    }

    #[async_trait]
    impl Backups for FakeBackups {
        fn describe(&self) -> String {
            "sqlite test.db".into()
        }
        async fn backup(&self, file: &Path) -> Result<(), CliError> {
            std::fs::write(file, b"copy").map_err(|e| CliError::Other(e.into()))
        }
        async fn check_backup(&self, _file: &Path) -> Result<(), CliError> {
            Ok(())
        }
        async fn holds_data(&self) -> Result<bool, CliError> {
            Ok(self.holds_data)
        }
        async fn restore(&self, _file: &Path) -> Result<(), CliError> {
            *self
                .restored
                .lock()
                .map_err(|_| CliError::Usage("poisoned".into()))? = true;
            Ok(())
        }
    }

    struct Answer(Option<bool>);

    impl Prompt for Answer {
        fn is_interactive(&self) -> bool {
            self.0.is_some()
        }
        fn confirm(&mut self, _question: &str) -> std::io::Result<bool> {
            Ok(self.0.unwrap_or(false))
        }
    }

    #[tokio::test]
    async fn an_existing_backup_is_replaced_only_with_force() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("b.db");
        std::fs::write(&file, b"old").expect("write");
        let backups = FakeBackups::default();
        let mut args = BackupArgs {
            file: file.clone(),
            force: false,
        };
        let err = backup(&backups, &args, &mut Vec::new())
            .await
            .expect_err("refused");
        assert_eq!(err.exit_code(), crate::exit_code::CONFLICT);
        assert_eq!(std::fs::read(&file).expect("read"), b"old");
        args.force = true;
        backup(&backups, &args, &mut Vec::new())
            .await
            .expect("replaced");
        assert_eq!(std::fs::read(&file).expect("read"), b"copy");
    }

    #[tokio::test]
    async fn a_database_with_data_is_replaced_only_with_yes_or_a_terminal_yes() {
        let args = |yes| RestoreArgs {
            file: "b.db".into(),
            yes,
        };
        for (holds_data, yes, answer, exit) in [
            (true, false, None, Some(crate::exit_code::USAGE)),
            (true, false, Some(false), Some(crate::exit_code::CANCELLED)),
            (true, false, Some(true), None),
            (true, true, None, None),
            (false, false, None, None),
        ] {
            let backups = FakeBackups {
                holds_data,
                ..FakeBackups::default()
            };
            let result = restore(&backups, &args(yes), &mut Answer(answer), &mut Vec::new()).await;
            assert_eq!(result.err().map(|e| e.exit_code()), exit);
            assert_eq!(
                *backups.restored.lock().expect("lock"),
                exit.is_none(),
                "{holds_data} {yes} {answer:?}"
            );
        }
    }
}
