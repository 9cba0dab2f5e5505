/* Tactics against brute force: cut points against the 3x3 test of the ring
 * code, fill points and gains against playing every point, two-stone ring
 * first stones against playing every pair. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "random_position.h"
#include "rules/playout.h"
#include "rules/ring.h"
#include "rules/tactics.h"

/* A random position: size 5..16, some random stones, not over. */
static Position random_position(Rng *rng, int index)
{
    for (;;) {
        int size = 5 + index % 12;
        Position pos = support_random_plies(rng, size, (int)rng_below(rng, (uint32_t)(size * size)));
        if (!pos_is_over(&pos))
            return pos;
    }
}

/* `pos` with `stones` as the stones of `color` and `color` to move. */
static Position as_mover(const Position *pos, Color color, Bitboard stones)
{
    Position p = *pos;
    p.stones[color] = stones;
    while (pos_to_move(&p) != color)
        p.ply++;
    return p;
}

/* The points a stone of `color` at y fills when `stones` are its stones. */
static Bitboard region(const Position *pos, Color color, Bitboard stones, int y)
{
    Position p = as_mover(pos, color, stones);
    Bitboard before = bb_or(p.stones[color], bb_point(y));
    pos_play(&p, y);
    return bb_andnot(p.stones[color], before);
}

static int gain(const Position *pos, Color color, Bitboard stones, int y)
{
    Bitboard filled = region(pos, color, stones, y);
    return bb_count(filled) + bb_count(bb_and(filled, pos->stones[color_other(color)]));
}

static void test_cut_points(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 1);
    int cuts = 0;
    for (int i = 0; i < 300; i++) {
        Position pos = random_position(&rng, i);
        for (int c = 0; c < 2; c++) {
            Bitboard fast = tactics_cut_points(&pos, (Color)c);
            for (Bitboard e = pos_empty(&pos); !bb_is_empty(e);) {
                int p = bb_pop(&e);
                unsigned pieces = ring_pieces(bb_or(pos.stones[c], bb_point(p)), p);
                bool cut = (pieces & (pieces - 1)) != 0;
                assert_int_equal(bb_test(fast, p), cut);
                cuts += cut;
            }
            assert_true(bb_is_empty(bb_andnot(fast, pos_empty(&pos))));
        }
    }
    assert_true(cuts > 1000);
}

static void test_fill_points(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2);
    int fills = 0;
    for (int i = 0; i < 300; i++) {
        Position pos = random_position(&rng, i);
        for (int c = 0; c < 2; c++) {
            FillMap map;
            tactics_fill_points(&pos, (Color)c, &map);
            assert_true(bb_equal(map.cuts, tactics_cut_points(&pos, (Color)c)));
            bool any = false;
            int best = 0;
            for (Bitboard e = pos_empty(&pos); !bb_is_empty(e);) {
                int p = bb_pop(&e);
                int g = gain(&pos, (Color)c, pos.stones[c], p);
                assert_int_equal(bb_test(map.points, p), g > 0);
                if (g > 0) {
                    assert_int_equal(map.gain[p], g);
                    assert_int_equal(tactics_fill_gain(&pos, (Color)c, p), g);
                    fills++;
                    any = true;
                    if (g > best)
                        best = g;
                }
            }
            assert_int_equal(map.best, best);
            assert_int_equal(tactics_has_fill(&pos, (Color)c), any);
        }
    }
    assert_true(fills > 300);
}

/* First stones x (gaps: cut points that fill nothing) after which some
 * second stone y fills points it would not fill without x; the threat map
 * names the gain and the second stone of the largest such ring. */
