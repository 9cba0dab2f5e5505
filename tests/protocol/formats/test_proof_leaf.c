/* The proof checker's own search at the leaves: its answer equals the
 * exact value by a plain minimax over the slow reference rules, with and
 * without its table, and with a table of a single slot, where every lookup
 * meets another position's answer unless the comparison in full holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "formats/proof_leaf.h"
#include "random_position.h"
#include "reference.h"

/* Both sides' claims at the value (they hold) and one stone past it (they
 * do not), then both sides' at the same margins near 0 one after the other
 * (which a table that mixed up the sides would answer wrongly), asked of
 * the leaf search with `table`. */
static void check_claims(ProofLeafTable *table, const Position *pos, int black_value)
{
    uint64_t nodes = 0;
    assert_true(proof_leaf_holds(table, pos, COLOR_BLACK, black_value, &nodes));
    assert_false(proof_leaf_holds(table, pos, COLOR_BLACK, black_value + 1, &nodes));
    assert_true(proof_leaf_holds(table, pos, COLOR_WHITE, -black_value, &nodes));
    assert_false(proof_leaf_holds(table, pos, COLOR_WHITE, -black_value + 1, &nodes));
    assert_true(nodes >= 4);
    for (int margin = -3; margin <= 3; margin++) {
        assert_int_equal(proof_leaf_holds(table, pos, COLOR_BLACK, margin, &nodes), black_value >= margin);
        assert_int_equal(proof_leaf_holds(table, pos, COLOR_WHITE, margin, &nodes), -black_value >= margin);
    }
}

static void test_answers_equal_the_reference(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 20261126);
    ProofLeafTable *shared = proof_leaf_table_create(12), *one_slot = proof_leaf_table_create(0);
    assert_non_null(shared);
    assert_non_null(one_slot);
    for (int trial = 0; trial < 300; trial++) {
        int size = 4 + trial % 2, empties = 1 + trial % 7;
        Position pos = support_random_position(&rng, size, empties);
        RefBoard board;
        ref_from_position(&board, &pos);
        int value = ref_minimax(&board);
        check_claims(NULL, &pos, value);
        check_claims(shared, &pos, value);
        check_claims(one_slot, &pos, value);
        check_claims(shared, &pos, value); /* again, now from the table */
    }
    proof_leaf_table_destroy(shared);
    proof_leaf_table_destroy(one_slot);
}

/* The same stones with the other side to move are another position: the
 * table must not answer one with the other's answer. On this 4x4 board
 * (three empty points, B1, C1 and D1, where no ring can ever close) the
 * side to move gets two of them and the other side one. */
static void test_turn_is_part_of_the_key(void **state)
{
    (void)state;
    Bitboard black = bb_zero(), white = bb_zero();
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 4; col++) {
            int point = point_make(row, col);
            if (row < 2)
                bb_set(&black, point);
            else if (row == 2 || col == 0)
                bb_set(&white, point);
        }
    /* Black 8, White 5: 10 to 6 when Black moves first, 9 to 7 when White does */
    Position black_moves, white_moves;
    assert_int_equal(pos_setup(&black_moves, 4, black, white, COLOR_BLACK, 1), POS_OK);
    assert_int_equal(pos_setup(&white_moves, 4, black, white, COLOR_WHITE, 1), POS_OK);
    ProofLeafTable *one_slot = proof_leaf_table_create(0);
    assert_non_null(one_slot);
    uint64_t nodes = 0;
    assert_true(proof_leaf_holds(one_slot, &black_moves, COLOR_BLACK, 4, &nodes));
    assert_false(proof_leaf_holds(one_slot, &white_moves, COLOR_BLACK, 4, &nodes));
    assert_true(proof_leaf_holds(one_slot, &white_moves, COLOR_BLACK, 2, &nodes));
    assert_false(proof_leaf_holds(one_slot, &black_moves, COLOR_WHITE, -2, &nodes));
    assert_true(proof_leaf_holds(one_slot, &white_moves, COLOR_WHITE, -2, &nodes));
    assert_true(proof_leaf_holds(one_slot, &black_moves, COLOR_BLACK, 4, &nodes));
    proof_leaf_table_destroy(one_slot);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers_equal_the_reference),
        cmocka_unit_test(test_turn_is_part_of_the_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
