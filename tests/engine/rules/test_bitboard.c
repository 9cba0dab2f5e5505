/* Unit tests of bitboard.h against a plain model: an array of 256 booleans
 * indexed by row * 16 + column. Built twice: with the SIMD path where the
 * compiler has it, and with RIN_PORTABLE (test_bitboard_portable). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rules/bitboard.h"
#include "base/random.h"

typedef struct Model {
    bool bit[256];
} Model;

static Model model_of(Bitboard b)
{
    Model m;
    for (int p = 0; p < 256; p++)
        m.bit[p] = (b.w[p / 64] >> (p % 64)) & 1;
    return m;
}

static Bitboard bitboard_of(const Model *m)
{
    Bitboard b = bb_zero();
    for (int p = 0; p < 256; p++)
        if (m->bit[p])
            b.w[p / 64] |= (uint64_t)1 << (p % 64);
    return b;
}

static void assert_model_equal(const Model *actual, const Model *expected, const char *what)
{
    for (int p = 0; p < 256; p++)
        if (actual->bit[p] != expected->bit[p]) {
            print_error("%s: bit %d (row %d, col %d) is %d, expected %d\n", what, p, p / 16, p % 16, actual->bit[p],
                        expected->bit[p]);
            fail();
        }
}

/* Boards of several densities, and the single points, corners and edges
 * where shifts go wrong. */
enum { SAMPLES = 400 };

static Bitboard sample(Rng *rng, int i)
{
    Bitboard b;
    if (i < 256)
        return bb_point(i);
    switch (i % 4) {
    case 0:
        for (int k = 0; k < BB_WORDS; k++)
            b.w[k] = rng_next(rng);
        return b;
    case 1:
        for (int k = 0; k < BB_WORDS; k++)
            b.w[k] = rng_next(rng) & rng_next(rng) & rng_next(rng);
        return b;
    case 2:
        for (int k = 0; k < BB_WORDS; k++)
            b.w[k] = ~(uint64_t)0;
        return b;
    default:
        for (int k = 0; k < BB_WORDS; k++)
            b.w[k] = (i & 8) ? UINT64_C(0x8001800180018001) : UINT64_C(0xFFFF00000000FFFF);
        return b;
    }
}

static void test_code_path(void **state)
{
    (void)state;
#ifdef RIN_PORTABLE
#ifdef BB_AVX2
    fail_msg("RIN_PORTABLE is defined but the AVX2 path was selected");
#endif
    print_message("bitboard path: portable\n");
#elif defined(BB_AVX2)
    print_message("bitboard path: AVX2\n");
#else
    print_message("bitboard path: portable (no AVX2 in this build)\n");
#endif
    assert_int_equal(sizeof(Bitboard), 32);
}

static void test_point_make_row_col(void **state)
{
    (void)state;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            int p = point_make(r, c);
            assert_int_equal(p, r * 16 + c);
            assert_int_equal(point_row(p), r);
            assert_int_equal(point_col(p), c);
        }
    assert_int_equal(POINT_NONE, -1);
}

static void test_masks_per_size(void **state)
{
    (void)state;
    for (int n = BB_MIN_SIZE; n <= BB_MAX_SIZE; n++) {
        Model board = model_of(bb_board(n)), edge = model_of(bb_edge(n));
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                bool on = r < n && c < n;
                bool safe = on && (r == 0 || c == 0 || r == n - 1 || c == n - 1);
                if (board.bit[r * 16 + c] != on || edge.bit[r * 16 + c] != safe)
                    fail_msg("size %d, (row %d, col %d): board %d edge %d, expected %d %d", n, r, c,
                             board.bit[r * 16 + c], edge.bit[r * 16 + c], on, safe);
            }
        assert_int_equal(bb_count(bb_board(n)), n * n);
        assert_int_equal(bb_count(bb_edge(n)), 4 * n - 4);
    }
    assert_int_equal(bb_count(bb_edge(16)), 60);
}

