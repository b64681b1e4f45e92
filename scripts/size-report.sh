#!/usr/bin/env bash
# scripts/size-report.sh: what libcri costs in a Cortex-M firmware image.
#
#   scripts/size-report.sh [--out DIR] [--target TRIPLE] [--profile NAME] [--enforce]
#                          [--markdown] [--attribute] [--per-function]
#
# Builds libcri.a for TRIPLE (default thumbv7em-none-eabihf, Cortex-M4F) and links, with
# arm-none-eabi-gcc (-Os, newlib-nano, --gc-sections), an empty main that keeps only the
# functions of a profile (-Wl,--require-defined=...), one image per firmware profile of
# docs/FIRMWARE.md, and prints per image the bytes of .text, .rodata (with
# .ARM.exidx), .data and .bss that libcri adds over the empty main:
#
#   split        uri_split (strict)                                         2,560 B
#   rfc3986      uri_split, uri_resolve, uri_recompose, uri_normalize,
#                uri_equivalent, uri_remove_dot_segments, uri_percent_encode,
#                uri_percent_decode                                         8,192 B
#   coap-client  uri_to_coap_options, cri_coap_options_to_wire              5,120 B
#   coap-server  cri_coap_options_from_wire, uri_from_coap_options,
#                cri_from_coap_options                                      5,120 B
#   cri-device   cri_validate, cri_resolve, cri_to_coap_options,
#                cri_coap_options_to_wire (must not link the URI parser)    6,144 B
#   everything   every function of cri.h, trimmed scheme table             30,720 B
#   all-full     every function, full scheme table (default features)             -
#
# Archives: the profiles up to cri-device use the minimal one (--no-default-features
# --features panic-handler: trimmed scheme table, no optional parts); everything the
# trimmed one (the optional parts, small scheme table); all-full the default features.
# The budgets (code = .text + .rodata) hold for the reference target thumbv7em-none-eabihf;
# for other targets the figures are printed without budget. Besides, libcri must add no
# .data or .bss to any image. A cri-device image that contains the URI text parser
# (cri::uri::parse) fails too, and so does an image that takes memcpy, memmove, memset or an
# __aeabi_mem* helper from compiler_builtins in libcri.a instead of the C library
# (cmake/libc_mem.cmake).
#   --profile NAME  only that image (the per-profile ctests firmware_size_budget_NAME)
#   --enforce       over budget fails (exit 1)
#   --attribute     per image, the bytes by origin (cri::uri, minicbor, core, compiler
#                   runtime, ...) and the largest functions, from arm-none-eabi-nm -S -C
#   --per-function  per exported function, the code it needs alone and the code only it
#                   needs (all functions minus all but it), trimmed archive
#   --markdown      the main table as Markdown
# The rules besides the budgets (no .data or .bss, no URI parser in the CRI device, no
# mem* from libcri.a) fail the run with or without --enforce.
# Exit: 0 ok, 1 over budget with --enforce, a broken rule or a failed link, 77 toolchain
# missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
out=$src/build/firmware target=thumbv7em-none-eabihf
enforce= markdown= attribute= per_function= only=
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift ;;
    --target) target=$2; shift ;;
    --profile) only=$2; shift ;;
    --enforce) enforce=1 ;;
    --markdown) markdown=1 ;;
    --attribute) attribute=1 ;;
    --per-function) per_function=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# shellcheck source=firmware-common.sh
. "$here/firmware-common.sh"
fw_init "$src" "$out"
fw_need_gcc
funcs=$(grep -oE '^[a-z_][a-z0-9_ ]*\**[a-z_][a-z0-9_]*\(' "$src/include/cri.h" |
        sed -E 's/.*[ *]([a-z_][a-z0-9_]*)\($/\1/')
images="split rfc3986 coap-client coap-server cri-device everything all-full"
# profile_of IMAGE: "archive-variant budget function..."
profile_of() {
  case $1 in
    split) echo minimal 2560 uri_split ;;
    rfc3986) echo minimal 8192 uri_split uri_resolve uri_recompose uri_normalize \
      uri_equivalent uri_remove_dot_segments uri_percent_encode uri_percent_decode ;;
    coap-client) echo minimal 5120 uri_to_coap_options cri_coap_options_to_wire ;;
    coap-server) echo minimal 5120 cri_coap_options_from_wire uri_from_coap_options \
      cri_from_coap_options ;;
    cri-device) echo minimal 6144 cri_validate cri_resolve cri_to_coap_options \
      cri_coap_options_to_wire ;;
    # shellcheck disable=SC2086
    everything) echo trimmed 30720 $funcs ;;
    # shellcheck disable=SC2086
    all-full) echo default 0 $funcs ;;
    *) return 1 ;;
  esac
}
if [ -n "$only" ]; then
  profile_of "$only" >/dev/null || { echo "unknown profile $only" >&2; exit 2; }
  images=$only
