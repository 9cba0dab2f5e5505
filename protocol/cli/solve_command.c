/* rin solve: parses the options, runs solve_position with progress lines
 * on stderr, and prints the value for Black and for the side to move, the
 * best stone and line, the opening table and what the proof cost. */
#include "cli/solve_command.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/solve_jobs.h"
#include "formats/atomic_file.h"
#include "formats/coord.h"
#include "formats/error_text.h"
#include "formats/margin_text.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "formats/proof_file.h"
#include "formats/proof_write.h"
#include "formats/solve_checkpoint.h"
#include "base/clock.h"
#include "solve/proof.h"
#include "solve/solve.h"

enum { SOLVE_DEFAULT_CHECKPOINT_SECONDS = 600 };

/* Set by SIGINT or SIGTERM while a solve with a checkpoint runs: the
 * search stops at its next poll and writes the checkpoint. A flag is all
 * a handler may safely set; it and the first signal's time (read and
 * written by the handler alone, lock-free) are the only state outside
 * the run. */
static volatile sig_atomic_t solve_interrupted;
static _Atomic long long solve_first_signal_ms;
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "a signal handler may use only lock-free atomics");

/* A second signal this soon after the first is the same stop delivered
 * twice: `timeout` signals the command and then its process group. */
enum { SOLVE_SIGNAL_REPEAT_MS = 500 };

static void solve_on_signal(int signo)
{
    long long now = clock_now_ms();
    if (!solve_interrupted) {
        solve_first_signal_ms = now;
        solve_interrupted = 1;
        return;
    }
    if (now - solve_first_signal_ms < SOLVE_SIGNAL_REPEAT_MS)
        return;
    /* a later one ends the process as usual: the signal's own default,
     * delivered when the handler returns */
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    raise(signo);
}

/* Catches SIGINT and SIGTERM: the first stops the solve with a
 * checkpoint, a second one half a second or more later ends the process
 * (the last checkpoint written is still whole). Each blocks both while
 * the handler runs. */
static void catch_stop_signals(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = solve_on_signal;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

/* The checkpoints of a run: where they go, and what they carry besides
 * the snapshot. */
typedef struct Checkpointing {
    const char *path;
    Position pos;
    SolveCheckpointSearch search;
    uint64_t earlier_nodes; /* of the runs before this one */
    int64_t earlier_ms;
    bool failed;            /* the last write failed (the one before it stays) */
} Checkpointing;

static void write_checkpoint(const SolveDfpn *dfpn, const SolveSnapshot *s, void *context)
{
    Checkpointing *c = context;
    SolveCheckpointInfo info = {.pos = c->pos,
                                .search = c->search,
                                .lower = s->lower,
                                .upper = s->upper,
                                .asking = s->asking,
                                .target = s->target,
                                .pn = s->pn,
                                .dn = s->dn,
                                .nodes = c->earlier_nodes + s->nodes,
                                .elapsed_ms = c->earlier_ms + s->elapsed_ms};
    char err[SOLVE_CHECKPOINT_ERROR_MAX];
    uint64_t bytes;
    int64_t start = clock_now_ms();
    if (!solve_checkpoint_write(c->path, &info, dfpn, &bytes, err, sizeof err)) {
        args_fail("solve", "no checkpoint written: %s", err);
        c->failed = true;
        return;
    }
    c->failed = false;
    fprintf(stderr,
            "solve: checkpoint %s: Black's margin in [%+d, %+d], %" PRIu64 " nodes in all, %.1f MB, written in %.1f s\n",
            c->path, s->lower, s->upper, info.nodes, (double)bytes / 1e6, (double)(clock_now_ms() - start) / 1000.0);
}

/* A checkpoint being resumed from: its header is read before the solve,
 * its body into the solve's fresh tables. */
typedef struct Restoring {
    SolveCheckpointReader reader;
    uint64_t dropped;
    char err[SOLVE_CHECKPOINT_ERROR_MAX];
} Restoring;

static bool restore_checkpoint(SolveDfpn *dfpn, void *context)
{
    Restoring *r = context;
    return solve_checkpoint_load(&r->reader, dfpn, &r->dropped, r->err, sizeof r->err);
}

/* The machine's memory in bytes, 0 when the system does not say. */
static uint64_t physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
    return pages > 0 && page_size > 0 ? (uint64_t)pages * (uint64_t)page_size : 0;
}

