/* Error messages for parsers that return a status and say why into a
 * caller's buffer. */
#ifndef RIN_ERROR_TEXT_H
#define RIN_ERROR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes the printf-style message into err (err_size bytes, may be 0) and
 * returns false, so that a parser can `return error_text(...)`. */
bool error_text(char *err, size_t err_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
