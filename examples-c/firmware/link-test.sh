#!/usr/bin/env bash
# examples-c/firmware/link-test.sh: the firmware link tests.
#
#   link-test.sh SRC OUT link          firmware_link
#   link-test.sh SRC OUT panic-never   firmware_panic_never
#
# link: main.c must call every function declared in include/cri.h. For each Cortex-M
# target (thumbv7em-none-eabihf: Cortex-M4F, hard float; thumbv7em-none-eabi: Cortex-M4,
# soft float; thumbv6m-none-eabi: Cortex-M0+) it builds libcri.a (--features
# panic-handler), links main.c with arm-none-eabi-gcc, newlib-nano and --gc-sections, and
# checks that every exported function is in the image, that libcri puts nothing in
# .data/.bss (all its tables live in flash), that no heap function (malloc, free,
# __rust_alloc, ...) is referenced by any member of libcri.a, and that no soft-float
# routine (__aeabi_d*/__aeabi_f*) is linked in (libcri uses no floating point).
# A Rust target that is not installed is skipped; without the reference target
# thumbv7em-none-eabihf or arm-none-eabi-gcc the test is skipped (exit 77).
#
# panic-never: links the Cortex-M4F program against an archive built with
# --no-default-features --features panic-never,full-scheme-table,iri,lenient,edn, whose panic handler
# calls the undefined symbol libcri_panic_path_survived_optimisation: the link succeeds
# only if no panic path survived optimisation. On failure it names the call chains from
# the exported functions to the panic machinery.
set -u
src=$(cd "$1" && pwd) out=$2 mode=$3
here=$src/examples-c/firmware
# shellcheck source=../../scripts/firmware-common.sh
. "$src/scripts/firmware-common.sh"
fw_init "$src" "$out"
fw_need_gcc
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}

exported=$(grep -oE '^[a-z_][a-z0-9_ ]*\**[a-z_][a-z0-9_]*\(' "$src/include/cri.h" |
           sed -E 's/.*[ *]([a-z_][a-z0-9_]*)\($/\1/')
[ -n "$exported" ] || { echo "no functions found in include/cri.h"; exit 1; }

if [ "$mode" = panic-never ]; then
  target=thumbv7em-none-eabihf
  archive=$(fw_archive panic-never $target) || exit $?
  elf=$FW_OUT/panic-never.elf
  if fw_link $target "$archive" 3 "$elf"; then
    echo "PASS: no panic path survives in a Cortex-M4F image calling every function"
    exit 0
  fi
  echo "FAIL: a panic path survived optimisation (the link above needs"
  echo "      libcri_panic_path_survived_optimisation). Call chains to the panic machinery:"
  echo 'void libcri_panic_path_survived_optimisation(void) { for (;;) {} }' >"$FW_OUT/stub.c"
  if fw_link $target "$archive" 3 "$elf" "$FW_OUT/stub.c" && command -v python3 >/dev/null; then
    python3 "$src/scripts/stack-report.py" --header "$src/include/cri.h" \
      --paths-to '^(core::panicking::|core::.*_fail$|core::.*::panic|__rustc::rust_begin_unwind|core::result::unwrap_failed|core::option::expect_failed)' \
      "$elf" | sed 's/^/  /'
  fi
  exit 1
fi

# main.c calls every function of the header (so the link below covers the whole ABI).
for f in $exported; do
  grep -qE "\\b$f\\(" "$here/main.c" || fail "examples-c/firmware/main.c does not call $f"
done

heap='^(malloc|calloc|realloc|free|_malloc_r|_calloc_r|_realloc_r|_free_r|_sbrk|__rust_alloc|__rust_dealloc|__rust_realloc|__rust_alloc_zeroed|__rust_alloc_error_handler|__rg_alloc|__rdl_alloc)$'

linked=0
for target in $FW_TARGETS; do
  if ! fw_have_target "" $target; then
    [ $target = thumbv7em-none-eabihf ] &&
      fw_skip "Rust target $target not installed (rustup target add $target)"
    echo "skipped $target: Rust target not installed (rustup target add $target)"
    continue
  fi
  archive=$(fw_archive default $target) || exit 1
  elf=$FW_OUT/link-$target.elf
  if ! fw_link $target "$archive" 3 "$elf"; then
    fail "$target: link failed"
    continue
  fi
  linked=$((linked + 1))
  fw_link $target "$archive" 0 "$FW_OUT/link-$target-empty.elf" || fail "$target: empty link"

  syms=$(arm-none-eabi-nm "$elf")
  for f in $exported; do
    echo "$syms" | grep -qE " T $f\$" || fail "$target: $f is not in the image"
  done

  # Input sections from libcri.a placed in a writable output section, from the map file.
  rw=$(awk '
    /^[^ ]/ { sect = $1 }
    /libcri\.a\(/ && sect ~ /^\.(data|bss|tdata|tbss|noinit|persistent)/ {
      for (i = 1; i < NF; i++) if ($i ~ /^0x/ && $(i + 1) ~ /^0x/) size = $(i + 1)
      if (size != "0x0") print sect ": " $0 }' "$elf.map")
  [ -z "$rw" ] || fail "$target: libcri.a puts data in RAM:
$rw"

  refs=$(arm-none-eabi-nm -u "$archive" 2>/dev/null | awk 'NF == 2 { print $2 }' | sort -u |
         grep -E "$heap")
  [ -z "$refs" ] || fail "$target: libcri.a references heap functions: $refs"
  inimage=$(echo "$syms" | awk '{ print $NF }' | grep -E "$heap")
  [ -z "$inimage" ] || fail "$target: heap functions linked in: $inimage"

  float=$(echo "$syms" | awk '{ print $NF }' | grep -E '^__aeabi_[df]|^__(add|sub|mul|div)[sd]f3$' |
          grep -vxF -f <(arm-none-eabi-nm "$FW_OUT/link-$target-empty.elf" | awk '{ print $NF }'))
  [ -z "$float" ] || fail "$target: floating-point routines linked in: $(echo $float)"

  read -r text data bss <<<"$(arm-none-eabi-size -B "$elf" | awk 'NR == 2 { print $1, $2, $3 }')"
  echo "ok   $target: $(echo "$exported" | wc -w) functions linked (image: flash $text, data $data, bss $bss)"
done

[ $linked -gt 0 ] || fail "nothing linked"
if [ $failed -ne 0 ]; then
  exit 1
fi
echo "PASS: firmware link; no .data/.bss from libcri, no heap, no floating point"