/* "win by 3", "loss by 1" or "draw": a margin for one side. */
static void outcome_text(int margin, char *out, size_t size)
{
    if (margin > 0)
        snprintf(out, size, "win by %d", margin);
    else if (margin < 0)
        snprintf(out, size, "loss by %d", -margin);
    else
        snprintf(out, size, "draw");
}

static void print_progress(const SolveProgress *p, void *context)
{
    (void)context;
    double seconds = (double)p->elapsed_ms / 1000.0;
    fprintf(stderr,
            "solve: %.0f s, %" PRIu64 " nodes, Black's margin in [%+d, %+d], asking >= %+d: pn %" PRIu32
            " dn %" PRIu32 ", table %.1f%%\n",
            seconds, p->nodes, p->lower, p->upper, p->target, p->pn, p->dn,
            p->table_capacity ? 100.0 * (double)p->table_used / (double)p->table_capacity : 0.0);
}

static void print_openings(const Position *pos, const SolveResult *r)
{
    printf("openings (Black's final margin after each stone; = a mirror image of the stone named):\n");
    for (int i = 0; i < r->opening_count; i++) {
        const SolveOpening *o = &r->openings[i];
        char vertex[COORD_TEXT_MAX], value[48], same[COORD_TEXT_MAX + 8] = "";
        coord_format(o->point, pos->size, vertex);
        if (o->proven) {
            margin_text(o->black_lower, "draw", value, sizeof value);
        } else {
            snprintf(value, sizeof value, "unproven [%+d, %+d]", o->black_lower, o->black_upper);
        }
        if (o->same_as != POINT_NONE) {
            char other[COORD_TEXT_MAX];
            coord_format(o->same_as, pos->size, other);
            snprintf(same, sizeof same, " = %s", other);
        }
        printf("  %-4s %s%s\n", vertex, value, same);
    }
}

static void print_result(const Position *pos, const SolveResult *r, const SolveOptions *options)
{
    char text[POSSTR_MAX];
    posstr_format(pos, text);
    Color mover = pos_to_move(pos);
    printf("position: %s (%s to play, stone %d of the turn)\n", text, mover == COLOR_BLACK ? "Black" : "White",
           pos_stone_of_turn(pos));
    if (r->proven) {
        char result[32], black[32], outcome[32];
        margin_text(r->black_margin, "draw", result, sizeof result);
        outcome_text(r->black_margin, black, sizeof black);
        outcome_text(r->margin, outcome, sizeof outcome);
        printf("value: %s (Black: %s)\n", result, black);
        printf("to move: %s, %s\n", mover == COLOR_BLACK ? "Black" : "White", outcome);
        if (r->best_point != POINT_NONE) {
            char vertex[COORD_TEXT_MAX];
            coord_format(r->best_point, pos->size, vertex);
            printf("best: %s\n", vertex);
        }
        if (r->pv_length > 0) {
            printf("pv:");
            for (int i = 0; i < r->pv_length; i++) {
                char vertex[COORD_TEXT_MAX];
                coord_format(r->pv[i], pos->size, vertex);
                printf(" %s", vertex);
            }
            printf("\n");
        }
    } else {
        printf("value: unproven (Black's margin in [%+d, %+d]; stopped asking Black's margin >= %+d: pn %" PRIu32
               " dn %" PRIu32 ")\n",
               r->black_lower, r->black_upper, r->target, r->pn, r->dn);
    }
    if (options->openings)
        print_openings(pos, r);
    double seconds = (double)r->elapsed_ms / 1000.0;
    printf("nodes %" PRIu64 ", time %.3f s, %.0f nodes/s, proof table %zu/%zu entries (%.1f%%, %zu MiB)\n", r->nodes,
           seconds, seconds > 0 ? (double)r->nodes / seconds : 0.0, r->table_used, r->table_capacity,
           r->table_capacity ? 100.0 * (double)r->table_used / (double)r->table_capacity : 0.0,
           r->table_bytes >> 20);
}

