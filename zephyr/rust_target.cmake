# zephyr/rust_target.cmake: the Rust target triple for a Zephyr CPU configuration.
#
#   libcri_rust_target(<out-var>)
#
# reads the Kconfig results that Zephyr exposes as CMake variables (CONFIG_FOO=y) and
# sets <out-var> to a Rust target triple, or to "" when the CPU is not known here (then
# set CONFIG_LIBCRI_RUST_TARGET). CONFIG_LIBCRI_RUST_TARGET, when set, wins.
# Pure CMake (no Zephyr functions), so c-tests/zephyr_module.cmake runs it in script mode.
#
#   Cortex-M0/M0+/M1 (ARMv6-M)                    thumbv6m-none-eabi
#   Cortex-M3 (ARMv7-M)                           thumbv7m-none-eabi
#   Cortex-M4/M7 (ARMv7E-M)                       thumbv7em-none-eabi
#     with CONFIG_FPU and CONFIG_FP_HARDABI       thumbv7em-none-eabihf
#   Cortex-M23 (ARMv8-M Baseline)                 thumbv8m.base-none-eabi
#   Cortex-M33/M35P/M55/M85 (ARMv8-M Mainline)    thumbv8m.main-none-eabi
#     with CONFIG_FPU and CONFIG_FP_HARDABI       thumbv8m.main-none-eabihf
#   RISC-V 32-bit, I + M + A + C                  riscv32imac-unknown-none-elf
#                  I + M + C                      riscv32imc-unknown-none-elf
#                  I + M                          riscv32im-unknown-none-elf
#                  I                              riscv32i-unknown-none-elf
#   RISC-V 64-bit, I + M + A + C                  riscv64imac-unknown-none-elf
#   POSIX architecture (native_sim), 32/64-bit    i686-unknown-linux-gnu / x86_64-unknown-linux-gnu
#
# A soft-float ABI (CONFIG_FP_SOFTABI, or no FPU) uses the -eabi target: its code uses no
# floating point at all, so it links into firmware with or without an FPU.

function(libcri_rust_target out)
  set(t "")
  if(CONFIG_LIBCRI_RUST_TARGET)
    set(t "${CONFIG_LIBCRI_RUST_TARGET}")
  elseif(CONFIG_CPU_CORTEX_M0 OR CONFIG_CPU_CORTEX_M0PLUS OR CONFIG_CPU_CORTEX_M1)
    set(t thumbv6m-none-eabi)
  elseif(CONFIG_CPU_CORTEX_M3)
    set(t thumbv7m-none-eabi)
  elseif(CONFIG_CPU_CORTEX_M4 OR CONFIG_CPU_CORTEX_M7)
    if(CONFIG_FPU AND CONFIG_FP_HARDABI)
      set(t thumbv7em-none-eabihf)
    else()
      set(t thumbv7em-none-eabi)
    endif()
  elseif(CONFIG_CPU_CORTEX_M23 OR CONFIG_ARMV8_M_BASELINE)
    set(t thumbv8m.base-none-eabi)
  elseif(CONFIG_CPU_CORTEX_M33 OR CONFIG_CPU_CORTEX_M35P OR CONFIG_CPU_CORTEX_M55
         OR CONFIG_CPU_CORTEX_M85 OR CONFIG_ARMV8_M_MAINLINE OR CONFIG_ARMV8_1_M_MAINLINE)
    if(CONFIG_FPU AND CONFIG_FP_HARDABI)
      set(t thumbv8m.main-none-eabihf)
    else()
      set(t thumbv8m.main-none-eabi)
    endif()
  elseif(CONFIG_RISCV)
    # Zephyr >= 3.3 has CONFIG_RISCV_ISA_EXT_*; older releases only CONFIG_COMPRESSED_ISA.
    set(c OFF)
    if(CONFIG_RISCV_ISA_EXT_C OR CONFIG_COMPRESSED_ISA)
      set(c ON)
    endif()
    if(CONFIG_64BIT)
      if(CONFIG_RISCV_ISA_EXT_M AND CONFIG_RISCV_ISA_EXT_A AND c)
        set(t riscv64imac-unknown-none-elf)
      endif()
    elseif(CONFIG_RISCV_ISA_EXT_M AND CONFIG_RISCV_ISA_EXT_A AND c)
      set(t riscv32imac-unknown-none-elf)
    elseif(CONFIG_RISCV_ISA_EXT_M AND c)
      set(t riscv32imc-unknown-none-elf)
    elseif(CONFIG_RISCV_ISA_EXT_M)
      set(t riscv32im-unknown-none-elf)
    else()
      set(t riscv32i-unknown-none-elf)
    endif()
  elseif(CONFIG_ARCH_POSIX)
    if(CONFIG_64BIT)
      set(t x86_64-unknown-linux-gnu)
    else()
      set(t i686-unknown-linux-gnu)
    endif()
  endif()
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

# libcri_cargo_features(<out-var> <rust-target>): the cargo arguments for the features.
function(libcri_cargo_features out target)
  set(features "")
  # Kconfig option -> cargo feature (the firmware profile: only what is selected is built).
  foreach(pair FULL_SCHEME_TABLE:full-scheme-table IRI:iri LENIENT:lenient EDN:edn)
    string(REPLACE ":" ";" pair "${pair}")
    list(GET pair 0 option)
    list(GET pair 1 feature)
    if(CONFIG_LIBCRI_${option})
      list(APPEND features ${feature})
    endif()
  endforeach()
  if(target MATCHES "linux")
    list(APPEND features std) # native_sim links the host's std
  elseif(CONFIG_LIBCRI_PANIC_HANDLER)
    list(APPEND features panic-handler)
  endif()
  string(REPLACE ";" "," features "${features}")
  if(features)
    set(${out} --no-default-features --features ${features} PARENT_SCOPE)
  else()
    set(${out} --no-default-features PARENT_SCOPE)
  endif()
endfunction()
