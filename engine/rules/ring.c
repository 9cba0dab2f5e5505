/* Ring detection: the local 3x3 test and the flood fills behind it. */
#include "rules/ring.h"

/* Bit b of the 3x3 pattern i is free (not own). Bits: 0 NW 1 N 2 NE 3 W
 * 4 centre 5 E 6 SW 7 S 8 SE. Going clockwise N NE E SE S SW W NW, an
 * orthogonal neighbour is linked to the next one when both it, the corner
 * between them and the next one are free; an orthogonal neighbour that is
 * free but not linked onwards ends a piece. */
#define FREE(i, b) (((i) >> (b) & 1) ^ 1)
#define ENDS(i, o, corner, next) (FREE(i, o) & (1 ^ (FREE(i, corner) & FREE(i, next))))
#define PIECES(i) (ENDS(i, 1, 2, 5) | ENDS(i, 5, 8, 7) << 1 | ENDS(i, 7, 6, 3) << 2 | ENDS(i, 3, 0, 1) << 3)
#define P4(i) PIECES(i), PIECES((i) + 1), PIECES((i) + 2), PIECES((i) + 3)
#define P16(i) P4(i), P4((i) + 4), P4((i) + 8), P4((i) + 12)
#define P64(i) P16(i), P16((i) + 16), P16((i) + 32), P16((i) + 48)
#define P512(i) P64(i), P64((i) + 64), P64((i) + 128), P64((i) + 192), P64((i) + 256), P64((i) + 320), \
    P64((i) + 384), P64((i) + 448)

const uint8_t ring_pieces_table[512] = {P512(0)};

/* One step of a flood inside `area`: the four neighbours, then the rest of
 * every row run reached, eastwards. Reaches the same fixed point as plain
 * dilation, in fewer steps. */
static inline Bitboard grow(Bitboard region, Bitboard area)
{
    return bb_fill_east(bb_and(bb_dilate4(region), area), area);
}

Bitboard ring_flood(Bitboard seed, Bitboard area)
{
    Bitboard region = bb_fill_east(bb_and(seed, area), area);
    for (;;) {
        Bitboard grown = grow(region, area);
        if (bb_subset(grown, region))
            return region;
        region = grown;
    }
}

Bitboard ring_enclosed_all(Bitboard own, int size)
{
    Bitboard area = bb_andnot(bb_board(size), own);
    Bitboard open = ring_flood(bb_and(area, bb_edge(size)), area);
    return bb_andnot(area, open);
}

/* Grows `seed` (inside `area`) into *region; stops as soon as it touches
 * the edge (false: open, *region is then only part of it). If it stops
 * growing first, *region is enclosed (true). */
static bool flood_is_enclosed(Bitboard seed, Bitboard area, Bitboard edge, Bitboard *region)
{
    Bitboard r = bb_fill_east(seed, area);
    while (!bb_intersects(r, edge)) {
        Bitboard grown = grow(r, area);
        if (bb_subset(grown, r)) {
            *region = r;
            return true;
        }
        r = grown;
    }
    *region = r;
    return false;
}

/* Two pieces around a stone placed off the edge: at least one of them is
 * open, since the area they split reached the edge through the stone's
 * neighbours. Both grow in step; the first event decides: they meet (one
 * open region), one stops growing (enclosed, so the other is open), or one
 * reaches the edge (then only the other is left to decide). */
static Bitboard enclosed_of_two(Bitboard a, Bitboard b, Bitboard area, Bitboard edge)
{
    a = bb_fill_east(a, area);
    b = bb_fill_east(b, area);
    for (;;) {
        if (bb_intersects(a, b))
            return bb_zero();
        if (bb_intersects(bb_or(a, b), edge)) {
            if (!bb_intersects(a, edge))
                b = a;
            break;
        }
        Bitboard ga = grow(a, area);
        if (bb_subset(ga, a))
            return a;
        Bitboard gb = grow(b, area);
        if (bb_subset(gb, b))
            return b;
        a = ga;
        b = gb;
    }
    Bitboard region;
    return flood_is_enclosed(b, area, edge, &region) ? region : bb_zero();
}

Bitboard ring_enclosed_pieces(Bitboard own, int size, int point, unsigned pieces)
{
    return ring_enclosed_pieces_beside(own, size, point, pieces, bb_zero());
}

Bitboard ring_enclosed_pieces_beside(Bitboard own, int size, int point, unsigned pieces, Bitboard open)
{
    static const int8_t step[4] = {-BB_STRIDE, 1, BB_STRIDE, -1}; /* N E S W, as the pieces' bits */
    Bitboard area = bb_andnot(bb_board(size), own);
    Bitboard edge = bb_edge(size);
    /* a piece that touches `open` reaches the edge: the floods stop there */
    Bitboard stop = bb_or(edge, open);
    /* Pieces whose neighbour is off the board (round a point of the edge
     * only) are the outside itself: open. */
    unsigned off = 0;
    if (bb_test(edge, point)) {
        int r = point_row(point), c = point_col(point);
        off = (unsigned)(r == 0) | (unsigned)(c == size - 1) << 1 | (unsigned)(r == size - 1) << 2 |
              (unsigned)(c == 0) << 3;
    }
    bool on_edge = pieces & off;
    int seeds[4], nseeds = 0;
    for (unsigned inside = pieces & ~off; inside; inside &= inside - 1)
        seeds[nseeds++] = point + step[__builtin_ctz(inside)];
    if (nseeds == 2 && !on_edge)
        return enclosed_of_two(bb_point(seeds[0]), bb_point(seeds[1]), area, stop);

    Bitboard enclosed = bb_zero();
    Bitboard seen = bb_zero();
    for (int i = 0; i < nseeds; i++) {
        if (bb_test(seen, seeds[i]))
            continue; /* same region as an earlier piece */
        Bitboard region;
        if (flood_is_enclosed(bb_point(seeds[i]), area, stop, &region))
            enclosed = bb_or(enclosed, region);
        seen = bb_or(seen, region);
    }
    return enclosed;
}
