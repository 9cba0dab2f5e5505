/* rin verify through the real binary: what it prints for proofs that hold
 * (a claim, and two claims that pin the exact value), the refusal of a
 * damaged proof with the file, line and reason, stdin, --help and bad
 * arguments. */
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

static char dir[] = "/tmp/rin-test-verify-XXXXXX";

static void write_file(const char *name, const char *text)
{
    char path[192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static SupportOutput run(const char *args) { return support_run(RIN_BINARY, dir, args); }

/* A full 4x4 board: Black 7 stones, White 9. */
#define FULL "xxxx/xxxo/oooo/oooo w 1"
/* Four empty points, Black to play both stones of the turn: the checker
 * plays them out. */
#define OPEN "xxxx/xx2/oo2/oooo b 2"

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    write_file("exact.proof", "rin-proof 1\n# both sides' claims\nclaim white +2\n0 " FULL " : leaf\n"
                              "claim black -2\n0 " FULL " : leaf\n");
    write_file("leaf.proof", "rin-proof 1\nclaim white +0\n0 " OPEN " : leaf\n");
    write_file("wrong.proof", "rin-proof 1\nclaim white +3\n0 " FULL " : leaf\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    const char *names[] = {"exact.proof", "leaf.proof", "wrong.proof", "stdout", "stderr"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        remove(path);
    }
    return rmdir(dir);
}

static void test_proofs_that_hold(void **state)
{
    (void)state;
    char args[512];
    snprintf(args, sizeof args, "verify %s/exact.proof", dir);
    SupportOutput o = run(args);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "exact.proof: verified 2 claims"));
    assert_non_null(strstr(o.out, "claim 1: white gets +2 or more from " FULL));
    assert_non_null(strstr(o.out, "claim 2: black gets -2 or more from " FULL));
    assert_non_null(strstr(o.out, "value: White wins, Black's margin exactly -2"));
    assert_non_null(strstr(o.out, "nodes 2, leaves 2"));
    support_output_free(&o);

    snprintf(args, sizeof args, "verify - < %s/leaf.proof", dir);
    o = run(args);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "<stdin>: verified 1 claim"));
    assert_non_null(strstr(o.out, "at most 4 empty points"));
    support_output_free(&o);
}

static void test_refusals(void **state)
{
    (void)state;
    char args[512];
    snprintf(args, sizeof args, "verify %s/exact.proof %s/wrong.proof", dir, dir);
    SupportOutput o = run(args);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.out, "exact.proof: verified")); /* the good file is still reported */
    assert_non_null(strstr(o.err, "wrong.proof: refused: line 3: node 0 (" FULL
                                  "): the leaf does not give white +3 or more"));
    support_output_free(&o);

    o = run("verify /nonexistent/x.proof");
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "cannot open /nonexistent/x.proof"));
    support_output_free(&o);
    o = run("verify");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "no file given"));
    support_output_free(&o);
    o = run("verify --bogus");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "unexpected argument '--bogus'"));
    support_output_free(&o);
    o = run("verify --help");
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "Usage: rin verify FILE..."));
    support_output_free(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_proofs_that_hold), cmocka_unit_test(test_refusals)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
