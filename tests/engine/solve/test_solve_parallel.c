/* The solver with several threads on a position the endgame solver takes
 * whole (solve/parallel.h): the same exact margins as a plain minimax over
 * the reference rules, with and without mirror images merged, with two and
 * three threads and a table so small that entries are replaced all the
 * time; the same values as one thread on larger positions; a node limit
 * stops all threads with honest bounds. Run under ThreadSanitizer too
 * (label threads). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "random_position.h"
#include "reference.h"
#include "solve/parallel.h"
#include "solve/solve.h"

static SolveResult *solve_with(const Position *pos, const SolveOptions *options)
{
    SolveResult *result = malloc(sizeof *result);
    assert_non_null(result);
    assert_int_equal(solve_position(pos, options, result), SOLVE_OK);
    assert_true(result->proven);
    return result;
}

/* count positions of size with min..max empty points against minimax */
static void check_random(int size, int count, int min_empties, int max_empties, uint64_t seed,
                         const SolveOptions *options)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < count; i++) {
        Position pos = support_random_position(&rng, size, min_empties + i % (max_empties - min_empties + 1));
        SolveResult *result = solve_with(&pos, options);
        RefBoard board;
        ref_from_position(&board, &pos);
        int expected = ref_minimax(&board);
        if (result->black_margin != expected)
            fail_msg("position %d (%dx%d, %d empty, %d threads): solver %+d, minimax %+d", i, size, size,
                     pos_empty_count(&pos), options->threads, result->black_margin, expected);
        /* its line is legal */
        Position p = pos;
        for (int k = 0; k < result->pv_length; k++) {
            assert_int_equal(pos_check(&p, pos_to_move(&p), result->pv[k]), POS_OK);
            pos_play(&p, result->pv[k]);
        }
        free(result);
    }
}

static void test_threads_match_minimax(void **state)
{
    (void)state;
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 4 << 20;
    options.threads = 2;
    check_random(4, 60, 3, 9, 41, &options);
    check_random(5, 30, 3, 8, 42, &options);
    options.threads = 3;
    options.symmetry = false;
    check_random(4, 40, 3, 9, 43, &options);
    options.symmetry = true;
    options.hash_bytes = 512; /* a few buckets */
    check_random(5, 20, 3, 8, 44, &options);
}

/* Larger positions, beyond the minimax's reach: one thread and two agree,
 * and so does the opening table of the empty 4x4 board. */
static void test_threads_agree_with_one(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 45);
    SolveOptions one;
    solve_options_default(&one);
    one.hash_bytes = 16 << 20;
    SolveOptions two = one;
    two.threads = 2;
    for (int i = 0; i < 12; i++) {
        Position pos = support_random_position(&rng, 4 + i % 2, 11 + i % 5);
        SolveResult *a = solve_with(&pos, &one), *b = solve_with(&pos, &two);
        assert_int_equal(a->black_margin, b->black_margin);
        free(a);
        free(b);
    }
    Position empty;
    pos_init(&empty, 4);
    two.openings = true;
    SolveResult *table = solve_with(&empty, &two);
    assert_int_equal(table->black_margin, 0); /* the empty 4x4 board is a draw */
    assert_int_equal(table->opening_count, 16);
    for (int i = 0; i < table->opening_count; i++) {
        assert_true(table->openings[i].proven);
        assert_int_equal(table->openings[i].black_lower, 0);
    }
    free(table);
}

/* A node limit stops every thread: unproven, bounds that hold the value
 * (a draw), and no more than a thread's poll interval past the limit. */
static void test_threads_stop_at_the_limit(void **state)
{
    (void)state;
    Position pos;
    pos_init(&pos, 4);
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 4 << 20;
    options.threads = 2;
    options.node_limit = 20000;
    SolveResult result;
    assert_int_equal(solve_position(&pos, &options, &result), SOLVE_STOPPED);
    assert_false(result.proven);
    assert_true(result.nodes >= 20000 && result.nodes < 20000 + 4 * 1024);
    assert_true(result.black_lower <= 0 && 0 <= result.black_upper);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_match_minimax),
        cmocka_unit_test(test_threads_agree_with_one),
        cmocka_unit_test(test_threads_stop_at_the_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
