/* The solver against a slow, obviously correct minimax over the reference
 * rules (memoised on the board and the turn, nothing else): the exact
 * margin of random 4x4 and 5x5 positions, with and without the symmetries,
 * the stability cut-off and the endgame solver at the leaves, whatever the
 * initial proof numbers or the order of the first questions, with a table
 * too small to hold the proof;
 * mirror images get the same value; the 4x4 opening table is symmetric and
 * equals minimax stone by stone; limits stop a proof with honest bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diagram.h"
#include "random_position.h"
#include "reference.h"
#include "rules/score.h"
#include "rules/symmetry.h"
#include "search/endgame.h"
#include "solve/dfpn.h"
#include "solve/solve.h"

/* ---- minimax over the reference rules ---- */

/* A memo of Black's margin by board (base 3, row by row) and turn state;
 * entries of an earlier generation count as free, so that one memo serves
 * many positions without being cleared. */
typedef struct Memo {
    uint64_t *keys;
    uint32_t *generations;
    int16_t *values;
    size_t mask, used;
    uint32_t generation;
} Memo;

static void memo_init(Memo *memo, size_t log2)
{
    memo->mask = ((size_t)1 << log2) - 1;
    memo->keys = calloc(memo->mask + 1, sizeof *memo->keys);
    memo->generations = calloc(memo->mask + 1, sizeof *memo->generations);
    memo->values = calloc(memo->mask + 1, sizeof *memo->values);
    assert_non_null(memo->keys);
    assert_non_null(memo->generations);
    assert_non_null(memo->values);
    memo->used = 0;
    memo->generation = 1;
}

static void memo_next(Memo *memo)
{
    memo->generation++;
    memo->used = 0;
}

static void memo_free(Memo *memo)
{
    free(memo->keys);
    free(memo->generations);
    free(memo->values);
}

static uint64_t board_key(const RefBoard *board)
{
    uint64_t key = 0;
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++)
            key = key * 3 + board->cell[r][c];
    /* who moves, and whether the turn's second stone comes next */
    return (key * 4 + (uint64_t)(ref_to_move(board) == REF_BLACK) * 2 + (uint64_t)(ref_stone_of_ply(board->ply) == 2)) + 1;
}

/* The slot of a key: its own, or the free one where it would go (the memo
 * is never more than half full, so the probe ends). */
static size_t memo_slot(const Memo *memo, uint64_t key)
{
    size_t slot = (size_t)(key * UINT64_C(0x9E3779B97F4A7C15) >> 20) & memo->mask;
    while (memo->generations[slot] == memo->generation && memo->keys[slot] != key)
        slot = (slot + 1) & memo->mask;
    return slot;
}

static int minimax(const RefBoard *board, Memo *memo);

static int minimax_children(const RefBoard *board, Memo *memo)
{
    bool black = ref_to_move(board) == REF_BLACK;
    int best = black ? -1000 : 1000;
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (board->cell[r][c] != REF_EMPTY)
                continue;
            RefBoard child = *board;
            assert_true(ref_play(&child, r, c, NULL) >= 0);
            int value = minimax(&child, memo);
            if (black ? value > best : value < best)
                best = value;
        }
    return best;
}

/* Black's final margin from board with both sides playing their best: the
 * mover takes the best of every empty point, Black the largest margin,
 * White the smallest; the same player moves again at a second stone.
 * Positions with one or two empty points are not memoised: they cost
 * less to search again than to look up. */
static int minimax(const RefBoard *board, Memo *memo)
{
    if (ref_is_over(board))
        return ref_score(board);
    if (ref_count(board, REF_EMPTY) < 3)
        return minimax_children(board, memo);
    uint64_t key = board_key(board);
    size_t slot = memo_slot(memo, key);
    if (memo->generations[slot] == memo->generation)
        return memo->values[slot];
    int best = minimax_children(board, memo);
    /* the search below filled other slots: find the free one again */
    slot = memo_slot(memo, key);
    assert_true(++memo->used < memo->mask / 2);
    memo->keys[slot] = key;
    memo->generations[slot] = memo->generation;
    memo->values[slot] = (int16_t)best;
    return best;
}

