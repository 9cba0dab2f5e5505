/* The measuring commands (bench_command.h). */
#include "cli/bench_command.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/clock.h"
#include "cli/suite.h"
#include "formats/error_text.h"
#include "formats/eval_file.h"
#include "formats/number.h"
#include "formats/net_file.h"
#include "formats/pattern_file.h"
#include "formats/posstr.h"
#include "gtp/options.h"
#include "gtp/search_report.h"
#include "rules/perft.h"
#include "rules/playout.h"
#include "search/bench.h"
#include "search/search.h"

typedef struct PlayoutsArgs {
    uint64_t size, seed;
} PlayoutsArgs;

static const ArgsOption playouts_options[] = {
    {"--size", "N", ARGS_UINT, offsetof(PlayoutsArgs, size), BB_MIN_SIZE, BB_MAX_SIZE, NULL,
     "--size needs a number from 4 to 16", "the board (default 16)"},
    {"--seed", "S", ARGS_UINT, offsetof(PlayoutsArgs, seed), 0, ARGS_UINT64_MAX, NULL, "--seed needs a non-negative number",
     "the random games' seed (default 1)"},
};

static const ArgsCommand playouts_args = {
    "playouts", "Usage: rin playouts [GAMES] [--size N] [--seed S]\n",
    "Plays GAMES uniformly random games (default 100000) and prints games and\nplies per second.\n",
    playouts_options, sizeof playouts_options / sizeof playouts_options[0], NULL};

const ArgsCommand *playouts_command_args(void) { return &playouts_args; }

int playouts_command(int argc, char **argv)
{
    PlayoutsArgs a = {16, 1};
    uint64_t games = 100000;
    char **operands = argv; /* args_parse gathers them at the front */
    int count;
    ArgsResult parsed = args_parse(&playouts_args, argc, argv, &a, operands, &count);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    if (count > 1 || (count == 1 && number_parse_uint(operands[0], 1, UINT64_C(1) << 40, &games) != NUMBER_OK))
        return args_usage_error(&playouts_args, "unexpected argument '%s'", operands[count - 1]);
    uint64_t size = a.size, seed = a.seed;
    PlayoutStats stats;
    double start = clock_now_seconds();
    playout_run((int)size, games, seed, &stats);
    double elapsed = clock_now_seconds() - start;
    if (elapsed <= 0)
        elapsed = 1e-9;
    printf("size %d, seed %" PRIu64 ": black wins %" PRId64 ", white wins %" PRId64 ", draws %" PRId64
           ", %.1f stones per game, %.3f s\n",
           (int)size, seed, stats.black_wins, stats.white_wins, stats.draws,
           (double)stats.plies / (double)stats.games, elapsed);
    printf("playouts: %" PRIu64 " games, %.0f games/s, %.0f plies/s\n", stats.games,
           (double)stats.games / elapsed, (double)stats.plies / elapsed);
    return 0;
}

typedef struct PerftArgs {
    Position pos;
} PerftArgs;

static bool set_perft_position(void *pos, const char *value, char *err, size_t err_size)
{
    char why[160];
    if (!value)
        return false;
    if (!posstr_parse(value, pos, why, sizeof why))
        return error_text(err, err_size, "bad position string: %s", why);
    return true;
}

static const ArgsOption perft_options[] = {
    {"--position", "STRING", ARGS_CALL, offsetof(PerftArgs, pos), 0, 0, set_perft_position,
     "--position needs a position string", "count from this position (default the empty 16x16 board)"},
};

static const ArgsCommand perft_args = {"perft", "Usage: rin perft DEPTH [--position STRING]\n",
                                       "Counts the stone sequences of DEPTH plies (0 to 64).\n", perft_options,
                                       sizeof perft_options / sizeof perft_options[0], NULL};

const ArgsCommand *perft_command_args(void) { return &perft_args; }

