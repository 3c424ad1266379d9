//! The webapp's page may carry scripts inline (its boot script, which starts the page's
//! data and code downloads before any file arrives: an inline script saves the round trip
//! a file of its own would cost). The Content-Security-Policy allows scripts from this
//! origin only, so each inline script is allowed by the SHA-256 of its exact text: that
//! script runs, and a script injected into the page does not.

use base64::Engine as _;
use sha2::{Digest, Sha256};

/// `'sha256-…'` sources for every inline script of `html` that the browser would run:
/// a `<script>` without `src` whose `type` is absent or a JavaScript one (data blocks
/// such as `type="application/json"` are never run, so they need no hash).
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(start) = find_ascii_case_insensitive(rest, "<script") {
        let after_name = &rest[start + "<script".len()..];
        let Some(tag_end) = after_name.find('>') else {
            break;
        };
        let attributes = &after_name[..tag_end];
        let body_and_rest = &after_name[tag_end + 1..];
        let Some(body_end) = find_ascii_case_insensitive(body_and_rest, "</script") else {
            break;
        };
        let body = &body_and_rest[..body_end];
        if runs_inline(attributes) && !body.is_empty() {
            let digest = Sha256::digest(body.as_bytes());
            hashes.push(format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        rest = &body_and_rest[body_end..];
    }
    hashes
}

/// Would a `<script>` with these attributes run its own text?
fn runs_inline(attributes: &str) -> bool {
    let lower = attributes.to_ascii_lowercase();
    let names: Vec<&str> = lower
        .split(|c: char| c.is_ascii_whitespace())
        .filter(|part| !part.is_empty())
        .collect();
    if names
        .iter()
        .any(|part| *part == "src" || part.starts_with("src="))
    {
        return false;
    }
    let script_type = names
        .iter()
        .find_map(|part| part.strip_prefix("type="))
        .map(|value| value.trim_matches(|c| c == '"' || c == '\''));
    matches!(
        script_type,
        None | Some("" | "module" | "text/javascript" | "application/javascript")
    )
}

fn find_ascii_case_insensitive(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash_of(text: &str) -> String {
        format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
        )
    }

    #[test]
    fn hashes_the_exact_text_of_each_script_that_runs() {
        let html = "<head><script type=\"application/json\" id=\"t\">{\"a\":1}</script>\n\
                    <script>(function(){go()})();</script>\
                    <script src=\"/assets/app.js\"></script>\
                    <SCRIPT type=\"module\">\n import './x.js';\n</SCRIPT></head>";
        assert_eq!(
            inline_script_hashes(html),
            vec![
                hash_of("(function(){go()})();"),
                hash_of("\n import './x.js';\n")
            ]
        );
    }

    #[test]
    fn a_page_without_inline_scripts_needs_no_hash() {
        let html =
            "<html><script type=\"module\" crossorigin src=\"/assets/i.js\"></script></html>";
        assert!(inline_script_hashes(html).is_empty());
        assert!(inline_script_hashes("<script>never closed").is_empty());
    }

    #[test]
    fn matches_the_browsers_hash_of_a_known_script() {
        // The CSP specification's own example: `alert('Hello, world.');`.
        assert_eq!(
            inline_script_hashes("<script>alert('Hello, world.');</script>"),
            vec!["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='".to_owned()]
        );
    }
}
