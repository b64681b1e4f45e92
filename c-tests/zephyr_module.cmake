# c-tests/zephyr_module.cmake: the Zephyr module's CMake logic without Zephyr.
#
#   cmake -DSRC=<libcri> -DOUT=<scratch dir> [-DBUILD=ON] -P c-tests/zephyr_module.cmake
#
# 1. Script mode: zephyr/rust_target.cmake maps sample Zephyr CPU settings (the CONFIG_*
#    variables Kconfig gives CMake) to the expected Rust target triples and cargo features.
# 2. zephyr/CMakeLists.txt is configured in a plain CMake project that stands in for
#    Zephyr (zephyr_library_import, zephyr_include_directories): with a prebuilt archive,
#    and with a Cortex-M4F configuration that builds with cargo (the archive path and the
#    cargo command are checked; with -DBUILD=ON the archive is also built). The cargo part
#    is skipped when the thumbv7em-none-eabihf Rust target is not installed.

cmake_minimum_required(VERSION 3.16)
include(${SRC}/zephyr/rust_target.cmake)
set(failures 0)

# expect(<expected triple> <expected features> CONFIG_X=y ...)
function(expect want want_features)
  # Clear everything a previous case set.
  foreach(v CPU_CORTEX_M0 CPU_CORTEX_M0PLUS CPU_CORTEX_M1 CPU_CORTEX_M3 CPU_CORTEX_M4
            CPU_CORTEX_M7 CPU_CORTEX_M23 CPU_CORTEX_M33 CPU_CORTEX_M55 FPU FP_HARDABI
            FP_SOFTABI RISCV 64BIT RISCV_ISA_EXT_M RISCV_ISA_EXT_A RISCV_ISA_EXT_C
            COMPRESSED_ISA ARCH_POSIX LIBCRI_RUST_TARGET LIBCRI_FULL_SCHEME_TABLE
            LIBCRI_IRI LIBCRI_LENIENT LIBCRI_EDN LIBCRI_PANIC_HANDLER)
    unset(CONFIG_${v})
  endforeach()
  foreach(setting ${ARGN})
    string(REPLACE "=" ";" kv ${setting})
    list(GET kv 0 k)
    list(GET kv 1 v)
    set(${k} ${v})
  endforeach()
  libcri_rust_target(got)
  libcri_cargo_features(features "${got}")
  string(REPLACE ";" " " features "${features}")
  if(got STREQUAL want AND features STREQUAL want_features)
    message(STATUS "ok   ${ARGN} -> ${got} ${features}")
  else()
    message(STATUS "FAIL ${ARGN} -> '${got}' '${features}', want '${want}' '${want_features}'")
    math(EXPR n "${failures} + 1")
    set(failures ${n} PARENT_SCOPE)
  endif()
endfunction()

set(ph "--no-default-features --features full-scheme-table,panic-handler")
expect(thumbv7em-none-eabihf "${ph}" CONFIG_CPU_CORTEX_M4=y CONFIG_FPU=y CONFIG_FP_HARDABI=y
       CONFIG_LIBCRI_FULL_SCHEME_TABLE=y CONFIG_LIBCRI_PANIC_HANDLER=y)
expect(thumbv7em-none-eabi "${ph}" CONFIG_CPU_CORTEX_M4=y CONFIG_FPU=y CONFIG_FP_SOFTABI=y
       CONFIG_LIBCRI_FULL_SCHEME_TABLE=y CONFIG_LIBCRI_PANIC_HANDLER=y)
expect(thumbv7em-none-eabi "${ph}" CONFIG_CPU_CORTEX_M4=y
       CONFIG_LIBCRI_FULL_SCHEME_TABLE=y CONFIG_LIBCRI_PANIC_HANDLER=y)
expect(thumbv7em-none-eabihf "--no-default-features --features panic-handler"
       CONFIG_CPU_CORTEX_M7=y CONFIG_FPU=y CONFIG_FP_HARDABI=y CONFIG_LIBCRI_PANIC_HANDLER=y)
