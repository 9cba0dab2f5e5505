/* rin solve --split, --merge and --status (solve_jobs.h). */
#include "cli/solve_jobs.h"

#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "formats/atomic_file.h"
#include "formats/coord.h"
#include "formats/margin_text.h"
#include "formats/error_text.h"
#include "formats/posstr.h"
#include "formats/proof_file.h"
#include "formats/proof_section.h"
#include "formats/solve_checkpoint.h"
#include "formats/solve_jobs_state.h"
#include "rules/symmetry.h"
#include "solve/merge.h"
#include "solve/split.h"


/* ---- --split ---- */

int solve_jobs_split(const Position *root, int depth, const char *path)
{
    char err[SOLVE_JOBS_ERROR_MAX];
    uint64_t jobs;
    if (!solve_jobs_write(path, root, depth, &jobs, err, sizeof err)) {
        fprintf(stderr, "rin: solve: %s\n", err);
        return 1;
    }
    char text[POSSTR_MAX];
    posstr_format(root, text);
    printf("jobs: %" PRIu64 " positions %d stone%s below %s, written to %s\n", jobs, depth, depth == 1 ? "" : "s",
           text, path);
    return 0;
}

/* ---- --merge and --status ---- */

static void print_margin(const char *label, int lower, int upper)
{
    char value[MARGIN_TEXT_MAX];
    margin_text(lower, "+0", value, sizeof value);
    if (lower == upper)
        printf("%s%s (proven: %s)\n", label, value, lower > 0 ? "Black wins" : lower < 0 ? "White wins" : "a draw");
    else
        printf("%sunproven (Black's margin in [%+d, %+d])\n", label, lower, upper);
}

/* ---- the merged proof ---- */

/* A merged proof being written (its file first: proof_file_node's context). */
typedef struct MergeWriting {
    ProofFileWriter file;
    const SolveJobsState *merge;
    Color prover;
    char *err;
    size_t err_size;
} MergeWriting;

/* The job's own proof, joined at pos (a mirror image of the job's). */
static bool write_job_section(void *context, uint64_t id, const Position *pos, uint64_t *next_id)
{
    MergeWriting *w = context;
    const SolveJobsState *m = w->merge;
    int64_t job = solve_jobs_find(m, pos);
    if (job < 0 || !m->result[job].proof[0]) {
        char text[POSSTR_MAX];
        posstr_format(pos, text);
        return error_text(w->err, w->err_size, "no proof for the job of %s", text);
    }
    int s = solve_split_symmetry_between(&m->sym, &m->jobs.job[job], pos);
    return proof_section_copy(w->file.out, m->result[job].proof, w->prover, &m->sym, s, id, next_id, w->err, w->err_size);
}

/* The proof of `claim` from the root: the stones above the jobs, then the
 * jobs' proofs mapped onto the positions that reach them. */
static bool merge_claim(FILE *out, SolveJobsState *m, const ProofClaim *claim, char *err, size_t err_size)
{
    proof_write_claim(out, claim);
    MergeWriting w = {{out, 0}, m, claim->prover, err, err_size};
    SolveMergeClaim c = {.root = &m->jobs.root,
                         .depth = m->jobs.depth,
                         .prover = claim->prover,
                         .margin = claim->margin,
                         .leaf_empties = PROOF_LEAF_EMPTIES,
                         .bounds = solve_jobs_bounds,
                         .bounds_context = m,
                         .node = proof_file_node,
                         .job = write_job_section,
                         .context = &w};
    SolveMergeStatus status = solve_merge_claim(&c);
    if (status == SOLVE_MERGE_ERR_OUTPUT && !ferror(out))
        return false; /* a job's proof: its message is in err */
    if (status != SOLVE_MERGE_OK)
        return error_text(err, err_size, "%s", solve_merge_status_text(status));
    return true;
}

typedef struct MergeArgs {
    const char *proof_path;
} MergeArgs;

static const ArgsOption merge_options[] = {
    {"--proof", "FILE", ARGS_TEXT, offsetof(MergeArgs, proof_path), 0, 0, NULL, "--proof needs a file name",
     "write the root's proof, put together from the jobs' proofs"},
};

static const ArgsCommand merge_args = {"solve", "Usage: rin solve --merge JOBS RESULT... [--proof FILE]\n",
                                       "Puts the root's value together from the jobs' results (checkpoints\n"
                                       "count with their bounds).\n",
                                       merge_options, sizeof merge_options / sizeof merge_options[0], NULL};

const ArgsCommand *solve_jobs_merge_args(void) { return &merge_args; }

/* What the jobs say of the root: the jobs' counts, the value, and the
 * value after each stone at the root; Black's margin into lower, upper. */