static int reference_margin(const Position *pos, Memo *memo)
{
    RefBoard board;
    ref_from_position(&board, pos);
    memo_next(memo);
    return minimax(&board, memo);
}

/* ---- helpers ---- */

/* A small table, and proof numbers to the end of the game (the endgame
 * solver would otherwise settle most of these positions on its own). */
static SolveOptions small_options(void)
{
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 1 << 20;
    options.leaf_empties = 0;
    return options;
}

static SolveResult *solve_ok(const Position *pos, const SolveOptions *options)
{
    SolveResult *result = malloc(sizeof *result);
    assert_non_null(result);
    assert_int_equal(solve_position(pos, options, result), SOLVE_OK);
    assert_true(result->proven);
    assert_int_equal(result->black_lower, result->black_margin);
    assert_int_equal(result->black_upper, result->black_margin);
    assert_int_equal(result->margin, pos_to_move(pos) == COLOR_BLACK ? result->black_margin : -result->black_margin);
    return result;
}

/* The PV is legal, and when it reaches the end its score is the margin;
 * its first stone is the best one. */
static void check_pv(const Position *pos, const SolveResult *result)
{
    Position p = *pos;
    for (int i = 0; i < result->pv_length; i++) {
        assert_int_equal(pos_check(&p, pos_to_move(&p), result->pv[i]), POS_OK);
        pos_play(&p, result->pv[i]);
    }
    if (pos_is_over(&p))
        assert_int_equal(pos_score(&p), result->black_margin);
    if (result->pv_length > 0)
        assert_int_equal(result->best_point, result->pv[0]);
}

/* Positions of a size with `empties` points left, checked against minimax
 * under the given options. Returns how many had a complete PV. */
static int check_random(int size, int count, int min_empties, int max_empties, uint64_t seed,
                        const SolveOptions *options)
{
    Rng rng;
    rng_seed(&rng, seed);
    Memo memo;
    memo_init(&memo, 21);
    int full_pv = 0;
    for (int i = 0; i < count; i++) {
        int empties = min_empties + i % (max_empties - min_empties + 1);
        Position pos = support_random_position(&rng, size, empties);
        SolveResult *result = solve_ok(&pos, options);
        int expected = reference_margin(&pos, &memo);
        if (result->black_margin != expected)
            fail_msg("position %d (%dx%d, %d empty): solver %+d, minimax %+d", i, size, size, pos_empty_count(&pos),
                     result->black_margin, expected);
        check_pv(&pos, result);
        Position end = pos;
        for (int k = 0; k < result->pv_length; k++)
            pos_play(&end, result->pv[k]);
        full_pv += pos_is_over(&end);
        free(result);
    }
    memo_free(&memo);
    return full_pv;
}

/* ---- tests ---- */

static void test_random_4x4_positions_match_minimax(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    int full_pv = check_random(4, 300, 1, 10, 25, &options);
    /* the table keeps the line of the last two proofs almost always */
    assert_true(full_pv > 250);
}

static void test_random_5x5_positions_match_minimax(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    check_random(5, 200, 1, 9, 525, &options);
}

/* With the endgame solver at the leaves, as solve_position runs by
 * default: positions with more empty points than it takes, and fewer. */
static void test_endgame_leaves_same_values(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    options.leaf_empties = 5;
    options.hash_bytes = 4 << 20;
    assert_true(check_random(4, 60, 3, 11, 31, &options) > 50);
    check_random(5, 30, 3, 9, 32, &options);
}

/* The initial proof numbers and the thresholds only steer the search: 1
 * and 1 everywhere, plain df-pn or a large epsilon, the values stay the
 * same. */
