# cmake/install.cmake: `cmake --install` puts libcri.a, cri.h, a CMake package
# (find_package(cri) -> cri::cri) and a pkg-config file (cri.pc) under the prefix.
#
#   <prefix>/lib/libcri.a
#   <prefix>/include/cri.h
#   <prefix>/lib/cmake/cri/criConfig.cmake, criConfigVersion.cmake
#   <prefix>/lib/pkgconfig/cri.pc
#
# The archive is the one this build makes (the host's with CRI_CARGO_FEATURES=std, or
# CRI_RUST_TARGET's); the libraries it needs (INTERFACE_LINK_LIBRARIES of cri: the C
# runtime libraries a std archive needs on Linux, none for bare metal) go into both files.
include_guard(GLOBAL)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(FILES ${CRI_LIB} DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/../include/cri.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

get_target_property(CRI_INTERFACE_LIBS cri INTERFACE_LINK_LIBRARIES)
if(NOT CRI_INTERFACE_LIBS)
  set(CRI_INTERFACE_LIBS "")
endif()
set(CRI_PC_LIBS "")
foreach(lib IN LISTS CRI_INTERFACE_LIBS)
  string(APPEND CRI_PC_LIBS " -l${lib}")
endforeach()

set(CRI_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/cri)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/criConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/criConfig.cmake
  INSTALL_DESTINATION ${CRI_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/criConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/criConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/criConfigVersion.cmake
        DESTINATION ${CRI_INSTALL_CMAKEDIR})

# pkg-config: the prefix is relative to the .pc file, so `cmake --install --prefix` and
# a moved tree both work: one ".." per component of <libdir>/pkgconfig.
set(CRI_PC_PREFIX "\${pcfiledir}")
string(REPLACE "/" ";" libdir_parts "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
foreach(part IN LISTS libdir_parts)
  string(APPEND CRI_PC_PREFIX "/..")
endforeach()
configure_file(${CMAKE_CURRENT_LIST_DIR}/cri.pc.in ${CMAKE_CURRENT_BINARY_DIR}/cri.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cri.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
