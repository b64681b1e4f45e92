#!/bin/sh
# The benchmarks (see BENCHMARKS.md): libcri against uriparser, curl and libcoap
# (C, one process) and against fluent-uri, iri-string and oxiri (Rust, criterion).
#
#   scripts/bench.sh [all|c|rust|callgrind|quick]
#
#   c          build cri_bench (the host archive: LTO, opt-level 3) and cri_bench_z
#              (the same at opt-level "z", the firmware level) and run both
#   rust       cargo bench --bench peers, at the bench profile (= release, opt-level "z")
#              and again with CARGO_PROFILE_BENCH_OPT_LEVEL=3; tables from the results
#   callgrind  instructions per operation and libcri's hottest functions per group
#              (needs valgrind; stable where wall-clock time is not)
#   all        c, rust and callgrind (default; about 15 minutes)
#   quick      a smoke run of c and rust (about 2 minutes, numbers are rough)
#
# Environment: BUILD (CMake build directory, default build-bench), RUNS (samples per
# implementation, default 15), MIN_MS (milliseconds per sample, default 40). Results go
# to $BUILD/results/*.md; peers: apt-get install -y liburiparser-dev libcurl4-openssl-dev
# libcoap3-dev valgrind.
set -eu
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build-bench}
RUNS=${RUNS:-15}
MIN_MS=${MIN_MS:-40}
OUT=$BUILD/results
what=${1:-all}

if ! python3 bench/corpus/generate.py --check; then
  echo "bench.sh: bench/corpus/ differs from what bench/corpus/generate.py makes" >&2
  echo "          (run it, or check corpus/urls.txt and tests/data/)" >&2
fi

machine() {
  mkdir -p "$OUT"
  {
    echo "- date: $(date -u +%Y-%m-%d)"
    echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- src 2>/dev/null || echo ' (src/ modified)')"
    echo "- nproc: $(nproc)"
    echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
    echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- rustc: $(rustc --version)"
    echo "- cc: $(${CC:-cc} --version | head -1)"
  } > "$OUT/machine.md"
  cat "$OUT/machine.md"
}

c_build() {
  cmake -S . -B "$BUILD" -DCRI_BUILD_TESTS=OFF >/dev/null
  cmake --build "$BUILD" --target cri_bench cri_bench_z -j"$(nproc)"
  if [ ! -x "$BUILD/cri_bench" ]; then
    echo "bench.sh: cri_bench was not built (are the peer -dev packages installed?)" >&2
    exit 1
  fi
}

c_run() { # runs min_ms
  "$BUILD/cri_bench" --runs "$1" --min-ms "$2" | tee "$OUT/c-host.md"
  "$BUILD/cri_bench_z" --runs "$1" --min-ms "$2" | tee "$OUT/c-z.md"
}

rust_run() { # extra criterion arguments
  cargo bench --bench peers -- --save-baseline z "$@"
  CARGO_PROFILE_BENCH_OPT_LEVEL=3 cargo bench --bench peers -- --save-baseline o3 "$@"
  python3 bench/criterion_table.py --baseline z | tee "$OUT/rust-z.md"
  python3 bench/criterion_table.py --baseline o3 | tee "$OUT/rust-o3.md"
}

callgrind_run() {
  python3 bench/callgrind_table.py "$BUILD/cri_bench" --top 15 | tee "$OUT/callgrind-host.md"
  python3 bench/callgrind_table.py "$BUILD/cri_bench_z" --out "$BUILD/callgrind-z" --top 15 \
    | tee "$OUT/callgrind-z.md"
}

case "$what" in
  all) machine; c_build; c_run "$RUNS" "$MIN_MS"; rust_run; callgrind_run ;;
  c) machine; c_build; c_run "$RUNS" "$MIN_MS" ;;
  rust) machine; rust_run ;;
  callgrind) machine; c_build; callgrind_run ;;
  quick) machine; c_build; c_run 3 5; rust_run --warm-up-time 0.2 --measurement-time 0.5 --sample-size 10 ;;
  *) sed -n '2,21p' "$0" >&2; exit 2 ;;
esac
echo "results: $OUT/"
