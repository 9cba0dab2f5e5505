/* Fill points: a bit-parallel 3x3 test over the whole board finds the few
 * candidate points, then the ring code decides each exactly. */
#include "rules/tactics.h"

#include <stddef.h>

#include "rules/ring.h"

/* The points, on the whole 16x16 grid and whatever occupies them, where a
 * stone would split the area outside `own` locally. */
static Bitboard cut_points_of(Bitboard own)
{
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
    return two;
}

Bitboard tactics_cut_points(const Position *pos, Color color)
{
    return bb_and(cut_points_of(pos->stones[color]), pos_empty(pos));
}

/* The points outside `own` and `blocked` that reach the edge through such
 * points: whichever point outside them a stone of the colour takes, they
 * stay open (ring_enclosed_pieces_beside). One flood shared by the floods
 * of every candidate point. */
static Bitboard open_beyond(Bitboard own, int size, Bitboard blocked)
{
    Bitboard area = bb_andnot(bb_andnot(bb_board(size), own), blocked);
    return ring_flood(bb_and(area, bb_edge(size)), area);
}

/* What a stone of `color` at the empty `point` fills (nothing for most);
 * `open` as from open_beyond, without `point`. */
static Bitboard filled_beside(const Position *pos, Color color, int point, Bitboard open)
{
    Bitboard own = bb_or(pos->stones[color], bb_point(point));
    unsigned pieces = ring_pieces(own, point);
    if (!(pieces & (pieces - 1)))
        return bb_zero();
    return ring_enclosed_pieces_beside(own, pos->size, point, pieces, open);
}

static Bitboard filled_by(const Position *pos, Color color, int point)
{
    return filled_beside(pos, color, point, bb_zero());
}

static int gain_of_filled(const Position *pos, Color color, Bitboard filled)
{
    return bb_count(filled) + bb_count(bb_and(filled, pos->stones[color_other(color)]));
}

int tactics_fill_gain(const Position *pos, Color color, int point)
{
    return gain_of_filled(pos, color, filled_by(pos, color, point));
}

void tactics_fill_points(const Position *pos, Color color, FillMap *map)
{
    map->cuts = tactics_cut_points(pos, color);
    map->points = bb_zero();
    map->area = bb_zero();
    map->best = 0;
    Bitboard cuts = map->cuts;
    if (bb_is_empty(cuts))
        return;
    /* no cut point is in it, so it is open whichever one is taken */
    Bitboard open = open_beyond(pos->stones[color], pos->size, cuts);
    for (int p; (p = bb_next(&cuts)) != POINT_NONE;) {
        Bitboard filled = filled_beside(pos, color, p, open);
        if (bb_is_empty(filled))
            continue;
        int gain = gain_of_filled(pos, color, filled);
        bb_set(&map->points, p);
        map->area = bb_or(map->area, filled);
        map->gain[p] = (uint16_t)gain;
        if (gain > map->best)
            map->best = gain;
    }
}

bool tactics_has_fill(const Position *pos, Color color)
{
    FillMap map;
    tactics_fill_points(pos, color, &map);
    return !bb_is_empty(map.points);
}

/* Offsets of the ring positions clockwise from north (see ring.h). */
static const int ring_offset[8] = {-BB_STRIDE, -BB_STRIDE + 1, 1, BB_STRIDE + 1, BB_STRIDE, BB_STRIDE - 1, -1,
                                   -BB_STRIDE - 1};

/* Labels every stone of `own` with its 8-connected chain; returns the
 * number of chains (at most 64 on a 16x16 board). */
static int label_chains(Bitboard own, uint8_t label[BB_POINTS])
{
    uint8_t id = 0;
    for (Bitboard left = own; !bb_is_empty(left); id++) {
        Bitboard chain = bb_point(bb_first(left));
        for (;;) {
            Bitboard grown = bb_and(bb_dilate8(chain), own);
            if (bb_equal(grown, chain))
                break;
            chain = grown;
        }
        left = bb_andnot(left, chain);
        for (int i = 0; i < BB_WORDS; i++)
            for (uint64_t bits = chain.w[i]; bits; bits &= bits - 1)
                label[i * 64 + __builtin_ctzll(bits)] = id;
    }
    return id;
}

/* For each 3x3 pattern (bits as in ring_pieces_table), its own points as
 * ring positions: bit k is ring_offset[k]. */
#define RING_BIT(i, b, k) (((i) >> (b) & 1) << (k))
#define RING_OF(i) (RING_BIT(i, 1, 0) | RING_BIT(i, 2, 1) | RING_BIT(i, 5, 2) | RING_BIT(i, 8, 3) | \
                    RING_BIT(i, 7, 4) | RING_BIT(i, 6, 5) | RING_BIT(i, 3, 6) | RING_BIT(i, 0, 7))
#define RING4(i) RING_OF(i), RING_OF((i) + 1), RING_OF((i) + 2), RING_OF((i) + 3)
#define RING16(i) RING4(i), RING4((i) + 4), RING4((i) + 8), RING4((i) + 12)
#define RING64(i) RING16(i), RING16((i) + 16), RING16((i) + 32), RING16((i) + 48)
#define RING512(i) RING64(i), RING64((i) + 64), RING64((i) + 128), RING64((i) + 192), RING64((i) + 256), \
    RING64((i) + 320), RING64((i) + 384), RING64((i) + 448)