/* Progress lines while the proof is built: the claim, the nodes written,
 * the solver's nodes. */
static void print_proof_progress(const ProofClaim *claim, uint64_t written, const SolveProgress *p, void *context)
{
    (void)context;
    fprintf(stderr, "proof: %.0f s, %s's claim %+d, %" PRIu64 " nodes written, %" PRIu64 " nodes searched\n",
            (double)p->elapsed_ms / 1000.0, claim->prover == COLOR_BLACK ? "Black" : "White", claim->margin, written,
            p->nodes);
}

/* The proof of Black's exact margin into path; false, said on stderr, on
 * failure. */
static bool write_proof(const char *path, const Position *pos, int black_margin, const SolveOptions *options,
                        int leaf_empties)
{
    ProofWriteStats stats;
    char err[PROOF_ERROR_MAX + ATOMIC_FILE_PATH_MAX];
    int64_t start = clock_now_ms();
    ProofWriteProgressFn progress = options->progress ? print_proof_progress : NULL;
    if (!proof_file_write_margin(path, pos, black_margin, options, leaf_empties, progress, NULL, &stats, err,
                                 sizeof err))
        return !args_fail("solve", "%s", err);
    printf("proof: %s, %" PRIu64 " nodes (%" PRIu64 " leaves of at most %d empty points, %" PRIu64
           " stones, %" PRIu64 " of them to a position already in the proof), %ld bytes, %.3f s\n",
           path, stats.proof.nodes, stats.proof.leaves, leaf_empties, stats.proof.edges, stats.proof.transpositions,
           stats.bytes, (double)(clock_now_ms() - start) / 1000.0);
    return true;
}

/* What the command line asked for. */
typedef struct Request {
    Position pos;
    bool have_position, have_hash;
    int64_t split_depth;
    const char *jobs_path, *result_path, *proof_path, *checkpoint_path, *resume_path;
    uint64_t job, proof_leaf;
    double time_seconds, checkpoint_seconds;
    SolveOptions options;
} Request;

static bool set_size(void *request, const char *value, char *err, size_t err_size)
{
    Request *r = request;
    uint64_t size;
    if (r->have_position)
        return error_text(err, err_size, "give one of --size and --position, once");
    if (number_parse_uint(value, BB_MIN_SIZE, BB_MAX_SIZE, &size) != NUMBER_OK)
        return false;
    pos_init(&r->pos, (int)size);
    r->have_position = true;
    return true;
}

static bool set_position(void *request, const char *value, char *err, size_t err_size)
{
    Request *r = request;
    char why[160];
    if (r->have_position)
        return error_text(err, err_size, "give one of --size and --position, once");
    if (!value)
        return false;
    if (!posstr_parse(value, &r->pos, why, sizeof why))
        return error_text(err, err_size, "bad position string: %s", why);
    r->have_position = true;
    return true;
}

static bool set_hash(void *request, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    Request *r = request;
    uint64_t mib;
    if (number_parse_uint(value, 1, 1 << 20, &mib) != NUMBER_OK)
        return false;
    r->options.hash_bytes = (size_t)mib << 20;
    r->have_hash = true;
    return true;
}

static bool set_epsilon(void *request, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    Request *r = request;
    double epsilon;
    if (number_parse_real(value, 0, 100, &epsilon) != NUMBER_OK)
        return false;
    r->options.epsilon_permille = (int)(epsilon * 1000.0 + 0.5);
    return true;
}

