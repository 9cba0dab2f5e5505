# `cpack -G DEB` in the build tree makes rin_VERSION_ARCH.deb of what
# cmake/install.cmake installs, under /usr. A package must run on other
# machines than this one: build it with -DRIN_NATIVE=OFF (and without the
# sanitizers); cpack refuses an unportable build with the reason
# (cmake/package_time.cmake), unless given -D RIN_PACKAGE_UNPORTABLE=ON for a
# package meant for this machine alone.
set(CPACK_PACKAGE_NAME rin)
set(CPACK_PACKAGE_VENDOR "The Rin engine authors")
# RIN_PACKAGE_MAINTAINER is in cmake/install.cmake: the changelog names it too
set(CPACK_PACKAGE_CONTACT "${RIN_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "engine for Rin, the territory game with two stones a turn")
# the long description, after the summary line
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Rin is a two-player territory game on a square grid: after Black's first
stone each side places two stones a turn, and closing a ring of one's own
stones fills everything inside it, capturing the enemy stones there.
.
This package holds the engine (rin, an alpha-beta search with an exact
endgame solver, speaking GTP for GUIs such as GoGui, with a terminal
prompt and a game for people), its manual page, and the tools rin-web (play
and analyse in a web browser), rin-match (matches between engines) and
rin-review (annotates a game's mistakes).")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# One package of what cmake --install installs (the component Unspecified)
# with the programs in /usr/games (the component debian) instead of /usr/bin
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_COMPONENTS_ALL Unspecified debian)
# what cmake/package_time.cmake reads when cpack runs
set(CPACK_RIN_VERSION_FILE "${RIN_VERSION_FILE}")
set(CPACK_RIN_UNPORTABLE "")
if(RIN_NATIVE AND RIN_HAVE_MARCH_NATIVE)
  list(APPEND CPACK_RIN_UNPORTABLE "-march=native (configure with -DRIN_NATIVE=OFF)")
endif()
if(RIN_SANITIZE OR RIN_TSAN OR RIN_FUZZ)
  list(APPEND CPACK_RIN_UNPORTABLE "sanitizers (configure without RIN_SANITIZE, RIN_TSAN and RIN_FUZZ)")
endif()
set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_SOURCE_DIR}/cmake/package_time.cmake")
include(CPack)
