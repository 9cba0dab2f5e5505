/* Helpers shared by the tests: GTP vertices written independently of
 * protocol/, so that engine tests can name points the way engine/RULES.md does. */
#ifndef RIN_TEST_SUPPORT_H
#define RIN_TEST_SUPPORT_H

enum { SUPPORT_VERTEX_MAX = 4 }; /* "Q16" and its terminating NUL */

/* The point (row * 16 + column) of a vertex such as "C15" on an N x N
 * board: column letter A.. skipping I (any case), row number 1 at the
 * bottom. -1 when the text is not a vertex of that board. */
int support_vertex_point(int size, const char *vertex);

/* Writes the vertex of (row, col) on an N x N board into out
 * (SUPPORT_VERTEX_MAX bytes). */
void support_vertex_name(int size, int row, int col, char *out);

#endif
