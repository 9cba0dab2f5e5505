/* rin solve's checkpoints through the binary: a solve stopped by --nodes
 * and resumed twice from its checkpoint reaches the value of a run that
 * was never stopped, with a proof rin verify accepts, both where the proof
 * numbers' table carries the work (4x4, proof numbers to the end) and
 * where the endgame solver's does (a 5x5 position it takes whole); a
 * checkpoints come at their interval and when SIGINT stops the solve; a
 * damaged, cut or foreign checkpoint is refused and left as it was;
 * --status over a jobs file tells solved, bounded and open jobs apart. */
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

static char dir[] = "/tmp/rin-test-solve-checkpoint-XXXXXX";

#define run(...) support_runf(RIN_BINARY, dir, __VA_ARGS__)

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return support_remove_dir(dir);
}

/* Black's margin from a "value: ..." line: B+n, W+n or draw. */
static int value_of(const char *out)
{
    const char *v = strstr(out, "\nvalue: ");
    assert_non_null(v);
    v += 8;
    if (strncmp(v, "draw", 4) == 0)
        return 0;
    assert_true(v[0] == 'B' || v[0] == 'W');
    assert_int_equal(v[1], '+');
    return (v[0] == 'W' ? -1 : 1) * atoi(v + 2);
}

/* A number after `label` in text. */
static uint64_t number_after(const char *text, const char *label)
{
    const char *p = strstr(text, label);
    if (!p)
        fail_msg("no '%s' in:\n%s", label, text);
    return strtoull(p + strlen(label), NULL, 10);
}

static char *slurp_in_dir(const char *name, size_t *size)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return support_slurp(path, size);
}

/* Solves `position` with `options` uninterrupted, then stopped twice by
 * --nodes and resumed from the checkpoint: the same value, a proof rin
 * verify accepts with it, and the nodes of the three runs added up. */
static void stop_and_resume(const char *position, const char *options, uint64_t nodes, const char *name)
{
    SupportOutput o = run("solve --position '%s' %s", position, options);
    assert_int_equal(o.status, 0);
    int value = value_of(o.out);
    support_output_free(&o);

    o = run("solve --position '%s' %s --nodes %llu --checkpoint %s/%s", position, options,
            (unsigned long long)nodes, dir, name);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "value: unproven"));
    assert_non_null(strstr(o.err, "solve: checkpoint "));
    support_output_free(&o);
    char *header = slurp_in_dir(name, NULL);
    assert_non_null(header);
    assert_int_equal(strncmp(header, "rin-solve-checkpoint 2\n", 23), 0);
    assert_int_equal(number_after(header, "\nnodes "), nodes);
    free(header);

    /* the second run: from the checkpoint (--checkpoint finds it there) */
    o = run("solve --position '%s' %s --nodes %llu --checkpoint %s/%s", position, options,
            (unsigned long long)nodes, dir, name);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.err, "solve: resuming from "));
    assert_non_null(strstr(o.out, "value: unproven"));
    support_output_free(&o);
    header = slurp_in_dir(name, NULL);
    assert_int_equal(number_after(header, "\nnodes "), 2 * nodes);
    free(header);

    /* the third: --resume, to the end, with a proof */
    o = run("solve %s --resume %s/%s --proof %s/%s.proof", options, dir, name, dir, name);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.err, "solve: resuming from "));
    assert_int_equal(value_of(o.out), value);
    uint64_t last = number_after(o.out, "\nnodes ");
    assert_int_equal(number_after(o.out, "with the runs before: nodes "), 2 * nodes + last);
    support_output_free(&o);
    o = run("verify %s/%s.proof", dir, name);
    assert_int_equal(o.status, 0);
    char exactly[64];
    snprintf(exactly, sizeof exactly, "Black's margin exactly %+d", value);
    assert_non_null(strstr(o.out, exactly));
    support_output_free(&o);
}