static bool set_question_order(void *request, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    SolveOptions *o = &((Request *)request)->options;
    if (value && strcmp(value, "fixed") == 0)
        o->probe_expansions = 0;
    else if (value && strcmp(value, "probe") == 0)
        o->probe_expansions = o->probe_expansions ? o->probe_expansions : SOLVE_PROBE_EXPANSIONS;
    else
        return false;
    return true;
}

static bool set_split(void *request, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    uint64_t depth;
    if (number_parse_uint(value, 1, 8, &depth) != NUMBER_OK)
        return false;
    ((Request *)request)->split_depth = (int64_t)depth;
    return true;
}

#define AT(field) offsetof(Request, field)

static const ArgsOption solve_options[] = {
    {"--size", "N", ARGS_CALL, 0, 0, 0, set_size, "--size needs a number from 4 to 16",
     "the empty N x N board (4 to 16; only 4 and 5 are solved\nin minutes)"},
    {"--position", "STRING", ARGS_CALL, 0, 0, 0, set_position, "--position needs a position string",
     "a position string (PROTOCOL.md), e.g. \"5/5/2x2/5/5 w 1\""},
    {"--openings", NULL, ARGS_ON, AT(options.openings), 0, 0, NULL, NULL,
     "also the value of every stone at the root; mirror images\nof an earlier stone are marked with '='"},
    {"--time", "SECONDS", ARGS_REAL, AT(time_seconds), 0.001, 1e9, NULL, "--time needs a number of seconds above 0",
     "stop after this long (default: no limit)"},
    {"--nodes", "N", ARGS_UINT, AT(options.node_limit), 1, ARGS_UINT64_MAX, NULL, "--nodes needs a number above 0",
     "stop after this many nodes (default: no limit)"},
    {"--hash", "MB", ARGS_CALL, 0, 0, 0, set_hash, "--hash needs a number of MiB from 1 to 1048576",
     "table memory in MiB (default: by the empty points of the\nroot, 64 up to 19, doubling with each point above, 4096\n"
     "from 25; at most half the machine's memory)"},
    {"--leaf-empties", "K", ARGS_INT, AT(options.leaf_empties), 0, BB_POINTS, NULL,
     "--leaf-empties needs a number from 0 to 256",
     "positions with at most K empty points are settled by the\nalpha-beta endgame solver (default 25; 0: proof numbers only)"},
    {"--no-symmetry", NULL, ARGS_OFF, AT(options.symmetry), 0, 0, NULL, NULL,
     "do not merge mirror images in the tables (to measure it)"},
    {"--no-stability", NULL, ARGS_OFF, AT(options.stability), 0, 0, NULL, NULL,
     "no cut-off on stones that can never change colour"},
    {"--no-mobility", NULL, ARGS_OFF, AT(options.mobility), 0, 0, NULL, NULL,
     "initial proof numbers 1 and 1 (else from the choices of\nthe turn)"},
    {"--plain-order", NULL, ARGS_OFF, AT(options.ordering), 0, 0, NULL, NULL,
     "the endgame solver orders its stones by fills alone (else\nas the search does from 11 empty points: blocks,\n"
     "threats, killers, history)"},
    {"--epsilon", "E", ARGS_CALL, 0, 0, 0, set_epsilon, "--epsilon needs a number from 0 to 100",
     "the 1+epsilon threshold's epsilon (default 0.25; 0: plain\ndf-pn)"},
    {"--question-order", "O", ARGS_CALL, 0, 0, 0, set_question_order, "--question-order needs fixed or probe",
     "probe (the default): search \"a win?\" and the question\nbelow it (\"at least a draw?\", or a loss by one at worst)\n"
     "for a few expansions each, and settle first the one\nwhose answer looks nearer; fixed: \"a win?\" first"},
    {"--probe-expansions", "N", ARGS_UINT, AT(options.probe_expansions), 1, UINT32_MAX, NULL,
     "--probe-expansions needs a number above 0", "the probe's expansions per question (default 2000)"},
    {"--proof", "FILE", ARGS_TEXT, AT(proof_path), 0, 0, NULL, "--proof needs a file name",
     "once the value is proven, write the proof of it (format\nrin-proof 2, PROTOCOL.md): Black's claim and White's,\n"
     "which `rin verify FILE` checks with the rules alone"},
    {"--proof-leaf", "K", ARGS_UINT, AT(proof_leaf), 0, PROOF_LEAF_EMPTIES_MAX, NULL,
     "--proof-leaf needs a number of empty points from 0 to 16",
     "the proof stops at positions with at most K empty points,\nwhich the checker searches itself (0 to 16, default 12):\n"
     "a smaller K, a larger file that is quicker to check"},
    {"--result", "FILE", ARGS_TEXT, AT(result_path), 0, 0, NULL, "--result needs a file name",
     "write what was proven (the value, or bounds when stopped)\nto FILE; if FILE already holds this position's result,\n"
     "start from its bounds (a stopped job resumed)"},
    {"--checkpoint", "FILE", ARGS_TEXT, AT(checkpoint_path), 0, 0, NULL, "--checkpoint needs a file name",
     "write the solve's state (its bounds, the question under\nway and its tables) to FILE every --checkpoint-every\n"
     "seconds (default 600), and when a limit, SIGINT or\nSIGTERM stops it (a second signal half a second or\n"
     "more later ends the process); if FILE already holds\na checkpoint of this position, continue from it"},
    {"--checkpoint-every", "SECONDS", ARGS_REAL, AT(checkpoint_seconds), 0.001, 1e9, NULL,
     "--checkpoint-every needs a number of seconds above 0", "how often --checkpoint writes (default 600)"},
    {"--resume", "FILE", ARGS_TEXT, AT(resume_path), 0, 0, NULL, "--resume needs a checkpoint file",
     "continue from the checkpoint FILE (the position may be\nleft out; the search options must be the same);\n"
     "checkpoints then go to FILE unless --checkpoint names\nanother"},
    {"--split", "DEPTH", ARGS_CALL, 0, 0, 0, set_split, "--split needs a depth from 1 to 8 stones",
     "write the positions DEPTH stones below the root, one per\nclass of mirror images, as numbered jobs to --jobs FILE"},
    {"--jobs", "FILE", ARGS_TEXT, AT(jobs_path), 0, 0, NULL, "--jobs needs a file name",
     "the jobs file: written by --split, read by --job"},
    {"--job", "K", ARGS_UINT, AT(job), 1, ARGS_UINT64_MAX, NULL, "--job needs a job number from 1",
     "solve job K of --jobs FILE (use --result and --proof)"},
};

