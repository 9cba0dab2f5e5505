/* `rin train`: a malformed line names its file and line and nothing is
 * written (every field is checked in tests/protocol/formats), a run
 * on good data writes a weights file the engine loads, and the result
 * depends on the seed only; the result curve is written unless
 * --no-curve, with the tiebreak asked for. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/train_command.h"
#include "formats/train_data.h"
#include "eval/evaluate.h"
#include "formats/eval_file.h"
#include "rules/playout.h"
#include "base/random.h"
#include "selfplay_text.h"




/* A data file of random 6x6 games in the rin-selfplay format, line 40
 * replaced by corrupt_line when it is not NULL. */
static void write_games(const char *path, int games, uint64_t seed, const char *corrupt_line)
{
    assert_true(support_write_selfplay_games(path, games, seed, "-", corrupt_line));
}

static void test_train_command(void **state)
{
    (void)state;
    char dir[] = "/tmp/rin-test-train-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char data[128], bad[128], w1[128], w2[128], w3[128];
    snprintf(data, sizeof data, "%s/data.txt", dir);
    snprintf(bad, sizeof bad, "%s/bad.txt", dir);
    snprintf(w1, sizeof w1, "%s/a.rinw", dir);
    snprintf(w2, sizeof w2, "%s/b.rinw", dir);
    snprintf(w3, sizeof w3, "%s/c.rinw", dir);
    write_games(data, 60, 3, NULL);
    write_games(bad, 60, 3, "6/6/6/6/6/6 b 1\txx\t0\t-\t-\t-\t1");
    char *argv_bad[] = {data, bad, "--output", w3, "--epochs", "1"};
    assert_int_equal(train_command_run(6, argv_bad), 1);
    assert_int_not_equal(access(w3, F_OK), 0); /* nothing written */
    char *argv_usage[] = {data, "--epochs", "x", "--output", w3};
    assert_int_equal(train_command_run(5, argv_usage), 2);
    char *argv_no_output[] = {data};
    assert_int_equal(train_command_run(1, argv_no_output), 2);
    char *argv1[] = {data, "--output", w1, "--epochs", "2", "--seed", "5"};
    char *argv2[] = {data, "--output", w2, "--epochs", "2", "--seed", "5"};
    assert_int_equal(train_command_run(7, argv1), 0);
    assert_int_equal(train_command_run(7, argv2), 0);
    /* the same seed gives the same file, which the engine loads */
    FILE *a = fopen(w1, "rb"), *b = fopen(w2, "rb");
    assert_non_null(a);
    assert_non_null(b);
    int ca, cb;
    size_t bytes = 0;
    do {
        ca = fgetc(a);
        cb = fgetc(b);
        assert_int_equal(ca, cb);
        bytes++;
    } while (ca != EOF);
    fclose(a);
    fclose(b);
    assert_true(bytes > 1000);
    EvalModel *model = NULL;
    char err[300];
    assert_true(eval_file_load(w1, &model, err, sizeof err));
    eval_model_destroy(model);
    /* into a directory, the file is named by its contents */
    char *argv_dir[] = {data, "--output", dir, "--epochs", "2", "--seed", "5"};
    assert_int_equal(train_command_run(7, argv_dir), 0);
    a = fopen(w1, "rb");
    assert_non_null(a);
    uint8_t *contents = malloc(bytes);
    assert_non_null(contents);
    size_t size = fread(contents, 1, bytes, a);
    fclose(a);
    char name[EVAL_FILE_NAME_MAX], named[192];
    eval_file_name(contents, size, name);
    free(contents);
    snprintf(named, sizeof named, "%s/%s", dir, name);
    assert_true(eval_file_load(named, &model, err, sizeof err));
    eval_model_destroy(model);
    remove(named);
    remove(data);
    remove(bad);
    remove(w1);
    remove(w2);
    rmdir(dir);
}

/* The baselines: every predictor's root mean square error over the held-out
 * games only, recomputed here one record at a time; the recorded search
 * score only where there is one. */
