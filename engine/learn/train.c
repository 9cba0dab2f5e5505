/* The trainer: per point, z is the sum of its features' parameters (shared
 * by symmetric features through the FeatureMap), and squash(z) is pushed
 * towards +1 when the side to move owned the point at the end, -1 when the
 * opponent did. */
#include "learn/train.h"

#include <math.h>
#include <stdlib.h>

#include "eval/evalmodel.h"
#include "rules/random.h"
#include "rules/tactics.h"

struct Trainer {
    TrainConfig config;
    FeatureMap *map;
    float *param;
    float *sum_sq; /* Adagrad: the sum of squared gradients of each parameter */
};

Trainer *train_create(const TrainConfig *config)
{
    Trainer *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->config = *config;
    t->map = feature_map_create();
    if (t->map) {
        t->param = calloc(eval_param_count(t->map), sizeof *t->param);
        t->sum_sq = calloc(t->map->params, sizeof *t->sum_sq);
    }
    if (!t->map || !t->param || !t->sum_sq) {
        train_destroy(t);
        return NULL;
    }
    return t;
}

void train_destroy(Trainer *t)
{
    if (!t)
        return;
    feature_map_destroy(t->map);
    free(t->param);
    free(t->sum_sq);
    free(t);
}

/* The features of a sample with their parameters, and each point's target
 * (+1: the side to move's at the end). */
static void sample_features(const Trainer *t, const TrainSample *s, PointFeatures *f, float target[BB_POINTS])
{
    Color me = pos_to_move(&s->pos);
    FillMap mine, theirs;
    tactics_fill_points(&s->pos, me, &mine);
    tactics_fill_points(&s->pos, color_other(me), &theirs);
    feature_compute(&s->pos, &mine, &theirs, f);
    for (int i = 0; i < f->count; i++) {
        bool black = bb_test(s->black_final, f->point[i]);
        target[i] = (black == (me == COLOR_BLACK)) ? 1.0f : -1.0f;
        for (int g = 0; g < FEAT_GROUPS; g++)
            f->index[i][g] = t->map->to_param[f->index[i][g]];
    }
}

static float point_sum(const Trainer *t, const uint32_t index[FEAT_GROUPS])
{
    float z = 0.0f;
    for (int g = 0; g < FEAT_GROUPS; g++)
        z += t->param[index[g]];
    return z;
}

double train_epoch(Trainer *t, const TrainSample *samples, size_t count,
                   void (*progress)(size_t done, size_t count, void *context), void *context)
{
    size_t *order = malloc(count * sizeof *order);
    if (!order && count > 0)
        return NAN;
    for (size_t i = 0; i < count; i++)
        order[i] = i;
    Rng rng;
    rng_seed(&rng, t->config.seed);
    t->config.seed = rng_next(&rng); /* the next epoch draws another order */
    for (size_t i = count; i > 1; i--) {
        size_t j = (size_t)(rng_next(&rng) % i);
        size_t k = order[i - 1];
        order[i - 1] = order[j];
        order[j] = k;
    }
    double loss = 0.0;
    uint64_t points = 0;
    const float rate = t->config.rate, decay = 1.0f - t->config.l2;
    for (size_t n = 0; n < count; n++) {
        PointFeatures f;
        float target[BB_POINTS];
        sample_features(t, &samples[order[n]], &f, target);
        for (int i = 0; i < f.count; i++) {
            float z = point_sum(t, f.index[i]);
            float e = eval_squash(z) - target[i];
            loss += (double)(e * e);
            float g = 2.0f * e * eval_squash_slope(z);
            if (g == 0.0f)
                continue;
            for (int k = 0; k < FEAT_GROUPS; k++) {
                uint32_t j = f.index[i][k];
                t->sum_sq[j] += g * g;
                t->param[j] = t->param[j] * decay - rate * g / sqrtf(t->sum_sq[j] + 1e-8f);
            }
        }
        points += (uint64_t)f.count;
        if (progress && (n + 1) % 4096 == 0)
            progress(n + 1, count, context);
    }
    free(order);
    return points ? loss / (double)points : 0.0;
}

/* A sample's whole-board features (with the point model's sum, squared
 * point error and the final margin in stones, side to move). */
