#!/bin/sh
# build.rs writes include/cri.h only when the project itself is built. The crate as cargo
# publishes it, unpacked as cargo unpacks a dependency (with its `.cargo-ok` mark), builds
# with the header in OUT_DIR only and its include/ untouched; the project's own checkout
# gets include/cri.h. Usage: build_rs_header.sh SOURCE_DIR TARGET_DIR. Exit 77 = skipped.
set -u
src=$1 target=$2
command -v cargo >/dev/null 2>&1 || { echo "build_rs_header: skipped (no cargo)"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "build_rs_header: $*"; exit 1; }

cargo package --quiet --offline --no-verify --allow-dirty --manifest-path "$src/Cargo.toml" \
  --target-dir "$tmp/pkg" >/dev/null 2>&1 || fail "cargo package failed"
crate=$(ls "$tmp"/pkg/package/libcri-*.crate) || fail "no .crate"
mkdir "$tmp/dep" && tar -xzf "$crate" -C "$tmp/dep" --strip-components=1 || fail "untar"
[ -f "$tmp/dep/include/cri.h" ] || fail "the package has no include/cri.h"
# The published header is read-only for the build: an unpacked dependency is cargo's.
touch "$tmp/dep/.cargo-ok"
cp "$tmp/dep/include/cri.h" "$tmp/published.h"
echo "/* not what cbindgen writes */" > "$tmp/dep/include/cri.h"
# Only libcri's own outputs go: its dependencies stay built in TARGET_DIR.
cargo clean --quiet --offline -p libcri --manifest-path "$tmp/dep/Cargo.toml" \
  --target-dir "$target" 2>/dev/null
cargo build --quiet --offline --lib --manifest-path "$tmp/dep/Cargo.toml" \
  --target-dir "$target" || fail "the unpacked crate does not build"
grep -q "not what cbindgen writes" "$tmp/dep/include/cri.h" ||
  fail "a build as a dependency rewrote include/cri.h"
out=$(find "$target" -path '*/build/libcri-*/out/cri.h' | head -n 1)
[ -n "$out" ] || fail "no cri.h in OUT_DIR"
cmp -s "$out" "$tmp/published.h" || fail "OUT_DIR/cri.h differs from the published header"

# The same sources as the project's own checkout: include/cri.h is written.
rm "$tmp/dep/.cargo-ok" "$tmp/dep/.cargo_vcs_info.json" 2>/dev/null
touch "$tmp/dep/src/lib.rs" # the build script reruns when src changes
cargo build --quiet --offline --lib --manifest-path "$tmp/dep/Cargo.toml" \
  --target-dir "$target" || fail "the checkout does not build"
cmp -s "$tmp/dep/include/cri.h" "$tmp/published.h" ||
  fail "a build of the project did not write include/cri.h"
echo "build_rs_header: ok"
