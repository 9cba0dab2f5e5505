/* Search: tactics it must find, legality under any limit, exactness of the
 * endgame solver and of the table, determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diagram.h"
#include "random_position.h"
#include "support.h"
#include "rules/playout.h"
#include "rules/score.h"
#include "rules/stable.h"
#include "rules/tactics.h"
#include "search/endgame.h"
#include "search/search.h"

/* A position from a diagram (see diagram.h). */
static Position from_rows(const char *const *rows, int size, Color side, int stone)
{
    Position pos;
    assert_true(support_position_from_rows(&pos, rows, size, side, stone));
    return pos;
}

static Search *new_search(int hash_mib, uint64_t seed)
{
    SearchConfig config = {.threads = 1, .hash_mib = hash_mib, .seed = seed};
    Search *s = search_create(&config);
    assert_non_null(s);
    return s;
}

/* A search that solves the root's result first from 24 empty points at
 * any time per stone: built with RIN_TUNE (test_search_tune, this file
 * against the search built so, runs it), its parameters say so; the
 * release search solves it first from endgame_result_empties with at least
 * endgame_result_min_ms, and stands in when that covers positions of
 * `empties` empty points searched with `hard_ms`. NULL (the test skips)
 * when neither can. */
static Search *new_result_search(int hash_mib, uint64_t seed, int empties, int64_t hard_ms)
{
    SearchParams params = search_params_default;
    if (SEARCH_PARAMS_TUNABLE) {
        assert_true(search_params_set(&params, "endgame_result_empties", 24));
        assert_true(search_params_set(&params, "endgame_result_min_ms", 0));
    } else if (empties > SEARCH_PARAM_DEFAULT_endgame_result_empties ||
               hard_ms < SEARCH_PARAM_DEFAULT_endgame_result_min_ms) {
        return NULL;
    }
    SearchConfig config = {.threads = 1, .hash_mib = hash_mib, .seed = seed, .params = &params};
    Search *s = search_create(&config);
    assert_non_null(s);
    return s;
}

static SearchInfo run(Search *s, const Position *pos, int depth, uint64_t nodes)
{
    SearchLimits limits = {.depth = depth, .nodes = nodes, .first_move = POINT_NONE};
    SearchInfo info;
    search_run(s, pos, &limits, NULL, NULL, &info);
    return info;
}

/* The largest score change `color` can make with `stones` stones (1 or 2),
 * by brute force over every point (pair). */
static int best_gain(const Position *pos, Color color, int stones)
{
    int best = 0;
    for (Bitboard b = pos_empty(pos); !bb_is_empty(b);) {
        int p = bb_pop(&b);
        Position child = *pos;
        while (pos_to_move(&child) != color)
            child.ply++; /* only the stones matter here */
        int before = pos_score(&child);
        pos_play(&child, p);
        int gain = (pos_score(&child) - before) * (color == COLOR_BLACK ? 1 : -1) - 1;
        if (stones == 2 && !pos_is_over(&child)) {
            Position again = child;
            again.ply = child.ply - 1; /* the same colour once more */
            while (pos_to_move(&again) != color)
                again.ply++;
            gain += best_gain(&again, color, 1);
        }
        if (gain > best)
            best = gain;
    }
    return best;
}

static void test_one_stone_capture(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "........", "........", "...X....", "..XO....", "...X....", "........", "O.......", "........",
    };
    Position pos = from_rows(rows, 8, COLOR_BLACK, 2);
    Search *s = new_search(8, 1);
    SearchInfo info = run(s, &pos, 3, 0);
    assert_int_equal(info.pv[0], point_make(3, 4));
    search_destroy(s);
}

static void test_two_stone_capture(void **state)
{
    (void)state;
    /* Two white stones that Black can enclose with (2,4) and (3,4). */
    static const char *const rows[] = {
        "........", "...X....", "..XO....", "..XO....", "...X....", "........", "O.....O.", "........",
    };
    Position pos = from_rows(rows, 8, COLOR_BLACK, 1);
    int threat = best_gain(&pos, COLOR_BLACK, 2);
    assert_int_equal(threat, 4); /* two white stones captured: 2 fills + 2 captures */
    Search *s = new_search(8, 1);
    SearchInfo info = run(s, &pos, 4, 0);
    assert_true(info.pv_length >= 2);
    int a = info.pv[0], b = info.pv[1];
    assert_true((a == point_make(2, 4) && b == point_make(3, 4)) || (a == point_make(3, 4) && b == point_make(2, 4)));
    /* and playing the line really captures */
    Position after = pos;
    pos_play(&after, a);
    pos_play(&after, b);
    assert_int_equal(pos_count(&after, COLOR_WHITE), 2);
    search_destroy(s);
}

