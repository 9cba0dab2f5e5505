/* Engine options: one table of names, ranges and defaults, set from the
 * command line (--name VALUE) and over GTP (rin-option NAME VALUE); in a
 * build with RIN_TUNE, the search's parameters too (search/params.h). */
#ifndef RIN_OPTIONS_H
#define RIN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/params.h"

enum { OPTIONS_PLAYER_MAX = 16, OPTIONS_PATH_MAX = 1024, OPTIONS_VALUE_MAX = OPTIONS_PATH_MAX };

typedef struct EngineOptions {
    char player[OPTIONS_PLAYER_MAX]; /* who answers genmove */
    int64_t threads;                 /* search threads */
    int64_t hash;                    /* transposition table, MiB */
    int64_t stonetime;               /* ms per stone when the controller sets no clock */
    int64_t movetime;                /* fixed ms per stone (0: off) */
    int64_t depth;                   /* fixed depth in stones (0: off) */
    int64_t nodes;                   /* fixed nodes (playouts for mcts, rave) per stone (0: off) */
    int64_t margin;                  /* ms kept back from every clock for I/O */
    int64_t seed;                    /* random seed */
    int64_t verbose;                 /* 1: search progress on stderr */
    int64_t multipv;                 /* candidates rin-analyze shows */
    int64_t ponder;                  /* 1: think on the opponent's time after genmove */
    char eval_file[OPTIONS_PATH_MAX]; /* the evaluation: EVAL_FILE_BUILTIN, EVAL_FILE_CLASSIC or a weights file */
    char pattern_file[OPTIONS_PATH_MAX]; /* the pattern model: PATTERN_FILE_NONE or a pattern weights file */
    char net_file[OPTIONS_PATH_MAX]; /* the evaluation network: NET_FILE_NONE or a network weights file */
    int64_t size;                    /* the board the engine starts on (boardsize changes it later) */
    SearchParams params;             /* the search's parameters (options only with RIN_TUNE) */
} EngineOptions;

/* OPTION_PARAM: one of the search's parameters (an int), which the player
 * is made anew with. */
typedef enum OptionKind { OPTION_INT, OPTION_PLAYER, OPTION_PATH, OPTION_PARAM } OptionKind;

typedef struct OptionSpec {
    const char *name;
    OptionKind kind;
    int64_t min, max; /* OPTION_INT */
    const char *help;
    bool startup; /* only on the command line: rin-option does not offer it */
} OptionSpec;

void options_defaults(EngineOptions *options);

/* The index-th option (NULL past the last). */
const OptionSpec *options_spec(size_t index);
const OptionSpec *options_find(const char *name);

/* Sets one option from text; on failure writes why into err and leaves
 * *options untouched. */
bool options_set(EngineOptions *options, const char *name, const char *value, char *err, size_t err_size);

/* The current value of an option as text (OPTIONS_VALUE_MAX bytes). */
void options_format(const EngineOptions *options, const OptionSpec *spec, char *out);

#endif