static void print_merge(SolveJobsState *m, int *lower, int *upper)
{
    uint64_t nodes = 0, proven = 0, bounded = 0;
    int64_t elapsed = 0;
    for (uint64_t i = 0; i < m->jobs.count; i++) {
        nodes += m->files[i].nodes;
        elapsed += m->files[i].elapsed_ms;
        proven += m->result[i].lower == m->result[i].upper;
        bounded += m->result[i].lower < m->result[i].upper;
    }
    solve_split_value(&m->jobs.root, m->jobs.depth, solve_jobs_bounds, m, lower, upper);
    char text[POSSTR_MAX];
    posstr_format(&m->jobs.root, text);
    printf("position: %s\n", text);
    printf("jobs: %" PRIu64 " at depth %d: %" PRIu64 " proven, %" PRIu64 " with bounds, %" PRIu64
           " without a result; %" PRIu64 " nodes, %.1f s of solving in all\n",
           m->jobs.count, m->jobs.depth, proven, bounded, m->jobs.count - proven - bounded, nodes,
           (double)elapsed / 1000.0);
    print_margin("value: ", *lower, *upper);
    if (m->jobs.depth < 1)
        return;
    printf("stones at the root (Black's margin):\n");
    Bitboard empty = pos_empty(&m->jobs.root);
    for (int p; (p = bb_next(&empty)) != POINT_NONE;) {
        if (pos_check(&m->jobs.root, pos_to_move(&m->jobs.root), p) != POS_OK)
            continue;
        Position child = m->jobs.root;
        pos_play(&child, p);
        int lo, hi;
        solve_split_value(&child, m->jobs.depth - 1, solve_jobs_bounds, m, &lo, &hi);
        char vertex[COORD_TEXT_MAX], label[16];
        coord_format(p, child.size, vertex);
        snprintf(label, sizeof label, "  %-4s ", vertex);
        print_margin(label, lo, hi);
    }
}

/* The proof of Black's margin `black_margin` from the jobs' proofs, into
 * path; false with a message in err. */
static bool write_merged_proof(SolveJobsState *m, const char *path, const char *jobs_path, int black_margin,
                               char *err, size_t err_size)
{
    AtomicFile file;
    if (!atomic_file_open(&file, path, err, err_size))
        return false;
    proof_write_header(file.out);
    fprintf(file.out, "# merged from the jobs of %s\n", jobs_path);
    ProofClaim claims[2] = {{COLOR_BLACK, black_margin}, {COLOR_WHITE, -black_margin}};
    bool ok = true;
    for (int c = 0; c < 2 && ok; c++)
        ok = merge_claim(file.out, m, &claims[c], err, err_size);
    return atomic_file_commit(&file, ok, NULL, err, err_size);
}

int solve_jobs_merge(int argc, char **argv)
{
    MergeArgs a = {NULL};
    char **files = argv; /* JOBS, then the results: args_parse gathers them at the front */
    int count;
    ArgsResult parsed = args_parse(&merge_args, argc, argv, &a, files, &count);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    if (count == 0)
        return args_usage_error(&merge_args, "--merge needs the jobs file and the result files");
    char err[SOLVE_JOBS_ERROR_MAX];
    SolveJobsState m;
    int status = 0, lower, upper;
    if (!solve_jobs_state_load(&m, files[0], files + 1, count - 1, err, sizeof err)) {
        status = args_fail("solve", "%s", err);
    } else {
        print_merge(&m, &lower, &upper);
        if (a.proof_path && lower != upper)
            status = args_fail("solve", "no proof written: the value is not proven");
        else if (a.proof_path && !write_merged_proof(&m, a.proof_path, files[0], lower, err, sizeof err))
            status = args_fail("solve", "%s", err);
        else if (a.proof_path)
            printf("proof: %s\n", a.proof_path);
    }
    solve_jobs_state_free(&m);
    return status;
}

/* ---- --status ---- */

int solve_jobs_status(int argc, char **argv)
{
    if (argc < 1 || strncmp(argv[0], "--", 2) == 0) {
        fprintf(stderr, "rin: solve: --status needs the jobs file, then its result and checkpoint files\n"
                        "Usage: rin solve --status JOBS [RESULT | CHECKPOINT]...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--", 2) == 0) {
            fprintf(stderr, "rin: solve: --status takes no options, not '%.40s'\n", argv[i]);
            return 2;
        }
    char err[SOLVE_JOBS_ERROR_MAX];
    SolveJobsState m;
    if (!solve_jobs_state_load(&m, argv[0], argv + 1, argc - 1, err, sizeof err)) {
        fprintf(stderr, "rin: solve: %s\n", err);
        solve_jobs_state_free(&m);
        return 1;
    }
    char text[POSSTR_MAX];
    posstr_format(&m.jobs.root, text);
    printf("position: %s\n", text);
    uint64_t solved = 0, bounded = 0, nodes = 0;
    int64_t elapsed = 0;
    for (uint64_t i = 0; i < m.jobs.count; i++) {
        const SolveJobResult *r = &m.result[i];
        const SolveJobFiles *f = &m.files[i];
        posstr_format(&m.jobs.job[i], text);
        printf("job %" PRIu64 " %s: ", i + 1, text);
        if (f->count == 0) {
            printf("open\n");
            continue;
        }
        if (r->lower == r->upper) {
            solved++;
            char value[MARGIN_TEXT_MAX];
            margin_text(r->lower, "draw", value, sizeof value);
            printf("solved %s", value);
        } else {
            bounded++;
            printf("bounded [%+d, %+d]", r->lower, r->upper);
        }
        printf(", %" PRIu64 " nodes, %.1f s (%s", f->nodes, (double)f->elapsed_ms / 1000.0, f->last);
        if (f->count > 1)
            printf(" and %d more", f->count - 1);
        if (r->lower < r->upper && f->asking)
            printf("; asking >= %+d", f->target);
        printf(")\n");
        nodes += f->nodes;
        elapsed += f->elapsed_ms;
    }
    printf("jobs: %" PRIu64 " at depth %d: %" PRIu64 " solved, %" PRIu64 " bounded, %" PRIu64 " open; %" PRIu64
           " nodes, %.1f s of solving in all\n",
           m.jobs.count, m.jobs.depth, solved, bounded, m.jobs.count - solved - bounded, nodes,
           (double)elapsed / 1000.0);
    solve_jobs_state_free(&m);
    return 0;
}
