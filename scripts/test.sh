#!/usr/bin/env bash
# scripts/test.sh [BUILD_DIR]: every test on a fresh Debian machine with Rust.
#
# Installs what the suite uses (scripts/install-deps.sh), fuzzes every target briefly
# (scripts/fuzz.sh, FUZZ_SECONDS seconds each, default 30), configures and builds in
# BUILD_DIR (default build), runs ctest, and ends with the list of tests that did not run
# and why. Exit status: ctest's (or the first failing step's).
# Only the host tests, with what is already installed: ctest --test-dir build
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

scripts/install-deps.sh || exit 1
scripts/fuzz.sh "${FUZZ_SECONDS:-30}" || exit 1
cmake -S . -B "$build" && cmake --build "$build" -j2 || exit 1
ctest --test-dir "$build" --output-on-failure -j2
rc=$?
python3 scripts/skipped-tests.py "$build"
exit $rc
