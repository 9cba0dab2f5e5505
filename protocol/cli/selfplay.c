/* rin selfplay: plays games of the search player against itself
 * (selfplay_game.c) on threads (selfplay_run.c) and writes them, in order,
 * as training data: in the binary format "rin-games" (the default,
 * formats/game_file.h) or in the text format rin-selfplay
 * (formats/selfplay_text.h). */
#include "cli/selfplay.h"

#include "cli/args.h"
#include "learn/selfplay_run.h"
#include "formats/eval_file.h"
#include "formats/net_file.h"
#include "formats/pattern_file.h"
#include "gtp/options.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formats/game_file.h"
#include "formats/number.h"
#include "formats/posstr.h"
#include "base/clock.h"
#include "rules/score.h"
#include "version.h"



void selfplay_defaults(SelfplayOptions *o)
{
    memset(o, 0, sizeof *o);
    o->games = 100;
    o->sizes[0] = 8;
    o->sizes[1] = 12;
    o->sizes[2] = 16;
    o->size_count = 3;
    o->shard = 1;
    o->shards = 1;
    o->threads = 1;
    o->output = NULL;
    o->eval_file = EVAL_FILE_BUILTIN;
    o->pattern_file = PATTERN_FILE_BUILTIN;
    o->net_file = NET_FILE_NONE;
    o->format = SELFPLAY_BINARY;
    o->settings = (SelfplaySettings){.seed = 1, .opening_plies = 4, .explore = 0.0, .nodes = 2000,
                                     .mc_playouts = 0, .solve_empties = 0};
}

static bool set_sizes(void *options, const char *text, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    SelfplayOptions *o = options;
    int sizes[SELFPLAY_MAX_SIZES], count = 0;
    for (const char *s = text;; s++) {
        const char *end = strchr(s, ',');
        size_t length = end ? (size_t)(end - s) : strlen(s);
        uint64_t size;
        if (count == SELFPLAY_MAX_SIZES ||
            number_parse_uint_span(s, length, BB_MIN_SIZE, BB_MAX_SIZE, &size) != NUMBER_OK)
            return false;
        sizes[count++] = (int)size;
        if (!end)
            break;
        s = end;
    }
    memcpy(o->sizes, sizes, sizeof sizes);
    o->size_count = count;
    return true;
}

static bool set_shard(void *options, const char *text, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    SelfplayOptions *o = options;
    const char *slash = text ? strchr(text, '/') : NULL;
    uint64_t shard, shards;
    if (!slash || number_parse_uint_span(text, (size_t)(slash - text), 1, UINT32_MAX, &shard) != NUMBER_OK ||
        number_parse_uint(slash + 1, 1, UINT32_MAX, &shards) != NUMBER_OK || shard > shards)
        return false;
    o->shard = shard;
    o->shards = shards;
    return true;
}

static bool set_probability(void *probability, const char *text, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    /* no sign: not even for -0 */
    return text && *text != '-' && *text != '+' && number_parse_real(text, 0.0, 1.0, probability) == NUMBER_OK;
}

static bool set_format(void *format, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    if (!value || (strcmp(value, "binary") != 0 && strcmp(value, "text") != 0))
        return false;
    *(SelfplayFormat *)format = strcmp(value, "text") == 0 ? SELFPLAY_TEXT : SELFPLAY_BINARY;
    return true;
}

#define AT(field) offsetof(SelfplayOptions, field)

