/* The rin command: a GTP engine by default, plus benchmark, analysis and
 * data subcommands (playouts, perft, bench, suite, selfplay, games, train,
 * train-patterns, judge, solve, verify), and a game for people (play). */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/games_command.h"
#include "cli/judge_command.h"
#include "cli/pattern_train_command.h"
#include "cli/play.h"
#include "cli/selfplay.h"
#include "cli/solve_command.h"
#include "cli/suite.h"
#include "cli/terminal.h"
#include "cli/train_command.h"
#include "cli/verify_command.h"
#include "formats/eval_file.h"
#include "formats/number.h"
#include "formats/pattern_file.h"
#include "formats/posstr.h"
#include "gtp/gtp.h"
#include "gtp/options.h"
#include "gtp/search_report.h"
#include "players/player.h"
#include "base/clock.h"
#include "rules/perft.h"
#include "rules/playout.h"
#include "search/bench.h"
#include "version.h"

static const char usage_text[] =
    "Usage: rin [OPTIONS]            GTP engine on stdin/stdout (a prompt on a terminal)\n"
    "       rin playouts [GAMES] [--size N] [--seed S]\n"
    "                                random games per second (default 100000 games, 16x16)\n"
    "       rin perft DEPTH [--position STRING]\n"
    "                                count stone sequences of DEPTH plies\n"
    "       rin bench [DEPTH] [--threads N] [--hash MB] [--pattern-file P]\n"
    "                                search fixed positions to DEPTH (default %d); prints the\n"
    "                                node count (the search's signature, with 1 thread and\n"
    "                                16 MB), the time and nodes/second; with the pattern\n"
    "                                model P (default builtin; none: without)\n"
    "       rin train FILE... --output WEIGHTS [--epochs N] [--features LIST] [--seed S]\n"
    "                                fit the evaluation's weights to selfplay data\n"
    "       rin train-patterns FILE... --output PATTERNS [--split-turn] [--tactical] [--seed S]\n"
    "                                fit the pattern model to selfplay data\n"
    "                                (rin train-patterns --help)\n"
    "       rin selfplay [--games N] [--sizes 8,12,16] [--nodes N] [--seed S] [--shard I/N]\n"
    "                    [--opening-plies K] [--explore P] [--mc-playouts M] [--solve-empties E]\n"
    "                    [--threads T] [--eval-file E] [--pattern-file P] [--format binary|text]\n"
    "                    [--output FILE]\n"
    "                                self-play games as training data (rin selfplay --help)\n"
    "       rin games [--text] FILE...\n"
    "                                summarise binary self-play files, or print them as text\n"
    "                                (rin games --help)\n"
    "       rin judge SET... [--nodes N | --playouts N] [--eval-file E] [--pattern-file P]\n"
    "                                score an evaluation on held-out positions (rin judge --help)\n"
    "       rin verify FILE...\n"
    "                                check proof files with the rules alone (rin verify --help)\n"
    "       rin suite FILE [--nodes N] [--eval-file E] [--pattern-file P]\n"
    "                                search each position of a tactical suite to N nodes\n"
    "                                (default %d) with evaluation E (default builtin) and report\n"
    "                                how many are solved\n"
    "       rin solve (--size N | --position STRING) [--openings] [--time SECONDS] [--hash MB]\n"
    "                                the exact value of a small board under perfect play\n"
    "                                (rin solve --help)\n"
    "       rin play [--size N] [--color b|w] [--movetime MS] [--position STRING]\n"
    "                                play against the engine on the terminal (rin play --help)\n"
    "\n"
    "Options (also set over GTP with rin-option NAME VALUE):\n";

static const char usage_tail[] =
    "  -h, --help        show this help and exit\n"
    "  -V, --version     show the version and exit\n"
    "\n"
    "Without a clock from the controller (time_settings) the engine thinks\n"
    "stonetime ms per stone. movetime, depth and nodes are fixed limits.\n"
    "On a terminal (the rin> prompt) verbose is 0 unless --verbose 1 is given.\n";