static const ArgsCommand solve_args = {
    "solve",
    "Usage: rin solve (--size N | --position STRING) [--openings] [--time SECONDS]\n"
    "                 [--nodes N] [--hash MB] [--leaf-empties K] [--no-symmetry]\n"
    "                 [--no-stability] [--no-mobility] [--plain-order] [--epsilon E]\n"
    "                 [--question-order fixed|probe] [--probe-expansions N]\n"
    "                 [--proof FILE] [--proof-leaf K] [--result FILE]\n"
    "                 [--checkpoint FILE] [--checkpoint-every SECONDS] [--resume FILE]\n"
    "       rin solve (--size N | --position STRING) --split DEPTH --jobs FILE\n"
    "       rin solve --jobs FILE --job K [options as above]\n"
    "       rin solve --merge JOBS RESULT... [--proof FILE]\n"
    "       rin solve --status JOBS [RESULT | CHECKPOINT]...\n",
    "Solves a position under perfect play by proof-number search: the result\n"
    "(win, draw or loss) and the exact final margin, for Black and for the side to\n"
    "move, a best stone and a principal variation, nodes, time and table use.\n"
    "Progress lines go to stderr every few seconds. A run stopped by --time or\n"
    "--nodes says \"unproven\" with the bounds proven so far and the proof and\n"
    "disproof numbers of the question it was asking.\n",
    solve_options,
    sizeof solve_options / sizeof solve_options[0],
    "Across machines (engine/solve/SOLVE.md): --merge JOBS RESULT... puts the\n"
    "root's value together from the jobs' results and, with --proof FILE, the\n"
    "proof from theirs; --status JOBS FILE... prints each job as solved, bounded\n"
    "or open, with its nodes, from its result and checkpoint files.\n",
};

