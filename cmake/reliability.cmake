# Reliability checks, included from CMakeLists.txt inside if(CRI_BUILD_TESTS):
#
#   c_test_buffers   every output buffer of cri.h, every capacity 0..needed, for every
#                    input in tests/data (c-tests/test_buffers.c)
#   asan_*           the C harness and cri-tool built again with
#                    -fsanitize=address,undefined against the host libcri.a, and run
#   valgrind_*       the C harness and cri-tool under valgrind (memcheck, leak check)
#   miri             cargo +nightly miri test --lib (the unit and FFI tests)
#
# Labels: reliability, and sanitizer / valgrind / miri. A check whose tool is missing is
# registered anyway and skipped (return code 77), so `ctest` says what did not run.
# The fuzz targets (fuzz/) are not ctests: scripts/fuzz.sh runs them.

set(CRI_RELIABILITY_DIR ${CMAKE_CURRENT_BINARY_DIR}/reliability)
file(MAKE_DIRECTORY ${CRI_RELIABILITY_DIR})
set(CRI_TEST_DATA ${CMAKE_CURRENT_SOURCE_DIR}/tests/data)
set(CRI_URLS ${CMAKE_CURRENT_SOURCE_DIR}/corpus/urls.txt)
set(CRI_HARNESS test_exercise test_api test_cri)

# ---- exhaustive short-buffer tests -----------------------------------------------------

add_executable(test_buffers c-tests/test_buffers.c)
target_compile_options(test_buffers PRIVATE ${CRI_C_WARNINGS})
target_compile_features(test_buffers PRIVATE c_std_99)
target_link_libraries(test_buffers PRIVATE cri::cri)
# tests/data in full, and every 10th line of the real-URL corpus.
add_test(NAME c_test_buffers COMMAND test_buffers ${CRI_TEST_DATA} ${CRI_URLS} 10)
set_tests_properties(c_test_buffers PROPERTIES LABELS "reliability" TIMEOUT 600)

# ---- ASan + UBSan ------------------------------------------------------------------------

set(CRI_SANITIZE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
include(CheckCSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "-fsanitize=address,undefined")
set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=address,undefined")
check_c_source_compiles("int main(void) { return 0; }" CRI_HAVE_ASAN_UBSAN)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)