int perft_command(int argc, char **argv)
{
    PerftArgs a;
    pos_init(&a.pos, BB_MAX_SIZE);
    uint64_t depth = 0;
    char **operands = argv;
    int count;
    ArgsResult parsed = args_parse(&perft_args, argc, argv, &a, operands, &count);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    if (count == 0)
        return args_usage_error(&perft_args, "DEPTH is required");
    if (count > 1 || number_parse_uint(operands[0], 0, 64, &depth) != NUMBER_OK)
        return args_usage_error(&perft_args, "unexpected argument '%s'", operands[count - 1]);
    Position pos = a.pos;
    double start = clock_now_seconds();
    uint64_t leaves = perft(&pos, (int)depth);
    double elapsed = clock_now_seconds() - start;
    if (elapsed <= 0)
        elapsed = 1e-9;
    printf("perft %d: %" PRIu64 " leaves, %.3f s, %.0f leaves/s\n", (int)depth, leaves, elapsed,
           (double)leaves / elapsed);
    return 0;
}

static void bench_progress(int index, const Position *pos, const SearchInfo *info, void *context)
{
    (void)context;
    char line[REPORT_LINE_MAX];
    report_info_line(info, pos->size, line);
    fprintf(stderr, "position %d/%d (%dx%d, %d empty): %s\n", index + 1, bench_count(), pos->size, pos->size,
            pos_empty_count(pos), line);
}

enum { BENCH_HASH_MAX_MIB = 65536 }; /* as --hash allows */

typedef struct BenchArgs {
    uint64_t threads, hash;
    const char *pattern_file, *net_file;
} BenchArgs;

static const ArgsOption bench_options[] = {
    {"--threads", "N", ARGS_UINT, offsetof(BenchArgs, threads), 1, SEARCH_MAX_THREADS, NULL,
     "--threads needs a number from 1 to 256", "search threads (default 1: the node count is the signature)"},
    {"--hash", "MB", ARGS_UINT, offsetof(BenchArgs, hash), 1, BENCH_HASH_MAX_MIB, NULL,
     "--hash needs a number of MiB from 1 to 65536", "transposition table (default 16)"},
    {"--pattern-file", "P", ARGS_TEXT, offsetof(BenchArgs, pattern_file), 0, 0, NULL,
     "--pattern-file needs builtin, none or a pattern weights file",
     "the pattern model (default builtin; none: without)"},
    {"--net-file", "F", ARGS_TEXT, offsetof(BenchArgs, net_file), 0, 0, NULL,
     "--net-file needs builtin, none or a network weights file",
     "the evaluation network, in the pattern model's place (default none)"},
};

static const ArgsCommand bench_args = {
    "bench", "Usage: rin bench [DEPTH] [--threads N] [--hash MB] [--pattern-file P] [--net-file F]\n",
    "Searches fixed positions to DEPTH (default 5); prints the node count (the\nsearch's signature, with 1 thread and "
    "16 MB), the time and nodes/second.\n",
    bench_options, sizeof bench_options / sizeof bench_options[0], NULL};

const ArgsCommand *bench_command_args(void) { return &bench_args; }

int bench_command(int argc, char **argv)
{
    BenchArgs a = {1, BENCH_HASH_MIB, PATTERN_FILE_BUILTIN, NET_FILE_NONE};
    uint64_t depth = BENCH_DEFAULT_DEPTH;
    char **operands = argv;
    int count;
    ArgsResult parsed = args_parse(&bench_args, argc, argv, &a, operands, &count);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    if (count > 1)
        return args_usage_error(&bench_args, "unexpected argument '%s'", operands[1]);
    if (count == 1 && number_parse_uint(operands[0], 1, SEARCH_MAX_DEPTH, &depth) != NUMBER_OK)
        return args_usage_error(&bench_args, "DEPTH must be a number from 1 to 64, got '%s'", operands[0]);
    uint64_t threads = a.threads, hash = a.hash;
    const char *pattern_file = a.pattern_file;
    NtupleModel *patterns = NULL;
    char err[OPTIONS_PATH_MAX + 256];
    if (!pattern_file_resolve(pattern_file, &patterns, err, sizeof err)) {
        fprintf(stderr, "rin: bench: %s\n", err);
        return 1;
    }
    NnueModel *network = NULL;
    if (!net_file_resolve(a.net_file, &network, err, sizeof err)) {
        fprintf(stderr, "rin: bench: %s\n", err);
        ntuple_model_destroy(patterns);
        return 1;
    }
    EvalModel *eval = eval_model_default();
    BenchResult result;
    BenchSetup setup = {(int)depth, (int)threads, (int)hash, network};
    bool ok = eval && bench_run_with(eval, patterns, &setup, bench_progress, NULL, &result);
    eval_model_destroy(eval);
    ntuple_model_destroy(patterns);
    nnue_model_destroy(network);
    if (!ok) {
        fprintf(stderr, "rin: bench: out of memory\n");
        return 1;
    }
    int64_t ms = result.time_ms > 0 ? result.time_ms : 1;
    printf("Total time (ms) : %" PRId64 "\n", result.time_ms);
    printf("Nodes searched: %" PRIu64 "\n", result.nodes);
    printf("Nodes/second: %" PRIu64 "\n", result.nodes * 1000 / (uint64_t)ms);
    return 0;
}

