#!/usr/bin/env bash
# scripts/stack-report.sh: worst-case stack per exported function on a Cortex-M core.
#
#   scripts/stack-report.sh [--out DIR] [--target TRIPLE]... [--enforce] [--markdown]
#                           [--budget BYTES] [--entry NAME]...
#
# Builds libcri.a for TRIPLE (default thumbv7em-none-eabihf, Cortex-M4F; thumbv6m-none-eabi
# for the Cortex-M0/M0+; repeat --target for a table per core) with nightly and RUSTFLAGS="-Z emit-stack-sizes"
# (the .stack_sizes section gives every Rust function's frame), links
# examples-c/firmware/main.c (which calls every function of cri.h) with arm-none-eabi-gcc,
# and runs scripts/stack-report.py on the image: per entry point its own frame, the
# deepest chain of direct calls, and an upper bound that includes indirect calls. Any
# recursion fails. With --enforce an entry point over the budget (default 512 bytes)
# fails too; without it the table is only printed. --entry limits the table and the check
# to the named entry points (the ctest firmware_stack_budget_split: uri_split within 256).
# With several --target options every core is reported, and the run fails if any fails; the
# first is the reference (not installed: skipped), a further one that is not installed is
# left out with a note.
# Exit: 0 ok, 1 failed, 77 skipped (nightly, a requested Rust target, arm-none-eabi-gcc or
# python3 missing).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
out=$src/build/firmware report=--report markdown= budget=512 entries= targets=
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift ;;
    --target) targets="$targets $2"; shift ;;
    --enforce) report= ;;
    --markdown) markdown=--markdown ;;
    --budget) budget=$2; shift ;;
    --entry) entries="$entries --entry $2"; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
# shellcheck source=firmware-common.sh
. "$here/firmware-common.sh"
fw_init "$src" "$out"
fw_need_gcc
command -v python3 >/dev/null 2>&1 || fw_skip "python3 not found"
# The frames of code without .stack_sizes come from its prologue: check that reader first.
python3 "$here/stack-report.py" --self-test || { echo "stack-report.py --self-test failed"; exit 1; }
# report TARGET: the table of one core; its exit status.
report() {
  local target=$1 archive elf rc
  # fw_archive prints why it skips (exit 77) where it would print the archive's path.
  archive=$(fw_archive stack "$target") || { rc=$?; echo "$archive"; return $rc; }
  elf=$FW_OUT/stack-$target.elf
  # The relocations kept in the image tell a function address from a constant that equals
  # one (stack-report.py, indirect calls).
  fw_link "$target" "$archive" 3 "$elf" -Wl,--emit-relocs || { echo "link failed"; return 1; }
  echo "Stack per entry point, $target (nightly $(rustc +nightly --version | cut -d' ' -f2-),"
  echo "-Z emit-stack-sizes, release profile), bytes:"
  # shellcheck disable=SC2086
  python3 "$here/stack-report.py" --header "$src/include/cri.h" $entries --budget "$budget" \
    $report $markdown "$elf"
  rc=$?
  if [ $rc -eq 0 ] && [ -n "$report" ]; then
    # shellcheck disable=SC2086
    python3 "$here/stack-report.py" --header "$src/include/cri.h" $entries --budget "$budget" \
      "$elf" >/dev/null ||
      echo "note: over budget (not enforced here; the ctests firmware_stack_budget* enforce it)"
  fi
  return $rc
}
status=0 first=1
for target in ${targets:-thumbv7em-none-eabihf}; do
  # As examples-c/firmware/link-test.sh: without the first target (the reference core) the
  # run is skipped; a further target that is not installed is noted and left out.
  ( report "$target" )
  rc=$?
  case $rc in
    0) ;;
    77) [ $first -eq 1 ] && exit 77
        echo "(left out: $target)" ;;
    *) status=1 ;;
  esac
  first=0
  echo
done
exit $status
