/* Tactical suites: the line format, and the search on the suite of this
 * repository (tests/data/tactics.epd) at a small node count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cli/suite.h"
#include "formats/coord.h"

/* Solved positions at SMALL_NODES when this floor was set were well above
 * it (see README.md): a fall below it means the search lost its tactics. */
enum { SMALL_NODES = 3000, SOLVED_FLOOR = 2, SUITE_MIN_POSITIONS = 30 };

static void test_parse_line(void **state)
{
    (void)state;
    SuiteEntry e;
    char err[160] = "";
    const char *line = "4/1x2/2o1/4 w 1 bm A1 d4; c \"a comment\";\n";
    if (!suite_parse_line(line, &e, err, sizeof err))
        fail_msg("refused: %s", err);
    assert_int_equal(e.pos.size, 4);
    assert_int_equal(e.best_count, 2);
    int a1, d4;
    assert_int_equal(coord_parse("A1", 4, &a1), COORD_OK);
    assert_int_equal(coord_parse("D4", 4, &d4), COORD_OK);
    assert_int_equal(e.best[0], a1);
    assert_int_equal(e.best[1], d4);
    assert_string_equal(e.comment, "a comment");
}

static void test_bad_lines(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "4/1x2/2o1/4 w 1",            /* no bm */
        "4/1x2/2o1/4 w 1 bm ;",       /* no stone */
        "4/1x2/2o1/4 w 1 bm E1;",     /* off the board */
        "4/1x2/2o1/4 w 1 bm B3;",     /* occupied */
        "4/1x2/2o1/4 w 3 bm A1;",     /* bad position string */
        "4/1x2/2o1/4 w 1 bm pass;",   /* not a stone */
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        SuiteEntry e;
        memset(&e, 0x5A, sizeof e);
        char err[160] = "";
        if (suite_parse_line(lines[i], &e, err, sizeof err))
            fail_msg("'%s' accepted", lines[i]);
        assert_true(err[0] != '\0');
        assert_int_equal(e.best_count, 0x5A5A5A5A); /* untouched */
    }
}

/* The suite with either evaluation: the built-in learned weights (the
 * default) and the classic one. */
static void test_repository_suite(void **state)
{
    (void)state;
    EvalModel *learned = eval_model_default();
    assert_non_null(learned);
    const EvalModel *evals[] = {learned, NULL};
    for (int i = 0; i < 2; i++) {
        SuiteResult result;
        char err[256] = "";
        if (!suite_run(RIN_TEST_DATA_DIR "/data/tactics.epd", SMALL_NODES, evals[i], NULL, &result, err, sizeof err))
            fail_msg("%s", err);
        assert_true(result.total >= SUITE_MIN_POSITIONS);
        if (result.solved < SOLVED_FLOOR)
            fail_msg("%s evaluation: solved %d/%d at %d nodes, fewer than %d", evals[i] ? "learned" : "classic",
                     result.solved, result.total, SMALL_NODES, SOLVED_FLOOR);
    }
    eval_model_destroy(learned);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_line),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_repository_suite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
