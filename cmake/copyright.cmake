# Writes the copyright file of /usr/share/doc/rin (OUT) from LICENSE (IN),
# in Debian's machine-readable format (copyright-format 1.0): the holders
# of LICENSE's "Copyright (c) YEAR NAME" line, and its text under the name
# Debian gives the MIT license, Expat.
# cmake -DIN=LICENSE -DOUT=... -P cmake/copyright.cmake
file(READ "${IN}" license)
if(NOT license MATCHES "^MIT License\n\nCopyright \\(c\\) ([^\n]+)\n\n(.*)$")
  message(FATAL_ERROR "rin: ${IN} is not the MIT license with one Copyright line, which cmake/copyright.cmake "
                      "reads: write the copyright file another way")
endif()
set(holders "${CMAKE_MATCH_1}")
string(STRIP "${CMAKE_MATCH_2}" text)
# the license's paragraphs, every line indented by a space, empty ones as " ."
string(REPLACE "\n\n" "\n.\n" text "${text}")
string(REPLACE "\n" "\n " text "${text}")
file(WRITE "${OUT}" "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: rin
Comment: LICENSE of the sources, the MIT license, which Debian calls Expat.

Files: *
Copyright: ${holders}
License: Expat
 ${text}
")
