/* The option table and its parsing. */
#include "gtp/options.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/eval_file.h"
#include "formats/number.h"
#include "formats/net_file.h"
#include "formats/pattern_file.h"
#include "players/player.h"
#include "search/search.h"

static const OptionSpec specs[] = {
    {"player", OPTION_PLAYER, 0, 0, "who answers genmove: search, mcts, rave, greedy or random", false},
    {"threads", OPTION_INT, 1, SEARCH_MAX_THREADS, "search threads", false},
    {"hash", OPTION_INT, 1, 65536, "transposition table size in MiB", false},
    {"stonetime", OPTION_INT, 1, INT64_C(86400000), "milliseconds per stone when no clock is set", false},
    {"movetime", OPTION_INT, 0, INT64_C(86400000), "fixed milliseconds per stone (0: off)", false},
    {"depth", OPTION_INT, 0, SEARCH_MAX_DEPTH, "fixed search depth in stones (0: off)", false},
    {"nodes", OPTION_INT, 0, INT64_C(1000000000000), "fixed nodes (mcts, rave: playouts) per stone (0: off)", false},
    {"margin", OPTION_INT, 0, INT64_C(60000), "milliseconds kept back from the clock for I/O", false},
    {"seed", OPTION_INT, 0, INT64_MAX, "random seed", false},
    {"multipv", OPTION_INT, 1, SEARCH_MAX_MULTIPV, "candidates rin-analyze shows, each with its score and PV", false},
    {"ponder", OPTION_INT, 0, 1, "1 (on): think on the opponent's time after genmove (search player)", false},
    {"verbose", OPTION_INT, 0, 1, "1: search progress (info lines) on stderr", false},
    {"eval-file", OPTION_PATH, 0, 0, "evaluation: builtin (learned weights built into rin, the default), classic (hand-set) or a weights file", false},
    {"pattern-file", OPTION_PATH, 0, 0, "pattern model the search evaluates with: builtin (the pattern weights built in, the default), none (the eval-file's evaluation alone) or a pattern weights file (rin train-patterns)", false},
    {"net-file", OPTION_PATH, 0, 0, "evaluation network the search evaluates with, instead of the pattern model: none (the default: the pattern model evaluates), builtin (the network built in) or a network weights file (scripts/train-net)", false},
    {"size", OPTION_INT, BB_MIN_SIZE, BB_MAX_SIZE,
     "board size the engine starts on (start-up only: boardsize changes the board)", true},
};

enum { SPEC_COUNT = sizeof specs / sizeof specs[0] };

/* The search's parameters, after the options above when they can be set
 * (a build with RIN_TUNE); the help gives the range. */
static const OptionSpec param_specs[] = {
#define PARAM_OPTION(name, value, min, max, help) {#name, OPTION_PARAM, (min), (max), help " (" #min " to " #max ")", false},
    SEARCH_PARAMS(PARAM_OPTION)
#undef PARAM_OPTION
};

enum { PARAM_COUNT = SEARCH_PARAMS_TUNABLE ? sizeof param_specs / sizeof param_specs[0] : 0 };

void options_defaults(EngineOptions *o)
{
    memset(o, 0, sizeof *o);
    strcpy(o->player, "search");
    o->threads = 1;
    o->hash = 64;
    o->stonetime = 1000;
    o->margin = 50;
    o->seed = 1;
    o->verbose = 1;
    o->multipv = 1;
    strcpy(o->eval_file, EVAL_FILE_BUILTIN);
    strcpy(o->pattern_file, PATTERN_FILE_BUILTIN);
    strcpy(o->net_file, NET_FILE_NONE);
    o->size = BB_MAX_SIZE;
    o->params = search_params_default;
}

const OptionSpec *options_spec(size_t index)
{
    if (index < SPEC_COUNT)
        return &specs[index];
    if (index < SPEC_COUNT + PARAM_COUNT)
        return &param_specs[index - SPEC_COUNT];
    return NULL;
}

const OptionSpec *options_find(const char *name)
{
    for (size_t i = 0; options_spec(i); i++)
        if (strcmp(options_spec(i)->name, name) == 0)
            return options_spec(i);
    return NULL;
}

