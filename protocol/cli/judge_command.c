/* rin judge: the held-out yardstick for an evaluation's judgement (how
 * well it sees the final margin and owners from the middle game), and
 * rin judge --make, which builds a set from games. */
#include "cli/judge_command.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "cli/args.h"
#include "formats/atomic_file.h"
#include "formats/error_text.h"
#include "formats/eval_file.h"
#include "formats/judge_set.h"
#include "formats/number.h"
#include "formats/net_file.h"
#include "formats/pattern_file.h"
#include "learn/judge.h"
#include "search/mcprior.h"

enum { JUDGE_DEFAULT_FROM = 220, JUDGE_DEFAULT_TO = 130, JUDGE_DEFAULT_EVERY = 10 };



static void print_figures(const char *name, const JudgeFigures *f)
{
    printf("%s: %d positions, sign %.1f %%, margin rms %.2f, owner brier ", name, f->positions,
           100.0 * f->sign_accuracy, f->margin_rms);
    if (f->owner_brier >= 0)
        printf("%.4f", f->owner_brier);
    else
        printf("-");
    printf(", lost games %d, swing mean %.1f max %.1f\n", f->lost_games, f->mean_swing, f->max_swing);
}

/* Progress on stderr every five seconds. */
static void print_progress(void *context, int done, int total)
{
    double *last = context;
    if (clock_now_seconds() - *last >= 5.0) {
        fprintf(stderr, "judge: %d/%d positions\n", done, total);
        *last = clock_now_seconds();
    }
}

static int judge_sets(int count, char **paths, const JudgeEstimator *config, bool per_game)
{
    JudgeEstimator e = *config;
    if (!judge_estimator_start(&e)) {
        fprintf(stderr, "rin: judge: out of memory\n");
        return 1;
    }
    int status = 0;
    for (int s = 0; s < count && status == 0; s++) {
        FILE *in = strcmp(paths[s], "-") == 0 ? stdin : fopen(paths[s], "r");
        if (!in) {
            fprintf(stderr, "rin: judge: cannot open %s\n", paths[s]);
            status = 1;
            break;
        }
        JudgeSet set;
        char err[512];
        bool ok = judge_set_read(in, paths[s], &set, err, sizeof err);
        if (in != stdin)
            fclose(in);
        if (!ok) {
            fprintf(stderr, "rin: judge: %s\n", err);
            status = 1;
            break;
        }
        JudgeEstimates est = {NULL, NULL};
        double *swing = malloc((size_t)(set.game_count ? set.game_count : 1) * sizeof *swing);
        double last = clock_now_seconds();
        if (!swing || !judge_estimate_set(&e, &set, &est, print_progress, &last)) {
            fprintf(stderr, "rin: judge: out of memory\n");
            status = 1;
        } else {
            JudgeFigures f;
            judge_figures(&set, &est, &f, swing);
            print_figures(paths[s], &f);
            for (int g = 0; per_game && g < set.game_count; g++)
                if (set.games[g].loser != JUDGE_LOSER_NONE)
                    printf("  %s: swing %.1f (lost by %d)\n", set.games[g].name, swing[g],
                           abs(pos_score(&set.games[g].final)));
        }
        free(swing);
        free(est.margin);
        free(est.owner);
        judge_set_free(&set);
    }
    judge_estimator_end(&e);
    return status;
}

/* ---------- making a set ---------- */

static int make_set(int count, char **paths, const char *output, const JudgeSetSelection *o)
{
    AtomicFile file;
    char err[ARGS_ERROR_MAX];
    if (!atomic_file_open(&file, output, err, sizeof err))
        return args_fail("judge", "%s", err);
    judge_set_write_header(file.out);
    fprintf(file.out, "# rin judge --make --from %d --to %d --every %d%s\n", o->from, o->to, o->every,
            o->lost ? " --lost" : "");
    bool ok = true;
    int games = 0;
    for (int i = 0; i < count && ok; i++)
        ok = judge_set_add_games(file.out, paths[i], o, &games, err, sizeof err);
    if (!ok)
        args_fail("judge", "%s", err);
    if (!atomic_file_commit(&file, ok, NULL, err, sizeof err))
        return ok ? args_fail("judge", "%s", err) : 1;
    fprintf(stderr, "judge: %d games written to %s\n", games, output);
    return 0;
}