static void test_stops_two_stone_threat(void **state)
{
    (void)state;
    /* Black's box around an empty 2x2 area has two gaps, (1,2) and (4,3):
     * with two stones, (0,2) and (5,3), Black would seal it and its gaps.
     * White, with two stones, must stop it (blocking both gaps is not
     * enough: Black would then enclose the blockers too). */
    static const char *const rows[] = {
        "........", ".X.XX...", ".X..X...", ".X..X...", ".XX.X...", "........", "........", "O.......",
    };
    Position pos = from_rows(rows, 8, COLOR_WHITE, 1);
    int threat = best_gain(&pos, COLOR_BLACK, 2);
    assert_int_equal(threat, 6);
    Search *s = new_search(16, 1);
    Position after = pos;
    for (int stone = 0; stone < 2; stone++) {
        SearchInfo info = run(s, &after, 4, 0);
        assert_int_equal(pos_check(&after, COLOR_WHITE, info.pv[0]), POS_OK);
        pos_play(&after, info.pv[0]);
    }
    assert_int_equal(pos_to_move(&after), COLOR_BLACK);
    assert_true(best_gain(&after, COLOR_BLACK, 2) < threat);
    search_destroy(s);
}

static void test_always_legal(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 42);
    Search *s = new_search(4, 3);
    static const uint64_t node_limits[] = {1, 2, 10, 100, 1000};
    int searched = 0;
    for (int game = 0; game < 26; game++) {
        Position pos;
        pos_init(&pos, 4 + game % 13);
        while (!pos_is_over(&pos)) {
            uint64_t nodes = node_limits[rng_below(&rng, 5)];
            SearchInfo info = run(s, &pos, 0, nodes);
            assert_int_equal(pos_check(&pos, pos_to_move(&pos), info.pv[0]), POS_OK);
            searched++;
            /* follow the search sometimes, random play otherwise (faster) */
            int move = rng_below(&rng, 4) == 0 ? info.pv[0] : playout_random_point(&pos, &rng);
            pos_play(&pos, move);
            for (int k = 0; k < 6 && !pos_is_over(&pos); k++)
                pos_play(&pos, playout_random_point(&pos, &rng));
        }
    }
    assert_true(searched > 300);
    search_destroy(s);
}

/* Plain minimax without pruning, from Black's point of view (margin). */
static int minimax(const Position *pos)
{
    if (pos_is_over(pos))
        return pos_score(pos);
    bool black = pos_to_move(pos) == COLOR_BLACK;
    int best = black ? -1000 : 1000;
    for (Bitboard b = pos_empty(pos); !bb_is_empty(b);) {
        Position child = *pos;
        pos_play(&child, bb_pop(&b));
        int v = minimax(&child);
        if (black ? v > best : v < best)
            best = v;
    }
    return best;
}

static bool solver_never_stops(void *context)
{
    (void)context;
    return false;
}

/* The line pv (legal stones) plays pos out to a full board of Black's
 * margin `margin`. */
static void assert_pv_ends_with(const Position *pos, const int *pv, int length, int margin)
{
    Position end = *pos;
    for (int k = 0; k < length; k++) {
        assert_int_equal(pos_check(&end, pos_to_move(&end), pv[k]), POS_OK);
        pos_play(&end, pv[k]);
    }
    assert_true(pos_is_over(&end));
    assert_int_equal(pos_score(&end), margin);
}

