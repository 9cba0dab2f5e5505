/* The learned evaluation's weights: the weights file format, loading and
 * checking it, and the evaluation it gives. Two parts: a point model, where
 * every point's features (see feature.h) add up to z and squash(z) in
 * [-1, 1] is the point's expected final owner from the side to move's point
 * of view; and a linear model over whole-board features (feature_global),
 * one of which is the point model's expected margin beyond the stones. The
 * evaluation is the linear model, in centistones. A version 2 file adds a
 * result curve: how the evaluation's margin turns into the game's result
 * (win, draw, loss) by stage, from which the search's utility follows.
 *
 * Weights file (all numbers little-endian):
 *   offset 0   8 bytes  magic "RINEVAL\x1a"
 *   offset 8   uint32   format version: 1 (no curve) or 2 (EVAL_FILE_VERSION)
 *   offset 12  uint32   feature layout (FEAT_LAYOUT)
 *   offset 16  uint32   number of parameters P (must match the layout)
 *   offset 20  P x float32 parameters: the point model's, in the order of
 *                       FeatureMap, then FEAT_GLOBALS linear weights for a
 *                       side with one stone left, then for two stones left
 *   version 2 only, the result curve (EvalCurve):
 *              uint32   number of knots K (must be EVAL_WDL_KNOTS)
 *              float32  scale U (utility units, centistones; 0: no curve)
 *              float32  tiebreak L
 *              K x 4 float32  per knot, stage 0 to 1: slope k (per stone)
 *                       and offset c for one stone left, then for two
 *   then       uint32   FNV-1a (32 bit) of every byte before it */
#ifndef RIN_EVALMODEL_H
#define RIN_EVALMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/feature.h"
#include "rules/position.h"
#include "rules/tactics.h"

enum {
    EVAL_FILE_VERSION = 2,     /* the version written with a curve; 1 is still read */
    EVAL_FILE_HEADER = 20,
    EVAL_WDL_KNOTS = 9,        /* knots of the result curve, stage 0, 1/8, ..., 1 */
    EVAL_CURVE_BYTES = 4 + 8 + EVAL_WDL_KNOTS * 16
};

typedef enum EvalStatus {
    EVAL_OK = 0,
    EVAL_ERR_TRUNCATED, /* shorter than its header says */
    EVAL_ERR_MAGIC,     /* not a weights file */
    EVAL_ERR_VERSION,   /* another format version */
    EVAL_ERR_LAYOUT,    /* weights for other features */
    EVAL_ERR_SIZE,      /* wrong number of parameters, or trailing bytes */
    EVAL_ERR_CHECKSUM,  /* corrupt */
    EVAL_ERR_VALUE,     /* a parameter that is not a finite number, or an invalid curve */
    EVAL_ERR_MEMORY
} EvalStatus;

const char *eval_status_text(EvalStatus status);

typedef struct EvalModel EvalModel;

/* A model from the bytes of a weights file; *out untouched on failure. */
EvalStatus eval_model_parse(const uint8_t *bytes, size_t size, EvalModel **out);

/* The same with the feature map given (feature_map_create, which costs more
 * than reading a file): for a caller that loads many files. */
EvalStatus eval_model_parse_mapped(const uint8_t *bytes, size_t size, const FeatureMap *map, EvalModel **out);

/* The weights built into the engine; NULL only when memory runs out. */
EvalModel *eval_model_default(void);

void eval_model_destroy(EvalModel *model);

/* The result curve. The evaluation's margin m (centistones for the side to
 * move) is taken in stones inside; at a stage s (eval_stage) with k and c
 * interpolated linearly between the knots around s (by the side to move's
 * stones left in its turn), the chance of a win, a draw counting half, is
 * 1 / (1 + exp(-(k m + c))), so the expected result (win 1, loss -1) is
 * tanh((k m + c) / 2); and the search's utility is
 *   U (tanh((k m + c) / 2) + L (2 / pi) atan(m / EVAL_TIEBREAK_STONES)),
 * the result first and the margin as a bounded tiebreak. U = 0: no curve,
 * the utility is the margin itself. A valid curve (eval_curve_check) has
 * finite numbers, slopes from 0 to EVAL_CURVE_MAX_SLOPE, and, when U > 0, a
 * tiebreak in (0, 1] (so the utility rises strictly with m) and
 * U (1 + L) <= SCORE_EVAL_MAX (so every utility ranks below a proven win
 * and above a proven loss, score.h). */
