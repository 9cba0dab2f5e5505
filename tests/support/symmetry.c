/* The board's eight symmetries for the tests (symmetry.h). */
#include "symmetry.h"

int support_transform_point(int p, int s, int n)
{
    int r = point_row(p), c = point_col(p);
    if (s & 4) {
        int t = r;
        r = c;
        c = t;
    }
    if (s & 1)
        c = n - 1 - c;
    if (s & 2)
        r = n - 1 - r;
    return point_make(r, c);
}

Bitboard support_transform_bb(Bitboard b, int s, int n)
{
    Bitboard out = bb_zero();
    for (int p; (p = bb_next(&b)) != POINT_NONE;)
        bb_set(&out, support_transform_point(p, s, n));
    return out;
}
