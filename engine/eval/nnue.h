/* The evaluation network: every point's features (eval/feature.h, the
 * same indices the point model reads, its 3x3 pattern shared by the
 * board's symmetries) index learned vectors whose sum, clipped, is the
 * point's hidden vector; the hidden vectors are summed over pools of
 * points (by the point's state and whether it is in the safe zone) and
 * read by a small perceptron; an owner head reads each point's vector
 * alone. The value is the margin the owner head expects (the sum of every
 * point's expected owner) plus the perceptron's correction, in stones for
 * the side to move.
 *
 * Inference is in integers, so that every build gives the same values: a
 * point's vector in int16 with 127 for 1.0, the pools and layers in int32.
 * A board (NnueBoard) keeps every point's features and vector for one side
 * to move; bringing it to another position recomputes the features and
 * updates only the points whose features changed (a stone and its
 * neighbours, what a fill changed, what a region's flags changed).
 * Trained by scripts/train-net (engine/learn/TRAINING.md, "The network"). */
#ifndef RIN_NNUE_H
#define RIN_NNUE_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/feature.h"
#include "rules/position.h"
#include "rules/tactics.h"

enum {
    NNUE_HIDDEN = 32,    /* a point's vector */
    NNUE_POOLS = 6,      /* point state (empty, own, the opponent's) x (safe zone, inside) */
    NNUE_INPUTS = NNUE_POOLS * NNUE_HIDDEN + 1, /* the pools, then 1 when two stones are left */
    NNUE_L1 = 32,
    NNUE_L2 = 32,
    NNUE_ONE = 1024,     /* an activation of 1.0: a point's, a pool's input, a layer's */
    NNUE_POOL_SHIFT = 5, /* a pool's input is its sum over 2^5 = 32 points, rounded */
    NNUE_WEIGHT_ONE = 4096, /* a layer weight of 1.0; layer 1's are at most 1, the others below 8 */
    NNUE_OWNER_ONE = 4096, /* an expected owner of 1.0 (the owner head's margin) */
    NNUE_DISTANCE_CAP = 2,  /* the distances to the nearest stones, capped here (the point model's at 4) */
    NNUE_LOGIT_STEPS = 256, /* the owner table's steps per unit of the logit */
    NNUE_LOGIT_MAX = 16,   /* logits beyond +-16 count as +-16 */
    NNUE_OWNER_TABLE = 2 * NNUE_LOGIT_STEPS * NNUE_LOGIT_MAX + 1
};

/* The quantized weights. The feature rows are indexed by FeatureMap
 * parameter. Rows and every activation are scaled by NNUE_ONE: a point's
 * clipped vector, a pool's input (its sum over 32 points, so 1.0 is 32
 * points at 1.0), the layers' clipped outputs; layer weights by
 * NNUE_WEIGHT_ONE, biases by NNUE_ONE x NNUE_WEIGHT_ONE. Every sum stays
 * within int32: layer 1's weights are at most 1 (the pools' inputs add up to
 * 256 at most), the others' below 8. The owners are summed over up to 256
 * points, so a point's activation keeps ten bits and the owner table 1/256
 * of a logit: their rounding, alike at many points, would add up. */
typedef struct NnueModel {
    uint32_t rows;                   /* feature parameters (FeatureMap.params) */
    FeatureMap *map;
    int16_t *row;                    /* rows x NNUE_HIDDEN */
    int16_t point_bias[NNUE_HIDDEN]; /* added to every point's sum */
    int16_t owner_weight[NNUE_HIDDEN];
    int32_t owner_bias;
    int16_t l1_weight[NNUE_L1][NNUE_INPUTS];
    int32_t l1_bias[NNUE_L1];
    int16_t l2_weight[NNUE_L2][NNUE_L1];
    int32_t l2_bias[NNUE_L2];
    int16_t out_weight[NNUE_L2];
    int32_t out_bias;                /* stones x NNUE_ONE x NNUE_WEIGHT_ONE */
    /* the expected owner, tanh(logit / 2) x NNUE_OWNER_ONE, by the logit in
     * steps of 1 / NNUE_LOGIT_STEPS from -NNUE_LOGIT_MAX (the same for every
     * model) */
    int16_t owner_table[NNUE_OWNER_TABLE];
} NnueModel;

/* A model with every weight 0 and its feature map; NULL when memory runs
 * out. */
NnueModel *nnue_model_create(void);
void nnue_model_destroy(NnueModel *model);

/* The network's state for one position seen by one side to move: every
 * point's features and vector, the pools' sums and the owner head's
 * margin. */
typedef struct NnueBoard {
    bool valid;                              /* set up for `size` and `side` */
    int size;
    Color side;
    int count;                               /* points: size x size */
    uint32_t key[BB_POINTS][FEAT_GROUPS];    /* the features by parameter, two stones left cleared */
    uint8_t pool[BB_POINTS];                 /* the point's pool */
    int16_t owner[BB_POINTS];                /* expected owner x NNUE_OWNER_ONE, side to move */
    int16_t hidden[BB_POINTS][NNUE_HIDDEN];  /* the point's clipped vector */
    int32_t sum[NNUE_POOLS][NNUE_HIDDEN];
    int32_t owner_sum;
    FeaturePlanes planes;                    /* what the features were read from */
    uint32_t updated;                        /* points whose vector the last update recomputed */
} NnueBoard;

/* Ready for any position: the first update computes every point. */
void nnue_board_reset(NnueBoard *board);

/* Brings the board to pos, whose side to move's fill map is `mine` and the
 * opponent's `theirs` (tactics_fill_points): every point's features are
 * computed, and the vectors of those that changed. A board of another size
 * or side to move is computed whole. */
void nnue_board_update(NnueBoard *board, const NnueModel *model, const Position *pos, const FillMap *mine,
                       const FillMap *theirs);

/* The board of pos from scratch, both colours' fill maps computed here. */
void nnue_board_compute(NnueBoard *board, const NnueModel *model, const Position *pos);

/* What the network says of the board's position. */
typedef struct NnueValue {
    int32_t owner_margin; /* the owner head's margin, stones x NNUE_OWNER_ONE */
    int32_t correction;   /* the perceptron's, stones x NNUE_ONE x NNUE_WEIGHT_ONE */
    double margin;        /* their sum, stones, side to move */
} NnueValue;

NnueValue nnue_value(const NnueModel *model, const NnueBoard *board, const Position *pos);

/* The margin in centistones for the side to move, rounded and clamped to
 * the evaluation's range (score_clamp_eval). */
int nnue_centistones(const NnueValue *value);

/* From scratch: the fill maps computed here. */
NnueValue nnue_value_full(const NnueModel *model, const Position *pos);

/* Every point's expected final owner in [-1, 1], positive for Black (0 off
 * the board), by the owner head. */
void nnue_owner(const NnueModel *model, const Position *pos, float owner[BB_POINTS]);

/* The features the network reads for pos, by parameter, two stones left
 * cleared (it enters the perceptron instead), with each point's pool: for
 * the trainer, which must see what the engine sees. count points. */
int nnue_features(const FeatureMap *map, const Position *pos, const FillMap *mine, const FillMap *theirs,
                  uint32_t key[BB_POINTS][FEAT_GROUPS], uint8_t pool[BB_POINTS]);

#endif