/* ---------- the command ---------- */

typedef struct JudgeArgs {
    bool make, per_game;
    const char *output, *eval_file, *pattern_file, *net_file;
    JudgeSetSelection make_options;
    uint64_t nodes;
    int playouts;
    SearchParams params;
} JudgeArgs;

/* NAME=VALUE into the search's parameters. */
static bool set_param(void *params, const char *text, char *err, size_t err_size)
{
    if (!SEARCH_PARAMS_TUNABLE)
        return error_text(err, err_size, "--param: the search's parameters are options only in a build with -DRIN_TUNE=ON");
    const char *eq = text ? strchr(text, '=') : NULL;
    char name[64];
    int64_t value;
    if (!eq || (size_t)(eq - text) >= sizeof name || number_parse_int(eq + 1, INT32_MIN, INT32_MAX, &value) != NUMBER_OK)
        return false;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    if (!search_params_set(params, name, (int)value))
        return error_text(err, err_size, "--param: no such parameter, or the value is out of its range");
    return true;
}

#define AT(field) offsetof(JudgeArgs, field)

static const ArgsOption judge_options[] = {
    {"--nodes", "N", ARGS_UINT, AT(nodes), 0, (double)(UINT64_C(1) << 40), NULL,
     "--nodes needs a number (0: the static evaluation)",
     "estimate by a search of N nodes (default 0: the static\nevaluation the search uses at its leaves)"},
    {"--playouts", "N", ARGS_INT, AT(playouts), MCPRIOR_MIN_PLAYOUTS, 1 << 20, NULL,
     "--playouts needs a number of random games from 64 to 1048576",
     "estimate the margin and the owners by the search's\nMonte Carlo prior of N random games instead"},
    {"--eval-file", "E", ARGS_TEXT, AT(eval_file), 0, 0, NULL, "--eval-file needs classic, builtin or a weights file",
     "classic, builtin or a weights file (default builtin)"},
    {"--pattern-file", "P", ARGS_TEXT, AT(pattern_file), 0, 0, NULL,
     "--pattern-file needs builtin, none or a pattern weights file",
     "builtin, none or a pattern weights file (default builtin)"},
    {"--net-file", "F", ARGS_TEXT, AT(net_file), 0, 0, NULL, "--net-file needs builtin, none or a network weights file",
     "none, builtin or a network weights file (default none); a\nnetwork evaluates instead of the pattern model, and its\n"
     "owner head gives the owners"},
    {"--games", NULL, ARGS_ON, AT(per_game), 0, 0, NULL, NULL, "also print every lost game's swing"},
    {"--param", "NAME=VALUE", ARGS_CALL, AT(params), 0, 0, set_param, "--param needs NAME=VALUE",
     "a search parameter (engine/search/params.h) for --nodes\nand --playouts; only in a build with -DRIN_TUNE=ON,\n"
     "repeatable"},
    {"--make", NULL, ARGS_ON, AT(make), 0, 0, NULL, NULL,
     "write a set from self-play files (rin selfplay, binary) and\nSGF game records (*.sgf): every K-th position "
     "with E1 to\nE2 empty points, each game with its final board"},
    {"--output", "SET", ARGS_TEXT, AT(output), 0, 0, NULL, "--output needs a file name",
     "the set to write (written whole, then renamed)"},
    {"--from", "E1", ARGS_INT, AT(make_options.from), 1, BB_POINTS, NULL,
     "--from needs a number of empty points from 1 to 256", "the most empty points of a position kept (default 220)"},
    {"--to", "E2", ARGS_INT, AT(make_options.to), 1, BB_POINTS, NULL,
     "--to needs a number of empty points from 1 to 256", "the fewest empty points of a position kept (default 130)"},
    {"--every", "K", ARGS_INT, AT(make_options.every), 1, BB_POINTS, NULL, "--every needs a number from 1 to 256",
     "every K-th position of those (default 10)"},
    {"--lost", NULL, ARGS_ON, AT(make_options.lost), 0, 0, NULL, NULL,
     "mark each game's losing side, whose swing is measured\n(for games the search lost)"},
};

