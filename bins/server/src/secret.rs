//! The JWT signing secret: `JWT_SECRET`, or a random one generated on first start and
//! kept in `<DATA_DIR>/jwt-secret` (mode 0600) so that tokens survive restarts.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use rand::RngCore;

const FILE_NAME: &str = "jwt-secret";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The secret from the data directory, creating it when missing.
///
/// # Errors
/// When the file cannot be read or written.
pub fn load_or_create(data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join(FILE_NAME);
    if let Ok(existing) = std::fs::read_to_string(&path) {
        let existing = existing.trim();
        if !existing.is_empty() {
            return Ok(existing.as_bytes().to_vec());
        }
    }
    let mut bytes = [0u8; 64];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let secret = hex(&bytes);

    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(&path) {
        Ok(mut file) => {
            file.write_all(secret.as_bytes())
                .and_then(|()| file.sync_all())
                .with_context(|| format!("writing {}", path.display()))?;
            tracing::info!(path = %path.display(), "generated a new JWT signing secret");
            Ok(secret.into_bytes())
        }
        // Another process created it first (or it was empty): use what is there.
        Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => {
            let existing = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let existing = existing.trim();
            anyhow::ensure!(
                !existing.is_empty(),
                "{} is empty: delete it or set JWT_SECRET",
                path.display()
            );
            Ok(existing.as_bytes().to_vec())
        }
        Err(err) => Err(err).with_context(|| format!("creating {}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_is_generated_once_and_kept_private() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path()).unwrap();
        assert_eq!(first.len(), 128);
        let second = load_or_create(dir.path()).unwrap();
        assert_eq!(first, second);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.path().join(FILE_NAME))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
