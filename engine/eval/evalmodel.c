/* Weights files and the learned evaluation. The file holds one parameter per
 * symmetry class of features; loading expands them to one weight per
 * feature index, so that evaluating is a plain table look-up per feature.
 * And the result curve, which turns the evaluation's margin into the
 * search's utility. */
#include "eval/evalmodel.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "eval/weights_frame.h"
#include "base/le_bytes.h"
#include "rules/score.h"

/* The built-in weights file (generated at build time from engine/weights). */
extern const unsigned char eval_default_bytes[];
extern const size_t eval_default_size;

static const uint8_t eval_magic[WEIGHTS_FRAME_MAGIC_BYTES] = {'R', 'I', 'N', 'E', 'V', 'A', 'L', 0x1a};

struct EvalModel {
    bool has_curve;                     /* curve.scale > 0 */
    EvalCurve curve;
    uint32_t wanted;                    /* the global features with a weight that is not 0 */
    float global[2][FEAT_GLOBALS];      /* by stones left - 1 */
    float weight[FEAT_EXPANDED_SIZE];
};

uint32_t eval_param_count(const FeatureMap *map) { return map->params + 2 * FEAT_GLOBALS; }

const char *eval_status_text(EvalStatus status)
{
    switch (status) {
    case EVAL_OK:
        return "ok";
    case EVAL_ERR_TRUNCATED:
        return "the file is truncated";
    case EVAL_ERR_MAGIC:
        return "not a Rin weights file";
    case EVAL_ERR_VERSION:
        return "unsupported weights file version";
    case EVAL_ERR_LAYOUT:
        return "the weights are for another feature layout";
    case EVAL_ERR_SIZE:
        return "wrong number of weights";
    case EVAL_ERR_CHECKSUM:
        return "checksum mismatch: the file is corrupt";
    case EVAL_ERR_VALUE:
        return "a weight is not a finite number, or the result curve is invalid";
    case EVAL_ERR_MEMORY:
        return "out of memory";
    }
    return "unknown error";
}

EvalStatus eval_curve_check(const EvalCurve *c)
{
    if (!isfinite(c->scale) || !isfinite(c->tiebreak) || c->scale < 0.0f || c->tiebreak < 0.0f)
        return EVAL_ERR_VALUE;
    if (c->scale > 0.0f &&
        (c->tiebreak <= 0.0f || c->tiebreak > 1.0f || (double)c->scale * (1.0 + c->tiebreak) > SCORE_EVAL_MAX))
        return EVAL_ERR_VALUE;
    for (int i = 0; i < EVAL_WDL_KNOTS; i++)
        for (int k = 0; k < 2; k++)
            if (!isfinite(c->offset[i][k]) || !isfinite(c->slope[i][k]) || !(c->slope[i][k] >= 0.0f) ||
                c->slope[i][k] > EVAL_CURVE_MAX_SLOPE)
                return EVAL_ERR_VALUE;
    return EVAL_OK;
}

/* The curve of a version 2 file (EVAL_CURVE_BYTES at b), checked. */
static EvalStatus read_curve(const uint8_t *b, EvalCurve *out)
{
    if (le_bytes_get_u32(b) != EVAL_WDL_KNOTS)
        return EVAL_ERR_SIZE;
    EvalCurve c;
    c.scale = le_bytes_get_f32(b + 4);
    c.tiebreak = le_bytes_get_f32(b + 8);
    for (int i = 0; i < EVAL_WDL_KNOTS; i++)
        for (int k = 0; k < 2; k++) {
            c.slope[i][k] = le_bytes_get_f32(b + 12 + 16 * (size_t)i + 8 * (size_t)k);
            c.offset[i][k] = le_bytes_get_f32(b + 12 + 16 * (size_t)i + 8 * (size_t)k + 4);
        }
    EvalStatus status = eval_curve_check(&c);
    if (status == EVAL_OK)
        *out = c;
    return status;
}

