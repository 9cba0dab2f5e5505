/* The judgement figures (learn/judge.h): sign accuracy, margin rms, owner
 * Brier score and swing on a game whose estimates are known. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "learn/judge.h"
#include "random_position.h"

static void test_figures(void **state)
{
    (void)state;
    Position final, positions[3];
    uint64_t seed = 7;
    do
        support_random_game(seed++, &final, positions);
    while (pos_score(&final) == 0);
    int m = pos_score(&final);
    JudgeGame game = {.final = final, .loser = m > 0 ? COLOR_WHITE : COLOR_BLACK, .first = 0, .count = 3};
    strcpy(game.name, "g");
    JudgeSet set = {&game, 1, positions, 3};
    /* right, wrong, right; the loser's view: -|m|, +|m|, -|m|: a fall of 2|m| */
    double margin[3] = {m, -m, m};
    static float owner[3][BB_POINTS];
    for (int i = 0; i < 3; i++)
        for (int p = 0; p < BB_POINTS; p++)
            owner[i][p] = 0.0f; /* even: every empty point scores 1/4 */
    JudgeEstimates est = {margin, owner};
    JudgeFigures f;
    double swing;
    judge_figures(&set, &est, &f, &swing);
    assert_int_equal(f.positions, 3);
    assert_true(fabs(f.sign_accuracy - 2.0 / 3.0) < 1e-9);
    assert_true(fabs(f.margin_rms - sqrt(4.0 * m * m / 3.0)) < 1e-9);
    assert_true(fabs(f.owner_brier - 0.25) < 1e-9);
    assert_int_equal(f.lost_games, 1);
    assert_true(fabs(swing - 2.0 * abs(m)) < 1e-9);
    assert_true(fabs(f.mean_swing - 2.0 * abs(m)) < 1e-9);
    /* a certain and right owner estimate scores 0 */
    for (int i = 0; i < 3; i++)
        for (int p = 0; p < BB_POINTS; p++)
            owner[i][p] = bb_test(final.stones[COLOR_BLACK], p) ? 1.0f : -1.0f;
    judge_figures(&set, &est, &f, NULL);
    assert_true(f.owner_brier < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_figures)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