# The firmware profile: each Kconfig option turns on its cargo feature, and only that one.
expect(thumbv7em-none-eabihf
       "--no-default-features --features full-scheme-table,iri,lenient,edn,panic-handler"
       CONFIG_CPU_CORTEX_M4=y CONFIG_FPU=y CONFIG_FP_HARDABI=y
       CONFIG_LIBCRI_FULL_SCHEME_TABLE=y CONFIG_LIBCRI_IRI=y CONFIG_LIBCRI_LENIENT=y
       CONFIG_LIBCRI_EDN=y CONFIG_LIBCRI_PANIC_HANDLER=y)
expect(thumbv7m-none-eabi "--no-default-features --features iri" CONFIG_CPU_CORTEX_M3=y
       CONFIG_LIBCRI_IRI=y)
expect(thumbv7m-none-eabi "--no-default-features --features lenient" CONFIG_CPU_CORTEX_M3=y
       CONFIG_LIBCRI_LENIENT=y)
expect(thumbv7m-none-eabi "--no-default-features --features edn,panic-handler"
       CONFIG_CPU_CORTEX_M3=y CONFIG_LIBCRI_EDN=y CONFIG_LIBCRI_PANIC_HANDLER=y)
expect(thumbv6m-none-eabi "--no-default-features" CONFIG_CPU_CORTEX_M0PLUS=y)
expect(thumbv6m-none-eabi "--no-default-features" CONFIG_CPU_CORTEX_M0=y)
expect(thumbv7m-none-eabi "--no-default-features" CONFIG_CPU_CORTEX_M3=y)
expect(thumbv8m.base-none-eabi "--no-default-features" CONFIG_CPU_CORTEX_M23=y)
expect(thumbv8m.main-none-eabihf "--no-default-features"
       CONFIG_CPU_CORTEX_M33=y CONFIG_FPU=y CONFIG_FP_HARDABI=y)
expect(thumbv8m.main-none-eabi "--no-default-features" CONFIG_CPU_CORTEX_M33=y)
expect(thumbv8m.main-none-eabihf "--no-default-features"
       CONFIG_CPU_CORTEX_M55=y CONFIG_FPU=y CONFIG_FP_HARDABI=y)
expect(riscv32imac-unknown-none-elf "--no-default-features" CONFIG_RISCV=y
       CONFIG_RISCV_ISA_EXT_M=y CONFIG_RISCV_ISA_EXT_A=y CONFIG_RISCV_ISA_EXT_C=y)
expect(riscv32imc-unknown-none-elf "--no-default-features" CONFIG_RISCV=y
       CONFIG_RISCV_ISA_EXT_M=y CONFIG_COMPRESSED_ISA=y)
expect(riscv32i-unknown-none-elf "--no-default-features" CONFIG_RISCV=y)
expect(riscv64imac-unknown-none-elf "--no-default-features" CONFIG_RISCV=y CONFIG_64BIT=y
       CONFIG_RISCV_ISA_EXT_M=y CONFIG_RISCV_ISA_EXT_A=y CONFIG_RISCV_ISA_EXT_C=y)
expect(x86_64-unknown-linux-gnu "--no-default-features --features full-scheme-table,std"
       CONFIG_ARCH_POSIX=y CONFIG_64BIT=y CONFIG_LIBCRI_FULL_SCHEME_TABLE=y
       CONFIG_LIBCRI_PANIC_HANDLER=y)
expect(i686-unknown-linux-gnu "--no-default-features --features std" CONFIG_ARCH_POSIX=y)
expect(thumbv7m-none-eabi "--no-default-features --features panic-handler"
       CONFIG_CPU_CORTEX_M4=y CONFIG_LIBCRI_RUST_TARGET=thumbv7m-none-eabi
       CONFIG_LIBCRI_PANIC_HANDLER=y)
expect("" "--no-default-features" CONFIG_ARC=y)

