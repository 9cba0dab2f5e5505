/* The root's Monte Carlo prior: reproducible from the seed, its point
 * values add up to the playouts' mean margin, its AMAF values are the
 * playouts' differences of results, a stone that can never be taken is
 * worth a whole stone, and the statistics single out the stone that closes
 * a ring the game turns on. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval/evaluate.h"
#include "random_position.h"
#include "rules/playout.h"
#include "rules/score.h"
#include "rules/tactics.h"
#include "search/mcprior.h"

enum { PLAYOUTS = 2000 };

/* 8x8, Black to play the first stone of its turn: a Black square ring on
 * rows and columns 1..6 with one gap at (1, 3), its 4x4 inside empty, and a
 * few White stones on the edge, one of them just outside the gap. */
static Position ring_with_gap(int *gap)
{
    Bitboard black = bb_zero(), white = bb_zero();
    for (int i = 1; i <= 6; i++) {
        bb_set(&black, point_make(1, i));
        bb_set(&black, point_make(6, i));
        bb_set(&black, point_make(i, 1));
        bb_set(&black, point_make(i, 6));
    }
    *gap = point_make(1, 3);
    bb_clear(&black, *gap);
    bb_set(&white, point_make(0, 0));
    bb_set(&white, point_make(0, 3)); /* outside the gap: White there is joined to the edge */
    bb_set(&white, point_make(0, 4));
    bb_set(&white, point_make(0, 6));
    bb_set(&white, point_make(7, 0));
    bb_set(&white, point_make(7, 7));
    bb_set(&white, point_make(3, 7));
    bb_set(&white, point_make(5, 0));
    bb_set(&white, point_make(7, 4));
    bb_set(&white, point_make(4, 0));
    bb_set(&white, point_make(2, 7));
    bb_set(&white, point_make(7, 2));
    bb_set(&white, point_make(6, 7));
    bb_set(&white, point_make(1, 0));
    bb_set(&white, point_make(0, 7));
    bb_set(&white, point_make(7, 6));
    bb_set(&white, point_make(0, 5));
    bb_set(&white, point_make(2, 0));
    /* 19 Black and 18 White stones: Black places the first of two */
    Position pos;
    assert_int_equal(bb_count(black), 19);
    assert_int_equal(bb_count(white), 18);
    assert_int_equal(pos_setup(&pos, 8, black, white, COLOR_BLACK, 1), POS_OK);
    return pos;
}

static Position opening(int size, uint64_t seed, int stones)
{
    Position pos;
    pos_init(&pos, size);
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < stones; i++)
        pos_play(&pos, playout_random_point(&pos, &rng));
    return pos;
}

static void test_reproducible(void **state)
{
    (void)state;
    Position pos = opening(12, 3, 21);
    McPrior *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    Rng rng;
    rng_seed(&rng, 7);
    mcprior_compute(a, &search_params_default, &pos, 500, &rng, NULL, NULL);
    rng_seed(&rng, 7);
    mcprior_compute(b, &search_params_default, &pos, 500, &rng, NULL, NULL);
    assert_true(a->ready);
    assert_int_equal(a->playouts, 500);
    assert_memory_equal(a, b, sizeof *a);
    rng_seed(&rng, 8);
    mcprior_compute(b, &search_params_default, &pos, 500, &rng, NULL, NULL);
    assert_memory_not_equal(a->value, b->value, sizeof a->value);
    free(a);
    free(b);
}

/* The empty points' values are Black's mean ownership and the root's
 * stones' likewise, so together they are the playouts' mean margin (each
 * value rounded towards zero: within one centistone a point). The same
 * seed replays the same games through playout_random. */
static void test_values_add_up_to_the_mean_margin(void **state)
{
    (void)state;
    for (int size = 6; size <= 16; size += 5) {
        Position pos = opening(size, (uint64_t)size, size * 2 + 1);
        McPrior *prior = malloc(sizeof *prior);
        Rng rng;
        rng_seed(&rng, 11);
        mcprior_compute(prior, &search_params_default, &pos, PLAYOUTS, &rng, NULL, NULL);
        rng_seed(&rng, 11);
        int64_t sum = 0;
        for (int i = 0; i < PLAYOUTS; i++) {
            Position end = pos;
            playout_random(&end, &rng);
            sum += pos_score(&end);
        }
        double mean = 100.0 * (double)sum / PLAYOUTS;
        int margin = mcprior_margin(prior, &pos);
        if (pos_to_move(&pos) == COLOR_WHITE)
            margin = -margin;
        assert_true(abs(margin - (int)mean) <= size * size);
        free(prior);
    }
}

