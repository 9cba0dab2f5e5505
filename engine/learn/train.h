/* Fitting the learned evaluation in two steps: the point model by Adagrad
 * on the squared error between each point's squashed feature sum and its
 * final owner; then the linear model over whole-board features by least
 * squares of the final margin. Over labelled positions. Pure computation: reading data and writing weights files is
 * the caller's. Deterministic from the seed. */
#ifndef RIN_TRAIN_H
#define RIN_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/feature.h"
#include "rules/position.h"

/* A position with the owners of its points at the end of the game. */
typedef struct TrainSample {
    Position pos;
    Bitboard black_final; /* points that were Black's when the board was full */
    int32_t game;         /* which game it came from (held-out splits go by game) */
} TrainSample;

typedef struct TrainConfig {
    uint64_t seed;      /* order of the samples in each epoch */
    float rate;         /* Adagrad learning rate */
    float l2;           /* weight decay per update */
} TrainConfig;

typedef struct Trainer Trainer;

/* NULL when memory runs out. Parameters start at 0. */
Trainer *train_create(const TrainConfig *config);
void train_destroy(Trainer *trainer);

/* One pass over the samples in an order drawn from the seed; returns the
 * mean squared error per point seen during the pass. progress (may be NULL)
 * is called every 4096 samples with the number done. */
double train_epoch(Trainer *trainer, const TrainSample *samples, size_t count,
                   void (*progress)(size_t done, size_t count, void *context), void *context);

/* Fits the linear weights (one set per number of stones left) by least
 * squares of the final margin, with a little ridge regularisation, over
 * the whole-board features in `features` (FEAT_BIT mask; the others get
 * weight 0). The point model as trained so far gives FEAT_G_OWNERSHIP.
 * False when a system is singular. */
bool train_fit_linear(Trainer *trainer, const TrainSample *samples, size_t count, uint32_t features);

/* Errors on samples without learning from them. */
typedef struct TrainError {
    double point_mse;   /* squared error per point */
    double margin_rmse; /* root mean squared error of the point model's final margin, in stones */
    double eval_rmse;   /* the same for the evaluation (the linear model), in stones */
} TrainError;

TrainError train_measure(const Trainer *trainer, const TrainSample *samples, size_t count);

/* The parameters, in the order of a weights file. */
const float *train_params(const Trainer *trainer, uint32_t *count);

#endif
