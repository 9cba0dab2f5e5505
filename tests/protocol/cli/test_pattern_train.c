/* `rin train-patterns`: a run on a small data file writes a pattern weights
 * file the engine loads, with the configuration asked for; the same seed
 * writes the same bytes and another seed other bytes; bad arguments and bad
 * data write nothing. --target-blend moves the labels towards the recorded
 * search scores (train_record_target, tested in tests/protocol/formats). */
#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/pattern_train_command.h"
#include "formats/train_data.h"
#include "eval/ntuple.h"
#include "formats/pattern_file.h"
#include "rules/playout.h"
#include "base/random.h"
#include "run_command.h"
#include "selfplay_text.h"

/* A data file of random 6x6 games in the rin-selfplay format, game indices
 * 0 to games - 1; every position's search score field is `score`. */
static void write_scored_games(const char *path, int games, uint64_t seed, const char *score)
{
    assert_true(support_write_selfplay_games(path, games, seed, score, NULL));
}

static void write_games(const char *path, int games, uint64_t seed) { write_scored_games(path, games, seed, "-"); }

static uint8_t *read_all(const char *path, size_t *size)
{
    char *bytes = support_slurp(path, size);
    assert_non_null(bytes);
    return (uint8_t *)bytes;
}

static void test_train_patterns(void **state)
{
    (void)state;
    char dir[] = "/tmp/rin-test-patterns-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char data[128], a[128], b[128], c[128], bad[128];
    snprintf(data, sizeof data, "%s/data.txt", dir);
    snprintf(bad, sizeof bad, "%s/bad.txt", dir);
    snprintf(a, sizeof a, "%s/a.bin", dir);
    snprintf(b, sizeof b, "%s/b.bin", dir);
    snprintf(c, sizeof c, "%s/c.bin", dir);
    write_games(data, 80, 5);

    char *argv_a[] = {data, "--output", a, "--shapes", "win2x3", "--stages", "2", "--split-turn", "--tactical",
                      "--epochs", "2", "--seed", "7"};
    assert_int_equal(pattern_train_command_run(13, argv_a), 0);
    char *argv_b[] = {data, "--output", b, "--shapes", "win2x3", "--stages", "2", "--split-turn", "--tactical",
                      "--epochs", "2", "--seed", "7"};
    assert_int_equal(pattern_train_command_run(13, argv_b), 0);
    char *argv_c[] = {data, "--output", c, "--shapes", "win2x3", "--stages", "2", "--split-turn", "--tactical",
                      "--epochs", "2", "--seed", "8"};
    assert_int_equal(pattern_train_command_run(13, argv_c), 0);

    size_t size_a, size_b, size_c;
    uint8_t *bytes_a = read_all(a, &size_a), *bytes_b = read_all(b, &size_b), *bytes_c = read_all(c, &size_c);
    assert_int_equal(size_a, size_b);
    assert_memory_equal(bytes_a, bytes_b, size_a);
    assert_int_equal(size_a, size_c);
    assert_true(memcmp(bytes_a, bytes_c, size_a) != 0);
    free(bytes_a);
    free(bytes_b);
    free(bytes_c);

    NtupleModel *model = NULL;
    char err[256];
    assert_true(pattern_file_load(a, &model, err, sizeof err));
    assert_int_equal(model->config.shapes, NTUPLE_SHAPE_BIT(NTUPLE_WIN23));
    assert_int_equal(model->config.stages, 2);
    assert_int_equal(model->config.split_turn, 1);
    assert_int_equal(model->config.tactical, 1);
    /* it learned something: the weights are not all 0 */
    bool any = false;
    for (uint32_t i = 0; i < model->params && !any; i++)
        any = model->weights[i] != 0.0f;
    assert_true(any);
    ntuple_model_destroy(model);

    /* bad arguments and bad data: exit status 2 or 1, nothing written */
    char *argv_shape[] = {data, "--output", bad, "--shapes", "win9x9"};
    assert_int_equal(pattern_train_command_run(5, argv_shape), 2);
    char *argv_stages[] = {data, "--output", bad, "--stages", "17"};
    assert_int_equal(pattern_train_command_run(5, argv_stages), 2);
    char *argv_owner[] = {data, "--output", bad, "--value-uses-owner"};
    assert_int_equal(pattern_train_command_run(4, argv_owner), 2);
    char *argv_no_output[] = {data};
    assert_int_equal(pattern_train_command_run(1, argv_no_output), 2);
    char missing[160];
    snprintf(missing, sizeof missing, "%s/missing.txt", dir);
    char *argv_missing[] = {missing, "--output", bad};
    assert_int_equal(pattern_train_command_run(3, argv_missing), 1);
    assert_int_not_equal(access(bad, F_OK), 0);
    char *argv_help[] = {"--help"};
    assert_int_equal(pattern_train_command_run(1, argv_help), 0);

    remove(data);
    remove(a);
    remove(b);
    remove(c);
    rmdir(dir);
}