fi
[ "$target" = thumbv7em-none-eabihf ] || no_budget=1
dir=$FW_OUT/size-$target
mkdir -p "$dir"

# The archives the chosen images need (and the trimmed one for --per-function).
variants=$(for image in $images; do profile_of "$image" | cut -d' ' -f1; done
           [ -n "$per_function" ] && echo trimmed)
for v in $(echo "$variants" | sort -u); do
  a=$(fw_archive "$v" "$target") || exit $?
  eval "archive_$v=\$a"
done
# The baseline: an empty main (any archive: nothing of it is linked).
base_archive=$(fw_archive "$(echo "$variants" | head -1)" "$target") || exit $?
fw_link "$target" "$base_archive" 0 "$dir/empty.elf" || { echo "link of the empty image failed"; exit 1; }

link_image() {
  local variant budget fs args= f
  # shellcheck disable=SC2046
  set -- $(profile_of "$1") && variant=$1 budget=$2 && shift 2
  for f in "$@"; do args="$args -Wl,--require-defined=$f"; done
  # shellcheck disable=SC2086
  eval fw_link "$target" "\$archive_$variant" 0 "$dir/$image.elf" $args
}
for image in $images; do
  link_image "$image" || { echo "link of image $image failed"; exit 1; }
done

# "text rodata data bss" of an ELF (all .text*, .rodata*/.ARM.ex*, ...).
sections() {
  arm-none-eabi-size -A "$1" | awk '
    $1 ~ /^\.text/ { t += $2 } $1 ~ /^\.(rodata|ARM\.ex)/ { r += $2 }
    $1 ~ /^\.data/ { d += $2 } $1 ~ /^\.bss/ { b += $2 }
    END { printf "%d %d %d %d\n", t, r, d, b }'
}
read -r et er ed eb <<<"$(sections "$dir/empty.elf")"

over=0 broken=0
if [ -n "$markdown" ]; then
  echo "| image | .text | .rodata | .data | .bss | code | budget |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
else
  echo "libcri in a $target image (arm-none-eabi-gcc $(fw_cflags "$target") -Os, newlib-nano,"
  echo "--gc-sections): bytes added over an empty main."
  printf '%-12s %7s %8s %6s %6s %7s  %s\n' image .text .rodata .data .bss code budget
fi
for image in $images; do
  read -r it ir id ib <<<"$(sections "$dir/$image.elf")"
  t=$((it - et)) r=$((ir - er)) d=$((id - ed)) b=$((ib - eb))
  code=$((t + r)) budget=$(profile_of "$image" | cut -d' ' -f2)
  [ -n "${no_budget:-}" ] && budget=0
  verdict="-"
  if [ "$budget" -gt 0 ]; then
    if [ "$code" -le "$budget" ]; then
      verdict="<= $budget ok"
    else
      verdict="<= $budget OVER by $((code - budget))"
      over=1
    fi
  fi
  if [ "$d" -ne 0 ] || [ "$b" -ne 0 ]; then
    verdict="$verdict; libcri has .data/.bss"
    broken=1
  fi
  if [ "$image" = cri-device ] && arm-none-eabi-nm -C "$dir/$image.elf" | grep -q 'cri::uri::parse'; then
    verdict="$verdict; links the URI text parser"
    broken=1
  fi
  if grep -A1 'libcri\.a(compiler_builtins' "$dir/$image.elf.map" |
     grep -qE '\((memcpy|memmove|memset|__aeabi_mem[a-z0-9]*)\)$'; then
    verdict="$verdict; memcpy/memset from libcri.a, not the C library"
    broken=1
  fi
  if [ -n "$markdown" ]; then
    echo "| $image | $t | $r | $d | $b | $code | $verdict |"
  else
    printf '%-12s %7d %8d %6d %6d %7d  %s\n' "$image" "$t" "$r" "$d" "$b" "$code" "$verdict"
  fi