static void test_threat_points(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 3);
    int threats = 0;
    for (int i = 0; i < 120; i++) {
        Position pos = random_position(&rng, i);
        for (int c = 0; c < 2; c++) {
            Color color = (Color)c;
            FillMap fills;
            tactics_fill_points(&pos, color, &fills);
            int best;
            Bitboard fast = tactics_threat_points(&pos, color, &fills, &best);
            ThreatMap map;
            tactics_threat_map(&pos, color, &fills, &map);
            assert_true(bb_equal(map.points, fast));
            assert_int_equal(map.best, best);
            Bitboard gaps = bb_andnot(tactics_cut_points(&pos, color), fills.points);
            Bitboard brute = bb_zero();
            int brute_best = 0;
            for (Bitboard xs = gaps; !bb_is_empty(xs);) {
                int x = bb_pop(&xs);
                Bitboard with = bb_or(pos.stones[c], bb_point(x));
                int best_x = 0;
                for (Bitboard ys = pos_empty(&pos); !bb_is_empty(ys);) {
                    int y = bb_pop(&ys);
                    if (y == x)
                        continue;
                    Bitboard new_points =
                        bb_andnot(region(&pos, color, with, y), region(&pos, color, pos.stones[c], y));
                    if (bb_is_empty(new_points))
                        continue;
                    int g = gain(&pos, color, with, y);
                    if (g > best_x)
                        best_x = g;
                }
                if (best_x > 0) {
                    /* the map names the largest ring's gain and second stone */
                    assert_int_equal(map.gain[x], best_x);
                    assert_true(bb_test(map.seconds, map.second[x]));
                    assert_int_equal(gain(&pos, color, with, map.second[x]), best_x);
                    bb_set(&brute, x);
                    if (best_x > brute_best)
                        brute_best = best_x;
                }
            }
            assert_true(bb_equal(fast, brute));
            assert_int_equal(best, brute_best);
            threats += bb_count(brute);
        }
    }
    assert_true(threats > 200);
}

/* A node's analysis: the side to move's fill points as `mine`, the
 * opponent's as `theirs`, and its two-stone rings only when asked for. */
static void test_node_analysis(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 9);
    int threats = 0;
    for (int i = 0; i < 60; i++) {
        Position pos = random_position(&rng, i);
        Color me = pos_to_move(&pos);
        FillMap mine, theirs;
        tactics_fill_points(&pos, me, &mine);
        tactics_fill_points(&pos, color_other(me), &theirs);
        int best;
        Bitboard rings = tactics_threat_points(&pos, me, &mine, &best);
        for (int with_threats = 0; with_threats < 2; with_threats++) {
            Tactics t;
            tactics_analyze(&pos, with_threats, &t);
            assert_true(bb_equal(t.mine.points, mine.points));
            assert_true(bb_equal(t.theirs.points, theirs.points));
            assert_int_equal(t.mine.best, mine.best);
            assert_int_equal(t.theirs.best, theirs.best);
            assert_int_equal(t.threats_known, with_threats);
            assert_true(bb_equal(t.threats, with_threats ? rings : bb_zero()));
            assert_int_equal(t.best_threat, with_threats ? best : 0);
        }
        threats += bb_count(rings);
    }
    assert_true(threats > 50);
}

static void assert_same_fill_map(const FillMap *a, const FillMap *b)
{
    assert_true(bb_equal(a->cuts, b->cuts));
    assert_true(bb_equal(a->points, b->points));
    assert_true(bb_equal(a->area, b->area));
    assert_int_equal(a->best, b->best);
    Bitboard points = a->points;
    for (int p; (p = bb_next(&points)) != POINT_NONE;)
        assert_int_equal(a->gain[p], b->gain[p]);
}

/* ring_enclosed_pieces as it was before its floods could stop at points
 * known to be open: the reference for the floods the fill and threat maps
 * share (ring.c, at the commit before the open points). */
/* One step of a flood inside `area`: the four neighbours, then the rest of
 * every row run reached, eastwards. Reaches the same fixed point as plain
 * dilation, in fewer steps. */
static inline Bitboard grow(Bitboard region, Bitboard area)
{
    return bb_fill_east(bb_and(bb_dilate4(region), area), area);
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

static Bitboard old_enclosed_pieces(Bitboard own, int size, int point, unsigned pieces)
{
    static const int8_t step[4] = {-BB_STRIDE, 1, BB_STRIDE, -1}; /* N E S W, as the pieces' bits */
    Bitboard area = bb_andnot(bb_board(size), own);
    Bitboard edge = bb_edge(size);
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
        return enclosed_of_two(bb_point(seeds[0]), bb_point(seeds[1]), area, edge);

    Bitboard enclosed = bb_zero();
    Bitboard seen = bb_zero();
    for (int i = 0; i < nseeds; i++) {
        if (bb_test(seen, seeds[i]))
            continue; /* same region as an earlier piece */
        Bitboard region;
        if (flood_is_enclosed(bb_point(seeds[i]), area, edge, &region))
            enclosed = bb_or(enclosed, region);
        seen = bb_or(seen, region);
    }
    return enclosed;
}

/* A size x size board with stones anywhere, not necessarily reachable by
 * play (enclosed regions left unfilled too): each point is black with
 * probability black/64, else white with probability white/64. */
static Position random_stones(Rng *rng, int size, uint32_t black, uint32_t white)
{
    Position pos;
    pos_init(&pos, size);
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++) {
            uint32_t draw = rng_below(rng, 64);
            if (draw < black)
                bb_set(&pos.stones[COLOR_BLACK], point_make(r, c));
            else if (draw < black + white)
                bb_set(&pos.stones[COLOR_WHITE], point_make(r, c));
        }
    return pos;
}