static void test_stopped_twice_then_resumed(void **state)
{
    (void)state;
    /* proof numbers to the end: the proof search's table is what is kept */
    stop_and_resume("4/4/4/4 b 1", "--hash 16 --leaf-empties 0", 150000, "four.ckpt");
    /* the endgame solver takes the root: its table is what is kept */
    stop_and_resume("5/1o1x1/1oxo1/1x1o1/5 b 1", "--hash 32", 150000, "five.ckpt");
}

/* Runs a solve of a 22-point position with the checkpoint `name`.ckpt
 * (stdout and stderr to `name`.out and .err) as the shell command
 * `before` SOLVE `after`, whose signals must stop it: exit 0, unproven,
 * its checkpoint written. */
static void solve_stopped_by_signals(const char *name, const char *before, const char *after)
{
    char command[1024], file[64];
    snprintf(command, sizeof command,
             "%s%s solve --position '5/1o3/2x2/3o1/5 b 1' --hash 64 --checkpoint %s/%s.ckpt "
             ">%s/%s.out 2>%s/%s.err%s",
             before, RIN_BINARY, dir, name, dir, name, dir, name, after);
    assert_int_equal(system(command), 0);
    snprintf(file, sizeof file, "%s.err", name);
    char *err = slurp_in_dir(file, NULL);
    assert_non_null(err);
    if (!strstr(err, "solve: stopped by a signal") || !strstr(err, "solve: checkpoint "))
        fail_msg("stderr:\n%s", err);
    free(err);
    snprintf(file, sizeof file, "%s.out", name);
    char *out = slurp_in_dir(file, NULL);
    assert_non_null(out);
    assert_non_null(strstr(out, "value: unproven"));
    free(out);
}

/* Checkpoints every tenth of a second, and one when SIGINT stops the
 * solve (sent by timeout), which a later run resumes from. */
static void test_periodic_and_on_signal(void **state)
{
    (void)state;
    SupportOutput o = run("solve --position '5/1o1x1/2x2/1x1o1/5 w 1' --hash 32 --nodes 2000000 "
                          "--checkpoint-every 0.1 --checkpoint %s/often.ckpt", dir);
    assert_int_equal(o.status, 0);
    int lines = 0;
    for (const char *p = o.err; (p = strstr(p, "solve: checkpoint ")) != NULL; p++)
        lines++;
    if (lines < 2)
        fail_msg("%d checkpoint lines in:\n%s", lines, o.err);
    support_output_free(&o);

    solve_stopped_by_signals("signal", "timeout --preserve-status -s INT 1 ", "");
    o = run("solve --hash 64 --nodes 1000 --resume %s/signal.ckpt", dir);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.err, "solve: resuming from "));
    support_output_free(&o);
}

/* `timeout` signals the command and then its process group, so one stop
 * can arrive twice in a row: the second, 50 ms after the first, must not
 * end the process before its checkpoint is written. */
static void test_signal_delivered_twice(void **state)
{
    (void)state;
    solve_stopped_by_signals("twice", "",
                             " & pid=$!; sleep 1; kill -INT $pid; sleep 0.05; kill -INT $pid; wait $pid");
}

/* A checkpoint to break: a run of the 4x4 board stopped early. */
static void make_checkpoint(const char *name)
{
    SupportOutput o = run("solve --size 4 --hash 8 --leaf-empties 0 --nodes 50000 --checkpoint %s/%s", dir, name);
    assert_int_equal(o.status, 0);
    support_output_free(&o);
}

/* Resuming `name` fails with `message`, and leaves the file as it was. */
static void refused(const char *name, const char *args, const char *message)
{
    size_t before_size, after_size;
    char *before = slurp_in_dir(name, &before_size);
    assert_non_null(before);
    SupportOutput o = run("solve %s --resume %s/%s", args, dir, name);
    if (o.status != 1 || !strstr(o.err, message))
        fail_msg("resuming %s with %s: status %d, stderr %s", name, args, o.status, o.err);
    assert_null(strstr(o.out, "value: "));
    support_output_free(&o);
    char *after = slurp_in_dir(name, &after_size);
    assert_non_null(after);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(before);
    free(after);
}

