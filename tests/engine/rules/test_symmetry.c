/* The board's eight symmetries: the identity, bijections of the board of
 * every size, eight different ones closed under composition, and the
 * named ones where they put a corner and an edge point. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "random_position.h"
#include "rules/symmetry.h"

static void test_bijections_forming_a_group(void **state)
{
    (void)state;
    for (int n = BB_MIN_SIZE; n <= BB_MAX_SIZE; n++) {
        Bitboard board = bb_board(n);
        for (int s = 0; s < SYMMETRIES; s++) {
            /* onto the board, and one to one */
            assert_true(bb_equal(symmetry_bitboard(s, n, board), board));
            if (s == 0)
                for (int q = 0; q < BB_POINTS; q++)
                    if (bb_test(board, q))
                        assert_int_equal(symmetry_point(s, n, q), q);
            /* the composition of two is one of the eight */
            for (int t = 0; t < SYMMETRIES; t++) {
                int found = -1;
                for (int u = 0; u < SYMMETRIES && found < 0; u++) {
                    bool same = true;
                    for (int q = 0; q < BB_POINTS && same; q++)
                        if (bb_test(board, q))
                            same = symmetry_point(t, n, symmetry_point(s, n, q)) == symmetry_point(u, n, q);
                    if (same)
                        found = u;
                }
                assert_true(found >= 0);
            }
            /* different from each other */
            for (int t = 0; t < s; t++) {
                bool same = true;
                for (int q = 0; q < BB_POINTS && same; q++)
                    if (bb_test(board, q))
                        same = symmetry_point(s, n, q) == symmetry_point(t, n, q);
                assert_false(same);
            }
        }
    }
}

static void test_named_symmetries(void **state)
{
    (void)state;
    int n = 5, top_left = point_make(0, 0), next = point_make(0, 1);
    assert_int_equal(symmetry_point(1, n, top_left), point_make(0, 4)); /* columns mirrored */
    assert_int_equal(symmetry_point(2, n, top_left), point_make(4, 0)); /* rows mirrored */
    assert_int_equal(symmetry_point(3, n, top_left), point_make(4, 4)); /* half a turn */
    assert_int_equal(symmetry_point(4, n, next), point_make(1, 0));     /* transposed */
    assert_int_equal(symmetry_point(5, n, next), point_make(1, 4));
    assert_int_equal(symmetry_point(6, n, next), point_make(3, 0));
}

/* A position's image is a position play can reach (pos_setup takes it),
 * with the same turn, ply and stone counts, its own hash, and some
 * symmetry brings it back. */
static void test_positions(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 8);
    for (int i = 0; i < 200; i++) {
        int size = BB_MIN_SIZE + i % (BB_MAX_SIZE - BB_MIN_SIZE + 1);
        Position pos = support_random_plies(&rng, size, (int)rng_below(&rng, (uint32_t)(size * size)));
        for (int s = 0; s < SYMMETRIES; s++) {
            Position image = symmetry_position(s, &pos), set;
            assert_int_equal(pos_setup(&set, size, image.stones[COLOR_BLACK], image.stones[COLOR_WHITE],
                                       pos_to_move(&pos), pos_stone_of_turn(&pos)),
                             POS_OK);
            assert_true(pos_same(&set, &image));
            assert_int_equal(image.ply, pos.ply);
            assert_int_equal(image.hash, pos_compute_hash(&image));
            assert_int_equal(pos_count(&image, COLOR_BLACK), pos_count(&pos, COLOR_BLACK));
            assert_int_equal(pos_count(&image, COLOR_WHITE), pos_count(&pos, COLOR_WHITE));
            bool back = false;
            for (int t = 0; t < SYMMETRIES && !back; t++) {
                Position again = symmetry_position(t, &image);
                back = pos_same(&again, &pos) && again.hash == pos.hash;
            }
            assert_true(back);
        }
    }
}

/* The tables the solvers use: map is symmetry_point, inverse undoes it, a
 * position's hash under symmetry s is the hash of its image, kept up to
 * date stone by stone (fills included) as it is from scratch, and the key
 * is the same for a position and its images. */
static void test_tables_and_hashes(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 9);
    for (int size = BB_MIN_SIZE; size <= 8; size++) {
        SymmetryTable table, identity;
        symmetry_table_init(&table, size, true);
        symmetry_table_init(&identity, size, false);
        assert_int_equal(table.count, SYMMETRIES);
        assert_int_equal(identity.count, 1);
        Bitboard board = bb_board(size);
        for (int s = 0; s < SYMMETRIES; s++)
            for (int p = 0; p < BB_POINTS; p++)
                if (bb_test(board, p)) {
                    assert_int_equal(table.map[s][p], symmetry_point(s, size, p));
                    assert_int_equal(table.inverse[s][table.map[s][p]], p);
                }
        for (int game = 0; game < 4; game++) {
            Position pos;
            pos_init(&pos, size);
            SymmetryHashes hashes;
            symmetry_hashes(&table, &pos, &hashes);
            while (!pos_is_over(&pos)) {
                Bitboard empty = pos_empty(&pos);
                int choices = bb_count(empty), pick = (int)rng_below(&rng, (uint32_t)choices), p = POINT_NONE;
                for (int k = 0; k <= pick; k++)
                    p = bb_next(&empty);
                Position before = pos;
                pos_play(&pos, p);
                symmetry_hashes_update(&table, &before, &pos, &hashes);
                SymmetryHashes fresh;
                symmetry_hashes(&table, &pos, &fresh);
                uint64_t key = symmetry_key(&table, &hashes);
                for (int s = 0; s < SYMMETRIES; s++) {
                    assert_int_equal(hashes.h[s], fresh.h[s]);
                    Position image = symmetry_position(s, &pos);
                    assert_int_equal(hashes.h[s], image.hash);
                    SymmetryHashes of_image;
                    symmetry_hashes(&table, &image, &of_image);
                    assert_int_equal(symmetry_key(&table, &of_image), key);
                }
                assert_int_equal(hashes.h[symmetry_key_image(&table, &hashes)], key);
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bijections_forming_a_group),
                                       cmocka_unit_test(test_named_symmetries), cmocka_unit_test(test_positions),
                                       cmocka_unit_test(test_tables_and_hashes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
