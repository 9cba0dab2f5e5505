# Writes OUTPUT, a C source holding the bytes of the file INPUT (the built-in
# weights, or the built-in pattern weights) as SYMBOL_bytes / SYMBOL_size
# (run with cmake -P at build time).
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp"
  "/* Generated from engine/eval/weights/${name} at build time: do not edit. */\n"
  "#include <stddef.h>\n"
  "const unsigned char ${SYMBOL}_bytes[] = {\n${bytes}};\n"
  "const size_t ${SYMBOL}_size = ${size};\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
