/* The pattern model's weights file (eval/ntuple.h): writing a model's
 * configuration, calibration and weights, and reading them back checked.
 *
 * Pattern weights file (all numbers little-endian):
 *   offset 0   8 bytes  magic "RINNTUP\x1a"
 *   offset 8   uint32   format version (NTUPLE_WEIGHTS_VERSION)
 *   offset 12  uint32   value head's shapes (NtupleConfig.shapes, NTUPLE_SHAPE_BIT mask)
 *   offset 16  uint32   stages S, 1..NTUPLE_MAX_STAGES
 *   offset 20  uint32   split_turn, 0 or 1
 *   offset 24  uint32   target: 0 the margin, 1 the result
 *   offset 28  uint32   owner head's shapes (0: no owner head)
 *   offset 32  uint32   value_uses_owner, 0 or 1 (1 only with an owner head)
 *   offset 36  uint32   tactical, 0 or 1
 *   offset 40  uint32   number of weights P (must be the model's params for
 *                       this configuration)
 *   offset 44  S x 2 float32  per stage, calib_a then calib_b
 *   then       P x float32    the weights, in NtupleModel's order
 *   then       uint32   FNV-1a (32 bit) of every byte before it
 * Every float must be finite. */
#ifndef RIN_NTUPLE_WEIGHTS_H
#define RIN_NTUPLE_WEIGHTS_H

#include <stddef.h>
#include <stdint.h>

#include "eval/ntuple.h"

enum { NTUPLE_WEIGHTS_VERSION = 1, NTUPLE_WEIGHTS_HEADER = 44 };

typedef enum NtupleWeightsStatus {
    NTUPLE_WEIGHTS_OK = 0,
    NTUPLE_WEIGHTS_ERR_TRUNCATED, /* shorter than its header says */
    NTUPLE_WEIGHTS_ERR_MAGIC,     /* not a pattern weights file */
    NTUPLE_WEIGHTS_ERR_VERSION,   /* another format version */
    NTUPLE_WEIGHTS_ERR_CONFIG,    /* a configuration the model does not have */
    NTUPLE_WEIGHTS_ERR_SIZE,      /* a weight count that is not the configuration's, or trailing bytes */
    NTUPLE_WEIGHTS_ERR_CHECKSUM,  /* corrupt */
    NTUPLE_WEIGHTS_ERR_VALUE,     /* a weight or calibration that is not a finite number */
    NTUPLE_WEIGHTS_ERR_MEMORY
} NtupleWeightsStatus;

const char *ntuple_weights_status_text(NtupleWeightsStatus status);

/* The bytes of a weights file for `model` (malloc'd, *size set); NULL when
 * memory runs out. */
uint8_t *ntuple_weights_write(const NtupleModel *model, size_t *size);

/* A model from the bytes of a weights file; *out untouched on failure. */
NtupleWeightsStatus ntuple_weights_parse(const uint8_t *bytes, size_t size, NtupleModel **out);

/* The built-in pattern model (the .rinp file in engine/eval/weights/,
 * compiled in), its tables packed for the search (ntuple_model_pack); NULL
 * when memory runs out. */
NtupleModel *ntuple_model_default(void);

#endif
