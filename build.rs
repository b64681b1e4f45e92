//! Regenerates `include/cri.h` from `src/ffi` with cbindgen (pinned in Cargo.toml so the
//! header does not drift with the tool). The file is only rewritten when its text changes;
//! the ctest `header_drift` fails when a build changed the committed header.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
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
            bindings.write_to_file(dir.join("include/cri.h"));
        }
        Err(e) => {
            println!("cargo:warning=cbindgen: {e}");
            std::process::exit(1);
        }
    }
}
