//! The page's Content-Security-Policy follows the page as it is on disk. The policy allows
//! the page's inline scripts by their hashes (see [`crate::inline_scripts`]); a webapp
//! rebuilt under a running server has a new boot script, which a policy hashed at start
//! would block until a restart. The page is read again when its modification time or
//! length changes: a page request costs one `stat` otherwise.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::SystemTime;

use poem::http::HeaderValue;

use crate::headers::{app_csp_allowing_scripts, APP_CSP};
use crate::inline_scripts::inline_script_hashes;

/// What a policy was made from: the page's modification time and length.
type Version = (Option<SystemTime>, u64);

pub struct PageCsp {
    page: PathBuf,
    made: Mutex<Option<(Version, HeaderValue)>>,
}

impl PageCsp {
    /// The policy of the page at `page` (`index.html` of the build).
    pub fn new(page: PathBuf) -> Self {
        Self {
            page,
            made: Mutex::new(None),
        }
    }

    /// The policy for the page as it is now. While the page cannot be read (a build
    /// replacing it), the last policy made stands.
    pub async fn current(&self) -> HeaderValue {
        let version = tokio::fs::metadata(&self.page)
            .await
            .ok()
            .map(|meta| (meta.modified().ok(), meta.len()));
        let last = self.made.lock().map(|made| made.clone()).unwrap_or(None);
        match (version, last) {
            (Some(version), Some((made_from, policy))) if version == made_from => policy,
            (None, Some((_, policy))) => policy,
            (version, last) => match tokio::fs::read_to_string(&self.page).await {
                Ok(page) => {
                    let policy = policy_for(&page);
                    if let (Some(version), Ok(mut made)) = (version, self.made.lock()) {
                        *made = Some((version, policy.clone()));
                    }
                    policy
                }
                Err(_) => last.map_or_else(|| HeaderValue::from_static(APP_CSP), |(_, p)| p),
            },
        }
    }
}

fn policy_for(page: &str) -> HeaderValue {
    // ASCII directives and base64 hashes: always a valid header value.
    HeaderValue::from_str(&app_csp_allowing_scripts(&inline_script_hashes(page)))
        .unwrap_or_else(|_| HeaderValue::from_static(APP_CSP))
}
