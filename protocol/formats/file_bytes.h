/* A whole file into memory, size-limited: what the weights loaders read
 * before their checks. */
#ifndef RIN_FILE_BYTES_H
#define RIN_FILE_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The bytes of the file at path (malloc'd into *bytes, *size set). On
 * failure (it cannot be opened or read, it is larger than max_bytes, memory
 * runs out) returns false with a message naming the file in err; *bytes and
 * *size are untouched. */
bool file_bytes_read(const char *path, size_t max_bytes, uint8_t **bytes, size_t *size, char *err,
                     size_t err_size);

#endif
