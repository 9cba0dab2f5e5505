/* Training data (formats/train_data.h) and its labels (learn/train_set.h):
 * every field of a data line is checked, and the label blends the final
 * margin with the solver's value, the search score and the random games'
 * margin as asked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "formats/train_data.h"

static const char *const good_line =
    "4/4/1x2/4 w 1\txxxxxxxxoooooooo\t0\t-35\t-\t-\t7";

static void test_parse_good_line(void **state)
{
    (void)state;
    TrainRecord r;
    bool is_data;
    char err[200];
    assert_true(train_data_parse_line(good_line, &r, &is_data, err, sizeof err));
    assert_true(is_data);
    assert_int_equal(r.sample.pos.size, 4);
    assert_int_equal(r.margin, 0);
    assert_true(r.have_score);
    assert_int_equal(r.score, -35);
    assert_int_equal(r.sample.game, 7);
    assert_int_equal(bb_count(r.sample.black_final), 8);
    assert_true(bb_test(r.sample.black_final, point_make(0, 0)));
    assert_false(bb_test(r.sample.black_final, point_make(3, 3)));
    assert_false(train_data_parse_line("#rin-selfplay 1", &r, &is_data, err, sizeof err));
    assert_false(is_data);
    assert_false(train_data_parse_line("", &r, &is_data, err, sizeof err));
    assert_false(is_data);
}

static void test_parse_bad_lines(void **state)
{
    (void)state;
    static const struct {
        const char *line, *why;
    } cases[] = {
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooo\t0\t-35\t-\t-", "expected 7 tab-separated fields, found 6"},
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooo\t0\t-35\t-\t-\t7\t8", "expected 7 tab-separated fields, found 8"},
        {"4/4/1x2/5 w 1\txxxxxxxxoooooooo\t0\t-35\t-\t-\t7", "bad position string"},
        {"4/4/1x2/4 w 1\txxxxxxxxooooooo\t0\t-35\t-\t-\t7", "the final owners need one"},
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooz\t0\t-35\t-\t-\t7", "the final owners need one"},
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooo\t2\t-35\t-\t-\t7", "the final margin does not match"},
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooo\tx\t-35\t-\t-\t7", "bad final margin"},
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooo\t0\t12a\t-\t-\t7", "bad search score"},
        {"4/4/1x2/4 w 1\txxxxxxxxoooooooo\t0\t-35\t-\t-\t-7", "bad game index"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TrainRecord r;
        bool is_data;
        char err[200];
        assert_false(train_data_parse_line(cases[i].line, &r, &is_data, err, sizeof err));
        assert_true(is_data);
        if (!strstr(err, cases[i].why))
            fail_msg("case %zu: got '%s', expected '%s'", i, err, cases[i].why);
    }
}

/* train_record_target_mc: the random games' margin from the ownership
 * field, blended in only where the record has it; bad fields refused. */
static void test_record_target_mc(void **state)
{
    (void)state;
    TrainRecord r = {0};
    bool is_data;
    char err[256];
    char line[1024];
    const char *owners = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxoooooo"; /* Black by 24 */
    /* 36 points: 12 always Black's (+12), 12 never (-12), 12 half (0), the
     * last of them 750 instead (+0.5) */
    char own[256] = "";
    for (int i = 0; i < 36; i++) {
        int v = i < 12 ? 1000 : i < 24 ? 0 : i < 35 ? 500 : 750;
        char item[8];
        snprintf(item, sizeof item, "%s%d", i ? "," : "", v);
        strcat(own, item);
    }
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t%s\t-\t3", owners, own);
    assert_true(train_data_parse_line(line, &r, &is_data, err, sizeof err));
    assert_true(r.have_mc);
    assert_true(fabs(r.mc_margin - 0.5) < 1e-12);
    assert_true(train_record_target_mc(&r, 1.0, 0.0) == -24.0);
    assert_true(fabs(train_record_target_mc(&r, 1.0, 1.0) - -0.5) < 1e-12); /* White to move */
    assert_true(fabs(train_record_target_mc(&r, 0.0, 0.5) - (0.5 * -5.5 + 0.5 * -0.5)) < 1e-12);
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t-\t-\t3", owners);
    assert_true(train_data_parse_line(line, &r, &is_data, err, sizeof err));
    assert_false(r.have_mc);
    assert_true(train_record_target_mc(&r, 0.0, 1.0) == -5.5); /* nothing to blend */
    const char *bad[] = {"1000,0", "1001" /* and 35 more below */, "x"};
    for (int k = 0; k < 3; k++) {
        char field[256];
        snprintf(field, sizeof field, "%s", bad[k]);
        if (k == 1)
            for (int i = 1; i < 36; i++)
                strcat(field, ",0");
        snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t%s\t-\t3", owners, field);
        assert_false(train_data_parse_line(line, &r, &is_data, err, sizeof err));
        assert_true(is_data);
        assert_non_null(strstr(err, "ownership"));
    }
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t%s,0\t-\t3", owners, own);
    assert_false(train_data_parse_line(line, &r, &is_data, err, sizeof err)); /* a number too many */
}

/* train_record_target: the blend of the final margin with the solver's
 * value, else the search score, else the final margin alone; from the
 * side to move's point of view. */
static void test_record_target(void **state)
{
    (void)state;
    TrainRecord r = {0};
    bool is_data;
    char err[256];
    char line[512];
    const char *owners = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxoooooo"; /* Black by 24 */
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-\t-\t-\t3", owners);
    assert_true(train_data_parse_line(line, &r, &is_data, err, sizeof err));
    assert_false(r.have_score);
    assert_true(train_record_target(&r, 0.0) == -24.0); /* White to move */
    assert_true(train_record_target(&r, 1.0) == -24.0);
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t-\t-\t3", owners);
    assert_true(train_data_parse_line(line, &r, &is_data, err, sizeof err));
    assert_true(r.have_score);
    assert_true(train_record_target(&r, 1.0) == -24.0);
    assert_true(train_record_target(&r, 0.0) == -5.5);
    assert_true(fabs(train_record_target(&r, 0.5) - -14.75) < 1e-12);
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-9000\t-\t-\t3", owners);
    assert_true(train_data_parse_line(line, &r, &is_data, err, sizeof err));
    assert_true(train_record_target(&r, 0.0) == -36.0); /* clamped to the board */
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t-\t8\t3", owners);
    assert_true(train_data_parse_line(line, &r, &is_data, err, sizeof err));
    assert_true(r.have_solved);
    assert_int_equal(r.solved, 8);
    assert_true(train_record_target(&r, 0.0) == -8.0); /* the solver's value before the score */
    assert_true(train_record_target(&r, 0.25) == -12.0);
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t-\t7\t3", owners);
    assert_false(train_data_parse_line(line, &r, &is_data, err, sizeof err)); /* odd on an even board */
    assert_true(is_data);
    snprintf(line, sizeof line, "6/6/1x4/6/6/5o w 2\t%s\t24\t-550\t-\t40\t3", owners);
    assert_false(train_data_parse_line(line, &r, &is_data, err, sizeof err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_good_line),
        cmocka_unit_test(test_parse_bad_lines),
        cmocka_unit_test(test_record_target),
        cmocka_unit_test(test_record_target_mc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
