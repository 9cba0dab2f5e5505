/* Adagrad for the n-tuple pattern model: each sample touches one weight per
 * value instance of its board and the globals of its stage, and for the
 * owner head one weight per cell of each owner instance; the calibration
 * of the other output is a small least-squares or logistic fit. */
#include "learn/ntuple_train.h"

#include <math.h>
#include <stdlib.h>

#include "base/random.h"

struct NtupleTrainer {
    NtupleModel *model;
    NtupleTrainConfig config;
    float *accum; /* Adagrad: sum of squared gradients per weight */
    size_t *order;
    size_t order_capacity;
    uint64_t epochs;
};

NtupleTrainer *ntuple_train_create(NtupleModel *model, const NtupleTrainConfig *config)
{
    NtupleTrainer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->model = model;
    t->config = *config;
    t->accum = calloc(model->params, sizeof *t->accum);
    if (!t->accum) {
        free(t);
        return NULL;
    }
    return t;
}

void ntuple_train_destroy(NtupleTrainer *trainer)
{
    if (!trainer)
        return;
    free(trainer->accum);
    free(trainer->order);
    free(trainer);
}

double ntuple_sample_margin(const TrainSample *sample)
{
    const Position *pos = &sample->pos;
    int black = bb_count(bb_and(sample->black_final, bb_board(pos->size)));
    int margin = 2 * black - pos->size * pos->size;
    return pos_to_move(pos) == COLOR_BLACK ? margin : -margin;
}

double ntuple_margin_result(double margin) { return margin > 0 ? 1.0 : margin < 0 ? 0.0 : 0.5; }

double ntuple_sample_result(const TrainSample *sample) { return ntuple_margin_result(ntuple_sample_margin(sample)); }

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static void adagrad_step(NtupleTrainer *t, uint32_t k, float gradient)
{
    float *w = &t->model->weights[k];
    float g = gradient + t->config.l2 * *w;
    t->accum[k] += g * g;
    *w -= t->config.rate * g / (sqrtf(t->accum[k]) + 1e-6f);
}

/* The owner head's step for one sample, given its indices and logits;
 * returns its log-loss summed over the points. */
static double owner_step(NtupleTrainer *t, const TrainSample *s, const uint32_t *index, const float z[BB_POINTS])
{
    NtupleModel *model = t->model;
    const Position *pos = &s->pos;
    const NtupleLayout *layout = model->layout[pos->size];
    uint32_t offset = ntuple_owner_offset(model, pos), bias = offset + model->owner_stage_params;
    Color me = pos_to_move(pos);
    Bitboard mine_final = me == COLOR_BLACK ? s->black_final : bb_andnot(bb_board(pos->size), s->black_final);
    float gradient[BB_POINTS] = {0};
    double loss = 0.0;
    Bitboard board = bb_board(pos->size);
    for (int p; (p = bb_next(&board)) != POINT_NONE;) {
        double q = sigmoid(z[p]), y = bb_test(mine_final, p) ? 1.0 : 0.0;
        double qc = q < 1e-12 ? 1e-12 : q > 1 - 1e-12 ? 1 - 1e-12 : q;
        loss -= y * log(qc) + (1 - y) * log(1 - qc);
        gradient[p] = (float)(q - y);
        int state = bb_test(pos->stones[me], p) ? 1 : bb_test(pos->stones[color_other(me)], p) ? 2 : 0;
        adagrad_step(t, bias + (uint32_t)state, gradient[p]);
    }
    for (int i = 0; i < layout->instances; i++) {
        const NtupleInstance *in = &layout->instance[i];
        if (in->owner_table == NTUPLE_NO_TABLE)
            continue;
        uint32_t k = offset + in->owner_table + index[i] * in->cells;
        for (int j = 0; j < in->cells; j++)
            adagrad_step(t, k + (uint32_t)j, in->scale * gradient[in->cell[j]]);
    }
    return loss;
}

/* One sample's step of both heads towards the value label `margin` (side
 * to move, stones); returns the value head's loss and adds the owner
 * head's to *owner_loss. */
