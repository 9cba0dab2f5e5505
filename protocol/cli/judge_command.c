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
#include "formats/eval_file.h"
#include "formats/game_file.h"
#include "formats/judge_set.h"
#include "formats/number.h"
#include "formats/pattern_file.h"
#include "formats/sgf.h"
#include "learn/judge.h"
#include "search/mcprior.h"

enum { JUDGE_DEFAULT_FROM = 220, JUDGE_DEFAULT_TO = 130, JUDGE_DEFAULT_EVERY = 10 };

static const char usage_text[] =
    "Usage: rin judge SET... [--nodes N | --playouts N] [--eval-file E] [--pattern-file P] [--games]\n"
    "       rin judge --make --output SET [--from E1] [--to E2] [--every K] [--lost] GAMES...\n"
    "\n"
    "Scores an evaluation on held-out positions whose games' outcomes are known\n"
    "(format rin-judge 1): the share of positions whose estimate has the sign of\n"
    "the final margin, the margin's rms error in stones, the Brier score of the\n"
    "final owner of every empty point, and along each lost game the largest fall\n"
    "of the estimate from the loser's side (its swing).\n"
    "\n"
    "  --nodes N          estimate by a search of N nodes (default 0: the static\n"
    "                     evaluation the search uses at its leaves)\n"
    "  --playouts N       estimate the margin and the owners by the search's\n"
    "                     Monte Carlo prior of N random games instead\n"
    "  --eval-file E      classic, builtin or a weights file (default builtin)\n"
    "  --pattern-file P   builtin, none or a pattern weights file (default builtin)\n"
    "  --games            also print every lost game's swing\n"
    "  --param NAME=VALUE a search parameter (engine/search/params.h) for --nodes\n"
    "                     and --playouts;\n"
    "                     only in a build with -DRIN_TUNE=ON, repeatable\n"
    "\n"
    "--make writes a set from self-play files (rin selfplay, binary) and SGF game\n"
    "records (*.sgf): every K-th position (default 10) with E1 to E2 empty points\n"
    "(default 220 to 130), each game with its final board.\n"
    "  --output SET       the set to write (written whole, then renamed)\n"
    "  --lost             mark each game's losing side, whose swing is measured\n"
    "                     (for games the search lost)\n"
    "  -h, --help         show this help and exit\n";

static int judge_usage_error(const char *message)
{
    fprintf(stderr, "rin: judge: %s\nTry 'rin judge --help'.\n", message);
    return 2;
}

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

typedef struct MakeOptions {
    int from, to, every;
    bool lost;
} MakeOptions;

static int loser_of(const Position *final, bool lost)
{
    int margin = pos_score(final);
    if (!lost || margin == 0)
        return JUDGE_LOSER_NONE;
    return margin > 0 ? COLOR_WHITE : COLOR_BLACK;
}

/* Keeps the positions with from..to empty points, every `every`-th of
 * those counted from the first. */
