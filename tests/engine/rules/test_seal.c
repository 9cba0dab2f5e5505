/* Sealing costs against exhaustive search with the slow reference rules:
 * on boards up to 9x9, every set of up to CAP empty points is given to a
 * colour, and a region's cost is the size of the smallest set after which
 * the reference finds every point of the region enclosed. The cut the
 * engine names must seal the region with exactly that many stones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "random_position.h"
#include "reference.h"
#include "rules/ring.h"
#include "rules/seal.h"

enum { CAP = 3, MAX_EMPTY = BB_POINTS };

typedef struct Brute {
    RefBoard board;
    RefCell colour;
    int empty[MAX_EMPTY];
    int empty_count;
    uint8_t best[BB_POINTS]; /* smallest set enclosing the point alone, CAP + 1 when none */
} Brute;

static bool region_enclosed(const RefBoard *board, RefCell colour, Bitboard region)
{
    bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE];
    ref_enclosed(board, colour, enclosed);
    while (!bb_is_empty(region)) {
        int p = bb_pop(&region);
        if (!enclosed[point_row(p)][point_col(p)])
            return false;
    }
    return true;
}

/* Every subset of the empty points of size `left` more, from index `from`. */
static void brute_sets(Brute *b, int from, int left, int placed)
{
    bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE];
    ref_enclosed(&b->board, b->colour, enclosed);
    for (int r = 0; r < b->board.size; r++)
        for (int c = 0; c < b->board.size; c++)
            if (enclosed[r][c] && b->best[point_make(r, c)] > placed)
                b->best[point_make(r, c)] = (uint8_t)placed;
    if (left == 0)
        return;
    for (int i = from; i < b->empty_count; i++) {
        int p = b->empty[i];
        b->board.cell[point_row(p)][point_col(p)] = (uint8_t)b->colour;
        brute_sets(b, i + 1, left - 1, placed + 1);
        b->board.cell[point_row(p)][point_col(p)] = REF_EMPTY;
    }
}

/* The smallest set of empty points outside `region` that encloses it. */
static int brute_region(const RefBoard *start, RefCell colour, Bitboard region, const Position *pos)
{
    RefBoard board = *start;
    int empty[MAX_EMPTY], n = 0;
    Bitboard e = bb_andnot(pos_empty(pos), region);
    while (!bb_is_empty(e))
        empty[n++] = bb_pop(&e);
    for (int k = 0; k <= CAP; k++) {
        /* every k-subset, by an index vector */
        int idx[CAP + 1];
        for (int i = 0; i < k; i++)
            idx[i] = i;
        for (;;) {
            if (k > n)
                break;
            for (int i = 0; i < k; i++)
                board.cell[point_row(empty[idx[i]])][point_col(empty[idx[i]])] = (uint8_t)colour;
            bool sealed = region_enclosed(&board, colour, region);
            for (int i = 0; i < k; i++)
                board.cell[point_row(empty[idx[i]])][point_col(empty[idx[i]])] = REF_EMPTY;
            if (sealed)
                return k;
            int i = k - 1;
            while (i >= 0 && idx[i] == n - k + i)
                i--;
            if (i < 0)
                break;
            idx[i]++;
            for (int j = i + 1; j < k; j++)
                idx[j] = idx[j - 1] + 1;
        }
    }
    return CAP + 1;
}

static RefCell ref_colour(Color c) { return c == COLOR_BLACK ? REF_BLACK : REF_WHITE; }

static void check_position(const Position *pos, int *sealable)
{
    for (int colour = 0; colour < 2; colour++) {
        Brute b;
        memset(&b, 0, sizeof b);
        ref_from_position(&b.board, pos);
        b.colour = ref_colour((Color)colour);
        Bitboard e = pos_empty(pos);
        while (!bb_is_empty(e))
            b.empty[b.empty_count++] = bb_pop(&e);
        memset(b.best, CAP + 1, sizeof b.best);
        brute_sets(&b, 0, CAP, 0);

        uint8_t cost[BB_POINTS];
        seal_point_costs(pos, (Color)colour, CAP, cost);
        Bitboard edge = bb_edge(pos->size);
        Bitboard points = bb_andnot(bb_board(pos->size), pos->stones[colour]);
        while (!bb_is_empty(points)) {
            int p = bb_pop(&points);
            int expected = bb_test(edge, p) ? SEAL_OPEN : b.best[p];
            if (cost[p] != expected)
                fail_msg("%dx%d, colour %d, point %d: cost %d, expected %d", pos->size, pos->size, colour, p, cost[p],
                         expected);
            if (expected <= CAP) {
                Bitboard cut;
                int c = seal_region_cost(pos, (Color)colour, bb_point(p), CAP, &cut);
                assert_int_equal(c, expected);
                assert_int_equal(bb_count(cut), c);
                assert_true(bb_subset(cut, pos_empty(pos)));
                assert_false(bb_test(cut, p));
                RefBoard sealed = b.board;
                Bitboard k = cut;
                while (!bb_is_empty(k)) {
                    int q = bb_pop(&k);
                    sealed.cell[point_row(q)][point_col(q)] = (uint8_t)b.colour;
                }
                assert_true(region_enclosed(&sealed, b.colour, bb_point(p)));
                *sealable += expected > 0;
            }
        }
    }
}

