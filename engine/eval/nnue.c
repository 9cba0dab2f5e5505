/* The evaluation network's inference (eval/nnue.h): features, the points'
 * vectors kept incrementally, the pools and the perceptron, all in
 * integers. */
#include "eval/nnue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/score.h"

NnueModel *nnue_model_create(void)
{
    NnueModel *model = calloc(1, sizeof *model);
    if (!model)
        return NULL;
    model->map = feature_map_create();
    if (!model->map) {
        free(model);
        return NULL;
    }
    model->rows = model->map->params;
    for (int k = 0; k < NNUE_OWNER_TABLE; k++) {
        double logit = (double)(k - NNUE_LOGIT_STEPS * NNUE_LOGIT_MAX) / NNUE_LOGIT_STEPS;
        model->owner_table[k] = (int16_t)lrint(tanh(logit / 2) * NNUE_OWNER_ONE);
    }
    model->row = calloc((size_t)model->rows * NNUE_HIDDEN, sizeof *model->row);
    if (!model->row) {
        nnue_model_destroy(model);
        return NULL;
    }
    return model;
}

void nnue_model_destroy(NnueModel *model)
{
    if (!model)
        return;
    feature_map_destroy(model->map);
    free(model->row);
    free(model);
}

void nnue_board_reset(NnueBoard *board) { board->valid = false; }

/* The distance feature with both distances capped at NNUE_DISTANCE_CAP:
 * a stone then changes it only in its 3x3 window, which the pattern's
 * change already recomputes. */
static uint32_t capped_distance(uint32_t index)
{
    const uint32_t side = FEAT_DISTANCE_CAP + 1;
    uint32_t i = index - FEAT_DISTANCE_BASE, state = i / (side * side), own = i / side % side, opp = i % side;
    own = own < NNUE_DISTANCE_CAP ? own : NNUE_DISTANCE_CAP;
    opp = opp < NNUE_DISTANCE_CAP ? opp : NNUE_DISTANCE_CAP;
    return FEAT_DISTANCE_BASE + (state * side + own) * side + opp;
}

/* A point's key (its features by parameter, two stones left cleared: it
 * enters the perceptron instead; distances capped) and pool. */
static uint8_t point_key(const FeatureMap *map, const FeaturePlanes *planes, int p, uint32_t key[FEAT_GROUPS])
{
    uint32_t index[FEAT_GROUPS];
    feature_point(planes, p, index);
    uint32_t edge_index = index[1] & ~1u;
    uint32_t flags_index = FEAT_FLAGS_BASE + ((index[2] - FEAT_FLAGS_BASE) & ~(UINT32_C(1) << FEAT_FLAG_TWO_LEFT));
    index[3] = capped_distance(index[3]);
    key[0] = map->to_param[index[0]];
    key[1] = map->to_param[edge_index];
    key[2] = map->to_param[flags_index];
    key[3] = map->to_param[index[3]];
    key[4] = map->to_param[index[4]];
    int state = bb_test(planes->own, p) ? 1 : bb_test(planes->opp, p) ? 2 : 0;
    return (uint8_t)(state * 2 + !bb_test(bb_edge(planes->size), p));
}

int nnue_features(const FeatureMap *map, const Position *pos, const FillMap *mine, const FillMap *theirs,
                  uint32_t key[BB_POINTS][FEAT_GROUPS], uint8_t pool[BB_POINTS])
{
    FeaturePlanes planes;
    feature_planes(pos, mine, theirs, &planes);
    int count = pos->size * pos->size;
    for (int n = 0; n < count; n++)
        pool[n] = point_key(map, &planes, point_make(n / pos->size, n % pos->size), key[n]);
    return count;
}

/* The points where a feature the network reads can differ between two
 * planes of one size: the 3x3 windows around a stone that changed, and
 * every point where a flag (but two stones left), a distance ring within
 * the cap or an empty point's region feature changed. */
