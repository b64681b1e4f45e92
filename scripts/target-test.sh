#!/usr/bin/env bash
# scripts/target-test.sh: runs a C test program on an emulated Cortex-M board.
#
#   scripts/target-test.sh [--out DIR] BOARD PROGRAM [ARG...]
#
# BOARD is a QEMU machine: mps2-an386 (Cortex-M4F, thumbv7em-none-eabihf), mps2-an385
# (Cortex-M3, thumbv7m-none-eabi) or microbit (nRF51, Cortex-M0, thumbv6m-none-eabi,
# 16 KiB RAM). PROGRAM is a file of c-tests/ without ".c" (test_exercise, test_api,
# test_iri, test_cri, test_buffers) or a path to a .c file. The program is built with
# arm-none-eabi-gcc -Os against the board's FIRMWARE archive (the release profile: opt-level
# "z", fat LTO, --features panic-handler, as scripts/firmware-archives.sh builds it) and
# picolibc with semihosting (printf, files and the exit status go to the host), then run
# with qemu-system-arm; ARGs become the program's argv[1..] (paths are the host's).
# Boards with little RAM or a slow core get smaller buffers and fewer random inputs
# (the -D sizes below); the checks are the same.
#
# Exit: the program's status (0 all checks passed), 77 skipped (qemu-system-arm,
# arm-none-eabi-gcc, picolibc or the Rust target missing), 2 usage.
# Environment: CARGO, FW_QUIET=1, TARGET_TIMEOUT (seconds, default 900).
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
out=$src/build/firmware
if [ "${1:-}" = --out ]; then out=$2; shift 2; fi
[ $# -ge 2 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
board=$1 program=$2
shift 2
# shellcheck source=firmware-common.sh
. "$here/firmware-common.sh"
fw_init "$src" "$out"

# test_cri's 500,000 random inputs take 50 s on the M4F board (a shared 2-core machine):
# the mps2 boards run 100,000, the host program keeps the full count.
mps2_sizes="-DFUZZ_RANDOM=60000 -DFUZZ_MUTATIONS=40000"
# Per board: Rust target, GCC core flags, RAM size (the linker script's __ram_size), stack.
# The mps2 boards have 4 MiB of SSRAM at 0 (code) and 4 MiB at 0x20000000 (data); the
# nRF51 of the micro:bit has 256 KiB of flash and 16 KiB of RAM.
case $board in
  mps2-an386)
    target=thumbv7em-none-eabihf cpu="-mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16"
    flash=0x400000 ram=0x400000 stack=0x10000 sizes=$mps2_sizes
    ;;
  mps2-an385)
    target=thumbv7m-none-eabi cpu="-mcpu=cortex-m3 -mfloat-abi=soft"
    flash=0x400000 ram=0x400000 stack=0x10000 sizes=$mps2_sizes
    ;;
  microbit)
    # 16 KiB for data, heap and stack: inputs up to 1,100 bytes (the deep-nesting checks
    # use 1,099 arrays instead of 100,000), smaller output buffers, test_buffers reads one
    # line of test data at a time and skips lines over 1,000 bytes (it prints how many),
    # a tenth of test_cri's random inputs (the M0 is the slowest core).
    target=thumbv6m-none-eabi cpu="-mcpu=cortex-m0 -mfloat-abi=soft"
    flash=0x40000 ram=0x4000 stack=0x1000
    sizes="-DMAX_IN=1100 -DBLOB_MAX=48 -DFUZZ_OUT=512 -DFUZZ_RANDOM=30000"
    sizes="$sizes -DFUZZ_MUTATIONS=20000 -DTMP_SIZE=1002 -DLINE_MAX_LEN=1002 -DERROR_CAP=1024 -DOPTS_MAX=24"
    [ "$program" = test_cri ] && sizes="$sizes -DBUF_SIZE=768"
    # test_buffers needs heap more than stack (its deepest call is 2 KiB).
    [ "$program" = test_buffers ] && stack=0xc00
    ;;
  *) echo "unknown board $board (mps2-an386, mps2-an385, microbit)" >&2; exit 2 ;;
esac

case $program in
  */*) c=$program name=$(basename "$program" .c) ;;
  *) c=$src/c-tests/$program.c name=$program ;;
esac
[ -f "$c" ] || { echo "no such program: $c" >&2; exit 2; }

command -v qemu-system-arm >/dev/null 2>&1 ||
  fw_skip "qemu-system-arm not found (apt-get install -y qemu-system-arm)"
command -v arm-none-eabi-gcc >/dev/null 2>&1 ||
  fw_skip "arm-none-eabi-gcc not found (apt-get install -y gcc-arm-none-eabi)"
[ -f "$(arm-none-eabi-gcc -print-file-name=picolibc.specs)" ] ||
  fw_skip "picolibc not found (apt-get install -y picolibc-arm-none-eabi)"

archive=$(fw_archive default "$target") || exit $?
# crt0 "semihost" fetches argv from QEMU (1.3 KiB of buffers); "hosted" calls main(0, NULL).
crt0=hosted
[ $# -gt 0 ] && crt0=semihost
dir=$FW_OUT/target/$board
mkdir -p "$dir"
elf=$dir/$name.elf
# shellcheck disable=SC2086
arm-none-eabi-gcc $cpu -mthumb -Os -std=c99 -Wall -Wextra -Werror $sizes -I"$src/include" \
  --specs=picolibc.specs --oslib=semihost --crt0=$crt0 -T picolibc.ld \
  -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=$flash \
  -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=$ram \
  -Wl,--defsym=__stack_size=$stack -Wl,--gc-sections \
  "$c" "$archive" -o "$elf" 2>"$elf.log"
rc=$?
# libgcc's objects lack .note.GNU-stack: binutils warns about it on every link.
grep -v -e 'missing .note.GNU-stack' -e 'NOTE: This behaviour is deprecated' "$elf.log" >&2
[ $rc -eq 0 ] || { echo "build of $name for $board failed"; exit 1; }

args=
for a in "$@"; do args="$args,arg=$a"; done
echo "$name on $board ($target, $archive):"
timeout "${TARGET_TIMEOUT:-900}" qemu-system-arm -M "$board" -nographic -monitor none \
  -serial none -semihosting-config "enable=on,target=native$args" -kernel "$elf"
rc=$?
[ $rc -eq 124 ] && echo "timed out after ${TARGET_TIMEOUT:-900} s"
exit $rc
