/* Memory for the large tables: zeroed, aligned to a cache line, and to
 * 2 MiB from 2 MiB up; writable to the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "search/table_memory.h"

static void test_zeroed_and_aligned(void **state)
{
    (void)state;
    const size_t sizes[] = {64, 4096, 2 << 20, 8 << 20};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t bytes = sizes[i];
        unsigned char *m = table_memory_alloc(bytes);
        assert_non_null(m);
        assert_int_equal((uintptr_t)m % 64, 0);
        if (bytes >= (2 << 20))
            assert_int_equal((uintptr_t)m % (2 << 20), 0);
        for (size_t k = 0; k < bytes; k += 4093)
            assert_int_equal(m[k], 0);
        assert_int_equal(m[bytes - 1], 0);
        memset(m, 0xA5, bytes);
        assert_int_equal(m[bytes - 1], 0xA5);
        table_memory_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_zeroed_and_aligned)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
