# libcoap integration (included from the CRI_BUILD_TESTS block of CMakeLists.txt):
#   libcoap_diff    c-tests/libcoap_diff.c: libcri's Uri-Path/Uri-Query options against
#                   libcoap's coap_split_uri/coap_split_path/coap_split_query (ctest)
#   libcoap_client  examples-c/libcoap_client.c: a CoAP GET with options from libcri
#   libcoap_live    c-tests/libcoap_live.sh: libcoap_client against coap-server on
#                   127.0.0.1 (ctest; skipped, code 77, without coap-server)
# Without libcoap (Debian: libcoap3-dev libcoap3-bin pkg-config) none of this is built and
# the configuration still succeeds.

if(CMAKE_CROSSCOMPILING)
  return()
endif()

find_package(PkgConfig QUIET)
if(NOT PKG_CONFIG_FOUND)
  message(STATUS "libcoap: pkg-config not found, libcoap tests skipped")
  return()
endif()
# Debian names the module after the TLS variant; upstream builds install libcoap-3.
pkg_search_module(LIBCOAP QUIET IMPORTED_TARGET
  libcoap-3-notls libcoap-3 libcoap-3-openssl libcoap-3-gnutls)
if(NOT LIBCOAP_FOUND)
  message(STATUS "libcoap: libcoap-3 not found (apt-get install libcoap3-dev), libcoap tests skipped")
  return()
endif()
message(STATUS "libcoap: ${LIBCOAP_MODULE_NAME} ${LIBCOAP_VERSION}")

add_executable(libcoap_diff c-tests/libcoap_diff.c)
add_executable(libcoap_client examples-c/libcoap_client.c)
foreach(t libcoap_diff libcoap_client)
  target_compile_options(${t} PRIVATE ${CRI_C_WARNINGS})
  target_compile_features(${t} PRIVATE c_std_99)
  target_link_libraries(${t} PRIVATE cri::cri PkgConfig::LIBCOAP)
endforeach()

add_test(NAME libcoap_diff
  COMMAND libcoap_diff ${PROJECT_SOURCE_DIR}/tests/data/coap_options.jsonl)
set_tests_properties(libcoap_diff PROPERTIES TIMEOUT 60)

# coap-server from libcoap3-bin; Debian has only the TLS-suffixed names.
find_program(CRI_COAP_SERVER
  NAMES coap-server-notls coap-server coap-server-openssl coap-server-gnutls
  DOC "libcoap's coap-server, for the libcoap_live test")
find_program(CRI_BASH bash)
if(CRI_BASH)
  add_test(NAME libcoap_live
    COMMAND ${CRI_BASH} ${PROJECT_SOURCE_DIR}/c-tests/libcoap_live.sh
            ${CRI_COAP_SERVER} $<TARGET_FILE:libcoap_client>)
  set_tests_properties(libcoap_live PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()