static void test_point_test_set_clear(void **state)
{
    (void)state;
    for (int p = 0; p < 256; p++) {
        Bitboard one = bb_point(p);
        assert_int_equal(bb_count(one), 1);
        for (int q = 0; q < 256; q++)
            assert_int_equal(bb_test(one, q), q == p);
        Bitboard b;
        for (int k = 0; k < BB_WORDS; k++)
            b.w[k] = UINT64_C(0x5555555555555555);
        bool was = bb_test(b, p);
        bb_set(&b, p);
        assert_true(bb_test(b, p));
        assert_int_equal(bb_count(b), 128 + !was);
        bb_clear(&b, p);
        assert_false(bb_test(b, p));
        assert_int_equal(bb_count(b), 128 - was);
    }
}

static void test_logic(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 1);
    for (int i = 0; i < SAMPLES; i++) {
        Bitboard a = sample(&rng, i), b = sample(&rng, (i * 7 + 3) % SAMPLES + 256);
        Model ma = model_of(a), mb = model_of(b), want_and, want_or, want_xor, want_andnot;
        bool any = false, same = true;
        for (int p = 0; p < 256; p++) {
            want_and.bit[p] = ma.bit[p] && mb.bit[p];
            want_or.bit[p] = ma.bit[p] || mb.bit[p];
            want_xor.bit[p] = ma.bit[p] != mb.bit[p];
            want_andnot.bit[p] = ma.bit[p] && !mb.bit[p];
            any |= want_and.bit[p];
            same &= ma.bit[p] == mb.bit[p];
        }
        Model got = model_of(bb_and(a, b));
        assert_model_equal(&got, &want_and, "bb_and");
        got = model_of(bb_or(a, b));
        assert_model_equal(&got, &want_or, "bb_or");
        got = model_of(bb_xor(a, b));
        assert_model_equal(&got, &want_xor, "bb_xor");
        got = model_of(bb_andnot(a, b));
        assert_model_equal(&got, &want_andnot, "bb_andnot");
        assert_int_equal(bb_intersects(a, b), any);
        assert_int_equal(bb_equal(a, b), same);
        assert_true(bb_equal(a, a));
        assert_int_equal(bb_is_empty(bb_and(a, b)), !any);
        bool inside = true;
        for (int p = 0; p < 256; p++)
            inside &= !ma.bit[p] || mb.bit[p];
        assert_int_equal(bb_subset(a, b), inside);
        assert_true(bb_subset(bb_and(a, b), a));
        assert_true(bb_subset(a, bb_or(a, b)));
    }
    assert_true(bb_is_empty(bb_zero()));
    assert_false(bb_is_empty(bb_point(255)));
    assert_false(bb_intersects(bb_point(64), bb_point(63)));
}

/* The model of a shift by (dr, dc): bit (r, c) of the result is bit
 * (r - dr, c - dc) of the input; nothing wraps and nothing comes from
 * outside the 16 x 16 square. */
static Model model_shift(const Model *m, int dr, int dc)
{
    Model s;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) {
            int fr = r - dr, fc = c - dc;
            s.bit[r * 16 + c] = fr >= 0 && fr < 16 && fc >= 0 && fc < 16 && m->bit[fr * 16 + fc];
        }
    return s;
}

static Model model_or(const Model *a, const Model *b)
{
    Model s;
    for (int p = 0; p < 256; p++)
        s.bit[p] = a->bit[p] || b->bit[p];
    return s;
}

