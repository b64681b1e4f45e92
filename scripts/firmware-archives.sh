#!/usr/bin/env bash
# scripts/firmware-archives.sh [OUT]: builds libcri.a for the Cortex-M targets
# (thumbv7em-none-eabihf: Cortex-M4F/M7F hard float; thumbv7em-none-eabi: Cortex-M4/M7
# soft float; thumbv6m-none-eabi: Cortex-M0/M0+) with the release profile (opt-level z,
# fat LTO, one codegen unit, panic = abort) and --features panic-handler, and copies them
# to OUT/lib/<target>/libcri.a (default OUT: build/firmware). Targets that are not
# installed are skipped with the rustup command that adds them.
# The CMake target `cri_firmware_archives` runs this into <build>/firmware.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=firmware-common.sh
. "$here/firmware-common.sh"
fw_init "$here/.." "${1:-$here/../build/firmware}"
built=0
for target in $FW_TARGETS; do
  if ! fw_have_target "" "$target"; then
    echo "skipped $target: rustup target add $target"
    continue
  fi
  archive=$(fw_archive default "$target") || exit 1
  mkdir -p "$FW_OUT/lib/$target"
  cp "$archive" "$FW_OUT/lib/$target/libcri.a"
  echo "$FW_OUT/lib/$target/libcri.a"
  built=$((built + 1))
done
[ $built -gt 0 ] || { echo "no Cortex-M Rust target installed"; exit 77; }