/* Every kind of board the fill and threat tests below run on, for sizes
 * 4..16: empty, full of one colour, full of both, one point empty, random
 * stones at every density, and positions of random play. */
static Position board_of_kind(Rng *rng, int size, int kind)
{
    Position pos;
    switch (kind) {
    case 0:
        pos_init(&pos, size);
        return pos;
    case 1:
        return random_stones(rng, size, 64, 0);
    case 2:
        return random_stones(rng, size, 32, 32);
    case 3:
        pos = random_stones(rng, size, 32, 32);
        {
            int p = point_make((int)rng_below(rng, (uint32_t)size), (int)rng_below(rng, (uint32_t)size));
            bb_clear(&pos.stones[COLOR_BLACK], p);
            bb_clear(&pos.stones[COLOR_WHITE], p);
        }
        return pos;
    default:
        if (kind % 2)
            return support_random_plies(rng, size, (int)rng_below(rng, (uint32_t)(size * size + 1)));
        uint32_t black = rng_below(rng, 65);
        return random_stones(rng, size, black, rng_below(rng, 65 - black));
    }
}

enum { BOARD_KINDS = 40 };

/* The fill map as it was first computed: one ring test, and its floods, for
 * each cut point on its own. */
static void slow_fill_points(const Position *pos, Color color, FillMap *map)
{
    map->cuts = tactics_cut_points(pos, color);
    map->points = bb_zero();
    map->area = bb_zero();
    map->best = 0;
    for (Bitboard cuts = map->cuts; !bb_is_empty(cuts);) {
        int p = bb_pop(&cuts);
        Bitboard own = bb_or(pos->stones[color], bb_point(p));
        Bitboard filled = old_enclosed_pieces(own, pos->size, p, ring_pieces(own, p));
        if (bb_is_empty(filled))
            continue;
        int g = bb_count(filled) + bb_count(bb_and(filled, pos->stones[color_other(color)]));
        bb_set(&map->points, p);
        map->area = bb_or(map->area, filled);
        map->gain[p] = (uint16_t)g;
        if (g > map->best)
            map->best = g;
    }
}

/* The fill map, whose floods share one flood of the points that stay open,
 * is the one of a flood per cut point, on every size and kind of board. */
static void test_fill_points_match_one_flood_each(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 23);
    int fills = 0;
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++)
        for (int kind = 0; kind < BOARD_KINDS; kind++) {
            Position pos = board_of_kind(&rng, size, kind);
            for (int c = 0; c < 2; c++) {
                FillMap fast, slow;
                tactics_fill_points(&pos, (Color)c, &fast);
                slow_fill_points(&pos, (Color)c, &slow);
                assert_same_fill_map(&fast, &slow);
                fills += bb_count(slow.points);
            }
        }
    assert_true(fills > 1000);
}

/* The points outside own and blocked that reach the edge through such
 * points. */
static Bitboard open_beyond(Bitboard own, int size, Bitboard blocked)
{
    Bitboard area = bb_andnot(bb_andnot(bb_board(size), own), blocked);
    Bitboard open = bb_and(area, bb_edge(size));
    for (;;) {
        Bitboard grown = bb_and(bb_dilate4(open), area);
        grown = bb_or(grown, open);
        if (bb_equal(grown, open))
            return open;
        open = grown;
    }
}

/* ring_enclosed_pieces_beside, told of points that stay open whatever the
 * stone, gives ring_enclosed_pieces: around every empty point of every kind
 * of board, the open set that avoids the colour's cut points (as the fill
 * and threat maps use it), one that avoids random points, and none. */