static void write_in_dir(const char *name, const char *bytes, size_t size)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(bytes, 1, size, out), size);
    assert_int_equal(fclose(out), 0);
}

static void test_damaged_checkpoints_refused(void **state)
{
    (void)state;
    make_checkpoint("good.ckpt");
    size_t size;
    char *good = slurp_in_dir("good.ckpt", &size);
    assert_non_null(good);
    const char *body = strstr(good, "\nbody\n");
    assert_non_null(body);
    size_t body_start = (size_t)(body - good) + 6;
    assert_true(size > body_start + 1000);

    /* one bit of the body, of its last word (the check) and of the header */
    char *damaged = malloc(size);
    assert_non_null(damaged);
    size_t places[] = {body_start + 17, (body_start + size) / 2, size - 3};
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        memcpy(damaged, good, size);
        damaged[places[i]] ^= 0x10;
        write_in_dir("damaged.ckpt", damaged, size);
        refused("damaged.ckpt", "--size 4 --hash 8 --leaf-empties 0", "damaged");
    }
    memcpy(damaged, good, size);
    char *nodes = strstr(damaged, "\nnodes ");
    assert_non_null(nodes);
    nodes[7] = nodes[7] == '9' ? '8' : nodes[7] + 1;
    write_in_dir("damaged.ckpt", damaged, size);
    refused("damaged.ckpt", "--size 4 --hash 8 --leaf-empties 0", "damaged");
    free(damaged);

    /* cut short in the body, before the check word, in the header */
    size_t cuts[] = {(body_start + size) / 2, size - 4, body_start - 10};
    const char *messages[] = {"cut short", "cut short before its check word", "the header ends early"};
    for (size_t i = 0; i < 3; i++) {
        write_in_dir("cut.ckpt", good, cuts[i]);
        refused("cut.ckpt", "--size 4 --hash 8 --leaf-empties 0", messages[i]);
    }
    /* bytes after the end */
    char *longer = malloc(size + 1);
    assert_non_null(longer);
    memcpy(longer, good, size);
    longer[size] = 'x';
    write_in_dir("longer.ckpt", longer, size + 1);
    refused("longer.ckpt", "--size 4 --hash 8 --leaf-empties 0", "bytes after its check word");
    free(longer);
    write_in_dir("other.ckpt", "rin-solve-result 1\n", 19);
    refused("other.ckpt", "--size 4", "not a checkpoint of rin solve");
    free(good);

    /* nothing lost: the good checkpoint still resumes, to the value */
    SupportOutput o = run("solve --hash 8 --leaf-empties 0 --resume %s/good.ckpt", dir);
    assert_int_equal(o.status, 0);
    assert_int_equal(value_of(o.out), 0);
    support_output_free(&o);
    o = run("solve --size 4 --resume %s/missing.ckpt", dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "cannot open"));
    support_output_free(&o);
}

static void test_another_position_or_search_refused(void **state)
{
    (void)state;
    make_checkpoint("refuse.ckpt");
    refused("refuse.ckpt", "--position 'x3/4/4/4 w 1' --hash 8 --leaf-empties 0",
            "refuse.ckpt is a checkpoint of 4/4/4/4 b 1, not of x3/4/4/4 w 1");
    refused("refuse.ckpt", "--size 4 --hash 8", "was written with --leaf-empties 0, this run 25");
    refused("refuse.ckpt", "--size 4 --hash 8 --leaf-empties 0 --no-symmetry", "mirror images merged on");
    refused("refuse.ckpt", "--size 4 --hash 8 --leaf-empties 0 --epsilon 0.5", "--epsilon 0.25, this run 0.5");
    /* --checkpoint finds a checkpoint of another position where it would write */
    size_t before_size;
    char *before = slurp_in_dir("refuse.ckpt", &before_size);
    SupportOutput o = run("solve --position 'x3/4/4/4 w 1' --leaf-empties 0 --checkpoint %s/refuse.ckpt", dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "is a checkpoint of 4/4/4/4 b 1"));
    support_output_free(&o);
    size_t after_size;
    char *after = slurp_in_dir("refuse.ckpt", &after_size);
    assert_int_equal(after_size, before_size);
    assert_memory_equal(after, before, before_size);
    free(before);
    free(after);
}

