/* The MCTS player: legal stones on every board size and through tree
 * reuse, determinism under a playout limit, the captures it must see, and
 * the hard time limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diagram.h"
#include "players/player.h"
#include "base/clock.h"
#include "rules/playout.h"

/* A position from a diagram (see diagram.h). */
static Position from_rows(const char *const *rows, int size, Color side, int stone)
{
    Position pos;
    assert_true(support_position_from_rows(&pos, rows, size, side, stone));
    return pos;
}

static Player *new_mcts(uint64_t seed)
{
    PlayerConfig config = {.seed = seed};
    Player *p = player_create("mcts", &config);
    assert_non_null(p);
    return p;
}

static int genmove_playouts(Player *p, const Position *pos, uint64_t playouts)
{
    PlayerLimits limits = {.nodes = playouts};
    int move = p->genmove(p, pos, &limits);
    assert_int_equal(pos_check(pos, pos_to_move(pos), move), POS_OK);
    return move;
}

static void test_registered(void **state)
{
    (void)state;
    bool listed = false;
    for (const char *const *name = player_names; *name; name++)
        listed |= strcmp(*name, "mcts") == 0;
    assert_true(listed);
    Player *p = new_mcts(1);
    assert_string_equal(p->name, "mcts");
    player_destroy(p);
}

static void test_legal_on_every_size(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    Player *p = new_mcts(3);
    static const uint64_t playouts[] = {1, 2, 50, 300};
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++) {
        for (int i = 0; i < 12; i++) {
            /* a random position, from the opening stone to the last point */
            Position pos;
            pos_init(&pos, size);
            int stones = (int)rng_below(&rng, (uint32_t)(size * size));
            for (int k = 0; k < stones && pos_empty_count(&pos) > 1; k++)
                pos_play(&pos, playout_random_point(&pos, &rng));
            if (i == 0)
                pos_init(&pos, size);
            genmove_playouts(p, &pos, playouts[i % 4]);
        }
    }
    player_destroy(p);
}

/* Whole games with the tree kept between stones: one player for both
 * colours (the next root is a child of the old one) and two players (it is
 * three stones down). */
static void test_legal_through_tree_reuse(void **state)
{
    (void)state;
    for (int size = 5; size <= 9; size += 2) {
        Player *both = new_mcts(11);
        Player *black = new_mcts(12), *white = new_mcts(13);
        for (int game = 0; game < 2; game++) {
            Position pos;
            pos_init(&pos, size);
            while (!pos_is_over(&pos)) {
                Player *p = game == 0 ? both : pos_to_move(&pos) == COLOR_BLACK ? black : white;
                pos_play(&pos, genmove_playouts(p, &pos, 400));
            }
        }
        player_destroy(both);
        player_destroy(black);
        player_destroy(white);
    }
}

static void test_deterministic(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 99);
    Position pos;
    pos_init(&pos, 12);
    for (int k = 0; k < 40; k++)
        pos_play(&pos, playout_random_point(&pos, &rng));
    Player *a = new_mcts(5), *b = new_mcts(5);
    int first = genmove_playouts(a, &pos, 3000);
    assert_int_equal(genmove_playouts(b, &pos, 3000), first);
    /* a new game forgets the tree and restarts the generator */
    a->new_game(a);
    assert_int_equal(genmove_playouts(a, &pos, 3000), first);

    /* and a whole game replays stone for stone */
    int moves[2][64];
    for (int run = 0; run < 2; run++) {
        a->new_game(a);
        Position game;
        pos_init(&game, 8);
        for (int i = 0; !pos_is_over(&game); i++) {
            moves[run][i] = genmove_playouts(a, &game, 500);
            pos_play(&game, moves[run][i]);
            if (run == 1)
                assert_int_equal(moves[1][i], moves[0][i]);
        }
    }
    player_destroy(a);
    player_destroy(b);
}

static void test_big_capture(void **state)
{
    (void)state;
    /* Twelve white stones inside a black ring whose only gap is (5,4). The
     * capture decides the game: White's two full rows win it otherwise. */
    static const char *const rows[] = {
        "........", ".XXXXXX.", ".XOOOOX.", ".XOOOOX.", ".XOOOOX.", ".XXX.XX.", "OOOOOOOO", "OOOOOOOO",
    };
    /* Black has one stone left */
    Position pos = from_rows(rows, 8, COLOR_BLACK, 2);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Player *p = new_mcts(seed);
        assert_int_equal(genmove_playouts(p, &pos, 2000), point_make(5, 4));
        player_destroy(p);
    }
    /* White to move, two stones: one of them saves the twelve */
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Position white = from_rows(rows, 8, COLOR_WHITE, 1);
        Player *p = new_mcts(seed);
        for (int stone = 0; stone < 2; stone++)
            pos_play(&white, genmove_playouts(p, &white, 2000));
        assert_int_equal(pos_at(&white, point_make(5, 4)), COLOR_WHITE);
        player_destroy(p);
    }
}

