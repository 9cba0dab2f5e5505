/* Position strings, the one-line FEN of Rin: rows from the top separated by
 * '/', 'x' black, 'o' white, a number for that many empty points; then the
 * side to move (b/w) and the stone of the turn (1/2). */
#ifndef RIN_POSSTR_H
#define RIN_POSSTR_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/position.h"

/* Longest string: 16 rows of 16 characters, 15 slashes, " b 1", NUL. */
enum { POSSTR_MAX = 16 * 16 + 15 + 4 + 1 };

typedef enum PosstrStatus {
    POSSTR_OK,
    POSSTR_SYNTAX,  /* the text does not parse */
    POSSTR_INVALID, /* it parses, but no game reaches such a position */
} PosstrStatus;

/* Parses `text` (fields separated by spaces or tabs). On success fills *pos
 * and returns POSSTR_OK; otherwise leaves *pos untouched, writes a message
 * saying what is wrong into err (err_size bytes) and says which kind of
 * wrong it is. */
PosstrStatus posstr_read(const char *text, Position *pos, char *err, size_t err_size);

/* posstr_read for callers to whom any failure is one: true on success. */
bool posstr_parse(const char *text, Position *pos, char *err, size_t err_size);

/* Writes the position string of pos into out (at least POSSTR_MAX bytes). */
void posstr_format(const Position *pos, char *out);

#endif