static const ArgsOption selfplay_options[] = {
    {"--games", "N", ARGS_UINT, AT(games), 1, 1e12, NULL, "--games needs a number of games from 1 to 10^12",
     "games to play (default 100)"},
    {"--sizes", "LIST", ARGS_CALL, 0, 0, 0, set_sizes,
     "--sizes needs board sizes from 4 to 16 separated by commas, e.g. 8,12,16",
     "board sizes 4..16, game g on the (g mod count)-th (default 8,12,16)"},
    {"--nodes", "N", ARGS_UINT, AT(settings.nodes), 1, 1e12, NULL, "--nodes needs a number of nodes from 1 to 10^12",
     "search nodes per stone (default 2000)"},
    {"--seed", "S", ARGS_UINT, AT(settings.seed), 0, ARGS_UINT64_MAX, NULL, "--seed needs a non-negative number",
     "seed of the run (default 1)"},
    {"--shard", "I/N", ARGS_CALL, 0, 0, 0, set_shard, "--shard needs I/N with 1 <= I <= N, e.g. 2/4",
     "play only the games g with g mod N = I-1 (default 1/1)"},
    {"--opening-plies", "K", ARGS_INT, AT(settings.opening_plies), 0, BB_POINTS, NULL,
     "--opening-plies needs a number of stones from 0 to 256", "uniformly random stones that open each game (default 4)"},
    {"--explore", "P", ARGS_CALL, AT(settings.explore), 0, 0, set_probability,
     "--explore needs a probability from 0 to 1, e.g. 0.05",
     "probability that a later stone is random, not searched (default 0)"},
    {"--mc-playouts", "M", ARGS_INT, AT(settings.mc_playouts), 0, 1000000, NULL,
     "--mc-playouts needs a number of playouts from 0 to 1000000",
     "random playouts per position for Monte Carlo ownership (default 0: off)"},
    {"--solve-empties", "E", ARGS_INT, AT(settings.solve_empties), 0, 32, NULL,
     "--solve-empties needs a number of empty points from 0 to 32",
     "solve positions with at most E empty points exactly (default 0: off;\nthe solver's time grows steeply beyond about 20)"},
    {"--threads", "T", ARGS_INT, AT(threads), 1, SELFPLAY_MAX_THREADS, NULL,
     "--threads needs a number of threads from 1 to 256", "games played at once (default 1)"},
    {"--eval-file", "E", ARGS_TEXT, AT(eval_file), 0, 0, NULL, "--eval-file needs classic, builtin or a weights file",
     "the search's evaluation: builtin (the learned weights built in, the default),\nclassic (hand-set) or a weights file"},
    {"--pattern-file", "P", ARGS_TEXT, AT(pattern_file), 0, 0, NULL,
     "--pattern-file needs builtin, none or a pattern weights file",
     "the pattern model the search evaluates with: builtin (the default),\nnone (the eval-file's evaluation alone) or "
     "a pattern weights file"},
    {"--net-file", "F", ARGS_TEXT, AT(net_file), 0, 0, NULL, "--net-file needs builtin, none or a network weights file",
     "the network the search evaluates with, in the pattern model's place:\nnone (the default), builtin or a network "
     "weights file"},
    {"--format", "F", ARGS_CALL, AT(format), 0, 0, set_format, "--format needs binary or text",
     "binary (rin-games, the default) or text (rin-selfplay)"},
    {"--output", "FILE", ARGS_TEXT, AT(output), 0, 0, NULL, "--output needs a file name",
     "write to FILE (replaced) instead of stdout"},
};

static const ArgsCommand selfplay_args = {
    "selfplay",
    "Usage: rin selfplay [--games N] [--sizes 8,12,16] [--nodes N] [--seed S] [--shard I/N]\n"
    "                    [--opening-plies K] [--explore P] [--mc-playouts M] [--solve-empties E]\n"
    "                    [--threads T] [--eval-file E] [--pattern-file P] [--net-file F]\n"
    "                    [--format binary|text] [--output FILE]\n",
    "Plays the search player against itself and writes the games as training data:\n"
    "whole games in a compact binary file (format rin-games 1), or one line per\n"
    "position (format rin-selfplay 1); both are described in engine/learn/TRAINING.md,\n"
    "and `rin games --text` prints a binary file as the text format.\n"
    "Game g depends only on the seed and g: the output does not depend on --threads,\n"
    "and the shards 1/N..N/N of a run together hold exactly its games.\n",
    selfplay_options,
    sizeof selfplay_options / sizeof selfplay_options[0],
    NULL};

const ArgsCommand *selfplay_command_args(void) { return &selfplay_args; }

SelfplayParse selfplay_parse_args(int argc, char **argv, SelfplayOptions *o, char *err, size_t err_size)
{
    ArgsResult result = args_read(&selfplay_args, argc, argv, o, NULL, NULL, err, err_size);
    return result == ARGS_OK ? SELFPLAY_PARSE_RUN : result == ARGS_HELP ? SELFPLAY_PARSE_HELP : SELFPLAY_PARSE_ERROR;
}


/* Where a run's games go: the output, and what the progress line shows. */
typedef struct Output {
    const SelfplayOptions *options;
    int fd;
    uint64_t total, written, positions;
    char error[160]; /* why the output failed */
    bool progress;   /* stderr is a terminal */
    double start, last_progress;
} Output;

/* Writes all of buf; false with errno set on failure. */
static bool write_all(int fd, const char *buf, size_t length)
{
    while (length > 0) {
        ssize_t n = write(fd, buf, length);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf += n;
        length -= (size_t)n;
    }
    return true;
}

