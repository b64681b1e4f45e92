#!/bin/sh
# `cargo package` of the crate, offline, with the coap-message feature: the .crate holds
# the library, the header its build script regenerates, the Rust example and the README,
# none of the test data or corpora, stays far below crates.io's 10 MB, and builds on its
# own (cargo's verification). Nothing is published. The working tree may be dirty (a
# developer's run); the Rust dependencies must be in cargo's cache (cargo_test fetches
# them). Exit 77 = skipped (no cargo).
src=$1 out=$2
cargo=${CARGO:-cargo}
if ! command -v "$cargo" >/dev/null 2>&1; then
  echo "cargo_package: skipped (no cargo)"; exit 77
fi
cd "$src" || exit 1
list=$("$cargo" package --offline --allow-dirty --list 2>/dev/null) ||
  { echo "cargo package --list failed"; exit 1; }
rc=0
for f in Cargo.toml README.md build.rs cbindgen.toml include/cri.h src/lib.rs \
         src/coap/message.rs examples/coap_message.rs; do
  echo "$list" | grep -qx "$f" || { echo "missing from the package: $f"; rc=1; }
done
extra=$(echo "$list" | grep -E '^(corpus|tests|fuzz|bench|benches|samples|zephyr|c-tests|data)/' | head -3)
[ -z "$extra" ] || { echo "in the package but not for it: $extra"; rc=1; }
[ $rc = 0 ] || exit 1
"$cargo" package --quiet --offline --allow-dirty --features coap-message --target-dir "$out" ||
  { echo "cargo package failed (offline: run cargo_test first so the dependencies are cached)"; exit 1; }
crate=$(ls "$out"/package/*.crate 2>/dev/null | head -1)
test -n "$crate" || { echo "no .crate in $out/package"; exit 1; }
size=$(wc -c <"$crate")
[ "$size" -lt 10000000 ] || { echo "$crate is $size bytes (crates.io takes 10 MB)"; exit 1; }
echo "$crate: $size bytes, $(echo "$list" | wc -l) files"
