/* The board's eight symmetries for the tests, written independently of the
 * engine's: symmetry s (0 to 7) transposes (4), then mirrors the columns
 * (1) and the rows (2). */
#ifndef RIN_TEST_SYMMETRY_H
#define RIN_TEST_SYMMETRY_H

#include "rules/bitboard.h"

/* The point (row * 16 + column) p under symmetry s of an n x n board. */
int support_transform_point(int p, int s, int n);

/* Every point of b under symmetry s of an n x n board. */
Bitboard support_transform_bb(Bitboard b, int s, int n);

#endif