static int select_positions(const MakeOptions *o, const Position *all, int count, Position *out)
{
    int kept = 0, seen = 0;
    for (int i = 0; i < count; i++) {
        int empty = pos_empty_count(&all[i]);
        if (empty > o->from || empty < o->to)
            continue;
        if (seen++ % o->every == 0)
            out[kept++] = all[i];
    }
    return kept;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool make_from_sgf(const char *path, const MakeOptions *o, FILE *out, int *games)
{
    SgfGame *game = malloc(sizeof *game);
    SgfError err;
    if (!game) {
        fprintf(stderr, "rin: judge: out of memory\n");
        return false;
    }
    if (!sgf_read_file(path, game, &err)) {
        fprintf(stderr, "rin: judge: %s:%d:%d: %s\n", path, err.line, err.column, err.message);
        free(game);
        return false;
    }
    Position all[BB_POINTS + 1], kept[BB_POINTS + 1], final;
    for (int k = 0; k <= game->move_count; k++)
        sgf_replay(game, k, &all[k]);
    int moves = game->move_count;
    free(game);
    final = all[moves];
    if (!pos_is_over(&final)) {
        fprintf(stderr, "rin: judge: %s: the game does not end with a full board\n", path);
        return false;
    }
    int n = select_positions(o, all, moves, kept);
    char name[JUDGE_NAME_MAX];
    snprintf(name, sizeof name, "%s", base_name(path));
    judge_set_write_game(out, name, &final, loser_of(&final, o->lost), kept, n);
    (*games)++;
    return true;
}

static bool make_from_games(const char *path, const MakeOptions *o, FILE *out, int *games)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "rin: judge: cannot open %s\n", path);
        return false;
    }
    GameFileReader reader;
    if (!game_file_reader_init(&reader)) {
        fclose(in);
        fprintf(stderr, "rin: judge: out of memory\n");
        return false;
    }
    bool ok = true;
    for (;;) {
        GameFileError err;
        GameFileItem item = game_file_read(&reader, in, &err);
        if (item == GAME_FILE_END)
            break;
        if (item == GAME_FILE_ERROR) {
            fprintf(stderr, "rin: judge: %s: at byte %" PRIu64 ": %s\n", path, err.offset, err.reason);
            ok = false;
            break;
        }
        if (item != GAME_FILE_GAME)
            continue;
        const SelfplayGame *game = reader.game;
        Position all[SELFPLAY_MAX_STONES], kept[SELFPLAY_MAX_STONES];
        for (int i = 0; i < game->count; i++)
            all[i] = game->records[i].pos;
        int n = select_positions(o, all, game->count, kept);
        char name[JUDGE_NAME_MAX];
        snprintf(name, sizeof name, "%.40s#%" PRIu64, base_name(path), game->index);
        judge_set_write_game(out, name, &game->final, loser_of(&game->final, o->lost), kept, n);
        (*games)++;
    }
    game_file_reader_free(&reader);
    fclose(in);
    return ok;
}

static int make_set(int count, char **paths, const char *output, const MakeOptions *o)
{
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.tmp", output) >= (int)sizeof temporary)
        return judge_usage_error("--output: path too long");
    FILE *out = fopen(temporary, "w");
    if (!out) {
        fprintf(stderr, "rin: judge: cannot write %s\n", temporary);
        return 1;
    }
    judge_set_write_header(out);
    fprintf(out, "# rin judge --make --from %d --to %d --every %d%s\n", o->from, o->to, o->every,
            o->lost ? " --lost" : "");
    bool ok = true;
    int games = 0;
    for (int i = 0; i < count && ok; i++)
        ok = has_suffix(paths[i], ".sgf") ? make_from_sgf(paths[i], o, out, &games)
                                          : make_from_games(paths[i], o, out, &games);
    if (fclose(out) != 0)
        ok = false;
    if (!ok || rename(temporary, output) != 0) {
        remove(temporary);
        if (ok)
            fprintf(stderr, "rin: judge: cannot write %s\n", output);
        return 1;
    }
    fprintf(stderr, "judge: %d games written to %s\n", games, output);
    return 0;
}

/* ---------- the command ---------- */

static bool parse_int_option(char **argv, int argc, int *i, int low, int high, int *value)
{
    uint64_t v;
    if (*i + 1 >= argc || number_parse_uint(argv[*i + 1], (uint64_t)low, (uint64_t)high, &v) != NUMBER_OK)
        return false;
    *value = (int)v;
    (*i)++;
    return true;
}

/* The non-empty value after option i into *value (i moves past it). */
static bool take_text(char **argv, int argc, int *i, const char **value)
{
    if (*i + 1 >= argc || !argv[*i + 1][0])
        return false;
    *value = argv[++*i];
    return true;
}

/* NAME=VALUE into params: -1 when set, else the usage error's status. */
static int parse_param(const char *text, SearchParams *params)
{
    if (!SEARCH_PARAMS_TUNABLE)
        return judge_usage_error("--param: the search's parameters are options only in a build with -DRIN_TUNE=ON");
    const char *eq = text ? strchr(text, '=') : NULL;
    char name[64];
    int64_t value;
    if (!eq || (size_t)(eq - text) >= sizeof name || number_parse_int(eq + 1, INT32_MIN, INT32_MAX, &value) != NUMBER_OK)
        return judge_usage_error("--param needs NAME=VALUE");
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    if (!search_params_set(params, name, (int)value))
        return judge_usage_error("--param: no such parameter, or the value is out of its range");
    return -1;
}