const ArgsCommand *solve_command_args(void) { return &solve_args; }

static int solve_run(Request *request, Restoring *restoring);

/* A checkpoint to resume from: named, or the one --checkpoint writes, if
 * it is there already; its header read (*restoring NULL when there is
 * none). False, said on stderr, when it cannot be read. */
static bool open_checkpoint(Request *r, Restoring **restoring)
{
    *restoring = NULL;
    if (!r->resume_path && r->checkpoint_path && access(r->checkpoint_path, F_OK) == 0)
        r->resume_path = r->checkpoint_path;
    if (!r->resume_path)
        return true;
    Restoring *opened = malloc(sizeof *opened);
    if (!opened)
        return !args_fail("solve", "out of memory");
    if (!solve_checkpoint_open(&opened->reader, r->resume_path, opened->err, sizeof opened->err)) {
        args_fail("solve", "%s", opened->err);
        free(opened);
        return false;
    }
    if (!r->have_position && r->split_depth < 0) {
        r->pos = opened->reader.info.pos;
        r->have_position = true;
    }
    *restoring = opened;
    return true;
}

int solve_command(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--merge") == 0) {
            if (i != 0)
                return args_usage_error(&solve_args, "--merge comes first: rin solve --merge JOBS RESULT... [--proof FILE]");
            return solve_jobs_merge(argc - 1, argv + 1);
        } else if (strcmp(argv[i], "--status") == 0) {
            if (i != 0)
                return args_usage_error(&solve_args, "--status comes first: rin solve --status JOBS [RESULT | CHECKPOINT]...");
            return solve_jobs_status(argc - 1, argv + 1);
        }
    Request r = {.split_depth = -1, .proof_leaf = PROOF_LEAF_EMPTIES,
                 .checkpoint_seconds = SOLVE_DEFAULT_CHECKPOINT_SECONDS};
    solve_options_default(&r.options);
    r.options.progress = print_progress;
    ArgsResult parsed = args_parse(&solve_args, argc, argv, &r, NULL, NULL);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    if (r.time_seconds > 0)
        r.options.time_limit_ms = (int64_t)(r.time_seconds * 1000.0 + 0.5) < 1 ? 1 : (int64_t)(r.time_seconds * 1000.0 + 0.5);
    if (r.job) {
        char err[SOLVE_JOBS_ERROR_MAX];
        if (r.have_position)
            return args_usage_error(&solve_args, "give one of --size, --position and --job");
        if (!r.jobs_path)
            return args_usage_error(&solve_args, "--job needs --jobs FILE");
        if (!solve_jobs_position(r.jobs_path, r.job, &r.pos, err, sizeof err))
            return args_fail("solve", "%s", err);
        r.have_position = true;
    }
    Restoring *restoring;
    if (!open_checkpoint(&r, &restoring))
        return 1;
    int exit_status = solve_run(&r, restoring);
    if (restoring)
        solve_checkpoint_close(&restoring->reader);
    free(restoring);
    return exit_status;
}

/* A result file from an earlier run of this job: the options start from
 * what it proved, and *earlier counts its nodes and time. False, said,
 * when it is another position's. */
