/* Reading training data: the labelled positions of `rin selfplay` files,
 * binary (format "rin-games" version 1) or text ("rin-selfplay" version 1),
 * see engine/learn/TRAINING.md, into the records of learn/train_set.h. */
#ifndef RIN_TRAIN_DATA_H
#define RIN_TRAIN_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "learn/train_set.h"

/* Parses one line (without its newline). Returns true for a data line
 * (filled into *record), false with *is_data false for a comment or empty
 * line, false with *is_data true and a message in err for a malformed one. */
bool train_data_parse_line(const char *line, TrainRecord *record, bool *is_data, char *err, size_t err_size);

/* Appends every data line of `in` to data: a text file's lines, or a
 * binary file's records (told apart by the first byte, the binary magic's)
 * as the lines `rin games --text` prints for them. On a malformed line (or
 * memory running out) returns false with "NAME:LINE: reason" in err (a
 * binary file: "NAME: byte OFFSET: reason"); data keeps what was read
 * before. */
bool train_data_read(FILE *in, const char *name, TrainData *data, char *err, size_t err_size);

#endif