static void test_initial_numbers_same_values(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    options.epsilon_permille = 0;
    check_random(4, 30, 4, 10, 16, &options);
    options.epsilon_permille = 2000;
    check_random(4, 30, 4, 10, 17, &options);
    options.epsilon_permille = SOLVE_DEFAULT_EPSILON_PERMILLE;
    options.mobility = false;
    check_random(4, 40, 4, 10, 12, &options);
    check_random(5, 20, 4, 8, 13, &options);
}

static void test_without_symmetry_or_stability_same_values(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    options.symmetry = false;
    check_random(4, 60, 4, 10, 7, &options);
    options.symmetry = true;
    options.stability = false;
    check_random(4, 60, 4, 10, 8, &options);
    check_random(5, 20, 4, 8, 9, &options);
}

/* A table of a few buckets: entries are replaced all the time, proven
 * ones too, and the values must not change. */
static void test_tiny_table_same_values(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    options.hash_bytes = 512;
    check_random(4, 60, 4, 10, 11, &options);
}

static void test_mirror_images_have_the_same_value(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 88);
    SolveOptions options = small_options();
    for (int i = 0; i < 40; i++) {
        int size = 4 + i % 2;
        Position pos = support_random_position(&rng, size, size == 4 ? 10 : 8);
        SolveResult *base = solve_ok(&pos, &options);
        for (int s = 1; s < 8; s++) {
            Position image = symmetry_position(s, &pos);
            SolveResult *mirrored = solve_ok(&image, &options);
            assert_int_equal(mirrored->black_margin, base->black_margin);
            free(mirrored);
        }
        free(base);
    }
}

/* Black's margin from pos by the engine's alpha-beta endgame solver
 * (search/endgame.h), a second implementation to compare with where the
 * reference minimax would take too long. */
static int endgame_margin(const Position *pos)
{
    TT tt;
    assert_true(tt_init(&tt, 16));
    uint64_t nodes = 0;
    Solver solver = {.tt = &tt, .nodes = &nodes};
    int margin = score_final_margin(endgame_solve(&solver, pos, -SCORE_INF, SCORE_INF, NULL, NULL));
    tt_free(&tt);
    return pos_to_move(pos) == COLOR_BLACK ? margin : -margin;
}

/* The empty 4x4 board: the value, the table the same under the eight
 * symmetries, mirrored stones folded onto one (three kinds of point:
 * corner, edge, centre), each kind's value equal to the endgame solver's,
 * and the best stone with the root's value. */
static void test_opening_table_4x4(void **state)
{
    (void)state;
    Position pos;
    pos_init(&pos, 4);
    SolveOptions options = small_options();
    options.hash_bytes = 8 << 20;
    options.leaf_empties = SOLVE_DEFAULT_LEAF_EMPTIES;
    options.openings = true;
    SolveResult *result = solve_ok(&pos, &options);
    assert_int_equal(result->black_margin, endgame_margin(&pos));
    assert_int_equal(result->opening_count, 16);
    int value_at[BB_POINTS], best = -1000, folded = 0;
    for (int i = 0; i < result->opening_count; i++) {
        const SolveOpening *o = &result->openings[i];
        assert_true(o->proven);
        assert_int_equal(o->black_lower, o->black_upper);
        value_at[o->point] = o->black_lower;
        if (o->black_lower > best)
            best = o->black_lower;
        if (o->same_as != POINT_NONE) {
            folded++;
            continue;
        }
        Position child = pos;
        pos_play(&child, o->point);
        assert_int_equal(o->black_lower, endgame_margin(&child));
    }
    for (int i = 0; i < result->opening_count; i++) {
        int p = result->openings[i].point;
        for (int s = 0; s < 8; s++)
            assert_int_equal(value_at[symmetry_point(s, 4, p)], value_at[p]);
        if (result->openings[i].same_as != POINT_NONE)
            assert_int_equal(value_at[result->openings[i].same_as], value_at[p]);
    }
    assert_int_equal(folded, 13);
    assert_int_equal(best, result->black_margin);
    assert_int_equal(value_at[result->best_point], result->black_margin);
    check_pv(&pos, result);
    free(result);
}

