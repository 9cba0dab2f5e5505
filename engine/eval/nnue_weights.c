/* Network weights files: the frame (eval/weights_frame.h) is checked
 * before the model is built, the values after. */
#include "eval/nnue_weights.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "eval/weights_frame.h"
#include "base/le_bytes.h"

static const uint8_t nnue_magic[WEIGHTS_FRAME_MAGIC_BYTES] = {'R', 'I', 'N', 'N', 'N', 'U', 'E', 0x1a};

const char *nnue_weights_status_text(NnueWeightsStatus status)
{
    switch (status) {
    case NNUE_WEIGHTS_OK:
        return "ok";
    case NNUE_WEIGHTS_ERR_TRUNCATED:
        return "the file is truncated";
    case NNUE_WEIGHTS_ERR_MAGIC:
        return "not a Rin network weights file";
    case NNUE_WEIGHTS_ERR_VERSION:
        return "unsupported network weights file version";
    case NNUE_WEIGHTS_ERR_SHAPE:
        return "a network of another feature layout or shape";
    case NNUE_WEIGHTS_ERR_SIZE:
        return "bytes after the checksum";
    case NNUE_WEIGHTS_ERR_CHECKSUM:
        return "checksum mismatch: the file is corrupt";
    case NNUE_WEIGHTS_ERR_VALUE:
        return "a weight out of range";
    case NNUE_WEIGHTS_ERR_MEMORY:
        return "out of memory";
    }
    return "unknown error";
}

/* The bytes after the header, checksum excluded, of a model of `rows` rows. */
static size_t body_bytes(uint32_t rows)
{
    return 2 * ((size_t)rows * NNUE_HIDDEN + 2 * NNUE_HIDDEN) + 4 + 2 * (size_t)NNUE_L1 * NNUE_INPUTS + 4 * NNUE_L1 +
           2 * (size_t)NNUE_L2 * NNUE_L1 + 4 * NNUE_L2 + 2 * NNUE_L2 + 4;
}

/* A cursor over the body: each field in the file's order, written or read
 * by the same walk so that the two cannot disagree. */
typedef struct Cursor {
    uint8_t *at;
    bool write;
} Cursor;

static void field_i16(Cursor *c, int16_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++, c->at += 2) {
        if (c->write) {
            uint16_t u = (uint16_t)v[i];
            c->at[0] = (uint8_t)u;
            c->at[1] = (uint8_t)(u >> 8);
        } else {
            v[i] = (int16_t)(uint16_t)(c->at[0] | c->at[1] << 8);
        }
    }
}

static void field_i32(Cursor *c, int32_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++, c->at += 4) {
        if (c->write)
            le_bytes_put_u32(c->at, (uint32_t)v[i]);
        else
            v[i] = (int32_t)le_bytes_get_u32(c->at);
    }
}

static void walk_body(Cursor *c, NnueModel *m)
{
    field_i16(c, m->row, (size_t)m->rows * NNUE_HIDDEN);
    field_i16(c, m->point_bias, NNUE_HIDDEN);
    field_i16(c, m->owner_weight, NNUE_HIDDEN);
    field_i32(c, &m->owner_bias, 1);
    field_i16(c, &m->l1_weight[0][0], (size_t)NNUE_L1 * NNUE_INPUTS);
    field_i32(c, m->l1_bias, NNUE_L1);
    field_i16(c, &m->l2_weight[0][0], (size_t)NNUE_L2 * NNUE_L1);
    field_i32(c, m->l2_bias, NNUE_L2);
    field_i16(c, m->out_weight, NNUE_L2);
    field_i32(c, &m->out_bias, 1);
}

static const uint32_t *shape_header(void)
{
    static const uint32_t shape[5] = {FEAT_LAYOUT, NNUE_HIDDEN, NNUE_POOLS, NNUE_L1, NNUE_L2};
    return shape;
}

uint8_t *nnue_weights_write(const NnueModel *model, size_t *size)
{
    size_t total = NNUE_WEIGHTS_HEADER + body_bytes(model->rows) + 4;
    uint8_t *b = malloc(total);
    if (!b)
        return NULL;
    memcpy(b, nnue_magic, WEIGHTS_FRAME_MAGIC_BYTES);
    le_bytes_put_u32(b + 8, NNUE_WEIGHTS_VERSION);
    for (int i = 0; i < 5; i++)
        le_bytes_put_u32(b + 12 + 4 * i, shape_header()[i]);
    le_bytes_put_u32(b + 32, model->rows);
    Cursor c = {b + NNUE_WEIGHTS_HEADER, true};
    walk_body(&c, (NnueModel *)model); /* writing only reads the model */
    le_bytes_put_u32(b + total - 4, le_bytes_fnv1a(b, total - 4));
    *size = total;
    return b;
}

