#!/bin/sh
# Builds the library for thumbv7em-none-eabihf (Cortex-M4F): proves it is no_std and
# heap-free. Exit 77 = skipped because the Rust target is not installed.
src=$1 out=$2
if ! rustup target list --installed 2>/dev/null | grep -qx thumbv7em-none-eabihf; then
  echo "no_std_thumbv7em: skipped (run: rustup target add thumbv7em-none-eabihf)"; exit 77
fi
cd "$src" && exec cargo build --quiet --release --target thumbv7em-none-eabihf --target-dir "$out"
