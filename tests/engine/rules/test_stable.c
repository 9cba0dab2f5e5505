/* Stable stones against exhaustive play: on small boards with few empty
 * points, every continuation to the end of the game is played with the
 * slow reference rules, and no stone stable_stones() names may ever change
 * colour. The same search finds stones it does not name that do change, so
 * a function that named every stone would fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "random_position.h"
#include "reference.h"
#include "rules/stable.h"

typedef struct Watch {
    uint8_t colour[REF_MAX_SIZE][REF_MAX_SIZE]; /* RefCell of each point at the start */
    bool stable[REF_MAX_SIZE][REF_MAX_SIZE];    /* named stable by the engine */
    bool changed[REF_MAX_SIZE][REF_MAX_SIZE];   /* a stone that changed colour in some line */
    int stable_changed;                         /* stable stones seen with another colour */
} Watch;

/* Plays every continuation of `board` to the end of the game. */
static void explore(const RefBoard *board, Watch *watch)
{
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (watch->colour[r][c] == REF_EMPTY || board->cell[r][c] == watch->colour[r][c])
                continue;
            watch->changed[r][c] = true;
            if (watch->stable[r][c])
                watch->stable_changed++;
        }
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (board->cell[r][c] != REF_EMPTY)
                continue;
            RefBoard child = *board;
            assert_true(ref_play(&child, r, c, NULL) >= 0);
            explore(&child, watch);
        }
}

static void test_stable_stones_never_change(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2024);
    int stable = 0, unstable_changed = 0, positions = 0;
    for (int i = 0; i < 150; i++) {
        int size = 4 + i % 3;
        Position pos = support_random_position(&rng, size, 5 + i % 3);
        Bitboard named[2] = {stable_stones(pos.stones[COLOR_BLACK], size), stable_stones(pos.stones[COLOR_WHITE], size)};
        Watch watch = {0};
        RefBoard board;
        ref_from_position(&board, &pos);
        for (int r = 0; r < size; r++)
            for (int c = 0; c < size; c++) {
                int p = point_make(r, c);
                watch.colour[r][c] = board.cell[r][c];
                watch.stable[r][c] = bb_test(named[COLOR_BLACK], p) || bb_test(named[COLOR_WHITE], p);
                /* only stones: stable_stones names no empty point and no other colour's */
                if (bb_test(named[COLOR_BLACK], p))
                    assert_int_equal(board.cell[r][c], REF_BLACK);
                if (bb_test(named[COLOR_WHITE], p))
                    assert_int_equal(board.cell[r][c], REF_WHITE);
            }
        explore(&board, &watch);
        assert_int_equal(watch.stable_changed, 0);
        for (int r = 0; r < size; r++)
            for (int c = 0; c < size; c++) {
                stable += watch.stable[r][c];
                unstable_changed += watch.changed[r][c] && !watch.stable[r][c];
            }
        positions++;
    }
    assert_int_equal(positions, 150);
    /* the check has teeth: stones are named, and stones not named do change */
    assert_true(stable > 500);
    assert_true(unstable_changed > 20);
}

/* The rule by example: a chain that reaches the edge through its own
 * stones, a diagonal step that does not join, a stone away from both. */
static void test_stable_by_example(void **state)
{
    (void)state;
    Bitboard own = bb_zero();
    bb_set(&own, point_make(0, 1));
    bb_set(&own, point_make(1, 1));
    bb_set(&own, point_make(2, 1));
    bb_set(&own, point_make(2, 2));
    bb_set(&own, point_make(3, 3)); /* touches (2,2) only diagonally */
    bb_set(&own, point_make(3, 1)); /* below (2,1): joined */
    Bitboard stable = stable_stones(own, 6);
    assert_true(bb_test(stable, point_make(0, 1)));
    assert_true(bb_test(stable, point_make(2, 2)));
    assert_true(bb_test(stable, point_make(3, 1)));
    assert_false(bb_test(stable, point_make(3, 3)));
    assert_int_equal(bb_count(stable), 5);
    /* without the edge stone nothing is stable */
    bb_clear(&own, point_make(0, 1));
    assert_true(bb_is_empty(stable_stones(own, 6)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stable_stones_never_change),
        cmocka_unit_test(test_stable_by_example),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
