/* The n-tuple pattern model: its shapes and their placements on every board
 * size, the weights' layout, and the evaluation from scratch or from
 * incrementally kept indices. */
#include "eval/ntuple.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/feature.h"
#include "rules/score.h"
#include "rules/symmetry.h"

/* A shape: an h x w rectangle (h <= w) placed where its canonical image
 * (nearest the top, then the left edge) has top <= max_top; its class is
 * (min(top, cap_top), min(left, cap_left)). */
typedef struct ShapeSpec {
    const char *name;
    int h, w, max_top, cap_top, cap_left;
} ShapeSpec;

static const ShapeSpec SHAPES[NTUPLE_SHAPES] = {
    [NTUPLE_WIN3] = {"win3x3", 3, 3, BB_MAX_SIZE, 3, 3},
    [NTUPLE_EDGE24] = {"edge2x4", 2, 4, 0, 0, 6},
    [NTUPLE_EDGE25] = {"edge2x5", 2, 5, 0, 0, 5},
    [NTUPLE_WIN24] = {"win2x4", 2, 4, BB_MAX_SIZE, 2, 3},
    [NTUPLE_WIN23] = {"win2x3", 2, 3, BB_MAX_SIZE, 3, 3},
};

static uint32_t pow3(int k)
{
    uint32_t p = 1;
    while (k-- > 0)
        p *= 3;
    return p;
}

uint32_t ntuple_shape_configs(NtupleShape shape) { return pow3(SHAPES[shape].h * SHAPES[shape].w); }

const char *ntuple_shape_name(NtupleShape shape) { return SHAPES[shape].name; }

bool ntuple_parse_shapes(const char *list, uint32_t *shapes)
{
    *shapes = 0;
    for (const char *name = list; *name;) {
        size_t length = strcspn(name, ",");
        if (length == 0) { /* empty names between commas are skipped */
            name++;
            continue;
        }
        int s = 0;
        while (s < NTUPLE_SHAPES && !(strlen(SHAPES[s].name) == length && strncmp(name, SHAPES[s].name, length) == 0))
            s++;
        if (s == NTUPLE_SHAPES)
            return false;
        *shapes |= NTUPLE_SHAPE_BIT(s);
        name += length + (name[length] == ',');
    }
    return *shapes != 0;
}

int ntuple_shape_classes(NtupleShape shape)
{
    const ShapeSpec *s = &SHAPES[shape];
    if (s->h == s->w) /* top <= left: pairs a <= b */
        return (s->cap_top + 1) * (s->cap_top + 2) / 2;
    return (s->cap_top + 1) * (s->cap_left + 1);
}

static int shape_class(const ShapeSpec *s, int top, int left)
{
    int a = top < s->cap_top ? top : s->cap_top;
    int b = left < s->cap_left ? left : s->cap_left;
    if (s->h == s->w) /* a <= b <= cap: the pairs counted row by row */
        return a * (s->cap_top + 1) - a * (a - 1) / 2 + (b - a);
    return a * (s->cap_left + 1) + b;
}

/* Symmetry g (0..7) of the n x n board: transpose (4), then mirror the
 * rows (1) and the columns (2). The tables' cell orders were made with
 * this numbering; rules/symmetry.h's has the two mirrors' bits the other
 * way round. */
static int cell_symmetry_point(int g, int n, int r, int c)
{
    int s = (g & 4) | (g & 1) << 1 | (g & 2) >> 1;
    return symmetry_point(s, n, point_make(r, c));
}

/* Whether symmetry g maps the rectangle onto itself. */
static bool symmetry_fixes(int g, int n, int top, int left, int h, int w)
{
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++) {
            int p = cell_symmetry_point(g, n, top + i, left + j);
            int r = point_row(p), c = point_col(p);
            if (r < top || r >= top + h || c < left || c >= left + w)
                return false;
        }
    return true;
}

static void layout_destroy(NtupleLayout *layout)
{
    if (!layout)
        return;
    free(layout->link_instance);
    free(layout->link_power);
    free(layout);
}