/* Each AMAF value, recomputed here from the same games (the same seed
 * replays them through playout_random_placed): the mean result of the games
 * in which the colour placed a stone on the point minus the mean of all,
 * shrunk by the games' count, in prior_win_stones stones per game won
 * (params.h): results, not margins (within a centistone's rounding). */
static void test_amaf_is_the_result_difference(void **state)
{
    (void)state;
    enum { GAMES = 400, SHRINK = SEARCH_PARAM_DEFAULT_amaf_shrink };
    for (int size = 6; size <= 12; size += 3) {
        Position pos = opening(size, (uint64_t)size + 40, size + 3);
        McPrior *prior = malloc(sizeof *prior);
        static int placed_games[2][BB_POINTS], placed_results[2][BB_POINTS];
        memset(placed_games, 0, sizeof placed_games);
        memset(placed_results, 0, sizeof placed_results);
        Rng rng;
        rng_seed(&rng, 31);
        mcprior_compute(prior, &search_params_default, &pos, GAMES, &rng, NULL, NULL);
        assert_true(prior->ready);
        rng_seed(&rng, 31);
        int results = 0;
        for (int i = 0; i < GAMES; i++) {
            Position end = pos;
            Bitboard placed[2] = {bb_zero(), bb_zero()};
            playout_random_placed(&end, &rng, placed);
            int margin = pos_score(&end);
            int result = margin > 0 ? 1 : margin < 0 ? -1 : 0;
            results += result;
            for (int c = 0; c < 2; c++)
                for (int p; (p = bb_next(&placed[c])) != POINT_NONE;) {
                    placed_games[c][p]++;
                    placed_results[c][p] += result;
                }
        }
        int checked = 0;
        for (int c = 0; c < 2; c++) {
            Bitboard empty = pos_empty(&pos);
            for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
                int k = placed_games[c][p];
                double gain = k ? ((double)placed_results[c][p] / k - (double)results / GAMES) * k / (k + SHRINK) : 0;
                double expected = 100.0 * SEARCH_PARAM_DEFAULT_prior_win_stones * (c == COLOR_BLACK ? gain : -gain);
                assert_true(fabs(prior->amaf[c][p] - expected) <= 1.0);
                checked += k > 0 && fabs(expected) >= 1.0;
            }
        }
        assert_true(checked > size); /* the values are not all zero */
        free(prior);
    }
}

/* The prior of PLAYOUTS games from pos with the given seed (free it). */
static McPrior *computed_prior(const Position *pos, uint64_t seed)
{
    McPrior *prior = malloc(sizeof *prior);
    assert_non_null(prior);
    Rng rng;
    rng_seed(&rng, seed);
    mcprior_compute(prior, &search_params_default, pos, PLAYOUTS, &rng, NULL, NULL);
    return prior;
}

/* A stone on the edge can never be filled by the opponent: always its
 * owner's. */
static void test_edge_stone_is_a_whole_stone(void **state)
{
    (void)state;
    int gap;
    Position pos = ring_with_gap(&gap);
    McPrior *prior = computed_prior(&pos, 5);
    assert_int_equal(prior->value[COLOR_WHITE][point_make(0, 0)], -100);
    assert_int_equal(prior->value[COLOR_WHITE][point_make(7, 7)], -100);
    /* a stone taken from the other colour in the tree was filled */
    assert_int_equal(prior->value[COLOR_BLACK][point_make(0, 0)], 100);
    free(prior);
}

/* The ring of ring_with_gap, with White holding the top row, the left
 * column, the bottom row and the right column's top three points (25
 * stones, no ring: three points of the right column are empty). Black's
 * stone in the gap fills 16 points and wins; with a White stone there the
 * inside stays open, and White, with more stones outside, often wins: the
 * game turns on the gap. */
static Position decisive_ring(int *gap)
{
    Bitboard black = ring_with_gap(gap).stones[COLOR_BLACK], white = bb_zero();
    for (int i = 0; i < 8; i++) {
        bb_set(&white, point_make(0, i));
        bb_set(&white, point_make(i, 0));
        bb_set(&white, point_make(7, i));
    }
    for (int row = 1; row <= 3; row++)
        bb_set(&white, point_make(row, 7));
    Position pos;
    assert_int_equal(bb_count(white), 25);
    assert_int_equal(pos_setup(&pos, 8, black, white, COLOR_BLACK, 1), POS_OK);
    return pos;
}