static void test_solver_matches_minimax(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    TT tt, merged_tt;
    assert_true(tt_init(&tt, 4));
    assert_true(tt_init(&merged_tt, 4));
    int positions = 0;
    for (int i = 0; i < 60; i++) {
        Position pos = support_random_position(&rng, 4 + i % 3, 7 + i % 3);
        int margin = minimax(&pos);
        int expected = score_final(pos_to_move(&pos) == COLOR_BLACK ? margin : -margin);
        uint64_t nodes = 0;
        Solver with_tt = {.tt = &tt, .nodes = &nodes, .poll = solver_never_stops, .context = NULL};
        Solver without_tt = {.tt = NULL, .nodes = &nodes, .poll = solver_never_stops, .context = NULL};
        /* the richer ordering everywhere and a table that merges mirror images */
        SymmetryTable symmetry;
        symmetry_table_init(&symmetry, pos.size, true);
        SolverOrdering ordering = {.min_empties = 0};
        endgame_ordering_clear(&ordering);
        Solver merged = {.tt = &merged_tt, .nodes = &nodes, .poll = solver_never_stops, .ordering = &ordering,
                         .symmetry = &symmetry};
        int pv[BB_POINTS + 1], length = 0;
        assert_int_equal(endgame_solve(&with_tt, &pos, -SCORE_INF, SCORE_INF, pv, &length), expected);
        assert_int_equal(endgame_solve(&without_tt, &pos, -SCORE_INF, SCORE_INF, NULL, NULL), expected);
        int merged_pv[BB_POINTS + 1], merged_length = 0;
        assert_int_equal(endgame_solve(&merged, &pos, -SCORE_INF, SCORE_INF, merged_pv, &merged_length), expected);
        assert_true(endgame_solve(&merged, &pos, expected - 1, expected, NULL, NULL) >= expected);
        assert_true(endgame_solve(&merged, &pos, expected, expected + 1, NULL, NULL) <= expected);
        /* the PVs play out to that result */
        assert_pv_ends_with(&pos, pv, length, margin);
        assert_pv_ends_with(&pos, merged_pv, merged_length, margin);
        /* a null window around the value answers on the right side */
        assert_true(endgame_solve(&without_tt, &pos, expected - 1, expected, NULL, NULL) >= expected);
        assert_true(endgame_solve(&without_tt, &pos, expected, expected + 1, NULL, NULL) <= expected);
        positions++;
    }
    assert_int_equal(positions, 60);
    tt_free(&tt);
    tt_free(&merged_tt);
}

/* What the solver's options save: the richer ordering on a 5 x 5 position
 * of 18 empty points (Black wins by one; measured 0.9 M nodes against
 * 2.8 M plain, with the null windows of `rin solve`), the merged mirror
 * images on the empty 4 x 4 board (a draw; 156 k nodes against 266 k). */
static uint64_t solver_nodes(const Position *pos, SolverOrdering *ordering, const SymmetryTable *symmetry,
                             int expected)
{
    TT tt;
    assert_true(tt_init(&tt, 16));
    uint64_t nodes = 0;
    if (ordering)
        endgame_ordering_clear(ordering);
    Solver solver = {.tt = &tt, .nodes = &nodes, .poll = solver_never_stops, .ordering = ordering,
                     .symmetry = symmetry};
    int bound;
    assert_int_equal(endgame_solve_result(&solver, pos, &bound, NULL, NULL), expected);
    tt_free(&tt);
    return nodes;
}

static void test_solver_ordering_and_symmetry_save_nodes(void **state)
{
    (void)state;
    Position pos;
    pos_init(&pos, 5);
    const char *line[] = {"C3", "B4", "D2", "D4", "B2", "D3", "B3"};
    for (int i = 0; i < 7; i++)
        pos_play(&pos, support_vertex_point(5, line[i]));
    assert_int_equal(pos_empty_count(&pos), 18);
    SolverOrdering ordering = {.min_empties = 11};
    uint64_t plain = solver_nodes(&pos, NULL, NULL, ENDGAME_WIN);
    uint64_t ordered = solver_nodes(&pos, &ordering, NULL, ENDGAME_WIN);
    assert_true(ordered * 2 < plain);

    pos_init(&pos, 4);
    SymmetryTable symmetry;
    symmetry_table_init(&symmetry, 4, true);
    uint64_t apart = solver_nodes(&pos, NULL, NULL, ENDGAME_DRAW);
    uint64_t merged = solver_nodes(&pos, NULL, &symmetry, ENDGAME_DRAW);
    assert_true(merged * 3 < apart * 2);
}