static Bitboard changed_points(const FeaturePlanes *a, const FeaturePlanes *b)
{
    Bitboard stones = bb_or(bb_xor(a->own, b->own), bb_xor(a->opp, b->opp));
    Bitboard changed = bb_or(stones, bb_dilate8(stones));
    for (int f = 0; f < 8; f++)
        if (f != FEAT_FLAG_TWO_LEFT)
            changed = bb_or(changed, bb_xor(a->flag[f], b->flag[f]));
    for (int k = 0; k < NNUE_DISTANCE_CAP; k++)
        changed = bb_or(changed, bb_or(bb_xor(a->near_own[k], b->near_own[k]), bb_xor(a->near_opp[k], b->near_opp[k])));
    for (int p = 0; p < BB_POINTS; p++)
        if (a->region[p] != b->region[p])
            changed = bb_or(changed, bb_point(p));
    return bb_and(changed, bb_board(a->size));
}

static inline int32_t clip_activation(int32_t v) { return v < 0 ? 0 : v > NNUE_ONE ? NNUE_ONE : v; }

/* A point's vector and expected owner from its features. */
static void point_compute(const NnueModel *model, const uint32_t key[FEAT_GROUPS],
                          int16_t *restrict hidden, int16_t *restrict owner)
{
    /* one pass over the five rows at once: the compiler keeps the sums in
     * vector registers (the rows' bounds keep them within int16) */
    const int16_t *restrict r0 = model->row + (size_t)key[0] * NNUE_HIDDEN;
    const int16_t *restrict r1 = model->row + (size_t)key[1] * NNUE_HIDDEN;
    const int16_t *restrict r2 = model->row + (size_t)key[2] * NNUE_HIDDEN;
    const int16_t *restrict r3 = model->row + (size_t)key[3] * NNUE_HIDDEN;
    const int16_t *restrict r4 = model->row + (size_t)key[4] * NNUE_HIDDEN;
    const int16_t *restrict bias = model->point_bias;
    int32_t z = model->owner_bias;
    for (int i = 0; i < NNUE_HIDDEN; i++) {
        int32_t a = clip_activation(bias[i] + r0[i] + r1[i] + r2[i] + r3[i] + r4[i]);
        hidden[i] = (int16_t)a;
        z += (int32_t)model->owner_weight[i] * a;
    }
    /* z is the logit x NNUE_ONE x NNUE_WEIGHT_ONE: to table steps of
     * 1 / NNUE_LOGIT_STEPS, rounded */
    const int32_t div = NNUE_ONE * NNUE_WEIGHT_ONE / NNUE_LOGIT_STEPS;
    int32_t step = (z >= 0 ? z + div / 2 : z - div / 2) / div;
    const int32_t half = NNUE_LOGIT_STEPS * NNUE_LOGIT_MAX;
    step = step < -half ? -half : step > half ? half : step;
    *owner = model->owner_table[step + half];
}

static void point_add(NnueBoard *board, int n, int sign)
{
    int32_t *sum = board->sum[board->pool[n]];
    const int16_t *hidden = board->hidden[n];
    for (int i = 0; i < NNUE_HIDDEN; i++)
        sum[i] += sign * hidden[i];
    board->owner_sum += sign * board->owner[n];
}

void nnue_board_update(NnueBoard *board, const NnueModel *model, const Position *pos, const FillMap *mine,
                       const FillMap *theirs)
{
    FeaturePlanes planes;
    feature_planes(pos, mine, theirs, &planes);
    int size = pos->size;
    Color side = pos_to_move(pos);
    if (!board->valid || board->size != size || board->side != side) {
        memset(board->sum, 0, sizeof board->sum);
        board->owner_sum = 0;
        board->size = size;
        board->side = side;
        board->count = size * size;
        for (int n = 0; n < board->count; n++) {
            board->pool[n] = point_key(model->map, &planes, point_make(n / size, n % size), board->key[n]);
            point_compute(model, board->key[n], board->hidden[n], &board->owner[n]);
            point_add(board, n, 1);
        }
        board->planes = planes;
        board->updated = (uint32_t)board->count;
        board->valid = true;
        return;
    }
    /* the points whose features changed, their rows fetched ahead of the
     * sums: the rows are spread over megabytes */
    Bitboard candidates = changed_points(&board->planes, &planes);
    int changed[BB_POINTS], changes = 0;
    uint32_t key[BB_POINTS][FEAT_GROUPS];
    uint8_t pool[BB_POINTS];
    for (int p; (p = bb_next(&candidates)) != POINT_NONE;) {
        int n = p / BB_STRIDE * size + p % BB_STRIDE;
        pool[n] = point_key(model->map, &planes, p, key[n]);
        if (memcmp(board->key[n], key[n], sizeof key[n]) != 0) {
            changed[changes++] = n;
            for (int g = 0; g < FEAT_GROUPS; g++)
                __builtin_prefetch(model->row + (size_t)key[n][g] * NNUE_HIDDEN);
        } else if (board->pool[n] != pool[n]) {
            point_add(board, n, -1);
            board->pool[n] = pool[n];
            point_add(board, n, 1);
        }
    }
    for (int i = 0; i < changes; i++) {
        int n = changed[i];
        point_add(board, n, -1);
        board->pool[n] = pool[n];
        memcpy(board->key[n], key[n], sizeof key[n]);
        point_compute(model, key[n], board->hidden[n], &board->owner[n]);
        point_add(board, n, 1);
    }
    board->planes = planes;
    board->updated = (uint32_t)changes;
}

