/* rin solve across machines through the binary: --split writes jobs, each
 * solved with --jobs/--job into a result and a proof; --merge gives the
 * value a direct solve gives, and a merged proof that rin verify accepts
 * with that value; a missing result, a result of another position, bad
 * job numbers and files are reported; a stopped job resumes from the
 * bounds its result file holds; the proofs written directly, by a job and
 * merged are the same bytes as ever. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/sha256.h"
#include "run_command.h"

static char dir[] = "/tmp/rin-test-solve-jobs-XXXXXX";
/* a 4x4 position with 11 empty points, White to play its second stone */
#define POSITION "'x3/1o2/2x1/o3 w 2'"

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

/* The "value: ..." line of rin solve or rin solve --merge. */
static void value_line(const char *out, char *line, size_t size)
{
    const char *v = strstr(out, "\nvalue: ");
    assert_non_null(v);
    v += 8;
    size_t n = strcspn(v, " \n");
    snprintf(line, size, "%.*s", (int)n, v);
}

static void test_split_solve_merge_verify(void **state)
{
    (void)state;
    SupportOutput o = run("solve --position " POSITION " --split 2 --jobs %s/jobs.txt", dir);
    assert_int_equal(o.status, 0);
    unsigned jobs = 0;
    const char *count = strstr(o.out, "jobs: ");
    assert_non_null(count);
    assert_int_equal(sscanf(count, "jobs: %u", &jobs), 1);
    assert_true(jobs > 5);
    support_output_free(&o);

    for (unsigned k = 1; k <= jobs; k++) {
        o = run("solve --hash 1 --jobs %s/jobs.txt --job %u --result %s/r%u.txt --proof %s/p%u.proof", dir, k, dir, k, dir, k);
        assert_int_equal(o.status, 0);
        support_output_free(&o);
    }
    o = run("solve --hash 1 --position " POSITION);
    assert_int_equal(o.status, 0);
    char direct[32], merged[32];
    value_line(o.out, direct, sizeof direct);
    support_output_free(&o);

    o = run("solve --merge %s/jobs.txt %s/r*.txt --proof %s/merged.proof", dir, dir, dir);
    assert_int_equal(o.status, 0);
    value_line(o.out, merged, sizeof merged);
    char proven[64];
    snprintf(proven, sizeof proven, "%u proven, 0 with bounds, 0 without a result", jobs);
    assert_non_null(strstr(o.out, proven));
    support_output_free(&o);
    /* "B+1", "W+1" or "draw" from the solve; "+1 (proven: ...)" style from the merge */
    int d = 0, m = 0;
    if (strcmp(direct, "draw") != 0)
        d = (direct[0] == 'W' ? -1 : 1) * atoi(direct + 2);
    if (merged[0] == 'B' || merged[0] == 'W')
        m = (merged[0] == 'W' ? -1 : 1) * atoi(merged + 1);
    else
        m = atoi(merged);
    assert_int_equal(m, d);

    o = run("verify %s/merged.proof", dir);
    assert_int_equal(o.status, 0);
    char exactly[64];
    snprintf(exactly, sizeof exactly, "Black's margin exactly %+d", d);
    assert_non_null(strstr(o.out, exactly));
    support_output_free(&o);

    /* one result missing: counted, and no proof */
    o = run("solve --merge %s/jobs.txt $(ls %s/r*.txt | tail -n +2) --proof %s/partial.proof", dir, dir, dir);
    snprintf(proven, sizeof proven, "%u proven, 0 with bounds, 1 without a result", jobs - 1);
    assert_non_null(strstr(o.out, proven));
    if (strstr(o.out, "value: unproven")) {
        assert_int_equal(o.status, 1);
        assert_non_null(strstr(o.err, "no proof written"));
    }
    support_output_free(&o);

    /* one result only: the bounds of the jobs without one are those of the
     * board (16 points), not of the largest board (256) */
    o = run("solve --merge %s/jobs.txt %s/r1.txt", dir, dir);
    assert_non_null(strstr(o.out, "value: unproven"));
    int brackets = 0;
    for (const char *b = strstr(o.out, "margin in ["); b; b = strstr(b + 1, "margin in [")) {
        int lo = 0, hi = 0;
        assert_int_equal(sscanf(b, "margin in [%d, %d]", &lo, &hi), 2);
        if (lo < -16 || hi > 16)
            fail_msg("bounds [%+d, %+d] beyond the 4x4 board's: %s", lo, hi, o.out);
        brackets++;
    }
    assert_true(brackets > 1);
    support_output_free(&o);

    /* a result of a position that is not a job */
    o = run("solve --hash 1 --position 'x3/1o2/2x1/o3 w 2' --result %s/root.txt", dir);
    assert_int_equal(o.status, 0);
    support_output_free(&o);
    o = run("solve --merge %s/jobs.txt %s/root.txt", dir, dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "root.txt: its position is not a job of"));
    support_output_free(&o);
}

