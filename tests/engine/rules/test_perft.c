/* Perft on small boards against the reference: the number of stone
 * sequences of exactly DEPTH plies, where a game that ends earlier (a fill
 * taking the last empty points) contributes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reference.h"
#include "rules/perft.h"
#include "rules/position.h"
#include "base/random.h"

/* No ring exists before a player's fourth stone (the smallest ring is four
 * stones around one point), and White's fourth stone is the 7th of the
 * game: from the empty board of n points perft(d) = n (n-1) ... (n-d+1) for
 * d <= 7, whatever the rules do with rings. */
static uint64_t falling_factorial(int n, int d)
{
    uint64_t r = 1;
    for (int i = 0; i < d; i++)
        r *= (uint64_t)(n - i);
    return r;
}

static void test_perft_empty_board(void **state)
{
    (void)state;
    static const struct {
        int size, depth;
    } cases[] = {{4, 6}, {5, 5}, {6, 4}, {7, 3}, {16, 3}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int n = cases[i].size;
        Position pos;
        RefBoard ref;
        pos_init(&pos, n);
        ref_init(&ref, n);
        for (int d = 0; d <= cases[i].depth; d++) {
            uint64_t expected = falling_factorial(n * n, d);
            assert_int_equal(perft(&pos, d), expected);
            if (d == 0 || falling_factorial(n * n, d - 1) <= 50000) /* the reference plays that many stones */
                assert_int_equal(ref_perft(&ref, d), expected);
        }
    }
}

/* 4x4 from the empty board deep enough for rings (plies 5 and 6 are
 * White's third and fourth stones, 7 Black's fourth): the first three
 * stones are fixed to keep the reference fast, then perft 6. */
static void test_perft_4x4_deep(void **state)
{
    (void)state;
    static const int openings[][3] = {{0, 1, 2}, {5, 6, 9}, {1, 10, 4}};
    bool some_differs = false;
    for (size_t i = 0; i < sizeof openings / sizeof openings[0]; i++) {
        Position pos;
        RefBoard ref;
        pos_init(&pos, 4);
        ref_init(&ref, 4);
        for (int k = 0; k < 3; k++) {
            int row = openings[i][k] / 4, col = openings[i][k] % 4;
            pos_play(&pos, point_make(row, col));
            ref_play(&ref, row, col, NULL);
        }
        uint64_t expected = ref_perft(&ref, 6);
        assert_int_equal(perft(&pos, 6), expected);
        some_differs |= expected != falling_factorial(13, 6);
    }
    /* Rings did happen: fills made some of these trees smaller than the
     * closed form. */
    assert_true(some_differs);
}

/* A random empty point, next to a stone of the player to move three times
 * out of four when there is one, so that rings come early. */
static int clustered_point(const RefBoard *ref, Rng *rng)
{
    int empty[256], near[256], n = 0, nnear = 0;
    RefCell me = ref_to_move(ref);
    for (int r = 0; r < ref->size; r++)
        for (int c = 0; c < ref->size; c++) {
            if (ref->cell[r][c] != REF_EMPTY)
                continue;
            empty[n++] = r * 16 + c;
            bool own = false;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++)
                    own |= ref_on_board(ref, r + dr, c + dc) && ref->cell[r + dr][c + dc] == me;
            if (own)
                near[nnear++] = r * 16 + c;
        }
    if (nnear > 0 && rng_below(rng, 4) != 0)
        return near[rng_below(rng, (uint32_t)nnear)];
    return empty[rng_below(rng, (uint32_t)n)];
}

/* Positions from seeded random games on 4x4 .. 8x8, stopped at several
 * points; perft to a depth that keeps the reference quick, and, when few
 * points are left, to the very end of the game. */
