#!/bin/sh
# c-tests/header_doxygen.sh SRC OUT: include/cri.h as a C programmer's Doxygen reads it.
#
# 1. Every top-level doc comment of the header (the ones cbindgen writes above a function,
#    type or constant, and those of cbindgen.toml) names its group with @ingroup, or
#    defines one (@defgroup, @mainpage), and every function that returns a cri_status
#    has @retval lines.
# 2. Doxygen parses the header without one warning (unknown commands, a @retval or
#    @ingroup it cannot place, an undocumented member of a group). Exit 77 = skipped when
#    doxygen is not installed (scripts/install-deps.sh installs it).
set -u
src=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
header=$src/include/cri.h

# A top-level comment starts with "/**" in column 0 and ends at its "*/". A function
# returning cri_status must list its statuses (@retval) in the comment above it.
awk '
  /^\/\*\*/ { in_doc = 1; start = NR; grouped = 0; retval = 0 }
  in_doc && /@(ingroup|defgroup|mainpage)[ \t]/ { grouped = 1 }
  in_doc && /@retval[ \t]/ { retval = 1 }
  in_doc && /\*\// {
    in_doc = 0
    if (!grouped) { print FILENAME ":" start ": doc comment without @ingroup"; bad = 1 }
    next
  }
  /^cri_status [a-z_]+\(/ && !retval {
    print FILENAME ":" NR ": a cri_status function without @retval lines"; bad = 1
  }
  /^[a-z]/ { retval = 0 }
  END { exit bad }
' "$header" || { echo "header_doxygen: fix the doc comments above (src/ffi, cbindgen.toml)"; exit 1; }
echo "ok   every doc comment of cri.h names its group; every function lists its statuses"

if ! command -v doxygen >/dev/null 2>&1; then
  echo "header_doxygen: skipped (no doxygen)"; exit 77
fi
log=$out/doxygen-warnings.txt
doxygen - >"$out/doxygen.out" 2>&1 <<CONF
PROJECT_NAME         = libcri
INPUT                = $header
OUTPUT_DIRECTORY     = $out
GENERATE_HTML        = NO
GENERATE_LATEX       = NO
GENERATE_XML         = YES
OPTIMIZE_OUTPUT_FOR_C = YES
QUIET                = YES
WARNINGS             = YES
WARN_IF_UNDOCUMENTED = YES
WARN_IF_DOC_ERROR    = YES
WARN_LOGFILE         = $log
CONF
status=$?
if [ $status -ne 0 ] || [ -s "$log" ]; then
  cat "$out/doxygen.out" "$log"
  echo "header_doxygen: doxygen warns about include/cri.h (fix the doc comments in src/ffi or cbindgen.toml)"
  exit 1
fi
echo "ok   doxygen $(doxygen --version) reads cri.h without a warning"
