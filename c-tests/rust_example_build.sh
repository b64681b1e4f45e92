#!/bin/sh
# Builds examples/coap_message.rs (feature coap-message) for thumbv7em-none-eabihf
# (Cortex-M4F): the Rust example is no_std, heap-free, and links on bare metal.
# Exit 77 = skipped (cargo or the Rust target is missing).
src=$1 out=$2
cargo=${CARGO:-cargo}
if ! command -v "$cargo" >/dev/null 2>&1; then
  echo "rust_example_thumbv7em: skipped (no cargo)"; exit 77
fi
if ! rustup target list --installed 2>/dev/null | grep -qx thumbv7em-none-eabihf; then
  echo "rust_example_thumbv7em: skipped (run: rustup target add thumbv7em-none-eabihf)"; exit 77
fi
cd "$src" || exit 1
"$cargo" build --quiet --release --example coap_message --features coap-message \
  --target thumbv7em-none-eabihf --target-dir "$out" || exit 1
elf=$out/thumbv7em-none-eabihf/release/examples/coap_message
test -s "$elf" || { echo "no $elf"; exit 1; }
echo "built $elf ($(wc -c <"$elf") bytes)"
