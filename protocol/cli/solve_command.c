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

#include "cli/solve_jobs.h"
#include "formats/coord.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "formats/proof_file.h"
#include "formats/solve_checkpoint.h"
#include "base/clock.h"
#include "solve/proof.h"
#include "solve/solve.h"

static const char usage_text[] =
    "Usage: rin solve (--size N | --position STRING) [--openings] [--time SECONDS]\n"
    "                 [--nodes N] [--hash MB] [--leaf-empties K] [--no-symmetry]\n"
    "                 [--no-stability] [--no-mobility] [--plain-order] [--epsilon E]\n"
    "                 [--question-order fixed|probe] [--probe-expansions N]\n"
    "                 [--proof FILE] [--proof-leaf K] [--result FILE]\n"
    "                 [--checkpoint FILE] [--checkpoint-every SECONDS] [--resume FILE]\n"
    "       rin solve (--size N | --position STRING) --split DEPTH --jobs FILE\n"
    "       rin solve --jobs FILE --job K [options as above]\n"
    "       rin solve --merge JOBS RESULT... [--proof FILE]\n"
    "       rin solve --status JOBS [RESULT | CHECKPOINT]...\n"
    "\n"
    "Solves a position under perfect play by proof-number search: the result\n"
    "(win, draw or loss) and the exact final margin, for Black and for the side to\n"
    "move, a best stone and a principal variation, nodes, time and table use.\n"
    "Progress lines go to stderr every few seconds. A run stopped by --time or\n"
    "--nodes says \"unproven\" with the bounds proven so far and the proof and\n"
    "disproof numbers of the question it was asking.\n"
    "\n"
    "  --size N            the empty N x N board (4 to 16; only 4 and 5 are solved\n"
    "                      in minutes)\n"
    "  --position STRING   a position string (PROTOCOL.md), e.g. \"5/5/2x2/5/5 w 1\"\n"
    "  --openings          also the value of every stone at the root; mirror images\n"
    "                      of an earlier stone are marked with '='\n"
    "  --time SECONDS      stop after this long (default: no limit)\n"
    "  --nodes N           stop after this many nodes (default: no limit)\n"
    "  --hash MB           table memory in MiB (default: by the empty points of the\n"
    "                      root, 64 up to 19, doubling with each point above, 4096\n"
    "                      from 25; at most half the machine's memory)\n"
    "  --leaf-empties K    positions with at most K empty points are settled by the\n"
    "                      alpha-beta endgame solver (default 25; 0: proof numbers only)\n"
    "  --no-symmetry       do not merge mirror images in the tables (to measure it)\n"
    "  --no-stability      no cut-off on stones that can never change colour\n"

    "  --no-mobility       initial proof numbers 1 and 1 (else from the choices of\n"
    "                      the turn)\n"
    "  --plain-order       the endgame solver orders its stones by fills alone (else\n"
    "                      as the search does from 11 empty points: blocks,\n"
    "                      threats, killers, history)\n"

    "  --epsilon E         the 1+epsilon threshold's epsilon (default 0.25; 0: plain\n"
    "                      df-pn)\n"
    "  --question-order O  probe (the default): search \"a win?\" and the question\n"
    "                      below it (\"at least a draw?\", or a loss by one at worst)\n"
    "                      for a few expansions each, and settle first the one\n"
    "                      whose answer looks nearer; fixed: \"a win?\" first\n"
    "  --probe-expansions N  the probe's expansions per question (default 2000)\n"
    "  --proof FILE        once the value is proven, write the proof of it (format\n"
    "                      rin-proof 2, PROTOCOL.md): Black's claim and White's,\n"
    "                      which `rin verify FILE` checks with the rules alone\n"
    "  --proof-leaf K      the proof stops at positions with at most K empty points,\n"
    "                      which the checker searches itself (0 to 16, default 12):\n"
    "                      a smaller K, a larger file that is quicker to check\n"
    "  --result FILE       write what was proven (the value, or bounds when stopped)\n"
    "                      to FILE; if FILE already holds this position's result,\n"
    "                      start from its bounds (a stopped job resumed)\n"
    "  --checkpoint FILE   write the solve's state (its bounds, the question under\n"
    "                      way and its tables) to FILE every --checkpoint-every\n"
    "                      seconds (default 600), and when a limit, SIGINT or\n"
    "                      SIGTERM stops it (a second signal half a second or\n"
    "                      more later ends the process); if FILE already holds\n"
    "                      a checkpoint of this position, continue from it\n"
    "  --resume FILE       continue from the checkpoint FILE (the position may be\n"
    "                      left out; the search options must be the same);\n"
    "                      checkpoints then go to FILE unless --checkpoint names\n"
    "                      another\n"
    "\n"
    "Across machines (engine/solve/SOLVE.md): --split DEPTH writes the positions\n"
    "DEPTH stones below the root, one per class of mirror images, as numbered jobs\n"
    "to --jobs FILE; --jobs FILE --job K solves job K (use --result and --proof);\n"
    "--merge JOBS RESULT... puts the root's value together from the jobs' results\n"
    "and, with --proof FILE, the proof from theirs; --status JOBS FILE... prints\n"
    "each job as solved, bounded or open, with its nodes, from its result and\n"
    "checkpoint files.\n"
    "\n"
    "  -h, --help          show this help and exit\n";

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

