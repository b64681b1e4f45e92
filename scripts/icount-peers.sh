#!/usr/bin/env bash
# scripts/icount-peers.sh: uriparser's instruction counts on the same emulated Cortex-M4F
# as libcri's (BENCHMARKS.md). A manual script, not a ctest: it needs uriparser's sources,
# which the machine does not have (they are not committed here).
#
#   scripts/icount-peers.sh URIPARSER_DIR [OUT]
#
# URIPARSER_DIR: a uriparser checkout (git clone https://github.com/uriparser/uriparser).
# Its src/*.c are compiled with arm-none-eabi-gcc -Os for the Cortex-M4F into OUT/peers
# (default build/firmware), URI_NO_UNICODE, and linked with c-tests/target_icount.c built
# with -DCRI_ICOUNT_URIPARSER and libcri's firmware archive; then it runs as
# scripts/icount.sh does.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
[ $# -ge 1 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
up=$(cd "$1" && pwd)
# shellcheck source=firmware-common.sh
. "$here/firmware-common.sh"
fw_init "$src" "${2:-$src/build/firmware}"
fw_need_gcc
target=thumbv7em-none-eabihf
archive=$(fw_archive default $target) || exit $?
dir=$FW_OUT/peers/uriparser
mkdir -p "$dir"
# uriparser's CMake writes UriConfig.h; these are all the sources need from it.
printf '#ifndef URI_CONFIG_H\n#define URI_CONFIG_H 1\n#define PACKAGE_VERSION "src"\n#endif\n' \
  >"$dir/UriConfig.h"
cflags="$(fw_cflags $target) -Os -ffunction-sections -fdata-sections --specs=picolibc.specs"
for c in "$up"/src/*.c; do
  # shellcheck disable=SC2086
  arm-none-eabi-gcc $cflags -DURI_NO_UNICODE -DURI_LIBRARY_BUILD -I"$dir" -I"$up/include" \
    -I"$up/src" -c "$c" -o "$dir/$(basename "$c" .c).o" || exit 1
done
rm -f "$dir/liburiparser.a"
arm-none-eabi-ar rcs "$dir/liburiparser.a" "$dir"/*.o
# shellcheck disable=SC2086
arm-none-eabi-gcc $cflags -std=c99 -Wall -Wextra -Werror -DCRI_ICOUNT_URIPARSER \
  -I"$src/include" -I"$up/include" --oslib=semihost --crt0=hosted -T picolibc.ld \
  -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=0x400000 \
  -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 \
  -Wl,--defsym=__stack_size=0x4000 -Wl,--gc-sections \
  "$src/c-tests/target_icount.c" "$archive" "$dir/liburiparser.a" -o "$dir/icount.elf" \
  2>"$dir/log" || { grep -v -e GNU-stack -e NOTE "$dir/log"; exit 1; }
echo "Instructions per call, mps2-an386 (Cortex-M4F), libcri opt-level z, uriparser $(git -C "$up" describe --tags 2>/dev/null || echo '(source)') -Os:"
timeout 300 qemu-system-arm -M mps2-an386 -icount shift=0 -nographic -monitor none \
  -serial none -semihosting-config enable=on,target=native -kernel "$dir/icount.elf"