static int64_t *int_field(EngineOptions *o, const char *name)
{
    if (strcmp(name, "threads") == 0)
        return &o->threads;
    if (strcmp(name, "hash") == 0)
        return &o->hash;
    if (strcmp(name, "stonetime") == 0)
        return &o->stonetime;
    if (strcmp(name, "movetime") == 0)
        return &o->movetime;
    if (strcmp(name, "depth") == 0)
        return &o->depth;
    if (strcmp(name, "nodes") == 0)
        return &o->nodes;
    if (strcmp(name, "margin") == 0)
        return &o->margin;
    if (strcmp(name, "seed") == 0)
        return &o->seed;
    if (strcmp(name, "verbose") == 0)
        return &o->verbose;
    if (strcmp(name, "multipv") == 0)
        return &o->multipv;
    if (strcmp(name, "ponder") == 0)
        return &o->ponder;
    if (strcmp(name, "size") == 0)
        return &o->size;
    return NULL;
}

/* The text of a path option. */
static char *path_field(EngineOptions *o, const char *name)
{
    if (strcmp(name, "net-file") == 0)
        return o->net_file;
    return strcmp(name, "pattern-file") == 0 ? o->pattern_file : o->eval_file;
}

bool options_set(EngineOptions *o, const char *name, const char *value, char *err, size_t err_size)
{
    const OptionSpec *spec = options_find(name);
    if (!spec) {
        snprintf(err, err_size, "unknown option '%.40s'", name);
        return false;
    }
    if (spec->kind == OPTION_PLAYER) {
        for (const char *const *p = player_names; *p; p++)
            if (strcmp(*p, value) == 0) {
                snprintf(o->player, sizeof o->player, "%s", value);
                return true;
            }
        snprintf(err, err_size, "unknown player '%.40s' (%s)", value, spec->help + strlen("who answers genmove: "));
        return false;
    }
    if (spec->kind == OPTION_PATH) {
        size_t length = strlen(value);
        if (length == 0 || length >= OPTIONS_PATH_MAX) {
            snprintf(err, err_size, "%s needs a file name of 1 to %d bytes", name, OPTIONS_PATH_MAX - 1);
            return false;
        }
        snprintf(path_field(o, name), OPTIONS_PATH_MAX, "%s", value);
        return true;
    }
    if (spec->min == 0 && spec->max == 1) {
        /* a switch: on and off are words for 1 and 0 */
        if (strcmp(value, "on") == 0 || strcmp(value, "true") == 0)
            value = "1";
        else if (strcmp(value, "off") == 0 || strcmp(value, "false") == 0)
            value = "0";
    }
    /* digits only: the options take no negative values */
    uint64_t v;
    switch (number_parse_uint(value, spec->min > 0 ? (uint64_t)spec->min : 0, (uint64_t)spec->max, &v)) {
    case NUMBER_OK:
        if (spec->kind == OPTION_PARAM)
            search_params_set(&o->params, name, (int)v); /* within the range checked above */
        else
            *int_field(o, name) = (int64_t)v;
        return true;
    case NUMBER_RANGE:
        snprintf(err, err_size, "%s '%.40s' is out of range (%" PRId64 " to %" PRId64 ")", name, value, spec->min,
                 spec->max);
        return false;
    default:
        snprintf(err, err_size, "%s must be a whole number from %" PRId64 " to %" PRId64 ", got '%.40s'", name,
                 spec->min, spec->max, value);
        return false;
    }
}

void options_format(const EngineOptions *o, const OptionSpec *spec, char *out)
{
    if (spec->kind == OPTION_PLAYER) {
        snprintf(out, OPTIONS_VALUE_MAX, "%s", o->player);
        return;
    }
    if (spec->kind == OPTION_PATH) {
        EngineOptions copy = *o;
        snprintf(out, OPTIONS_VALUE_MAX, "%s", path_field(&copy, spec->name));
        return;
    }
    if (spec->kind == OPTION_PARAM) {
        snprintf(out, OPTIONS_VALUE_MAX, "%d", search_params_get(&o->params, search_param_find(spec->name)));
        return;
    }
    EngineOptions copy = *o;
    snprintf(out, OPTIONS_VALUE_MAX, "%" PRId64, *int_field(&copy, spec->name));
}