static EvalStatus frame_status(WeightsFrameStatus status)
{
    switch (status) {
    case WEIGHTS_FRAME_OK:
        return EVAL_OK;
    case WEIGHTS_FRAME_TRUNCATED:
        return EVAL_ERR_TRUNCATED;
    case WEIGHTS_FRAME_MAGIC:
        return EVAL_ERR_MAGIC;
    case WEIGHTS_FRAME_VERSION:
        return EVAL_ERR_VERSION;
    case WEIGHTS_FRAME_SIZE:
        return EVAL_ERR_SIZE;
    case WEIGHTS_FRAME_CHECKSUM:
        break;
    }
    return EVAL_ERR_CHECKSUM;
}

/* Reads a file with `map` as its feature map, or, when map is NULL, with
 * one built here once the header and checksum have passed (the map costs
 * far more than those checks). */
static EvalStatus parse(const uint8_t *bytes, size_t size, const FeatureMap *map, EvalModel **out)
{
    uint32_t version;
    WeightsFrameStatus frame =
        weights_frame_open(bytes, size, eval_magic, EVAL_FILE_HEADER, 1, EVAL_FILE_VERSION, &version);
    if (frame != WEIGHTS_FRAME_OK)
        return frame_status(frame);
    if (le_bytes_get_u32(bytes + 12) != FEAT_LAYOUT)
        return EVAL_ERR_LAYOUT;
    uint32_t count = le_bytes_get_u32(bytes + 16);
    size_t curve_at = EVAL_FILE_HEADER + (size_t)count * 4;
    size_t expected = curve_at + (version == 1 ? 0 : EVAL_CURVE_BYTES) + 4;
    frame = weights_frame_close(bytes, size, expected);
    if (frame != WEIGHTS_FRAME_OK)
        return frame_status(frame);
    FeatureMap *own_map = NULL;
    if (!map) {
        map = own_map = feature_map_create();
        if (!map)
            return EVAL_ERR_MEMORY;
    }
    EvalStatus status = EVAL_OK;
    EvalModel *model = NULL;
    EvalCurve curve;
    memset(&curve, 0, sizeof curve);
    if (count != eval_param_count(map))
        status = EVAL_ERR_SIZE;
    if (status == EVAL_OK && version != 1)
        status = read_curve(bytes + curve_at, &curve);
    for (uint32_t i = 0; status == EVAL_OK && i < count; i++)
        if (!isfinite(le_bytes_get_f32(bytes + EVAL_FILE_HEADER + 4 * (size_t)i)))
            status = EVAL_ERR_VALUE;
    if (status == EVAL_OK && !(model = malloc(sizeof *model)))
        status = EVAL_ERR_MEMORY;
    if (status == EVAL_OK) {
        for (uint32_t i = 0; i < FEAT_EXPANDED_SIZE; i++)
            model->weight[i] = le_bytes_get_f32(bytes + EVAL_FILE_HEADER + 4 * (size_t)map->to_param[i]);
        for (int k = 0; k < 2; k++)
            for (int j = 0; j < FEAT_GLOBALS; j++)
                model->global[k][j] =
                    le_bytes_get_f32(bytes + EVAL_FILE_HEADER + 4 * ((size_t)map->params + (size_t)(k * FEAT_GLOBALS + j)));
        model->curve = curve;
        model->has_curve = curve.scale > 0.0f;
        model->wanted = 0;
        for (int j = 0; j < FEAT_GLOBALS; j++)
            if (model->global[0][j] != 0.0f || model->global[1][j] != 0.0f)
                model->wanted |= FEAT_BIT(j);
        *out = model;
    }
    feature_map_destroy(own_map);
    return status;
}

EvalStatus eval_model_parse(const uint8_t *bytes, size_t size, EvalModel **out)
{
    return parse(bytes, size, NULL, out);
}

