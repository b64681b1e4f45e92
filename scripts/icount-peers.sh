#!/usr/bin/env bash
# scripts/icount-peers.sh: uriparser's and libcoap's instruction counts on the same
# emulated Cortex-M4F as libcri's (BENCHMARKS.md). A manual script, not a ctest: it needs
# their sources, which the machine does not have (they are never committed here).
#
#   scripts/icount-peers.sh URIPARSER_DIR LIBCOAP_DIR [OUT]
#
# URIPARSER_DIR, LIBCOAP_DIR: checkouts (git clone https://github.com/uriparser/uriparser,
# https://github.com/obgm/libcoap). uriparser's src/*.c are compiled with arm-none-eabi-gcc
# -Os for the Cortex-M4F into OUT/peers (default build/firmware), URI_NO_UNICODE. libcoap's
# coap_uri.c needs the whole internal build (sockets, sessions), so
# scripts/extract-c-functions.py takes coap_split_uri, coap_split_path, coap_split_query
# and their helpers out of it (and coap_opt_parse/size/setheader out of coap_option.c),
# built against libcoap's public coap_uri.h with the stand-ins written below (no logging).
# Both are linked with c-tests/target_icount.c (-DCRI_ICOUNT_URIPARSER -DCRI_ICOUNT_LIBCOAP)
# and libcri's firmware archive; then it runs as scripts/icount.sh does.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
[ $# -ge 2 ] || { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
up=$(cd "$1" && pwd)
lc=$(cd "$2" && pwd)
shift
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

cdir=$FW_OUT/peers/libcoap
mkdir -p "$cdir"
cat >"$cdir/coap_peer.h" <<'H'
/* Stand-ins for what libcoap's internal build header gives the URI splitting of
 * coap_uri.c and the option header code of coap_option.c (scripts/icount-peers.sh). */
#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#define COAP_STATIC_INLINE static inline
#define COAP_DEFAULT_PORT 5683
#define COAPS_DEFAULT_PORT 5684
#define COAP_PAYLOAD_START 0xFF
#define coap_log_err(...) ((void)0)
#define coap_log_warn(...) ((void)0)
#define coap_log_debug(...) ((void)0)
#define coap_tcp_is_supported() 1
#define coap_tls_is_supported() 1
#define coap_dtls_is_supported() 1
#define coap_ws_is_supported() 1
#define coap_wss_is_supported() 1
typedef uint16_t coap_option_num_t;
typedef struct coap_address_t coap_address_t;
typedef struct coap_optlist_t coap_optlist_t;
typedef struct coap_pdu_t coap_pdu_t;
#include "coap3/coap_uri.h"
typedef struct {
  const char *name;
  uint16_t port;
  uint16_t proxy_only;
  coap_uri_scheme_t scheme;
} coap_uri_info_t; /* as coap_uri_internal.h has it */
typedef uint8_t coap_opt_t;
typedef struct {
  uint16_t delta;
  size_t length;
  const uint8_t *value;
} coap_option_t;
size_t coap_opt_parse(const coap_opt_t *opt, size_t length, coap_option_t *result);
size_t coap_opt_size(const coap_opt_t *opt);
size_t coap_opt_setheader(coap_opt_t *opt, size_t maxlen, uint16_t delta, size_t length);
H
{
  echo '#include "coap_peer.h"'
  python3 "$here/extract-c-functions.py" "$lc/src/coap_option.c" \
    coap_opt_parse,coap_opt_size,coap_opt_setheader
  python3 "$here/extract-c-functions.py" "$lc/src/coap_uri.c" \
    strnchr,coap_uri_scheme,coap_split_uri_sub,coap_split_uri,decode_segment,check_segment,make_decoded_option,dots,backup_segment,coap_split_path_impl,write_option,coap_split_path,coap_split_query
} >"$cdir/coap_split.c" || exit 1
# shellcheck disable=SC2086
arm-none-eabi-gcc $cflags -I"$cdir" -I"$lc/include" -c "$cdir/coap_split.c" \
  -o "$cdir/coap_split.o" || exit 1
# shellcheck disable=SC2086
arm-none-eabi-gcc $cflags -std=c99 -Wall -Wextra -Werror -DCRI_ICOUNT_URIPARSER \
  -DCRI_ICOUNT_LIBCOAP -I"$src/include" -I"$up/include" -I"$cdir" -I"$lc/include" --oslib=semihost --crt0=hosted -T picolibc.ld \
  -Wl,--defsym=__flash=0 -Wl,--defsym=__flash_size=0x400000 \
  -Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 \
  -Wl,--defsym=__stack_size=0x4000 -Wl,--gc-sections \
  "$src/c-tests/target_icount.c" "$archive" "$dir/liburiparser.a" "$cdir/coap_split.o" -o "$dir/icount.elf" \
  2>"$dir/log" || { grep -v -e GNU-stack -e NOTE "$dir/log"; exit 1; }
echo "Instructions per call, mps2-an386 (Cortex-M4F), libcri opt-level z, uriparser $(git -C "$up" describe --tags 2>/dev/null || echo '(source)'), libcoap $(git -C "$lc" describe --tags 2>/dev/null || echo '(source)') -Os:"
timeout 300 qemu-system-arm -M mps2-an386 -icount shift=0 -nographic -monitor none \
  -serial none -semihosting-config enable=on,target=native -kernel "$dir/icount.elf"