static void test_point_costs_match_exhaustive_search(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 20261128);
    int sealable = 0;
    for (int i = 0; i < 80; i++) {
        int size = 5 + (int)rng_below(&rng, 5);
        int empties = 8 + (int)rng_below(&rng, (uint32_t)(size * size / 2));
        Position pos = support_random_position(&rng, size, empties);
        check_position(&pos, &sealable);
    }
    /* the positions must hold regions of every cost, or the test says little */
    assert_true(sealable > 100);
}

static void test_regions_match_exhaustive_search(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 77);
    int counts[CAP + 2] = {0};
    for (int i = 0; i < 300; i++) {
        int size = 5 + (int)rng_below(&rng, 3);
        Position pos = support_random_position(&rng, size, 6 + (int)rng_below(&rng, 16));
        Color colour = (Color)rng_below(&rng, 2);
        /* two or three points that are not the colour's, off the edge */
        Bitboard inner = bb_andnot(bb_andnot(bb_board(size), bb_edge(size)), pos.stones[colour]);
        int n = bb_count(inner);
        if (n < 2)
            continue;
        Bitboard region = bb_zero();
        for (int k = 0; k < 2 + (int)rng_below(&rng, 2); k++)
            bb_set(&region, bb_select(inner, (int)rng_below(&rng, (uint32_t)n)));
        RefBoard board;
        ref_from_position(&board, &pos);
        int expected = brute_region(&board, ref_colour(colour), region, &pos);
        Bitboard cut;
        int cost = seal_region_cost(&pos, colour, region, CAP, &cut);
        assert_int_equal(cost, expected);
        if (cost <= CAP) {
            assert_int_equal(bb_count(cut), cost);
            assert_false(bb_intersects(cut, region));
        }
        counts[expected]++;
    }
    for (int k = 1; k <= CAP + 1; k++)
        assert_true(counts[k] > 0);
}

static void test_safe_zone_and_own_stones(void **state)
{
    (void)state;
    Position pos;
    pos_init(&pos, 6);
    uint8_t cost[BB_POINTS];
    seal_point_costs(&pos, COLOR_BLACK, 4, cost);
    assert_int_equal(cost[point_make(0, 0)], SEAL_OPEN);
    assert_int_equal(cost[point_make(0, 3)], SEAL_OPEN);
    /* an inner point of the empty board: its four neighbours, two of them in
     * the safe zone, which a stone there takes out of every path */
    assert_int_equal(cost[point_make(1, 1)], 4);
    assert_int_equal(cost[point_make(2, 3)], 4);
    /* a cap below the cost: cap + 1 */
    assert_int_equal(seal_region_cost(&pos, COLOR_WHITE, bb_point(point_make(2, 2)), 2, NULL), 3);
    assert_int_equal(seal_region_cost(&pos, COLOR_BLACK, bb_zero(), 4, NULL), 0);
}

/* Regions: cheapest first, each with a point no earlier one holds (a
 * dearer region may hold a cheaper one), each sealed by its own cut at its
 * cost, every point in it no dearer; every point of cost <= cap in one. */
static void test_regions(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 91);
    for (int i = 0; i < 40; i++) {
        int size = 6 + (int)rng_below(&rng, 11);
        Position pos = support_random_position(&rng, size, size * size / 3 + (int)rng_below(&rng, (uint32_t)size));
        for (int colour = 0; colour < 2; colour++) {
            SealRegions regions;
            seal_regions(&pos, (Color)colour, CAP, &regions);
            uint8_t cost[BB_POINTS];
            seal_point_costs(&pos, (Color)colour, CAP, cost);
            Bitboard seen = bb_zero();
            int last = 0;
            for (int k = 0; k < regions.count; k++) {
                const SealRegion *r = &regions.region[k];
                assert_true(r->cost >= last && r->cost >= 1 && r->cost <= CAP);
                last = r->cost;
                assert_false(bb_subset(r->area, seen));
                seen = bb_or(seen, r->area);
                assert_int_equal(bb_count(r->cut), r->cost);
                Bitboard enclosed = ring_enclosed_all(bb_or(pos.stones[colour], r->cut), size);
                assert_true(bb_subset(r->area, enclosed));
                Bitboard a = r->area;
                while (!bb_is_empty(a))
                    assert_true(cost[bb_pop(&a)] <= r->cost);
            }
            if (regions.count < SEAL_MAX_REGIONS)
                for (int p = 0; p < BB_POINTS; p++)
                    if (bb_test(bb_andnot(bb_board(size), pos.stones[colour]), p) && cost[p] <= CAP)
                        assert_true(bb_test(seen, p));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_safe_zone_and_own_stones),
        cmocka_unit_test(test_point_costs_match_exhaustive_search),
        cmocka_unit_test(test_regions_match_exhaustive_search),
        cmocka_unit_test(test_regions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