static bool resume_from_result(const Request *r, SolveOptions *options, SolveJobResult *earlier)
{
    char err[SOLVE_JOBS_ERROR_MAX];
    SolveJobResult read;
    if (!r->result_path || !solve_job_result_read(r->result_path, &read, err, sizeof err))
        return true;
    if (!pos_same(&read.pos, &r->pos))
        return !args_fail("solve", "%s holds the result of another position", r->result_path);
    options->known_lower = read.lower;
    options->known_upper = read.upper;
    earlier->nodes = read.nodes;
    earlier->elapsed_ms = read.elapsed_ms;
    fprintf(stderr, "solve: resuming from %s: Black's margin in [%+d, %+d]\n", r->result_path, read.lower, read.upper);
    return true;
}

/* The checkpoint's header was read: the same position, the same search;
 * the options start from its bounds and question and restore its tables.
 * False, said, when it does not fit. */
static bool resume_from_checkpoint(const Request *r, Restoring *restoring, SolveOptions *options,
                                   SolveJobResult *earlier)
{
    const SolveCheckpointInfo *info = &restoring->reader.info;
    SolveCheckpointSearch search = solve_checkpoint_search(options);
    char why[256];
    if (!pos_same(&info->pos, &r->pos)) {
        char theirs[POSSTR_MAX], ours[POSSTR_MAX];
        posstr_format(&info->pos, theirs);
        posstr_format(&r->pos, ours);
        return !args_fail("solve", "%s is a checkpoint of %s, not of %s", r->resume_path, theirs, ours);
    }
    if (!solve_checkpoint_compatible(&info->search, &search, why, sizeof why))
        return !args_fail("solve", "%s was written with %s: resume it with the same options", r->resume_path, why);
    if (info->lower > options->known_lower)
        options->known_lower = info->lower;
    if (info->upper < options->known_upper)
        options->known_upper = info->upper;
    options->resume_asking = info->asking;
    options->resume_target = info->target;
    if (info->nodes > earlier->nodes) {
        earlier->nodes = info->nodes;
        earlier->elapsed_ms = info->elapsed_ms;
    }
    options->restore = restore_checkpoint;
    options->restore_context = restoring;
    char asking[64] = "no question under way";
    if (info->asking)
        snprintf(asking, sizeof asking, "asking >= %+d", info->target);
    fprintf(stderr,
            "solve: resuming from %s: Black's margin in [%+d, %+d], %s, %" PRIu64 " nodes so far, %" PRIu64
            " + %" PRIu64 " table entries\n",
            r->resume_path, info->lower, info->upper, asking, info->nodes, info->proof_entries, info->endgame_entries);
    return true;
}

/* The tables' size: --hash, else the default for the root and the machine. */
static void choose_hash(const Request *r, SolveOptions *options)
{
    if (r->have_hash) {
        fprintf(stderr, "solve: tables of %zu MiB (--hash)\n", options->hash_bytes >> 20);
        return;
    }
    uint64_t memory = physical_memory();
    options->hash_bytes = solve_default_hash_mib(pos_empty_count(&r->pos), memory) << 20;
    fprintf(stderr, "solve: tables of %zu MiB (the default for %d empty points and %.1f GiB of memory; --hash to change)\n",
            options->hash_bytes >> 20, pos_empty_count(&r->pos), (double)memory / (double)(1 << 30));
}