/* A checkpoint of version 1, made from one of version 2: the magic, and
 * `evaluation E` in the search line; the check word computed again (FNV-1a
 * over the header's bytes, then each body word folded in). */
static char *as_version_1(const char *v2, size_t size, int evaluation, size_t *v1_size)
{
    const char *body = strstr(v2, "\nbody\n");
    const char *ordering = strstr(v2, " ordering ");
    assert_non_null(body);
    assert_non_null(ordering);
    size_t header = (size_t)(body - v2) + 6, before = (size_t)(ordering - v2);
    char *v1 = malloc(size + 32);
    assert_non_null(v1);
    char flag[32];
    int inserted = snprintf(flag, sizeof flag, " evaluation %d", evaluation);
    memcpy(v1, v2, before);
    memcpy(v1 + before, flag, (size_t)inserted);
    memcpy(v1 + before + (size_t)inserted, v2 + before, size - before);
    v1[21] = '1'; /* "rin-solve-checkpoint 1" */
    size_t total = size + (size_t)inserted, header1 = header + (size_t)inserted;
    uint64_t check = UINT64_C(0xcbf29ce484222325), prime = UINT64_C(0x100000001b3);
    for (size_t i = 0; i < header1; i++)
        check = (check ^ (uint8_t)v1[i]) * prime;
    for (size_t at = header1; at + 8 < total; at += 8) {
        uint64_t word = 0;
        for (int k = 0; k < 8; k++)
            word |= (uint64_t)(uint8_t)v1[at + (size_t)k] << (8 * k);
        check = (check ^ word) * prime;
        check ^= check >> 32;
    }
    for (int k = 0; k < 8; k++)
        v1[total - 8 + (size_t)k] = (char)(check >> (8 * k));
    *v1_size = total;
    return v1;
}

/* A checkpoint of version 1 (which had a flag for a solve option since
 * removed) is resumed while the flag is off, refused when it is on. */
static void test_version_1_read(void **state)
{
    (void)state;
    make_checkpoint("v2.ckpt");
    size_t size, v1_size;
    char *v2 = slurp_in_dir("v2.ckpt", &size);
    assert_non_null(v2);
    char *v1 = as_version_1(v2, size, 0, &v1_size);
    write_in_dir("v1.ckpt", v1, v1_size);
    free(v1);
    SupportOutput o = run("solve --hash 8 --leaf-empties 0 --resume %s/v1.ckpt", dir);
    if (o.status != 0)
        fail_msg("resuming a version 1 checkpoint: status %d, stderr %s", o.status, o.err);
    assert_int_equal(value_of(o.out), 0);
    support_output_free(&o);
    v1 = as_version_1(v2, size, 1, &v1_size);
    write_in_dir("v1e.ckpt", v1, v1_size);
    free(v1);
    refused("v1e.ckpt", "--hash 8 --leaf-empties 0", "written with --evaluation");
    free(v2);
}

/* The line of job k in --status's output. */
static void job_line(const char *out, int k, char *line, size_t size)
{
    char prefix[32];
    snprintf(prefix, sizeof prefix, "\njob %d ", k);
    const char *p = strstr(out, prefix);
    assert_non_null(p);
    p++;
    snprintf(line, size, "%.*s", (int)strcspn(p, "\n"), p);
}

