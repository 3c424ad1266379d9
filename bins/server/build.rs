//! Link flags of the server binary.

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
}
