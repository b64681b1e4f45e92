#!/bin/sh
# Fails when building changed include/cri.h: the committed header must be what cbindgen
# makes of src/ffi (build.rs rewrites it on every build). Exit 77 = skipped.
cd "$1" || exit 1
if ! command -v git >/dev/null 2>&1 || ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "header_drift: skipped (not a git checkout)"; exit 77
fi
if ! git diff --exit-code -- include/cri.h; then
  echo "include/cri.h differs from what cbindgen generates: commit the regenerated header"
  exit 1
fi