/* The most stones of the side not to move that two stones of the side to
 * move capture, by brute force over every pair. */
static int most_captured_by_two(const Position *pos)
{
    Color them = color_other(pos_to_move(pos));
    int most = 0;
    for (Bitboard a = pos_empty(pos); !bb_is_empty(a);) {
        Position one = *pos;
        pos_play(&one, bb_pop(&a));
        for (Bitboard b = pos_empty(&one); !bb_is_empty(b);) {
            Position two = one;
            pos_play(&two, bb_pop(&b));
            int captured = pos_count(pos, them) - pos_count(&two, them);
            if (captured > most)
                most = captured;
        }
    }
    return most;
}

/* Nine white stones inside a black ring with two gaps, (1,3) and (5,4);
 * White's two full rows decide the game unless the nine are captured. */
static const char *const two_gap_rows[] = {
    "........", ".XX.XX..", ".XOOOX..", ".XOOOX..", ".XOOOX..", ".XXX.X..", "OOOOOOOO", "OOOOOOOO",
};

static void test_two_stone_capture(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        /* Black, with both stones of its turn, closes the ring (a gap, or
         * the point outside (1,3), which takes (1,3) as well) */
        Position pos = from_rows(two_gap_rows, 8, COLOR_BLACK, 1);
        assert_int_equal(most_captured_by_two(&pos), 9);
        Player *p = new_mcts(seed);
        for (int stone = 0; stone < 2; stone++)
            pos_play(&pos, genmove_playouts(p, &pos, 8000));
        assert_int_equal(pos_count(&pos, COLOR_WHITE), 16);
        player_destroy(p);
    }
}

static void test_stops_two_stone_capture(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        /* White, to move first, leaves Black no capture for its turn */
        Position pos = from_rows(two_gap_rows, 8, COLOR_WHITE, 1);
        Player *p = new_mcts(seed);
        for (int stone = 0; stone < 2; stone++)
            pos_play(&pos, genmove_playouts(p, &pos, 4000));
        assert_int_equal(pos_to_move(&pos), COLOR_BLACK);
        assert_int_equal(most_captured_by_two(&pos), 0);
        player_destroy(p);
    }
}

/* The player looks at its clock every few playouts and stops at hard_ms:
 * the processor time it spends stays within hard_ms and a little, however
 * long a busy machine keeps it waiting. */
static void check_time(Player *p, const Position *pos, PlayerLimits limits)
{
    int64_t start = clock_thread_cpu_ms();
    int move = p->genmove(p, pos, &limits);
    int64_t used = clock_thread_cpu_ms() - start;
    assert_int_equal(pos_check(pos, pos_to_move(pos), move), POS_OK);
    assert_true(used <= limits.hard_ms + 200);
}

static void test_hard_time_limit(void **state)
{
    (void)state;
    Player *p = new_mcts(8);
    Position pos;
    pos_init(&pos, 16);
    check_time(p, &pos, (PlayerLimits){.soft_ms = 50, .hard_ms = 100});
    check_time(p, &pos, (PlayerLimits){.hard_ms = 100});
    /* a playout count far beyond the time: the clock still stops it */
    check_time(p, &pos, (PlayerLimits){.hard_ms = 100, .nodes = UINT64_C(1000000000000)});
    check_time(p, &pos, (PlayerLimits){.hard_ms = 1});
    /* no limit at all: a default playout count, not forever */
    int64_t start = clock_thread_cpu_ms();
    PlayerLimits none = {0};
    int move = p->genmove(p, &pos, &none);
    assert_int_equal(pos_check(&pos, COLOR_BLACK, move), POS_OK);
    assert_true(clock_thread_cpu_ms() - start < 5000);
    player_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),
        cmocka_unit_test(test_legal_on_every_size),
        cmocka_unit_test(test_legal_through_tree_reuse),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_big_capture),
        cmocka_unit_test(test_two_stone_capture),
        cmocka_unit_test(test_stops_two_stone_capture),
        cmocka_unit_test(test_hard_time_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