static void print_usage(FILE *out)
{
    fprintf(out, usage_text, BENCH_DEFAULT_DEPTH, SUITE_DEFAULT_NODES);
    EngineOptions defaults;
    options_defaults(&defaults);
    for (size_t i = 0; options_spec(i); i++) {
        const OptionSpec *spec = options_spec(i);
        char value[OPTIONS_VALUE_MAX], flag[48];
        options_format(&defaults, spec, value);
        snprintf(flag, sizeof flag, "--%s %s", spec->name, spec->kind == OPTION_PLAYER ? "NAME" : spec->kind == OPTION_PATH ? "FILE" : "N");
        fprintf(out, "  %-17s %s (default %s)\n", flag, spec->help, value);
    }
    fputs(usage_tail, out);
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "rin: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n\n");
    print_usage(stderr);
    return 2;
}

static int cmd_playouts(int argc, char **argv)
{
    uint64_t games = 100000, size = 16, seed = 1;
    bool have_games = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--size") == 0) {
            if (number_parse_uint(i + 1 < argc ? argv[i + 1] : NULL, BB_MIN_SIZE, BB_MAX_SIZE, &size) != NUMBER_OK)
                return usage_error("playouts: --size needs a number from 4 to 16", NULL);
            i++;
        } else if (strcmp(argv[i], "--seed") == 0) {
            if (number_parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 0, UINT64_MAX, &seed) != NUMBER_OK)
                return usage_error("playouts: --seed needs a non-negative number", NULL);
            i++;
        } else if (!have_games && number_parse_uint(argv[i], 1, UINT64_C(1) << 40, &games) == NUMBER_OK) {
            have_games = true;
        } else {
            return usage_error("playouts: unexpected argument '%s'", argv[i]);
        }
    }
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

static int cmd_perft(int argc, char **argv)
{
    uint64_t depth = 0;
    bool have_depth = false;
    Position pos;
    pos_init(&pos, BB_MAX_SIZE);
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--position") == 0) {
            if (i + 1 >= argc)
                return usage_error("perft: --position needs a position string", NULL);
            char err[160];
            if (!posstr_parse(argv[i + 1], &pos, err, sizeof err))
                return usage_error("perft: bad position string: %s", err);
            i++;
        } else if (!have_depth && number_parse_uint(argv[i], 0, 64, &depth) == NUMBER_OK) {
            have_depth = true;
        } else {
            return usage_error("perft: unexpected argument '%s'", argv[i]);
        }
    }
    if (!have_depth)
        return usage_error("perft: DEPTH is required", NULL);
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

static int cmd_bench(int argc, char **argv)
{
    uint64_t depth = BENCH_DEFAULT_DEPTH, threads = 1, hash = BENCH_HASH_MIB;
    bool have_depth = false;
    const char *pattern_file = PATTERN_FILE_BUILTIN;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0) {
            if (number_parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 1, SEARCH_MAX_THREADS, &threads) != NUMBER_OK)
                return usage_error("bench: --threads needs a number from 1 to 256", NULL);
            i++;
        } else if (strcmp(argv[i], "--hash") == 0) {
            if (number_parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 1, BENCH_HASH_MAX_MIB, &hash) != NUMBER_OK)
                return usage_error("bench: --hash needs a number of MiB from 1 to 65536", NULL);
            i++;
        } else if (strcmp(argv[i], "--pattern-file") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return usage_error("bench: --pattern-file needs builtin, none or a pattern weights file", NULL);
            pattern_file = argv[++i];
        } else if (!have_depth && strncmp(argv[i], "--", 2) != 0) {
            if (number_parse_uint(argv[i], 1, SEARCH_MAX_DEPTH, &depth) != NUMBER_OK)
                return usage_error("bench: DEPTH must be a number from 1 to 64, got '%s'", argv[i]);
            have_depth = true;
        } else {
            return usage_error("bench: unexpected argument '%s'", argv[i]);
        }
    }
    NtupleModel *patterns = NULL;
    char err[OPTIONS_PATH_MAX + 256];
    if (!pattern_file_resolve(pattern_file, &patterns, err, sizeof err)) {
        fprintf(stderr, "rin: bench: %s\n", err);
        return 1;
    }
    EvalModel *eval = eval_model_default();
    BenchResult result;
    BenchSetup setup = {(int)depth, (int)threads, (int)hash};
    bool ok = eval && bench_run_with(eval, patterns, &setup, bench_progress, NULL, &result);
    eval_model_destroy(eval);
    ntuple_model_destroy(patterns);
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

/* An --eval-file given while a pattern model evaluates: a warning saying
 * what the weights still do. */
static void warn_eval_file(const char *who, bool given, const char *eval_file, const char *pattern_file)
{
    const char *note = pattern_file_eval_note(eval_file, pattern_file);
    if (given && note)
        fprintf(stderr, "%s: warning: --eval-file: %s\n", who, note);
}