/* Every placement of every chosen shape in every symmetric cell order. A
 * placement with a symmetry of its own appears once per order, each with
 * scale 1/|orders|, so that the sum is the same for all eight images of a
 * position. */
static NtupleLayout *layout_create(const NtupleModel *model, int n, const uint32_t table_of[NTUPLE_SHAPES],
                                   const uint32_t owner_table_of[NTUPLE_SHAPES])
{
    NtupleLayout *layout = calloc(1, sizeof *layout);
    if (!layout)
        return NULL;
    layout->size = n;
    int count = 0;
    /* the value head's shapes first, then those only the owner head uses */
    uint32_t value = model->config.shapes, owner = model->config.owner_shapes;
    for (int pass = 0; pass < 2; pass++) {
        for (int shape = 0; shape < NTUPLE_SHAPES; shape++) {
            if (!((pass == 0 ? value : owner & ~value) & NTUPLE_SHAPE_BIT(shape)))
                continue;
            const ShapeSpec *s = &SHAPES[shape];
            uint32_t configs = ntuple_shape_configs((NtupleShape)shape);
            for (int top = 0; top + s->h <= n; top++)
                for (int left = 0; left + s->w <= n; left++) {
                    int bottom = n - s->h - top, right = n - s->w - left;
                    if (top > bottom || left > right || top > s->max_top || (s->h == s->w && top > left))
                        continue;
                    int fixed = 0;
                    for (int g = 0; g < 8; g++)
                        fixed += symmetry_fixes(g, n, top, left, s->h, s->w);
                    uint32_t c = (uint32_t)shape_class(s, top, left);
                    uint32_t table =
                        value & NTUPLE_SHAPE_BIT(shape) ? table_of[shape] + c * configs : NTUPLE_NO_TABLE;
                    uint32_t owner_table = owner & NTUPLE_SHAPE_BIT(shape)
                                               ? owner_table_of[shape] + c * configs * (uint32_t)(s->h * s->w)
                                               : NTUPLE_NO_TABLE;
                    for (int g = 0; g < 8; g++) {
                        if (count == NTUPLE_MAX_INSTANCES) {
                            layout_destroy(layout);
                            return NULL;
                        }
                        NtupleInstance *in = &layout->instance[count++];
                        in->table = table;
                        in->owner_table = owner_table;
                        in->scale = 1.0f / (float)fixed;
                        in->cells = (uint8_t)(s->h * s->w);
                        for (int i = 0; i < s->h; i++)
                            for (int j = 0; j < s->w; j++)
                                in->cell[i * s->w + j] = (uint8_t)cell_symmetry_point(g, n, top + i, left + j);
                    }
                }
        }
        if (pass == 0)
            layout->value_instances = count;
    }
    layout->instances = count;
    int links = 0, per_point[BB_POINTS] = {0};
    for (int i = 0; i < count; i++)
        for (int j = 0; j < layout->instance[i].cells; j++) {
            per_point[layout->instance[i].cell[j]]++;
            links++;
        }
    layout->link_instance = malloc((size_t)(links ? links : 1) * sizeof *layout->link_instance);
    layout->link_power = malloc((size_t)(links ? links : 1) * sizeof *layout->link_power);
    if (!layout->link_instance || !layout->link_power) {
        layout_destroy(layout);
        return NULL;
    }
    int fill[BB_POINTS];
    layout->link_start[0] = 0;
    for (int p = 0; p < BB_POINTS; p++) {
        layout->link_start[p + 1] = (uint16_t)(layout->link_start[p] + per_point[p]);
        fill[p] = layout->link_start[p];
    }
    for (int i = 0; i < count; i++)
        for (int j = 0; j < layout->instance[i].cells; j++) {
            int p = layout->instance[i].cell[j];
            layout->link_instance[fill[p]] = (uint16_t)i;
            layout->link_power[fill[p]] = pow3(j);
            fill[p]++;
        }
    return layout;
}