static void test_solver_result_matches_minimax(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 17);
    TT tt;
    assert_true(tt_init(&tt, 4));
    int seen[3] = {0, 0, 0};
    for (int i = 0; i < 90; i++) {
        Position pos = support_random_position(&rng, 4 + i % 3, 6 + i % 4);
        int margin = minimax(&pos);
        int expected = score_final(pos_to_move(&pos) == COLOR_BLACK ? margin : -margin);
        EndgameResult want = expected > 0 ? ENDGAME_WIN : expected < 0 ? ENDGAME_LOSS : ENDGAME_DRAW;
        uint64_t nodes = 0;
        Solver solvers[2] = {{.tt = &tt, .nodes = &nodes, .poll = solver_never_stops, .context = NULL},
                             {.tt = NULL, .nodes = &nodes, .poll = solver_never_stops, .context = NULL}};
        for (int k = 0; k < 2; k++) {
            int bound = 12345, pv[BB_POINTS + 1], length = 0;
            EndgameResult result = endgame_solve_result(&solvers[k], &pos, &bound, pv, &length);
            assert_false(solvers[k].stopped);
            assert_int_equal(result, want);
            if (result == ENDGAME_WIN)
                assert_true(bound > SCORE_EVAL_MAX && bound <= expected);
            else if (result == ENDGAME_LOSS)
                assert_true(bound < -SCORE_EVAL_MAX && bound >= expected);
            else
                assert_int_equal(bound, 0);
            /* the first stone keeps the result: the child's exact value agrees */
            assert_true(length >= 1);
            Position child = pos;
            assert_int_equal(pos_check(&child, pos_to_move(&child), pv[0]), POS_OK);
            pos_play(&child, pv[0]);
            int child_margin = minimax(&child);
            int child_score = score_final(pos_to_move(&pos) == COLOR_BLACK ? child_margin : -child_margin);
            assert_int_equal(child_score > 0 ? ENDGAME_WIN : child_score < 0 ? ENDGAME_LOSS : ENDGAME_DRAW, want);
        }
        /* the table filled by the result's null windows still gives the exact score */
        assert_int_equal(endgame_solve(&solvers[0], &pos, -SCORE_INF, SCORE_INF, NULL, NULL), expected);
        seen[want + 1]++;
    }
    /* wins, draws and losses all occur */
    assert_true(seen[0] > 5 && seen[1] > 2 && seen[2] > 5);
    tt_free(&tt);
}

/* Fail-soft bounds from any window, many windows on one table: a score at
 * or below alpha is an upper bound, at or above beta a lower bound, inside
 * the window the exact score. Bounds stored dishonestly in the table (a
 * null window's result as an exact score) would break these. */
static void test_solver_windows_share_a_table(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 31);
    TT tt;
    assert_true(tt_init(&tt, 1));
    static const int edges[] = {-SCORE_INF, -SCORE_FINAL - 6, -SCORE_FINAL - 2, -SCORE_FINAL - 1, -50, -1, 0,
                                1, 50, SCORE_FINAL + 1, SCORE_FINAL + 2, SCORE_FINAL + 6, SCORE_INF};
    enum { EDGES = sizeof edges / sizeof edges[0] };
    for (int i = 0; i < 40; i++) {
        Position pos = support_random_position(&rng, 4 + i % 3, 6 + i % 4);
        int margin = minimax(&pos);
        int expected = score_final(pos_to_move(&pos) == COLOR_BLACK ? margin : -margin);
        uint64_t nodes = 0;
        Solver solver = {.tt = &tt, .nodes = &nodes, .poll = solver_never_stops, .context = NULL};
        for (int k = 0; k < 30; k++) {
            int a = (int)rng_below(&rng, EDGES - 1);
            int b = a + 1 + (int)rng_below(&rng, (uint32_t)(EDGES - 1 - a));
            int alpha = edges[a], beta = edges[b];
            if (rng_below(&rng, 3) == 0) /* a null window somewhere among the wins or losses */
                beta = alpha + 1 < SCORE_INF ? alpha + 1 : beta;
            int v = endgame_solve(&solver, &pos, alpha, beta, NULL, NULL);
            if (v <= alpha)
                assert_true(expected <= v);
            else if (v >= beta)
                assert_true(expected >= v);
            else
                assert_int_equal(v, expected);
        }
    }
    tt_free(&tt);
}

