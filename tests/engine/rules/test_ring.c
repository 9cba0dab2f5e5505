/* The ring code against the reference rules of tests/support: what one
 * stone encloses (ring_enclosed_pieces, ring_enclosed_by), everything a
 * colour's walls enclose (ring_enclosed_all) and the flood behind them
 * (ring_flood), on random walls of every density and every board size from
 * 4 to 16, with the full board, the empty board and the edges among them.
 * Built twice: with the SIMD bitboards and with RIN_PORTABLE
 * (test_ring_portable). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reference.h"
#include "base/random.h"
#include "rules/ring.h"

enum { SIZES = BB_MAX_SIZE - BB_MIN_SIZE + 1 };

/* The reference's enclosed points of a board whose only stones are `own`. */
static Bitboard ref_enclosed_by_own(Bitboard own, int size)
{
    RefBoard board;
    ref_init(&board, size);
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            if (bb_test(own, point_make(r, c)))
                board.cell[r][c] = REF_BLACK;
    bool enclosed[REF_MAX_SIZE][REF_MAX_SIZE];
    ref_enclosed(&board, REF_BLACK, enclosed);
    Bitboard b = bb_zero();
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            if (enclosed[r][c])
                bb_set(&b, point_make(r, c));
    return b;
}

static void assert_same_points(Bitboard got, Bitboard want, const char *what, int size, int point)
{
    if (bb_equal(got, want))
        return;
    int p = bb_first(bb_xor(got, want));
    print_error("%s, size %d, stone at (%d, %d): point (%d, %d) is %d, expected %d\n", what, size,
                point == POINT_NONE ? -1 : point_row(point), point == POINT_NONE ? -1 : point_col(point),
                point_row(p), point_col(p), bb_test(got, p), bb_test(want, p));
    fail();
}

/* Random stones on a size x size board: sparse, dense, walls of whole rows
 * and columns with gaps, rings, the full board and the empty one. */
static Bitboard random_walls(Rng *rng, int size, int i)
{
    Bitboard board = bb_board(size), b = bb_zero();
    switch (i % 8) {
    case 0:
        return bb_zero();
    case 1:
        return board;
    case 2: /* rows and columns of stones with a few gaps */
        for (int k = 0; k < 3; k++) {
            int line = (int)rng_below(rng, (uint32_t)size);
            for (int j = 0; j < size; j++)
                if (rng_below(rng, 8) != 0)
                    bb_set(&b, k & 1 ? point_make(line, j) : point_make(j, line));
        }
        return b;
    case 3: /* a few rectangles of stones, some broken */
        for (int k = 0; k < 3; k++) {
            int r0 = (int)rng_below(rng, (uint32_t)size), c0 = (int)rng_below(rng, (uint32_t)size);
            int r1 = r0 + (int)rng_below(rng, (uint32_t)(size - r0)), c1 = c0 + (int)rng_below(rng, (uint32_t)(size - c0));
            for (int r = r0; r <= r1; r++)
                for (int c = c0; c <= c1; c++)
                    if ((r == r0 || r == r1 || c == c0 || c == c1) && rng_below(rng, 10) != 0)
                        bb_set(&b, point_make(r, c));
        }
        return b;
    default: { /* uniform, from sparse to almost full */
        uint32_t percent = 10 + 20 * (uint32_t)(i % 8 - 4);
        for (int p = 0; p < BB_POINTS; p++)
            if (bb_test(board, p) && rng_below(rng, 100) < percent)
                bb_set(&b, p);
        return b;
    }
    }
}

static void test_enclosed_all(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 11);
    int enclosing = 0;
    for (int i = 0; i < SIZES * 160; i++) {
        int size = BB_MIN_SIZE + i % SIZES;
        Bitboard own = random_walls(&rng, size, i / SIZES);
        Bitboard want = ref_enclosed_by_own(own, size);
        assert_same_points(ring_enclosed_all(own, size), want, "ring_enclosed_all", size, POINT_NONE);
        enclosing += !bb_is_empty(want);
    }
    assert_true(enclosing > 200);
}

