/* Checked numbers: the whole text or nothing, the range, the kind of
 * failure, and the output left alone on every failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "formats/number.h"

static void test_int(void **state)
{
    (void)state;
    int64_t v = 7;
    assert_int_equal(number_parse_int("42", 0, 100, &v), NUMBER_OK);
    assert_int_equal(v, 42);
    assert_int_equal(number_parse_int("-5", -10, 10, &v), NUMBER_OK);
    assert_int_equal(v, -5);
    assert_int_equal(number_parse_int("-0", 0, 0, &v), NUMBER_OK);
    assert_int_equal(v, 0);
    assert_int_equal(number_parse_int("9223372036854775807", INT64_MIN, INT64_MAX, &v), NUMBER_OK);
    assert_true(v == INT64_MAX);
    assert_int_equal(number_parse_int("-9223372036854775808", INT64_MIN, INT64_MAX, &v), NUMBER_OK);
    assert_true(v == INT64_MIN);
    v = 7;
    static const char *const syntax[] = {"", "-", "+5", " 5", "5 ", "5x", "0x10", "1e3", "--5", "5.0"};
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        assert_int_equal(number_parse_int(syntax[i], INT64_MIN, INT64_MAX, &v), NUMBER_SYNTAX);
    assert_int_equal(number_parse_int(NULL, 0, 1, &v), NUMBER_SYNTAX);
    assert_int_equal(number_parse_int("101", 0, 100, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_int("-1", 0, 100, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_int("9223372036854775808", INT64_MIN, INT64_MAX, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_int("-9223372036854775809", INT64_MIN, INT64_MAX, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_int("99999999999999999999999", INT64_MIN, INT64_MAX, &v), NUMBER_RANGE);
    assert_int_equal(v, 7);
}

static void test_uint(void **state)
{
    (void)state;
    uint64_t v = 7;
    assert_int_equal(number_parse_uint("18446744073709551615", 0, UINT64_MAX, &v), NUMBER_OK);
    assert_true(v == UINT64_MAX);
    v = 7;
    assert_int_equal(number_parse_uint("18446744073709551616", 0, UINT64_MAX, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_uint("-1", 0, UINT64_MAX, &v), NUMBER_SYNTAX);
    assert_int_equal(number_parse_uint("+1", 0, UINT64_MAX, &v), NUMBER_SYNTAX);
    assert_int_equal(number_parse_uint("0", 1, 10, &v), NUMBER_RANGE);
    assert_int_equal(v, 7);
    /* a number inside a longer text */
    const char *sizes = "8,12";
    assert_int_equal(number_parse_uint_span(sizes, 1, 4, 16, &v), NUMBER_OK);
    assert_int_equal(v, 8);
    assert_int_equal(number_parse_uint_span(sizes + 2, 2, 4, 16, &v), NUMBER_OK);
    assert_int_equal(v, 12);
    assert_int_equal(number_parse_uint_span(sizes, 0, 0, 16, &v), NUMBER_SYNTAX);
    assert_int_equal(number_parse_uint_span(sizes, 3, 0, 16, &v), NUMBER_SYNTAX);
}

static void test_real(void **state)
{
    (void)state;
    double v = 7.0;
    assert_int_equal(number_parse_real("6.5", -10, 10, &v), NUMBER_OK);
    assert_true(v == 6.5);
    assert_int_equal(number_parse_real("-.5", -10, 10, &v), NUMBER_OK);
    assert_true(v == -0.5);
    assert_int_equal(number_parse_real("+1e-3", -10, 10, &v), NUMBER_OK);
    assert_true(v == 1e-3);
    assert_int_equal(number_parse_real("5.", -10, 10, &v), NUMBER_OK);
    assert_true(v == 5.0);
    v = 7.0;
    static const char *const syntax[] = {"", ".", "e5", "1e", "1e+", "0x1p3", " 1", "1 ", "1,5", "--1"};
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        assert_int_equal(number_parse_real(syntax[i], -10, 10, &v), NUMBER_SYNTAX);
    static const char *const not_finite[] = {"nan", "-NaN", "inf", "+Infinity"};
    for (size_t i = 0; i < sizeof not_finite / sizeof not_finite[0]; i++)
        assert_int_equal(number_parse_real(not_finite[i], -10, 10, &v), NUMBER_NOT_FINITE);
    assert_int_equal(number_parse_real("1e-400", -10, 10, &v), NUMBER_TINY);
    assert_int_equal(number_parse_real("1e400", -10, 10, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_real("10.5", -10, 10, &v), NUMBER_RANGE);
    assert_int_equal(number_parse_real(NULL, -10, 10, &v), NUMBER_SYNTAX);
    assert_true(v == 7.0);
}

static void test_format_real(void **state)
{
    (void)state;
    static const struct {
        double value;
        const char *text;
    } cases[] = {{0.0, "0"}, {0.1, "0.1"}, {-7.5, "-7.5"}, {1e-6, "1e-06"}, {1.0 / 3.0, "0.3333333333333333"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[32];
        number_format_real(cases[i].value, text, sizeof text);
        assert_string_equal(text, cases[i].text);
        double back;
        assert_int_equal(number_parse_real(text, -10, 10, &back), NUMBER_OK);
        assert_true(back == cases[i].value);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_int),
        cmocka_unit_test(test_uint),
        cmocka_unit_test(test_real),
        cmocka_unit_test(test_format_real),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
