/* Fill points: a bit-parallel 3x3 test over the whole board finds the few
 * candidate points, then the ring code decides each exactly. */
#include "tactics.h"

#include "ring.h"

Bitboard tactics_cut_points(const Position *pos, Color color)
{
    Bitboard own = pos->stones[color];
    /* oX: the neighbour in direction X is own (off-board reads as not own). */
    Bitboard o_n = bb_south(own), o_s = bb_north(own), o_e = bb_west(own), o_w = bb_east(own);
    Bitboard o_ne = bb_west(o_n), o_nw = bb_east(o_n), o_se = bb_west(o_s), o_sw = bb_east(o_s);
    /* An orthogonal neighbour ends a local piece when it is free and not
     * linked to the next one clockwise (through a free corner). */
    Bitboard both_ne_e = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_ne), o_e);
    Bitboard both_se_s = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_se), o_s);
    Bitboard both_sw_w = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_sw), o_w);
    Bitboard both_nw_n = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_nw), o_n);
    Bitboard last_n = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_n), both_ne_e);
    Bitboard last_e = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_e), both_se_s);
    Bitboard last_s = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_s), both_sw_w);
    Bitboard last_w = bb_andnot(bb_andnot(bb_board(BB_MAX_SIZE), o_w), both_nw_n);
    Bitboard two = bb_or(bb_and(last_n, bb_or(last_e, bb_or(last_s, last_w))),
                         bb_or(bb_and(last_e, bb_or(last_s, last_w)), bb_and(last_s, last_w)));
    return bb_and(two, pos_empty(pos));
}

static int gain_of(const Position *pos, Color color, int point)
{
    Bitboard own = bb_or(pos->stones[color], bb_point(point));
    unsigned pieces = ring_pieces(own, point);
    if (!(pieces & (pieces - 1)))
        return 0;
    Bitboard filled = ring_enclosed_pieces(own, pos->size, point, pieces);
    return bb_count(filled) + bb_count(bb_and(filled, pos->stones[color_other(color)]));
}

int tactics_fill_gain(const Position *pos, Color color, int point) { return gain_of(pos, color, point); }

void tactics_fill_points(const Position *pos, Color color, FillMap *map)
{
    map->points = bb_zero();
    for (Bitboard cuts = tactics_cut_points(pos, color); !bb_is_empty(cuts);) {
        int p = bb_pop(&cuts);
        int gain = gain_of(pos, color, p);
        if (gain > 0) {
            bb_set(&map->points, p);
            map->gain[p] = (uint16_t)gain;
        }
    }
}

bool tactics_has_fill(const Position *pos, Color color)
{
    FillMap map;
    tactics_fill_points(pos, color, &map);
    return !bb_is_empty(map.points);
}

/* Best fill gain for `color` among `candidates` on a board where `own` are
 * its stones (the rest of the position as in pos). */
static int best_gain_among(const Position *pos, Bitboard own, Color color, Bitboard candidates)
{
    int best = 0;
    Bitboard enemy = pos->stones[color_other(color)];
    while (!bb_is_empty(candidates)) {
        int p = bb_pop(&candidates);
        Bitboard with = bb_or(own, bb_point(p));
        unsigned pieces = ring_pieces(with, p);
        if (!(pieces & (pieces - 1)))
            continue;
        Bitboard filled = ring_enclosed_pieces(with, pos->size, p, pieces);
        int gain = bb_count(filled) + bb_count(bb_and(filled, enemy));
        if (gain > best)
            best = gain;
    }
    return best;
}

Bitboard tactics_threat_points(const Position *pos, Color color, const FillMap *fills, int *best_gain)
{
    /* The first stone x of a two-stone ring lies on the ring. It is taken
     * from the gaps of own walls: cut points that close nothing yet. (A
     * ring needing two adjacent stones in one gap is left to the search.)
     * A second stone y then closes only if it is a cut point afterwards,
     * and it can be one only if it was a cut point before or is next to x. */
    Bitboard own = pos->stones[color];
    Bitboard cuts = tactics_cut_points(pos, color);
    Bitboard candidates = bb_andnot(cuts, fills->points);
    Bitboard threats = bb_zero();
    int best = 0;
    while (!bb_is_empty(candidates)) {
        int x = bb_pop(&candidates);
        Position child = *pos;
        child.stones[color] = bb_or(own, bb_point(x));
        Bitboard seconds = bb_and(tactics_cut_points(&child, color), bb_or(bb_dilate8(bb_point(x)), cuts));
        int gain = best_gain_among(&child, child.stones[color], color, seconds);
        if (gain > 0) {
            bb_set(&threats, x);
            if (gain > best)
                best = gain;
        }
    }
    if (best_gain)
        *best_gain = best;
    return threats;
}
