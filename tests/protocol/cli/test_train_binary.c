/* `rin train` on binary files: the same games as a rin-games file and as
 * a rin-selfplay text file give the same records and the same weights,
 * from a file or from stdin; a damaged binary file is refused with its
 * name and offset and nothing is written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/selfplay.h"
#include "cli/train_command.h"
#include "formats/train_data.h"
#include "formats/game_file.h"

enum { GAMES = 16 };

static char dir[] = "/tmp/rin-test-train-binary-XXXXXX";
static char text_path[128], binary_path[128];

/* Games with everything a record can carry (explored stones without a
 * score, proven scores near the end, ownership, solver values), written
 * in both formats. */
static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(text_path, sizeof text_path, "%s/games.txt", dir);
    snprintf(binary_path, sizeof binary_path, "%s/games.bin", dir);
    SelfplaySettings set = {.seed = 21, .opening_plies = 2, .explore = 0.15, .nodes = 80, .mc_playouts = 12,
                            .solve_empties = 7};
    SelfplayPlayer *player = selfplay_player_create(&set);
    SelfplayGame *game = malloc(sizeof *game);
    char *text = malloc(SELFPLAY_LINE_MAX * BB_POINTS + SELFPLAY_SETTINGS_MAX + 32);
    uint8_t *block = malloc(GAME_FILE_GAME_MAX);
    FILE *t = fopen(text_path, "w"), *b = fopen(binary_path, "wb");
    if (!player || !game || !text || !block || !t || !b)
        return -1;
    const char *settings = "rin test selfplay";
    fwrite(text, 1, selfplay_format_header(settings, text), t);
    fwrite(block, 1, game_file_write_header(settings, block), b);
    for (uint64_t g = 0; g < GAMES; g++) {
        if (!selfplay_game_play(player, g, g % 2 ? 5 : 6, game))
            return -1;
        fwrite(text, 1, selfplay_format_game(game, text), t);
        fwrite(block, 1, game_file_write_game(game, block), b);
    }
    int closed = fclose(t) | fclose(b);
    free(block);
    free(text);
    free(game);
    selfplay_player_destroy(player);
    return closed;
}

static int teardown(void **state)
{
    (void)state;
    remove(text_path);
    remove(binary_path);
    return rmdir(dir);
}

static TrainData read_file(const char *path)
{
    TrainData data = {0};
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    char err[300] = "";
    if (!train_data_read(in, path, &data, err, sizeof err))
        fail_msg("%s", err);
    fclose(in);
    return data;
}

static void test_the_same_records(void **state)
{
    (void)state;
    TrainData text = read_file(text_path), binary = read_file(binary_path);
    assert_true(text.count > 100);
    assert_int_equal(binary.count, text.count);
    int scored = 0, unscored = 0;
    for (size_t i = 0; i < text.count; i++) {
        const TrainRecord *a = &text.records[i], *b = &binary.records[i];
        assert_true(pos_same(&a->sample.pos, &b->sample.pos));
        assert_int_equal(a->sample.pos.ply, b->sample.pos.ply);
        assert_true(a->sample.pos.hash == b->sample.pos.hash);
        assert_true(bb_equal(a->sample.black_final, b->sample.black_final));
        assert_int_equal(a->sample.game, b->sample.game);
        assert_int_equal(a->margin, b->margin);
        assert_int_equal(a->have_score, b->have_score);
        assert_int_equal(a->score, b->score);
        scored += a->have_score;
        unscored += !a->have_score;
    }
    assert_true(scored > 0 && unscored > 0);
    train_data_free(&text);
    train_data_free(&binary);
}

static uint8_t *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    uint8_t *bytes = malloc(1 << 20);
    assert_non_null(bytes);
    *size = fread(bytes, 1, 1 << 20, f);
    fclose(f);
    return bytes;
}

/* Trains on `input` with a fixed seed into out; returns the exit status. */
static int train(const char *input, const char *out)
{
    char *argv[] = {(char *)input, "--output", (char *)out, "--epochs", "2", "--seed", "3", "--holdout", "4"};
    return train_command_run(9, argv);
}

static void test_the_same_weights(void **state)
{
    (void)state;
    char from_text[160], from_binary[160], from_stdin[160];
    snprintf(from_text, sizeof from_text, "%s/text.rinw", dir);
    snprintf(from_binary, sizeof from_binary, "%s/binary.rinw", dir);
    snprintf(from_stdin, sizeof from_stdin, "%s/stdin.rinw", dir);
    assert_int_equal(train(text_path, from_text), 0);
    assert_int_equal(train(binary_path, from_binary), 0);
    /* "-": the binary file through stdin */
    int saved = dup(STDIN_FILENO);
    assert_true(saved >= 0);
    assert_non_null(freopen(binary_path, "rb", stdin));
    int status = train("-", from_stdin);
    assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
    close(saved);
    clearerr(stdin);
    assert_int_equal(status, 0);

    size_t a_size, b_size, c_size;
    uint8_t *a = slurp(from_text, &a_size), *b = slurp(from_binary, &b_size), *c = slurp(from_stdin, &c_size);
    assert_true(a_size > 1000);
    assert_int_equal(a_size, b_size);
    assert_int_equal(a_size, c_size);
    assert_memory_equal(a, b, a_size);
    assert_memory_equal(a, c, a_size);
    free(a);
    free(b);
    free(c);
    remove(from_text);
    remove(from_binary);
    remove(from_stdin);
}

static void test_damaged_binary_refused(void **state)
{
    (void)state;
    size_t size;
    uint8_t *bytes = slurp(binary_path, &size);
    char bad[160], out[160];
    snprintf(bad, sizeof bad, "%s/bad.bin", dir);
    snprintf(out, sizeof out, "%s/bad.rinw", dir);
    FILE *f = fopen(bad, "wb");
    assert_non_null(f);
    fwrite(bytes, 1, size - 3, f); /* the last game cut short */
    fclose(f);
    TrainData data = {0};
    f = fopen(bad, "rb");
    assert_non_null(f);
    char err[300] = "";
    assert_false(train_data_read(f, "bad.bin", &data, err, sizeof err));
    fclose(f);
    assert_non_null(strstr(err, "bad.bin: byte "));
    assert_non_null(strstr(err, "truncated block"));
    train_data_free(&data);
    assert_int_equal(train(bad, out), 1);
    assert_int_not_equal(access(out, F_OK), 0);
    remove(bad);
    free(bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_same_records),
        cmocka_unit_test(test_the_same_weights),
        cmocka_unit_test(test_damaged_binary_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
