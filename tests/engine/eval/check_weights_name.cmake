# ctest weights_name, patterns_name, network_name
# (cmake -DWEIGHTS=FILE -DPREFIX=rin- -DEXT=rinw -P): a built-in weights file
# is named PREFIX<the first 12 hex digits of its SHA-256>.EXT, so that
# retrained weights cannot keep an old name (rin train --output DIRECTORY,
# rin train-patterns and scripts/train-net name them so).
file(SHA256 "${WEIGHTS}" hash)
string(SUBSTRING "${hash}" 0 12 prefix)
get_filename_component(name "${WEIGHTS}" NAME)
if(NOT name STREQUAL "${PREFIX}${prefix}.${EXT}")
  message(FATAL_ERROR "engine/eval/weights/${name} holds weights whose name is ${PREFIX}${prefix}.${EXT}: "
                      "git mv it, and name it so in README.md")
endif()
message(STATUS "engine/eval/weights/${name}: named by its contents")