static const ArgsCommand judge_args = {
    "judge",
    "Usage: rin judge SET... [--nodes N | --playouts N] [--eval-file E] [--pattern-file P] [--net-file F]\n"
    "                 [--games]\n"
    "       rin judge --make --output SET [--from E1] [--to E2] [--every K] [--lost] GAMES...\n",
    "Scores an evaluation on held-out positions whose games' outcomes are known\n"
    "(format rin-judge 1): the share of positions whose estimate has the sign of\n"
    "the final margin, the margin's rms error in stones, the Brier score of the\n"
    "final owner of every empty point, and along each lost game the largest fall\n"
    "of the estimate from the loser's side (its swing).\n",
    judge_options,
    sizeof judge_options / sizeof judge_options[0],
    NULL};

const ArgsCommand *judge_command_args(void) { return &judge_args; }

int judge_command(int argc, char **argv)
{
    JudgeArgs a = {.eval_file = EVAL_FILE_BUILTIN,
                   .pattern_file = PATTERN_FILE_BUILTIN,
                   .net_file = NET_FILE_NONE,
                   .make_options = {JUDGE_DEFAULT_FROM, JUDGE_DEFAULT_TO, JUDGE_DEFAULT_EVERY, false},
                   .params = search_params_default};
    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int path_count = 0;
    if (!paths)
        return 1;
    int status = -1;
    ArgsResult parsed = args_parse(&judge_args, argc, argv, &a, paths, &path_count);
    if (parsed != ARGS_OK)
        status = parsed == ARGS_HELP ? 0 : 2;
    bool make = a.make, per_game = a.per_game;
    const char *output = a.output, *eval_file = a.eval_file, *pattern_file = a.pattern_file;
    uint64_t nodes = a.nodes;
    int playouts = a.playouts;
    if (status < 0 && path_count == 0)
        status = args_usage_error(&judge_args, make ? "no game files to make a set from" : "no set to judge on (SET...)");
    if (status < 0 && nodes && playouts)
        status = args_usage_error(&judge_args, "--nodes and --playouts are two estimators: give one");
    if (status < 0 && make && !output)
        status = args_usage_error(&judge_args, "--make needs --output SET");
    if (status < 0 && make && a.make_options.to > a.make_options.from)
        status = args_usage_error(&judge_args, "--to must not exceed --from (empty points count down)");
    if (status < 0 && make) {
        status = make_set(path_count, paths, output, &a.make_options);
    } else if (status < 0) {
        EvalModel *eval = NULL;
        NtupleModel *patterns = NULL;
        NnueModel *network = NULL;
        char err[4096 + 256];
        if (!eval_file_resolve(eval_file, &eval, err, sizeof err) ||
            !pattern_file_resolve(pattern_file, &patterns, err, sizeof err) ||
            !net_file_resolve(a.net_file, &network, err, sizeof err)) {
            fprintf(stderr, "rin: judge: %s\n", err);
            status = 1;
        } else {
            printf("estimator: --eval-file %s --pattern-file %s --net-file %s, %s\n", eval_file, pattern_file,
                   a.net_file,
                   playouts ? "Monte Carlo prior" : nodes ? "search" : "static evaluation");
            if (nodes)
                printf("nodes: %" PRIu64 "\n", nodes);
            if (playouts)
                printf("playouts: %d\n", playouts);
            JudgeEstimator e = {eval, patterns, network, nodes, playouts, &a.params, NULL};
            status = judge_sets(path_count, paths, &e, per_game);
        }
        eval_model_destroy(eval);
        ntuple_model_destroy(patterns);
        nnue_model_destroy(network);
    }
    free(paths);
    return status;
}
