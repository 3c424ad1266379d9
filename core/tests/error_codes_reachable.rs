//! Every [`ErrorCode`] variant must be answerable: some non-test source of the workspace
//! names it outside the enum's own file. A variant nobody uses is a code the spec
//! promises and clients translate but the server never sends; remove it or make it
//! reachable.

use std::fs;
use std::path::{Path, PathBuf};

use leffaseura_core::ErrorCode;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("core lives inside the workspace")
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The non-test sources: `core/src`, `adapters/*/src` and `bins/*/src`, without files
/// named `tests.rs` or `testing.rs` and without anything after a `mod tests` line (test
/// modules sit at the end of a file by convention; "roughly" is enough here).
fn non_test_sources(root: &Path) -> Vec<(PathBuf, String)> {
    let mut dirs = vec![root.join("core/src")];
    for parent in ["adapters", "bins"] {
        let entries = fs::read_dir(root.join(parent)).expect("workspace folder");
        dirs.extend(entries.flatten().map(|e| e.path().join("src")));
    }
    let mut files = Vec::new();
    for dir in &dirs {
        rust_files(dir, &mut files);
    }
    files
        .into_iter()
        .filter(|path| {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            name != "tests.rs" && name != "testing.rs"
        })
        .map(|path| {
            let text = fs::read_to_string(&path).expect("readable source");
            let code: String = text
                .lines()
                .take_while(|line| !line.trim_start().starts_with("mod tests"))
                .collect::<Vec<_>>()
                .join("\n");
            (path, code)
        })
        .collect()
}

#[test]
fn every_error_code_is_used_outside_its_enum() {
    let root = workspace_root();
    let own_file = root.join("core/src/error_code.rs");
    let sources: Vec<_> = non_test_sources(&root)
        .into_iter()
        .filter(|(path, _)| *path != own_file)
        .collect();
    assert!(sources.len() > 50, "only {} sources found", sources.len());
    let unused: Vec<String> = ErrorCode::ALL
        .iter()
        .filter(|code| {
            let name = format!("ErrorCode::{code:?}");
            !sources.iter().any(|(_, text)| {
                text.match_indices(&name).any(|(at, _)| {
                    // `ErrorCode::Invalid` must not count as a use of `ErrorCode::InvalidBio`.
                    !text[at + name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
        })
        .map(|code| format!("{code:?} ({code})"))
        .collect();
    assert!(
        unused.is_empty(),
        "error codes no source answers with: {}",
        unused.join(", ")
    );
}