# 2. zephyr/CMakeLists.txt in a project with stand-ins for the Zephyr functions.
file(REMOVE_RECURSE ${OUT}/stub)
file(MAKE_DIRECTORY ${OUT}/stub)
file(WRITE ${OUT}/stub/CMakeLists.txt "
cmake_minimum_required(VERSION 3.16)
project(zephyr_stub NONE)
# What Zephyr's cmake/modules/extensions.cmake does, reduced to what is checked here.
function(zephyr_library_import name path)
  add_library(\${name} STATIC IMPORTED GLOBAL)
  set_target_properties(\${name} PROPERTIES IMPORTED_LOCATION \${path})
  set_property(GLOBAL APPEND PROPERTY ZEPHYR_LIBS \${name})
endfunction()
function(zephyr_include_directories)
  set_property(GLOBAL APPEND PROPERTY ZEPHYR_INCLUDES \${ARGN})
endfunction()
add_subdirectory(${SRC}/zephyr libcri)
get_property(libs GLOBAL PROPERTY ZEPHYR_LIBS)
get_property(incs GLOBAL PROPERTY ZEPHYR_INCLUDES)
get_target_property(loc libcri IMPORTED_LOCATION)
file(WRITE \${CMAKE_BINARY_DIR}/result.txt \"libs=\${libs}\\nincludes=\${incs}\\nlocation=\${loc}\\n\")
")

# configure(<name> <expect-regex> <cache settings>...)
function(configure name want)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${OUT}/stub -B ${OUT}/stub-${name} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
  if(NOT rc EQUAL 0)
    message(STATUS "FAIL module configure (${name}):\n${log}")
    math(EXPR n "${failures} + 1")
    set(failures ${n} PARENT_SCOPE)
    return()
  endif()
  file(READ ${OUT}/stub-${name}/result.txt result)
  if(result MATCHES "${want}")
    string(REPLACE "\n" "; " shown "${result}")
    message(STATUS "ok   module configure (${name}): ${shown}")
  else()
    message(STATUS "FAIL module configure (${name}): ${result} does not match ${want}")
    math(EXPR n "${failures} + 1")
    set(failures ${n} PARENT_SCOPE)
  endif()
endfunction()

file(WRITE ${OUT}/prebuilt/libcri.a "")
configure(prebuilt "libs=libcri\nincludes=${SRC}/include\nlocation=${OUT}/prebuilt/libcri.a"
          -DCONFIG_LIBCRI=y -DCONFIG_LIBCRI_PREBUILT=${OUT}/prebuilt/libcri.a)

execute_process(COMMAND rustc --print sysroot OUTPUT_VARIABLE sysroot
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT IS_DIRECTORY "${sysroot}/lib/rustlib/thumbv7em-none-eabihf")
  message(STATUS "skip module configure (cargo): rustup target add thumbv7em-none-eabihf")
else()
  configure(cortex-m4f "location=.*/cargo/thumbv7em-none-eabihf/release/libcri.a"
            -DCONFIG_LIBCRI=y -DCONFIG_CPU_CORTEX_M4=y -DCONFIG_FPU=y -DCONFIG_FP_HARDABI=y
            -DCONFIG_LIBCRI_PANIC_HANDLER=y)
  if(BUILD AND EXISTS ${OUT}/stub-cortex-m4f/result.txt)
    execute_process(COMMAND ${CMAKE_COMMAND} --build ${OUT}/stub-cortex-m4f --target libcri_cargo
                    RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
    set(archive ${OUT}/stub-cortex-m4f/libcri/cargo/thumbv7em-none-eabihf/release/libcri.a)
    if(rc EQUAL 0 AND EXISTS ${archive})
      message(STATUS "ok   module build (cortex-m4f): ${archive}")
    else()
      message(STATUS "FAIL module build (cortex-m4f):\n${log}")
      math(EXPR failures "${failures} + 1")
    endif()
  endif()
endif()

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} Zephyr module check(s) failed")
endif()
message(STATUS "PASS: Zephyr module logic")
