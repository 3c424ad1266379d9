//! The background worker of Letterboxd imports: every server process runs one. It
//! handles batch after batch while there is work and polls the jobs table when idle; the
//! job lease in the store keeps two processes off one job, and a job left by a process
//! that died is taken over once its lease runs out.

use std::sync::Arc;
use std::time::Duration;

use leffaseura_core::use_cases::{Imports, WorkDone};

/// After a failure (database or catalog down), wait this much longer than an idle poll.
const BACKOFF: u32 = 10;

/// Starts the worker; abort the handle to stop it (a batch cut short is redone by the
/// next claim: every write checks what exists).
pub fn spawn(imports: Arc<Imports>, poll: Duration) -> tokio::task::JoinHandle<()> {
    let worker = format!("{}-{}", std::process::id(), rand::random::<u32>());
    tokio::spawn(async move {
        loop {
            match imports.work_once(&worker).await {
                Ok(WorkDone::Worked(_)) => {}
                Ok(WorkDone::Idle) => tokio::time::sleep(poll).await,
                Err(err) => {
                    tracing::warn!(error = %err, code = err.code(), "import batch failed; retrying later");
                    tokio::time::sleep(poll * BACKOFF).await;
                }
            }
        }
    })
}