static void test_perft_mid_game(void **state)
{
    (void)state;
    int positions = 0, shortened = 0;
    for (int size = 4; size <= 8; size++)
        for (int game = 0; game < 6; game++) {
            Rng rng;
            rng_seed(&rng, (uint64_t)(size * 100 + game));
            Position pos;
            RefBoard ref;
            pos_init(&pos, size);
            ref_init(&ref, size);
            while (!ref_is_over(&ref)) {
                int empty = ref_count(&ref, REF_EMPTY);
                /* The largest depth with at most ~30,000 leaves. */
                int depth = 0;
                uint64_t leaves = 1;
                while (depth < empty && leaves * (uint64_t)(empty - depth) <= 30000)
                    leaves *= (uint64_t)(empty - depth++);
                if (depth >= 2 && rng_below(&rng, 4) == 0) {
                    char why[160];
                    if (!ref_matches(&ref, &pos, why, sizeof why))
                        fail_msg("%dx%d, game %d, ply %d: %s", size, size, game, (int)pos.ply, why);
                    uint64_t expected = ref_perft(&ref, depth);
                    uint64_t actual = perft(&pos, depth);
                    if (actual != expected)
                        fail_msg("%dx%d, game %d, ply %d, depth %d: perft %llu, reference %llu", size, size, game,
                                 (int)pos.ply, depth, (unsigned long long)actual, (unsigned long long)expected);
                    positions++;
                    shortened += expected != falling_factorial(empty, depth);
                }
                int p = clustered_point(&ref, &rng), r = p / 16, c = p % 16;
                pos_play(&pos, point_make(r, c));
                ref_play(&ref, r, c, NULL);
            }
        }
    print_message("mid-game perft: %d positions, %d with fills in the tree\n", positions, shortened);
    assert_true(positions >= 100);
    /* Fills really happened inside these trees. */
    assert_true(shortened >= 20);
}

/* A hand-counted position: Black to play its first stone with three empty
 * points left, B4 (on the edge), B3 and C3.
 *   O . X O      B4 fills B3 and C3: the game ends at once.
 *   X . . X      B3 fills C3: one point (B4) left for Black's 2nd stone.
 *   O X X O      C3 fills nothing: B4 or B3 next; B4 then fills B3 (end),
 *   O O O O      B3 leaves B4 to White.
 * perft 1..4 = 3, 3 (0 + 1 + 2), 1, 0. */
static void test_perft_hand_counted(void **state)
{
    (void)state;
    static const char *const rows[] = {"O.XO", "X..X", "OXXO", "OOOO"};
    RefBoard ref;
    ref_init(&ref, 4);
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            ref.cell[r][c] = rows[r][c] == 'X' ? REF_BLACK : rows[r][c] == 'O' ? REF_WHITE : REF_EMPTY;
    Bitboard black, white;
    ref_stones(&ref, &black, &white);
    Position pos;
    assert_int_equal(pos_setup(&pos, 4, black, white, COLOR_BLACK, 1), POS_OK);
    ref.ply = pos.ply;
    static const uint64_t expected[] = {1, 3, 3, 1, 0, 0};
    for (int d = 0; d < 6; d++) {
        assert_int_equal(perft(&pos, d), expected[d]);
        assert_int_equal(ref_perft(&ref, d), expected[d]);
    }
}

/* A finished game has one sequence of length 0 and none longer. */
static void test_perft_game_over(void **state)
{
    (void)state;
    Position pos;
    pos_init(&pos, 4);
    Rng rng;
    rng_seed(&rng, 7);
    while (!pos_is_over(&pos)) {
        Bitboard empty = pos_empty(&pos);
        pos_play(&pos, bb_select(empty, (int)rng_below(&rng, (uint32_t)bb_count(empty))));
    }
    RefBoard ref;
    ref_from_position(&ref, &pos);
    for (int d = 0; d < 4; d++) {
        assert_int_equal(perft(&pos, d), d == 0);
        assert_int_equal(ref_perft(&ref, d), d == 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_empty_board),
        cmocka_unit_test(test_perft_4x4_deep),
        cmocka_unit_test(test_perft_mid_game),
        cmocka_unit_test(test_perft_hand_counted),
        cmocka_unit_test(test_perft_game_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