/* The proof and the result file of a finished run; the exit status. */
static int write_outputs(const Request *r, const SolveResult *result, const SolveOptions *options,
                         const SolveJobResult *earlier)
{
    int exit_status = 0;
    bool proof_written = false;
    if (r->proof_path) {
        fflush(stdout);
        if (!result->proven)
            exit_status = args_fail("solve", "no proof written: the value is not proven");
        else if (!write_proof(r->proof_path, &r->pos, result->black_margin, options, (int)r->proof_leaf))
            exit_status = 1;
        else
            proof_written = true;
    }
    if (r->result_path) {
        SolveJobResult written = {.pos = r->pos,
                                  .lower = result->proven ? result->black_margin : result->black_lower,
                                  .upper = result->proven ? result->black_margin : result->black_upper,
                                  .nodes = earlier->nodes + result->nodes,
                                  .elapsed_ms = earlier->elapsed_ms + result->elapsed_ms};
        if (proof_written)
            snprintf(written.proof, sizeof written.proof, "%s", r->proof_path);
        char err[SOLVE_JOBS_ERROR_MAX];
        if (!solve_job_result_write(r->result_path, &written, err, sizeof err))
            exit_status = args_fail("solve", "%s", err);
    }
    return exit_status;
}

/* The rest of rin solve once its arguments are read: the checks between
 * them, the solve, and what it writes. */
static int solve_run(Request *r, Restoring *restoring)
{
    SolveOptions options = r->options;
    if (!r->have_position)
        return args_usage_error(&solve_args, "give the board: --size N, --position STRING, --jobs FILE --job K or --resume FILE");
    if (r->split_depth >= 0) {
        if (!r->jobs_path)
            return args_usage_error(&solve_args, "--split needs --jobs FILE, where the jobs are written");
        return solve_jobs_split(&r->pos, (int)r->split_depth, r->jobs_path);
    }
    if (r->jobs_path && !r->job)
        return args_usage_error(&solve_args, "--jobs goes with --split DEPTH (write them) or --job K (solve one)");
    SolveJobResult earlier = {0};
    if (!resume_from_result(r, &options, &earlier))
        return 1;
    if (restoring && !resume_from_checkpoint(r, restoring, &options, &earlier))
        return 1;
    Checkpointing checkpointing = {0};
    if (r->checkpoint_path || r->resume_path) {
        int64_t every_ms = (int64_t)(r->checkpoint_seconds * 1000.0 + 0.5);
        checkpointing = (Checkpointing){.path = r->checkpoint_path ? r->checkpoint_path : r->resume_path,
                                        .pos = r->pos,
                                        .search = solve_checkpoint_search(&options),
                                        .earlier_nodes = earlier.nodes,
                                        .earlier_ms = earlier.elapsed_ms};
        options.checkpoint = write_checkpoint;
        options.checkpoint_context = &checkpointing;
        options.checkpoint_interval_ms = every_ms < 1 ? 1 : every_ms;
        options.interrupt = &solve_interrupted;
        catch_stop_signals();
    }
    choose_hash(r, &options);
    SolveResult *result = malloc(sizeof *result);
    if (!result)
        return args_fail("solve", "out of memory");
    SolveStatus status = solve_position(&r->pos, &options, result);
    if (status == SOLVE_ERR_MEMORY || status == SOLVE_ERR_RESTORE) {
        if (status == SOLVE_ERR_MEMORY)
            args_fail("solve", "%s (--hash %zu MiB)", solve_status_text(status), options.hash_bytes >> 20);
        else
            args_fail("solve", "%s; nothing solved, %s left as it was", restoring->err, r->resume_path);
        free(result);
        return 1;
    }
    if (restoring && restoring->dropped > 0)
        fprintf(stderr, "solve: %" PRIu64 " of the checkpoint's endgame entries found their buckets full (smaller tables)\n",
                restoring->dropped);
    if (solve_interrupted)
        fprintf(stderr, "solve: stopped by a signal\n");
    print_result(&r->pos, result, &options);
    if (earlier.nodes > 0)
        printf("with the runs before: nodes %" PRIu64 ", time %.3f s\n", earlier.nodes + result->nodes,
               (double)(earlier.elapsed_ms + result->elapsed_ms) / 1000.0);
    int exit_status = write_outputs(r, result, &options, &earlier);
    if (checkpointing.failed)
        exit_status = 1;
    free(result);
    return exit_status;
}
