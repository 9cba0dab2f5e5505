/* Reading training data: the labelled positions of `rin selfplay` files,
 * binary (format "rin-games" version 1) or text ("rin-selfplay" version 1),
 * see engine/learn/TRAINING.md. */
#ifndef RIN_TRAIN_DATA_H
#define RIN_TRAIN_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "eval/evalmodel.h"
#include "learn/train.h"

/* One data line, with what the trainer's reports compare against. */
typedef struct TrainRecord {
    TrainSample sample;
    int margin;       /* Black minus White at the end */
    bool have_score;  /* the search's score was recorded */
    int score;        /* centistones, side to move */
    bool have_solved; /* the endgame solver's value was recorded */
    int solved;       /* Black minus White at the end under perfect play */
    bool have_mc;     /* the Monte Carlo ownership was recorded (--mc-playouts) */
    double mc_margin; /* Black's margin it expects, in stones: the sum over the points of
                         2 x (per mille ended Black) / 1000 - 1 */
} TrainRecord;

typedef struct TrainData {
    TrainRecord *records;
    size_t count, capacity;
} TrainData;

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

void train_data_free(TrainData *data);

/* A label between the final margin and the search's view of the position,
 * in stones from the side to move's point of view: blend x the final
 * margin + (1 - blend) x the solver's value when recorded, else the
 * recorded search score (clamped to the board's points), else the final
 * margin alone. Blend 1 gives the final margin exactly. */
double train_record_target(const TrainRecord *record, double blend);

/* train_record_target moved towards the random games' view: (1 - mc) x it
 * + mc x the Monte Carlo ownership's margin, from the side to move's point
 * of view, where the record has the ownership; train_record_target alone
 * where it has not, and for mc 0. */
double train_record_target_mc(const TrainRecord *record, double blend, double mc);

/* The held-out error (root mean square, in stones) of predictors of the
 * final margin that are not the model being fitted: the stone difference
 * now, the classic evaluation, the built-in learned weights, and the
 * search score recorded in the file (over the positions that have one). */
typedef struct TrainBaselines {
    size_t positions;   /* held-out positions */
    double stones;      /* stone difference now */
    double classic;     /* evaluate() with the classic evaluation */
    double builtin;     /* evaluate() with the built-in weights */
    size_t scored;      /* held-out positions with a recorded search score */
    double score;       /* the recorded search score */
} TrainBaselines;

/* Over the records of games whose index is 0 modulo holdout (every record
 * when holdout is 0). `builtin` is the model the builtin figure uses (NULL:
 * it is left 0). */
void train_data_baselines(const TrainRecord *records, size_t count, uint64_t holdout, const EvalModel *builtin,
                          TrainBaselines *out);

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

#endif
