/* Rings: which points a placement encloses. A point that is not the mover's
 * colour is enclosed when no orthogonal path of such points reaches the safe
 * zone (the edge). */
#ifndef RIN_RING_H
#define RIN_RING_H

#include <stdint.h>

#include "rules/bitboard.h"

/* For each 3x3 pattern of own stones around a point (bit 0..8 = NW N NE W C
 * E SW S SE, row by row), the orthogonal neighbours that each end a separate
 * local piece of non-own points (bit 0 N, 1 E, 2 S, 3 W). */
extern const uint8_t ring_pieces_table[512];

/* The 3x3 pattern of `b` around `point` (bits as in ring_pieces_table);
 * off-board points read as 0. */
static inline unsigned ring_pattern(Bitboard b, int point)
{
    int c = point_col(point);
    uint64_t three = bb_rows3(b, point_row(point));
    /* Rows 20 bits apart, so that column -1 of a row reads a zero gap bit. */
    uint64_t rows = (three & 0xFFFF) | ((three & 0xFFFF0000) << 4) | ((three & UINT64_C(0xFFFF00000000)) << 8);
    uint64_t t = (rows << 1) >> c; /* column c-1 of each row now at bit 0, 20, 40 */
    return (unsigned)((t & 7) | ((t >> 17) & 0x38) | ((t >> 34) & 0x1C0));
}

/* The local pieces of non-own points around `point` (see ring_pieces_table).
 * Off-board neighbours read as non-own: they stand for the outside. A stone
 * can only have enclosed something when this has two bits or more. */
static inline unsigned ring_pieces(Bitboard own, int point) { return ring_pieces_table[ring_pattern(own, point)]; }

/* The points enclosed by a stone just placed at `point`, given its
 * ring_pieces(): floods each piece until it reaches the edge or stops. */
Bitboard ring_enclosed_pieces(Bitboard own, int size, int point, unsigned pieces);

/* ring_enclosed_pieces, the same result, given `open`: points outside `own`
 * (and so not `point`) that reach the edge through points outside `own`.
 * A piece that touches them is open, and its flood stops there. */
Bitboard ring_enclosed_pieces_beside(Bitboard own, int size, int point, unsigned pieces, Bitboard open);

/* Points enclosed by a stone just placed at `point`: `own` already holds it,
 * and before it was placed nothing outside `own` was enclosed. */
static inline Bitboard ring_enclosed_by(Bitboard own, int size, int point)
{
    unsigned pieces = ring_pieces(own, point);
    if (!(pieces & (pieces - 1)))
        return bb_zero();
    return ring_enclosed_pieces(own, size, point, pieces);
}

/* Every point outside `own` that cannot reach the edge: the from-scratch
 * version, for positions that did not arise by play. */
Bitboard ring_enclosed_all(Bitboard own, int size);

/* Points of `area` connected to `seed` by orthogonal steps within `area`. */
Bitboard ring_flood(Bitboard seed, Bitboard area);

#endif