/* A node limit stops the proof: unproven, with bounds that hold the true
 * value, and the numbers of the question left open. */
static void test_node_limit_stops_with_honest_bounds(void **state)
{
    (void)state;
    Position pos;
    pos_init(&pos, 4);
    SolveOptions options = small_options();
    options.node_limit = 200;
    SolveResult result;
    assert_int_equal(solve_position(&pos, &options, &result), SOLVE_STOPPED);
    assert_false(result.proven);
    assert_true(result.nodes >= 200 && result.nodes < 400);
    assert_true(result.pn > 0 && result.dn > 0);
    SolveOptions full = small_options();
    full.hash_bytes = 8 << 20;
    full.leaf_empties = SOLVE_DEFAULT_LEAF_EMPTIES;
    SolveResult *exact = solve_ok(&pos, &full);
    assert_true(result.black_lower <= exact->black_margin && exact->black_margin <= result.black_upper);
    assert_true(result.black_lower < result.black_upper);
    free(exact);
}

static void test_finished_game(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 3);
    Position pos = support_random_plies(&rng, 4, 64);
    assert_true(pos_is_over(&pos));
    SolveOptions options = small_options();
    SolveResult *result = solve_ok(&pos, &options);
    assert_int_equal(result->black_margin, pos_score(&pos));
    assert_int_equal(result->best_point, POINT_NONE);
    assert_int_equal(result->nodes, 0);
    free(result);
}

/* What the endgame solver's table tells after a proof: the bounds of every
 * child of the root hold its minimax value, and the stone it holds for the
 * root, when it holds one, is legal; and most of the time the children's
 * bounds alone show the claim just proven (a child that keeps it where
 * Black moves, every child where White does), which is what the proof
 * writer needs. With and without mirror images merged. */
static void test_endgame_table_bounds_hold(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 1126);
    Memo memo;
    memo_init(&memo, 21);
    int known = 0, stones = 0;
    for (int trial = 0; trial < 40; trial++) {
        int size = 4 + trial % 2;
        Position pos = support_random_position(&rng, size, 6 + trial % 5);
        int value = reference_margin(&pos, &memo);
        SolveDfpn dfpn;
        assert_int_equal(solve_dfpn_init(&dfpn, size, 4 << 20, trial % 4 < 2, true, 25), SOLVE_DFPN_OK);
        /* the question the position just meets: Black >= value */
        assert_int_equal(solve_dfpn_prove(&dfpn, &pos, value, NULL, NULL), SOLVE_ANSWER_YES);
        int lower, upper;
        solve_dfpn_bounds(&dfpn, &pos, &lower, &upper);
        assert_true(lower <= value && value <= upper);
        /* Black to move: some child known to keep Black's margin at value;
         * White to move: every child */
        bool black = pos_to_move(&pos) == COLOR_BLACK;
        bool some = false, every = true;
        Bitboard empty = pos_empty(&pos);
        while (!bb_is_empty(empty)) {
            Position child = pos;
            pos_play(&child, bb_pop(&empty));
            int child_value = reference_margin(&child, &memo);
            solve_dfpn_bounds(&dfpn, &child, &lower, &upper);
            if (lower > child_value || child_value > upper)
                fail_msg("trial %d: a child worth %+d has bounds [%+d, %+d]", trial, child_value, lower, upper);
            some = some || lower >= value;
            every = every && lower >= value;
        }
        known += black ? some : every;
        int stone = solve_dfpn_known_stone(&dfpn, &pos);
        if (stone != POINT_NONE) {
            assert_int_equal(pos_check(&pos, pos_to_move(&pos), stone), POS_OK);
            stones++;
        }
        solve_dfpn_free(&dfpn);
    }
    memo_free(&memo);
    /* the tables do tell, most of the time */
    assert_true(known > 30);
    assert_true(stones > 30);
}