static void test_search_exact_with_and_without_tt(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 11);
    Search *with_tt = new_search(8, 1);
    Search *without_tt = new_search(0, 1);
    for (int i = 0; i < 6; i++) {
        Position pos = support_random_position(&rng, 5, 13 + i % 2);
        if (pos_empty_count(&pos) <= 12)
            continue; /* the root solver would answer: not the search */
        search_clear(with_tt);
        SearchInfo a = run(with_tt, &pos, SEARCH_MAX_DEPTH, 0);
        SearchInfo b = run(without_tt, &pos, SEARCH_MAX_DEPTH, 0);
        assert_true(score_is_final(a.score) || a.score == 0);
        assert_true(a.exact); /* searched to the end: proven, a draw too */
        assert_true(b.exact);
        assert_int_equal(a.score, b.score);
        /* and it is the solver's exact value */
        uint64_t nodes = 0;
        Solver solver = {.tt = NULL, .nodes = &nodes, .poll = solver_never_stops, .context = NULL};
        assert_int_equal(endgame_solve(&solver, &pos, -SCORE_INF, SCORE_INF, NULL, NULL), a.score);
    }
    search_destroy(with_tt);
    search_destroy(without_tt);
}

/* A final score and its margin convert both ways; a draw is 0 both ways. */
static void test_final_margin_round_trip(void **state)
{
    (void)state;
    for (int margin = -BB_POINTS; margin <= BB_POINTS; margin++) {
        assert_int_equal(score_final_margin(score_final(margin)), margin);
        assert_true(margin == 0 || score_is_final(score_final(margin)));
    }
    assert_int_equal(score_final_margin(0), 0);
}

static void test_deterministic(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5);
    for (int i = 0; i < 4; i++) {
        Position pos = support_random_position(&rng, i % 2 ? 16 : 12, 150 - 30 * i);
        Search *a = new_search(16, 99), *b = new_search(16, 99);
        SearchInfo x = run(a, &pos, 0, 20000);
        SearchInfo y = run(b, &pos, 0, 20000);
        assert_int_equal(x.pv[0], y.pv[0]);
        assert_int_equal(x.nodes, y.nodes);
        assert_int_equal(x.score, y.score);
        assert_int_equal(x.depth, y.depth);
        /* a second search on the same object with a cleared table too */
        search_clear(a);
        SearchInfo z = run(a, &pos, 0, 20000);
        assert_int_equal(z.pv[0], x.pv[0]);
        assert_int_equal(z.nodes, x.nodes);
        search_destroy(a);
        search_destroy(b);
    }
}

/* The final score of a finished game for its side to move. */
static int final_margin_score(const Position *pos)
{
    int margin = pos_score(pos);
    return score_final(pos_to_move(pos) == COLOR_BLACK ? margin : -margin);
}

/* Multi-PV: searched to the end, every line's score is the exact value of
 * its first stone (the solver's, from the child), the lines are distinct
 * and best first, and the first is the single-PV search's value. */
static void test_multipv_lines_are_exact(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 23);
    Search *s = new_search(8, 1);
    int checked = 0;
    for (int i = 0; i < 6; i++) {
        Position pos = support_random_position(&rng, 5, 13 + i % 2);
        if (pos_is_over(&pos))
            continue;
        SearchLimits limits = {.depth = SEARCH_MAX_DEPTH, .first_move = POINT_NONE, .multipv = 4};
        SearchInfo info;
        search_clear(s);
        search_run(s, &pos, &limits, NULL, NULL, &info);
        int expected_lines = pos_empty_count(&pos) < 4 ? pos_empty_count(&pos) : 4;
        assert_int_equal(info.line_count, expected_lines);
        assert_int_equal(info.lines[0].score, info.score);
        assert_int_equal(info.lines[0].pv[0], info.pv[0]);
        for (int k = 0; k < info.line_count; k++) {
            const SearchLine *line = &info.lines[k];
            assert_true(line->pv_length >= 1);
            assert_true(line->exact);
            for (int j = 0; j < k; j++)
                assert_int_not_equal(info.lines[j].pv[0], line->pv[0]);
            if (k > 0)
                assert_true(line->score <= info.lines[k - 1].score);
            Position child = pos;
            assert_int_equal(pos_check(&child, pos_to_move(&child), line->pv[0]), POS_OK);
            pos_play(&child, line->pv[0]);
            uint64_t nodes = 0;
            Solver solver = {.tt = NULL, .nodes = &nodes, .poll = solver_never_stops, .context = NULL};
            int value = pos_is_over(&child) ? final_margin_score(&child)
                                            : endgame_solve(&solver, &child, -SCORE_INF, SCORE_INF, NULL, NULL);
            if (pos_to_move(&child) != pos_to_move(&pos))
                value = -value;
            assert_int_equal(line->score, value);
        }
        SearchInfo single = run(s, &pos, SEARCH_MAX_DEPTH, 0);
        assert_int_equal(single.score, info.score);
        checked++;
    }
    assert_true(checked >= 4);
    search_destroy(s);
}