/* The points of `area` joined to `seed` (a plain breadth-first search). */
static Bitboard slow_flood(Bitboard seed, Bitboard area)
{
    int queue[BB_POINTS], head = 0, tail = 0;
    Bitboard reached = bb_zero();
    for (int p = 0; p < BB_POINTS; p++)
        if (bb_test(seed, p) && bb_test(area, p)) {
            bb_set(&reached, p);
            queue[tail++] = p;
        }
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    while (head < tail) {
        int p = queue[head++];
        for (int d = 0; d < 4; d++) {
            int r = point_row(p) + dr[d], c = point_col(p) + dc[d];
            if (r < 0 || c < 0 || r >= BB_MAX_SIZE || c >= BB_MAX_SIZE)
                continue;
            int q = point_make(r, c);
            if (bb_test(area, q) && !bb_test(reached, q)) {
                bb_set(&reached, q);
                queue[tail++] = q;
            }
        }
    }
    return reached;
}

static void test_flood(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 12);
    for (int i = 0; i < SIZES * 100; i++) {
        int size = BB_MIN_SIZE + i % SIZES;
        Bitboard area = bb_andnot(bb_board(size), random_walls(&rng, size, i / SIZES));
        Bitboard seed = bb_zero();
        for (int k = (int)rng_below(&rng, 4); k >= 0; k--)
            bb_set(&seed, point_make((int)rng_below(&rng, (uint32_t)size), (int)rng_below(&rng, (uint32_t)size)));
        if (i % 5 == 0)
            seed = bb_edge(size);
        assert_same_points(ring_flood(seed, area), slow_flood(seed, area), "ring_flood", size, POINT_NONE);
    }
}

/* Every point outside `own` (which must enclose nothing) as the next stone:
 * what it encloses, against the reference. Returns how many enclosed
 * something. */
static int check_every_stone(Bitboard own, int size, int *regions_of_three)
{
    int enclosing = 0;
    Bitboard free = bb_andnot(bb_board(size), own);
    for (int p; (p = bb_next(&free)) != POINT_NONE;) {
        Bitboard with = bb_or(own, bb_point(p));
        Bitboard want = ref_enclosed_by_own(with, size);
        assert_same_points(ring_enclosed_by(with, size, p), want, "ring_enclosed_by", size, p);
        unsigned pieces = ring_pieces(with, p);
        assert_same_points(ring_enclosed_pieces(with, size, p, pieces), want, "ring_enclosed_pieces", size, p);
        enclosing += !bb_is_empty(want);
        *regions_of_three += __builtin_popcount(pieces) >= 3 && !bb_is_empty(want);
    }
    return enclosing;
}

static void test_enclosed_by_one_stone(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 13);
    int enclosing = 0, three = 0;
    for (int i = 0; i < SIZES * 64; i++) {
        int size = BB_MIN_SIZE + i % SIZES;
        /* random walls, with what they enclose filled as play would have */
        Bitboard own = random_walls(&rng, size, i / SIZES);
        own = bb_or(own, ref_enclosed_by_own(own, size));
        enclosing += check_every_stone(own, size, &three);
    }
    assert_true(enclosing > 2000);
    assert_true(three > 50);
}

/* Full boards: the last free point; a free row or column (it reaches the
 * edge at both ends); a free edge round a full interior. */
static void test_enclosed_on_full_boards(void **state)
{
    (void)state;
    int three = 0;
    for (int size = BB_MIN_SIZE; size <= BB_MAX_SIZE; size++) {
        Bitboard board = bb_board(size);
        for (Bitboard left = board; !bb_is_empty(left);) {
            int p = bb_pop(&left);
            assert_same_points(ring_enclosed_by(board, size, p), bb_zero(), "ring_enclosed_by, last point", size, p);
            assert_same_points(ring_enclosed_pieces(board, size, p, ring_pieces(board, p)), bb_zero(),
                               "ring_enclosed_pieces, last point", size, p);
        }
        for (int k = 0; k < size; k++) {
            Bitboard row = bb_zero(), col = bb_zero();
            for (int j = 0; j < size; j++) {
                bb_set(&row, point_make(k, j));
                bb_set(&col, point_make(j, k));
            }
            check_every_stone(bb_andnot(board, row), size, &three);
            check_every_stone(bb_andnot(board, col), size, &three);
        }
        check_every_stone(bb_andnot(board, bb_edge(size)), size, &three);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enclosed_all),
        cmocka_unit_test(test_flood),
        cmocka_unit_test(test_enclosed_by_one_stone),
        cmocka_unit_test(test_enclosed_on_full_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
