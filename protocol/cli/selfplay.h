/* The rin selfplay command: self-play games of the search player written as
 * training data, whole games in the binary rin-games format
 * (formats/game_file.h) or a line per position in the text rin-selfplay
 * format (formats/selfplay_text.h). */
#ifndef RIN_PROTOCOL_SELFPLAY_H
#define RIN_PROTOCOL_SELFPLAY_H

#include "cli/args.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formats/selfplay_text.h"
#include "learn/selfplay_game.h"

enum {
    SELFPLAY_MAX_SIZES = 64,    /* entries of --sizes (repeats weight a size) */
    SELFPLAY_MAX_THREADS = 256
};

typedef enum SelfplayFormat { SELFPLAY_BINARY, SELFPLAY_TEXT } SelfplayFormat;

typedef struct SelfplayOptions {
    uint64_t games;
    int sizes[SELFPLAY_MAX_SIZES]; /* game g is played on sizes[g % size_count] */
    int size_count;
    uint64_t shard, shards; /* play the games g with g % shards == shard - 1 */
    int threads;            /* games played at once */
    const char *output;     /* a file name, or NULL for stdout */
    const char *eval_file;  /* the evaluation, as the eval-file option (builtin by default) */
    const char *pattern_file; /* the pattern model, as the pattern-file option (builtin by default) */
    const char *net_file;     /* the network, as the net-file option (none by default) */
    SelfplayFormat format;  /* of the output (binary by default) */
    SelfplaySettings settings;
} SelfplayOptions;

typedef enum SelfplayParse { SELFPLAY_PARSE_RUN, SELFPLAY_PARSE_HELP, SELFPLAY_PARSE_ERROR } SelfplayParse;

void selfplay_defaults(SelfplayOptions *options);

/* Reads the arguments after "selfplay" into *options (which holds the
 * defaults or earlier settings). On an error writes what is wrong into err
 * (err_size bytes); *options may then be partly changed. */
SelfplayParse selfplay_parse_args(int argc, char **argv, SelfplayOptions *options, char *err, size_t err_size);

/* Its options' table (the usage text, and the man page's test). */
const ArgsCommand *selfplay_command_args(void);

/* The settings that reproduce a run's games (all but --threads, --format
 * and --output) as one line: the text format's second header line without
 * its "# " and newline, and a binary file's settings line. Returns its
 * length (less than SELFPLAY_SETTINGS_MAX). */
size_t selfplay_settings_line(const SelfplayOptions *options, char out[SELFPLAY_SETTINGS_MAX]);

/* `rin selfplay ARGS...`: returns the exit status (0 done, 1 failed, 2 bad
 * arguments). Writes the data to stdout or the --output file, progress and
 * a summary to stderr. */
int selfplay_command(int argc, char **argv);

#endif
