# scripts/firmware-common.sh: shared by the firmware scripts (sourced by bash, not run).
#
#   fw_init SRC OUT       SRC = the libcri checkout, OUT = a scratch directory
#   fw_need_gcc           exit 77 (skip) unless arm-none-eabi-gcc/-nm/-size/-objdump exist
#   fw_archive VARIANT TARGET
#                         build libcri.a with cargo and print its path; exit 77 if the Rust
#                         target (or nightly, for the `stack` variant) is not installed
#   fw_cflags TARGET      the arm-none-eabi-gcc flags of a core matching the Rust target
#   fw_link TARGET ARCHIVE IMAGE ELF [extra gcc args]
#                         link examples-c/firmware/main.c (CRI_FW_IMAGE=IMAGE) into ELF,
#                         with a map file ELF.map; main.o is kept as ELF.main.o
#
# Variants (the cargo features of the archive):
#   default      --features panic-handler (the default features: full scheme table)
#   panic-never  --no-default-features --features panic-never,full-scheme-table,iri,lenient,edn
#   trimmed      --no-default-features --features panic-handler,iri,lenient,edn (the small
#                scheme table)
#   minimal      --no-default-features --features panic-handler: the small scheme table and
#                none of the optional parts (iri, lenient, edn): what the small profiles link
#   stack        as default, built by nightly with RUSTFLAGS="-Z emit-stack-sizes"
#
# Environment: CARGO (default cargo), FW_QUIET=1 to keep cargo quiet.

FW_TARGETS="thumbv7em-none-eabihf thumbv7em-none-eabi thumbv6m-none-eabi"

fw_init() {
  FW_SRC=$(cd "$1" && pwd)
  mkdir -p "$2"
  FW_OUT=$(cd "$2" && pwd)
  : "${CARGO:=cargo}"
}

fw_skip() {
  echo "SKIPPED: $*"
  exit 77
}

fw_need_gcc() {
  local tool
  for tool in arm-none-eabi-gcc arm-none-eabi-nm arm-none-eabi-size arm-none-eabi-objdump \
      arm-none-eabi-ar arm-none-eabi-readelf; do
    command -v "$tool" >/dev/null 2>&1 ||
      fw_skip "$tool not found (apt-get install -y gcc-arm-none-eabi libnewlib-arm-none-eabi)"
  done
  command -v cmake >/dev/null 2>&1 || fw_skip "cmake not found (apt-get install -y cmake)"
}

# fw_have_target TOOLCHAIN TARGET: the Rust standard library for TARGET is installed.
fw_have_target() {
  local sysroot
  sysroot=$(rustc ${1:+"+$1"} --print sysroot 2>/dev/null) || return 1
  [ -d "$sysroot/lib/rustlib/$2/lib" ]
}

fw_archive() {
  local variant=$1 target=$2 toolchain= rustflags= features dir sysroot
  case $variant in
    default) features="--features panic-handler" ;;
    panic-never)
      features="--no-default-features --features panic-never,full-scheme-table,iri,lenient,edn"
      ;;
    trimmed) features="--no-default-features --features panic-handler,iri,lenient,edn" ;;
    minimal) features="--no-default-features --features panic-handler" ;;
    stack)
      features="--features panic-handler" toolchain=nightly rustflags="-Z emit-stack-sizes"
      ;;
    *) echo "fw_archive: unknown variant $variant" >&2; exit 2 ;;
  esac
  if [ -n "$toolchain" ]; then
    rustc "+$toolchain" --version >/dev/null 2>&1 ||
      fw_skip "the $toolchain toolchain is not installed (rustup toolchain install $toolchain)"
  fi
  fw_have_target "$toolchain" "$target" ||
    fw_skip "Rust target $target not installed (rustup target add ${toolchain:+--toolchain $toolchain }$target)"
  dir=$FW_OUT/cargo-$variant
  # The archive is built with the environment's RUSTFLAGS replaced, so a firmware build
  # is reproducible whatever the caller exported.
  (cd "$FW_SRC" && RUSTFLAGS="$rustflags" $CARGO ${toolchain:+"+$toolchain"} rustc --lib \
     --crate-type staticlib --release --target "$target" $features \
     --target-dir "$dir" ${FW_QUIET:+--quiet} >&2) || {
    echo "cargo failed for $variant $target" >&2; exit 1; }
  # The C library, not compiler_builtins, provides memcpy, memmove and memset (src/aeabi.rs),
  # as the CMake and Zephyr builds do.
  cmake -DARCHIVE="$dir/$target/release/libcri.a" -DAR=arm-none-eabi-ar \
    -DREADELF=arm-none-eabi-readelf -P "$FW_SRC/cmake/libc_mem.cmake" >&2 || {
    echo "cmake/libc_mem.cmake failed for $variant $target" >&2; exit 1; }
  echo "$dir/$target/release/libcri.a"
}

fw_cflags() {
  case $1 in
    thumbv7em-none-eabihf) echo "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16" ;;
    thumbv7em-none-eabi) echo "-mcpu=cortex-m4 -mthumb -mfloat-abi=soft" ;;
    thumbv6m-none-eabi) echo "-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft" ;;
    *) echo "fw_cflags: no core for $1" >&2; exit 2 ;;
  esac
}

fw_link() {
  local target=$1 archive=$2 image=$3 elf=$4 rc
  shift 4
  # shellcheck disable=SC2046
  arm-none-eabi-gcc $(fw_cflags "$target") -Os -std=c99 -Wall -Wextra -Werror \
    -DCRI_FW_IMAGE="$image" -I"$FW_SRC/include" \
    -c "$FW_SRC/examples-c/firmware/main.c" -o "$elf.main.o" || return 1
  # The nosys/nano specs give newlib-nano with stub system calls and the default memory
  # layout: enough for a link test and a size measurement (a product brings its own
  # startup code and linker script). --no-warn-rwx-segments: that layout puts the stack
  # and heap in one RWX segment, which binutils >= 2.39 warns about.
  arm-none-eabi-gcc $(fw_cflags "$target") -Os --specs=nosys.specs --specs=nano.specs \
    -Wl,--gc-sections -Wl,-Map="$elf.map" -Wl,--no-warn-rwx-segments \
    "$elf.main.o" "$archive" "$@" -o "$elf" 2>"$elf.log"
  rc=$?
  # newlib's crtn.o lacks .note.GNU-stack: binutils warns about it on every link.
  grep -v -e 'missing .note.GNU-stack' -e 'NOTE: This behaviour is deprecated' \
    "$elf.log" >&2
  return $rc
}
