/* Move ordering: the quiet stones' static scores, worked out for the whole
 * board at once, against counting each point's eight neighbours one by
 * one; and picking from a move list in score order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "random_position.h"
#include "search/movepick.h"

static int min3(int n) { return n > 3 ? 3 : n; }

/* The score by its definition: 300 for touching an own stone and 200 for
 * touching the opponent's, 40 more for each such neighbour up to three,
 * and 50 on the edge. */
static int slow_quiet_score(const Position *pos, int point)
{
    Color me = pos_to_move(pos);
    int own = 0, their = 0;
    int r = point_row(point), c = point_col(point);
    for (int dr = -1; dr <= 1; dr++) {
        for (int dc = -1; dc <= 1; dc++) {
            int nr = r + dr, nc = c + dc;
            if ((dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= pos->size || nc >= pos->size)
                continue;
            int q = point_make(nr, nc);
            own += bb_test(pos->stones[me], q);
            their += bb_test(pos->stones[color_other(me)], q);
        }
    }
    int score = 0;
    if (own)
        score += 300 + 40 * min3(own);
    if (their)
        score += 200 + 40 * min3(their);
    if (r == 0 || c == 0 || r == pos->size - 1 || c == pos->size - 1)
        score += 50;
    return score;
}

static void test_quiet_scores_by_definition(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 31);
    int crowded = 0;
    for (int i = 0; i < 300; i++) {
        int size = 4 + i % 13;
        Position pos = support_random_plies(&rng, size, (int)rng_below(&rng, (uint32_t)(size * size)));
        QuietScores q;
        movepick_quiet_prepare(&pos, &q);
        Bitboard empty = pos_empty(&pos);
        for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
            int want = slow_quiet_score(&pos, p);
            assert_int_equal(movepick_quiet_score(&search_params_default, &q, p), want);
            crowded += want >= 300 + 120 + 200 + 120;
        }
    }
    assert_true(crowded > 20);
}

static void test_pick_in_score_order(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 37);
    MoveList list = {0};
    for (int p = 0; p < 100; p++)
        movelist_add(&list, p, (int)rng_below(&rng, 50));
    int last = 1 << 30;
    for (int i = 0; i < list.count; i++) {
        int move = movelist_pick(&list, i);
        assert_int_equal(move, list.moves[i]);
        assert_true(list.scores[i] <= last);
        last = list.scores[i];
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quiet_scores_by_definition),
        cmocka_unit_test(test_pick_in_score_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
