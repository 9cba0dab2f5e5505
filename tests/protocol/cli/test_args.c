/* The subcommands' option tables (cli/args.h): every option of every table
 * is in the man page (protocol/cli/rin.6) and in its command's usage text,
 * so that the three cannot drift apart; and the parser reads switches,
 * values, operands and bad values as the table says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/args.h"
#include "cli/bench_command.h"
#include "cli/games_command.h"
#include "cli/judge_command.h"
#include "cli/pattern_train_command.h"
#include "cli/play.h"
#include "cli/selfplay.h"
#include "cli/solve_command.h"
#include "cli/solve_jobs.h"
#include "cli/train_command.h"
#include "cli/verify_command.h"
#include "run_command.h"

static const ArgsCommand *command(size_t i)
{
    switch (i) {
    case 0:
        return solve_command_args();
    case 1:
        return train_command_args();
    case 2:
        return pattern_train_command_args();
    case 3:
        return judge_command_args();
    case 4:
        return games_command_args();
    case 5:
        return verify_command_args();
    case 6:
        return selfplay_command_args();
    case 7:
        return play_command_args();
    case 8:
        return playouts_command_args();
    case 9:
        return perft_command_args();
    case 10:
        return bench_command_args();
    case 11:
        return suite_command_args();
    case 12:
        return solve_jobs_merge_args();
    }
    return NULL;
}

/* `name` as roff writes it: every '-' as "\-". */
static void roff(const char *name, char *out, size_t size)
{
    size_t n = 0;
    for (; *name && n + 3 < size; name++) {
        if (*name == '-')
            out[n++] = '\\';
        out[n++] = *name;
    }
    out[n] = '\0';
}

static void test_every_option_in_the_man_page_and_the_usage(void **state)
{
    (void)state;
    char *man = support_slurp(RIN_TEST_DATA_DIR "/../protocol/cli/rin.6", NULL);
    assert_non_null(man);
    int missing = 0;
    for (size_t c = 0; command(c); c++) {
        const ArgsCommand *cmd = command(c);
        char *usage = NULL;
        size_t usage_size = 0;
        FILE *out = open_memstream(&usage, &usage_size);
        assert_non_null(out);
        args_usage(cmd, out);
        fclose(out);
        for (size_t i = 0; i < cmd->option_count; i++) {
            const char *name = cmd->options[i].name;
            char escaped[128];
            roff(name, escaped, sizeof escaped);
            if (!strstr(man, escaped)) {
                print_error("rin %s %s is not in rin.6\n", cmd->name, name);
                missing++;
            }
            if (!strstr(usage, name)) {
                print_error("rin %s %s is not in its usage text\n", cmd->name, name);
                missing++;
            }
        }
        free(usage);
    }
    free(man);
    assert_int_equal(missing, 0);
}

typedef struct Parsed {
    bool on, off;
    int one;
    uint64_t count;
    double ratio;
    const char *file;
} Parsed;

static const ArgsOption test_options[] = {
    {"--on", NULL, ARGS_ON, offsetof(Parsed, on), 0, 0, NULL, NULL, "a switch"},
    {"--off", NULL, ARGS_OFF, offsetof(Parsed, off), 0, 0, NULL, NULL, "another"},
    {"--one", NULL, ARGS_ONE, offsetof(Parsed, one), 0, 0, NULL, NULL, "an int to 1"},
    {"--count", "N", ARGS_UINT, offsetof(Parsed, count), 1, 9, NULL, "--count needs a number from 1 to 9", "N"},
    {"--ratio", "R", ARGS_REAL, offsetof(Parsed, ratio), 0, 1, NULL, "--ratio needs a number from 0 to 1", "R"},
    {"--file", "FILE", ARGS_TEXT, offsetof(Parsed, file), 0, 0, NULL, "--file needs a file name", "a file\nof two lines"},
};
static const ArgsCommand test_command = {"test", "Usage: rin test\n", NULL, test_options,
                                         sizeof test_options / sizeof test_options[0], NULL};

static void test_the_table_is_read(void **state)
{
    (void)state;
    Parsed p = {.off = true};
    char *argv[] = {"a", "--on", "--off", "--one", "--count", "7", "-", "--ratio", "0.5", "--file", "f", "b"};
    char *operands[12];
    int count;
    assert_int_equal(args_parse(&test_command, 12, argv, &p, operands, &count), ARGS_OK);
    assert_true(p.on);
    assert_false(p.off);
    assert_int_equal(p.one, 1);
    assert_int_equal(p.count, 7);
    assert_true(p.ratio == 0.5);
    assert_string_equal(p.file, "f");
    assert_int_equal(count, 3);
    assert_string_equal(operands[0], "a");
    assert_string_equal(operands[1], "-");
    assert_string_equal(operands[2], "b");
    char *bad[][2] = {{"--count", "10"}, {"--ratio", "x"}, {"--file", ""}, {"--count", NULL}, {"--nope", NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Parsed q = {0};
        assert_int_equal(args_parse(&test_command, bad[i][1] ? 2 : 1, bad[i], &q, operands, &count), ARGS_ERROR);
    }
    assert_int_equal(args_parse(&test_command, 1, (char *[]){"x"}, &p, NULL, NULL), ARGS_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_option_in_the_man_page_and_the_usage),
        cmocka_unit_test(test_the_table_is_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
