#!/bin/sh
# c-tests/package_consumer.sh SRC BUILD OUT: installs this build (cmake --install) into
# OUT/prefix, then builds and runs examples-c/consumer against the installed tree twice:
# with CMake (find_package(cri) -> cri::cri) and with make + pkg-config (cri.pc).
# Without pkg-config the second half is skipped (reported).
set -u
src=$1 build=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
run() {
  echo "+ $*"
  "$@" >"$out/log.txt" 2>&1 || { cat "$out/log.txt"; echo "FAIL: $*"; exit 1; }
}
run cmake --install "$build" --prefix "$out/prefix"
for f in lib/libcri.a include/cri.h lib/cmake/cri/criConfig.cmake \
         lib/cmake/cri/criConfigVersion.cmake lib/pkgconfig/cri.pc; do
  [ -f "$out/prefix/$f" ] || { echo "FAIL: $f not installed"; exit 1; }
done
echo "ok   installed: lib/libcri.a include/cri.h lib/cmake/cri lib/pkgconfig/cri.pc"

run cmake -S "$src/examples-c/consumer" -B "$out/cmake" -DCMAKE_PREFIX_PATH="$out/prefix"
run cmake --build "$out/cmake"
"$out/cmake/consumer" || { echo "FAIL: the find_package consumer"; exit 1; }
echo "ok   CMake find_package(cri) consumer"

if command -v pkg-config >/dev/null 2>&1; then
  mkdir -p "$out/make"
  PKG_CONFIG_PATH="$out/prefix/lib/pkgconfig" run make -C "$src/examples-c/consumer" O="$out/make"
  "$out/make/consumer" || { echo "FAIL: the pkg-config consumer"; exit 1; }
  echo "ok   make + pkg-config consumer ($(PKG_CONFIG_PATH="$out/prefix/lib/pkgconfig" pkg-config --libs cri))"
else
  echo "skip make + pkg-config consumer: pkg-config not installed"
fi
echo "PASS: package consumers"