static long long solve_monotonic_ms(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void solve_on_signal(int signo)
{
    long long now = solve_monotonic_ms();
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
        fprintf(stderr, "rin: solve: no checkpoint written: %s\n", err);
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

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "rin: solve: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(rin solve --help shows the options)\n");
    return 2;
}

/* "B+3", "W+1" or "draw": Black's margin as a result. */
static void result_text(int black_margin, char *out, size_t size)
{
    if (black_margin > 0)
        snprintf(out, size, "B+%d", black_margin);
    else if (black_margin < 0)
        snprintf(out, size, "W+%d", -black_margin);
    else
        snprintf(out, size, "draw");
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
            result_text(o->black_lower, value, sizeof value);
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
        result_text(r->black_margin, result, sizeof result);
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

/* A proof being written: the file and its nodes written, the claim. */
typedef struct ProofWriting {
    ProofFileWriter file;
    const ProofClaim *claim;
} ProofWriting;

/* Progress lines while the proof is built: the claim, the nodes written,
 * the solver's nodes. */
static void print_proof_progress(const SolveProgress *p, void *context)
{
    const ProofWriting *w = context;
    fprintf(stderr, "proof: %.0f s, %s's claim %+d, %" PRIu64 " nodes written, %" PRIu64 " nodes searched\n",
            (double)p->elapsed_ms / 1000.0, w->claim->prover == COLOR_BLACK ? "Black" : "White", w->claim->margin,
            w->file.written, p->nodes);
}

/* The proof of Black's exact margin `black_margin` from pos, as two claims,
 * into path (through a temporary file renamed at the end, so that a failed
 * run leaves no partial proof). False, said on stderr, on failure. */
static bool write_proof(const char *path, const Position *pos, int black_margin, const SolveOptions *options,
                        int leaf_empties)
{
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.partial", path) >= (int)sizeof temporary) {
        fprintf(stderr, "rin: solve: the proof's file name is too long\n");
        return false;
    }
    FILE *out = fopen(temporary, "w");
    if (!out) {
        fprintf(stderr, "rin: solve: cannot write %s: %s\n", temporary, strerror(errno));
        return false;
    }
    ProofClaim claims[2] = {{COLOR_BLACK, black_margin}, {COLOR_WHITE, -black_margin}};
    ProofWriting writing = {{out, 0}, &claims[0]};
    SolveOptions proof_options = *options;
    if (proof_options.progress) {
        proof_options.progress = print_proof_progress;
        proof_options.progress_context = &writing;
    }
    SolveDfpn dfpn;
    if (solve_start(&dfpn, pos->size, &proof_options) != SOLVE_OK) {
        fprintf(stderr, "rin: solve: out of memory for the proof's table\n");
        fclose(out);
        remove(temporary);
        return false;
    }
    int64_t start = clock_now_ms();
    proof_write_header(out);
    fprintf(out, "# Black's final margin under perfect play is %+d: Black gets %+d or more, White %+d or more\n",
            black_margin, black_margin, -black_margin);
    SolveProofStats total = {0};
    bool ok = true;
    for (int i = 0; i < 2 && ok; i++) {
        proof_write_claim(out, &claims[i]);
        writing.claim = &claims[i];
        writing.file.written = 0;
        SolveProofStats stats;
        SolveProofStatus status = solve_proof(&dfpn, pos, claims[i].prover, claims[i].margin, leaf_empties,
                                              proof_file_node, &writing.file, &stats);
        if (status != SOLVE_PROOF_OK) {
            fprintf(stderr, "rin: solve: the proof of %s's claim failed: %s\n",
                    claims[i].prover == COLOR_BLACK ? "Black" : "White", solve_proof_status_text(status));
            ok = false;
        }
        total.nodes += stats.nodes;
        total.leaves += stats.leaves;
        total.edges += stats.edges;
        total.transpositions += stats.transpositions;
    }
    long bytes = ok ? ftell(out) : 0;
    if (fclose(out) != 0 && ok) {
        fprintf(stderr, "rin: solve: cannot write %s: %s\n", temporary, strerror(errno));
        ok = false;
    }
    solve_dfpn_free(&dfpn);
    if (ok && rename(temporary, path) != 0) {
        fprintf(stderr, "rin: solve: cannot rename %s to %s: %s\n", temporary, path, strerror(errno));
        ok = false;
    }
    if (!ok) {
        remove(temporary);
        return false;
    }
    printf("proof: %s, %" PRIu64 " nodes (%" PRIu64 " leaves of at most %d empty points, %" PRIu64
           " stones, %" PRIu64 " of them to a position already in the proof), %ld bytes, %.3f s\n",
           path, total.nodes, total.leaves, leaf_empties, total.edges, total.transpositions, bytes,
           (double)(clock_now_ms() - start) / 1000.0);
    return true;
}