typedef struct SuiteArgs {
    uint64_t nodes;
    const char *eval_file, *pattern_file;
} SuiteArgs;

static const ArgsOption suite_options[] = {
    {"--nodes", "N", ARGS_UINT, offsetof(SuiteArgs, nodes), 1, (double)(UINT64_C(1) << 40), NULL,
     "--nodes needs a positive number", "nodes of a fresh search per position (default 100000)"},
    {"--eval-file", "E", ARGS_TEXT, offsetof(SuiteArgs, eval_file), 0, 0, NULL,
     "--eval-file needs classic, builtin or a weights file", "classic, builtin or a weights file (default builtin)"},
    {"--pattern-file", "P", ARGS_TEXT, offsetof(SuiteArgs, pattern_file), 0, 0, NULL,
     "--pattern-file needs builtin, none or a pattern weights file",
     "builtin, none or a pattern weights file (default builtin)"},
};

static const ArgsCommand suite_args = {
    "suite", "Usage: rin suite FILE [--nodes N] [--eval-file E] [--pattern-file P]\n",
    "Searches each position of a tactical suite and reports how many are solved.\n", suite_options,
    sizeof suite_options / sizeof suite_options[0], NULL};

const ArgsCommand *suite_command_args(void) { return &suite_args; }

int suite_command(int argc, char **argv)
{
    SuiteArgs a = {SUITE_DEFAULT_NODES, NULL, PATTERN_FILE_BUILTIN};
    char **operands = argv;
    int count;
    ArgsResult parsed = args_parse(&suite_args, argc, argv, &a, operands, &count);
    if (parsed != ARGS_OK)
        return parsed == ARGS_HELP ? 0 : 2;
    if (count == 0)
        return args_usage_error(&suite_args, "FILE is required");
    if (count > 1)
        return args_usage_error(&suite_args, "unexpected argument '%s'", operands[1]);
    bool eval_file_given = a.eval_file != NULL;
    const char *path = operands[0], *eval_file = eval_file_given ? a.eval_file : EVAL_FILE_BUILTIN;
    const char *pattern_file = a.pattern_file;
    uint64_t nodes = a.nodes;
    const char *note = eval_file_given ? pattern_file_eval_note(eval_file, pattern_file) : NULL;
    if (note)
        fprintf(stderr, "rin: suite: warning: --eval-file: %s\n", note);
    EvalModel *eval = NULL;
    char err[OPTIONS_PATH_MAX + 256];
    if (!eval_file_resolve(eval_file, &eval, err, sizeof err)) {
        fprintf(stderr, "rin: suite: %s\n", err);
        return 1;
    }
    NtupleModel *patterns = NULL;
    if (!pattern_file_resolve(pattern_file, &patterns, err, sizeof err)) {
        fprintf(stderr, "rin: suite: %s\n", err);
        eval_model_destroy(eval);
        return 1;
    }
    SuiteResult result;
    double start = clock_now_seconds();
    bool ok = suite_run_with(path, nodes, eval, patterns, stdout, &result, err, sizeof err);
    eval_model_destroy(eval);
    ntuple_model_destroy(patterns);
    if (!ok) {
        fprintf(stderr, "rin: suite: %s\n", err);
        return 1;
    }
    printf("solved %d/%d at %" PRIu64 " nodes, %.1f s\n", result.solved, result.total, nodes,
           clock_now_seconds() - start);
    return 0;
}