/* More lines asked than stones left: one line per stone. */
static void test_multipv_fewer_stones_than_lines(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 29);
    Position pos = support_random_position(&rng, 4, 13);
    assert_false(pos_is_over(&pos));
    Search *s = new_search(8, 1);
    SearchLimits limits = {.depth = 2, .first_move = POINT_NONE, .multipv = SEARCH_MAX_MULTIPV};
    SearchInfo info;
    search_run(s, &pos, &limits, NULL, NULL, &info);
    assert_int_equal(info.line_count, pos_empty_count(&pos));
    search_destroy(s);
}

static int result_of(int score) { return score > 0 ? 1 : score < 0 ? -1 : 0; }

/* From 13 to 24 empty points the root's result is solved first, within a
 * share of the time: a proven score with the solver's sign (the exact
 * score once the margin is found, else a bound of it on the right side),
 * and a first stone that keeps the result. */
static void test_root_result_is_solved(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 37);
    TT tt;
    assert_true(tt_init(&tt, 8));
    int checked = 0, exact = 0;
    for (int i = 0; i < 12; i++) {
        Search *s = new_result_search(i % 3 ? 8 : 0, 1, 15, 40000);
        if (!s) {
            tt_free(&tt);
            skip();
        }
        Position pos = support_random_position(&rng, 6 + i % 3, 13 + i % 3);
        if (pos_empty_count(&pos) <= 12)
            continue;
        SearchLimits limits = {.soft_ms = 20000, .hard_ms = 40000, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(s, &pos, &limits, NULL, NULL, &info);
        uint64_t nodes = 0;
        tt_clear(&tt);
        Solver solver = {.tt = &tt, .nodes = &nodes, .poll = solver_never_stops, .context = NULL};
        int value = endgame_solve(&solver, &pos, -SCORE_INF, SCORE_INF, NULL, NULL);
        assert_true(score_is_proven(info.score, info.exact));
        assert_int_equal(result_of(info.score), result_of(value));
        if (info.exact)
            assert_int_equal(info.score, value);
        else
            assert_true(value > 0 ? info.score <= value : info.score >= value);
        Position child = pos;
        assert_int_equal(pos_check(&child, pos_to_move(&child), info.pv[0]), POS_OK);
        pos_play(&child, info.pv[0]);
        int child_value = pos_is_over(&child) ? final_margin_score(&child)
                                              : endgame_solve(&solver, &child, -SCORE_INF, SCORE_INF, NULL, NULL);
        if (pos_to_move(&child) != pos_to_move(&pos))
            child_value = -child_value;
        assert_int_equal(result_of(child_value), result_of(value));
        checked++;
        exact += info.exact;
        search_destroy(s);
    }
    assert_true(checked >= 8);
    assert_true(exact >= 4); /* with this much time the margin is found too */
    tt_free(&tt);
}

/* A root solve that would outlast the hard time limit stops at it: the
 * solver's poll reads the clock. Positions already decided by stable
 * stones, whose result takes a few nodes but whose margin takes 300k
 * nodes or more (over 100 ms), searched with a hard limit of 20 ms: the
 * result proven, the margin search stopped before its end (fewer nodes,
 * not exact), a legal stone. */