static void test_errors_and_resume(void **state)
{
    (void)state;
    SupportOutput o = run("solve --size 4 --split 1 --jobs %s/four.txt", dir);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "jobs: 3 positions 1 stone below 4/4/4/4 b 1")); /* corner, edge, centre */
    support_output_free(&o);
    o = run("solve --jobs %s/four.txt --job 4", dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "has 3 jobs, no job 4"));
    support_output_free(&o);
    o = run("solve --jobs %s/four.txt", dir);
    assert_int_equal(o.status, 2);
    support_output_free(&o);
    o = run("solve --size 4 --split 1");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "--split needs --jobs FILE"));
    support_output_free(&o);
    o = run("solve --jobs %s/nothing.txt --job 1", dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "cannot open"));
    support_output_free(&o);
    o = run("solve --merge %s/four.txt %s/four.txt", dir, dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "not a result file of rin solve"));
    support_output_free(&o);

    /* stopped at once, then resumed from the result file */
    o = run("solve --jobs %s/four.txt --job 1 --hash 1 --nodes 1 --result %s/resume.txt", dir, dir);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.out, "value: unproven"));
    support_output_free(&o);
    o = run("solve --hash 1 --jobs %s/four.txt --job 1 --result %s/resume.txt", dir, dir);
    assert_int_equal(o.status, 0);
    assert_non_null(strstr(o.err, "solve: resuming from"));
    support_output_free(&o);
    char path[256];
    snprintf(path, sizeof path, "%s/resume.txt", dir);
    char *text = support_slurp(path, NULL);
    assert_non_null(text);
    int lower, upper;
    const char *margin = strstr(text, "black-margin ");
    assert_non_null(margin);
    assert_int_equal(sscanf(margin, "black-margin %d %d", &lower, &upper), 2);
    assert_int_equal(lower, upper); /* proven now */
    free(text);
    /* a result file of another position is not resumed from */
    o = run("solve --jobs %s/four.txt --job 2 --result %s/resume.txt", dir, dir);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "holds the result of another position"));
    support_output_free(&o);
}

/* The SHA-256 of a file of the scratch directory, in hex, with the
 * directory's name (which a merged proof names) written DIR. */
static void file_sha256(const char *name, char hex[2 * SHA256_BYTES + 1])
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t size;
    char *bytes = support_slurp(path, &size);
    assert_non_null(bytes);
    size_t n = 0, dir_length = strlen(dir);
    for (size_t i = 0; i < size; i++)
        if (i + dir_length <= size && memcmp(bytes + i, dir, dir_length) == 0) {
            memcpy(bytes + n, "DIR", 3);
            n += 3;
            i += dir_length - 1;
        } else {
            bytes[n++] = bytes[i];
        }
    uint8_t digest[SHA256_BYTES];
    sha256((const uint8_t *)bytes, n, digest);
    for (int i = 0; i < SHA256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    free(bytes);
}

/* The proofs of a position, written directly, by the jobs of a split and
 * merged, are the same files byte for byte as they have been since these
 * digests were taken. */
static void test_same_proofs_as_ever(void **state)
{
    (void)state;
    SupportOutput o = run("solve --hash 1 --position " POSITION " --proof %s/direct.proof", dir);
    assert_int_equal(o.status, 0);
    support_output_free(&o);
    o = run("solve --position " POSITION " --split 1 --jobs %s/jobs1.txt", dir);
    assert_int_equal(o.status, 0);
    unsigned jobs = 0;
    assert_int_equal(sscanf(strstr(o.out, "jobs: "), "jobs: %u", &jobs), 1);
    support_output_free(&o);
    for (unsigned k = 1; k <= jobs; k++) {
        o = run("solve --hash 1 --jobs %s/jobs1.txt --job %u --result %s/s%u.txt --proof %s/q%u.proof", dir, k, dir,
                k, dir, k);
        assert_int_equal(o.status, 0);
        support_output_free(&o);
    }
    o = run("solve --merge %s/jobs1.txt %s/s*.txt --proof %s/merged1.proof", dir, dir, dir);
    assert_int_equal(o.status, 0);
    support_output_free(&o);
    static const struct {
        const char *name, *sha256;
    } files[] = {
        {"direct.proof", "da336cb79d0a65f3979008dcd6d1991cdf9585bfa4e3704db73e499e04c4e473"},
        {"q1.proof", "0e96a7e527c9239c7f251f60a9257c93cc4f4a18990a321ede9ad4e7b3b858c7"},
        {"merged1.proof", "0a70523e2fa8a79e89c8a57eaf484c10407eaec4e7560c394f3d5863b124bf03"},
    };
    bool same = true;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char hex[2 * SHA256_BYTES + 1];
        file_sha256(files[i].name, hex);
        if (strcmp(hex, files[i].sha256) != 0) {
            print_error("%s: SHA-256 %s, not %s\n", files[i].name, hex, files[i].sha256);
            same = false;
        }
    }
    assert_true(same);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_split_solve_merge_verify),
                                       cmocka_unit_test(test_errors_and_resume),
                                       cmocka_unit_test(test_same_proofs_as_ever)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
