#!/usr/bin/env bash
# scripts/install-deps.sh: installs everything the test suite uses on a fresh Debian machine
# with Rust (run as root). Each part is skipped when it is already there, so it is cheap to
# run again. `.ci/run` calls it; so does the README's full test command.
set -euo pipefail

apt_missing=()
need_pkg() { dpkg -s "$1" >/dev/null 2>&1 || apt_missing+=("$1"); }

# Build and host tests.
need_pkg cmake
need_pkg pkg-config
need_pkg python3
# The header_doxygen test: cri.h's Doxygen groups and @retval lines.
need_pkg doxygen
# libcoap 4.3.1 for the libcoap_diff / libcoap_live tests.
need_pkg libcoap3-dev
need_pkg libcoap3-bin
# Firmware link, size and stack tests: Arm GCC and newlib.
need_pkg gcc-arm-none-eabi
need_pkg libnewlib-arm-none-eabi
# The Zephyr sample tests (cmake/zephyr.cmake): Zephyr's build and QEMU. Their Python
# packages go into a venv inside the build tree (c-tests/zephyr_sample.sh).
need_pkg ninja-build
need_pkg device-tree-compiler
need_pkg python3-venv
# On-target tests (cmake/target.cmake) and the Zephyr sample: QEMU's Cortex-M boards;
# picolibc for semihosting (Debian's newlib-nano has no %zu). The 32-bit host tests need
# the i686 C runtime.
need_pkg qemu-system-arm
need_pkg picolibc-arm-none-eabi
need_pkg gcc-multilib

if [ ${#apt_missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_missing[@]}" >/dev/null
fi

# Rust targets and tools.
# thumbv7m-none-eabi: the Cortex-M3 boards (mps2-an385, qemu_cortex_m3); i686: the 32-bit
# host tests.
rustup target add thumbv7em-none-eabihf thumbv7em-none-eabi thumbv7m-none-eabi \
  thumbv6m-none-eabi i686-unknown-linux-gnu >/dev/null 2>&1 \
  || echo "warning: Cortex-M / i686 Rust targets not installed"
# Nightly is only installed when missing: updating it walks back through days of nightlies
# that lack one of the targets above.
rustc +nightly --version >/dev/null 2>&1 ||
  rustup toolchain install nightly --profile minimal >/dev/null 2>&1 || echo "warning: no nightly"
rustup target add --toolchain nightly thumbv7em-none-eabihf thumbv6m-none-eabi \
  i686-unknown-linux-gnu >/dev/null 2>&1 || true
rustup component add clippy rustfmt >/dev/null 2>&1 || true
# miri runs as a ctest; the fuzz targets run under cargo-fuzz (nightly).
rustup component add miri rust-src --toolchain nightly >/dev/null 2>&1 || echo "warning: no miri"
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked >/dev/null 2>&1 || echo "warning: no cargo-fuzz"
fi