NtupleStatus ntuple_model_create(const NtupleConfig *config, NtupleModel **out)
{
    if (!config->shapes || (config->shapes >> NTUPLE_SHAPES) || (config->owner_shapes >> NTUPLE_SHAPES) ||
        config->stages < 1 || config->stages > NTUPLE_MAX_STAGES)
        return NTUPLE_ERR_CONFIG;
    NtupleModel *model = calloc(1, sizeof *model);
    if (!model)
        return NTUPLE_ERR_MEMORY;
    model->config = *config;
    model->config.split_turn = config->split_turn ? 1 : 0;
    model->config.value_uses_owner = config->value_uses_owner && config->owner_shapes ? 1 : 0;
    model->config.tactical = config->tactical ? 1 : 0;
    uint32_t table_of[NTUPLE_SHAPES] = {0}, total = 0;
    for (int shape = 0; shape < NTUPLE_SHAPES; shape++)
        if (config->shapes & NTUPLE_SHAPE_BIT(shape)) {
            table_of[shape] = total;
            total += (uint32_t)ntuple_shape_classes((NtupleShape)shape) * ntuple_shape_configs((NtupleShape)shape);
        }
    model->stage_params = total;
    model->table_blocks = (uint32_t)config->stages * (model->config.split_turn ? 2u : 1u);
    model->value_params = model->table_blocks * total + 2u * (uint32_t)config->stages * NTUPLE_GLOBALS;
    uint32_t owner_table_of[NTUPLE_SHAPES] = {0}, owner_total = 0;
    for (int shape = 0; shape < NTUPLE_SHAPES; shape++)
        if (config->owner_shapes & NTUPLE_SHAPE_BIT(shape)) {
            owner_table_of[shape] = owner_total;
            owner_total += (uint32_t)ntuple_shape_classes((NtupleShape)shape) *
                           ntuple_shape_configs((NtupleShape)shape) *
                           (uint32_t)(SHAPES[shape].h * SHAPES[shape].w);
        }
    model->owner_stage_params = owner_total;
    model->owner_params = config->owner_shapes ? (uint32_t)config->stages * (owner_total + NTUPLE_OWNER_GLOBALS) : 0;
    model->params = model->value_params + model->owner_params;
    for (int s = 0; s < NTUPLE_MAX_STAGES; s++)
        model->calib_a[s] = config->target == NTUPLE_TARGET_MARGIN ? 0.1f : 10.0f;
    model->weights = calloc(model->params, sizeof *model->weights);
    bool ok = model->weights != NULL;
    for (int n = BB_MIN_SIZE; ok && n <= BB_MAX_SIZE; n++)
        ok = (model->layout[n] = layout_create(model, n, table_of, owner_table_of)) != NULL;
    if (!ok) {
        ntuple_model_destroy(model);
        return NTUPLE_ERR_MEMORY;
    }
    *out = model;
    return NTUPLE_OK;
}

void ntuple_model_destroy(NtupleModel *model)
{
    if (!model)
        return;
    for (int n = 0; n <= BB_MAX_SIZE; n++)
        layout_destroy(model->layout[n]);
    free(model->weights);
    free(model->packed);
    free(model);
}

bool ntuple_model_pack(NtupleModel *model)
{
    size_t count = (size_t)model->table_blocks * model->stage_params;
    int16_t *packed = malloc((count ? count : 1) * sizeof *packed);
    if (!packed)
        return false;
    for (uint32_t b = 0; b < model->table_blocks; b++) {
        const float *w = model->weights + (size_t)b * model->stage_params;
        float largest = 0.0f;
        for (uint32_t i = 0; i < model->stage_params; i++)
            largest = fabsf(w[i]) > largest ? fabsf(w[i]) : largest;
        float unit = largest / 32767.0f;
        if (!(unit > 0.0f)) /* no weight, or only ones too small for a unit */
            unit = 1.0f;
        for (uint32_t i = 0; i < model->stage_params; i++) {
            long q = lrintf(w[i] / unit);
            packed[(size_t)b * model->stage_params + i] = (int16_t)(q > 32767 ? 32767 : q < -32767 ? -32767 : q);
        }
        model->packed_unit[b] = unit;
    }
    free(model->packed);
    model->packed = packed;
    return true;
}