/* A layer's sum (scale NNUE_ONE x NNUE_WEIGHT_ONE) to a clipped activation
 * (scale NNUE_ONE), rounded half away from zero. */
static inline int16_t layer_activation(int32_t y)
{
    const int32_t div = NNUE_WEIGHT_ONE;
    int32_t q = (y >= 0 ? y + div / 2 : y - div / 2) / div;
    return (int16_t)clip_activation(q);
}

NnueValue nnue_value(const NnueModel *model, const NnueBoard *board, const Position *pos)
{
    int16_t input[NNUE_INPUTS];
    const int32_t half = 1 << (NNUE_POOL_SHIFT - 1);
    for (int k = 0; k < NNUE_POOLS; k++)
        for (int i = 0; i < NNUE_HIDDEN; i++)
            input[k * NNUE_HIDDEN + i] = (int16_t)((board->sum[k][i] + half) >> NNUE_POOL_SHIFT);
    /* the last input: two stones left */
    input[NNUE_INPUTS - 1] = pos_stones_left(pos) == 2 ? NNUE_ONE : 0;

    int16_t a1[NNUE_L1], a2[NNUE_L2];
    for (int j = 0; j < NNUE_L1; j++) {
        int32_t y = model->l1_bias[j];
        for (int i = 0; i < NNUE_INPUTS; i++)
            y += (int32_t)model->l1_weight[j][i] * input[i];
        a1[j] = layer_activation(y);
    }
    for (int j = 0; j < NNUE_L2; j++) {
        int32_t y = model->l2_bias[j];
        for (int i = 0; i < NNUE_L1; i++)
            y += (int32_t)model->l2_weight[j][i] * a1[i];
        a2[j] = layer_activation(y);
    }
    int32_t out = model->out_bias;
    for (int i = 0; i < NNUE_L2; i++)
        out += (int32_t)model->out_weight[i] * a2[i];
    NnueValue v;
    v.owner_margin = board->owner_sum;
    v.correction = out;
    v.margin = (double)v.owner_margin / NNUE_OWNER_ONE + (double)out / ((double)NNUE_ONE * NNUE_WEIGHT_ONE);
    return v;
}

int nnue_centistones(const NnueValue *value)
{
    double cs = value->margin * 100.0;
    if (cs > SCORE_EVAL_MAX)
        return SCORE_EVAL_MAX;
    if (cs < -SCORE_EVAL_MAX)
        return -SCORE_EVAL_MAX;
    return (int)lrint(cs);
}

void nnue_board_compute(NnueBoard *board, const NnueModel *model, const Position *pos)
{
    Tactics t;
    tactics_analyze(pos, false, &t);
    nnue_board_reset(board);
    nnue_board_update(board, model, pos, &t.mine, &t.theirs);
}

NnueValue nnue_value_full(const NnueModel *model, const Position *pos)
{
    NnueBoard board;
    nnue_board_compute(&board, model, pos);
    return nnue_value(model, &board, pos);
}

void nnue_owner(const NnueModel *model, const Position *pos, float owner[BB_POINTS])
{
    NnueBoard board;
    nnue_board_compute(&board, model, pos);
    Color me = pos_to_move(pos);
    float sign = me == COLOR_BLACK ? 1.0f : -1.0f;
    for (int p = 0; p < BB_POINTS; p++)
        owner[p] = 0.0f;
    for (int n = 0; n < board.count; n++) {
        int p = point_make(n / pos->size, n % pos->size);
        owner[p] = sign * (float)board.owner[n] / NNUE_OWNER_ONE;
    }
}
