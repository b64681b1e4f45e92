# cmake/target.cmake: on-target and 32-bit tests, included from
# CMakeLists.txt inside if(CRI_BUILD_TESTS).
#
#   target_<board>_<program>   c-tests/<program>.c built with arm-none-eabi-gcc -Os and
#                              picolibc (semihosting) against the board's firmware archive
#                              (release profile, opt-level "z", --features panic-handler)
#                              and run under qemu-system-arm (scripts/target-test.sh)
#
# Boards: mps2-an386 (Cortex-M4F, thumbv7em-none-eabihf), mps2-an385 (Cortex-M3,
# thumbv7m-none-eabi), microbit (Cortex-M0, thumbv6m-none-eabi, 16 KiB RAM). Label
# "target": `ctest -L target` runs them alone. Missing QEMU, picolibc, arm-none-eabi-gcc
# or Rust target: skipped (77).

set(CRI_TARGET_BOARDS mps2-an386 mps2-an385 microbit)
set(CRI_TARGET_PROGRAMS test_exercise test_api test_iri test_cri test_buffers test_aeabi)
foreach(board ${CRI_TARGET_BOARDS})
  foreach(program ${CRI_TARGET_PROGRAMS})
    set(name target_${board}_${program})
    set(args)
    if(program STREQUAL "test_buffers")
      set(args ${CMAKE_CURRENT_SOURCE_DIR}/tests/data)
    endif()
    add_test(NAME ${name}
      COMMAND ${CRI_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/target-test.sh
              --out ${CMAKE_CURRENT_BINARY_DIR}/firmware ${board} ${program} ${args})
    set_tests_properties(${name} PROPERTIES
      SKIP_RETURN_CODE 77 LABELS target TIMEOUT 900
      ENVIRONMENT "CARGO=${CARGO};FW_QUIET=1")
  endforeach()
endforeach()

# The cheap tests of the same class on the host:
#   rust_i686             the Rust suite for i686-unknown-linux-gnu (32-bit usize)
#   rust_firmware_paths   the Rust suite with --cfg cri_firmware_paths (bare-metal paths)
#   rust_minimal          the crate's tests without the iri, lenient and edn features, as
#                         the minimal firmware archive is built (CRI_ERR_UNSUPPORTED paths)
#   fuzz_replay_i686      the CBOR-facing fuzz targets' oracles over their seed corpora,
#                         built for i686 without libFuzzer (scripts/fuzz-replay.sh)
foreach(mode i686 firmware-paths minimal)
  string(REPLACE "-" "_" tname rust_${mode})
  set(labels rust)
  if(mode STREQUAL "i686")
    set(labels "host32;rust")
  endif()
  add_test(NAME ${tname}
    COMMAND ${CRI_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/rust-tests.sh ${mode}
            ${CMAKE_CURRENT_BINARY_DIR}/cargo-${mode})
  set_tests_properties(${tname} PROPERTIES
    SKIP_RETURN_CODE 77 LABELS "${labels}" TIMEOUT 1800 ENVIRONMENT "CARGO=${CARGO}")
endforeach()
add_test(NAME fuzz_replay_i686
  COMMAND ${CRI_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/fuzz-replay.sh
          ${CMAKE_CURRENT_BINARY_DIR}/fuzz-replay-i686)
set_tests_properties(fuzz_replay_i686 PROPERTIES
  SKIP_RETURN_CODE 77 LABELS host32 TIMEOUT 1800 ENVIRONMENT "CARGO=${CARGO}")

# Stack measured on target next to the static figures of the same image:
#   target_stack_<board>   c-tests/target_stack.c (every cri.h function, worst cases,
#                          tests/data, a sample of corpus/urls.txt) on mps2-an386 (M4F) and
#                          microbit (M0); fails where a measured high-water mark exceeds
#                          scripts/stack-report.py's bound (scripts/stack-measure.sh)
foreach(board mps2-an386 microbit)
  add_test(NAME target_stack_${board}
    COMMAND ${CRI_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/stack-measure.sh
            --out ${CMAKE_CURRENT_BINARY_DIR}/firmware ${board})
  set_tests_properties(target_stack_${board} PROPERTIES
    SKIP_RETURN_CODE 77 LABELS "target;firmware" TIMEOUT 1200
    ENVIRONMENT "CARGO=${CARGO};FW_QUIET=1")
endforeach()

# Instructions per call on the M4F board (QEMU -icount shift=0 + SysTick, scripts/icount.sh):
# prints the figures of BENCHMARKS.md; fails only if the calibration (1,000 nops) is off or
# a call fails. uriparser's: scripts/icount-peers.sh (manual, needs its sources).
add_test(NAME target_icount
  COMMAND ${CRI_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/icount.sh
          --out ${CMAKE_CURRENT_BINARY_DIR}/firmware)
set_tests_properties(target_icount PROPERTIES
  SKIP_RETURN_CODE 77 LABELS target TIMEOUT 600 ENVIRONMENT "CARGO=${CARGO};FW_QUIET=1")