/* Trains on `data` with --target-blend `blend` ("" for none) into `out`
 * and returns the mean of the model's margin over the positions of a few
 * random games (side to move, stones). */
static double train_mean_margin(char *data, char *out, char *blend, bool scored_only)
{
    char *argv[16] = {data, "--output", out, "--shapes", "win2x3", "--stages", "1", "--epochs", "3",
                      "--rate", "0.1", "--holdout", "0"};
    int argc = 13;
    if (blend[0]) {
        argv[argc++] = "--target-blend";
        argv[argc++] = blend;
    }
    if (scored_only)
        argv[argc++] = "--scored-only";
    assert_int_equal(pattern_train_command_run(argc, argv), 0);
    NtupleModel *model = NULL;
    char err[256];
    assert_true(pattern_file_load(out, &model, err, sizeof err));
    Rng rng;
    rng_seed(&rng, 99);
    double sum = 0.0;
    int n = 0;
    for (int g = 0; g < 20; g++) {
        Position pos;
        pos_init(&pos, 6);
        while (!pos_is_over(&pos)) {
            sum += ntuple_eval_full(model, &pos).margin;
            n++;
            pos_play(&pos, playout_random_point(&pos, &rng));
        }
    }
    ntuple_model_destroy(model);
    return sum / n;
}

static bool same_bytes(const char *a, const char *b)
{
    size_t size_a, size_b;
    uint8_t *bytes_a = read_all(a, &size_a), *bytes_b = read_all(b, &size_b);
    bool same = size_a == size_b && memcmp(bytes_a, bytes_b, size_a) == 0;
    free(bytes_a);
    free(bytes_b);
    return same;
}

/* --target-blend: 1 writes the bytes of no option; towards 0 the model
 * moves from the final margins (random games: about 0 on average) to the
 * recorded scores (here +12 stones for the side to move everywhere);
 * --scored-only leaves out the positions without a score. */
static void test_target_blend(void **state)
{
    (void)state;
    char dir[] = "/tmp/rin-test-blend-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char scored[128], unscored[128], out[128], other[128], bad[128];
    snprintf(scored, sizeof scored, "%s/scored.txt", dir);
    snprintf(unscored, sizeof unscored, "%s/unscored.txt", dir);
    snprintf(out, sizeof out, "%s/out.bin", dir);
    snprintf(other, sizeof other, "%s/other.bin", dir);
    snprintf(bad, sizeof bad, "%s/bad.bin", dir);
    write_scored_games(scored, 60, 11, "1200");
    write_games(unscored, 60, 11);

    double plain = train_mean_margin(scored, out, "", false);
    double one = train_mean_margin(scored, other, "1", false);
    assert_true(same_bytes(out, other));
    assert_true(plain == one);
    double half = train_mean_margin(scored, other, "0.5", false);
    double zero = train_mean_margin(scored, other, "0", false);
    assert_true(fabs(plain) < 3.0);
    assert_true(half > plain + 3.0);
    assert_true(zero > half + 3.0);
    assert_true(zero > 8.0);
    /* the same blend twice: the same bytes */
    train_mean_margin(scored, out, "0", false);
    assert_true(same_bytes(out, other));

    /* no scores: every blend is the final margin */
    train_mean_margin(unscored, out, "", false);
    train_mean_margin(unscored, other, "0", false);
    assert_true(same_bytes(out, other));

    /* --scored-only without scores leaves nothing to train on */
    char *argv_none[] = {unscored, "--output", bad, "--scored-only"};
    assert_int_equal(pattern_train_command_run(4, argv_none), 1);
    /* with scores everywhere it changes nothing */
    train_mean_margin(scored, out, "0", false);
    train_mean_margin(scored, other, "0", true);
    assert_true(same_bytes(out, other));

    char *argv_range[] = {scored, "--output", bad, "--target-blend", "1.5"};
    assert_int_equal(pattern_train_command_run(5, argv_range), 2);
    char *argv_missing[] = {scored, "--output", bad, "--target-blend"};
    assert_int_equal(pattern_train_command_run(4, argv_missing), 2);
    assert_int_not_equal(access(bad, F_OK), 0);

    remove(scored);
    remove(unscored);
    remove(out);
    remove(other);
    rmdir(dir);
}



int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_train_patterns),
        cmocka_unit_test(test_target_blend),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