/* The order of the first questions only steers the search: with the
 * probe (a budget small enough that it rarely settles a question itself)
 * or without, the values stay minimax's. On the empty 4x4 board with
 * proof numbers to the end the probe puts "at least a draw?" first: the
 * same value, by other nodes. */
static void test_question_order_same_values(void **state)
{
    (void)state;
    SolveOptions options = small_options();
    options.probe_expansions = 0;
    check_random(4, 40, 6, 12, 41, &options);
    options.probe_expansions = 16;
    check_random(4, 60, 6, 12, 42, &options);
    check_random(5, 20, 6, 9, 43, &options);
    options.probe_expansions = SOLVE_PROBE_EXPANSIONS;
    check_random(4, 20, 10, 13, 44, &options);

    Position pos;
    pos_init(&pos, 4);
    options.hash_bytes = 16 << 20;
    options.probe_expansions = 0;
    SolveResult *fixed = solve_ok(&pos, &options);
    options.probe_expansions = SOLVE_PROBE_EXPANSIONS;
    SolveResult *probed = solve_ok(&pos, &options);
    assert_int_equal(probed->black_margin, fixed->black_margin);
    assert_int_equal(fixed->black_margin, endgame_margin(&pos));
    assert_true(probed->nodes != fixed->nodes);
    free(fixed);
    free(probed);
}

/* The tables' default size: 64 MiB up to 19 empty points, doubling with
 * each point to 4 GiB at 25 and beyond, within half the memory (a power of
 * two of it), and 64 MiB when the memory is unknown. */
static void test_default_hash_size(void **state)
{
    (void)state;
    const uint64_t gib = UINT64_C(1) << 30, plenty = 64 * gib;
    static const struct {
        int empties;
        size_t mib;
    } rule[] = {{0, 64},    {11, 64},    {16, 64},    {19, 64},    {20, 128},   {21, 256},  {22, 512},
                {23, 1024}, {24, 2048}, {25, 4096}, {26, 4096}, {36, 4096}, {256, 4096}};
    for (size_t i = 0; i < sizeof rule / sizeof rule[0]; i++)
        if (solve_default_hash_mib(rule[i].empties, plenty) != rule[i].mib)
            fail_msg("%d empty points: %zu MiB, expected %zu", rule[i].empties,
                     solve_default_hash_mib(rule[i].empties, plenty), rule[i].mib);
    /* half of 6 GiB is 3 GiB: 2 GiB, the power of two within it */
    assert_int_equal(solve_default_hash_mib(25, 6 * gib), 2048);
    assert_int_equal(solve_default_hash_mib(25, 8 * gib), 4096);
    assert_int_equal(solve_default_hash_mib(24, 4 * gib), 2048);
    assert_int_equal(solve_default_hash_mib(24, 4 * gib - 1), 1024);
    assert_int_equal(solve_default_hash_mib(16, 64 << 20), 32);
    assert_int_equal(solve_default_hash_mib(25, 1 << 20), 1);
    assert_int_equal(solve_default_hash_mib(25, 0), 64);
    assert_int_equal(solve_default_hash_mib(12, 0), 64);
}

/* An argument runs only the tests whose names match it (a glob). */
int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_4x4_positions_match_minimax),
        cmocka_unit_test(test_random_5x5_positions_match_minimax),
        cmocka_unit_test(test_endgame_leaves_same_values),
        cmocka_unit_test(test_initial_numbers_same_values),
        cmocka_unit_test(test_without_symmetry_or_stability_same_values),
        cmocka_unit_test(test_tiny_table_same_values),
        cmocka_unit_test(test_mirror_images_have_the_same_value),
        cmocka_unit_test(test_opening_table_4x4),
        cmocka_unit_test(test_node_limit_stops_with_honest_bounds),
        cmocka_unit_test(test_finished_game),
        cmocka_unit_test(test_endgame_table_bounds_hold),
        cmocka_unit_test(test_default_hash_size),
        cmocka_unit_test(test_question_order_same_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
