/* Self-play games: a game depends on the settings and its index only (not
 * on the games a player played before, nor on whether ownership and solver
 * values are asked for), its records follow the stones played, and
 * exploration, ownership and solver values are what the settings ask. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "learn/selfplay_game.h"
#include "rules/score.h"
#include "search/endgame.h"

enum { SIZE = 6, OPENING = 4 };

static SelfplaySettings settings(void)
{
    return (SelfplaySettings){.seed = 11, .opening_plies = OPENING, .explore = 0.0, .nodes = 200,
                              .mc_playouts = 0, .solve_empties = 0};
}

static SelfplayGame *play(SelfplayPlayer *player, uint64_t index, int size)
{
    SelfplayGame *game = malloc(sizeof *game);
    assert_non_null(game);
    assert_true(selfplay_game_play(player, index, size, game));
    return game;
}

static SelfplayPlayer *new_player(const SelfplaySettings *set)
{
    SelfplayPlayer *player = selfplay_player_create(set);
    assert_non_null(player);
    return player;
}

/* The same stones from the same positions. */
static void assert_same_game(const SelfplayGame *a, const SelfplayGame *b)
{
    assert_int_equal(a->index, b->index);
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->opening_count, b->opening_count);
    for (int i = 0; i < a->opening_count; i++)
        assert_int_equal(a->opening[i], b->opening[i]);
    assert_true(pos_same(&a->final, &b->final));
    for (int i = 0; i < a->count; i++) {
        assert_true(pos_same(&a->records[i].pos, &b->records[i].pos));
        assert_int_equal(a->records[i].point, b->records[i].point);
        assert_int_equal(a->records[i].explored, b->records[i].explored);
        assert_int_equal(a->records[i].scored, b->records[i].scored);
        if (a->records[i].scored)
            assert_int_equal(a->records[i].score, b->records[i].score);
    }
}

static void test_game_depends_on_its_index_only(void **state)
{
    (void)state;
    /* what a search keeps from one game (table, histories) would change
     * the next, most of all a replay of the same game */
    SelfplaySettings set = settings();
    set.explore = 0.25;
    SelfplayPlayer *used = new_player(&set), *fresh = new_player(&set);
    free(play(used, 0, 8));
    SelfplayGame *a = play(used, 2, SIZE), *b = play(fresh, 2, SIZE), *again = play(used, 2, SIZE);
    assert_same_game(a, b);
    assert_same_game(a, again);
    free(again);
    /* another index is another game */
    SelfplayGame *c = play(fresh, 3, SIZE);
    bool differ = c->count != a->count || !pos_same(&c->final, &a->final);
    for (int i = 0; !differ && i < a->count; i++)
        differ = !pos_same(&a->records[i].pos, &c->records[i].pos);
    assert_true(differ);

    /* ownership and solving add values, and change no stone */
    SelfplaySettings more = set;
    more.mc_playouts = 20;
    more.solve_empties = 6;
    SelfplayPlayer *analyst = new_player(&more);
    SelfplayGame *d = play(analyst, 2, SIZE);
    assert_same_game(a, d);
    free(a), free(b), free(c), free(d);
    selfplay_player_destroy(used);
    selfplay_player_destroy(fresh);
    selfplay_player_destroy(analyst);
}

static void test_records_follow_the_game(void **state)
{
    (void)state;
    SelfplaySettings set = settings();
    SelfplayPlayer *player = new_player(&set);
    for (uint64_t index = 0; index < 3; index++) {
        SelfplayGame *game = play(player, index, SIZE);
        assert_int_equal(game->index, index);
        assert_int_equal(game->size, SIZE);
        assert_true(game->count > 0);
        assert_int_equal(game->records[0].pos.ply, OPENING);
        /* the opening's stones lead from the empty board to the first record */
        assert_int_equal(game->opening_count, OPENING);
        Position start;
        pos_init(&start, SIZE);
        for (int k = 0; k < game->opening_count; k++) {
            assert_int_equal(pos_check(&start, pos_to_move(&start), game->opening[k]), POS_OK);
            pos_play(&start, game->opening[k]);
        }
        assert_true(pos_same(&start, &game->records[0].pos));
        for (int i = 0; i < game->count; i++) {
            const SelfplayRecord *r = &game->records[i];
            assert_false(r->explored);
            assert_true(r->scored);
            assert_false(r->solved);
            assert_int_equal(pos_check(&r->pos, pos_to_move(&r->pos), r->point), POS_OK);
            Position next = r->pos;
            pos_play(&next, r->point);
            const Position *expected = i + 1 < game->count ? &game->records[i + 1].pos : &game->final;
            assert_true(pos_same(&next, expected));
        }
        assert_true(pos_is_over(&game->final));
        free(game);
    }
    selfplay_player_destroy(player);
}

/* An opening that fills the board leaves a game without records, its
 * stones still kept. */
static void test_opening_to_the_end(void **state)
{
    (void)state;
    SelfplaySettings set = settings();
    set.opening_plies = BB_POINTS;
    SelfplayPlayer *player = new_player(&set);
    SelfplayGame *game = play(player, 1, 4);
    assert_int_equal(game->count, 0);
    assert_true(game->opening_count > 0 && game->opening_count <= 16);
    Position pos;
    pos_init(&pos, 4);
    for (int k = 0; k < game->opening_count; k++) {
        assert_false(pos_is_over(&pos));
        pos_play(&pos, game->opening[k]);
    }
    assert_true(pos_is_over(&pos));
    assert_true(pos_same(&pos, &game->final));
    free(game);
    selfplay_player_destroy(player);
}

static void test_exploration_ownership_and_solver(void **state)
{
    (void)state;
    SelfplaySettings set = settings();
    set.explore = 1.0; /* every stone random */
    set.mc_playouts = 50;
    set.solve_empties = 7;
    SelfplayPlayer *player = new_player(&set);
    SelfplayGame *game = play(player, 5, SIZE);
    Bitboard board = bb_board(SIZE);
    int solved = 0;
    for (int i = 0; i < game->count; i++) {
        const SelfplayRecord *r = &game->records[i];
        assert_true(r->explored);
        assert_false(r->scored);
        for (int p = 0; p < BB_POINTS; p++) {
            assert_true(r->black_playouts[p] <= 50);
            if (!bb_test(board, p))
                assert_int_equal(r->black_playouts[p], 0);
            else if (pos_at(&r->pos, p) == COLOR_BLACK && p == point_make(0, 0))
                assert_int_equal(r->black_playouts[p], 50); /* a corner is the safe zone */
        }
        assert_int_equal(r->solved, pos_empty_count(&r->pos) <= 7);
        if (r->solved) {
            solved++;
            uint64_t nodes = 0;
            Solver solver = {.tt = NULL, .nodes = &nodes};
            int score = endgame_solve(&solver, &r->pos, -SCORE_INF, SCORE_INF, NULL, NULL);
            int margin = score == 0 ? 0 : score_final_margin(score);
            assert_int_equal(r->solved_margin, pos_to_move(&r->pos) == COLOR_BLACK ? margin : -margin);
            assert_int_equal(abs(r->solved_margin) % 2, SIZE * SIZE % 2);
        }
    }
    assert_true(solved > 0);
    free(game);
    selfplay_player_destroy(player);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_depends_on_its_index_only),
        cmocka_unit_test(test_records_follow_the_game),
        cmocka_unit_test(test_opening_to_the_end),
        cmocka_unit_test(test_exploration_ownership_and_solver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
