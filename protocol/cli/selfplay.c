/* rin selfplay: plays games of the search player against itself
 * (selfplay_game.c) on worker threads and writes them, whole and in order,
 * as training data: in the binary format "rin-games" (the default,
 * formats/game_file.h) or in the text format below.
 *
 * File format "rin-selfplay", version 1 (text, UTF-8/ASCII, '\n' line ends):
 *
 *   #rin-selfplay 1
 *   # rin 0.1.0 selfplay --games 40 --sizes 8,12,16 --nodes 2000 --seed 1 ...
 *   4/4/1x2/4 w 1<TAB>xxoo...<TAB>-2<TAB>35<TAB>-<TAB>-<TAB>0
 *   ...
 *
 * - The first line is "#rin-selfplay 1". A line starting with '#' is a
 *   comment or header: readers accept such lines anywhere, repeated
 *   (concatenated shards repeat the header). The writer's second line is
 *   a comment with the settings that reproduce the file. Empty lines are
 *   ignored.
 * - Every other line is one position: the position before a stone placed
 *   by the search or by exploration. The random opening's stones and the
 *   final full board have no line. A game's lines are consecutive, in the
 *   order played; games are written whole, in increasing game index.
 * - A data line has seven fields separated by one TAB each:
 *   1. the position string, exactly as GTP rin-position prints it
 *      (posstr.h), e.g. "4/4/1x2/4 w 1";
 *   2. the final owner of every point: N*N characters, 'x' Black, 'o'
 *      White, row by row from the top row (the position string's order);
 *   3. the final margin: Black's stones minus White's at the end, a signed
 *      decimal integer ("-3", "0", "12");
 *   4. the search's score in centistones for the side to move, from its
 *      last completed iteration; a proven result is written as its margin
 *      for the side to move times 100; "-" for a random (explored) stone,
 *      and in the rare case that no iteration completed;
 *   5. Monte Carlo ownership: "-" without --mc-playouts, else N*N integers
 *      0..1000 separated by ',' in the owner field's order: per mille of M
 *      uniformly random playouts from this position in which the point
 *      ended Black (rounded to nearest, halves up);
 *   6. the exact value: when the position has at most E empty points
 *      (--solve-empties E), Black's stones minus White's at the end under
 *      perfect play (endgame solver), else "-";
 *   7. the game index g, decimal (split held-out data by game).
 */
#include "cli/selfplay.h"

#include "cli/args.h"
#include "formats/eval_file.h"
#include "formats/pattern_file.h"
#include "gtp/options.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
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

/* Games finished ahead of the next one to write that a run keeps waiting,
 * per thread: bounds memory when one game takes long. */
enum { PENDING_PER_THREAD = 4 };


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
    {"--seed", "S", ARGS_UINT, AT(settings.seed), 0, 1.9e19, NULL, "--seed needs a non-negative number",
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
    {"--format", "F", ARGS_CALL, AT(format), 0, 0, set_format, "--format needs binary or text",
     "binary (rin-games, the default) or text (rin-selfplay)"},
    {"--output", "FILE", ARGS_TEXT, AT(output), 0, 0, NULL, "--output needs a file name",
     "write to FILE (replaced) instead of stdout"},
};

