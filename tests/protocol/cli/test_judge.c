/* rin judge: the held-out set format (formats/judge_set.h) and the command
 * end to end: a set made from self-play games, then scored (the figures
 * are tested in tests/engine/learn/test_judge_figures.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/judge_command.h"
#include "formats/judge_set.h"
#include "formats/posstr.h"
#include "random_position.h"
#include "run_command.h"

static FILE *text_file(const char *text)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs(text, f);
    rewind(f);
    return f;
}

static void test_round_trip(void **state)
{
    (void)state;
    Position final, positions[3];
    support_random_game(5, &final, positions);
    FILE *f = tmpfile();
    assert_non_null(f);
    judge_set_write_header(f);
    fputs("# a comment\n\n", f);
    judge_set_write_game(f, "g1", &final, COLOR_WHITE, positions, 3);
    judge_set_write_game(f, "g2", &final, JUDGE_LOSER_NONE, positions + 1, 2);
    rewind(f);
    JudgeSet set;
    char err[256] = "";
    if (!judge_set_read(f, "set", &set, err, sizeof err))
        fail_msg("refused: %s", err);
    fclose(f);
    assert_int_equal(set.game_count, 2);
    assert_int_equal(set.position_count, 5);
    assert_string_equal(set.games[0].name, "g1");
    assert_int_equal(set.games[0].loser, COLOR_WHITE);
    assert_int_equal(set.games[1].loser, JUDGE_LOSER_NONE);
    assert_int_equal(set.games[1].first, 3);
    assert_int_equal(set.games[1].count, 2);
    assert_true(bb_equal(set.games[0].final.stones[0], final.stones[0]));
    assert_true(bb_equal(set.positions[4].stones[1], positions[2].stones[1]));
    assert_int_equal(pos_to_move(&set.positions[4]), pos_to_move(&positions[2]));
    assert_int_equal(pos_stone_of_turn(&set.positions[4]), pos_stone_of_turn(&positions[2]));
    judge_set_free(&set);
}

static void test_bad_sets(void **state)
{
    (void)state;
    Position final, positions[3];
    support_random_game(6, &final, positions);
    char fin[POSSTR_MAX], mid[POSSTR_MAX];
    posstr_format(&final, fin);
    posstr_format(&positions[0], mid);
    struct {
        const char *why;
        char text[1024];
    } cases[6];
    snprintf(cases[0].text, sizeof cases[0].text, "game g %s -\n%s\n", fin, mid);
    cases[0].why = "not a judgement set";
    snprintf(cases[1].text, sizeof cases[1].text, "#rin-judge 1\n%s\n", mid);
    cases[1].why = "before the first game";
    snprintf(cases[2].text, sizeof cases[2].text, "#rin-judge 1\ngame g %s x\n", fin);
    cases[2].why = "the loser is b, w or -";
    snprintf(cases[3].text, sizeof cases[3].text, "#rin-judge 1\ngame g %s -\n", mid);
    cases[3].why = "has empty points";
    snprintf(cases[4].text, sizeof cases[4].text, "#rin-judge 1\ngame g %s b\n%s\n4/4/4/4 b 1\n", fin, mid);
    cases[4].why = ":4: a 4x4 position in a game of 6x6";
    snprintf(cases[5].text, sizeof cases[5].text, "#rin-judge 1\ngame g %s b\n%s\n", fin, fin);
    cases[5].why = ":3: the board is full";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = text_file(cases[i].text);
        JudgeSet set;
        memset(&set, 0x5A, sizeof set);
        char err[256] = "";
        assert_false(judge_set_read(f, "set", &set, err, sizeof err));
        fclose(f);
        if (!strstr(err, cases[i].why))
            fail_msg("case %zu: '%s' does not say '%s'", i, err, cases[i].why);
        assert_int_equal(set.game_count, 0x5A5A5A5A); /* untouched */
    }
}

static void test_command(void **state)
{
    (void)state;
    char dir[] = "/tmp/rin-judge-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char args[1024];
    snprintf(args, sizeof args, "selfplay --games 3 --sizes 8 --nodes 300 --seed 4 --output %s/games.bin", dir);
    SupportOutput o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    support_output_free(&o);
    snprintf(args, sizeof args, "judge --make --from 50 --to 20 --every 3 --lost --output %s/set.txt %s/games.bin",
             dir, dir);
    o = support_run(RIN_BINARY, dir, args);
    if (o.status != 0)
        fail_msg("judge --make: %s", o.err);
    support_output_free(&o);
    char path[600];
    snprintf(path, sizeof path, "%s/set.txt", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    JudgeSet set;
    char err[256];
    if (!judge_set_read(f, path, &set, err, sizeof err))
        fail_msg("%s", err);
    fclose(f);
    assert_int_equal(set.game_count, 3);
    assert_true(set.position_count >= 3);
    for (int i = 0; i < set.position_count; i++) {
        int empty = pos_empty_count(&set.positions[i]);
        assert_true(empty <= 50 && empty >= 20);
    }
    int positions = set.position_count;
    judge_set_free(&set);

    snprintf(args, sizeof args, "judge %s/set.txt --games", dir);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    char expected[64];
    snprintf(expected, sizeof expected, ": %d positions, sign ", positions);
    if (!strstr(o.out, expected) || !strstr(o.out, "swing mean"))
        fail_msg("output: %s", o.out);
    support_output_free(&o);

    /* the Monte Carlo prior: from one empty point every random game ends
     * as the game did, so its margins and owners are exact */
    snprintf(args, sizeof args, "judge --make --from 1 --to 1 --every 1 --output %s/last.txt %s/games.bin", dir, dir);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    support_output_free(&o);
    snprintf(args, sizeof args, "judge %s/last.txt --playouts 64", dir);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    if (!strstr(o.out, "Monte Carlo prior") || !strstr(o.out, "margin rms 0.00, owner brier 0.0000"))
        fail_msg("output: %s", o.out);
    support_output_free(&o);
    /* the static evaluation is not exact there: the figures are the prior's */
    snprintf(args, sizeof args, "judge %s/set.txt --playouts 64", dir);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    SupportOutput again = support_run(RIN_BINARY, dir, args);
    assert_string_equal(o.out, again.out); /* the same games for the same position */
    support_output_free(&again);
    support_output_free(&o);
    o = support_run(RIN_BINARY, dir, "judge --playouts 10 set.txt");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "--playouts"));
    support_output_free(&o);
    o = support_run(RIN_BINARY, dir, "judge --playouts 100 --nodes 100 set.txt");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "give one"));
    support_output_free(&o);

    /* bad input: a clear message and status, nothing written */
    snprintf(args, sizeof args, "judge --make --output %s/none.txt %s/missing.bin", dir, dir);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "cannot open"));
    support_output_free(&o);
    snprintf(path, sizeof path, "%s/none.txt", dir);
    assert_null(fopen(path, "r"));
    o = support_run(RIN_BINARY, dir, "judge --nodes x set.txt");
    assert_int_equal(o.status, 2);
    support_output_free(&o);

    snprintf(args, sizeof args, "rm -rf %s", dir);
    assert_int_equal(system(args), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_sets),
        cmocka_unit_test(test_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
