/* The root's Monte Carlo prior: reproducible from the seed, its point
 * values add up to the playouts' mean margin, a stone that can never be
 * taken is worth a whole stone, and the statistics single out the stone
 * that closes a large ring. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mcprior.h"
#include "playout.h"

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
    mcprior_compute(a, &pos, 500, &rng, NULL, NULL);
    rng_seed(&rng, 7);
    mcprior_compute(b, &pos, 500, &rng, NULL, NULL);
    assert_true(a->ready);
    assert_int_equal(a->playouts, 500);
    assert_memory_equal(a, b, sizeof *a);
    rng_seed(&rng, 8);
    mcprior_compute(b, &pos, 500, &rng, NULL, NULL);
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
        mcprior_compute(prior, &pos, PLAYOUTS, &rng, NULL, NULL);
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

/* A stone on the edge can never be filled by the opponent: always its
 * owner's. */
static void test_edge_stone_is_a_whole_stone(void **state)
{
    (void)state;
    int gap;
    Position pos = ring_with_gap(&gap);
    McPrior *prior = malloc(sizeof *prior);
    Rng rng;
    rng_seed(&rng, 5);
    mcprior_compute(prior, &pos, PLAYOUTS, &rng, NULL, NULL);
    assert_int_equal(prior->value[COLOR_WHITE][point_make(0, 0)], -100);
    assert_int_equal(prior->value[COLOR_WHITE][point_make(7, 7)], -100);
    /* a stone taken from the other colour in the tree was filled */
    assert_int_equal(prior->value[COLOR_BLACK][point_make(0, 0)], 100);
    free(prior);
}

/* Black's stone in the gap fills 16 points: no other stone is nearly as
 * good for Black. White's stone there saves the 16 points: worth two
 * stones at least to White (the all-moves-as-first statistics value
 * White's stones inside as much, from the games where they live). */
static void test_the_closing_stone_stands_out(void **state)
{
    (void)state;
    int gap;
    Position pos = ring_with_gap(&gap);
    McPrior *prior = malloc(sizeof *prior);
    Rng rng;
    rng_seed(&rng, 9);
    mcprior_compute(prior, &pos, PLAYOUTS, &rng, NULL, NULL);
    assert_true(prior->ready);
    Bitboard b = pos_empty(&pos);
    for (int p; (p = bb_next(&b)) != POINT_NONE;)
        if (p != gap)
            assert_true(prior->amaf[COLOR_BLACK][gap] > prior->amaf[COLOR_BLACK][p] + 100);
    assert_true(prior->amaf[COLOR_WHITE][gap] > 200);
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
        mcprior_compute(prior, &root, 200, &rng, NULL, NULL);
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
    mcprior_compute(prior, &pos, PLAYOUTS, &rng, stop_at_once, NULL);
    assert_false(prior->ready);
    assert_int_equal(prior->playouts, 0);
    mcprior_compute(prior, &pos, MCPRIOR_MIN_PLAYOUTS - 1, &rng, NULL, NULL);
    assert_false(prior->ready);
    free(prior);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_values_add_up_to_the_mean_margin),
        cmocka_unit_test(test_edge_stone_is_a_whole_stone),
        cmocka_unit_test(test_the_closing_stone_stands_out),
        cmocka_unit_test(test_gain_is_the_margin_difference),
        cmocka_unit_test(test_stopped_prior_is_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
