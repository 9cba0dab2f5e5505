/* The learned evaluation's weights: the weights file format, loading and
 * checking it, and the evaluation it gives. Two parts: a point model, where
 * every point's features (see feature.h) add up to z and squash(z) in
 * [-1, 1] is the point's expected final owner from the side to move's point
 * of view; and a linear model over whole-board features (feature_global),
 * one of which is the point model's expected margin beyond the stones. The
 * evaluation is the linear model, in centistones.
 *
 * Weights file (all numbers little-endian):
 *   offset 0   8 bytes  magic "RINEVAL\x1a"
 *   offset 8   uint32   format version (EVAL_FILE_VERSION)
 *   offset 12  uint32   feature layout (FEAT_LAYOUT)
 *   offset 16  uint32   number of parameters P (must match the layout)
 *   offset 20  P x float32 parameters: the point model's, in the order of
 *                       FeatureMap, then FEAT_GLOBALS linear weights for a
 *                       side with one stone left, then for two stones left
 *   then       uint32   FNV-1a (32 bit) of every byte before it */
#ifndef RIN_EVALMODEL_H
#define RIN_EVALMODEL_H

#include <stddef.h>
#include <stdint.h>

#include "eval/feature.h"
#include "rules/position.h"
#include "rules/tactics.h"

enum { EVAL_FILE_VERSION = 1, EVAL_FILE_HEADER = 20 };

typedef enum EvalStatus {
    EVAL_OK = 0,
    EVAL_ERR_TRUNCATED, /* shorter than its header says */
    EVAL_ERR_MAGIC,     /* not a weights file */
    EVAL_ERR_VERSION,   /* another format version */
    EVAL_ERR_LAYOUT,    /* weights for other features */
    EVAL_ERR_SIZE,      /* wrong number of parameters, or trailing bytes */
    EVAL_ERR_CHECKSUM,  /* corrupt */
    EVAL_ERR_VALUE,     /* a parameter that is not a finite number */
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

/* The bytes of a weights file for `count` parameters (malloc'd, *size set);
 * NULL when memory runs out. */
uint8_t *eval_file_write(const float *params, uint32_t count, size_t *size);

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
