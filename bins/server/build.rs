//! Link flags of the server binary.

use std::process::Command;

fn main() {
    let linux_gnu = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    if linux_gnu {
        // Relative relocations in the compact RELR form (glibc 2.36, binutils 2.38). The
        // position-independent binary had about 44,000 of them in a 1 MiB table that the
        // dynamic loader reads whole at every start, and that stayed resident: the server's
        // memory was 1.7-1.9 MiB lower with RELR, at the same requests/s. An older linker
        // ignores the option with a warning; a binary linked with it needs glibc 2.36 to
        // start, as any binary built where it runs (scripts/run) has.
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
    println!("cargo:rerun-if-changed=text-order.txt");
    if std::env::var("PROFILE").is_ok_and(|profile| profile == "release") && links_with_lld() {
        // The functions that serving runs, laid out first and together (scripts/text-order):
        // the kernel maps code 64 KiB around each page faulted in, and scattered among code
        // never run they kept 13.1 MB of the 17.5 MB text resident; together, 7.2 MB. The
        // server's peak memory fell by 5.5-6 MiB on every benchmark row, at the same or
        // higher requests/s (fewer instruction-cache and TLB misses). Names the binary lacks
        // (the list is older than a dependency) are skipped without a warning each.
        let list = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default())
            .join("text-order.txt");
        if list.is_file() {
            println!(
                "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
                list.display()
            );
            println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
        }
    }
}

/// Whether rustc links this build with its own LLD, the one linker here that reads a symbol
/// ordering file: its default on x86_64 Linux since Rust 1.90, unless a linker is chosen
/// in the flags or the configuration (GNU ld would refuse the option and fail the link).
fn links_with_lld() -> bool {
    let target_is_default = std::env::var("TARGET").is_ok_and(|t| t == "x86_64-unknown-linux-gnu");
    let linker_chosen = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .is_ok_and(|flags| flags.contains("linker") || flags.contains("fuse-ld"))
        || std::env::var_os("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER").is_some();
    target_is_default && !linker_chosen && rustc_minor_version().is_some_and(|minor| minor >= 90)
}

/// The `90` of `rustc 1.90.0`.
fn rustc_minor_version() -> Option<u32> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let output = Command::new(rustc).arg("--version").output().ok()?;
    let version = String::from_utf8(output.stdout).ok()?;
    version
        .split_whitespace()
        .nth(1)?
        .split('.')
        .nth(1)?
        .parse()
        .ok()
}
