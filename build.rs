//! Generates the C header `cri.h` from `src/ffi` with cbindgen (pinned in Cargo.toml so the
//! header does not drift with the tool), always into `OUT_DIR`. When the project itself is
//! built (a checkout of libcri, not a package that cargo unpacked as a dependency or for
//! `cargo package`), it also writes `include/cri.h`, the header C builds include; the file
//! is only rewritten when its text changes, and the ctest `header_drift` fails when a build
//! changed the committed header. A build script of a dependency must write nothing outside
//! `OUT_DIR`: its sources are cargo's, shared by every project that uses them.

use std::path::{Path, PathBuf};

/// Is `dir`, the package's manifest directory, a package that cargo unpacked rather than
/// the project's own checkout? Cargo marks every directory it unpacks (a registry crate, a
/// git dependency's checkout) with `.cargo-ok`, and a packaged crate carries
/// `.cargo_vcs_info.json` (also in `cargo package`'s verification build).
fn unpacked_by_cargo(dir: &Path) -> bool {
    dir.join(".cargo-ok").exists() || dir.join(".cargo_vcs_info.json").exists()
}

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));
    let config = match cbindgen::Config::from_file(dir.join("cbindgen.toml")) {
        Ok(c) => c,
        Err(e) => {
            println!("cargo:warning=cbindgen.toml: {e}");
            std::process::exit(1);
        }
    };
    match cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
    {
        Ok(bindings) => {
            bindings.write_to_file(out_dir.join("cri.h"));
            if !unpacked_by_cargo(&dir) {
                bindings.write_to_file(dir.join("include/cri.h"));
            }
        }
        Err(e) => {
            println!("cargo:warning=cbindgen: {e}");
            std::process::exit(1);
        }
    }
}