static double sample_step(NtupleTrainer *t, const TrainSample *s, double margin, double *owner_loss)
{
    NtupleModel *model = t->model;
    const Position *pos = &s->pos;
    const NtupleLayout *layout = model->layout[pos->size];
    uint32_t index[NTUPLE_MAX_INSTANCES];
    ntuple_indices(model, pos, index);
    bool owner = model->config.owner_shapes != 0, uses_owner = owner && model->config.value_uses_owner;
    float z[BB_POINTS], owner_input = 0.0f;
    if (owner) {
        ntuple_owner_logits(model, pos, index, z);
        if (uses_owner)
            owner_input = ntuple_owner_margin(pos, z);
    }
    uint32_t base = (uint32_t)ntuple_block(model, pos) * model->stage_params;
    uint32_t globals = ntuple_globals_offset(model, pos);
    float stones = ntuple_stone_difference(pos);
    const float *g = model->weights + globals;
    float sum = g[0] + g[1] * stones + (uses_owner ? g[2] * owner_input : 0.0f);
    float tactical[NTUPLE_TACTICAL] = {0};
    if (model->config.tactical) {
        Tactics analysis;
        tactics_analyze(pos, false, &analysis);
        ntuple_tactical_inputs(pos, &analysis, tactical);
        for (int k = 0; k < NTUPLE_TACTICAL; k++)
            sum += g[3 + k] * tactical[k];
    }
    for (int i = 0; i < layout->value_instances; i++)
        sum += layout->instance[i].scale * model->weights[base + layout->instance[i].table + index[i]];
    double loss;
    float gradient;
    if (model->config.target == NTUPLE_TARGET_MARGIN) {
        double error = sum - margin;
        loss = 0.5 * error * error;
        gradient = (float)error;
    } else {
        double y = ntuple_margin_result(margin), p = sigmoid(sum);
        double pc = p < 1e-12 ? 1e-12 : p > 1 - 1e-12 ? 1 - 1e-12 : p;
        loss = -(y * log(pc) + (1 - y) * log(1 - pc));
        gradient = (float)(p - y);
    }
    for (int i = 0; i < layout->value_instances; i++)
        adagrad_step(t, base + layout->instance[i].table + index[i], gradient * layout->instance[i].scale);
    adagrad_step(t, globals, gradient);
    adagrad_step(t, globals + 1, gradient * stones);
    if (uses_owner)
        adagrad_step(t, globals + 2, gradient * owner_input);
    if (model->config.tactical)
        for (int k = 0; k < NTUPLE_TACTICAL; k++)
            adagrad_step(t, globals + 3 + (uint32_t)k, gradient * tactical[k]);
    if (owner)
        *owner_loss += owner_step(t, s, index, z);
    return loss;
}

NtupleLoss ntuple_train_epoch(NtupleTrainer *t, const TrainSample *samples, size_t count)
{
    return ntuple_train_epoch_to(t, samples, NULL, count);
}

NtupleLoss ntuple_train_epoch_to(NtupleTrainer *t, const TrainSample *samples, const double *margins, size_t count)
{
    NtupleLoss result = {0.0, 0.0};
    if (count == 0)
        return result;
    if (t->order_capacity < count) {
        size_t *order = realloc(t->order, count * sizeof *order);
        if (!order)
            return (NtupleLoss){NAN, NAN};
        t->order = order;
        t->order_capacity = count;
    }
    Rng rng;
    rng_seed(&rng, t->config.seed ^ (UINT64_C(0x9E3779B97F4A7C15) * ++t->epochs));
    for (size_t i = 0; i < count; i++)
        t->order[i] = i;
    for (size_t i = count - 1; i > 0; i--) {
        size_t j = (size_t)(rng_next(&rng) % (uint64_t)(i + 1));
        size_t x = t->order[i];
        t->order[i] = t->order[j];
        t->order[j] = x;
    }
    double loss = 0.0, owner_loss = 0.0, points = 0.0;
    for (size_t i = 0; i < count; i++) {
        size_t k = t->order[i];
        const TrainSample *s = &samples[k];
        loss += sample_step(t, s, margins ? margins[k] : ntuple_sample_margin(s), &owner_loss);
        points += s->pos.size * s->pos.size;
    }
    result.value = loss / (double)count;
    result.owner = t->model->config.owner_shapes ? owner_loss / points : 0.0;
    return result;
}

