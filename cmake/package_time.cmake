# Read by cpack when it makes a package (CPACK_PROJECT_CONFIG_FILE, set in
# cmake/package.cmake), so that what it decides is of this moment, not of
# the last configure: the package's version from the version the build
# names, its shared library dependencies, and the refusal of a build that
# would run on this machine alone.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
if(CPACK_RIN_UNPORTABLE AND NOT RIN_PACKAGE_UNPORTABLE)
  list(JOIN CPACK_RIN_UNPORTABLE "; " reasons)
  message(FATAL_ERROR "rin: this build runs on this machine alone, built with ${reasons}. Package a portable "
                      "build (cmake -B build-package -DRIN_NATIVE=OFF), or give cpack -D RIN_PACKAGE_UNPORTABLE=ON "
                      "for a package meant for this machine only.")
endif()

# rin --version's version in Debian's spelling (cmake/debian_version.cmake)
if(NOT EXISTS "${CPACK_RIN_VERSION_FILE}")
  message(FATAL_ERROR "rin: ${CPACK_RIN_VERSION_FILE} is missing: build before packaging")
endif()
file(STRINGS "${CPACK_RIN_VERSION_FILE}" version LIMIT_COUNT 1)
include(${CMAKE_CURRENT_LIST_DIR}/debian_version.cmake)
rin_debian_version("${version}" CPACK_DEBIAN_PACKAGE_VERSION)

# dpkg-shlibdeps (dpkg-dev) names the libraries' packages and versions that
# bin/rin needs; without it, the same by name.
find_program(RIN_DPKG_SHLIBDEPS dpkg-shlibdeps)
find_program(RIN_FILE file)
if(RIN_DPKG_SHLIBDEPS AND RIN_FILE)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3 (>= 3.10)")
else()
  message(STATUS "rin: dpkg-shlibdeps or file not found: the package depends on libc6 and libedit2 by name")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libedit2, python3 (>= 3.10)")
endif()