static void test_enclosed_beside_open_points(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 29);
    int enclosures = 0;
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++)
        for (int kind = 0; kind < BOARD_KINDS; kind++) {
            Position pos = board_of_kind(&rng, size, kind);
            for (int c = 0; c < 2; c++) {
                Bitboard cuts = tactics_cut_points(&pos, (Color)c);
                Bitboard scattered = bb_zero();
                for (Bitboard e = pos_empty(&pos); !bb_is_empty(e);) {
                    int p = bb_pop(&e);
                    if (rng_below(&rng, 4) == 0)
                        bb_set(&scattered, p);
                }
                for (Bitboard e = pos_empty(&pos); !bb_is_empty(e);) {
                    int p = bb_pop(&e);
                    Bitboard own = bb_or(pos.stones[c], bb_point(p));
                    unsigned pieces = ring_pieces(own, p);
                    Bitboard want = old_enclosed_pieces(own, size, p, pieces);
                    Bitboard blocked[3] = {bb_or(cuts, bb_point(p)), bb_or(scattered, bb_point(p)), bb_point(p)};
                    for (int b = 0; b < 3; b++) {
                        Bitboard open = open_beyond(pos.stones[c], size, blocked[b]);
                        assert_true(bb_equal(ring_enclosed_pieces_beside(own, size, p, pieces, open), want));
                    }
                    assert_true(bb_equal(ring_enclosed_pieces_beside(own, size, p, pieces, bb_zero()), want));
                    assert_true(bb_equal(ring_enclosed_pieces(own, size, p, pieces), want));
                    enclosures += !bb_is_empty(want);
                }
            }
        }
    assert_true(enclosures > 1000);
}

/* The threat map's gains, worked out with the open points the fill map
 * shares, are those of playing its rings, on every size and kind of board:
 * each first stone's gain is that of its second stone after it, and the
 * best is the largest. */
static void test_threat_gains_every_size(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 31);
    int threats = 0;
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++)
        for (int kind = 0; kind < BOARD_KINDS; kind++) {
            Position pos = board_of_kind(&rng, size, kind);
            for (int c = 0; c < 2; c++) {
                Color color = (Color)c;
                FillMap fills;
                tactics_fill_points(&pos, color, &fills);
                ThreatMap map;
                tactics_threat_map(&pos, color, &fills, &map);
                assert_true(bb_subset(map.points, tactics_gaps(&fills)));
                int best = 0;
                for (Bitboard xs = map.points; !bb_is_empty(xs);) {
                    int x = bb_pop(&xs);
                    Bitboard own = bb_or(pos.stones[c], bb_point(x));
                    int y = map.second[x];
                    assert_true(bb_test(pos_empty(&pos), y) && y != x);
                    Bitboard filled = old_enclosed_pieces(bb_or(own, bb_point(y)), size, y,
                                                           ring_pieces(bb_or(own, bb_point(y)), y));
                    int g = bb_count(filled) + bb_count(bb_and(filled, pos.stones[color_other(color)]));
                    assert_int_equal(map.gain[x], g);
                    if (g > best)
                        best = g;
                    threats++;
                }
                assert_int_equal(map.best, best);
            }
        }
    assert_true(threats > 500);
}

/* A child's analysis that takes over its parent's (tactics_carry) is the
 * child's own analysis, after every stone of random games: stones that
 * fill, that stand inside a region the other colour could fill, on its fill
 * points, or elsewhere, with and without two-stone rings. */
static void test_carried_analysis_is_the_analysis(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 17);
    int carried = 0, recomputed = 0;
    for (int game = 0; game < 40; game++) {
        int size = 5 + game % 12;
        Position pos;
        pos_init(&pos, size);
        Tactics parent;
        tactics_analyze(&pos, false, &parent);
        while (!pos_is_over(&pos)) {
            Bitboard empty = pos_empty(&pos);
            int move = bb_select(empty, (int)rng_below(&rng, (uint32_t)bb_count(empty)));
            Position child = pos;
            pos_play(&child, move);
            TacticsCarry carry = tactics_carry(&pos, &child, &parent);
            if (carry.other)
                assert_int_equal(carry.move, move);
            if (carry.other && !bb_test(carry.other->points, move) && !bb_test(carry.other->area, move))
                carried++;
            else
                recomputed++;
            bool with_threats = rng_below(&rng, 2);
            Tactics got, want;
            tactics_analyze_carried(&child, with_threats, carry, &got);
            tactics_analyze(&child, with_threats, &want);
            assert_same_fill_map(&got.mine, &want.mine);
            assert_same_fill_map(&got.theirs, &want.theirs);
            assert_int_equal(got.threats_known, want.threats_known);
            assert_true(bb_equal(got.threats, want.threats));
            assert_int_equal(got.best_threat, want.best_threat);
            assert_null(tactics_carry(&pos, &child, NULL).other);
            pos = child;
            parent = got;
        }
    }
    assert_true(carried > 1000 && recomputed > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_points),
        cmocka_unit_test(test_fill_points),
        cmocka_unit_test(test_threat_points),
        cmocka_unit_test(test_node_analysis),
        cmocka_unit_test(test_carried_analysis_is_the_analysis),
        cmocka_unit_test(test_fill_points_match_one_flood_each),
        cmocka_unit_test(test_enclosed_beside_open_points),
        cmocka_unit_test(test_threat_gains_every_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