set(CRI_ASAN_ENV
    "ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=1:strict_string_checks=1"
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")

if(CRI_HAVE_ASAN_UBSAN AND NOT CMAKE_CROSSCOMPILING)
  foreach(t ${CRI_HARNESS} test_buffers)
    add_executable(${t}_asan c-tests/${t}.c)
    target_compile_options(${t}_asan PRIVATE ${CRI_C_WARNINGS} ${CRI_SANITIZE})
    target_compile_features(${t}_asan PRIVATE c_std_99)
    target_link_options(${t}_asan PRIVATE -fsanitize=address,undefined)
    target_link_libraries(${t}_asan PRIVATE cri::cri)
  endforeach()
  foreach(t ${CRI_HARNESS})
    add_test(NAME asan_${t} COMMAND ${t}_asan)
  endforeach()
  add_test(NAME asan_test_buffers COMMAND test_buffers_asan ${CRI_TEST_DATA} ${CRI_URLS} 50)

  add_executable(cri-tool_asan examples-c/cri_tool.c examples-c/tool_util.c)
  target_compile_options(cri-tool_asan PRIVATE ${CRI_C_WARNINGS} ${CRI_SANITIZE})
  target_compile_features(cri-tool_asan PRIVATE c_std_99)
  target_link_options(cri-tool_asan PRIVATE -fsanitize=address,undefined)
  target_link_libraries(cri-tool_asan PRIVATE cri::cri)
  # The CLI cases of c-tests/cli: a sanitizer report changes stderr and the exit status.
  file(MAKE_DIRECTORY ${CRI_RELIABILITY_DIR}/asan_cli)
  add_test(NAME asan_cri_tool_cli
    COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:cri-tool_asan>
            -DDIR=${CMAKE_CURRENT_SOURCE_DIR}/c-tests/cli
            -P ${CMAKE_CURRENT_SOURCE_DIR}/c-tests/cli/run.cmake
    WORKING_DIRECTORY ${CRI_RELIABILITY_DIR}/asan_cli)

  foreach(t ${CRI_HARNESS} test_buffers cri_tool_cli)
    set_tests_properties(asan_${t} PROPERTIES
      LABELS "reliability;sanitizer" ENVIRONMENT "${CRI_ASAN_ENV}" TIMEOUT 900)
  endforeach()
else()
  add_test(NAME asan_harness
    COMMAND sh -c "echo 'skipped: the C compiler cannot build with -fsanitize=address,undefined'; exit 77")
  set_tests_properties(asan_harness PROPERTIES LABELS "reliability;sanitizer" SKIP_RETURN_CODE 77)
endif()

# ---- valgrind ----------------------------------------------------------------------------

find_program(CRI_VALGRIND valgrind)
set(CRI_VALGRIND_ARGS -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,possible)
if(CRI_VALGRIND AND NOT CMAKE_CROSSCOMPILING)
  foreach(t ${CRI_HARNESS})
    add_test(NAME valgrind_${t} COMMAND ${CRI_VALGRIND} ${CRI_VALGRIND_ARGS} $<TARGET_FILE:${t}>)
  endforeach()
  add_test(NAME valgrind_test_buffers
    COMMAND ${CRI_VALGRIND} ${CRI_VALGRIND_ARGS} $<TARGET_FILE:test_buffers> ${CRI_TEST_DATA})

  # cri-tool's CLI cases with valgrind in front of every run: run.cmake takes one program,
  # so a generated wrapper script execs valgrind (made executable by the test itself:
  # file(GENERATE) has no permissions before CMake 3.19).
  string(REPLACE ";" " " _args "${CRI_VALGRIND_ARGS}")
  # One wrapper per configuration (multi-config generators).
  set(_wrapper ${CRI_RELIABILITY_DIR}/cri-tool-valgrind-$<CONFIG>.sh)
  file(GENERATE OUTPUT ${_wrapper}
    CONTENT "#!/bin/sh\nexec '${CRI_VALGRIND}' ${_args} '$<TARGET_FILE:cri-tool>' \"$@\"\n")
  file(MAKE_DIRECTORY ${CRI_RELIABILITY_DIR}/valgrind_cli)
  add_test(NAME valgrind_cri_tool_cli
    COMMAND sh -c "chmod +x \"$0\" && exec \"$1\" -DTOOL=\"$0\" -DDIR=\"$2\" -P \"$2/run.cmake\""
            ${_wrapper} ${CMAKE_COMMAND} ${CMAKE_CURRENT_SOURCE_DIR}/c-tests/cli
    WORKING_DIRECTORY ${CRI_RELIABILITY_DIR}/valgrind_cli)

  foreach(t ${CRI_HARNESS} test_buffers cri_tool_cli)
    set_tests_properties(valgrind_${t} PROPERTIES LABELS "reliability;valgrind" TIMEOUT 1800)
  endforeach()
else()
  add_test(NAME valgrind_harness
    COMMAND sh -c "echo 'skipped: valgrind not found (apt-get install valgrind)'; exit 77")
  set_tests_properties(valgrind_harness PROPERTIES LABELS "reliability;valgrind" SKIP_RETURN_CODE 77)
endif()

# ---- Miri --------------------------------------------------------------------------------

# The library's unit tests, including the FFI layer's (raw pointers, slices from C), under
# Miri's undefined-behaviour checks. Skipped without nightly + miri:
#   rustup toolchain install nightly && rustup component add miri --toolchain nightly
add_test(NAME miri
  COMMAND sh -c "if ! \"$0\" +nightly miri --version >/dev/null 2>&1; then echo 'skipped: no nightly toolchain with miri (rustup component add miri --toolchain nightly)'; exit 77; fi; exec \"$0\" +nightly miri test --lib --quiet --target-dir \"$1\""
          ${CARGO} ${CMAKE_CURRENT_BINARY_DIR}/cargo-miri
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(miri PROPERTIES LABELS "reliability;miri" SKIP_RETURN_CODE 77 TIMEOUT 3600)
