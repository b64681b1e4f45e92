# cmake/crate.cmake: the Rust crate as Rust users get it, included from CMakeLists.txt
# inside if(CRI_BUILD_TESTS). The feature coap-message's tests, doctests and the example's
# host tests run in cargo_test (which passes --features coap-message); here:
#
#   rust_example_thumbv7em  examples/coap_message.rs (no_std, coap-message) built for
#                           Cortex-M4F; skipped (77) without the Rust target
#   cargo_package           `cargo package --offline` with the feature: the .crate's files
#                           and size, and cargo's verification build; nothing is published
add_test(NAME rust_example_thumbv7em
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/c-tests/rust_example_build.sh
          ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/cargo-example-thumb)
set_tests_properties(rust_example_thumbv7em PROPERTIES
  SKIP_RETURN_CODE 77 LABELS rust TIMEOUT 900 ENVIRONMENT "CARGO=${CARGO}")
add_test(NAME cargo_package
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/c-tests/cargo_package.sh
          ${CMAKE_CURRENT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/cargo-package)
# After cargo_test, which brings every dependency into cargo's cache.
set_tests_properties(cargo_package PROPERTIES
  DEPENDS cargo_test SKIP_RETURN_CODE 77 LABELS rust TIMEOUT 900 ENVIRONMENT "CARGO=${CARGO}")