#define EVAL_TIEBREAK_STONES 20.0
#define EVAL_CURVE_MAX_SLOPE 100.0f

typedef struct EvalCurve {
    float scale;                       /* U */
    float tiebreak;                    /* L */
    float slope[EVAL_WDL_KNOTS][2];    /* k per stone, by stones left - 1 */
    float offset[EVAL_WDL_KNOTS][2];   /* c */
} EvalCurve;

/* EVAL_OK, or EVAL_ERR_VALUE for a curve that is not valid (above). */
EvalStatus eval_curve_check(const EvalCurve *curve);

/* The expected result of a curve for the side to move at a margin in
 * centistones, whatever its scale: tanh((k m + c) / 2). */
double eval_curve_expectation(const EvalCurve *curve, float stage, int stones_left, double margin);

/* The bytes of a weights file for `count` parameters and a result curve
 * (malloc'd, *size set): version 2, or version 1 when curve is NULL. NULL
 * when memory runs out. The curve is written as given (not checked). */
uint8_t *eval_file_write(const float *params, uint32_t count, const EvalCurve *curve, size_t *size);

/* The stage of the game: stones on the board over points, 0 to 1. */
float eval_stage(const Position *pos);

/* Whether the model has a result curve (U > 0); false for NULL (the
 * classic evaluation). */
bool eval_model_has_curve(const EvalModel *model);

/* The model's curve (all zero for a version 1 file). */
const EvalCurve *eval_model_curve(const EvalModel *model);

/* The utility of margin (centistones, side to move) at stage with
 * stones_left (1 or 2) in the side to move's turn, rounded: the margin
 * itself without a curve (model NULL included). Never decreases as margin
 * rises; |utility| < SCORE_EVAL_MAX with a curve. */
int eval_model_utility(const EvalModel *model, float stage, int stones_left, int margin);

/* The inverse, for reports: the margin (centistones, within
 * +-SCORE_EVAL_MAX) whose utility is `utility`; `utility` itself without a
 * curve. */
int eval_model_margin_of(const EvalModel *model, float stage, int stones_left, int utility);

/* The expected result for the side to move, win 1, draw 0, loss -1:
 * tanh((k m + c) / 2). Without a curve, the sign of the margin (a margin
 * taken at its word). */
double eval_model_expectation(const EvalModel *model, float stage, int stones_left, int margin);

/* The squashing of a point's sum: odd, increasing, -1 below -3, 1 above 3. */
static inline float eval_squash(float z)
{
    if (z >= 3.0f)
        return 1.0f;
    if (z <= -3.0f)
        return -1.0f;
    float z2 = z * z;
    float s = z * (27.0f + z2) / (27.0f + 9.0f * z2);
    /* just inside |z| = 3 the rounded quotient can pass 1 by one step */
    return s > 1.0f ? 1.0f : s < -1.0f ? -1.0f : s;
}

/* Its derivative. */
static inline float eval_squash_slope(float z)
{
    if (z >= 3.0f || z <= -3.0f)
        return 0.0f;
    float z2 = z * z, d = 27.0f + 9.0f * z2;
    return ((27.0f + 3.0f * z2) * d - 18.0f * z2 * (27.0f + z2)) / (d * d);
}

/* The number of parameters of a weights file. */
uint32_t eval_param_count(const FeatureMap *map);

/* The point model's expected final margin in stones, side to move. */
float eval_model_point_sum(const EvalModel *model, const Position *pos, const FillMap *mine, const FillMap *theirs);

/* Centistones for the side to move (not clamped). `mine` and `theirs` are
 * the fill maps of the side to move and of the opponent; ring2_own the
 * side to move's best two-stone ring if known, else -1. */
int eval_model_evaluate(const EvalModel *model, const Position *pos, const FillMap *mine, const FillMap *theirs,
                        int ring2_own);

/* Each point's expected final owner in [-1, 1] from Black's point of view
 * (0 off the board). */
void eval_model_ownership(const EvalModel *model, const Position *pos, const FillMap *mine, const FillMap *theirs,
                          float owner[BB_POINTS]);

#endif
