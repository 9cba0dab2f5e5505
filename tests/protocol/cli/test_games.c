/* rin games through the real binary: --text prints a binary file of a
 * `rin selfplay` run as the bytes `rin selfplay --format text` writes for
 * the same run (also for files joined with cat, and from stdin); the
 * summary counts the games and positions; a damaged file is refused with
 * its name and offset; --help and bad arguments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run_command.h"

static char dir[] = "/tmp/rin-test-games-XXXXXX";
static char binary_path[128], text_path[128];

typedef SupportOutput Output;

static char *slurp(const char *path, size_t *size)
{
    char *bytes = support_slurp(path, size);
    assert_non_null(bytes);
    return bytes;
}

static Output run(const char *args) { return support_run(RIN_BINARY, dir, args); }

static void free_output(Output *o) { support_output_free(o); }

static const char run_args[] = "--games 4 --sizes 6,5 --nodes 100 --seed 12 --mc-playouts 8 --solve-empties 7 "
                               "--explore 0.1";

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(binary_path, sizeof binary_path, "%s/games.bin", dir);
    snprintf(text_path, sizeof text_path, "%s/games.txt", dir);
    char args[512];
    snprintf(args, sizeof args, "selfplay %s --output %s", run_args, binary_path);
    Output b = run(args);
    snprintf(args, sizeof args, "selfplay %s --format text --output %s", run_args, text_path);
    Output t = run(args);
    int status = b.status | t.status;
    free_output(&b);
    free_output(&t);
    return status;
}

static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"games.bin", "games.txt", "stdout", "stderr", "twice.bin", "bad.bin"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        remove(path);
    }
    return rmdir(dir);
}

static void test_text_is_the_text_format(void **state)
{
    (void)state;
    size_t text_size;
    char *text = slurp(text_path, &text_size);
    assert_true(text_size > 1000);
    char args[512];
    snprintf(args, sizeof args, "games --text %s", binary_path);
    Output o = run(args);
    assert_int_equal(o.status, 0);
    assert_string_equal(o.err, "");
    assert_int_equal(o.size, text_size);
    assert_string_equal(o.out, text);
    free_output(&o);

    /* cat a a > b: the text twice, headers and all; from stdin too */
    snprintf(args, sizeof args, "games --text - < %s/twice.bin", dir);
    char cat[512];
    snprintf(cat, sizeof cat, "cat %s %s > %s/twice.bin", binary_path, binary_path, dir);
    assert_int_equal(system(cat), 0);
    o = run(args);
    assert_int_equal(o.status, 0);
    assert_int_equal(o.size, 2 * text_size);
    assert_memory_equal(o.out, text, text_size);
    assert_memory_equal(o.out + text_size, text, text_size);
    free_output(&o);
    free(text);
}

static void test_summary(void **state)
{
    (void)state;
    size_t text_size;
    char *text = slurp(text_path, &text_size);
    int lines = 0;
    for (const char *s = text; *s; s = strchr(s, '\n') + 1)
        lines += *s != '#';
    char args[512], expect[128];
    snprintf(args, sizeof args, "games %s", binary_path);
    Output o = run(args);
    assert_int_equal(o.status, 0);
    snprintf(expect, sizeof expect, ": 4 games, %d positions, ", lines);
    assert_non_null(strstr(o.out, expect));
    assert_non_null(strstr(o.out, "bytes per game"));
    assert_non_null(strstr(o.out, "1 header\n"));
    assert_non_null(strstr(o.out, "games with Monte Carlo ownership: 4"));
    /* a row per size: 6 and 5, two games each */
    assert_non_null(strstr(o.out, "\n     5        2 "));
    assert_non_null(strstr(o.out, "\n     6        2 "));
    free_output(&o);
    free(text);
}

static void test_refusals(void **state)
{
    (void)state;
    char args[512];
    /* the last block cut short */
    snprintf(args, sizeof args, "head -c -5 %s > %s/bad.bin", binary_path, dir);
    assert_int_equal(system(args), 0);
    snprintf(args, sizeof args, "games --text %s/bad.bin", dir);
    Output o = run(args);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "bad.bin: byte "));
    assert_non_null(strstr(o.err, "truncated block"));
    free_output(&o);
    /* a text file is no binary file */
    snprintf(args, sizeof args, "games %s", text_path);
    o = run(args);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "games.txt: byte 0: bad magic"));
    free_output(&o);
    o = run("games /nonexistent/games.bin");
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "cannot open /nonexistent/games.bin"));
    free_output(&o);
    o = run("games");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "no file given"));
    free_output(&o);
    o = run("games --bogus x");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "unexpected argument '--bogus'"));
    free_output(&o);
    o = run("games --help");
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "Usage: rin games [--text] FILE..."));
    free_output(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_is_the_text_format),
        cmocka_unit_test(test_summary),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