static void sample_global(const Trainer *t, const TrainSample *s, float g[FEAT_GLOBALS], double *point_sq,
                          double *margin)
{
    PointFeatures f;
    float target[BB_POINTS];
    sample_features(t, s, &f, target);
    double predicted = 0.0, actual = 0.0, sq = 0.0;
    for (int i = 0; i < f.count; i++) {
        float v = eval_squash(point_sum(t, f.index[i]));
        sq += (double)((v - target[i]) * (v - target[i]));
        predicted += v;
        actual += target[i];
    }
    Color me = pos_to_move(&s->pos);
    FillMap mine, theirs;
    tactics_fill_points(&s->pos, me, &mine);
    tactics_fill_points(&s->pos, color_other(me), &theirs);
    feature_global(&s->pos, &mine, &theirs, -1, FEAT_ALL_GLOBALS, g);
    g[FEAT_G_OWNERSHIP] = (float)predicted - g[FEAT_G_STONES];
    *point_sq = sq;
    *margin = actual;
}

/* Solves a x = b (n x n, row-major) by Gaussian elimination with partial
 * pivoting; false when singular. a and b are destroyed. */
static bool solve(double *a, double *b, double *x, int n)
{
    for (int c = 0; c < n; c++) {
        int pivot = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[pivot * n + c]))
                pivot = r;
        if (fabs(a[pivot * n + c]) < 1e-12)
            return false;
        for (int k = 0; k < n; k++) {
            double tmp = a[c * n + k];
            a[c * n + k] = a[pivot * n + k];
            a[pivot * n + k] = tmp;
        }
        double tmp = b[c];
        b[c] = b[pivot];
        b[pivot] = tmp;
        for (int r = c + 1; r < n; r++) {
            double f = a[r * n + c] / a[c * n + c];
            for (int k = c; k < n; k++)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (int r = n - 1; r >= 0; r--) {
        double v = b[r];
        for (int k = r + 1; k < n; k++)
            v -= a[r * n + k] * x[k];
        x[r] = v / a[r * n + r];
    }
    return true;
}

bool train_fit_linear(Trainer *t, const TrainSample *samples, size_t count, uint32_t features)
{
    enum { N = FEAT_GLOBALS };
    double a[2][N * N] = {{0}}, b[2][N] = {{0}};
    size_t seen[2] = {0, 0};
    for (size_t n = 0; n < count; n++) {
        float g[N];
        double point_sq, margin;
        sample_global(t, &samples[n], g, &point_sq, &margin);
        for (int j = 0; j < N; j++)
            if (!(features & FEAT_BIT(j)))
                g[j] = 0.0f;
        int k = pos_stones_left(&samples[n].pos) - 1;
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++)
                a[k][i * N + j] += (double)g[i] * g[j];
            b[k][i] += (double)g[i] * margin * 100.0; /* centistones */
        }
        seen[k]++;
    }
    float *w = t->param + t->map->params;
    for (int k = 0; k < 2; k++) {
        /* ridge: a feature left out (always 0) gets weight 0 */
        for (int i = 0; i < N; i++)
            a[k][i * N + i] += 1e-3 * (double)(seen[k] + 1);
        double x[N];
        if (!solve(a[k], b[k], x, N))
            return false;
        for (int i = 0; i < N; i++)
            w[k * N + i] = (float)x[i];
    }
    return true;
}

TrainError train_measure(const Trainer *t, const TrainSample *samples, size_t count)
{
    double sq = 0.0, margin_sq = 0.0, eval_sq = 0.0;
    uint64_t points = 0;
    const float *w = t->param + t->map->params;
    for (size_t n = 0; n < count; n++) {
        float g[FEAT_GLOBALS];
        double point_sq, margin;
        sample_global(t, &samples[n], g, &point_sq, &margin);
        const float *wk = w + (pos_stones_left(&samples[n].pos) - 1) * FEAT_GLOBALS;
        double eval = 0.0;
        for (int j = 0; j < FEAT_GLOBALS; j++)
            eval += (double)wk[j] * g[j];
        double points_margin = g[FEAT_G_OWNERSHIP] + g[FEAT_G_STONES];
        sq += point_sq;
        margin_sq += (points_margin - margin) * (points_margin - margin);
        eval_sq += (eval / 100.0 - margin) * (eval / 100.0 - margin);
        points += (uint64_t)(samples[n].pos.size * samples[n].pos.size);
    }
    TrainError e = {points ? sq / (double)points : 0.0, count ? sqrt(margin_sq / (double)count) : 0.0,
                    count ? sqrt(eval_sq / (double)count) : 0.0};
    return e;
}

const float *train_params(const Trainer *t, uint32_t *count)
{
    *count = eval_param_count(t->map);
    return t->param;
}