done

# Symbols of an image that the empty image lacks, as "size type name" (decimal sizes).
own_symbols() {
  arm-none-eabi-nm -S -C "$dir/empty.elf" | cut -d' ' -f4- | sort -u >"$dir/empty.syms"
  arm-none-eabi-nm -S -C --size-sort "$1" | awk -v base="$dir/empty.syms" '
    function hex(s,   i, n) { n = 0; s = tolower(s)
      for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
      return n }
    BEGIN { while ((getline l < base) > 0) skip[l] = 1 }
    NF >= 4 { name = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", name)
      if (!(name in skip) && $3 !~ /[bBdD]/) print hex($2), $3, name }'
}

if [ -n "$attribute" ]; then
  for image in $images; do
    echo
    echo "== $image: named code and read-only data by origin (the rest is anonymous"
    echo "   constants such as string literals and the scheme table, and alignment)"
    own_symbols "$dir/$image.elf" | awk '
      { name = $0; sub(/^[^ ]+ [^ ]+ /, "", name); size = $1; type = $2
        c = "other"
        if (name ~ /^(uri|iri|cri)_[a-z0-9_]+$/) c = "exported functions (with what they inline)"
        else if (name ~ /^OUTLINED_FUNCTION/) c = "machine-outlined sequences"
        else if (name ~ /^<?cri::ffi/) c = "cri::ffi helpers"
        else if (name ~ /^<?cri::uri/) c = "cri::uri"
        else if (name ~ /^<?cri::cri::scheme/) c = "cri::cri::scheme (lookup code)"
        else if (name ~ /^<?cri::cri/) c = "cri::cri"
        else if (name ~ /^<?cri::coap/) c = "cri::coap"
        else if (name ~ /^<?cri::/) c = "cri (other)"
        else if (name ~ /minicbor/) c = "minicbor"
        else if (name ~ /core::fmt/) c = "core::fmt"
        else if (name ~ /^compiler_builtins|^__aeabi|^__udiv|^__divdi|^mem(cpy|set|move|cmp)/)
          c = "compiler runtime (mem*, 64-bit division)"
        else if (name ~ /core::|^</) c = "core (str, iter, slice, ...)"
        if (type ~ /[rR]/) c = c " [data]"
        total[c] += size; all += size
        if (size > top[c]) { top[c] = size; topname[c] = name } }
      END { for (c in total) printf "%7d  %-44s largest: %s (%d)\n", total[c], c, substr(topname[c], 1, 60), top[c]
            printf "%7d  total named\n", all }' | sort -rn
    echo "-- largest functions:"
    own_symbols "$dir/$image.elf" | sort -rn | head -15 | awk '{ printf "%7d  %s\n", $1, substr($0, index($0, $3)) }'
  done
fi

if [ -n "$per_function" ]; then
  # code (.text + .rodata) of an empty main forced to keep the given functions
  code_of() {
    args=""
    for f in "$@"; do args="$args -Wl,--require-defined=$f"; done
    # shellcheck disable=SC2086
    fw_link "$target" "$archive_trimmed" 0 "$dir/pf.elf" $args || exit 1
    read -r t r _ <<<"$(sections "$dir/pf.elf")"
    echo $((t + r - et - er))
  }
  # shellcheck disable=SC2086
  everything=$(code_of $funcs)
  echo
  echo "== per exported function (trimmed scheme table): code it needs alone, and code only"
  echo "   it needs (everything = $everything bytes, minus everything but it)"
  printf '%-28s %7s %7s\n' function alone only
  for f in $funcs; do
    # shellcheck disable=SC2086
    rest=$(code_of $(echo "$funcs" | grep -vx "$f"))
    printf '%-28s %7d %7d\n' "$f" "$(code_of "$f")" $((everything - rest))
  done | sort -k3 -rn
fi

if [ "$broken" -ne 0 ]; then
  echo "FAILED: an image breaks a firmware rule (.data/.bss, the URI parser in the CRI device, mem* from libcri.a; see the table)"
  exit 1
fi
if [ "$over" -ne 0 ]; then
  if [ -n "$enforce" ]; then
    echo "FAILED: over budget (see the table; scripts/size-report.sh --attribute says what costs what)"
    exit 1
  fi
  echo "note: over budget (not enforced here; the ctests firmware_size_budget_<profile> enforce it)"
fi
exit 0
