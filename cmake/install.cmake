# What `cmake --install build [--prefix P]` puts under the prefix (default
# /usr/local), as GNU Go, Pachi and Stockfish install:
#   bin/rin                     the engine
#   bin/rin-match, rin-review, rin-web
#                               scripts/match, review and rin-web, which find
#                               their packages and the engine from where they
#                               are (scripts/rinlib/paths.py): keep these
#                               folders as they are
#   share/rin/python/           the packages rinlib, rinmatch and rinweb
#                               (with the web page's files)
#   share/man/man6/rin.6.gz     the manual page (protocol/cli/rin.6), compressed
#   share/doc/rin/              the documents, in the folders they have here
#                               so that their links between them hold, with
#                               copyright (LICENSE in Debian's format) and
#                               changelog.gz, which a Debian package carries
# The Debian package (cmake/package.cmake) holds the same, but the programs
# in games/ (/usr/games), where Debian puts games: they are installed a
# second time there in the component `debian`, which cmake --install
# leaves out.
# The maintainer the package and its changelog name. A tree configured
# before kept the old default, which had no address: Debian refuses that.
if(RIN_PACKAGE_MAINTAINER STREQUAL "The Rin engine authors")
  unset(RIN_PACKAGE_MAINTAINER CACHE)
endif()
set(RIN_PACKAGE_MAINTAINER "The Rin engine authors <authors@rin.invalid>" CACHE STRING
    "The maintainer the Debian package and its changelog name (Name <address>)")
find_program(RIN_GZIP gzip)
if(NOT RIN_GZIP)
  message(FATAL_ERROR "rin: gzip not found: the manual page and the changelog are installed compressed")
endif()

# What is made for the installation: the compressed manual page, the
# copyright file, and the changelog of the version this build names.
set(generated ${CMAKE_BINARY_DIR}/generated)
add_custom_command(OUTPUT ${generated}/rin.6.gz
  COMMAND ${CMAKE_COMMAND} -DGZIP=${RIN_GZIP} -DIN=${CMAKE_SOURCE_DIR}/protocol/cli/rin.6 -DOUT=${generated}/rin.6.gz
          -P ${CMAKE_SOURCE_DIR}/cmake/gzip.cmake
  DEPENDS ${CMAKE_SOURCE_DIR}/protocol/cli/rin.6 ${CMAKE_SOURCE_DIR}/cmake/gzip.cmake
  COMMENT "Compressing the manual page"
  VERBATIM)
add_custom_command(OUTPUT ${generated}/copyright
  COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_SOURCE_DIR}/LICENSE -DOUT=${generated}/copyright
          -P ${CMAKE_SOURCE_DIR}/cmake/copyright.cmake
  DEPENDS ${CMAKE_SOURCE_DIR}/LICENSE ${CMAKE_SOURCE_DIR}/cmake/copyright.cmake
  COMMENT "Writing the copyright file"
  VERBATIM)
add_custom_command(OUTPUT ${generated}/changelog.gz
  COMMAND ${CMAKE_COMMAND} -DGZIP=${RIN_GZIP} -DVERSION_FILE=${RIN_VERSION_FILE}
          -DMAINTAINER=${RIN_PACKAGE_MAINTAINER} -DOUT=${generated}/changelog.gz
          -P ${CMAKE_SOURCE_DIR}/cmake/changelog.cmake
  DEPENDS ${RIN_VERSION_FILE} ${CMAKE_SOURCE_DIR}/cmake/changelog.cmake
          ${CMAKE_SOURCE_DIR}/cmake/debian_version.cmake ${CMAKE_SOURCE_DIR}/cmake/gzip.cmake
  COMMENT "Writing the changelog"
  VERBATIM)
add_custom_target(rin_install_files ALL
  DEPENDS ${generated}/rin.6.gz ${generated}/copyright ${generated}/changelog.gz)
add_dependencies(rin_install_files rin_version)

function(rin_install_programs folder component)
  install(TARGETS rin RUNTIME DESTINATION ${folder} COMPONENT ${component} ${ARGN})
  install(PROGRAMS scripts/match DESTINATION ${folder} RENAME rin-match COMPONENT ${component} ${ARGN})
  install(PROGRAMS scripts/review DESTINATION ${folder} RENAME rin-review COMPONENT ${component} ${ARGN})
  install(PROGRAMS scripts/rin-web DESTINATION ${folder} COMPONENT ${component} ${ARGN})
endfunction()
rin_install_programs(bin programs)
rin_install_programs(games debian EXCLUDE_FROM_ALL)
install(DIRECTORY scripts/rinlib scripts/rinmatch scripts/rinweb DESTINATION share/rin/python
        PATTERN __pycache__ EXCLUDE
        PATTERN docs EXCLUDE)
install(FILES ${generated}/rin.6.gz DESTINATION share/man/man6)
install(FILES ${generated}/copyright ${generated}/changelog.gz DESTINATION share/doc/rin)
foreach(document README.md LICENSE engine/RULES.md engine/STRENGTH.md engine/STRENGTH-LOG.md
                 engine/STRENGTH-NOTES.md engine/strength-log.jsonl engine/solve/SOLVE.md
                 engine/solve/SOLVE-RESULTS.md engine/learn/TRAINING.md engine/learn/TRAINING-RESULTS.md
                 protocol/PROTOCOL.md protocol/formats/FORMATS.md scripts/README.md
                 scripts/rinweb/docs/screenshot.png)
  get_filename_component(folder ${document} DIRECTORY)
  install(FILES ${document} DESTINATION share/doc/rin/${folder})
endforeach()
