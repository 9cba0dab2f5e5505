# ctest weights_name (cmake -DWEIGHTS=FILE -P): the built-in weights file is
# named rin-<the first 12 hex digits of its SHA-256>.rinw, so that retrained
# weights cannot keep an old name (rin train --output DIRECTORY names them so).
file(SHA256 "${WEIGHTS}" hash)
string(SUBSTRING "${hash}" 0 12 prefix)
get_filename_component(name "${WEIGHTS}" NAME)
if(NOT name STREQUAL "rin-${prefix}.rinw")
  message(FATAL_ERROR "engine/eval/weights/${name} holds weights whose name is rin-${prefix}.rinw: "
                      "git mv it, and name it so in README.md")
endif()
message(STATUS "engine/eval/weights/${name}: named by its contents")