static void test_status_of_jobs(void **state)
{
    (void)state;
    SupportOutput o = run("solve --position 'x3/1o2/2x1/o3 w 2' --split 1 --jobs %s/jobs.txt", dir);
    assert_int_equal(o.status, 0);
    unsigned jobs = (unsigned)number_after(o.out, "jobs: ");
    assert_true(jobs >= 3);
    support_output_free(&o);

    /* job 1 solved: its value is that of a direct solve of its position */
    o = run("solve --hash 4 --jobs %s/jobs.txt --job 1 --result %s/r1.txt", dir, dir);
    assert_int_equal(o.status, 0);
    int value = value_of(o.out);
    uint64_t nodes1 = number_after(o.out, "\nnodes ");
    const char *position = strstr(o.out, "position: ");
    assert_non_null(position);
    char text[128];
    const char *end = strstr(position, " (");
    assert_non_null(end);
    snprintf(text, sizeof text, "%.*s", (int)(end - position - 10), position + 10);
    support_output_free(&o);
    o = run("solve --hash 4 --position '%s' --question-order fixed", text);
    assert_int_equal(value_of(o.out), value);
    support_output_free(&o);

    /* job 2 stopped: its checkpoint's bounds */
    o = run("solve --hash 4 --leaf-empties 0 --jobs %s/jobs.txt --job 2 --nodes 3000 --checkpoint %s/c2.ckpt", dir,
            dir);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "value: unproven"));
    support_output_free(&o);
    char *header = slurp_in_dir("c2.ckpt", NULL);
    assert_non_null(header);
    int lower, upper;
    const char *margin = strstr(header, "\nblack-margin ");
    assert_non_null(margin);
    assert_int_equal(sscanf(margin, "\nblack-margin %d %d", &lower, &upper), 2);
    assert_true(lower < upper);
    free(header);

    o = run("solve --status %s/jobs.txt %s/r1.txt %s/c2.ckpt", dir, dir, dir);
    assert_int_equal(o.status, 0);
    char line[512], expect[256];
    job_line(o.out, 1, line, sizeof line);
    if (value == 0)
        snprintf(expect, sizeof expect, ": solved draw, %llu nodes, ", (unsigned long long)nodes1);
    else
        snprintf(expect, sizeof expect, ": solved %c+%d, %llu nodes, ", value > 0 ? 'B' : 'W', abs(value),
                 (unsigned long long)nodes1);
    if (!strstr(line, expect))
        fail_msg("job 1: '%s', expected '%s'", line, expect);
    job_line(o.out, 2, line, sizeof line);
    snprintf(expect, sizeof expect, ": bounded [%+d, %+d], 3000 nodes, ", lower, upper);
    if (!strstr(line, expect) || !strstr(line, "c2.ckpt; asking >= "))
        fail_msg("job 2: '%s', expected '%s'", line, expect);
    job_line(o.out, 3, line, sizeof line);
    assert_non_null(strstr(line, ": open"));
    snprintf(expect, sizeof expect, "jobs: %u at depth 1: 1 solved, 1 bounded, %u open; %llu nodes", jobs, jobs - 2,
             (unsigned long long)(nodes1 + 3000));
    if (!strstr(o.out, expect))
        fail_msg("totals: expected '%s' in\n%s", expect, o.out);
    support_output_free(&o);

    /* --merge reads the checkpoint too */
    o = run("solve --merge %s/jobs.txt %s/r1.txt %s/c2.ckpt", dir, dir, dir);
    assert_int_equal(o.status, 0);
    snprintf(expect, sizeof expect, "1 proven, 1 with bounds, %u without a result", jobs - 2);
    assert_non_null(strstr(o.out, expect));
    support_output_free(&o);

    /* a file of no job, and bad arguments */
    o = run("solve --status %s/jobs.txt %s/five.ckpt", dir, dir);
    assert_int_equal(o.status, 1);
    support_output_free(&o);
    o = run("solve --status");
    assert_int_equal(o.status, 2);
    support_output_free(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stopped_twice_then_resumed),
        cmocka_unit_test(test_periodic_and_on_signal),
        cmocka_unit_test(test_signal_delivered_twice),
        cmocka_unit_test(test_damaged_checkpoints_refused),
        cmocka_unit_test(test_another_position_or_search_refused),
        cmocka_unit_test(test_version_1_read),
        cmocka_unit_test(test_status_of_jobs),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
