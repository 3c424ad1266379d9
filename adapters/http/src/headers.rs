//! Headers every answer carries (issue 12 §2): a Content-Security-Policy, no sniffing, no
//! framing, a strict referrer policy and no powerful browser features; and how long a
//! browser may keep the webapp's files.

use poem::http::header::{self, HeaderValue};
use poem::http::HeaderName;
use poem::Response;

/// The webapp and the API: scripts, styles, fonts and calls only from this origin.
/// Images also from `https:` (TMDB's `image.tmdb.org`, Finnkino's images, a group's
/// poster URL, which may be any https address) and `data:` (icons inlined in the CSS).
pub(crate) const APP_CSP: &str =
    "default-src 'self'; img-src 'self' https: data:; font-src 'self' data:; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The webapp's page with inline scripts: [`APP_CSP`], and those scripts allowed by their
/// hashes (see [`crate::inline_scripts`]).
pub fn app_csp_allowing_scripts(hashes: &[String]) -> String {
    if hashes.is_empty() {
        return APP_CSP.to_owned();
    }
    format!("{APP_CSP}; script-src 'self' {}", hashes.join(" "))
}

/// `/api/docs` alone: Swagger UI is one page with its script and styles inline.
const DOCS_CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The webapp uses none of these.
const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/// Vite names every file under `/assets/` by its content hash: a changed file is a new
/// name, so a copy never goes stale.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Is the answer an HTML page (the webapp's, or the docs')?
pub(crate) fn is_html(headers: &poem::http::HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/html"))
}

fn is_docs(path: &str) -> bool {
    path == "/api/docs" || path.starts_with("/api/docs/")
}

// Built once: `HeaderValue::from_static` checks every byte of the value when it runs.
static APP_CSP_VALUE: HeaderValue = HeaderValue::from_static(APP_CSP);
static DOCS_CSP_VALUE: HeaderValue = HeaderValue::from_static(DOCS_CSP);
static NOSNIFF: HeaderValue = HeaderValue::from_static("nosniff");
static DENY: HeaderValue = HeaderValue::from_static("DENY");
static REFERRER: HeaderValue = HeaderValue::from_static("strict-origin-when-cross-origin");
static PERMISSIONS_POLICY_VALUE: HeaderValue = HeaderValue::from_static(PERMISSIONS_POLICY);
static IMMUTABLE_VALUE: HeaderValue = HeaderValue::from_static(IMMUTABLE);
static NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");
static PERMISSIONS_POLICY_NAME: HeaderName = HeaderName::from_static("permissions-policy");

/// Adds the headers of the module docs to `response`, the answer to a request for `path`.
pub(crate) fn add_security_headers(path: &str, response: &mut Response) {
    let docs = is_docs(path);
    let asset = path.starts_with("/assets/");
    let csp = if docs {
        &DOCS_CSP_VALUE
    } else {
        &APP_CSP_VALUE
    };
    let is_html = is_html(response.headers());
    let cache = if asset && response.status().is_success() {
        Some(&IMMUTABLE_VALUE)
    } else if is_html && !docs {
        // index.html names the current hashed files: always revalidate it.
        Some(&NO_CACHE)
    } else {
        None
    };
    let headers = response.headers_mut();
    headers.reserve(6);
    // The webapp's page may bring its own policy: this one, allowing its inline scripts.
    if docs || !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, NOSNIFF.clone());
    headers.insert(header::X_FRAME_OPTIONS, DENY.clone());
    headers.insert(header::REFERRER_POLICY, REFERRER.clone());
    headers.insert(
        PERMISSIONS_POLICY_NAME.clone(),
        PERMISSIONS_POLICY_VALUE.clone(),
    );
    if let Some(cache) = cache {
        headers.insert(header::CACHE_CONTROL, cache.clone());
    }
}
