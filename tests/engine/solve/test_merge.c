/* The proof above a split's jobs (solve/merge.h): with every job's exact
 * value, the claim of the root's value is proven, each node above the
 * jobs handed out once with ids in order of first mention and every job's
 * position reached once after them; a claim one stone beyond the value is
 * refused as unproven. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diagram.h"
#include "solve/merge.h"
#include "solve/solve.h"

/* Black's exact margin from a job's position, by the solver. */
static void solved_bounds(void *context, const Position *pos, int *lower, int *upper)
{
    (void)context;
    SolveOptions options;
    solve_options_default(&options);
    options.hash_bytes = 1 << 20;
    options.progress = NULL;
    SolveResult *result = malloc(sizeof *result);
    assert_non_null(result);
    assert_int_equal(solve_position(pos, &options, result), SOLVE_OK);
    *lower = *upper = result->black_margin;
    free(result);
}

typedef struct Seen {
    uint64_t nodes, jobs, next_expected;
    bool jobs_started;
} Seen;

static bool on_node(void *context, uint64_t id, const Position *pos, SolveProofKind kind, const int *points,
                    const uint64_t *children, int count)
{
    (void)pos;
    (void)points;
    Seen *seen = context;
    assert_false(seen->jobs_started);
    assert_int_equal(kind == SOLVE_PROOF_LEAF, count == 0);
    for (int i = 0; i < count; i++)
        assert_true(children[i] > id);
    seen->nodes++;
    return true;
}

static bool on_job(void *context, uint64_t id, const Position *pos, uint64_t *next_id)
{
    (void)pos;
    Seen *seen = context;
    seen->jobs_started = true;
    assert_true(id < *next_id);
    (*next_id)++; /* a job's proof of one node */
    seen->jobs++;
    return true;
}

static SolveMergeStatus merge(const Position *root, Color prover, int margin, Seen *seen)
{
    *seen = (Seen){0};
    SolveMergeClaim claim = {.root = root,
                             .depth = 2,
                             .prover = prover,
                             .margin = margin,
                             .leaf_empties = 0,
                             .bounds = solved_bounds,
                             .node = on_node,
                             .job = on_job,
                             .context = seen};
    return solve_merge_claim(&claim);
}

static void test_value_proven_beyond_refused(void **state)
{
    (void)state;
    static const char *const rows[] = {"X...", ".O..", "..X.", "O..."};
    Position root;
    assert_true(support_position_from_rows(&root, rows, 4, COLOR_WHITE, 2));
    int lower, upper;
    solved_bounds(NULL, &root, &lower, &upper);
    Seen seen;
    assert_int_equal(merge(&root, COLOR_BLACK, lower, &seen), SOLVE_MERGE_OK);
    assert_true(seen.nodes >= 1);
    assert_true(seen.jobs >= 1);
    assert_int_equal(merge(&root, COLOR_WHITE, -lower, &seen), SOLVE_MERGE_OK);
    assert_int_equal(merge(&root, COLOR_BLACK, lower + 1, &seen), SOLVE_MERGE_UNPROVEN);
    assert_int_equal(merge(&root, COLOR_WHITE, -lower + 1, &seen), SOLVE_MERGE_UNPROVEN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_value_proven_beyond_refused)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
