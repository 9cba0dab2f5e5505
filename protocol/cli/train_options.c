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

bool train_set_holdout(void *holdout, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    uint64_t k;
    if (number_parse_uint(value, 0, 1000000, &k) != NUMBER_OK || k == 1)
        return false;
    *(uint64_t *)holdout = k;
    return true;
}
