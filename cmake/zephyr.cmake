# cmake/zephyr.cmake: samples/zephyr/coap built through libcri's Zephyr module and run
# under QEMU, one ctest per board, label "zephyr":
#
#   zephyr_sample_qemu_cortex_m3   Cortex-M3, TI LM3S6965 (thumbv7m-none-eabi)
#   zephyr_sample_mps2_an385       Cortex-M3, Arm MPS2 AN385 (thumbv7m-none-eabi)
#   zephyr_sample_mps2_an386       Cortex-M4F, Arm MPS2 AN386, FPU on (thumbv7em-none-eabihf)
#
# Zephyr comes from ZEPHYR_BASE (the environment at configure time: a west workspace's
# zephyr/), else from ../shared/zephyr-4.1/zephyr next to this checkout when present; with
# neither the tests are skipped and say so. c-tests/zephyr_sample.sh does the work.

set(CRI_ZEPHYR_BASE "" CACHE PATH "Zephyr tree for the zephyr_sample tests (empty: ZEPHYR_BASE, then ../shared/zephyr-4.1)")
set(cri_zephyr_base "${CRI_ZEPHYR_BASE}")
if(NOT cri_zephyr_base AND DEFINED ENV{ZEPHYR_BASE})
  set(cri_zephyr_base "$ENV{ZEPHYR_BASE}")
endif()
if(NOT cri_zephyr_base AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/../shared/zephyr-4.1/zephyr/VERSION)
  get_filename_component(cri_zephyr_base ${CMAKE_CURRENT_SOURCE_DIR}/../shared/zephyr-4.1/zephyr ABSOLUTE)
endif()
if(cri_zephyr_base)
  message(STATUS "Zephyr sample tests: ${cri_zephyr_base}")
else()
  message(STATUS "Zephyr sample tests: no Zephyr tree (set ZEPHYR_BASE); they will be skipped")
endif()

foreach(board qemu_cortex_m3 mps2/an386 mps2/an385)
  string(REPLACE "/" "_" name ${board})
  add_test(NAME zephyr_sample_${name}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/c-tests/zephyr_sample.sh
            ${CMAKE_CURRENT_SOURCE_DIR} ${board} ${CMAKE_CURRENT_BINARY_DIR}/zephyr/${name}
            "${cri_zephyr_base}" ${CMAKE_CURRENT_BINARY_DIR}/zephyr/venv)
  # A Zephyr build plus a cargo build of libcri for the board's target: minutes on 2 cores.
  set_tests_properties(zephyr_sample_${name} PROPERTIES
    LABELS zephyr SKIP_RETURN_CODE 77 TIMEOUT 1500 RUN_SERIAL TRUE)
endforeach()
