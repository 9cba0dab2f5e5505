/* The board's eight symmetries: symmetry s (0 to 7) of an N x N board
 * transposes it (s & 4), then mirrors its columns (s & 1) and its rows
 * (s & 2). A position and its mirror images have the same value. */
#ifndef RIN_SYMMETRY_H
#define RIN_SYMMETRY_H

#include "rules/bitboard.h"
#include "rules/position.h"

enum { SYMMETRIES = 8 };

/* The image of an on-board point under symmetry s. */
int symmetry_point(int s, int size, int point);

/* The image of a set of points under symmetry s. */
Bitboard symmetry_bitboard(int s, int size, Bitboard b);

/* The position under symmetry s: its stones moved, the same turn and ply,
 * its hash computed again. */
Position symmetry_position(int s, const Position *pos);

#endif