int judge_command(int argc, char **argv)
{
    bool make = false, per_game = false;
    const char *output = NULL, *eval_file = EVAL_FILE_BUILTIN, *pattern_file = PATTERN_FILE_BUILTIN;
    MakeOptions o = {JUDGE_DEFAULT_FROM, JUDGE_DEFAULT_TO, JUDGE_DEFAULT_EVERY, false};
    uint64_t nodes = 0;
    int playouts = 0;
    SearchParams params = search_params_default;
    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int path_count = 0;
    if (!paths)
        return 1;
    int status = -1;
    for (int i = 0; i < argc && status < 0; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(usage_text, stdout);
            status = 0;
        } else if (strcmp(a, "--make") == 0) {
            make = true;
        } else if (strcmp(a, "--lost") == 0) {
            o.lost = true;
        } else if (strcmp(a, "--games") == 0) {
            per_game = true;
        } else if (strcmp(a, "--output") == 0) {
            if (!take_text(argv, argc, &i, &output))
                status = judge_usage_error("--output needs a file name");
        } else if (strcmp(a, "--from") == 0) {
            if (!parse_int_option(argv, argc, &i, 1, BB_POINTS, &o.from))
                status = judge_usage_error("--from needs a number of empty points from 1 to 256");
        } else if (strcmp(a, "--to") == 0) {
            if (!parse_int_option(argv, argc, &i, 1, BB_POINTS, &o.to))
                status = judge_usage_error("--to needs a number of empty points from 1 to 256");
        } else if (strcmp(a, "--every") == 0) {
            if (!parse_int_option(argv, argc, &i, 1, BB_POINTS, &o.every))
                status = judge_usage_error("--every needs a number from 1 to 256");
        } else if (strcmp(a, "--nodes") == 0) {
            if (number_parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 0, UINT64_C(1) << 40, &nodes) != NUMBER_OK)
                status = judge_usage_error("--nodes needs a number (0: the static evaluation)");
            i++;
        } else if (strcmp(a, "--playouts") == 0) {
            if (!parse_int_option(argv, argc, &i, MCPRIOR_MIN_PLAYOUTS, 1 << 20, &playouts))
                status = judge_usage_error("--playouts needs a number of random games from 64 to 1048576");
        } else if (strcmp(a, "--param") == 0) {
            status = parse_param(i + 1 < argc ? argv[i + 1] : NULL, &params);
            i++;
        } else if (strcmp(a, "--eval-file") == 0) {
            if (!take_text(argv, argc, &i, &eval_file))
                status = judge_usage_error("--eval-file needs classic, builtin or a weights file");
        } else if (strcmp(a, "--pattern-file") == 0) {
            if (!take_text(argv, argc, &i, &pattern_file))
                status = judge_usage_error("--pattern-file needs builtin, none or a pattern weights file");
        } else if (strncmp(a, "--", 2) == 0) {
            fprintf(stderr, "rin: judge: unknown option '%s'\nTry 'rin judge --help'.\n", a);
            status = 2;
        } else {
            paths[path_count++] = argv[i];
        }
    }
    if (status < 0 && path_count == 0)
        status = judge_usage_error(make ? "no game files to make a set from" : "no set to judge on (SET...)");
    if (status < 0 && nodes && playouts)
        status = judge_usage_error("--nodes and --playouts are two estimators: give one");
    if (status < 0 && make && !output)
        status = judge_usage_error("--make needs --output SET");
    if (status < 0 && make && o.to > o.from)
        status = judge_usage_error("--to must not exceed --from (empty points count down)");
    if (status < 0 && make) {
        status = make_set(path_count, paths, output, &o);
    } else if (status < 0) {
        EvalModel *eval = NULL;
        NtupleModel *patterns = NULL;
        char err[4096 + 256];
        if (!eval_file_resolve(eval_file, &eval, err, sizeof err) ||
            !pattern_file_resolve(pattern_file, &patterns, err, sizeof err)) {
            fprintf(stderr, "rin: judge: %s\n", err);
            status = 1;
        } else {
            printf("estimator: --eval-file %s --pattern-file %s, %s\n", eval_file, pattern_file,
                   playouts ? "Monte Carlo prior" : nodes ? "search" : "static evaluation");
            if (nodes)
                printf("nodes: %" PRIu64 "\n", nodes);
            if (playouts)
                printf("playouts: %d\n", playouts);
            JudgeEstimator e = {eval, patterns, nodes, playouts, &params, NULL};
            status = judge_sets(path_count, paths, &e, per_game);
        }
        eval_model_destroy(eval);
        ntuple_model_destroy(patterns);
    }
    free(paths);
    return status;
}
