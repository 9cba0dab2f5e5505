/* What `rin train` and `rin train-patterns` share: their common options
 * and the reading of their files. */
#ifndef RIN_TRAIN_OPTIONS_H
#define RIN_TRAIN_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/args.h"
#include "learn/train_set.h"

/* The options `rin train` and `rin train-patterns` share, each with a
 * value: --output FILE, --epochs N, --holdout K, --seed S, --rate R, --l2 X. */
typedef struct TrainCommonOptions {
    const char *output;
    uint64_t epochs, holdout, seed;
    double rate, l2;
} TrainCommonOptions;

/* --holdout: 0, or from 2 (every game held out is no training). */
bool train_set_holdout(void *holdout, const char *value, char *err, size_t err_size);

/* Their rows of a command's table (args.h), for the options struct Type
 * with a TrainCommonOptions `common`, the help texts of the four whose
 * defaults differ given. */
#define TRAIN_COMMON_ARGS(Type, output_help, epochs_help, rate_help, l2_help)                                        \
    {"--output", "FILE", ARGS_TEXT, offsetof(Type, common.output), 0, 0, NULL, "--output needs a file name",           \
     output_help},                                                                                                     \
    {"--epochs", "N", ARGS_UINT, offsetof(Type, common.epochs), 0, 1000, NULL, "--epochs needs a number from 0 to 1000", \
     epochs_help},                                                                                                     \
    {"--rate", "R", ARGS_REAL, offsetof(Type, common.rate), 1e-6, 10.0, NULL,                                          \
     "--rate needs a number from 0.000001 to 10", rate_help},                                                          \
    {"--l2", "X", ARGS_REAL, offsetof(Type, common.l2), 0.0, 0.1, NULL, "--l2 needs a number from 0 to 0.1", l2_help},  \
    {"--holdout", "K", ARGS_CALL, offsetof(Type, common.holdout), 0, 0, train_set_holdout,                             \
     "--holdout needs 0 or a number from 2 to 1000000",                                                                \
     "hold out games whose index is 0 modulo K (default 10; 0: none)"},                                                \
    {"--seed", "S", ARGS_UINT, offsetof(Type, common.seed), 0, ARGS_UINT64_MAX, NULL, "--seed needs a non-negative number",     \
     "order of the positions (default 1)"}

/* Appends the records of every file (binary or text, "-" for stdin) to
 * data; false, said on stderr as `command`'s, when one cannot be read. */
bool train_read_files(char **files, int file_count, TrainData *data, const char *command);

#endif
