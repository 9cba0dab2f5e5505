/* The options and files of rin train and rin train-patterns (train_options.h). */
#include "cli/train_options.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "formats/number.h"
#include "formats/train_data.h"

bool train_read_files(char **files, int file_count, TrainData *data, const char *command)
{
    char err[512];
    for (int i = 0; i < file_count; i++) {
        bool from_stdin = strcmp(files[i], "-") == 0;
        FILE *in = from_stdin ? stdin : fopen(files[i], "r");
        if (!in) {
            fprintf(stderr, "rin: %s: cannot open %s: %s\n", command, files[i], strerror(errno));
            return false;
        }
        bool ok = train_data_read(in, from_stdin ? "<stdin>" : files[i], data, err, sizeof err);
        if (!from_stdin)
            fclose(in);
        if (!ok) {
            fprintf(stderr, "rin: %s: %s (nothing written)\n", command, err);
            return false;
        }
    }
    return true;
}

bool train_common_option(const char *name, const char *value, TrainCommonOptions *o, const char **error)
{
    *error = NULL;
    if (strcmp(name, "--output") == 0) {
        if (!value)
            *error = "--output needs a file name";
        o->output = value;
    } else if (strcmp(name, "--epochs") == 0) {
        if (number_parse_uint(value, 0, 1000, &o->epochs) != NUMBER_OK)
            *error = "--epochs needs a number from 0 to 1000";
    } else if (strcmp(name, "--holdout") == 0) {
        if (number_parse_uint(value, 0, 1000000, &o->holdout) != NUMBER_OK || o->holdout == 1)
            *error = "--holdout needs 0 or a number from 2 to 1000000";
    } else if (strcmp(name, "--seed") == 0) {
        if (number_parse_uint(value, 0, UINT64_MAX, &o->seed) != NUMBER_OK)
            *error = "--seed needs a non-negative number";
    } else if (strcmp(name, "--rate") == 0) {
        if (number_parse_real(value, 1e-6, 10.0, &o->rate) != NUMBER_OK)
            *error = "--rate needs a number from 0.000001 to 10";
    } else if (strcmp(name, "--l2") == 0) {
        if (number_parse_real(value, 0.0, 0.1, &o->l2) != NUMBER_OK)
            *error = "--l2 needs a number from 0 to 0.1";
    } else {
        return false;
    }
    return true;
}
