/* The transposition table's replacement: in a full bucket the entry of the
 * least depth (of older searches first) goes, and of entries of the same
 * depth and age the one that cost the least work. Entries exported from
 * one table and imported into another of another size probe the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "search/tt.h"

/* Keys of one bucket: the same low bits, different high ones. */
static uint64_t bucket_key(int i) { return ((uint64_t)(i + 1) << 40) | 5; }

static void test_least_work_goes_first(void **state)
{
    (void)state;
    TT tt;
    assert_true(tt_init(&tt, 1));
    const int work[4] = {5, 1, 9, 3};
    for (int i = 0; i < 4; i++)
        tt_store(&tt, bucket_key(i), i, 10 * i, work[i], 255, TT_BOUND_EXACT);
    tt_store(&tt, bucket_key(4), 4, 40, 2, 255, TT_BOUND_EXACT);
    TTHit hit;
    assert_false(tt_probe(&tt, bucket_key(1), &hit)); /* the cheapest went */
    for (int i = 0; i < 5; i++) {
        if (i == 1)
            continue;
        assert_true(tt_probe(&tt, bucket_key(i), &hit));
        assert_int_equal(hit.move, i);
        assert_int_equal(hit.score, 10 * i);
        assert_int_equal(hit.work, i == 4 ? 2 : work[i]);
        assert_int_equal(hit.depth, 255);
    }
    /* work saturates at TT_WORK_MAX - 1 */
    tt_store(&tt, bucket_key(4), 4, 40, 1000, 255, TT_BOUND_EXACT);
    assert_true(tt_probe(&tt, bucket_key(4), &hit));
    assert_int_equal(hit.work, TT_WORK_MAX - 1);
    tt_free(&tt);
}

static void test_depth_before_work(void **state)
{
    (void)state;
    TT tt;
    assert_true(tt_init(&tt, 1));
    /* a shallow entry with much work goes before deep ones with little */
    tt_store(&tt, bucket_key(0), 0, 0, 0, 20, TT_BOUND_EXACT);
    tt_store(&tt, bucket_key(1), 1, 0, TT_WORK_MAX - 1, 3, TT_BOUND_EXACT);
    tt_store(&tt, bucket_key(2), 2, 0, 0, 20, TT_BOUND_EXACT);
    tt_store(&tt, bucket_key(3), 3, 0, 0, 20, TT_BOUND_EXACT);
    tt_store(&tt, bucket_key(4), 4, 0, 0, 20, TT_BOUND_EXACT);
    TTHit hit;
    assert_false(tt_probe(&tt, bucket_key(1), &hit));
    assert_true(tt_probe(&tt, bucket_key(0), &hit));
    assert_true(tt_probe(&tt, bucket_key(4), &hit));
    /* an entry of an older search goes before one of this search */
    tt_new_search(&tt);
    tt_store(&tt, bucket_key(0), 0, 0, 0, 20, TT_BOUND_EXACT);
    tt_store(&tt, bucket_key(5), 5, 0, 0, 20, TT_BOUND_EXACT);
    assert_true(tt_probe(&tt, bucket_key(0), &hit));
    assert_true(tt_probe(&tt, bucket_key(5), &hit));
    tt_free(&tt);
}

static void test_export_import(void **state)
{
    (void)state;
    TT big, small;
    assert_true(tt_init(&big, 2));
    assert_true(tt_init(&small, 1));
    for (int i = 0; i < 300; i++)
        tt_store(&big, UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(i + 1), i % 200, i, i % 7, 255, TT_BOUND_LOWER);
    tt_set_generation(&small, tt_generation(&big));
    uint64_t words[TT_ENTRY_WORDS], exported = 0;
    for (size_t cursor = 0; tt_export(&big, &cursor, words); exported++)
        assert_true(tt_import(&small, words));
    assert_int_equal(exported, 300);
    assert_int_equal(tt_count(&big), 300);
    assert_int_equal(tt_count(&small), 300);
    for (int i = 0; i < 300; i++) {
        TTHit hit;
        assert_true(tt_probe(&small, UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(i + 1), &hit));
        assert_int_equal(hit.move, i % 200);
        assert_int_equal(hit.score, i);
        assert_int_equal(hit.work, i % 7);
    }
    tt_free(&big);
    tt_free(&small);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_least_work_goes_first),
                                       cmocka_unit_test(test_depth_before_work),
                                       cmocka_unit_test(test_export_import)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
