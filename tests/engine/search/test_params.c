/* The search's parameters (search/params.h): the table, and what a
 * parameter does in each build. This file is compiled twice: test_params
 * against the release search, where every parameter is its release
 * constant whatever a search is given, and test_params_tune against the
 * search compiled with RIN_TUNE, where the search follows the values it is
 * given and the release values still give the bench signature. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "search/bench.h"
#include "search/params.h"
#include "search/search.h"
#include "search/timeman.h"

static void test_table(void **state)
{
    (void)state;
    size_t count = 0;
    for (const SearchParamSpec *spec; (spec = search_param_spec(count)); count++) {
        assert_true(spec->min <= spec->value && spec->value <= spec->max);
        assert_true(spec->help[0] != '\0');
        assert_ptr_equal(search_param_find(spec->name), spec);
        assert_int_equal(search_params_get(&search_params_default, spec), spec->value);
    }
    size_t listed = 0;
#define COUNT_PARAM(name, value, min, max, help) listed++;
    SEARCH_PARAMS(COUNT_PARAM)
#undef COUNT_PARAM
    assert_int_equal(count, listed);
    assert_int_equal(sizeof(SearchParams), listed * sizeof(int));
#define CHECK_DEFAULT(name, value, min, max, help) assert_int_equal(search_params_default.name, SEARCH_PARAM_DEFAULT_##name);
    SEARCH_PARAMS(CHECK_DEFAULT)
#undef CHECK_DEFAULT
    assert_null(search_param_find("nosuch"));
    assert_null(search_param_spec(count));
}

static void test_set_checks_name_and_range(void **state)
{
    (void)state;
    SearchParams p = search_params_default;
    const SearchParamSpec *spec = search_param_find("lmp_base");
    assert_non_null(spec);
    assert_false(search_params_set(&p, "nosuch", 1));
    assert_false(search_params_set(&p, "lmp_base", spec->max + 1));
    assert_false(search_params_set(&p, "lmp_base", spec->min - 1));
    assert_memory_equal(&p, &search_params_default, sizeof p);
    assert_true(search_params_set(&p, "lmp_base", spec->max));
    assert_int_equal(p.lmp_base, spec->max);
    assert_int_equal(search_params_get(&p, spec), spec->max);
    p.lmp_base = search_params_default.lmp_base;
    assert_memory_equal(&p, &search_params_default, sizeof p);
}

/* SEARCH_PARAM is the release constant in the release build, the value
 * given with RIN_TUNE. */
static void test_param_reads_the_values_only_when_tunable(void **state)
{
    (void)state;
    SearchParams p;
#define SHIFT(name, value, min, max, help) p.name = (value) + 1;
    SEARCH_PARAMS(SHIFT)
#undef SHIFT
#define CHECK(name, value, min, max, help) \
    assert_int_equal(SEARCH_PARAM(&p, name), SEARCH_PARAMS_TUNABLE ? (value) + 1 : (value));
    SEARCH_PARAMS(CHECK)
#undef CHECK
}

static uint64_t nodes_with(const SearchParams *params, int bench_index, int depth)
{
    SearchConfig config = {.threads = 1, .hash_mib = 4, .seed = 0, .params = params};
    Search *s = search_create(&config);
    assert_non_null(s);
    Position pos;
    bench_position(bench_index, &pos);
    SearchLimits limits = {.depth = depth, .first_move = POINT_NONE};
    SearchInfo info;
    search_run(s, &pos, &limits, NULL, NULL, &info);
    search_destroy(s);
    return info.nodes;
}

/* One parameter of each kind (pruning, quiet ordering, the prior's games,
 * the prior in the evaluation) changes what a search does with RIN_TUNE,
 * and nothing without. */
static void test_setting_a_parameter_changes_the_search(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int value;
    } changes[] = {{"lmp_base", 0}, {"quiet_own", 0}, {"amaf_shrink", 1000}, {"prior_gain_weight", 8}};
    enum { POSITION = 12, DEPTH = 4 }; /* a 12x12 middle game */
    uint64_t release = nodes_with(NULL, POSITION, DEPTH);
    assert_int_equal(nodes_with(&search_params_default, POSITION, DEPTH), release);
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
        SearchParams p = search_params_default;
        assert_true(search_params_set(&p, changes[i].name, changes[i].value));
        uint64_t nodes = nodes_with(&p, POSITION, DEPTH);
        if (SEARCH_PARAMS_TUNABLE)
            assert_int_not_equal(nodes, release);
        else
            assert_int_equal(nodes, release);
    }
}

/* The prior's weight has two values by board size: a 16x16 search
 * changes with prior_gain_weight_large and not with prior_gain_weight,
 * a 12x12 one the other way round (with RIN_TUNE; nothing changes
 * without). */
static void test_prior_weight_by_board_size(void **state)
{
    (void)state;
    enum { LARGE = 0, SMALL = 12, DEPTH = 4 }; /* bench positions: 16x16 and 12x12 */
    static const struct {
        const char *name;
        int position;
        bool changes;
    } cases[] = {{"prior_gain_weight_large", LARGE, true},
                 {"prior_gain_weight_large", SMALL, false},
                 {"prior_gain_weight", LARGE, false},
                 {"prior_gain_weight", SMALL, true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t release = nodes_with(NULL, cases[i].position, DEPTH);
        SearchParams p = search_params_default;
        assert_true(search_params_set(&p, cases[i].name, 8));
        uint64_t nodes = nodes_with(&p, cases[i].position, DEPTH);
        if (SEARCH_PARAMS_TUNABLE && cases[i].changes)
            assert_int_not_equal(nodes, release);
        else
            assert_int_equal(nodes, release);
    }
}

static void test_time_parameters(void **state)
{
    (void)state;
    TimeControl tc = timeman_settings(60.0, 0.0, 0);
    SearchParams p = search_params_default;
    TimeBudget release = timeman_budget(&tc, &p, 40, 0);
    assert_true(search_params_set(&p, "time_hard_factor", 2));
    TimeBudget changed = timeman_budget(&tc, &p, 40, 0);
    assert_int_equal(changed.soft_ms, release.soft_ms);
    assert_int_equal(changed.hard_ms, SEARCH_PARAMS_TUNABLE ? release.soft_ms * 2 : release.hard_ms);
}

/* The release values are the release search: the bench signature (the
 * release build checks it in test_binary). */
static void test_release_values_give_the_bench_signature(void **state)
{
    (void)state;
    if (!SEARCH_PARAMS_TUNABLE)
        skip();
    BenchResult result;
    assert_true(bench_run(BENCH_DEFAULT_DEPTH, NULL, NULL, &result));
    assert_int_equal(result.nodes, BENCH_SIGNATURE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_set_checks_name_and_range),
        cmocka_unit_test(test_param_reads_the_values_only_when_tunable),
        cmocka_unit_test(test_setting_a_parameter_changes_the_search),
        cmocka_unit_test(test_prior_weight_by_board_size),
        cmocka_unit_test(test_time_parameters),
        cmocka_unit_test(test_release_values_give_the_bench_signature),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
