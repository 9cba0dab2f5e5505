# Compresses IN into OUT as Debian wants its manual pages and changelogs:
# gzip -9n, without the file's name and time, so that the bytes depend on
# IN alone. cmake -DGZIP=... -DIN=... -DOUT=... -P cmake/gzip.cmake
execute_process(COMMAND "${GZIP}" -9n -c "${IN}" OUTPUT_FILE "${OUT}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUT}")
  message(FATAL_ERROR "rin: ${GZIP} could not compress ${IN} (${status})")
endif()
