# cmake/libc_mem.cmake: lets the C library provide memcpy, memmove and memset to a
# bare-metal libcri.a (src/aeabi.rs says why).
#
#   cmake -DARCHIVE=libcri.a [-DAR=arm-none-eabi-ar] [-DREADELF=arm-none-eabi-readelf] \
#         -P cmake/libc_mem.cmake
#
# Deletes from ARCHIVE the members of Rust's compiler_builtins that define memcpy,
# memmove, memset or an __aeabi_memcpy / memmove / memset / memclr helper (each is a
# member of its own). memcmp and bcmp stay: not every C library has bcmp (Zephyr's
# minimal libc does not). Running it twice is harmless: the second run finds nothing.
# AR and READELF may be empty (a project without a C toolchain): binutils' own then.
if(NOT ARCHIVE)
  message(FATAL_ERROR "libc_mem.cmake: -DARCHIVE=... is required")
endif()
if(NOT AR)
  find_program(libc_mem_ar NAMES arm-none-eabi-ar ar llvm-ar REQUIRED)
  set(AR ${libc_mem_ar})
endif()
if(NOT READELF)
  find_program(libc_mem_readelf NAMES arm-none-eabi-readelf readelf llvm-readelf REQUIRED)
  set(READELF ${libc_mem_readelf})
endif()
execute_process(COMMAND ${READELF} -sW ${ARCHIVE}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "libc_mem.cmake: ${READELF} -sW ${ARCHIVE} failed")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(member "")
set(drop "")
foreach(line IN LISTS lines)
  if(line MATCHES "^File: .*\\((.*)\\)$")
    set(member "${CMAKE_MATCH_1}")
  elseif(member MATCHES "^compiler_builtins-" AND line MATCHES
         " (GLOBAL|WEAK) +[A-Z]+ +[0-9]+ (memcpy|memmove|memset|__aeabi_mem(cpy|move|set|clr)[48]?)$")
    list(APPEND drop "${member}")
  endif()
endforeach()
list(REMOVE_DUPLICATES drop)
if(drop)
  # Quiet: binutils' LTO plugin cannot read rustc's embedded bitcode and says so
  # once per member; the members are ELF objects all the same.
  execute_process(COMMAND ${AR} d ${ARCHIVE} ${drop} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "libc_mem.cmake: ${AR} d failed")
  endif()
endif()