/* Where the game turns on the gap, Black's stone there is worth more than a
 * stone, and clearly more than any stone outside the ring. */
static void test_the_closing_stone_stands_out(void **state)
{
    (void)state;
    int gap;
    Position pos = decisive_ring(&gap);
    McPrior *prior = computed_prior(&pos, 9);
    assert_true(prior->ready);
    assert_true(prior->amaf[COLOR_BLACK][gap] > 100);
    for (int row = 4; row <= 6; row++)
        assert_true(prior->amaf[COLOR_BLACK][gap] > prior->amaf[COLOR_BLACK][point_make(row, 7)] + 50);
    free(prior);
}

/* The gain from the changed points alone equals the whole sums'
 * difference, along random games that fill and capture. */
static void test_gain_is_the_margin_difference(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 21);
    McPrior *prior = malloc(sizeof *prior);
    for (int g = 0; g < 30; g++) {
        Position root = opening(6 + g % 11, (uint64_t)g, g);
        mcprior_compute(prior, &search_params_default, &root, 200, &rng, NULL, NULL);
        assert_true(prior->ready);
        int root_margin = mcprior_margin(prior, &root);
        if (pos_to_move(&root) == COLOR_WHITE)
            root_margin = -root_margin;
        Position pos = root;
        while (!pos_is_over(&pos)) {
            pos_play(&pos, playout_random_point(&pos, &rng));
            int from_root = pos_to_move(&pos) == COLOR_BLACK ? root_margin : -root_margin;
            assert_int_equal(mcprior_gain(prior, &pos), mcprior_margin(prior, &pos) - from_root);
        }
    }
    free(prior);
}

static bool stop_at_once(void *context)
{
    (void)context;
    return true;
}

static void test_stopped_prior_is_off(void **state)
{
    (void)state;
    Position pos = opening(8, 1, 3);
    McPrior *prior = malloc(sizeof *prior);
    Rng rng;
    rng_seed(&rng, 1);
    mcprior_compute(prior, &search_params_default, &pos, PLAYOUTS, &rng, stop_at_once, NULL);
    assert_false(prior->ready);
    assert_int_equal(prior->playouts, 0);
    mcprior_compute(prior, &search_params_default, &pos, MCPRIOR_MIN_PLAYOUTS - 1, &rng, NULL, NULL);
    assert_false(prior->ready);
    free(prior);
}

/* Split over threads, the games are as many as asked (the remainder
 * shared out too), the same from the same seed and thread count, and say
 * what one thread's games say: one thread is mcprior_compute itself, and
 * two threads' point values stay near one thread's. A stop ends every
 * thread's share. */
static void test_threads_split_the_games(void **state)
{
    (void)state;
    Position pos = opening(12, 5, 31);
    McPrior *one = malloc(sizeof *one), *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    Rng rng;
    rng_seed(&rng, 11);
    mcprior_compute(one, &search_params_default, &pos, 301, &rng, NULL, NULL);
    rng_seed(&rng, 11);
    mcprior_compute_threads(a, &search_params_default, &pos, 301, &rng, 1, NULL, NULL);
    assert_memory_equal(one, a, sizeof *a);

    for (int threads = 2; threads <= 3; threads++) {
        rng_seed(&rng, 11);
        mcprior_compute_threads(a, &search_params_default, &pos, 301, &rng, threads, NULL, NULL);
        rng_seed(&rng, 11);
        mcprior_compute_threads(b, &search_params_default, &pos, 301, &rng, threads, NULL, NULL);
        assert_true(a->ready);
        assert_int_equal(a->playouts, 301);
        assert_memory_equal(a, b, sizeof *a);
    }

    enum { GAMES = 4000 };
    rng_seed(&rng, 12);
    mcprior_compute(one, &search_params_default, &pos, GAMES, &rng, NULL, NULL);
    rng_seed(&rng, 12);
    mcprior_compute_threads(a, &search_params_default, &pos, GAMES, &rng, 2, NULL, NULL);
    assert_int_equal(a->playouts, GAMES);
    assert_memory_not_equal(one->value, a->value, sizeof a->value); /* other games */
    Bitboard board = bb_board(pos.size);
    double diff = 0.0;
    int points = 0;
    for (int p; (p = bb_next(&board)) != POINT_NONE; points++)
        diff += fabs((double)one->value[2][p] - a->value[2][p]);
    /* ownership of 4,000 games each: one standard error of a difference is
     * at most 2.2 centistones a point */
    assert_true(diff / points < 4.0);

    mcprior_compute_threads(a, &search_params_default, &pos, PLAYOUTS, &rng, 2, stop_at_once, NULL);
    assert_false(a->ready);
    free(one);
    free(a);
    free(b);
}