size_t ntuple_model_bytes(const NtupleModel *model) { return (size_t)model->params * sizeof(float); }

int ntuple_stage(const NtupleModel *model, const Position *pos)
{
    int occupied = bb_count(bb_or(pos->stones[0], pos->stones[1]));
    int stage = occupied * model->config.stages / (pos->size * pos->size);
    return stage < model->config.stages ? stage : model->config.stages - 1;
}

int ntuple_block(const NtupleModel *model, const Position *pos)
{
    int stage = ntuple_stage(model, pos);
    return model->config.split_turn ? stage * 2 + pos_stones_left(pos) - 1 : stage;
}

uint32_t ntuple_globals_offset(const NtupleModel *model, const Position *pos)
{
    int pair = ntuple_stage(model, pos) * 2 + pos_stones_left(pos) - 1;
    return model->table_blocks * model->stage_params + (uint32_t)(pair * NTUPLE_GLOBALS);
}

/* Cell values from `side`'s point of view: 0 empty, 1 own, 2 the other's. */
static void cell_values(const Position *pos, Color side, uint8_t value[BB_POINTS])
{
    memset(value, 0, BB_POINTS);
    Bitboard own = pos->stones[side], theirs = pos->stones[color_other(side)];
    for (int p; (p = bb_next(&own)) != POINT_NONE;)
        value[p] = 1;
    for (int p; (p = bb_next(&theirs)) != POINT_NONE;)
        value[p] = 2;
}

static uint32_t instance_index(const NtupleInstance *in, const uint8_t value[BB_POINTS])
{
    uint32_t index = 0;
    for (int j = in->cells - 1; j >= 0; j--)
        index = index * 3 + value[in->cell[j]];
    return index;
}

void ntuple_board_init(NtupleBoard *board, const NtupleModel *model, const Position *pos)
{
    const NtupleLayout *layout = model->layout[pos->size];
    board->layout = layout;
    board->stones[0] = pos->stones[0];
    board->stones[1] = pos->stones[1];
    for (int side = 0; side < 2; side++) {
        uint8_t value[BB_POINTS];
        cell_values(pos, (Color)side, value);
        for (int i = 0; i < layout->instances; i++)
            board->index[side][i] = instance_index(&layout->instance[i], value);
    }
}

static int black_value(const Bitboard stones[2], int p)
{
    return bb_test(stones[COLOR_BLACK], p) ? 1 : bb_test(stones[COLOR_WHITE], p) ? 2 : 0;
}

void ntuple_board_update(NtupleBoard *board, const Position *pos)
{
    static const int swap[3] = {0, 2, 1};
    const NtupleLayout *layout = board->layout;
    Bitboard changed = bb_or(bb_xor(board->stones[0], pos->stones[0]), bb_xor(board->stones[1], pos->stones[1]));
    for (int p; (p = bb_next(&changed)) != POINT_NONE;) {
        int before = black_value(board->stones, p), after = black_value(pos->stones, p);
        uint32_t db = (uint32_t)(after - before), dw = (uint32_t)(swap[after] - swap[before]);
        for (int k = layout->link_start[p]; k < layout->link_start[p + 1]; k++) {
            int i = layout->link_instance[k];
            uint32_t power = layout->link_power[k];
            board->index[COLOR_BLACK][i] += db * power;
            board->index[COLOR_WHITE][i] += dw * power;
        }
    }
    board->stones[0] = pos->stones[0];
    board->stones[1] = pos->stones[1];
}