/* What the command line asked for. */
typedef struct Request {
    Position pos;
    bool have_position, have_hash;
    int64_t split_depth;
    const char *jobs_path, *result_path, *proof_path, *checkpoint_path, *resume_path;
    uint64_t job;
    int proof_leaf;
    int64_t checkpoint_every_ms;
    SolveOptions options;
} Request;

static int solve_run(const Request *request, Restoring *restoring);

int solve_command(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--merge") == 0) {
            if (i != 0)
                return usage_error("--merge comes first: rin solve --merge JOBS RESULT... [--proof FILE]%s", "");
            return solve_jobs_merge(argc - 1, argv + 1);
        } else if (strcmp(argv[i], "--status") == 0) {
            if (i != 0)
                return usage_error("--status comes first: rin solve --status JOBS [RESULT | CHECKPOINT]...%s", "");
            return solve_jobs_status(argc - 1, argv + 1);
        }
    const char *proof_path = NULL, *jobs_path = NULL, *result_path = NULL;
    const char *checkpoint_path = NULL, *resume_path = NULL;
    int64_t checkpoint_every_ms = (int64_t)SOLVE_DEFAULT_CHECKPOINT_SECONDS * 1000;
    int64_t split_depth = -1;
    uint64_t job = 0, proof_leaf = PROOF_LEAF_EMPTIES;
    SolveOptions options;
    solve_options_default(&options);
    options.progress = print_progress;
    Position pos;
    bool have_position = false, have_hash = false;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(arg, "--size") == 0) {
            uint64_t size;
            if (have_position)
                return usage_error("give one of --size and --position, once%s", "");
            if (number_parse_uint(value, BB_MIN_SIZE, BB_MAX_SIZE, &size) != NUMBER_OK)
                return usage_error("--size needs a number from 4 to 16%s", "");
            pos_init(&pos, (int)size);
            have_position = true;
            i++;
        } else if (strcmp(arg, "--position") == 0) {
            char err[160];
            if (have_position)
                return usage_error("give one of --size and --position, once%s", "");
            if (!value)
                return usage_error("--position needs a position string%s", "");
            if (!posstr_parse(value, &pos, err, sizeof err))
                return usage_error("bad position string: %s", err);
            have_position = true;
            i++;
        } else if (strcmp(arg, "--time") == 0) {
            double seconds;
            if (number_parse_real(value, 0.001, 1e9, &seconds) != NUMBER_OK)
                return usage_error("--time needs a number of seconds above 0%s", "");
            options.time_limit_ms = (int64_t)(seconds * 1000.0 + 0.5);
            if (options.time_limit_ms < 1)
                options.time_limit_ms = 1;
            i++;
        } else if (strcmp(arg, "--nodes") == 0) {
            uint64_t nodes;
            if (number_parse_uint(value, 1, UINT64_MAX, &nodes) != NUMBER_OK)
                return usage_error("--nodes needs a number above 0%s", "");
            options.node_limit = nodes;
            i++;
        } else if (strcmp(arg, "--hash") == 0) {
            uint64_t mib;
            if (number_parse_uint(value, 1, 1 << 20, &mib) != NUMBER_OK)
                return usage_error("--hash needs a number of MiB from 1 to 1048576%s", "");
            options.hash_bytes = (size_t)mib << 20;
            have_hash = true;
            i++;
        } else if (strcmp(arg, "--leaf-empties") == 0) {
            uint64_t k;
            if (number_parse_uint(value, 0, BB_POINTS, &k) != NUMBER_OK)
                return usage_error("--leaf-empties needs a number from 0 to 256%s", "");
            options.leaf_empties = (int)k;
            i++;
        } else if (strcmp(arg, "--openings") == 0) {
            options.openings = true;
        } else if (strcmp(arg, "--no-symmetry") == 0) {
            options.symmetry = false;
        } else if (strcmp(arg, "--no-stability") == 0) {
            options.stability = false;
        } else if (strcmp(arg, "--no-mobility") == 0) {
            options.mobility = false;
        } else if (strcmp(arg, "--plain-order") == 0) {
            options.ordering = false;
        } else if (strcmp(arg, "--epsilon") == 0) {
            double epsilon;
            if (number_parse_real(value, 0, 100, &epsilon) != NUMBER_OK)
                return usage_error("--epsilon needs a number from 0 to 100%s", "");
            options.epsilon_permille = (int)(epsilon * 1000.0 + 0.5);
            i++;
        } else if (strcmp(arg, "--question-order") == 0) {
            if (value && strcmp(value, "fixed") == 0)
                options.probe_expansions = 0;
            else if (value && strcmp(value, "probe") == 0)
                options.probe_expansions = options.probe_expansions ? options.probe_expansions : SOLVE_PROBE_EXPANSIONS;
            else
                return usage_error("--question-order needs fixed or probe%s", "");
            i++;
        } else if (strcmp(arg, "--probe-expansions") == 0) {
            uint64_t n;
            if (number_parse_uint(value, 1, UINT32_MAX, &n) != NUMBER_OK)
                return usage_error("--probe-expansions needs a number above 0%s", "");
            options.probe_expansions = n;
            i++;
        } else if (strcmp(arg, "--proof") == 0) {
            if (!value || !*value)
                return usage_error("--proof needs a file name%s", "");
            proof_path = value;
            i++;
        } else if (strcmp(arg, "--proof-leaf") == 0) {
            if (number_parse_uint(value, 0, PROOF_LEAF_EMPTIES_MAX, &proof_leaf) != NUMBER_OK)
                return usage_error("--proof-leaf needs a number of empty points from 0 to 16%s", "");
            i++;
        } else if (strcmp(arg, "--split") == 0) {
            uint64_t depth;
            if (number_parse_uint(value, 1, 8, &depth) != NUMBER_OK)
                return usage_error("--split needs a depth from 1 to 8 stones%s", "");
            split_depth = (int64_t)depth;
            i++;
        } else if (strcmp(arg, "--jobs") == 0) {
            if (!value || !*value)
                return usage_error("--jobs needs a file name%s", "");
            jobs_path = value;
            i++;
        } else if (strcmp(arg, "--job") == 0) {
            if (number_parse_uint(value, 1, UINT64_MAX, &job) != NUMBER_OK)
                return usage_error("--job needs a job number from 1%s", "");
            i++;
        } else if (strcmp(arg, "--checkpoint") == 0) {
            if (!value || !*value)
                return usage_error("--checkpoint needs a file name%s", "");
            checkpoint_path = value;
            i++;
        } else if (strcmp(arg, "--checkpoint-every") == 0) {
            double seconds;
            if (number_parse_real(value, 0.001, 1e9, &seconds) != NUMBER_OK)
                return usage_error("--checkpoint-every needs a number of seconds above 0%s", "");
            checkpoint_every_ms = (int64_t)(seconds * 1000.0 + 0.5);
            if (checkpoint_every_ms < 1)
                checkpoint_every_ms = 1;
            i++;
        } else if (strcmp(arg, "--resume") == 0) {
            if (!value || !*value)
                return usage_error("--resume needs a checkpoint file%s", "");
            resume_path = value;
            i++;
        } else if (strcmp(arg, "--result") == 0) {
            if (!value || !*value)
                return usage_error("--result needs a file name%s", "");
            result_path = value;
            i++;
        } else {
            return usage_error("unexpected argument '%s'", arg);
        }
    }
    if (job) {
        char err[SOLVE_JOBS_ERROR_MAX];
        if (have_position)
            return usage_error("give one of --size, --position and --job%s", "");
        if (!jobs_path)
            return usage_error("--job needs --jobs FILE%s", "");
        if (!solve_jobs_position(jobs_path, job, &pos, err, sizeof err)) {
            fprintf(stderr, "rin: solve: %s\n", err);
            return 1;
        }
        have_position = true;
    }
    /* a checkpoint to resume from: named, or the one --checkpoint writes, if it is there already */
    if (!resume_path && checkpoint_path && access(checkpoint_path, F_OK) == 0)
        resume_path = checkpoint_path;
    Restoring *restoring = NULL;
    if (resume_path) {
        restoring = malloc(sizeof *restoring);
        if (!restoring) {
            fprintf(stderr, "rin: solve: out of memory\n");
            return 1;
        }
        if (!solve_checkpoint_open(&restoring->reader, resume_path, restoring->err, sizeof restoring->err)) {
            fprintf(stderr, "rin: solve: %s\n", restoring->err);
            free(restoring);
            return 1;
        }
        if (!have_position && split_depth < 0) {
            pos = restoring->reader.info.pos;
            have_position = true;
        }
    }
    Request request = {.pos = pos,
                       .have_position = have_position,
                       .have_hash = have_hash,
                       .split_depth = split_depth,
                       .jobs_path = jobs_path,
                       .result_path = result_path,
                       .proof_path = proof_path,
                       .checkpoint_path = checkpoint_path,
                       .resume_path = resume_path,
                       .job = job,
                       .proof_leaf = (int)proof_leaf,
                       .checkpoint_every_ms = checkpoint_every_ms,
                       .options = options};
    int exit_status = solve_run(&request, restoring);
    if (restoring)
        solve_checkpoint_close(&restoring->reader);
    free(restoring);
    return exit_status;
}

