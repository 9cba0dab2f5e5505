/* The board's eight symmetries (symmetry.h). */
#include "rules/symmetry.h"

int symmetry_point(int s, int size, int point)
{
    int r = point_row(point), c = point_col(point);
    if (s & 4) {
        int t = r;
        r = c;
        c = t;
    }
    if (s & 1)
        c = size - 1 - c;
    if (s & 2)
        r = size - 1 - r;
    return point_make(r, c);
}

Bitboard symmetry_bitboard(int s, int size, Bitboard b)
{
    Bitboard out = bb_zero();
    for (int p; (p = bb_next(&b)) != POINT_NONE;)
        bb_set(&out, symmetry_point(s, size, p));
    return out;
}

Position symmetry_position(int s, const Position *pos)
{
    Position out = *pos;
    out.stones[COLOR_BLACK] = symmetry_bitboard(s, pos->size, pos->stones[COLOR_BLACK]);
    out.stones[COLOR_WHITE] = symmetry_bitboard(s, pos->size, pos->stones[COLOR_WHITE]);
    out.hash = pos_compute_hash(&out);
    return out;
}