static void test_root_solve_stops_at_the_hard_limit(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 41);
    Search *s = new_result_search(16, 1, 16, 20);
    if (!s)
        skip();
    int checked = 0;
    for (int i = 0; i < 200 && checked < 3; i++) {
        Position pos = support_random_position(&rng, 16, 14 + i % 3);
        int stable_black = bb_count(stable_stones(pos.stones[COLOR_BLACK], 16));
        int stable_white = bb_count(stable_stones(pos.stones[COLOR_WHITE], 16));
        if (pos_empty_count(&pos) <= 12 || (2 * stable_black <= 256 && 2 * stable_white <= 256))
            continue;
        search_clear(s);
        SearchLimits unlimited = {.soft_ms = 100000, .first_move = POINT_NONE};
        SearchInfo full;
        search_run(s, &pos, &unlimited, NULL, NULL, &full);
        if (!full.exact || full.nodes < 300000)
            continue;
        search_clear(s);
        SearchLimits limits = {.soft_ms = 5, .hard_ms = 20, .first_move = POINT_NONE};
        SearchInfo info;
        search_run(s, &pos, &limits, NULL, NULL, &info);
        assert_int_equal(pos_check(&pos, pos_to_move(&pos), info.pv[0]), POS_OK);
        assert_true(score_is_final(info.score));
        assert_int_equal(result_of(info.score), result_of(full.score));
        assert_false(info.exact);
        assert_true(info.nodes < full.nodes);
        checked++;
    }
    assert_int_equal(checked, 3);
    search_destroy(s);
}

typedef struct FirstReport {
    Search *search;
    int reports;
    SearchInfo first;
} FirstReport;

/* Keeps the first report and stops the search there. */
static void stop_at_first_report(const SearchInfo *info, void *context)
{
    FirstReport *r = context;
    if (r->reports++ == 0) {
        r->first = *info;
        search_stop(r->search);
    }
}

/* An analysis without limits at 18 empty points on 16x16, where the root's
 * result solve has no budget and may run for minutes: the first report
 * comes before the solve (a first iteration, not exact, with a legal
 * stone), and a stop there ends the search with a legal stone. */
static void test_unlimited_solve_reports_before_it(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    SearchParams params = search_params_default;
    SearchConfig config = {.threads = 1, .hash_mib = 16, .seed = 1, .params = &params};
    Search *s = search_create(&config);
    assert_non_null(s);
    int checked = 0;
    for (int i = 0; i < 50 && checked < 3; i++) {
        Position pos = support_random_position(&rng, 16, 18);
        int empties = pos_empty_count(&pos);
        if (empties <= SEARCH_PARAM_DEFAULT_endgame_root_empties || empties > SEARCH_PARAM_DEFAULT_endgame_result_empties)
            continue;
        search_clear(s);
        FirstReport r = {.search = s};
        SearchLimits none = {.first_move = POINT_NONE};
        SearchInfo info;
        search_run(s, &pos, &none, stop_at_first_report, &r, &info);
        assert_true(r.reports >= 1);
        assert_int_equal(r.first.depth, 1);
        assert_false(r.first.exact);
        assert_int_equal(pos_check(&pos, pos_to_move(&pos), r.first.pv[0]), POS_OK);
        /* stopped before the solve could finish, or after it proved the
         * result (its margin search stopped): a legal stone either way */
        assert_int_equal(pos_check(&pos, pos_to_move(&pos), info.pv[0]), POS_OK);
        checked++;
    }
    assert_int_equal(checked, 3);
    search_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_stone_capture),
        cmocka_unit_test(test_two_stone_capture),
        cmocka_unit_test(test_stops_two_stone_threat),
        cmocka_unit_test(test_always_legal),
        cmocka_unit_test(test_solver_matches_minimax),
        cmocka_unit_test(test_solver_ordering_and_symmetry_save_nodes),
        cmocka_unit_test(test_solver_result_matches_minimax),
        cmocka_unit_test(test_solver_windows_share_a_table),
        cmocka_unit_test(test_search_exact_with_and_without_tt),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_final_margin_round_trip),
        cmocka_unit_test(test_multipv_lines_are_exact),
        cmocka_unit_test(test_multipv_fewer_stones_than_lines),
        cmocka_unit_test(test_root_result_is_solved),
        cmocka_unit_test(test_root_solve_stops_at_the_hard_limit),
        cmocka_unit_test(test_unlimited_solve_reports_before_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
