/* `rin train-patterns`: a run on a small data file writes a pattern weights
 * file the engine loads, with the configuration asked for; the same seed
 * writes the same bytes and another seed other bytes; bad arguments and bad
 * data write nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/pattern_train_command.h"
#include "eval/ntuple.h"
#include "formats/file_bytes.h"
#include "formats/pattern_file.h"
#include "formats/posstr.h"
#include "rules/playout.h"
#include "rules/random.h"

/* A data file of random 6x6 games in the rin-selfplay format, game indices
 * 0 to games - 1. */
static void write_games(const char *path, int games, uint64_t seed)
{
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fprintf(out, "#rin-selfplay 1\n");
    Rng rng;
    rng_seed(&rng, seed);
    for (int g = 0; g < games; g++) {
        Position pos, seen[64];
        pos_init(&pos, 6);
        int plies = 0;
        while (!pos_is_over(&pos)) {
            seen[plies++] = pos;
            pos_play(&pos, playout_random_point(&pos, &rng));
        }
        char owners[40];
        for (int i = 0; i < 36; i++)
            owners[i] = pos_at(&pos, point_make(i / 6, i % 6)) == COLOR_BLACK ? 'x' : 'o';
        owners[36] = '\0';
        for (int i = 0; i < plies; i++) {
            char text[POSSTR_MAX];
            posstr_format(&seen[i], text);
            fprintf(out, "%s\t%s\t%d\t-\t-\t-\t%d\n", text, owners, pos_score(&pos), g);
        }
    }
    fclose(out);
}

static uint8_t *read_all(const char *path, size_t *size)
{
    uint8_t *bytes = NULL;
    char err[256];
    assert_true(file_bytes_read(path, 64 << 20, &bytes, size, err, sizeof err));
    return bytes;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_train_patterns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
