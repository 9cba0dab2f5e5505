/* Random playouts: Monte Carlo ownership counts what the playouts end
 * with, point by point, and is reproducible from the generator's state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diagram.h"
#include "rules/playout.h"

enum { PLAYOUTS = 200 };

static void test_ownership_counts_every_playout(void **state)
{
    (void)state;
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size += 3) {
        Position pos;
        pos_init(&pos, size);
        Rng rng;
        rng_seed(&rng, (uint64_t)size);
        uint32_t black[BB_POINTS];
        playout_ownership(&pos, PLAYOUTS, &rng, black);

        /* the same playouts counted by hand */
        uint32_t expected[BB_POINTS] = {0};
        rng_seed(&rng, (uint64_t)size);
        for (int i = 0; i < PLAYOUTS; i++) {
            Position end = pos;
            playout_random(&end, &rng);
            assert_true(pos_is_over(&end));
            for (int p = 0; p < BB_POINTS; p++)
                expected[p] += pos_at(&end, p) == COLOR_BLACK;
        }
        assert_memory_equal(black, expected, sizeof expected);

        Bitboard board = bb_board(size);
        uint64_t total = 0;
        for (int p = 0; p < BB_POINTS; p++) {
            assert_true(black[p] <= PLAYOUTS);
            if (!bb_test(board, p))
                assert_int_equal(black[p], 0);
            total += black[p];
        }
        /* neither colour owns everything in every playout */
        assert_true(total > 0 && total < (uint64_t)PLAYOUTS * (uint64_t)(size * size));
    }
}

static void test_ownership_of_settled_points(void **state)
{
    (void)state;
    /* Black's corner stone is on the edge: no playout takes it. White's
     * last stone of the turn goes on the one empty point. */
    static const char *const rows[] = {
        "X.OO",
        "OOOO",
        "OOOO",
        "OOOO",
    };
    Position pos;
    assert_true(support_position_from_rows(&pos, rows, 4, COLOR_WHITE, 2));
    Rng rng;
    rng_seed(&rng, 3);
    uint32_t black[BB_POINTS];
    playout_ownership(&pos, PLAYOUTS, &rng, black);
    assert_int_equal(black[point_make(0, 0)], PLAYOUTS);
    assert_int_equal(black[point_make(0, 1)], 0);
    assert_int_equal(black[point_make(3, 3)], 0);

    /* A finished game is its own every playout; no playouts count nothing. */
    pos_play(&pos, point_make(0, 1));
    assert_true(pos_is_over(&pos));
    playout_ownership(&pos, PLAYOUTS, &rng, black);
    assert_int_equal(black[point_make(0, 0)], PLAYOUTS);
    assert_int_equal(black[point_make(0, 1)], 0);
    playout_ownership(&pos, 0, &rng, black);
    assert_int_equal(black[point_make(0, 0)], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ownership_counts_every_playout),
        cmocka_unit_test(test_ownership_of_settled_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