static void format_duration(double seconds, char *out, size_t out_size)
{
    uint64_t s = seconds > 0 && seconds < 1e9 ? (uint64_t)(seconds + 0.5) : 0;
    if (s >= 3600)
        snprintf(out, out_size, "%" PRIu64 "h%02" PRIu64 "m", s / 3600, s / 60 % 60);
    else if (s >= 60)
        snprintf(out, out_size, "%" PRIu64 "m%02" PRIu64 "s", s / 60, s % 60);
    else
        snprintf(out, out_size, "%" PRIu64 "s", s);
}

static void show_progress(Output *out)
{
    double now = clock_now_seconds();
    if (!out->progress || (now - out->last_progress < 0.25 && out->written < out->total))
        return;
    out->last_progress = now;
    double elapsed = now - out->start > 1e-9 ? now - out->start : 1e-9;
    double rate = (double)out->written / elapsed;
    char eta[32];
    format_duration(rate > 0 ? (double)(out->total - out->written) / rate : 0, eta, sizeof eta);
    fprintf(stderr, "\rselfplay: %" PRIu64 "/%" PRIu64 " games, %" PRIu64 " positions, %.2f games/s, ETA %s\033[K",
            out->written, out->total, out->positions, rate, eta);
}

/* A game in the output's format (selfplay_run's encode). */
static char *encode_game(const SelfplayGame *game, size_t *length, void *context)
{
    const Output *out = context;
    char *bytes;
    if (out->options->format == SELFPLAY_TEXT) {
        bytes = malloc((size_t)game->count * SELFPLAY_LINE_MAX + 1);
        *length = bytes ? selfplay_format_game(game, bytes) : 0;
    } else {
        bytes = malloc(GAME_FILE_GAME_MAX);
        *length = bytes ? game_file_write_game(game, (uint8_t *)bytes) : 0;
    }
    return bytes;
}

/* The next game, written (selfplay_run's emit). */
static bool emit_game(const char *bytes, size_t length, int positions, void *context)
{
    Output *out = context;
    if (!write_all(out->fd, bytes, length)) {
        snprintf(out->error, sizeof out->error, "cannot write the output: %s", strerror(errno));
        return false;
    }
    out->written++;
    out->positions += (uint64_t)positions;
    show_progress(out);
    return true;
}

size_t selfplay_settings_line(const SelfplayOptions *o, char out[SELFPLAY_SETTINGS_MAX])
{
    char sizes[SELFPLAY_MAX_SIZES * 3 + 1] = "", explore[32];
    size_t used = 0;
    for (int i = 0; i < o->size_count; i++)
        used += (size_t)snprintf(sizes + used, sizeof sizes - used, "%s%d", i ? "," : "", o->sizes[i]);
    number_format_real(o->settings.explore, explore, sizeof explore);
    bool has_patterns = o->pattern_file && strcmp(o->pattern_file, PATTERN_FILE_NONE) != 0;
    bool has_network = o->net_file && strcmp(o->net_file, NET_FILE_NONE) != 0;
    int length = snprintf(out, SELFPLAY_SETTINGS_MAX,
                          "rin %s selfplay --games %" PRIu64 " --sizes %s --nodes %" PRIu64 " --seed %" PRIu64
                          " --shard %" PRIu64 "/%" PRIu64 " --opening-plies %d --explore %s --mc-playouts %d"
                          " --solve-empties %d%s%.300s%s%.250s%s%.250s",
                          RIN_VERSION, o->games, sizes, o->settings.nodes, o->settings.seed, o->shard, o->shards,
                          o->settings.opening_plies, explore, o->settings.mc_playouts, o->settings.solve_empties,
                          o->eval_file ? " --eval-file " : "", o->eval_file ? o->eval_file : "",
                          has_patterns ? " --pattern-file " : "", has_patterns ? o->pattern_file : "",
                          has_network ? " --net-file " : "", has_network ? o->net_file : "");
    return length < 0 ? 0 : length < SELFPLAY_SETTINGS_MAX ? (size_t)length : SELFPLAY_SETTINGS_MAX - 1;
}


static bool write_header(int fd, const SelfplayOptions *o)
{
    char settings[SELFPLAY_SETTINGS_MAX];
    selfplay_settings_line(o, settings);
    if (o->format == SELFPLAY_TEXT) {
        char header[SELFPLAY_SETTINGS_MAX + 32];
        return write_all(fd, header, selfplay_format_header(settings, header));
    }
    uint8_t header[GAME_FILE_HEADER_MAX];
    return write_all(fd, (const char *)header, game_file_write_header(settings, header));
}

/* Plays the games of the options' shard and writes them to fd. Returns the
 * exit status. */
