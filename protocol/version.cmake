# Writes OUTPUT (version.h, from TEMPLATE) and OUTPUT_TEXT (the version
# alone, for cpack) with the version of this build: RELEASE (the project's
# version) in a source tree without git, such as a release tarball, and
# RELEASE-dev-DATE-HASH in a git checkout, DATE the commit's date (YYYYMMDD)
# and HASH its abbreviated hash, as Stockfish names its development builds.
# Run with cmake -P at every build, so that the hash follows new commits;
# the files are rewritten only when the version changed, so that nothing is
# recompiled when it did not.
set(RIN_VERSION "${RELEASE}")
find_package(Git QUIET)
if(GIT_FOUND)
  # Only a checkout of this source tree counts: a tarball unpacked inside
  # another repository (a packaging one, say) is a release.
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --show-toplevel
                  OUTPUT_VARIABLE toplevel OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE status ERROR_QUIET)
  if(status EQUAL 0)
    get_filename_component(toplevel "${toplevel}" REALPATH)
    get_filename_component(source "${SOURCE_DIR}" REALPATH)
  endif()
  if(status EQUAL 0 AND toplevel STREQUAL source)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" show -s --date=format:%Y%m%d --format=%cd-%h
                            --abbrev=7 HEAD
                    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE status ERROR_QUIET)
    if(status EQUAL 0 AND commit MATCHES "^[0-9]+-[0-9a-f]+$")
      set(RIN_VERSION "${RELEASE}-dev-${commit}")
    endif()
  endif()
endif()
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
file(CONFIGURE OUTPUT "${OUTPUT_TEXT}" CONTENT "${RIN_VERSION}\n")
