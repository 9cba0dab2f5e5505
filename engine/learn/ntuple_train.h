/* Fitting the n-tuple pattern model (eval/ntuple.h) to labelled positions:
 * Adagrad with L2 on the squared error of the final margin or the log-loss
 * of the result, then a one-dimensional calibration of the other output;
 * the owner head on each point's log-loss.
 * Pure computation, deterministic from the seed. */
#ifndef RIN_NTUPLE_TRAIN_H
#define RIN_NTUPLE_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/ntuple.h"
#include "learn/train.h"

typedef struct NtupleTrainConfig {
    uint64_t seed; /* the order of the samples in each epoch */
    float rate;    /* Adagrad learning rate */
    float l2;      /* weight decay, added to each gradient as l2 x weight */
} NtupleTrainConfig;

typedef struct NtupleTrainer NtupleTrainer;

/* A trainer of `model` (borrowed; its weights are changed in place). NULL
 * when memory runs out. */
NtupleTrainer *ntuple_train_create(NtupleModel *model, const NtupleTrainConfig *config);
void ntuple_train_destroy(NtupleTrainer *trainer);

/* The mean training losses seen during a pass. */
typedef struct NtupleLoss {
    double value; /* squared error / 2 in stones^2, or the result's log-loss */
    double owner; /* log-loss per point of the owner head (0 without one) */
} NtupleLoss;

/* One pass over the samples in an order drawn from the seed and the number
 * of passes so far, training both heads; NAN losses (and nothing learned)
 * when memory runs out. */
NtupleLoss ntuple_train_epoch(NtupleTrainer *trainer, const TrainSample *samples, size_t count);

/* The same pass with other labels: the value head learns margins[i] (in
 * stones, from the side to move's point of view) for samples[i] instead of
 * its final margin, or with the result target the result that margin
 * says. margins NULL: the final margins, as ntuple_train_epoch. */
NtupleLoss ntuple_train_epoch_to(NtupleTrainer *trainer, const TrainSample *samples, const double *margins,
                                 size_t count);

/* Fits the model's calib_a and calib_b of every stage (the output it was
 * not trained for) over at most `limit` of the samples, evenly spread. */
void ntuple_train_calibrate(NtupleModel *model, const TrainSample *samples, size_t count, size_t limit);

/* The labels of a sample, from the side to move's point of view. */
double ntuple_sample_margin(const TrainSample *sample);
double ntuple_sample_result(const TrainSample *sample); /* 1 win, 0.5 draw, 0 loss */
double ntuple_margin_result(double margin);             /* the same for any margin */

/* Least squares of p = 1 / (1 + exp(-(a x + b))) against y in [0, 1] by
 * Newton's method (log-loss); false (a, b untouched) when it does not
 * converge. */
bool ntuple_fit_logistic(const double *x, const double *y, size_t n, double *a, double *b);

/* The held-out figures of the model on samples. */
typedef struct NtupleError {
    size_t positions;
    double owner_accuracy; /* points whose final owner the owner head's sign says (0 without one) */
    double result_logloss; /* of the win probability, nats */
    double margin_rmse;    /* stones */
} NtupleError;

NtupleError ntuple_train_measure(const NtupleModel *model, const TrainSample *samples, size_t count);

#endif
