/* Pattern weights files: the frame (magic, version, sizes, checksum;
 * eval/weights_frame.h) is checked before the model is built, the values
 * after. */
#include "eval/ntuple_weights.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "eval/weights_frame.h"
#include "base/le_bytes.h"

static const uint8_t ntuple_magic[WEIGHTS_FRAME_MAGIC_BYTES] = {'R', 'I', 'N', 'N', 'T', 'U', 'P', 0x1a};

const char *ntuple_weights_status_text(NtupleWeightsStatus status)
{
    switch (status) {
    case NTUPLE_WEIGHTS_OK:
        return "ok";
    case NTUPLE_WEIGHTS_ERR_TRUNCATED:
        return "the file is truncated";
    case NTUPLE_WEIGHTS_ERR_MAGIC:
        return "not a Rin pattern weights file";
    case NTUPLE_WEIGHTS_ERR_VERSION:
        return "unsupported pattern weights file version";
    case NTUPLE_WEIGHTS_ERR_CONFIG:
        return "an unknown pattern model configuration";
    case NTUPLE_WEIGHTS_ERR_SIZE:
        return "wrong number of weights for the configuration";
    case NTUPLE_WEIGHTS_ERR_CHECKSUM:
        return "checksum mismatch: the file is corrupt";
    case NTUPLE_WEIGHTS_ERR_VALUE:
        return "a weight is not a finite number";
    case NTUPLE_WEIGHTS_ERR_MEMORY:
        return "out of memory";
    }
    return "unknown error";
}

uint8_t *ntuple_weights_write(const NtupleModel *model, size_t *size)
{
    const NtupleConfig *c = &model->config;
    size_t weights_at = NTUPLE_WEIGHTS_HEADER + 8 * (size_t)c->stages;
    size_t total = weights_at + 4 * (size_t)model->params + 4;
    uint8_t *b = malloc(total);
    if (!b)
        return NULL;
    memcpy(b, ntuple_magic, 8);
    const uint32_t header[9] = {NTUPLE_WEIGHTS_VERSION, c->shapes, (uint32_t)c->stages, (uint32_t)c->split_turn,
                                (uint32_t)c->target, c->owner_shapes, (uint32_t)c->value_uses_owner,
                                (uint32_t)c->tactical, model->params};
    for (int i = 0; i < 9; i++)
        le_bytes_put_u32(b + 8 + 4 * i, header[i]);
    for (int s = 0; s < c->stages; s++) {
        le_bytes_put_f32(b + NTUPLE_WEIGHTS_HEADER + 8 * (size_t)s, model->calib_a[s]);
        le_bytes_put_f32(b + NTUPLE_WEIGHTS_HEADER + 8 * (size_t)s + 4, model->calib_b[s]);
    }
    for (uint32_t i = 0; i < model->params; i++)
        le_bytes_put_f32(b + weights_at + 4 * (size_t)i, model->weights[i]);
    le_bytes_put_u32(b + total - 4, le_bytes_fnv1a(b, total - 4));
    *size = total;
    return b;
}

/* The configuration of a header, or false when the model has no such one
 * (flags are 0 or 1; the value head weighs the owners only with an owner
 * head, as ntuple_model_create would make it). */
static bool read_config(const uint8_t *b, NtupleConfig *out)
{
    uint32_t shapes = le_bytes_get_u32(b + 12), stages = le_bytes_get_u32(b + 16);
    uint32_t split = le_bytes_get_u32(b + 20), target = le_bytes_get_u32(b + 24);
    uint32_t owner = le_bytes_get_u32(b + 28), uses_owner = le_bytes_get_u32(b + 32);
    uint32_t tactical = le_bytes_get_u32(b + 36);
    uint32_t all = (UINT32_C(1) << NTUPLE_SHAPES) - 1;
    if (!shapes || (shapes & ~all) || (owner & ~all) || stages < 1 || stages > NTUPLE_MAX_STAGES || split > 1 ||
        target > NTUPLE_TARGET_RESULT || uses_owner > 1 || (uses_owner && !owner) || tactical > 1)
        return false;
    *out = (NtupleConfig){.shapes = shapes,
                          .stages = (int)stages,
                          .split_turn = (int)split,
                          .target = (NtupleTarget)target,
                          .owner_shapes = owner,
                          .value_uses_owner = (int)uses_owner,
                          .tactical = (int)tactical};
    return true;
}