static const uint8_t ring_of_pattern[512] = {RING512(0)};

/* The runs of own stones that separate the pieces of non-own points
 * around the cut point y: for each run, the set of chains (labels, all below
 * 64) of its stones, and whether it holds the stone x (POINT_NONE for none;
 * x is in `own`). Returns the number of runs. */
static int run_chains(Bitboard own, int y, const uint8_t *label, int x, uint64_t chains[4], bool holds_x[4])
{
    unsigned pattern = ring_pattern(own, y);
    unsigned ends = ring_pieces_table[pattern];
    unsigned ring = ring_of_pattern[pattern];
    int n = 0;
    for (int d = 0; d < 4; d++) {
        if (!(ends & (1u << d)))
            continue;
        /* the run after the piece ending at orthogonal 2d: ring positions up
         * to the next free orthogonal one (another piece begins there), with
         * the ring turned so that it starts at bit 0; the orthogonal ones are
         * then the odd bits, and the piece's own end (bit 7) is free */
        int start = 2 * d + 1;
        unsigned turned = ((ring >> start) | (ring << (8 - start))) & 0xFF;
        unsigned stops = ~turned & 0xAA;
        unsigned run = turned & ((stops & (0u - stops)) - 1);
        chains[n] = 0;
        holds_x[n] = false;
        for (; run; run &= run - 1) {
            int q = y + ring_offset[(__builtin_ctz(run) + start) & 7];
            if (q == x)
                holds_x[n] = true;
            else
                chains[n] |= UINT64_C(1) << label[q];
        }
        n++;
    }
    return n;
}

/* Whether the runs around a stone close a loop through x: two runs that
 * reach the chain joined by x (or hold x) and share no chain already (a loop
 * without x was closed before x). */
static bool loop_through_x(const uint64_t chains[4], const bool holds_x[4], int runs, uint64_t joined)
{
    for (int a = 0; a < runs; a++)
        for (int c = a + 1; c < runs; c++)
            if (((holds_x && holds_x[a]) || (chains[a] & joined)) && ((holds_x && holds_x[c]) || (chains[c] & joined)) &&
                !(chains[a] & chains[c]))
                return true;
    return false;
}

void tactics_chains_compute(Bitboard own, TacticsChains *chains)
{
    chains->own = own;
    chains->count = label_chains(own, chains->label);
    for (int c = 0; c < chains->count; c++)
        chains->touching[c] = bb_zero();
    Bitboard left = cut_points_of(own);
    for (int y; (y = bb_next(&left)) != POINT_NONE;) {
        uint64_t runs[4];
        bool unused[4];
        int n = run_chains(own, y, chains->label, POINT_NONE, runs, unused);
        uint64_t all = 0;
        for (int r = 0; r < n; r++)
            all |= runs[r];
        for (; all; all &= all - 1)
            bb_set(&chains->touching[__builtin_ctzll(all)], y);
    }
}

/* Score change of a stone of `color` at y when `with` are its stones. */
static int gain_with(const Position *pos, Bitboard with, Color color, int y)
{
    Bitboard own = bb_or(with, bb_point(y));
    Bitboard filled = ring_enclosed_pieces(own, pos->size, y, ring_pieces(own, y));
    return bb_count(filled) + bb_count(bb_and(filled, pos->stones[color_other(color)]));
}

Bitboard tactics_threat_points(const Position *pos, Color color, const FillMap *fills, int *best_gain)
{
    ThreatMap map;
    tactics_threat_map(pos, color, fills, &map);
    if (best_gain)
        *best_gain = map.best;
    return map.points;
}

void tactics_threat_map(const Position *pos, Color color, const FillMap *fills, ThreatMap *map)
{
    tactics_threat_map_with(pos, color, fills, NULL, map);
}

