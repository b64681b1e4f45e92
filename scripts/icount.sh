#!/usr/bin/env bash
# scripts/icount.sh: instructions per call of libcri on an emulated Cortex-M4F.
#
#   scripts/icount.sh [--out DIR]
#
# Links c-tests/target_icount.c with the thumbv7em-none-eabihf firmware archive (release
# profile, opt-level "z", --features panic-handler) and picolibc, runs it on QEMU
# mps2-an386 with -icount shift=0 and prints instructions per call (SysTick, 40
# instructions per tick, averaged over 200 calls less an empty loop). The same
# operations of uriparser and libcoap: scripts/icount-peers.sh (BENCHMARKS.md).
# Exit: 0, 1 failed, 77 skipped (qemu-system-arm, arm-none-eabi-gcc, picolibc, target).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
out=$src/build/firmware
if [ "${1:-}" = --out ]; then out=$2; shift 2; fi
# shellcheck source=firmware-common.sh
. "$here/firmware-common.sh"
fw_init "$src" "$out"
fw_need_gcc
command -v qemu-system-arm >/dev/null 2>&1 || fw_skip "qemu-system-arm not found"
[ -f "$(arm-none-eabi-gcc -print-file-name=picolibc.specs)" ] || fw_skip "picolibc not found"
target=thumbv7em-none-eabihf
archive=$(fw_archive default $target) || exit $?
dir=$FW_OUT/icount
mkdir -p "$dir"
# shellcheck disable=SC2046
arm-none-eabi-gcc $(fw_cflags $target) -Os -std=c99 -Wall -Wextra -Werror -I"$src/include" \
  --specs=picolibc.specs --oslib=semihost --crt0=hosted -T picolibc.ld \
  -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=0x400000 \
  -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 \
  -Wl,--defsym=__stack_size=0x4000 -Wl,--gc-sections \
  "$src/c-tests/target_icount.c" "$archive" -o "$dir/target_icount.elf" 2>"$dir/log" ||
  { grep -v -e GNU-stack -e NOTE "$dir/log"; echo "build failed"; exit 1; }
echo "Instructions per call, mps2-an386 (Cortex-M4F), libcri $target opt-level z:"
timeout 300 qemu-system-arm -M mps2-an386 -icount shift=0 -nographic -monitor none \
  -serial none -semihosting-config enable=on,target=native -kernel "$dir/target_icount.elf"