static NtupleWeightsStatus frame_status(WeightsFrameStatus status)
{
    switch (status) {
    case WEIGHTS_FRAME_OK:
        return NTUPLE_WEIGHTS_OK;
    case WEIGHTS_FRAME_TRUNCATED:
        return NTUPLE_WEIGHTS_ERR_TRUNCATED;
    case WEIGHTS_FRAME_MAGIC:
        return NTUPLE_WEIGHTS_ERR_MAGIC;
    case WEIGHTS_FRAME_VERSION:
        return NTUPLE_WEIGHTS_ERR_VERSION;
    case WEIGHTS_FRAME_SIZE:
        return NTUPLE_WEIGHTS_ERR_SIZE;
    case WEIGHTS_FRAME_CHECKSUM:
        break;
    }
    return NTUPLE_WEIGHTS_ERR_CHECKSUM;
}

NtupleWeightsStatus ntuple_weights_parse(const uint8_t *bytes, size_t size, NtupleModel **out)
{
    uint32_t version;
    WeightsFrameStatus frame = weights_frame_open(bytes, size, ntuple_magic, NTUPLE_WEIGHTS_HEADER,
                                                  NTUPLE_WEIGHTS_VERSION, NTUPLE_WEIGHTS_VERSION, &version);
    if (frame != WEIGHTS_FRAME_OK)
        return frame_status(frame);
    NtupleConfig config;
    if (!read_config(bytes, &config))
        return NTUPLE_WEIGHTS_ERR_CONFIG;
    uint32_t count = le_bytes_get_u32(bytes + 40);
    size_t weights_at = NTUPLE_WEIGHTS_HEADER + 8 * (size_t)config.stages;
    size_t expected = weights_at + 4 * (size_t)count + 4;
    frame = weights_frame_close(bytes, size, expected);
    if (frame != WEIGHTS_FRAME_OK)
        return frame_status(frame);
    for (size_t at = NTUPLE_WEIGHTS_HEADER; at < size - 4; at += 4)
        if (!isfinite(le_bytes_get_f32(bytes + at)))
            return NTUPLE_WEIGHTS_ERR_VALUE;
    NtupleModel *model = NULL;
    NtupleStatus created = ntuple_model_create(&config, &model);
    if (created != NTUPLE_OK)
        return created == NTUPLE_ERR_MEMORY ? NTUPLE_WEIGHTS_ERR_MEMORY : NTUPLE_WEIGHTS_ERR_CONFIG;
    if (model->params != count) {
        ntuple_model_destroy(model);
        return NTUPLE_WEIGHTS_ERR_SIZE;
    }
    for (int s = 0; s < config.stages; s++) {
        model->calib_a[s] = le_bytes_get_f32(bytes + NTUPLE_WEIGHTS_HEADER + 8 * (size_t)s);
        model->calib_b[s] = le_bytes_get_f32(bytes + NTUPLE_WEIGHTS_HEADER + 8 * (size_t)s + 4);
    }
    for (uint32_t i = 0; i < count; i++)
        model->weights[i] = le_bytes_get_f32(bytes + weights_at + 4 * (size_t)i);
    *out = model;
    return NTUPLE_WEIGHTS_OK;
}

/* generated at build time from engine/eval/weights/\*.rinp (CMakeLists.txt) */
extern const unsigned char ntuple_default_bytes[];
extern const size_t ntuple_default_size;

NtupleModel *ntuple_model_default(void)
{
    NtupleModel *model = NULL;
    /* the built-in file is checked by the tests: only memory can fail here */
    if (ntuple_weights_parse(ntuple_default_bytes, ntuple_default_size, &model) != NTUPLE_WEIGHTS_OK)
        return NULL;
    if (!ntuple_model_pack(model)) {
        ntuple_model_destroy(model);
        return NULL;
    }
    return model;
}