EvalStatus eval_model_parse_mapped(const uint8_t *bytes, size_t size, const FeatureMap *map, EvalModel **out)
{
    return parse(bytes, size, map, out);
}

EvalModel *eval_model_default(void)
{
    EvalModel *model = NULL;
    /* the built-in file is checked by the tests: only memory can fail here */
    return eval_model_parse(eval_default_bytes, eval_default_size, &model) == EVAL_OK ? model : NULL;
}

void eval_model_destroy(EvalModel *model) { free(model); }


uint8_t *eval_file_write(const float *params, uint32_t count, const EvalCurve *curve, size_t *size)
{
    size_t curve_at = EVAL_FILE_HEADER + (size_t)count * 4;
    size_t total = curve_at + (curve ? EVAL_CURVE_BYTES : 0) + 4;
    uint8_t *b = malloc(total);
    if (!b)
        return NULL;
    memcpy(b, eval_magic, 8);
    le_bytes_put_u32(b + 8, curve ? EVAL_FILE_VERSION : 1);
    le_bytes_put_u32(b + 12, FEAT_LAYOUT);
    le_bytes_put_u32(b + 16, count);
    for (uint32_t i = 0; i < count; i++)
        le_bytes_put_f32(b + EVAL_FILE_HEADER + 4 * (size_t)i, params[i]);
    if (curve) {
        uint8_t *c = b + curve_at;
        le_bytes_put_u32(c, EVAL_WDL_KNOTS);
        le_bytes_put_f32(c + 4, curve->scale);
        le_bytes_put_f32(c + 8, curve->tiebreak);
        for (int i = 0; i < EVAL_WDL_KNOTS; i++)
            for (int k = 0; k < 2; k++) {
                le_bytes_put_f32(c + 12 + 16 * (size_t)i + 8 * (size_t)k, curve->slope[i][k]);
                le_bytes_put_f32(c + 12 + 16 * (size_t)i + 8 * (size_t)k + 4, curve->offset[i][k]);
            }
    }
    le_bytes_put_u32(b + total - 4, le_bytes_fnv1a(b, total - 4));
    *size = total;
    return b;
}

/* Each point's squashed sum, from the side to move's point of view. */
static float point_owner(const EvalModel *model, const uint32_t index[FEAT_GROUPS])
{
    float z = 0.0f;
    for (int g = 0; g < FEAT_GROUPS; g++)
        z += model->weight[index[g]];
    return eval_squash(z);
}

float eval_model_point_sum(const EvalModel *model, const Position *pos, const FillMap *mine, const FillMap *theirs)
{
    PointFeatures f;
    feature_compute(pos, mine, theirs, &f);
    float sum = 0.0f;
    for (int i = 0; i < f.count; i++)
        sum += point_owner(model, f.index[i]);
    return sum;
}


int eval_model_evaluate(const EvalModel *model, const Position *pos, const FillMap *mine, const FillMap *theirs,
                        int ring2_own)
{
    float g[FEAT_GLOBALS];
    feature_global(pos, mine, theirs, ring2_own, model->wanted, g);
    /* the point model costs as much as the rest: only when it has a say */
    if (model->wanted & FEAT_BIT(FEAT_G_OWNERSHIP))
        g[FEAT_G_OWNERSHIP] = eval_model_point_sum(model, pos, mine, theirs) - g[FEAT_G_STONES];
    const float *w = model->global[pos_stones_left(pos) - 1];
    float v = 0.0f;
    for (int j = 0; j < FEAT_GLOBALS; j++)
        v += w[j] * g[j];
    return (int)lrintf(v);
}

void eval_model_ownership(const EvalModel *model, const Position *pos, const FillMap *mine, const FillMap *theirs,
                          float owner[BB_POINTS])
{
    PointFeatures f;
    feature_compute(pos, mine, theirs, &f);
    float sign = pos_to_move(pos) == COLOR_BLACK ? 1.0f : -1.0f;
    for (int p = 0; p < BB_POINTS; p++)
        owner[p] = 0.0f;
    for (int i = 0; i < f.count; i++)
        owner[f.point[i]] = sign * point_owner(model, f.index[i]);
}

