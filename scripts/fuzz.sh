#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a bounded time and prints, per target, the
# executions, the coverage (libFuzzer's "cov:") and whether it found a crash.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     default: 30 s, every target
#   FUZZ_JOBS=2 scripts/fuzz.sh 600           two targets at a time
#
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`); without them it
# prints a skip message and exits 0. Each target starts from the committed minimized
# corpus of the last long campaign (fuzz/seeds/<target>/, see fuzz/README.md) merged
# with seeds from tests/data and corpus/urls.txt (fuzz/make_corpus.py, needs python3;
# without it only fuzz/seeds is used), in fuzz/corpus/<target>/. Exit status 1 if any target crashed (its input is under fuzz/artifacts/<target>/;
# reproduce with `cargo +nightly fuzz run <target> <file>`).
set -uo pipefail
cd "$(dirname "$0")/.."

secs="${1:-30}"
shift || true
jobs="${FUZZ_JOBS:-1}"

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz: skipped (no nightly toolchain: rustup toolchain install nightly)"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: skipped (no cargo-fuzz: cargo install cargo-fuzz)"
  exit 0
fi

if [ $# -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(cargo +nightly fuzz list --fuzz-dir fuzz)
fi

if command -v python3 >/dev/null 2>&1; then
  python3 fuzz/make_corpus.py || echo "fuzz: seed corpus not built, starting empty"
else
  echo "fuzz: no python3, seed corpus not built"
fi

cargo +nightly fuzz build --fuzz-dir fuzz || { echo "fuzz: build failed"; exit 1; }

logdir="fuzz/logs"
mkdir -p "$logdir"

run_one() {
  local t="$1"
  mkdir -p "fuzz/corpus/$t"
  # The committed corpus (files are named by their SHA-1, so merging cannot clash).
  if [ -d "fuzz/seeds/$t" ]; then
    cp -n fuzz/seeds/"$t"/* "fuzz/corpus/$t/" 2>/dev/null || true
  fi
  cargo +nightly fuzz run --fuzz-dir fuzz "$t" "fuzz/corpus/$t" -- \
    -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=4096 \
    >"$logdir/$t.log" 2>&1
  echo $? >"$logdir/$t.rc"
}

running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

status=0
printf '%-14s %12s %8s %8s  %s\n' target executions cov ft result
for t in "${targets[@]}"; do
  log="$logdir/$t.log"
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  rc=$(cat "$logdir/$t.rc" 2>/dev/null || echo 1)
  if [ "$rc" = 0 ]; then
    result=ok
  else
    result="CRASH: $(grep -o 'fuzz/artifacts/[^ ]*' "$log" | head -1) (log $log)"
    status=1
  fi
  printf '%-14s %12s %8s %8s  %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
  if [ "$rc" != 0 ]; then
    grep -m1 -A4 'panicked at' "$log" | sed 's/^/    /'
  fi
done
exit "$status"
