#!/usr/bin/env bash
# scripts/rust-tests.sh: the whole Rust test suite in a build the default `cargo test`
# does not cover, each in its own target directory OUT.
#
#   scripts/rust-tests.sh i686 OUT             cargo test --target i686-unknown-linux-gnu:
#                                              32-bit usize, as on Cortex-M
#   scripts/rust-tests.sh firmware-paths OUT   RUSTFLAGS="--cfg cri_firmware_paths": the
#                                              code paths bare-metal builds take
#                                              (cfg!(target_os = "none")), on the host
#   scripts/rust-tests.sh minimal OUT          cargo test --lib --no-default-features: the
#                                              crate's own tests with the features of the
#                                              smallest firmware archive (no iri, lenient,
#                                              edn or full scheme table)
#
# Exit: cargo's status, 77 skipped (the i686 Rust target or a 32-bit C runtime missing).
# Environment: CARGO (default cargo).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
[ $# -eq 2 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
mode=$1 out=$2
: "${CARGO:=cargo}"
cd "$src" || exit 2
case $mode in
  i686)
    triple=i686-unknown-linux-gnu
    sysroot=$(rustc --print sysroot) && [ -d "$sysroot/lib/rustlib/$triple/lib" ] ||
      { echo "SKIPPED: rustup target add $triple"; exit 77; }
    echo 'int main(void) { return 0; }' >"${TMPDIR:-/tmp}/cri-m32-$$.c"
    gcc -m32 "${TMPDIR:-/tmp}/cri-m32-$$.c" -o "${TMPDIR:-/tmp}/cri-m32-$$" 2>/dev/null
    ok=$?
    rm -f "${TMPDIR:-/tmp}/cri-m32-$$.c" "${TMPDIR:-/tmp}/cri-m32-$$"
    [ $ok -eq 0 ] || { echo "SKIPPED: no 32-bit C runtime (apt-get install -y gcc-multilib)"; exit 77; }
    exec $CARGO test --quiet --target $triple --target-dir "$out"
    ;;
  firmware-paths)
    # RUSTFLAGS replaces .cargo/config.toml's host flags (loop alignment: speed only).
    RUSTFLAGS="--cfg cri_firmware_paths" exec $CARGO test --quiet --target-dir "$out"
    ;;
  minimal)
    exec $CARGO test --quiet --lib --no-default-features --target-dir "$out"
    ;;
  *) echo "unknown mode $mode (i686, firmware-paths, minimal)" >&2; exit 2 ;;
esac
