/* The RAVE player: legal stones on every board size and through tree
 * reuse, determinism under a playout limit, the captures it must see, the
 * hard time limit, and the AMAF bookkeeping (stones count for the colour
 * that placed them; points filled by a ring are not placed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "diagram.h"
#include "players/player.h"
#include "players/player_rave.h"
#include "base/clock.h"
#include "rules/playout.h"

/* A position from a diagram (see diagram.h). */
static Position from_rows(const char *const *rows, int size, Color side, int stone)
{
    Position pos;
    assert_true(support_position_from_rows(&pos, rows, size, side, stone));
    return pos;
}

static Player *new_rave(uint64_t seed)
{
    PlayerConfig config = {.seed = seed};
    Player *p = player_create("rave", &config);
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

/* A position of `stones` random stones on the board of `size`. */
static Position random_position(int size, int stones, Rng *rng)
{
    Position pos;
    pos_init(&pos, size);
    for (int k = 0; k < stones && pos_empty_count(&pos) > 1; k++)
        pos_play(&pos, playout_random_point(&pos, rng));
    return pos;
}

static void test_registered(void **state)
{
    (void)state;
    bool listed = false;
    for (const char *const *name = player_names; *name; name++)
        listed |= strcmp(*name, "rave") == 0;
    assert_true(listed);
    Player *p = new_rave(1);
    assert_string_equal(p->name, "rave");
    RaveChildStats stats[1];
    assert_int_equal(player_rave_root_children(p, stats, 1), 0);
    player_destroy(p);
    /* the statistics are refused for any other player */
    PlayerConfig config = {.seed = 1};
    Player *mcts = player_create("mcts", &config);
    assert_int_equal(player_rave_root_children(mcts, stats, 1), -1);
    player_destroy(mcts);
}

static void test_legal_on_every_size(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    Player *p = new_rave(3);
    static const uint64_t playouts[] = {1, 2, 50, 300};
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++) {
        for (int i = 0; i < 12; i++) {
            /* a random position, from the opening stone to the last point */
            Position pos = random_position(size, (int)rng_below(&rng, (uint32_t)(size * size)), &rng);
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
    for (int size = 4; size <= 9; size++) {
        Player *both = new_rave(11);
        Player *black = new_rave(12), *white = new_rave(13);
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

/* The last empty point is the answer at once, without a search. */
static void test_last_point(void **state)
{
    (void)state;
    static const char *const rows[] = {"XXXX", "XXXX", "OOOO", "OOO."};
    Position pos = from_rows(rows, 4, COLOR_WHITE, 1);
    Player *p = new_rave(2);
    int64_t start = clock_thread_cpu_ms();
    PlayerLimits limits = {.nodes = UINT64_C(1000000000000)};
    assert_int_equal(p->genmove(p, &pos, &limits), point_make(3, 3));
    assert_true(clock_thread_cpu_ms() - start < 1000);
    player_destroy(p);
}

static void test_deterministic(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 99);
    Position pos = random_position(12, 40, &rng);
    Player *a = new_rave(5), *b = new_rave(5);
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
        Player *p = new_rave(seed);
        assert_int_equal(genmove_playouts(p, &pos, 1000), point_make(5, 4));
        player_destroy(p);
    }
    /* White to move, two stones: one of them saves the twelve */
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Position white = from_rows(rows, 8, COLOR_WHITE, 1);
        Player *p = new_rave(seed);
        for (int stone = 0; stone < 2; stone++)
            pos_play(&white, genmove_playouts(p, &white, 1000));
        assert_int_equal(pos_at(&white, point_make(5, 4)), COLOR_WHITE);
        player_destroy(p);
    }
}

/* On 12x12: a black ring around 16 white stones with one gap, and White
 * far ahead otherwise: the stone in the gap is worth 32 points. */
static void test_big_fill_on_12x12(void **state)
{
    (void)state;
    static const char *const rows[] = {
        "............", "............", "..XXXXXX....", "..XOOOOX....", "..XOOOOX....", "..XOOOOX....",
        "..XOOOOX....", "..XXX.XX....", "OOOOOOOOOOOO", "OOOOOOOOOOOO", "OOOOOOOOOOOO", "............",
    };
    Position pos = from_rows(rows, 12, COLOR_BLACK, 2);
    for (uint64_t seed = 1; seed <= 2; seed++) {
        Player *p = new_rave(seed);
        assert_int_equal(genmove_playouts(p, &pos, 3000), point_make(7, 5));
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
    Player *p = new_rave(8);
    Position pos;
    pos_init(&pos, 16);
    check_time(p, &pos, (PlayerLimits){.soft_ms = 50, .hard_ms = 100});
    check_time(p, &pos, (PlayerLimits){.hard_ms = 100});
    /* a playout count far beyond the time: the clock still stops it */
    check_time(p, &pos, (PlayerLimits){.hard_ms = 100, .nodes = UINT64_C(1000000000000)});
    check_time(p, &pos, (PlayerLimits){.hard_ms = 1});
    /* no limit at all: a default playout count, not forever (a sanitizer
     * build takes seconds of it) */
    int64_t start = clock_thread_cpu_ms();
    PlayerLimits none = {0};
    int move = p->genmove(p, &pos, &none);
    assert_int_equal(pos_check(&pos, COLOR_BLACK, move), POS_OK);
    assert_true(clock_thread_cpu_ms() - start < 10000);
    player_destroy(p);
}

/* The statistics of the root's children after `playouts` playouts from a
 * fresh tree; returns how many children. */
static int root_stats_after(const Position *pos, uint64_t playouts, uint64_t seed, RaveChildStats *stats)
{
    Player *p = new_rave(seed);
    genmove_playouts(p, pos, playouts);
    int children = player_rave_root_children(p, stats, BB_POINTS);
    player_destroy(p);
    return children;
}

static const RaveChildStats *stats_of(const RaveChildStats *stats, int children, int move)
{
    for (int i = 0; i < children; i++)
        if (stats[i].move == move)
            return &stats[i];
    fail_msg("no child for point %d", move);
    return NULL;
}

/* On random 4x4 positions: a child for every empty point; a playout
 * through a child counts for its AMAF statistics too, so there are at
 * least as many; each playout visits one child. */
static void test_amaf_counts_real_visits(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 21);
    for (int i = 0; i < 40; i++) {
        Position pos = random_position(4, (int)rng_below(&rng, 12), &rng);
        if (pos_empty_count(&pos) < 2)
            continue;
        RaveChildStats stats[BB_POINTS];
        uint64_t playouts = 50 + rng_below(&rng, 500);
        int children = root_stats_after(&pos, playouts, 100 + (uint64_t)i, stats);
        assert_int_equal(children, pos_empty_count(&pos));
        uint64_t visits = 0, amaf = 0;
        for (int c = 0; c < children; c++) {
            assert_true(bb_test(pos_empty(&pos), stats[c].move));
            assert_true(stats[c].amaf_visits >= stats[c].visits);
            assert_true(stats[c].amaf_visits <= playouts);
            assert_true(stats[c].wins <= stats[c].visits);
            assert_true(stats[c].amaf_wins <= stats[c].amaf_visits);
            visits += stats[c].visits;
            amaf += stats[c].amaf_visits;
        }
        assert_int_equal(visits, playouts);
        /* the side to move places its stone at the root and at least one
         * more later in most playouts: AMAF sees more than the real visits */
        if (pos_empty_count(&pos) > 6)
            assert_true(amaf > visits);
    }
}

/* Two empty points: a = (0,1) on the edge and b = (1,1) inside. A black
 * stone at a closes the black ring around b, which is filled (not placed);
 * a white stone at a closes nothing. */
static const char *const fill_rows[] = {"X.OO", "X.XO", "XXXO", "OOOO"};

static void test_amaf_fill_is_not_a_placement(void **state)
{
    (void)state;
    int a = point_make(0, 1), b = point_make(1, 1);
    RaveChildStats stats[BB_POINTS];
    enum { PLAYOUTS = 200 };

    /* Black's last stone of the turn, then White's: whatever is played,
     * Black places exactly the point of the root's child, so the AMAF
     * counts are the real ones. Filling b is not placing it. */
    Position pos = from_rows(fill_rows, 4, COLOR_BLACK, 2);
    assert_int_equal(root_stats_after(&pos, PLAYOUTS, 1, stats), 2);
    const RaveChildStats *sa = stats_of(stats, 2, a), *sb = stats_of(stats, 2, b);
    assert_true(sa->visits > 0 && sb->visits > 0);
    assert_int_equal(sa->visits + sb->visits, PLAYOUTS);
    assert_int_equal(sa->amaf_visits, sa->visits);
    assert_int_equal(sb->amaf_visits, sb->visits);
    /* Black at a fills b: a draw, 8-8; Black at b lets White take a: 7-9 */
    assert_true(sa->wins == 0.5 * sa->visits);
    assert_true(sb->wins == 0.0);

    /* Black places both stones: b then a places both, a fills b. So a
     * counts in every playout, b only in its own. */
    pos = from_rows(fill_rows, 4, COLOR_BLACK, 1);
    assert_int_equal(root_stats_after(&pos, PLAYOUTS, 2, stats), 2);
    sa = stats_of(stats, 2, a);
    sb = stats_of(stats, 2, b);
    assert_int_equal(sa->visits + sb->visits, PLAYOUTS);
    assert_int_equal(sa->amaf_visits, PLAYOUTS);
    assert_int_equal(sb->amaf_visits, sb->visits);

    /* White's last stone, then Black's: the point White leaves is Black's,
     * so again exactly the real visits (a stone counts for its colour). */
    pos = from_rows(fill_rows, 4, COLOR_WHITE, 2);
    assert_int_equal(root_stats_after(&pos, PLAYOUTS, 3, stats), 2);
    sa = stats_of(stats, 2, a);
    sb = stats_of(stats, 2, b);
    assert_int_equal(sa->amaf_visits, sa->visits);
    assert_int_equal(sb->amaf_visits, sb->visits);

    /* White places both: each point counts in every playout */
    pos = from_rows(fill_rows, 4, COLOR_WHITE, 1);
    assert_int_equal(root_stats_after(&pos, PLAYOUTS, 4, stats), 2);
    sa = stats_of(stats, 2, a);
    sb = stats_of(stats, 2, b);
    assert_int_equal(sa->amaf_visits, PLAYOUTS);
    assert_int_equal(sb->amaf_visits, PLAYOUTS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered),
        cmocka_unit_test(test_legal_on_every_size),
        cmocka_unit_test(test_legal_through_tree_reuse),
        cmocka_unit_test(test_last_point),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_big_capture),
        cmocka_unit_test(test_big_fill_on_12x12),
        cmocka_unit_test(test_hard_time_limit),
        cmocka_unit_test(test_amaf_counts_real_visits),
        cmocka_unit_test(test_amaf_fill_is_not_a_placement),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