static NtupleValue value_of(const NtupleModel *model, const Position *pos, float sum)
{
    NtupleValue v = {.sum = sum};
    int stage = ntuple_stage(model, pos);
    if (model->config.target == NTUPLE_TARGET_MARGIN) {
        v.margin = sum;
        v.win = 1.0f / (1.0f + expf(-(model->calib_a[stage] * sum + model->calib_b[stage])));
    } else {
        v.margin = model->calib_a[stage] * sum + model->calib_b[stage];
        v.win = 1.0f / (1.0f + expf(-sum));
    }
    return v;
}

uint32_t ntuple_owner_offset(const NtupleModel *model, const Position *pos)
{
    return model->value_params +
           (uint32_t)ntuple_stage(model, pos) * (model->owner_stage_params + NTUPLE_OWNER_GLOBALS);
}

void ntuple_owner_logits(const NtupleModel *model, const Position *pos, const uint32_t *index, float z[BB_POINTS])
{
    const NtupleLayout *layout = model->layout[pos->size];
    const float *w = model->weights + ntuple_owner_offset(model, pos);
    const float *bias = w + model->owner_stage_params;
    uint8_t value[BB_POINTS];
    cell_values(pos, pos_to_move(pos), value);
    for (int p = 0; p < BB_POINTS; p++)
        z[p] = bias[value[p]];
    for (int i = 0; i < layout->instances; i++) {
        const NtupleInstance *in = &layout->instance[i];
        if (in->owner_table == NTUPLE_NO_TABLE)
            continue;
        const float *t = w + in->owner_table + index[i] * in->cells;
        for (int j = 0; j < in->cells; j++)
            z[in->cell[j]] += in->scale * t[j];
    }
}

float ntuple_owner_margin(const Position *pos, const float z[BB_POINTS])
{
    float sum = 0.0f;
    Bitboard board = bb_board(pos->size);
    for (int p; (p = bb_next(&board)) != POINT_NONE;)
        sum += 2.0f / (1.0f + expf(-z[p])) - 1.0f;
    return sum - ntuple_stone_difference(pos);
}

void ntuple_tactical_inputs(const Position *pos, const Tactics *tactics, float out[NTUPLE_TACTICAL])
{
    float g[FEAT_GLOBALS];
    uint32_t wanted = FEAT_BIT(FEAT_G_POTENTIAL) | FEAT_BIT(FEAT_G_RING2_OWN);
    feature_global(pos, &tactics->mine, &tactics->theirs, tactics->threats_known ? tactics->best_threat : -1, wanted,
                   g);
    out[0] = g[FEAT_G_POTENTIAL];
    out[1] = g[FEAT_G_FILL_OWN];
    out[2] = g[FEAT_G_FILL_THEIRS];
    out[3] = g[FEAT_G_RING2_OWN];
}

float ntuple_value_sum(const NtupleModel *model, const Position *pos, const uint32_t *index, const float *tactical)
{
    const NtupleLayout *layout = model->layout[pos->size];
    int block = ntuple_block(model, pos);
    float sum = 0.0f;
    if (model->packed) {
        const int16_t *q = model->packed + (size_t)block * model->stage_params;
        for (int i = 0; i < layout->value_instances; i++)
            sum += layout->instance[i].scale * (float)q[layout->instance[i].table + index[i]];
        sum *= model->packed_unit[block];
    } else {
        const float *w = model->weights + (size_t)block * model->stage_params;
        for (int i = 0; i < layout->value_instances; i++)
            sum += layout->instance[i].scale * w[layout->instance[i].table + index[i]];
    }
    const float *g = model->weights + ntuple_globals_offset(model, pos);
    sum += g[0] + g[1] * ntuple_stone_difference(pos);
    if (model->config.value_uses_owner && model->config.owner_shapes) {
        float z[BB_POINTS];
        ntuple_owner_logits(model, pos, index, z);
        sum += g[2] * ntuple_owner_margin(pos, z);
    }
    if (model->config.tactical)
        for (int k = 0; k < NTUPLE_TACTICAL; k++)
            sum += g[3 + k] * tactical[k];
    return sum;
}

/* The tactical inputs of pos into out when the model wants them (from
 * `tactics`, or analysing pos when it is NULL); NULL when it does not. */
