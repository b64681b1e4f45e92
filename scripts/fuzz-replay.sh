#!/usr/bin/env bash
# scripts/fuzz-replay.sh: the fuzz targets' oracles on a 32-bit host.
#
#   scripts/fuzz-replay.sh OUT [TARGET...]     default targets: cri cri_from_uri coap
#
# cargo-fuzz's 32-bit build needs libFuzzer's C++ runtime and the sanitizers for
# i686-unknown-linux-gnu, which this machine lacks (no 32-bit libstdc++). Instead each
# target is built for i686 by stable cargo without libFuzzer (--no-default-features) and
# linked with fuzz/replay.c as its main, then runs every input of its seed corpus (made
# by fuzz/make_corpus.py into OUT/corpus from tests/data and corpus/urls.txt), of the
# committed minimized corpus fuzz/seeds/<target> and of fuzz/corpus/<target> if a
# fuzzing run left one: the same oracles, no coverage-guided
# search. A failed oracle aborts (panic = abort). Exit 0 passed, 1 failed, 77 skipped
# (no i686 Rust target, no gcc -m32, no python3).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
[ $# -ge 1 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(cri cri_from_uri coap)
triple=i686-unknown-linux-gnu
: "${CARGO:=cargo}"

skip() { echo "SKIPPED: $*"; exit 77; }
sysroot=$(rustc --print sysroot) && [ -d "$sysroot/lib/rustlib/$triple/lib" ] ||
  skip "Rust target $triple not installed (rustup target add $triple)"
command -v python3 >/dev/null 2>&1 || skip "python3 not found"
gcc -m32 -O1 -Wall -Wextra -Werror -c "$src/fuzz/replay.c" -o "$out/replay.o" 2>"$out/replay.log" ||
  { cat "$out/replay.log"; skip "gcc -m32 cannot build fuzz/replay.c (apt-get install -y gcc-multilib)"; }
python3 "$src/fuzz/make_corpus.py" --out "$out/corpus" >/dev/null || { echo "make_corpus.py failed"; exit 1; }

bins=()
for t in "${targets[@]}"; do bins+=(--bin "$t"); done
# RUSTFLAGS replaces .cargo/config.toml's host flags: the replay main and debug assertions
# (overflow checks are what a 32-bit run is for).
RUSTFLAGS="-C link-arg=$out/replay.o -C debug-assertions -C overflow-checks" \
  $CARGO build --quiet --release --no-default-features --target $triple \
  --manifest-path "$src/fuzz/Cargo.toml" --target-dir "$out/cargo" "${bins[@]}" ||
  { echo "cargo build of the fuzz targets for $triple failed"; exit 1; }

rc=0
for t in "${targets[@]}"; do
  dirs=("$out/corpus/$t")
  [ -d "$src/fuzz/seeds/$t" ] && dirs+=("$src/fuzz/seeds/$t")
  [ -d "$src/fuzz/corpus/$t" ] && dirs+=("$src/fuzz/corpus/$t")
  "$out/cargo/$triple/release/$t" "${dirs[@]}" || { echo "FAILED: fuzz target $t on $triple"; rc=1; }
done
exit $rc