static int run_games(const SelfplayOptions *o, int fd)
{
    Output out = {.options = o, .fd = fd, .progress = isatty(STDERR_FILENO) == 1};
    out.total = o->games > o->shard - 1 ? (o->games - o->shard) / o->shards + 1 : 0;
    if (!write_header(fd, o))
        return args_fail("selfplay", "cannot write the output: %s", strerror(errno));
    SelfplayRun run = {.settings = &o->settings,
                       .threads = o->threads,
                       .total = out.total,
                       .first = o->shard - 1,
                       .step = o->shards,
                       .sizes = o->sizes,
                       .size_count = o->size_count,
                       .encode = encode_game,
                       .emit = emit_game,
                       .context = &out};
    out.start = clock_now_seconds();
    out.last_progress = out.start - 1; /* the first game shows at once */
    SelfplayRunResult result;
    SelfplayRunStatus status = selfplay_run(&run, &result);
    double elapsed = clock_now_seconds() - out.start;
    if (elapsed <= 0)
        elapsed = 1e-9;
    if (out.progress && out.total > 0)
        fputs("\r\033[K", stderr);
    if (status == SELFPLAY_RUN_ILLEGAL)
        args_fail("selfplay", "game %" PRIu64 ": the search answered an illegal stone", result.game);
    else if (status == SELFPLAY_RUN_MEMORY)
        args_fail("selfplay", "out of memory");
    else if (status == SELFPLAY_RUN_EMIT)
        args_fail("selfplay", "%s", out.error);
    if (status != SELFPLAY_RUN_MEMORY || result.written > 0)
        fprintf(stderr,
                "selfplay: %" PRIu64 " games, %" PRIu64 " positions in %.1f s: %.3f games/s, %.1f positions/s\n",
                result.written, result.positions, elapsed, (double)result.written / elapsed,
                (double)result.positions / elapsed);
    return status == SELFPLAY_RUN_OK ? 0 : 1;
}

/* The evaluation, pattern model and network a run plays with (owned). */
typedef struct SelfplayModels {
    EvalModel *eval;
    NtupleModel *patterns;
    NnueModel *network;
} SelfplayModels;

static void free_models(SelfplayModels *m)
{
    eval_model_destroy(m->eval);
    ntuple_model_destroy(m->patterns);
    nnue_model_destroy(m->network);
}

/* Loads what the options name into *m and options->settings; on failure
 * writes why on stderr and keeps nothing. */
static bool load_models(SelfplayOptions *o, SelfplayModels *m)
{
    char why[OPTIONS_PATH_MAX + 160];
    *m = (SelfplayModels){NULL, NULL, NULL};
    if ((o->eval_file && !eval_file_resolve(o->eval_file, &m->eval, why, sizeof why)) ||
        (o->pattern_file && !pattern_file_resolve(o->pattern_file, &m->patterns, why, sizeof why)) ||
        (o->net_file && !net_file_resolve(o->net_file, &m->network, why, sizeof why))) {
        fprintf(stderr, "rin: selfplay: %s\n", why);
        free_models(m);
        return false;
    }
    o->settings.eval = m->eval;
    o->settings.patterns = m->patterns;
    o->settings.network = m->network;
    return true;
}

int selfplay_command(int argc, char **argv)
{
    SelfplayOptions options;
    selfplay_defaults(&options);
    char err[200];
    switch (selfplay_parse_args(argc, argv, &options, err, sizeof err)) {
    case SELFPLAY_PARSE_HELP:
        args_usage(&selfplay_args, stdout);
        return 0;
    case SELFPLAY_PARSE_ERROR:
        return args_usage_error(&selfplay_args, "%s", err);
    case SELFPLAY_PARSE_RUN:
        break;
    }
    SelfplayModels models;
    if (!load_models(&options, &models))
        return 2;
    if (!options.output && options.format == SELFPLAY_BINARY && isatty(STDOUT_FILENO) == 1) {
        fprintf(stderr, "rin: selfplay: binary games are not written to a terminal: give --output FILE, "
                        "redirect stdout, or ask for --format text\n");
        free_models(&models);
        return 2;
    }
    int fd = STDOUT_FILENO;
    if (options.output) {
        fd = open(options.output, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd < 0) {
            fprintf(stderr, "rin: selfplay: cannot open %s: %s\n", options.output, strerror(errno));
            free_models(&models);
            return 1;
        }
    }
    int status = run_games(&options, fd);
    if (options.output && close(fd) != 0 && status == 0) {
        fprintf(stderr, "rin: selfplay: cannot write %s: %s\n", options.output, strerror(errno));
        status = 1;
    }
    free_models(&models);
    return status;
}
