/* Proofs written by the solver hold for the independent checker: the exact
 * value of random 4x4 and 5x5 positions as two claims is accepted, claims
 * one stone beyond the value cannot be proven, and through the binary `rin
 * solve --proof` writes a proof that `rin verify` accepts with the value
 * the solver printed, and writes nothing when the value is not proven. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/proof_file.h"
#include "random_position.h"
#include "run_command.h"
#include "solve/proof.h"
#include "solve/solve.h"

static bool write_node(void *context, uint64_t id, const Position *pos, SolveProofKind kind, const int *points,
                       const uint64_t *children, int count)
{
    ProofNodeKind k = kind == SOLVE_PROOF_LEAF ? PROOF_LEAF : kind == SOLVE_PROOF_PLAY ? PROOF_PLAY : PROOF_ALL;
    proof_write_node(context, id, pos, k, points, children, count);
    return true;
}

/* The proof of "prover gets margin or more" from pos into a proof file in
 * memory with its claim line, down to leaves of at most leaf_empties empty
 * points; the status of solve_proof. */
static SolveProofStatus prove(SolveDfpn *dfpn, FILE *out, const Position *pos, Color prover, int margin,
                              int leaf_empties, SolveProofStats *stats)
{
    ProofClaim claim = {prover, margin};
    proof_write_claim(out, &claim);
    return solve_proof(dfpn, pos, prover, margin, leaf_empties, write_node, out, stats);
}

static void test_solver_proofs_hold(void **state)
{
    (void)state;
    Rng rng;
    rng_seed(&rng, 2611);
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 4 << 20;
    SolveResult *result = malloc(sizeof *result);
    assert_non_null(result);
    uint64_t transpositions = 0;
    for (int trial = 0; trial < 24; trial++) {
        int size = trial % 3 == 2 ? 5 : 4;
        Position pos = support_random_position(&rng, size, size == 4 ? 8 + trial % 5 : 9 + trial % 2);
        assert_int_equal(solve_position(&pos, &options, result), SOLVE_OK);
        int value = result->black_margin;
        SolveDfpn dfpn;
        assert_int_equal(solve_dfpn_init(&dfpn, size, 4 << 20, trial % 2 == 0, true, trial % 4 < 2 ? 8 : 0),
                         SOLVE_DFPN_OK);
        char *text = NULL;
        size_t bytes = 0;
        FILE *out = open_memstream(&text, &bytes);
        assert_non_null(out);
        proof_write_header(out);
        SolveProofStats stats;
        /* short leaves, so that the trees have depth; the default on the
         * larger positions */
        int leaf = trial % 4 == 3 ? PROOF_LEAF_EMPTIES : 2 + trial % 5;
        assert_int_equal(prove(&dfpn, out, &pos, COLOR_BLACK, value, leaf, &stats), SOLVE_PROOF_OK);
        assert_true(stats.nodes >= 1 && stats.leaves >= 1);
        transpositions += stats.transpositions;
        assert_int_equal(prove(&dfpn, out, &pos, COLOR_WHITE, -value, leaf, &stats), SOLVE_PROOF_OK);
        fclose(out);
        /* one stone more for either side is not true: margins move by two
         * on a full board, so value + 1 and value + 2 both fail */
        SolveProofStats unused;
        FILE *sink = fopen("/dev/null", "w");
        assert_non_null(sink);
        assert_int_equal(solve_proof(&dfpn, &pos, COLOR_BLACK, value + 1, PROOF_LEAF_EMPTIES, write_node, sink,
                                     &unused),
                         SOLVE_PROOF_FALSE);
        assert_int_equal(solve_proof(&dfpn, &pos, COLOR_WHITE, -value + 1, PROOF_LEAF_EMPTIES, write_node, sink,
                                     &unused),
                         SOLVE_PROOF_FALSE);
        fclose(sink);
        solve_dfpn_free(&dfpn);

        FILE *in = fmemopen(text, bytes, "r");
        assert_non_null(in);
        ProofSummary summary;
        char err[PROOF_ERROR_MAX] = "";
        bool ok = proof_check(in, &summary, err, sizeof err);
        fclose(in);
        if (!ok)
            fail_msg("trial %d: the solver's proof is refused: %s", trial, err);
        assert_int_equal(summary.claims, 2);
        assert_int_equal(summary.claim[0].margin, value);
        assert_int_equal(summary.claim[1].margin, -value);
        free(text);
    }
    assert_true(transpositions > 0); /* positions reached twice are written once */
    free(result);
}

static char dir[] = "/tmp/rin-test-solve-proof-XXXXXX";

static void test_solve_writes_what_verify_accepts(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    char args[512], path[256];
    snprintf(path, sizeof path, "%s/four.proof", dir);
    /* a 4x4 position with 11 empty points */
    snprintf(args, sizeof args, "solve --position 'x3/1o2/2x1/o3 w 2' --proof %s --proof-leaf 5", path);
    SupportOutput o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    const char *value = strstr(o.out, "value: ");
    assert_non_null(value);
    int black_margin = 0;
    char letter = 0;
    if (strncmp(value, "value: draw", 11) != 0)
        assert_int_equal(sscanf(value, "value: %c+%d", &letter, &black_margin), 2);
    if (letter == 'W')
        black_margin = -black_margin;
    assert_non_null(strstr(o.out, "proof: "));
    assert_non_null(strstr(o.out, "leaves of at most 5 empty points"));
    support_output_free(&o);

    snprintf(args, sizeof args, "verify %s", path);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 0);
    char expected[64];
    snprintf(expected, sizeof expected, "Black's margin exactly %+d", black_margin);
    if (!strstr(o.out, expected))
        fail_msg("verify says '%s', the solver %+d", o.out, black_margin);
    support_output_free(&o);
    remove(path);

    /* stopped before the value is proven: no proof, not even a partial one */
    snprintf(args, sizeof args, "solve --size 5 --nodes 1000 --proof %s", path);
    o = support_run(RIN_BINARY, dir, args);
    assert_int_equal(o.status, 1);
    assert_non_null(strstr(o.err, "no proof written: the value is not proven"));
    assert_int_equal(access(path, F_OK), -1);
    char partial[300];
    snprintf(partial, sizeof partial, "%s.partial", path);
    assert_int_equal(access(partial, F_OK), -1);
    support_output_free(&o);

    o = support_run(RIN_BINARY, dir, "solve --size 4 --proof");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "--proof needs a file name"));
    support_output_free(&o);
    o = support_run(RIN_BINARY, dir, "solve --size 4 --proof x.proof --proof-leaf 17");
    assert_int_equal(o.status, 2);
    assert_non_null(strstr(o.err, "--proof-leaf needs a number of empty points from 0 to 16"));
    support_output_free(&o);
    char name[300];
    snprintf(name, sizeof name, "%s/stdout", dir);
    remove(name);
    snprintf(name, sizeof name, "%s/stderr", dir);
    remove(name);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_solver_proofs_hold),
                                       cmocka_unit_test(test_solve_writes_what_verify_accepts)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
