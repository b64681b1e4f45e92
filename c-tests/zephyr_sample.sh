#!/usr/bin/env bash
# c-tests/zephyr_sample.sh: configures, builds and runs samples/zephyr/coap for one board
# under QEMU (the ctest zephyr_sample_<board>, cmake/zephyr.cmake).
#
#   zephyr_sample.sh <libcri checkout> <board> <build dir> <ZEPHYR_BASE or ""> <venv dir>
#
# Passes when QEMU's exit status (the sample's, through semihosting) is 0 and the sample
# printed its PASS summary with no FAIL line. Exits 77 (skipped) with a message when what
# it needs is missing: a Zephyr tree, ninja, dtc, arm-none-eabi-gcc, qemu-system-arm, the
# Rust target, or Python with venv/pip (the venv goes in the build tree).
set -u
src=$1 board=$2 out=$3 zbase=$4 venv=$5

skip() { echo "SKIP zephyr_sample_${board//\//_}: $*"; exit 77; }

# No tree found at configure time: a ZEPHYR_BASE set for ctest itself still counts.
[ -n "$zbase" ] || zbase=${ZEPHYR_BASE:-}

[ -n "$zbase" ] || skip "no Zephyr: set ZEPHYR_BASE (e.g. <west workspace>/zephyr) or put a Zephyr tree at ../shared/zephyr-4.1, then re-run cmake"
[ -f "$zbase/VERSION" ] || skip "ZEPHYR_BASE=$zbase is not a Zephyr tree (no VERSION)"
for tool in ninja dtc arm-none-eabi-gcc qemu-system-arm python3 cargo rustc; do
  command -v "$tool" >/dev/null 2>&1 || skip "$tool not found (scripts/install-deps.sh installs it)"
done

case $board in
  qemu_cortex_m3) target=thumbv7m-none-eabi; conf=""
                  machine=(-cpu cortex-m3 -machine lm3s6965evb -net none) ;;
  mps2/an385)     target=thumbv7m-none-eabi; conf=""
                  machine=(-cpu cortex-m3 -machine mps2-an385) ;;
  # The FPU with the hard-float ABI, so the module picks thumbv7em-none-eabihf.
  mps2/an386)     target=thumbv7em-none-eabihf; conf=fpu.conf
                  machine=(-machine mps2-an386) ;;
  *) echo "unknown board $board"; exit 1 ;;
esac
[ -d "$(rustc --print sysroot)/lib/rustlib/$target" ] \
  || skip "Rust target $target missing: rustup target add $target"

# Zephyr's build scripts need these Python packages; one venv serves every board, and the
# lock keeps two tests from creating it at once.
mkdir -p "$(dirname "$venv")"
(
  flock 9
  if ! "$venv/bin/python" -c 'import elftools, yaml, pykwalify, packaging, jsonschema' 2>/dev/null; then
    python3 -m venv "$venv" >/dev/null 2>&1 || exit 3
    "$venv/bin/pip" install -q pyelftools pyyaml pykwalify packaging jsonschema >/dev/null 2>&1 || exit 4
  fi
) 9>"$venv.lock"
case $? in
  0) ;;
  3) skip "python3 -m venv failed (Debian: apt-get install python3-venv)" ;;
  *) skip "pip could not install pyelftools pyyaml pykwalify packaging jsonschema into $venv" ;;
esac

export ZEPHYR_BASE=$zbase
# A Zephyr SDK the user set up wins; else Arm GCC from the PATH as the gnuarmemb toolchain.
if [ -z "${ZEPHYR_TOOLCHAIN_VARIANT:-}" ]; then
  export ZEPHYR_TOOLCHAIN_VARIANT=gnuarmemb
  GNUARMEMB_TOOLCHAIN_PATH=$(dirname "$(dirname "$(command -v arm-none-eabi-gcc)")")
  export GNUARMEMB_TOOLCHAIN_PATH
fi
export PATH=$venv/bin:$PATH

# Modules: libcri (this checkout) and CMSIS_6 where west puts it (also the trimmed tree's
# layout), so neither west nor a west.yml is needed.
modules=$src
cmsis=$(cd "$zbase/.." && pwd)/modules/hal/cmsis_6
[ -d "$cmsis" ] && modules="$cmsis;$src"
version=$(awk '/^VERSION_MAJOR/{a=$3} /^VERSION_MINOR/{b=$3} /^PATCHLEVEL/{c=$3} END{print a"."b"."c}' "$zbase/VERSION")

echo "Zephyr $version at $zbase, board $board, Rust target $target"
cmake_args=(-GNinja -S "$src/samples/zephyr/coap" -B "$out" -DBOARD="$board"
            "-DZEPHYR_MODULES=$modules" -DBUILD_VERSION="v$version")
[ -n "$conf" ] && cmake_args+=(-DEXTRA_CONF_FILE="$conf")
cmake "${cmake_args[@]}" >"$out.configure.log" 2>&1 \
  || { tail -40 "$out.configure.log"; echo "FAIL: configure (log: $out.configure.log)"; exit 1; }
grep -q "libcri: Rust target $target" "$out.configure.log" \
  || { grep 'libcri:' "$out.configure.log"; echo "FAIL: the module did not pick $target"; exit 1; }
ninja -j2 -C "$out" >"$out.build.log" 2>&1 \
  || { grep -B2 -A12 -m3 'error' "$out.build.log" | head -60; echo "FAIL: build (log: $out.build.log)"; exit 1; }
grep -A3 'Memory region' "$out.build.log"

# QEMU ends through the sample's semihosting SYS_EXIT_EXTENDED; the timeout is a backstop.
timeout 300 qemu-system-arm "${machine[@]}" -nographic -vga none -serial mon:stdio \
  -semihosting-config enable=on,target=native \
  -kernel "$out/zephyr/zephyr.elf" </dev/null >"$out.run.log" 2>&1
rc=$?
cat "$out.run.log"
if [ $rc -ne 0 ]; then
  echo "FAIL: QEMU exit status $rc"; exit 1
fi
if grep -q '^FAIL' "$out.run.log" || ! grep -q '^libcri sample: PASS' "$out.run.log"; then
  echo "FAIL: the sample's output has no PASS summary, or a FAIL line"; exit 1
fi
echo "PASS: zephyr_sample $board"