/* The root prior's share of the evaluation: nothing at the root itself or
 * without a prior, and something once stones were placed since the root. */
static void test_prior_weighs_the_stones_since_the_root(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 6);
    McPrior *prior = malloc(sizeof *prior), *none = malloc(sizeof *none);
    mcprior_clear(none);
    int differ = 0;
    for (int i = 0; i < 20; i++) {
        Position root = support_random_plies(&rng, 12, 1 + (int)rng_below(&rng, 60));
        mcprior_compute(prior, &search_params_default, &root, 300, &rng, NULL, NULL);
        assert_true(prior->ready);
        Tactics t;
        tactics_analyze(&root, true, &t);
        assert_int_equal(mcprior_evaluate(NULL, prior, &search_params_default, &root, &t),
                         evaluate_with(NULL, &root, &t));
        Position child = root;
        pos_play(&child, playout_random_point(&child, &rng));
        pos_play(&child, playout_random_point(&child, &rng));
        tactics_analyze(&child, true, &t);
        assert_int_equal(mcprior_evaluate(NULL, none, &search_params_default, &child, &t),
                         evaluate_with(NULL, &child, &t));
        differ += mcprior_evaluate(NULL, prior, &search_params_default, &child, &t) != evaluate_with(NULL, &child, &t);
    }
    assert_true(differ >= 15);
    free(prior);
    free(none);
}

/* On the larger boards the prior's gain weighs prior_gain_weight_large
 * quarters, and prior_gain_weight_many once the prior has
 * prior_many_playouts games or more (5,000 among them); smaller boards keep
 * prior_gain_weight whatever the count. */
static void test_many_games_weigh_more(void **state)
{
    (void)state;
    const SearchParams *p = &search_params_default;
    Rng rng;
    rng_seed(&rng, 7);
    McPrior *prior = malloc(sizeof *prior);
    static const struct {
        int size;
        bool large;
    } boards[] = {{16, true}, {14, true}, {12, false}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        int checked = 0;
        for (int i = 0; i < 10; i++) {
            Position root = support_random_plies(&rng, boards[b].size, 1 + (int)rng_below(&rng, 40));
            mcprior_compute(prior, p, &root, 256, &rng, NULL, NULL);
            assert_true(prior->ready);
            Position child = root;
            pos_play(&child, playout_random_point(&child, &rng));
            pos_play(&child, playout_random_point(&child, &rng));
            int gain = mcprior_gain(prior, &child);
            if (gain == 0)
                continue;
            checked++;
            int few = boards[b].large ? p->prior_gain_weight_large : p->prior_gain_weight;
            int many = boards[b].large ? p->prior_gain_weight_many : p->prior_gain_weight;
            assert_int_equal(mcprior_add_gain(prior, p, &child, 0), score_clamp_eval(gain * few / 4));
            prior->playouts = p->prior_many_playouts - 1;
            assert_int_equal(mcprior_add_gain(prior, p, &child, 0), score_clamp_eval(gain * few / 4));
            prior->playouts = p->prior_many_playouts;
            assert_int_equal(mcprior_add_gain(prior, p, &child, 0), score_clamp_eval(gain * many / 4));
            /* 5,000 games, where the larger weight was measured to pay
             * (strength log row 110) */
            prior->playouts = 5000;
            assert_int_equal(mcprior_add_gain(prior, p, &child, 0), score_clamp_eval(gain * many / 4));
        }
        assert_true(checked >= 5);
    }
    assert_true(search_params_default.prior_gain_weight_many != search_params_default.prior_gain_weight_large);
    free(prior);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_values_add_up_to_the_mean_margin),
        cmocka_unit_test(test_amaf_is_the_result_difference),
        cmocka_unit_test(test_edge_stone_is_a_whole_stone),
        cmocka_unit_test(test_the_closing_stone_stands_out),
        cmocka_unit_test(test_gain_is_the_margin_difference),
        cmocka_unit_test(test_stopped_prior_is_off),
        cmocka_unit_test(test_threads_split_the_games),
        cmocka_unit_test(test_prior_weighs_the_stones_since_the_root),
        cmocka_unit_test(test_many_games_weigh_more),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
