# cmake/target.cmake: the C harness on emulated Cortex-M boards (issue 12), included from
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
set(CRI_TARGET_PROGRAMS test_exercise test_api test_iri test_cri test_buffers)
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
