/* Checkpoint files byte for byte: a solve stopped by a node limit, its
 * tables written with a fixed header, gives the same file as the format
 * has always written (its SHA-256 below, from the commit that last changed
 * the format), and reading it back fills fresh tables with every entry. */
#include <setjmp.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/posstr.h"
#include "formats/sha256.h"
#include "formats/solve_checkpoint.h"
#include "run_command.h"

static char dir[] = "/tmp/rin-test-checkpoint-file-XXXXXX";

typedef struct Written {
    char path[256];
    const char *position;
    bool done;
    uint64_t bytes;
} Written;

/* The final checkpoint of a stopped solve, with a header of fixed
 * numbers (no time in it). */
static void write_final(const SolveDfpn *dfpn, const SolveSnapshot *snapshot, void *context)
{
    Written *w = context;
    if (!snapshot->final)
        return;
    SolveCheckpointInfo info = {.lower = snapshot->lower,
                                .upper = snapshot->upper,
                                .asking = snapshot->asking,
                                .target = snapshot->target,
                                .pn = snapshot->pn,
                                .dn = snapshot->dn,
                                .nodes = snapshot->nodes,
                                .elapsed_ms = 1234};
    char err[SOLVE_CHECKPOINT_ERROR_MAX];
    assert_true(posstr_parse(w->position, &info.pos, err, sizeof err));
    SolveOptions options;
    solve_options_default(&options);
    info.search = solve_checkpoint_search(&options);
    if (!solve_checkpoint_write(w->path, &info, dfpn, &w->bytes, err, sizeof err))
        fail_msg("%s", err);
    w->done = true;
}

/* Solves `position` until `nodes`, writes its checkpoint, checks the
 * file's SHA-256 and reads it back into fresh tables: every proof-search
 * entry is there, and at least `min_proof` and `min_endgame` of each. */
static void check_stopped(const char *position, int leaf_empties, uint64_t nodes, const char *sha256_hex,
                          uint64_t min_proof, uint64_t min_endgame)
{
    Written w = {.position = position};
    snprintf(w.path, sizeof w.path, "%s/stopped.ckpt", dir);
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 8 << 20;
    options.leaf_empties = leaf_empties;
    options.node_limit = nodes;
    options.progress = NULL;
    options.checkpoint = write_final;
    options.checkpoint_context = &w;
    options.checkpoint_interval_ms = INT64_C(1) << 50;
    Position pos;
    char err[SOLVE_CHECKPOINT_ERROR_MAX];
    assert_true(posstr_parse(position, &pos, err, sizeof err));
    SolveResult *result = malloc(sizeof *result);
    assert_non_null(result);
    assert_int_equal(solve_position(&pos, &options, result), SOLVE_STOPPED);
    free(result);
    assert_true(w.done);

    size_t size;
    char *bytes = support_slurp(w.path, &size);
    assert_non_null(bytes);
    assert_int_equal(size, w.bytes);
    uint8_t digest[SHA256_BYTES];
    sha256((const uint8_t *)bytes, size, digest);
    char hex[2 * SHA256_BYTES + 1];
    for (int i = 0; i < SHA256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    free(bytes);

    SolveCheckpointReader reader;
    if (!solve_checkpoint_open(&reader, w.path, err, sizeof err))
        fail_msg("%s", err);
    if (reader.info.proof_entries < min_proof || reader.info.endgame_entries < min_endgame)
        fail_msg("%s: %" PRIu64 " proof-search and %" PRIu64 " endgame entries", position,
                 reader.info.proof_entries, reader.info.endgame_entries);
    SolveDfpn dfpn;
    options.checkpoint = NULL;
    assert_int_equal(solve_start(&dfpn, pos.size, &options), SOLVE_OK);
    uint64_t dropped;
    if (!solve_checkpoint_load(&reader, &dfpn, &dropped, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(dropped, 0);
    assert_int_equal(dfpn.table.used, reader.info.proof_entries);
    solve_checkpoint_close(&reader);
    solve_dfpn_free(&dfpn);
    if (strcmp(hex, sha256_hex) != 0)
        fail_msg("%s: the checkpoint's SHA-256 is %s, not %s", position, hex, sha256_hex);
}

/* The digests are those of rin-solve-checkpoint 2 as first written. */
static void test_same_bytes_as_ever(void **state)
{
    (void)state;
    /* proof numbers to the end: the proof search's table */
    check_stopped("4/4/4/4 b 1", 0, 50000, "ba5bba2e7a97a86f1a03d4285b4e5a33723d02491b120b673a288f8fd5c5e209", 1000, 0);
    /* the endgame solver takes the root: its table */
    check_stopped("5/1o1x1/1oxo1/1x1o1/5 b 1", SOLVE_DEFAULT_LEAF_EMPTIES, 150000,
                  "5f0cd65d43f700ed9384c757ee98fb8831bd358390e64a4a1297d0ff5f2efba0", 0, 1000);
}

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_bytes_as_ever),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
