/* rin solve through the real binary: the empty 4x4 board with its opening
 * table (sixteen stones, the mirror images marked), a position string
 * whose value and best stone agree with solve_position in-process, a node
 * limit that leaves the proof unproven with its numbers,
 * progress lines on stderr, and bad arguments refused with a message and
 * status 2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/coord.h"
#include "formats/posstr.h"
#include "run_command.h"
#include "solve/solve.h"

typedef SupportOutput Output;

static char dir[] = "/tmp/rin-test-solve-XXXXXX";

/* Runs `rin solve ARGS` with stdout and stderr captured. */
static Output run(const char *args)
{
    char command[1024];
    snprintf(command, sizeof command, "solve %s", args);
    Output o = support_run(RIN_BINARY, dir, command);
    assert_non_null(o.out);
    assert_non_null(o.err);
    return o;
}

static void free_output(Output *o) { support_output_free(o); }

static int count_lines_starting(const char *text, const char *prefix)
{
    int n = 0;
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        n += strncmp(line, prefix, strlen(prefix)) == 0;
    return n;
}

static void test_empty_4x4_with_openings(void **state)
{
    (void)state;
    Output o = run("--size 4 --openings --hash 16");
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "position: 4/4/4/4 b 1 (Black to play, stone 1 of the turn)\n"));
    assert_non_null(strstr(o.out, "value: draw (Black: draw)\n"));
    assert_non_null(strstr(o.out, "to move: Black, draw\n"));
    assert_non_null(strstr(o.out, "\nbest: "));
    assert_non_null(strstr(o.out, "\npv: "));
    /* every point once; three kinds of point, so 13 mirror images */
    assert_int_equal(count_lines_starting(o.out, "  "), 16);
    int mirrored = 0;
    const char *table = strstr(o.out, "\n  A4 ");
    assert_non_null(table);
    for (const char *p = table; (p = strstr(p, " = ")) != NULL; p++)
        mirrored++;
    assert_int_equal(mirrored, 13);
    assert_non_null(strstr(o.out, "\n  A4   draw\n"));
    assert_non_null(strstr(o.out, "\n  D1   draw = A4\n"));
    assert_non_null(strstr(o.out, "nodes "));
    assert_non_null(strstr(o.out, "proof table "));
    free_output(&o);
}

/* A 5x5 position with White to move: the command's value for Black and
 * for the side to move, and its best stone, are solve_position's. */
static void test_position_matches_the_engine(void **state)
{
    (void)state;
    const char *text = "xoxo1/oxo2/x1ox1/2xo1/o3x w 2";
    Position pos;
    char err[160];
    assert_true(posstr_parse(text, &pos, err, sizeof err));
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 8 << 20;
    SolveResult *result = malloc(sizeof *result);
    assert_non_null(result);
    assert_int_equal(solve_position(&pos, &options, result), SOLVE_OK);

    char args[256];
    snprintf(args, sizeof args, "--position '%s' --hash 8", text);
    Output o = run(args);
    assert_int_equal(o.status, 0);
    char expect[128], vertex[COORD_TEXT_MAX];
    int m = result->black_margin;
    if (m > 0)
        snprintf(expect, sizeof expect, "value: B+%d (Black: win by %d)\n", m, m);
    else if (m < 0)
        snprintf(expect, sizeof expect, "value: W+%d (Black: loss by %d)\n", -m, -m);
    else
        snprintf(expect, sizeof expect, "value: draw (Black: draw)\n");
    assert_non_null(strstr(o.out, expect));
    m = -m;
    if (m > 0)
        snprintf(expect, sizeof expect, "to move: White, win by %d\n", m);
    else if (m < 0)
        snprintf(expect, sizeof expect, "to move: White, loss by %d\n", -m);
    else
        snprintf(expect, sizeof expect, "to move: White, draw\n");
    assert_non_null(strstr(o.out, expect));
    coord_format(result->best_point, 5, vertex);
    snprintf(expect, sizeof expect, "\nbest: %s\n", vertex);
    assert_non_null(strstr(o.out, expect));
    free(result);
    free_output(&o);
}

static void test_node_limit_is_unproven(void **state)
{
    (void)state;
    Output o = run("--size 5 --nodes 5000 --hash 4");
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "value: unproven (Black's margin in [-25, +25]; stopped asking Black's margin >= +1: pn "));
    assert_non_null(strstr(o.out, "nodes 5000, "));
    assert_null(strstr(o.out, "best: "));
    free_output(&o);
}

/* A run of a few seconds reports its progress on stderr. */
static void test_progress_lines(void **state)
{
    (void)state;
    Output o = run("--size 6 --time 5.5 --hash 8");
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "value: unproven"));
    assert_non_null(strstr(o.err, "solve: 5 s, "));
    /* the probe asks "a win?" (>= +1) and "at least a draw?" (>= +0) in turn */
    const char *line = strstr(o.err, " nodes, Black's margin in [-36, +36], asking >= +");
    assert_non_null(line);
    assert_true(strncmp(line + 49, "1: pn ", 6) == 0 || strncmp(line + 49, "0: pn ", 6) == 0);
    free_output(&o);
}

static void test_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"", "give the board: --size N, --position STRING, --jobs FILE --job K or --resume FILE"},
        {"--size 4 --checkpoint-every 0", "--checkpoint-every needs a number of seconds above 0"},
        {"--size 4 --resume", "--resume needs a checkpoint file"},
        {"--size 4 --status x", "--status comes first"},
        {"--size 3", "--size needs a number from 4 to 16"},
        {"--size 4 --size 5", "give one of --size and --position, once"},
        {"--position 'xx/4 b 1'", "bad position string: "},
        {"--position", "--position needs a position string"},
        {"--size 4 --time 0", "--time needs a number of seconds above 0"},
        {"--size 4 --hash many", "--hash needs a number of MiB"},
        {"--size 4 --nodes -1", "--nodes needs a number above 0"},
        {"--size 4 --bogus", "unexpected argument '--bogus'"},
        {"--size 4 --leaf-empties 257", "--leaf-empties needs a number from 0 to 256"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Output o = run(cases[i].args);
        if (o.status != 2 || !strstr(o.err, cases[i].message))
            fail_msg("rin solve %s: status %d, stderr %s", cases[i].args, o.status, o.err);
        assert_string_equal(o.out, "");
        free_output(&o);
    }
    Output o = run("--help");
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "Usage: rin solve (--size N | --position STRING)"));
    free_output(&o);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char path[160];
    snprintf(path, sizeof path, "%s/stdout", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/stderr", dir);
    remove(path);
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_4x4_with_openings),
        cmocka_unit_test(test_position_matches_the_engine),
        cmocka_unit_test(test_node_limit_is_unproven),
        cmocka_unit_test(test_progress_lines),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
