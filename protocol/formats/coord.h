/* GTP vertices: a column letter from A (skipping I) and a row number counted
 * from 1 at the bottom. Point (row r, column c) on an N x N board is the
 * letter of column c followed by N - r. */
#ifndef RIN_COORD_H
#define RIN_COORD_H

enum { COORD_TEXT_MAX = 4 }; /* "Q16" and its terminating NUL */

typedef enum CoordStatus {
    COORD_OK = 0,
    COORD_PASS,      /* the word "pass": a GTP vertex, never a Rin move */
    COORD_SYNTAX,    /* not a vertex at all */
    COORD_OFF_BOARD  /* a vertex, but outside this board */
} CoordStatus;

/* Parses a vertex (any case) for a board of `size`; *point is set only on
 * COORD_OK. */
CoordStatus coord_parse(const char *text, int size, int *point);

/* Writes the vertex of `point` into out (at least COORD_TEXT_MAX bytes). */
void coord_format(int point, int size, char *out);

/* The column letter of column c (0-based): A..H, J..Z. */
char coord_column_letter(int col);

#endif
