# The C benchmark: libcri against uriparser, curl and libcoap in one process.
# Not part of `all` unless -DCRI_BUILD_BENCH=ON, and never a ctest test. Build and run:
#
#   cmake --build build --target cri_bench && build/cri_bench
#   scripts/bench.sh                       # all of it, see BENCHMARKS.md
#
# cri_bench links the same host archive as everything else (cri::cri: fat LTO,
# codegen-units = 1, opt-level 3 for host builds, CRI_OPT_LEVEL). cri_bench_z links a
# second archive built at opt-level "z" (CARGO_PROFILE_RELEASE_OPT_LEVEL=z), the level of
# the firmware archives, to show what the size optimisation costs.
#
# Peers come from pkg-config: liburiparser, libcurl, libcoap-3 (any TLS flavour; the
# benchmark uses none). On Debian 12:
#   apt-get install -y liburiparser-dev libcurl4-openssl-dev libcoap3-dev

option(CRI_BUILD_BENCH "Build cri_bench with the default target (needs the peer libraries)" OFF)

get_filename_component(CRI_BENCH_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

set(_cri_bench_ok FALSE)
if(CMAKE_CROSSCOMPILING OR CRI_RUST_TARGET)
  message(STATUS "cri_bench: skipped (cross build)")
else()
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(CRI_BENCH_URIPARSER QUIET IMPORTED_TARGET liburiparser)
    pkg_check_modules(CRI_BENCH_CURL QUIET IMPORTED_TARGET libcurl)
    pkg_search_module(CRI_BENCH_COAP QUIET IMPORTED_TARGET
                      libcoap-3-notls libcoap-3-openssl libcoap-3-gnutls libcoap-3-mbedtls libcoap-3)
    if(CRI_BENCH_URIPARSER_FOUND AND CRI_BENCH_CURL_FOUND AND CRI_BENCH_COAP_FOUND)
      set(_cri_bench_ok TRUE)
    endif()
  endif()
  if(NOT _cri_bench_ok)
    message(STATUS "cri_bench: skipped (pkg-config did not find liburiparser, libcurl and "
                   "libcoap-3; apt-get install liburiparser-dev libcurl4-openssl-dev libcoap3-dev)")
  endif()
endif()

if(_cri_bench_ok)
  if(CRI_BUILD_BENCH)
    set(_cri_bench_all "")
  else()
    set(_cri_bench_all EXCLUDE_FROM_ALL)
  endif()

  function(cri_add_bench name lib)
    add_executable(${name} ${_cri_bench_all} ${CRI_BENCH_ROOT}/bench/bench.c)
    target_compile_features(${name} PRIVATE c_std_99)
    # Optimised whatever CMAKE_BUILD_TYPE is (a later -O wins), like the distro peers (-O2).
    target_compile_options(${name} PRIVATE -O2 -Wall -Wextra -Werror)
    target_compile_definitions(${name} PRIVATE CRI_BENCH_DATA_DIR="${CRI_BENCH_ROOT}")
    target_link_libraries(${name} PRIVATE ${lib} PkgConfig::CRI_BENCH_URIPARSER
                          PkgConfig::CRI_BENCH_CURL PkgConfig::CRI_BENCH_COAP)
  endfunction()

  cri_add_bench(cri_bench cri::cri)

  # The same archive at opt-level "z", the firmware level (own cargo target directory,
  # so it never replaces the host archive).
  set(CRI_BENCH_Z_DIR ${CMAKE_CURRENT_BINARY_DIR}/cargo-bench-z)
  set(CRI_BENCH_Z_LIB ${CRI_BENCH_Z_DIR}/release/libcri.a)
  add_custom_command(
    OUTPUT ${CRI_BENCH_Z_LIB}
    COMMAND ${CMAKE_COMMAND} -E env CARGO_PROFILE_RELEASE_OPT_LEVEL=z
            ${CARGO} rustc --lib --crate-type staticlib --release --quiet
            --features "${CRI_CARGO_FEATURES}" --target-dir ${CRI_BENCH_Z_DIR}
            --manifest-path ${CRI_BENCH_ROOT}/Cargo.toml
    DEPENDS ${CRI_RUST_SOURCES} ${CRI_BENCH_ROOT}/Cargo.toml ${CRI_BENCH_ROOT}/build.rs
            ${CRI_BENCH_ROOT}/.cargo/config.toml
    WORKING_DIRECTORY ${CRI_BENCH_ROOT}
    COMMENT "cargo: building libcri.a at opt-level z for cri_bench_z"
    VERBATIM)
  add_custom_target(cri_cargo_bench_z DEPENDS ${CRI_BENCH_Z_LIB})
  add_library(cri_bench_z_lib STATIC IMPORTED GLOBAL)
  set_target_properties(cri_bench_z_lib PROPERTIES
    IMPORTED_LOCATION ${CRI_BENCH_Z_LIB}
    INTERFACE_INCLUDE_DIRECTORIES ${CRI_BENCH_ROOT}/include)
  get_target_property(_cri_native cri INTERFACE_LINK_LIBRARIES)
  if(_cri_native)
    set_property(TARGET cri_bench_z_lib PROPERTY INTERFACE_LINK_LIBRARIES ${_cri_native})
  endif()
  add_dependencies(cri_bench_z_lib cri_cargo_bench_z)
  set(_cri_bench_all EXCLUDE_FROM_ALL)
  cri_add_bench(cri_bench_z cri_bench_z_lib)
endif()