static void test_shifts(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2);
    for (int i = 0; i < SAMPLES; i++) {
        Bitboard b = sample(&rng, i);
        Model m = model_of(b);
        Model north = model_shift(&m, -1, 0), south = model_shift(&m, 1, 0);
        Model east = model_shift(&m, 0, 1), west = model_shift(&m, 0, -1);
        Model got = model_of(bb_north(b));
        assert_model_equal(&got, &north, "bb_north");
        got = model_of(bb_south(b));
        assert_model_equal(&got, &south, "bb_south");
        got = model_of(bb_east(b));
        assert_model_equal(&got, &east, "bb_east");
        got = model_of(bb_west(b));
        assert_model_equal(&got, &west, "bb_west");

        Model d4 = model_or(&m, &north);
        d4 = model_or(&d4, &south);
        d4 = model_or(&d4, &east);
        d4 = model_or(&d4, &west);
        got = model_of(bb_dilate4(b));
        assert_model_equal(&got, &d4, "bb_dilate4");
        Model d8 = m;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                Model s = model_shift(&m, dr, dc);
                d8 = model_or(&d8, &s);
            }
        got = model_of(bb_dilate8(b));
        assert_model_equal(&got, &d8, "bb_dilate8");
    }
}

/* The concrete cases by name: a corner point goes nowhere off the board, and
 * the ends of a row never reach the neighbouring rows. */
static void test_shift_edges(void **state)
{
    (void)state;
    assert_true(bb_is_empty(bb_north(bb_point(point_make(0, 7)))));
    assert_true(bb_is_empty(bb_south(bb_point(point_make(15, 7)))));
    assert_true(bb_is_empty(bb_east(bb_point(point_make(9, 15)))));
    assert_true(bb_is_empty(bb_west(bb_point(point_make(9, 0)))));
    assert_true(bb_equal(bb_east(bb_point(point_make(3, 14))), bb_point(point_make(3, 15))));
    assert_true(bb_equal(bb_west(bb_point(point_make(4, 1))), bb_point(point_make(4, 0))));
    /* Row boundaries inside and between the 64-bit words. */
    for (int r = 0; r < 16; r++) {
        assert_true(bb_is_empty(bb_east(bb_point(point_make(r, 15)))));
        assert_true(bb_is_empty(bb_west(bb_point(point_make(r, 0)))));
        if (r > 0)
            assert_true(bb_equal(bb_north(bb_point(point_make(r, 5))), bb_point(point_make(r - 1, 5))));
        if (r < 15)
            assert_true(bb_equal(bb_south(bb_point(point_make(r, 10))), bb_point(point_make(r + 1, 10))));
    }
    Bitboard all = bb_board(16);
    assert_int_equal(bb_count(bb_north(all)), 240);
    assert_int_equal(bb_count(bb_east(all)), 240);
    assert_int_equal(bb_count(bb_dilate8(bb_point(0))), 4);
    assert_int_equal(bb_count(bb_dilate8(bb_point(point_make(7, 7)))), 9);
    assert_int_equal(bb_count(bb_dilate4(bb_point(255))), 3);
}

/* bb_fill_east against walking each row: from every seed, east through the
 * area until a point outside it or the end of the row. Seeds are a sparse
 * or dense part of the area, runs reach column 15 and the lane boundaries. */
static void test_fill_east(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 7);
    int grown = 0;
    for (int i = 0; i < SAMPLES * 4; i++) {
        Bitboard area = sample(&rng, i % SAMPLES + (i < SAMPLES ? 0 : 256));
        if (i >= SAMPLES && i % 3 == 0)
            for (int k = 0; k < BB_WORDS; k++)
                area.w[k] |= rng_next(&rng) | rng_next(&rng);
        Bitboard seed = area;
        for (int k = 0; k < BB_WORDS; k++)
            seed.w[k] &= i % 2 ? rng_next(&rng) : rng_next(&rng) & rng_next(&rng) & rng_next(&rng);
        Model ma = model_of(area), ms = model_of(seed), want = ms;
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++)
                if (ms.bit[r * 16 + c])
                    for (int e = c + 1; e < 16 && ma.bit[r * 16 + e]; e++)
                        want.bit[r * 16 + e] = true;
        Model got = model_of(bb_fill_east(seed, area));
        assert_model_equal(&got, &want, "bb_fill_east");
        grown += bb_count(bitboard_of(&want)) - bb_count(seed);
    }
    assert_true(grown > 1000);
    /* a full row from its first point, in every lane */
    Bitboard full = bb_board(BB_MAX_SIZE), firsts = bb_zero();
    for (int r = 0; r < 16; r++)
        bb_set(&firsts, point_make(r, 0));
    assert_true(bb_equal(bb_fill_east(firsts, full), full));
    assert_true(bb_equal(bb_fill_east(bb_zero(), full), bb_zero()));
}

