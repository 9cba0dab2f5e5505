/* The stable stones of a turn against the slow reference rules: on small
 * boards with few empty points, every choice of the stones left in the
 * turn is played with the reference and its stable stones counted by a
 * search of its own, and stable_turn_floor must be their maximum; the
 * bound it gives must never pass the mover's final margin under a plain
 * minimax over the reference rules. Also the claim stable_turn.h rests on:
 * no region bounded by a colour's stable stones is cut off from the edge. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "random_position.h"
#include "reference.h"
#include "rules/stable.h"
#include "rules/stable_turn.h"

/* The stones of `colour` joined to the safe zone through its own stones,
 * by a breadth-first search over the reference board; marks them. */
static int reference_stable(const RefBoard *board, RefCell colour, bool stable[REF_MAX_SIZE][REF_MAX_SIZE])
{
    int queue[REF_MAX_SIZE * REF_MAX_SIZE], head = 0, tail = 0, n = board->size;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            stable[r][c] = board->cell[r][c] == colour && ref_in_safe_zone(board, r, c);
            if (stable[r][c])
                queue[tail++] = r * REF_MAX_SIZE + c;
        }
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (head < tail) {
        int r = queue[head] / REF_MAX_SIZE, c = queue[head] % REF_MAX_SIZE;
        head++;
        for (int d = 0; d < 4; d++) {
            int rr = r + dr[d], cc = c + dc[d];
            if (ref_on_board(board, rr, cc) && !stable[rr][cc] && board->cell[rr][cc] == colour) {
                stable[rr][cc] = true;
                queue[tail++] = rr * REF_MAX_SIZE + cc;
            }
        }
    }
    return tail;
}

/* The most stable stones of `colour` over every choice of `left` more
 * stones (fewer when the board fills). */
static int reference_turn_best(const RefBoard *board, RefCell colour, int left)
{
    bool stable[REF_MAX_SIZE][REF_MAX_SIZE];
    if (left == 0 || ref_is_over(board))
        return reference_stable(board, colour, stable);
    int best = 0;
    for (int r = 0; r < board->size; r++)
        for (int c = 0; c < board->size; c++) {
            if (board->cell[r][c] != REF_EMPTY)
                continue;
            RefBoard child = *board;
            assert_true(ref_play(&child, r, c, NULL) >= 0);
            int v = reference_turn_best(&child, colour, left - 1);
            if (v > best)
                best = v;
        }
    return best;
}

static void test_floor_is_the_turns_best_and_sound(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 4242);
    int better = 0, tight = 0, by_sealing = 0;
    for (int i = 0; i < 400; i++) {
        int size = 4 + i % 2;
        Position pos = support_random_position(&rng, size, 3 + i % 6);
        RefBoard board;
        ref_from_position(&board, &pos);
        RefCell mover = ref_to_move(&board);
        Color me = pos_to_move(&pos);
        int points = size * size, left = pos_stones_left(&pos);
        int floor = stable_turn_floor(&pos, 2, INT_MAX);
        assert_int_equal(floor, reference_turn_best(&board, mover, left));
        assert_true(floor <= stable_turn_ceiling(&pos));
        /* early exit: a choice at least `need` is found exactly when the
         * best reaches it, and never more than the best */
        for (int need = floor - 2; need <= floor + 1; need++) {
            int v = stable_turn_floor(&pos, 2, need);
            assert_true(v <= floor);
            assert_true((v >= need) == (floor >= need));
        }
        /* the bound against the mover's final margin under minimax */
        int black_margin = ref_minimax(&board);
        int mover_margin = me == COLOR_BLACK ? black_margin : -black_margin;
        if (2 * floor - points > mover_margin)
            fail_msg("position %d: floor %d stones, margin bound %+d, minimax %+d", i, floor, 2 * floor - points,
                     mover_margin);
        int old = bb_count(stable_stones(pos.stones[me], size));
        better += floor > old;
        tight += 2 * floor - points == mover_margin;
        by_sealing += floor > old + left;
    }
    /* the check has teeth: the turn often adds stones, sometimes more than
     * it places, and often gives the exact margin */
    assert_true(better > 150);
    assert_true(by_sealing > 10);
    assert_true(tight > 20);
}

/* Every region that a colour's stable stones bound holds a point of the
 * safe zone, in positions reached by play: Benson's regions do not exist
 * in Rin (stable_turn.h). */
static void test_no_region_cut_off_from_the_edge(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 77);
    for (int i = 0; i < 300; i++) {
        int size = 4 + i % 4;
        Position pos = support_random_position(&rng, size, 1 + i % (size * size - 2));
        RefBoard board;
        ref_from_position(&board, &pos);
        for (RefCell colour = REF_BLACK; colour <= REF_WHITE; colour++) {
            bool stable[REF_MAX_SIZE][REF_MAX_SIZE], reached[REF_MAX_SIZE][REF_MAX_SIZE] = {{false}};
            reference_stable(&board, colour, stable);
            /* flood the points that are not stable from the safe zone */
            bool grew = true;
            for (int r = 0; r < size; r++)
                for (int c = 0; c < size; c++)
                    reached[r][c] = !stable[r][c] && ref_in_safe_zone(&board, r, c);
            while (grew) {
                grew = false;
                for (int r = 0; r < size; r++)
                    for (int c = 0; c < size; c++) {
                        if (reached[r][c] || stable[r][c])
                            continue;
                        bool next = (r > 0 && reached[r - 1][c]) || (r + 1 < size && reached[r + 1][c]) ||
                                    (c > 0 && reached[r][c - 1]) || (c + 1 < size && reached[r][c + 1]);
                        if (next)
                            reached[r][c] = grew = true;
                    }
            }
            for (int r = 0; r < size; r++)
                for (int c = 0; c < size; c++)
                    if (!stable[r][c] && !reached[r][c])
                        fail_msg("position %d: (%d, %d) cut off from the edge by stable stones", i, r, c);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_floor_is_the_turns_best_and_sound),
        cmocka_unit_test(test_no_region_cut_off_from_the_edge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
