/* Fitting the learned evaluation in three steps: the point model by Adagrad
 * on the squared error between each point's squashed feature sum and its
 * final owner; then the linear model over whole-board features by least
 * squares of the final margin; then the result curve (evalmodel.h) by
 * logistic regression of the game's result on the linear model's margin.
 * Over labelled positions. Pure computation: reading data and writing
 * weights files is the caller's. Deterministic from the seed. */
#ifndef RIN_TRAIN_H
#define RIN_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/evalmodel.h"
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

/* The scale U of a fitted curve, in centistones: the utility stays within
 * +-U (1 + L), far inside the estimates' range (SCORE_EVAL_MAX, score.h)
 * and so below every proven result; near an even game a stone of margin
 * moves it by about as much as a stone's 100 centistones did (the search's
 * margins in centistones, such as its aspiration window, keep a meaning). */
#define TRAIN_CURVE_SCALE 1280.0f

/* Fits the result curve: for each knot of the stage and number of stones
 * left, a logistic regression (Newton's method, a little ridge) of the
 * result (win 1, draw 1/2, loss 0, side to move) on the linear model's
 * margin, each sample weighted by its linear interpolation weight for the
 * knot; a negative slope is clamped to 0 (its offset refitted), a knot
 * without samples copies the nearest one with. The curve gets scale U and
 * tiebreak L as given (eval_curve_check must accept them). Call after
 * train_fit_linear. False when memory runs out (the curve unchanged). */
bool train_fit_curve(Trainer *trainer, const TrainSample *samples, size_t count, float scale, float tiebreak);

/* The curve (all zero before train_fit_curve). */
const EvalCurve *train_curve(const Trainer *trainer);

/* Errors on samples without learning from them. */
typedef struct TrainError {
    double point_mse;      /* squared error per point */
    double margin_rmse;    /* root mean squared error of the point model's final margin, in stones */
    double eval_rmse;      /* the same for the evaluation (the linear model), in stones */
    double owner_accuracy; /* share of points whose final owner the point model's sign gets right (0 counts half) */
    double log_loss;       /* mean log-loss of the curve's chance of a win (draws as 1/2), nats; ln 2 for a coin */
} TrainError;

TrainError train_measure(const Trainer *trainer, const TrainSample *samples, size_t count);

/* The parameters, in the order of a weights file. */
const float *train_params(const Trainer *trainer, uint32_t *count);

#endif