bool ntuple_fit_logistic(const double *x, const double *y, size_t n, double *a_out, double *b_out)
{
    double a = 0.0, b = 0.0;
    for (int iter = 0; iter < 100; iter++) {
        double ga = 0, gb = 0, haa = 1e-9, hab = 0, hbb = 1e-9;
        for (size_t i = 0; i < n; i++) {
            double p = sigmoid(a * x[i] + b), d = p - y[i], v = p * (1 - p);
            ga += d * x[i];
            gb += d;
            haa += v * x[i] * x[i];
            hab += v * x[i];
            hbb += v;
        }
        double det = haa * hbb - hab * hab;
        if (!(det > 0))
            return false;
        double da = (hbb * ga - hab * gb) / det, db = (haa * gb - hab * ga) / det;
        a -= da;
        b -= db;
        if (!isfinite(a) || !isfinite(b))
            return false;
        if (fabs(da) < 1e-10 * (1 + fabs(a)) && fabs(db) < 1e-10 * (1 + fabs(b))) {
            *a_out = a;
            *b_out = b;
            return true;
        }
    }
    return false;
}

static void fit_stage(NtupleModel *model, int stage, const double *x, const double *y, size_t m);

void ntuple_train_calibrate(NtupleModel *model, const TrainSample *samples, size_t count, size_t limit)
{
    size_t step = limit && count > limit ? (count + limit - 1) / limit : 1;
    size_t n = (count + step - 1) / step;
    double *x = malloc((n ? n : 1) * sizeof *x), *y = malloc((n ? n : 1) * sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        return;
    }
    bool margin_target = model->config.target == NTUPLE_TARGET_MARGIN;
    for (int stage = 0; stage < model->config.stages; stage++) {
        size_t m = 0;
        for (size_t i = 0; i < count; i += step)
            if (ntuple_stage(model, &samples[i].pos) == stage) {
                x[m] = ntuple_eval_full(model, &samples[i].pos).sum;
                y[m] = margin_target ? ntuple_sample_result(&samples[i]) : ntuple_sample_margin(&samples[i]);
                m++;
            }
        fit_stage(model, stage, x, y, m);
    }
    free(x);
    free(y);
}

static void fit_stage(NtupleModel *model, int stage, const double *x, const double *y, size_t m)
{
    if (model->config.target == NTUPLE_TARGET_MARGIN) {
        double a, b;
        if (ntuple_fit_logistic(x, y, m, &a, &b)) {
            model->calib_a[stage] = (float)a;
            model->calib_b[stage] = (float)b;
        }
    } else if (m > 1) { /* least squares of the margin on the logit */
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (size_t i = 0; i < m; i++) {
            sx += x[i];
            sy += y[i];
            sxx += x[i] * x[i];
            sxy += x[i] * y[i];
        }
        double var = sxx - sx * sx / (double)m;
        if (var > 0) {
            double a = (sxy - sx * sy / (double)m) / var;
            model->calib_a[stage] = (float)a;
            model->calib_b[stage] = (float)((sy - a * sx) / (double)m);
        }
    }
}

NtupleError ntuple_train_measure(const NtupleModel *model, const TrainSample *samples, size_t count)
{
    NtupleError e = {.positions = count};
    double ll = 0, sq = 0, right = 0, points = 0;
    for (size_t i = 0; i < count; i++) {
        const Position *pos = &samples[i].pos;
        float owner[BB_POINTS];
        if (ntuple_owner(model, pos, owner)) {
            Bitboard board = bb_board(pos->size);
            for (int p; (p = bb_next(&board)) != POINT_NONE;)
                right += owner[p] == 0.0f ? 0.5 : (owner[p] > 0.0f) == bb_test(samples[i].black_final, p);
            points += pos->size * pos->size;
        }
        NtupleValue v = ntuple_eval_full(model, pos);
        double y = ntuple_sample_result(&samples[i]);
        double p = v.win < 1e-6f ? 1e-6 : v.win > 1 - 1e-6f ? 1 - 1e-6 : v.win;
        ll -= y * log(p) + (1 - y) * log(1 - p);
        double d = v.margin - ntuple_sample_margin(&samples[i]);
        sq += d * d;
    }
    if (count) {
        e.result_logloss = ll / (double)count;
        e.margin_rmse = sqrt(sq / (double)count);
        e.owner_accuracy = points > 0 ? right / points : 0.0;
    }
    return e;
}