static const float *tactical_of(const NtupleModel *model, const Position *pos, const Tactics *tactics,
                                float out[NTUPLE_TACTICAL])
{
    if (!model->config.tactical)
        return NULL;
    Tactics own;
    if (!tactics) {
        tactics_analyze(pos, false, &own);
        tactics = &own;
    }
    ntuple_tactical_inputs(pos, tactics, out);
    return out;
}

NtupleValue ntuple_eval_with(const NtupleModel *model, const NtupleBoard *board, const Position *pos,
                             const Tactics *tactics)
{
    float t[NTUPLE_TACTICAL];
    const float *tactical = tactical_of(model, pos, tactics, t);
    return value_of(model, pos, ntuple_value_sum(model, pos, board->index[pos_to_move(pos)], tactical));
}

/* A margin in stones as the search's centistones, within +-SCORE_EVAL_MAX
 * (NaN, which finite weights cannot give, as the lowest). */
static int centistones(float margin)
{
    float v = margin * 100.0f;
    if (!(v > (float)-SCORE_EVAL_MAX))
        return -SCORE_EVAL_MAX;
    if (v >= (float)SCORE_EVAL_MAX)
        return SCORE_EVAL_MAX;
    return score_clamp_eval((int)lrintf(v));
}

int ntuple_evaluate(const NtupleModel *model, const NtupleBoard *board, const Position *pos, const Tactics *tactics)
{
    return centistones(ntuple_eval_with(model, board, pos, tactics).margin);
}

int ntuple_evaluate_full(const NtupleModel *model, const Position *pos)
{
    return centistones(ntuple_eval_full(model, pos).margin);
}

NtupleValue ntuple_eval(const NtupleModel *model, const NtupleBoard *board, const Position *pos)
{
    return ntuple_eval_with(model, board, pos, NULL);
}

int ntuple_active(const NtupleModel *model, const Position *pos, uint32_t *out, float *scale)
{
    const NtupleLayout *layout = model->layout[pos->size];
    uint32_t base = (uint32_t)ntuple_block(model, pos) * model->stage_params;
    uint8_t value[BB_POINTS];
    cell_values(pos, pos_to_move(pos), value);
    for (int i = 0; i < layout->value_instances; i++) {
        out[i] = base + layout->instance[i].table + instance_index(&layout->instance[i], value);
        scale[i] = layout->instance[i].scale;
    }
    return layout->value_instances;
}

int ntuple_indices(const NtupleModel *model, const Position *pos, uint32_t *index)
{
    const NtupleLayout *layout = model->layout[pos->size];
    uint8_t value[BB_POINTS];
    cell_values(pos, pos_to_move(pos), value);
    for (int i = 0; i < layout->instances; i++)
        index[i] = instance_index(&layout->instance[i], value);
    return layout->instances;
}

NtupleValue ntuple_eval_full(const NtupleModel *model, const Position *pos)
{
    uint32_t index[NTUPLE_MAX_INSTANCES];
    ntuple_indices(model, pos, index);
    float t[NTUPLE_TACTICAL];
    const float *tactical = tactical_of(model, pos, NULL, t);
    return value_of(model, pos, ntuple_value_sum(model, pos, index, tactical));
}

bool ntuple_owner(const NtupleModel *model, const Position *pos, float owner[BB_POINTS])
{
    if (!model->config.owner_shapes)
        return false;
    uint32_t index[NTUPLE_MAX_INSTANCES];
    ntuple_indices(model, pos, index);
    float z[BB_POINTS];
    ntuple_owner_logits(model, pos, index, z);
    float sign = pos_to_move(pos) == COLOR_BLACK ? 1.0f : -1.0f;
    for (int p = 0; p < BB_POINTS; p++)
        owner[p] = point_row(p) < pos->size && point_col(p) < pos->size
                       ? sign * (2.0f / (1.0f + expf(-z[p])) - 1.0f)
                       : 0.0f;
    return true;
}