/* The rest of rin solve once its arguments are read: the checks between
 * them, the solve, and what it writes. */
static int solve_run(const Request *request, Restoring *restoring)
{
    Position pos = request->pos;
    SolveOptions options = request->options;
    bool have_position = request->have_position, have_hash = request->have_hash;
    int64_t split_depth = request->split_depth;
    const char *jobs_path = request->jobs_path, *result_path = request->result_path;
    const char *proof_path = request->proof_path, *resume_path = request->resume_path;
    uint64_t job = request->job;
    int proof_leaf = request->proof_leaf;
    if (!have_position)
        return usage_error("give the board: --size N, --position STRING, --jobs FILE --job K or --resume FILE%s", "");
    if (split_depth >= 0) {
        if (!jobs_path)
            return usage_error("--split needs --jobs FILE, where the jobs are written%s", "");
        return solve_jobs_split(&pos, (int)split_depth, jobs_path);
    }
    if (jobs_path && !job)
        return usage_error("--jobs goes with --split DEPTH (write them) or --job K (solve one)%s", "");
    uint64_t earlier_nodes = 0;
    int64_t earlier_ms = 0;
    if (result_path) {
        /* a result file from an earlier run of this job: start from what it proved */
        SolveJobResult earlier;
        char err[SOLVE_JOBS_ERROR_MAX];
        if (solve_job_result_read(result_path, &earlier, err, sizeof err)) {
            if (!pos_same(&earlier.pos, &pos)) {
                fprintf(stderr, "rin: solve: %s holds the result of another position\n", result_path);
                return 1;
            }
            options.known_lower = earlier.lower;
            options.known_upper = earlier.upper;
            earlier_nodes = earlier.nodes;
            earlier_ms = earlier.elapsed_ms;
            fprintf(stderr, "solve: resuming from %s: Black's margin in [%+d, %+d]\n", result_path, earlier.lower,
                    earlier.upper);
        }
    }
    Checkpointing checkpointing = {0};
    if (restoring) {
        /* the checkpoint's header was read: the same position, the same search */
        const SolveCheckpointInfo *info = &restoring->reader.info;
        SolveCheckpointSearch search = solve_checkpoint_search(&options);
        char why[256];
        if (!pos_same(&info->pos, &pos)) {
            char theirs[POSSTR_MAX], ours[POSSTR_MAX];
            posstr_format(&info->pos, theirs);
            posstr_format(&pos, ours);
            fprintf(stderr, "rin: solve: %s is a checkpoint of %s, not of %s\n", resume_path, theirs, ours);
            return 1;
        }
        if (!solve_checkpoint_compatible(&info->search, &search, why, sizeof why)) {
            fprintf(stderr, "rin: solve: %s was written with %s: resume it with the same options\n", resume_path, why);
            return 1;
        }
        if (info->lower > options.known_lower)
            options.known_lower = info->lower;
        if (info->upper < options.known_upper)
            options.known_upper = info->upper;
        options.resume_asking = info->asking;
        options.resume_target = info->target;
        if (info->nodes > earlier_nodes) {
            earlier_nodes = info->nodes;
            earlier_ms = info->elapsed_ms;
        }
        options.restore = restore_checkpoint;
        options.restore_context = restoring;
        char asking[64] = "no question under way";
        if (info->asking)
            snprintf(asking, sizeof asking, "asking >= %+d", info->target);
        fprintf(stderr,
                "solve: resuming from %s: Black's margin in [%+d, %+d], %s, %" PRIu64 " nodes so far, %" PRIu64
                " + %" PRIu64 " table entries\n",
                resume_path, info->lower, info->upper, asking, info->nodes, info->proof_entries, info->endgame_entries);
    }
    if (request->checkpoint_path || resume_path) {
        checkpointing = (Checkpointing){.path = request->checkpoint_path ? request->checkpoint_path : resume_path,
                                        .pos = pos,
                                        .search = solve_checkpoint_search(&options),
                                        .earlier_nodes = earlier_nodes,
                                        .earlier_ms = earlier_ms};
        options.checkpoint = write_checkpoint;
        options.checkpoint_context = &checkpointing;
        options.checkpoint_interval_ms = request->checkpoint_every_ms;
        options.interrupt = &solve_interrupted;
        catch_stop_signals();
    }
    if (have_hash) {
        fprintf(stderr, "solve: tables of %zu MiB (--hash)\n", options.hash_bytes >> 20);
    } else {
        uint64_t memory = physical_memory();
        options.hash_bytes = solve_default_hash_mib(pos_empty_count(&pos), memory) << 20;
        fprintf(stderr, "solve: tables of %zu MiB (the default for %d empty points and %.1f GiB of memory; --hash to change)\n",
                options.hash_bytes >> 20, pos_empty_count(&pos), (double)memory / (double)(1 << 30));
    }
    SolveResult *result = malloc(sizeof *result);
    if (!result) {
        fprintf(stderr, "rin: solve: out of memory\n");
        return 1;
    }
    SolveStatus status = solve_position(&pos, &options, result);
    if (status == SOLVE_ERR_MEMORY) {
        fprintf(stderr, "rin: solve: %s (--hash %zu MiB)\n", solve_status_text(status), options.hash_bytes >> 20);
        free(result);
        return 1;
    }
    if (status == SOLVE_ERR_RESTORE) {
        fprintf(stderr, "rin: solve: %s; nothing solved, %s left as it was\n", restoring->err, resume_path);
        free(result);
        return 1;
    }
    if (restoring && restoring->dropped > 0)
        fprintf(stderr, "solve: %" PRIu64 " of the checkpoint's endgame entries found their buckets full (smaller tables)\n",
                restoring->dropped);
    if (solve_interrupted)
        fprintf(stderr, "solve: stopped by a signal\n");
    print_result(&pos, result, &options);
    if (earlier_nodes > 0)
        printf("with the runs before: nodes %" PRIu64 ", time %.3f s\n", earlier_nodes + result->nodes,
               (double)(earlier_ms + result->elapsed_ms) / 1000.0);
    int exit_status = 0;
    bool proof_written = false;
    if (proof_path) {
        fflush(stdout);
        if (!result->proven) {
            fprintf(stderr, "rin: solve: no proof written: the value is not proven\n");
            exit_status = 1;
        } else if (!write_proof(proof_path, &pos, result->black_margin, &options, proof_leaf)) {
            exit_status = 1;
        } else {
            proof_written = true;
        }
    }
    if (checkpointing.failed)
        exit_status = 1;
    if (result_path) {
        SolveJobResult r = {.pos = pos,
                            .lower = result->proven ? result->black_margin : result->black_lower,
                            .upper = result->proven ? result->black_margin : result->black_upper,
                            .nodes = earlier_nodes + result->nodes,
                            .elapsed_ms = earlier_ms + result->elapsed_ms};
        if (proof_written)
            snprintf(r.proof, sizeof r.proof, "%s", proof_path);
        char err[SOLVE_JOBS_ERROR_MAX];
        if (!solve_job_result_write(result_path, &r, err, sizeof err)) {
            fprintf(stderr, "rin: solve: %s\n", err);
            exit_status = 1;
        }
    }
    free(result);
    return exit_status;
}