static void test_count_first_pop(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 3);
    assert_int_equal(bb_first(bb_zero()), POINT_NONE);
    assert_int_equal(bb_count(bb_zero()), 0);
    for (int i = 0; i < SAMPLES; i++) {
        Bitboard b = sample(&rng, i);
        Model m = model_of(b);
        int count = 0, first = POINT_NONE;
        for (int p = 255; p >= 0; p--)
            if (m.bit[p]) {
                count++;
                first = p;
            }
        assert_int_equal(bb_count(b), count);
        assert_int_equal(bb_first(b), first);
        /* bb_pop gives every point once, lowest first, and empties the board. */
        Bitboard rest = b;
        int previous = -1, popped = 0;
        while (!bb_is_empty(rest)) {
            int p = bb_pop(&rest);
            assert_true(p > previous);
            assert_true(m.bit[p]);
            assert_false(bb_test(rest, p));
            previous = p;
            popped++;
        }
        assert_int_equal(popped, count);
    }
}

static void test_select(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 4);
    for (int i = 0; i < SAMPLES; i++) {
        Bitboard b = sample(&rng, i);
        Model m = model_of(b);
        int n = 0;
        for (int p = 0; p < 256; p++)
            if (m.bit[p]) {
                if (bb_select(b, n) != p)
                    fail_msg("sample %d: bb_select(%d) = %d, expected %d", i, n, bb_select(b, n), p);
                n++;
            }
        uint64_t x = b.w[i % 4];
        for (int k = 0, seen = 0; k < 64; k++)
            if ((x >> k) & 1)
                assert_int_equal(bb_select64(x, seen++), k);
    }
}

static void test_row(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 5);
    for (int i = 0; i < SAMPLES; i++) {
        Bitboard b = sample(&rng, i);
        Model m = model_of(b);
        for (int r = 0; r < 16; r++) {
            unsigned expected = 0;
            for (int c = 0; c < 16; c++)
                expected |= (unsigned)m.bit[r * 16 + c] << c;
            assert_int_equal(bb_row(b, r), expected);
        }
    }
    for (int n = BB_MIN_SIZE; n <= BB_MAX_SIZE; n++)
        for (int r = 0; r < 16; r++)
            assert_int_equal(bb_row(bb_board(n), r), r < n ? (1u << n) - 1 : 0);
}

/* bitboard_of is the inverse of model_of: the raw layout the tests rely on. */
static void test_layout(void **state)
{
    (void)state;
    Model m = {{false}};
    m.bit[point_make(2, 3)] = m.bit[point_make(15, 15)] = true;
    Bitboard b = bitboard_of(&m);
    assert_true(bb_test(b, 35));
    assert_true(bb_test(b, 255));
    assert_int_equal(b.w[0], UINT64_C(1) << 35);
    assert_int_equal(b.w[3], UINT64_C(1) << 63);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_code_path),      cmocka_unit_test(test_point_make_row_col),
        cmocka_unit_test(test_masks_per_size), cmocka_unit_test(test_point_test_set_clear),
        cmocka_unit_test(test_logic),          cmocka_unit_test(test_shifts),
        cmocka_unit_test(test_shift_edges),    cmocka_unit_test(test_count_first_pop),
        cmocka_unit_test(test_select),         cmocka_unit_test(test_row),
        cmocka_unit_test(test_layout),         cmocka_unit_test(test_fill_east),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