static const ArgsCommand selfplay_args = {
    "selfplay",
    "Usage: rin selfplay [--games N] [--sizes 8,12,16] [--nodes N] [--seed S] [--shard I/N]\n"
    "                    [--opening-plies K] [--explore P] [--mc-playouts M] [--solve-empties E]\n"
    "                    [--threads T] [--eval-file E] [--pattern-file P] [--format binary|text]\n"
    "                    [--output FILE]\n",
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

size_t selfplay_format_game(const SelfplayGame *game, char *out)
{
    int size = game->final.size;
    char owner[BB_POINTS + 1];
    int n = 0;
    for (int row = 0; row < size; row++)
        for (int col = 0; col < size; col++)
            owner[n++] = pos_at(&game->final, point_make(row, col)) == COLOR_BLACK ? 'x' : 'o';
    owner[n] = '\0';
    int margin = pos_score(&game->final);

    char *o = out;
    for (int i = 0; i < game->count; i++) {
        const SelfplayRecord *r = &game->records[i];
        char position[POSSTR_MAX], score[16] = "-", solved[16] = "-";
        char ownership[BB_POINTS * 5 + 1] = "-";
        posstr_format(&r->pos, position);
        if (!r->explored && r->scored)
            snprintf(score, sizeof score, "%d", selfplay_score_centistones(r));
        int playouts = game->mc_playouts;
        if (playouts > 0) {
            char *w = ownership;
            for (int row = 0; row < size; row++)
                for (int col = 0; col < size; col++) {
                    uint64_t black = r->black_playouts[point_make(row, col)];
                    w += sprintf(w, "%s%" PRIu64, w == ownership ? "" : ",",
                                 (black * 1000 + (uint64_t)playouts / 2) / (uint64_t)playouts);
                }
        }
        if (r->solved)
            snprintf(solved, sizeof solved, "%d", r->solved_margin);
        o += sprintf(o, "%s\t%s\t%d\t%s\t%s\t%s\t%" PRIu64 "\n", position, owner, margin, score, ownership, solved,
                     game->index);
    }
    *o = '\0';
    return (size_t)(o - out);
}

/* A game played and formatted, waiting for its turn to be written. */
typedef struct Pending {
    char *text; /* NULL: not played yet */
    size_t length;
    int positions;
} Pending;

/* A run: workers claim games in order and hand them back formatted; the
 * games are written in order by whichever worker completes the next one. */
typedef struct Run {
    const SelfplayOptions *options;
    int fd;
    uint64_t total; /* games of this shard */
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a game was written, or the run failed */
    uint64_t next_claim, next_write; /* indexes in this shard's games */
    size_t window;
    Pending *pending; /* by index in the shard modulo window */
    bool failed;
    char error[200];
    uint64_t positions; /* in the games written */
    bool progress; /* stderr is a terminal */
    double start, last_progress;
} Run;

typedef struct Worker {
    Run *run;
    SelfplayPlayer *player;
    SelfplayGame *game;
    pthread_t thread;
    bool running; /* on its own thread */
} Worker;

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

/* Called with the lock held. */
static void show_progress(Run *run)
{
    double now = clock_now_seconds();
    if (!run->progress || (now - run->last_progress < 0.25 && run->next_write < run->total))
        return;
    run->last_progress = now;
    double elapsed = now - run->start > 1e-9 ? now - run->start : 1e-9;
    double rate = (double)run->next_write / elapsed;
    char eta[32];
    format_duration(rate > 0 ? (double)(run->total - run->next_write) / rate : 0, eta, sizeof eta);
    fprintf(stderr, "\rselfplay: %" PRIu64 "/%" PRIu64 " games, %" PRIu64 " positions, %.2f games/s, ETA %s\033[K",
            run->next_write, run->total, run->positions, rate, eta);
}

static void fail(Run *run, const char *message)
{
    if (!run->failed)
        snprintf(run->error, sizeof run->error, "%s", message);
    run->failed = true;
}

/* Stores a formatted game and writes every game that is next in order.
 * Called with the lock held; takes ownership of text. */
static void hand_in(Run *run, uint64_t k, char *text, size_t length, int positions)
{
    run->pending[k % run->window] = (Pending){text, length, positions};
    while (!run->failed && run->next_write < run->next_claim && run->pending[run->next_write % run->window].text) {
        Pending *next = &run->pending[run->next_write % run->window];
        if (!write_all(run->fd, next->text, next->length)) {
            char message[160];
            snprintf(message, sizeof message, "cannot write the output: %s", strerror(errno));
            fail(run, message);
            break;
        }
        run->positions += (uint64_t)next->positions;
        free(next->text);
        *next = (Pending){NULL, 0, 0};
        run->next_write++;
        show_progress(run);
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Run *run = w->run;
    const SelfplayOptions *o = run->options;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        while (!run->failed && run->next_claim < run->total && run->next_claim >= run->next_write + run->window)
            pthread_cond_wait(&run->changed, &run->lock);
        if (run->failed || run->next_claim >= run->total) {
            pthread_mutex_unlock(&run->lock);
            break;
        }
        uint64_t k = run->next_claim++;
        pthread_mutex_unlock(&run->lock);

        uint64_t g = o->shard - 1 + k * o->shards;
        bool legal = selfplay_game_play(w->player, g, o->sizes[g % (uint64_t)o->size_count], w->game);
        char *text = NULL;
        size_t length = 0;
        if (legal && o->format == SELFPLAY_TEXT) {
            text = malloc((size_t)w->game->count * SELFPLAY_LINE_MAX + 1);
            length = text ? selfplay_format_game(w->game, text) : 0;
        } else if (legal) {
            text = malloc(GAME_FILE_GAME_MAX);
            length = text ? game_file_write_game(w->game, (uint8_t *)text) : 0;
        }

        pthread_mutex_lock(&run->lock);
        if (!legal) {
            char message[160];
            snprintf(message, sizeof message, "game %" PRIu64 ": the search answered an illegal stone", g);
            fail(run, message);
        } else if (!text) {
            fail(run, "out of memory");
        } else {
            hand_in(run, k, text, length, w->game->count);
        }
        pthread_cond_broadcast(&run->changed);
        pthread_mutex_unlock(&run->lock);
    }
    return NULL;
}

size_t selfplay_settings_line(const SelfplayOptions *o, char out[SELFPLAY_SETTINGS_MAX])
{
    char sizes[SELFPLAY_MAX_SIZES * 3 + 1] = "", explore[32];
    size_t used = 0;
    for (int i = 0; i < o->size_count; i++)
        used += (size_t)snprintf(sizes + used, sizeof sizes - used, "%s%d", i ? "," : "", o->sizes[i]);
    number_format_real(o->settings.explore, explore, sizeof explore);
    bool has_patterns = o->pattern_file && strcmp(o->pattern_file, PATTERN_FILE_NONE) != 0;
    int length = snprintf(out, SELFPLAY_SETTINGS_MAX,
                          "rin %s selfplay --games %" PRIu64 " --sizes %s --nodes %" PRIu64 " --seed %" PRIu64
                          " --shard %" PRIu64 "/%" PRIu64 " --opening-plies %d --explore %s --mc-playouts %d"
                          " --solve-empties %d%s%.400s%s%.300s",
                          RIN_VERSION, o->games, sizes, o->settings.nodes, o->settings.seed, o->shard, o->shards,
                          o->settings.opening_plies, explore, o->settings.mc_playouts, o->settings.solve_empties,
                          o->eval_file ? " --eval-file " : "", o->eval_file ? o->eval_file : "",
                          has_patterns ? " --pattern-file " : "", has_patterns ? o->pattern_file : "");
    return length < 0 ? 0 : length < SELFPLAY_SETTINGS_MAX ? (size_t)length : SELFPLAY_SETTINGS_MAX - 1;
}

size_t selfplay_format_header(const char *settings, char *out)
{
    return (size_t)sprintf(out, "#rin-selfplay %d\n# %s\n", SELFPLAY_FORMAT_VERSION, settings);
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
    Run run = {.options = o, .fd = fd, .progress = isatty(STDERR_FILENO) == 1};
    run.total = o->games > o->shard - 1 ? (o->games - o->shard) / o->shards + 1 : 0;
    run.window = (size_t)o->threads * PENDING_PER_THREAD;
    run.pending = calloc(run.window, sizeof *run.pending);
    Worker *workers = calloc((size_t)o->threads, sizeof *workers);
    bool ok = run.pending && workers;
    for (int i = 0; ok && i < o->threads; i++) {
        workers[i].run = &run;
        workers[i].player = selfplay_player_create(&o->settings);
        workers[i].game = malloc(sizeof *workers[i].game);
        ok = workers[i].player && workers[i].game;
    }
    if (!ok) {
        fprintf(stderr, "rin: selfplay: out of memory\n");
    } else if (!write_header(fd, o)) {
        fprintf(stderr, "rin: selfplay: cannot write the output: %s\n", strerror(errno));
        ok = false;
    } else {
        pthread_mutex_init(&run.lock, NULL);
        pthread_cond_init(&run.changed, NULL);
        run.start = clock_now_seconds();
        run.last_progress = run.start - 1; /* the first game shows at once */
        /* the calling thread is worker 0; a helper that cannot start only slows the run */
        for (int i = 1; i < o->threads; i++)
            workers[i].running = pthread_create(&workers[i].thread, NULL, worker_main, &workers[i]) == 0;
        worker_main(&workers[0]);
        for (int i = 1; i < o->threads; i++)
            if (workers[i].running)
                pthread_join(workers[i].thread, NULL);
        double elapsed = clock_now_seconds() - run.start;
        if (elapsed <= 0)
            elapsed = 1e-9;
        if (run.progress && run.total > 0)
            fputs("\r\033[K", stderr);
        if (run.failed) {
            fprintf(stderr, "rin: selfplay: %s\n", run.error);
            ok = false;
        }
        fprintf(stderr,
                "selfplay: %" PRIu64 " games, %" PRIu64 " positions in %.1f s: %.3f games/s, %.1f positions/s\n",
                run.next_write, run.positions, elapsed, (double)run.next_write / elapsed,
                (double)run.positions / elapsed);
        pthread_cond_destroy(&run.changed);
        pthread_mutex_destroy(&run.lock);
    }
    for (size_t i = 0; run.pending && i < run.window; i++)
        free(run.pending[i].text);
    for (int i = 0; workers && i < o->threads; i++) {
        selfplay_player_destroy(workers[i].player);
        free(workers[i].game);
    }
    free(workers);
    free(run.pending);
    return ok ? 0 : 1;
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
    EvalModel *model = NULL;
    if (options.eval_file) {
        char why[OPTIONS_PATH_MAX + 160];
        if (!eval_file_resolve(options.eval_file, &model, why, sizeof why)) {
            fprintf(stderr, "rin: selfplay: %s\n", why);
            return 2;
        }
        options.settings.eval = model;
    }
    NtupleModel *patterns = NULL;
    if (options.pattern_file) {
        char why[OPTIONS_PATH_MAX + 160];
        if (!pattern_file_resolve(options.pattern_file, &patterns, why, sizeof why)) {
            fprintf(stderr, "rin: selfplay: %s\n", why);
            eval_model_destroy(model);
            return 2;
        }
        options.settings.patterns = patterns;
    }
    if (!options.output && options.format == SELFPLAY_BINARY && isatty(STDOUT_FILENO) == 1) {
        fprintf(stderr, "rin: selfplay: binary games are not written to a terminal: give --output FILE, "
                        "redirect stdout, or ask for --format text\n");
        eval_model_destroy(model);
        ntuple_model_destroy(patterns);
        return 2;
    }
    int fd = STDOUT_FILENO;
    if (options.output) {
        fd = open(options.output, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd < 0) {
            fprintf(stderr, "rin: selfplay: cannot open %s: %s\n", options.output, strerror(errno));
            eval_model_destroy(model);
            ntuple_model_destroy(patterns);
            return 1;
        }
    }
    int status = run_games(&options, fd);
    if (options.output && close(fd) != 0 && status == 0) {
        fprintf(stderr, "rin: selfplay: cannot write %s: %s\n", options.output, strerror(errno));
        status = 1;
    }
    eval_model_destroy(model);
    ntuple_model_destroy(patterns);
    return status;
}