static NnueWeightsStatus frame_status(WeightsFrameStatus s)
{
    switch (s) {
    case WEIGHTS_FRAME_OK:
        return NNUE_WEIGHTS_OK;
    case WEIGHTS_FRAME_TRUNCATED:
        return NNUE_WEIGHTS_ERR_TRUNCATED;
    case WEIGHTS_FRAME_MAGIC:
        return NNUE_WEIGHTS_ERR_MAGIC;
    case WEIGHTS_FRAME_VERSION:
        return NNUE_WEIGHTS_ERR_VERSION;
    case WEIGHTS_FRAME_SIZE:
        return NNUE_WEIGHTS_ERR_SIZE;
    case WEIGHTS_FRAME_CHECKSUM:
        return NNUE_WEIGHTS_ERR_CHECKSUM;
    }
    return NNUE_WEIGHTS_ERR_MAGIC;
}

static bool bias_in_range(int32_t b) { return b >= -(INT32_C(1) << 29) && b <= (INT32_C(1) << 29); }

NnueWeightsStatus nnue_weights_parse(const uint8_t *bytes, size_t size, NnueModel **out)
{
    uint32_t version;
    WeightsFrameStatus fs = weights_frame_open(bytes, size, nnue_magic, NNUE_WEIGHTS_HEADER, NNUE_WEIGHTS_VERSION,
                                               NNUE_WEIGHTS_VERSION, &version);
    if (fs != WEIGHTS_FRAME_OK)
        return frame_status(fs);
    for (int i = 0; i < 5; i++)
        if (le_bytes_get_u32(bytes + 12 + 4 * i) != shape_header()[i])
            return NNUE_WEIGHTS_ERR_SHAPE;
    NnueModel *model = nnue_model_create();
    if (!model)
        return NNUE_WEIGHTS_ERR_MEMORY;
    if (le_bytes_get_u32(bytes + 32) != model->rows) {
        nnue_model_destroy(model);
        return NNUE_WEIGHTS_ERR_SHAPE;
    }
    fs = weights_frame_close(bytes, size, NNUE_WEIGHTS_HEADER + body_bytes(model->rows) + 4);
    if (fs != WEIGHTS_FRAME_OK) {
        nnue_model_destroy(model);
        return frame_status(fs);
    }
    Cursor c = {(uint8_t *)bytes + NNUE_WEIGHTS_HEADER, false}; /* reading only reads the bytes */
    walk_body(&c, model);
    bool in_range = true;
    for (size_t i = 0; i < (size_t)model->rows * NNUE_HIDDEN; i++)
        in_range &= abs(model->row[i]) <= NNUE_ROW_MAX;
    for (int i = 0; i < NNUE_HIDDEN; i++)
        in_range &= abs(model->point_bias[i]) <= NNUE_ROW_MAX;
    /* a bias within 2^29 keeps every layer's sum within int32, and so do
     * layer 1's weights within 1 (its inputs add up to 256 x NNUE_ONE) */
    in_range &= bias_in_range(model->owner_bias) && bias_in_range(model->out_bias);
    for (int j = 0; j < NNUE_L1; j++)
        for (int i = 0; i < NNUE_INPUTS; i++)
            in_range &= abs(model->l1_weight[j][i]) <= NNUE_WEIGHT_ONE;
    for (int j = 0; j < NNUE_L1; j++)
        in_range &= bias_in_range(model->l1_bias[j]);
    for (int j = 0; j < NNUE_L2; j++)
        in_range &= bias_in_range(model->l2_bias[j]);
    if (!in_range) {
        nnue_model_destroy(model);
        return NNUE_WEIGHTS_ERR_VALUE;
    }
    *out = model;
    return NNUE_WEIGHTS_OK;
}

/* generated at build time from engine/eval/weights/\*.rinn (CMakeLists.txt) */
extern const unsigned char nnue_default_bytes[];
extern const size_t nnue_default_size;

NnueModel *nnue_model_default(void)
{
    NnueModel *model = NULL;
    if (nnue_weights_parse(nnue_default_bytes, nnue_default_size, &model) != NNUE_WEIGHTS_OK)
        return NULL;
    return model;
}
