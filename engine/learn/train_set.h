/* The positions training reads (rin selfplay's records, formats/train_data.h)
 * with their labels: the final margin blended with the search's view,
 * the split into training, calibration and held-out positions by game,
 * and the held-out errors of what the trained model is measured against. */
#ifndef RIN_LEARN_TRAIN_SET_H
#define RIN_LEARN_TRAIN_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/evalmodel.h"
#include "eval/ntuple.h"
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

/* Appends a record; false when out of memory. */
bool train_data_append(TrainData *data, const TrainRecord *record);

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

/* The records split by game: the games whose index is 0 modulo holdout
 * held out (none when holdout is 0); with `calibration`, a sixteenth of
 * the others (by a hash of the game index) for the calibration; with
 * `scored_only`, the rest without a recorded search score dropped; the
 * rest for training, each with its label (train_record_target_mc with
 * blend and mc). */
typedef struct TrainSplitOptions {
    uint64_t holdout;
    bool calibration, scored_only;
    double blend, mc;
} TrainSplitOptions;

typedef struct TrainSplit {
    TrainSample *train, *calib, *held;
    double *targets; /* of the training samples */
    size_t n_train, n_calib, n_held, dropped;
} TrainSplit;

/* False when out of memory (*split then empty). */
bool train_split(const TrainData *data, const TrainSplitOptions *options, TrainSplit *split);
void train_split_free(TrainSplit *split);

/* The rms distance, in stones, of the pattern model's margin to the
 * search's label (the solver's value, else the recorded search score)
 * over the held-out positions that have one (*count of them): how well it
 * predicts what a search says. */
double train_data_score_rms(const TrainData *data, uint64_t holdout, const NtupleModel *model, size_t *count);

#endif