float eval_stage(const Position *pos)
{
    int points = pos->size * pos->size;
    return points > 0 ? (float)(points - pos_empty_count(pos)) / (float)points : 0.0f;
}

bool eval_model_has_curve(const EvalModel *model) { return model && model->has_curve; }

const EvalCurve *eval_model_curve(const EvalModel *model) { return &model->curve; }

/* The slope (per stone) and offset of the curve at a stage, interpolated
 * linearly between the two knots around it. */
static void curve_at(const EvalCurve *c, float stage, int stones_left, double *k, double *offset)
{
    double x = (stage < 0.0f ? 0.0 : stage > 1.0f ? 1.0 : (double)stage) * (EVAL_WDL_KNOTS - 1);
    int i = (int)x;
    if (i > EVAL_WDL_KNOTS - 2)
        i = EVAL_WDL_KNOTS - 2;
    double f = x - i;
    int j = stones_left >= 2 ? 1 : 0;
    *k = (1.0 - f) * c->slope[i][j] + f * c->slope[i + 1][j];
    *offset = (1.0 - f) * c->offset[i][j] + f * c->offset[i + 1][j];
}

/* tanh by one exp, which costs less than half of libm's tanh (the search
 * calls it at every leaf): (1 - e^(-2|x|)) / (1 + e^(-2|x|)) with x's sign. */
static double fast_tanh(double x)
{
    double t = exp(-2.0 * fabs(x));
    double y = (1.0 - t) / (1.0 + t);
    return x < 0.0 ? -y : y;
}

/* The utility of a margin in centistones, unrounded. */
static double curve_utility(const EvalCurve *c, double k, double offset, double margin)
{
    double m = margin / 100.0;
    return c->scale * (fast_tanh((k * m + offset) / 2.0) +
                       c->tiebreak * (2.0 / 3.14159265358979323846) * atan(m / EVAL_TIEBREAK_STONES));
}

int eval_model_utility(const EvalModel *model, float stage, int stones_left, int margin)
{
    if (!eval_model_has_curve(model))
        return margin;
    double k, offset;
    curve_at(&model->curve, stage, stones_left, &k, &offset);
    return (int)lrint(curve_utility(&model->curve, k, offset, margin));
}

int eval_model_margin_of(const EvalModel *model, float stage, int stones_left, int utility)
{
    if (!eval_model_has_curve(model))
        return utility;
    double k, offset;
    curve_at(&model->curve, stage, stones_left, &k, &offset);
    /* the utility rises strictly with the margin: bisection */
    double low = -SCORE_EVAL_MAX, high = SCORE_EVAL_MAX;
    if (curve_utility(&model->curve, k, offset, low) >= utility)
        return -SCORE_EVAL_MAX;
    if (curve_utility(&model->curve, k, offset, high) <= utility)
        return SCORE_EVAL_MAX;
    for (int i = 0; i < 60 && high - low > 1e-3; i++) {
        double mid = 0.5 * (low + high);
        if (curve_utility(&model->curve, k, offset, mid) < utility)
            low = mid;
        else
            high = mid;
    }
    return (int)lrint(0.5 * (low + high));
}

double eval_curve_expectation(const EvalCurve *curve, float stage, int stones_left, double margin)
{
    double k, offset;
    curve_at(curve, stage, stones_left, &k, &offset);
    return tanh((k * margin / 100.0 + offset) / 2.0);
}

double eval_model_expectation(const EvalModel *model, float stage, int stones_left, int margin)
{
    if (!eval_model_has_curve(model))
        return (margin > 0) - (margin < 0);
    return eval_curve_expectation(&model->curve, stage, stones_left, margin);
}
