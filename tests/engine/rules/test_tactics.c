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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
