/* The network's weights file (eval/nnue.h): writing a model and reading it
 * back checked. Written by scripts/train-net, which quantizes the trained
 * network; the layout is fixed by the constants of eval/nnue.h, which the
 * header repeats so that a file of another shape is refused.
 *
 * Network weights file (all numbers little-endian):
 *   offset 0   8 bytes  magic "RINNNUE\x1a"
 *   offset 8   uint32   format version (NNUE_WEIGHTS_VERSION)
 *   offset 12  uint32   feature layout (FEAT_LAYOUT)
 *   offset 16  uint32   NNUE_HIDDEN
 *   offset 20  uint32   NNUE_POOLS
 *   offset 24  uint32   NNUE_L1
 *   offset 28  uint32   NNUE_L2
 *   offset 32  uint32   feature rows R (FeatureMap.params)
 *   then       R x NNUE_HIDDEN int16  the feature rows
 *   then       NNUE_HIDDEN int16      the points' bias
 *   then       NNUE_HIDDEN int16      the owner head's weights, then int32 its bias
 *   then       NNUE_L1 x NNUE_INPUTS int16 (each within +-NNUE_WEIGHT_ONE),
 *              then NNUE_L1 int32                                layer 1
 *   then       NNUE_L2 x NNUE_L1 int16, then NNUE_L2 int32      layer 2
 *   then       NNUE_L2 int16, then int32                         the output
 *   then       uint32   FNV-1a (32 bit) of every byte before it
 * The scales are eval/nnue.h's. */
#ifndef RIN_NNUE_WEIGHTS_H
#define RIN_NNUE_WEIGHTS_H

#include <stddef.h>
#include <stdint.h>

#include "eval/nnue.h"

enum { NNUE_WEIGHTS_VERSION = 2, NNUE_WEIGHTS_HEADER = 36 }; /* 2: distances capped at 2 */

typedef enum NnueWeightsStatus {
    NNUE_WEIGHTS_OK = 0,
    NNUE_WEIGHTS_ERR_TRUNCATED, /* shorter than its header says */
    NNUE_WEIGHTS_ERR_MAGIC,     /* not a network weights file */
    NNUE_WEIGHTS_ERR_VERSION,   /* another format version */
    NNUE_WEIGHTS_ERR_SHAPE,     /* another feature layout or network shape */
    NNUE_WEIGHTS_ERR_SIZE,      /* trailing bytes */
    NNUE_WEIGHTS_ERR_CHECKSUM,  /* corrupt */
    NNUE_WEIGHTS_ERR_VALUE,     /* a feature row, layer 1 weight or bias whose sums could overflow */
    NNUE_WEIGHTS_ERR_MEMORY
} NnueWeightsStatus;

const char *nnue_weights_status_text(NnueWeightsStatus status);

/* The bytes of a weights file for `model` (malloc'd, *size set); NULL when
 * memory runs out. */
uint8_t *nnue_weights_write(const NnueModel *model, size_t *size);

/* A model from the bytes of a weights file; *out untouched on failure. */
NnueWeightsStatus nnue_weights_parse(const uint8_t *bytes, size_t size, NnueModel **out);

/* The built-in network (the one .rinn file of engine/eval/weights/, compiled
 * in); NULL only when memory runs out (the tests check the file). */
NnueModel *nnue_model_default(void);

/* The largest magnitude a feature row's entry or the points' bias may
 * have: six of them summed stay within int16. */
enum { NNUE_ROW_MAX = 5000 };

#endif