static int cmd_suite(int argc, char **argv)
{
    uint64_t nodes = SUITE_DEFAULT_NODES;
    const char *path = NULL;
    const char *eval_file = EVAL_FILE_BUILTIN, *pattern_file = PATTERN_FILE_BUILTIN;
    bool eval_file_given = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--nodes") == 0) {
            if (number_parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 1, UINT64_C(1) << 40, &nodes) != NUMBER_OK)
                return usage_error("suite: --nodes needs a positive number", NULL);
            i++;
        } else if (strcmp(argv[i], "--eval-file") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return usage_error("suite: --eval-file needs classic, builtin or a weights file", NULL);
            eval_file = argv[++i];
            eval_file_given = true;
        } else if (strcmp(argv[i], "--pattern-file") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return usage_error("suite: --pattern-file needs builtin, none or a pattern weights file", NULL);
            pattern_file = argv[++i];
        } else if (!path && strncmp(argv[i], "--", 2) != 0) {
            path = argv[i];
        } else {
            return usage_error("suite: unexpected argument '%s'", argv[i]);
        }
    }
    if (!path)
        return usage_error("suite: FILE is required", NULL);
    warn_eval_file("rin suite", eval_file_given, eval_file, pattern_file);
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

/* Whether a subcommand's arguments ask for help (-h or --help anywhere). */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return true;
    return false;
}

/* The subcommands without a help page of their own are described in the
 * usage text: asked for help, they show it on stdout and succeed. */
static bool is_simple_subcommand(const char *name)
{
    return strcmp(name, "playouts") == 0 || strcmp(name, "perft") == 0 || strcmp(name, "bench") == 0 ||
           strcmp(name, "suite") == 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && is_simple_subcommand(argv[1]) && asks_for_help(argc - 2, argv + 2)) {
        print_usage(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "playouts") == 0)
        return cmd_playouts(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "perft") == 0)
        return cmd_perft(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "train") == 0)
        return train_command_run(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "train-patterns") == 0)
        return pattern_train_command_run(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "selfplay") == 0)
        return selfplay_command(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "games") == 0)
        return games_command(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "judge") == 0)
        return judge_command(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "solve") == 0)
        return solve_command(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "verify") == 0)
        return verify_command(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "suite") == 0)
        return cmd_suite(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "play") == 0)
        return play_command(argc - 2, argv + 2);

    EngineOptions options;
    options_defaults(&options);
    bool terminal = isatty(STDIN_FILENO);
    if (terminal)
        options.verbose = 0; /* a person at a terminal sees info lines only when asking with --verbose 1 */
    bool eval_file_given = false;
    for (int i = 1; i < argc; i += 2) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            print_usage(stdout);
            return 0;
        }
        if (strcmp(arg, "-V") == 0 || strcmp(arg, "--version") == 0) {
            printf("%s %s\n", RIN_NAME, RIN_VERSION);
            return 0;
        }
        if (strncmp(arg, "--", 2) != 0 || !options_find(arg + 2))
            return usage_error("unknown option '%s'", arg);
        if (i + 1 >= argc)
            return usage_error("%s needs a value", arg);
        char err[OPTIONS_PATH_MAX + 160];
        if (!options_set(&options, arg + 2, argv[i + 1], err, sizeof err))
            return usage_error("%s", err);
        eval_file_given |= strcmp(arg, "--eval-file") == 0;
    }
    warn_eval_file("rin", eval_file_given, options.eval_file, options.pattern_file);

    EvalModel *model = NULL;
    char err[OPTIONS_PATH_MAX + 160];
    if (!eval_file_resolve(options.eval_file, &model, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        return 2;
    }
    eval_model_destroy(model);
    NtupleModel *patterns = NULL;
    if (!pattern_file_resolve(options.pattern_file, &patterns, err, sizeof err)) {
        fprintf(stderr, "rin: %s\n", err);
        return 2;
    }
    ntuple_model_destroy(patterns);
    Gtp *gtp = gtp_create(&options);
    if (!gtp) {
        fprintf(stderr, "rin: out of memory (try a smaller --hash)\n");
        return 1;
    }
    int status = terminal ? terminal_run(gtp) : gtp_run(gtp, stdin, stdout);
    gtp_destroy(gtp);
    return status;
}
