/* What `rin train` and `rin train-patterns` share: their common options
 * and the reading of their files. */
#ifndef RIN_TRAIN_OPTIONS_H
#define RIN_TRAIN_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "learn/train_set.h"

/* The options `rin train` and `rin train-patterns` share, each with a
 * value: --output FILE, --epochs N, --holdout K, --seed S, --rate R, --l2 X. */
typedef struct TrainCommonOptions {
    const char *output;
    uint64_t epochs, holdout, seed;
    double rate, l2;
} TrainCommonOptions;

/* Whether `name` is one of the shared options; if so its value is read into
 * *o, and *error is NULL, or says what is wrong with the value. */
bool train_common_option(const char *name, const char *value, TrainCommonOptions *o, const char **error);

/* Appends the records of every file (binary or text, "-" for stdin) to
 * data; false, said on stderr as `command`'s, when one cannot be read. */
bool train_read_files(char **files, int file_count, TrainData *data, const char *command);

#endif
