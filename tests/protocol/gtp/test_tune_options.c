/* The search's parameters as engine options: absent from the release build,
 * where they are constants; with RIN_TUNE (cmake -DRIN_TUNE=ON), listed
 * after the other options, set by rin-option and --NAME VALUE within their
 * ranges, and handed to the search the player is made anew with. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gtp/gtp.h"
#include "gtp/gtp_commands.h"
#include "gtp/options.h"

static const char *exec(Gtp *gtp, const char *line)
{
    const char *response;
    return gtp_execute(gtp, line, strlen(line), &response) ? response : NULL;
}

static void test_options(void **state)
{
    (void)state;
    EngineOptions options, before;
    options_defaults(&options);
    assert_memory_equal(&options.params, &search_params_default, sizeof options.params);
    before = options;
    char err[160], value[OPTIONS_VALUE_MAX];
    size_t listed = 0;
    for (size_t i = 0; options_spec(i); i++)
        listed += options_spec(i)->kind == OPTION_PARAM;
    if (!SEARCH_PARAMS_TUNABLE) {
        assert_int_equal(listed, 0);
        assert_null(options_find("lmp_base"));
        assert_false(options_set(&options, "lmp_base", "5", err, sizeof err));
        assert_memory_equal(&options, &before, sizeof options);
        return;
    }
    for (size_t i = 0; search_param_spec(i); i++) {
        const SearchParamSpec *param = search_param_spec(i);
        const OptionSpec *spec = options_find(param->name);
        assert_non_null(spec);
        assert_int_equal(spec->kind, OPTION_PARAM);
        assert_int_equal(spec->min, param->min);
        assert_int_equal(spec->max, param->max);
        options_format(&options, spec, value);
        char expected[32];
        snprintf(expected, sizeof expected, "%d", param->value);
        assert_string_equal(value, expected);
        listed--;
    }
    assert_int_equal(listed, 0);
    const OptionSpec *spec = options_find("lmp_base");
    assert_non_null(strstr(spec->help, "(0 to 256)"));
    assert_false(options_set(&options, "lmp_base", "257", err, sizeof err));
    assert_non_null(strstr(err, "out of range (0 to 256)"));
    assert_false(options_set(&options, "lmp_base", "-1", err, sizeof err));
    assert_memory_equal(&options, &before, sizeof options);
    assert_true(options_set(&options, "lmp_base", "7", err, sizeof err));
    assert_int_equal(options.params.lmp_base, 7);
    options_format(&options, spec, value);
    assert_string_equal(value, "7");
}

static void test_rin_option(void **state)
{
    (void)state;
    EngineOptions options;
    options_defaults(&options);
    Gtp *gtp = gtp_create(&options);
    assert_non_null(gtp);
    const char *list = exec(gtp, "rin-option");
    assert_non_null(list);
    assert_true((strstr(list, "\n[string] lmp_base 3\n") != NULL) == SEARCH_PARAMS_TUNABLE);
    if (SEARCH_PARAMS_TUNABLE) {
        assert_string_equal(exec(gtp, "rin-option lmp_base 9"), "=\n\n");
        assert_string_equal(exec(gtp, "rin-option lmp_base"), "= 9\n\n");
        assert_int_equal(gtp->options.params.lmp_base, 9);
        /* the player made anew with it plays */
        assert_string_equal(exec(gtp, "rin-option depth 2"), "=\n\n");
        assert_string_equal(exec(gtp, "boardsize 8"), "=\n\n");
        assert_int_equal(exec(gtp, "genmove b")[0], '=');
    } else {
        assert_non_null(strstr(exec(gtp, "rin-option lmp_base 9"), "unknown option"));
    }
    gtp_destroy(gtp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_rin_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
