/* The root's sealing regions (search/sealprior.h): which regions it keeps,
 * the sealer's chance by what stands on the cut, and the gain's sign and
 * size as stones go on the cut. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "diagram.h"
#include "search/sealprior.h"

/* Black's wall round the nine points C4-E6 (a white stone on D5) lacks
 * D3 and E3: a cut of two, whose cheapest form nearest the edge (E3 and
 * D2) closes D3 as well. White has two stones far away. */
static const char *const rows[] = {
    "........",
    "..XXX...",
    ".X...X..",
    ".X.O.X..",
    ".X...X..",
    "..X.....",
    "......O.",
    "O.......",
};

static Position position(Color side, int stone)
{
    Position pos;
    assert_true(support_position_from_rows(&pos, rows, 8, side, stone));
    return pos;
}

static int point(int row, int col) { return point_make(row, col); }

static const SealPriorRegion *black_region(const SealPrior *prior)
{
    for (int k = 0; k < prior->count; k++)
        if (prior->region[k].sealer == COLOR_BLACK && bb_count(prior->region[k].area) >= 6)
            return &prior->region[k];
    fail_msg("no black region of six points or more");
    return NULL;
}

static void test_regions_found(void **state)
{
    (void)state;
    Position root = position(COLOR_WHITE, 1);
    SealPrior prior;
    sealprior_compute(&prior, &root, 6, 4, true);
    const SealPriorRegion *r = black_region(&prior);
    assert_int_equal(bb_count(r->cut), 2);
    assert_true(bb_subset(r->cut, prior.points));
    assert_true(bb_test(r->cut, point(5, 4)) && bb_test(r->cut, point(6, 3)));
    assert_int_equal(bb_count(r->area), 10);
    assert_true(bb_test(r->area, point(2, 2)) && bb_test(r->area, point(5, 3)));
    assert_int_equal(r->value, 100 * (10 + 1)); /* the white stone on D5 counts twice */
    /* White to move: its stones come first, so the ring is two stones away,
     * a quarter */
    assert_int_equal(r->root_share, 64);
    /* a larger minimum area leaves it out; 0 finds nothing at all */
    sealprior_compute(&prior, &root, 40, 4, true);
    for (int k = 0; k < prior.count; k++)
        assert_false(prior.region[k].sealer == COLOR_BLACK && bb_test(prior.region[k].area, point(2, 2)));
    sealprior_compute(&prior, &root, 0, 4, true);
    assert_int_equal(prior.count, 0);
    assert_true(bb_is_empty(prior.points));
}

static void test_share_and_gain(void **state)
{
    (void)state;
    Position root = position(COLOR_WHITE, 1);
    SealPrior prior;
    sealprior_compute(&prior, &root, 6, 4, true);
    const SealPriorRegion *r = black_region(&prior);
    int a = bb_first(r->cut);
    Bitboard rest = r->cut;
    bb_clear(&rest, a);
    int b = bb_first(rest);

    /* White blocks one point of the cut: Black's chance falls to none, and
     * White (to move again) gains the region's value times the root's quarter */
    Position blocked = root;
    assert_int_equal(pos_play(&blocked, a), POS_OK);
    assert_int_equal(sealprior_share(r, &blocked, true), 0);
    int gain = sealprior_gain(&prior, &blocked);
    assert_int_equal(gain, r->value * 64 / 256);

    /* Black to move with two stones and the whole cut empty: certain */
    Position black_turn = position(COLOR_BLACK, 1);
    assert_int_equal(sealprior_share(r, &black_turn, true), 256);
    /* with one stone left and one point of the cut its own: certain too */
    Position one_left = position(COLOR_BLACK, 2);
    assert_int_equal(sealprior_share(r, &one_left, true), 128);
    Position taken = one_left;
    bb_set(&taken.stones[COLOR_BLACK], b);
    assert_int_equal(sealprior_share(r, &taken, true), 256);
    /* without the tempo: halved for each empty point of the cut, whoever moves */
    assert_int_equal(sealprior_share(r, &black_turn, false), 64);
    assert_int_equal(sealprior_share(r, &taken, false), 128);
    assert_int_equal(sealprior_share(r, &blocked, false), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regions_found),
        cmocka_unit_test(test_share_and_gain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
