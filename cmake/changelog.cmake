# Writes changelog.gz (OUT) for /usr/share/doc/rin: the Debian changelog
# that a native package carries, one entry for the version this build
# names (VERSION_FILE, rin --version's), by MAINTAINER, dated when it is
# written (or at SOURCE_DATE_EPOCH). What changed from one version to the
# next is the project's git history.
# cmake -DGZIP=... -DVERSION_FILE=... -DMAINTAINER=... -DOUT=... -P cmake/changelog.cmake
include(${CMAKE_CURRENT_LIST_DIR}/debian_version.cmake)
file(STRINGS "${VERSION_FILE}" version LIMIT_COUNT 1)
rin_debian_version("${version}" debian)
string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
file(WRITE "${OUT}.txt" "rin (${debian}) unstable; urgency=medium

  * Rin ${version}, built from its sources.
  * The changes are in the project's git history.

 -- ${MAINTAINER}  ${date}
")
execute_process(COMMAND ${CMAKE_COMMAND} -DGZIP=${GZIP} -DIN=${OUT}.txt -DOUT=${OUT} -P
                        ${CMAKE_CURRENT_LIST_DIR}/gzip.cmake RESULT_VARIABLE status)
file(REMOVE "${OUT}.txt")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "rin: cannot write ${OUT}")
endif()