static void test_baselines(void **state)
{
    (void)state;
    char path[] = "/tmp/rin-test-baselines-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_games(path, 12, 8, NULL);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    TrainData data = {0};
    char err[300];
    assert_true(train_data_read(in, path, &data, err, sizeof err));
    fclose(in);
    remove(path);
    /* a recorded score on one record of game 0 */
    data.records[0].have_score = true;
    data.records[0].score = 250;
    EvalModel *builtin = eval_model_default();
    assert_non_null(builtin);
    const uint64_t holdouts[] = {0, 3};
    for (size_t h = 0; h < 2; h++) {
        TrainBaselines b;
        train_data_baselines(data.records, data.count, holdouts[h], builtin, &b);
        double sq[3] = {0, 0, 0};
        size_t n = 0;
        for (size_t i = 0; i < data.count; i++) {
            const TrainRecord *r = &data.records[i];
            if (holdouts[h] && r->sample.game % 3 != 0)
                continue;
            double sign = pos_to_move(&r->sample.pos) == COLOR_BLACK ? 0.01 : -0.01;
            double e[3] = {pos_score(&r->sample.pos) - r->margin, sign * evaluate(NULL, &r->sample.pos) - r->margin,
                           sign * evaluate(builtin, &r->sample.pos) - r->margin};
            for (int k = 0; k < 3; k++)
                sq[k] += e[k] * e[k];
            n++;
        }
        assert_true(n > 0 && (holdouts[h] == 0 ? n == data.count : n < data.count));
        assert_int_equal(b.positions, n);
        assert_true(fabs(b.stones - sqrt(sq[0] / (double)n)) < 1e-9);
        assert_true(fabs(b.classic - sqrt(sq[1] / (double)n)) < 1e-9);
        assert_true(fabs(b.builtin - sqrt(sq[2] / (double)n)) < 1e-9);
        assert_true(b.classic != b.builtin);
        const TrainRecord *r0 = &data.records[0];
        double first = (pos_to_move(&r0->sample.pos) == COLOR_BLACK ? 2.5 : -2.5) - r0->margin;
        assert_int_equal(b.scored, 1);
        assert_true(fabs(b.score - fabs(first)) < 1e-9);
    }
    eval_model_destroy(builtin);
    train_data_free(&data);
}

/* The model in a weights file (the test fails if it does not load). */
static EvalModel *load_model(const char *path)
{
    EvalModel *model = NULL;
    char err[300];
    assert_true(eval_file_load(path, &model, err, sizeof err));
    return model;
}

static void test_train_curve_options(void **state)
{
    (void)state;
    char dir[] = "/tmp/rin-test-train-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char data[128], w1[128], w2[128], w3[128];
    snprintf(data, sizeof data, "%s/data.txt", dir);
    snprintf(w1, sizeof w1, "%s/curve.rinw", dir);
    snprintf(w2, sizeof w2, "%s/flat.rinw", dir);
    snprintf(w3, sizeof w3, "%s/bad.rinw", dir);
    write_games(data, 60, 4, NULL);
    char *argv_curve[] = {data, "--output", w1, "--epochs", "0", "--tiebreak", "0.25"};
    char *argv_flat[] = {data, "--output", w2, "--epochs", "0", "--no-curve"};
    assert_int_equal(train_command_run(7, argv_curve), 0);
    assert_int_equal(train_command_run(6, argv_flat), 0);
    EvalModel *curve = load_model(w1), *flat = load_model(w2);
    assert_true(eval_model_has_curve(curve));
    assert_false(eval_model_has_curve(flat));
    /* without the curve, a version 1 file, as the shipped weights are */
    FILE *f = fopen(w2, "rb");
    assert_non_null(f);
    unsigned char header[12];
    assert_int_equal(fread(header, 1, sizeof header, f), sizeof header);
    fclose(f);
    assert_int_equal(header[8] | header[9] << 8 | header[10] << 16 | (unsigned)header[11] << 24, 1);
    const EvalCurve *c = eval_model_curve(curve);
    assert_true(c->tiebreak == 0.25f && c->scale > 0.0f);
    assert_true(c->slope[EVAL_WDL_KNOTS - 2][0] > 0.0f);
    /* the same evaluation in both: only the curve differs */
    Rng rng;
    rng_seed(&rng, 3);
    for (int i = 0; i < 20; i++) {
        Position pos;
        pos_init(&pos, 6);
        for (int k = 0; k < 3 + i && !pos_is_over(&pos); k++)
            pos_play(&pos, playout_random_point(&pos, &rng));
        if (!pos_is_over(&pos))
            assert_int_equal(evaluate(curve, &pos), evaluate(flat, &pos));
    }
    eval_model_destroy(curve);
    eval_model_destroy(flat);
    const char *bad[] = {"0", "-0.1", "1.5", "x"};
    for (int i = 0; i < 4; i++) {
        char *argv_bad[] = {data, "--output", w3, "--tiebreak", (char *)bad[i]};
        assert_int_equal(train_command_run(5, argv_bad), 2);
    }
    assert_int_not_equal(access(w3, F_OK), 0);
    remove(data);
    remove(w1);
    remove(w2);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_train_command),
        cmocka_unit_test(test_baselines),
        cmocka_unit_test(test_train_curve_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