void tactics_threat_map_with(const Position *pos, Color color, const FillMap *fills, const TacticsChains *chains,
                             ThreatMap *map)
{
    /* A two-stone ring x, y closes a loop of own stones through both. A
     * stone closes a loop exactly when two of the runs of own stones around
     * it (which separate its pieces of non-own points) belong to one 8-
     * connected chain (positions hold no unfilled enclosure, so without
     * such a pair nothing closes). With x placed, the chains next to x
     * become one, and y closes a new loop, through x, when two of its runs
     * reach that joined chain without sharing a chain already:
     * - y not next to x keeps its runs (it is a cut point before x);
     * - y next to x has a new pattern: its runs are recounted with x.
     * The first stone x is a gap itself (it touches two chains). A ring
     * needing two adjacent stones in one gap of its wall is not found here;
     * the search finds it. Candidates found this way are checked by a flood
     * for their exact gain. */
    Bitboard own = pos->stones[color];
    Bitboard cuts = fills->cuts;
    Bitboard gaps = tactics_gaps(fills);
    map->points = bb_zero();
    map->seconds = bb_zero();
    map->best = 0;
    if (bb_is_empty(gaps))
        return;
    TacticsChains computed;
    if (!chains) {
        tactics_chains_compute(own, &computed);
        chains = &computed;
    }
    const uint8_t *label = chains->label;
    const Bitboard *touching = chains->touching;
    /* the runs around the cut points y away from x (as they are before x),
     * worked out when first needed */
    Bitboard runs_known = bb_zero();
    int cut_runs[BB_POINTS];
    uint64_t cut_chains[BB_POINTS][4];
    Bitboard xs = gaps;
    for (int x; (x = bb_next(&xs)) != POINT_NONE;) {
        Bitboard with = bb_or(own, bb_point(x));
        Bitboard near_x = bb_dilate8(bb_point(x));
        /* the chains x joins into one */
        uint64_t joined = 0;
        Bitboard around = bb_and(near_x, own);
        for (int q; (q = bb_next(&around)) != POINT_NONE;)
            joined |= UINT64_C(1) << label[q];
        /* a loop through x and a cut point y away from x needs two runs of
         * y on two different chains that x joins: only cut points touching
         * two of them can close one */
        Bitboard once = bb_zero(), twice = bb_zero();
        for (uint64_t c = joined; c; c &= c - 1) {
            Bitboard t = touching[__builtin_ctzll(c)];
            twice = bb_or(twice, bb_and(once, t));
            once = bb_or(once, t);
        }
        int gain_x = 0, second = POINT_NONE;
        Bitboard ys = bb_and(bb_andnot(twice, near_x), cuts);
        for (int y; (y = bb_next(&ys)) != POINT_NONE;) {
            if (!bb_test(runs_known, y)) {
                bool unused[4];
                cut_runs[y] = run_chains(own, y, label, POINT_NONE, cut_chains[y], unused);
                bb_set(&runs_known, y);
            }
            if (loop_through_x(cut_chains[y], NULL, cut_runs[y], joined)) {
                int g = gain_with(pos, with, color, y);
                if (g > gain_x) {
                    gain_x = g;
                    second = y;
                }
            }
        }
        Bitboard b = bb_and(near_x, pos_empty(pos));
        for (int y; (y = bb_next(&b)) != POINT_NONE;) {
            if (y == x)
                continue;
            unsigned pieces = ring_pieces(with, y);
            if (!(pieces & (pieces - 1)))
                continue;
            uint64_t y_chains[4];
            bool holds_x[4];
            int runs = run_chains(with, y, label, x, y_chains, holds_x);
            if (loop_through_x(y_chains, holds_x, runs, joined)) {
                int g = gain_with(pos, with, color, y);
                if (g > gain_x) {
                    gain_x = g;
                    second = y;
                }
            }
        }
        if (gain_x > 0) {
            bb_set(&map->points, x);
            bb_set(&map->seconds, second);
            map->gain[x] = (uint16_t)gain_x;
            map->second[x] = (int16_t)second;
            if (gain_x > map->best)
                map->best = gain_x;
        }
    }
}

void tactics_set_threats(const Position *pos, bool with_threats, Tactics *t)
{
    if (with_threats) {
        tactics_set_threats_with(pos, NULL, t);
        return;
    }
    t->threats = bb_zero();
    t->best_threat = 0;
    t->threats_known = false;
}

void tactics_set_threats_with(const Position *pos, const TacticsChains *chains, Tactics *t)
{
    ThreatMap map;
    tactics_threat_map_with(pos, pos_to_move(pos), &t->mine, chains, &map);
    t->threats = map.points;
    t->best_threat = map.best;
    t->threats_known = true;
}

TacticsCarry tactics_carry(const Position *parent, const Position *child, const Tactics *parent_tactics)
{
    TacticsCarry carry = {NULL, POINT_NONE};
    Color mover = pos_to_move(parent);
    Bitboard placed = bb_andnot(child->stones[mover], parent->stones[mover]);
    carry.move = bb_first(placed);
    if (parent_tactics && bb_count(placed) == 1)
        carry.other = &parent_tactics->theirs; /* nothing filled */
    return carry;
}

void tactics_analyze_carried(const Position *pos, bool with_threats, TacticsCarry carry, Tactics *t)
{
    const FillMap *before = carry.other;
    if (!before || bb_test(before->points, carry.move) || bb_test(before->area, carry.move)) {
        tactics_analyze(pos, with_threats, t);
        return;
    }
    /* the stone's colour is the mover's; the other's map is carried over */
    Color other = pos_at(pos, carry.move) == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
    bool other_to_move = pos_to_move(pos) == other;
    FillMap *kept = other_to_move ? &t->mine : &t->theirs;
    *kept = *before;
    bb_clear(&kept->cuts, carry.move);
    tactics_fill_points(pos, color_other(other), other_to_move ? &t->theirs : &t->mine);
    tactics_set_threats(pos, with_threats, t);
}

void tactics_analyze(const Position *pos, bool with_threats, Tactics *t)
{
    Color me = pos_to_move(pos);
    tactics_fill_points(pos, me, &t->mine);
    tactics_fill_points(pos, color_other(me), &t->theirs);
    tactics_set_threats(pos, with_threats, t);
}
