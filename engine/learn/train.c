/* The trainer: per point, z is the sum of its features' parameters (shared
 * by symmetric features through the FeatureMap), and squash(z) is pushed
 * towards +1 when the side to move owned the point at the end, -1 when the
 * opponent did. Then the linear model and the result curve over it. */
#include "learn/train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/evalmodel.h"
#include "base/random.h"
#include "rules/score.h"
#include "rules/tactics.h"

struct Trainer {
    TrainConfig config;
    FeatureMap *map;
    float *param;
    float *sum_sq; /* Adagrad: the sum of squared gradients of each parameter */
    EvalCurve curve;
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

/* What the trainer measures of one sample. */
typedef struct SampleGlobal {
    float g[FEAT_GLOBALS]; /* whole-board features, with the point model's sum */
    double point_sq;       /* squared point errors */
    double owner_right;    /* points whose final owner the point model's sign gets right (0: half) */
    double margin;         /* final margin in stones, side to move */
} SampleGlobal;

static void sample_global(const Trainer *t, const TrainSample *s, SampleGlobal *out)
{
    PointFeatures f;
    float target[BB_POINTS];
    sample_features(t, s, &f, target);
    double predicted = 0.0, actual = 0.0, sq = 0.0, right = 0.0;
    for (int i = 0; i < f.count; i++) {
        float v = eval_squash(point_sum(t, f.index[i]));
        sq += (double)((v - target[i]) * (v - target[i]));
        right += v == 0.0f ? 0.5 : (v > 0.0f) == (target[i] > 0.0f);
        predicted += v;
        actual += target[i];
    }
    Color me = pos_to_move(&s->pos);
    FillMap mine, theirs;
    tactics_fill_points(&s->pos, me, &mine);
    tactics_fill_points(&s->pos, color_other(me), &theirs);
    feature_global(&s->pos, &mine, &theirs, -1, FEAT_ALL_GLOBALS, out->g);
    out->g[FEAT_G_OWNERSHIP] = (float)predicted - out->g[FEAT_G_STONES];
    out->point_sq = sq;
    out->owner_right = right;
    out->margin = actual;
}

/* The linear model's margin for a sample, in centistones, as the engine's
 * evaluation gives it (rounded and clamped, evaluate.h). */
static double linear_margin(const Trainer *t, const TrainSample *s, const SampleGlobal *sg)
{
    const float *w = t->param + t->map->params + (pos_stones_left(&s->pos) - 1) * FEAT_GLOBALS;
    double v = 0.0;
    for (int j = 0; j < FEAT_GLOBALS; j++)
        v += (double)w[j] * sg->g[j];
    v = nearbyint(v);
    return v > SCORE_EVAL_MAX ? SCORE_EVAL_MAX : v < -SCORE_EVAL_MAX ? -SCORE_EVAL_MAX : v;
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
        SampleGlobal sg;
        sample_global(t, &samples[n], &sg);
        float *g = sg.g;
        double margin = sg.margin;
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

static double result_of(double margin) { return margin > 0.0 ? 1.0 : margin < 0.0 ? 0.0 : 0.5; }

/* The log-loss of a predicted chance p of outcome y (1 win, 1/2 draw). */
static double log_loss(double p, double y)
{
    p = p < 1e-12 ? 1e-12 : p > 1.0 - 1e-12 ? 1.0 - 1e-12 : p;
    return -(y * log(p) + (1.0 - y) * log(1.0 - p));
}

TrainError train_measure(const Trainer *t, const TrainSample *samples, size_t count)
{
    double sq = 0.0, margin_sq = 0.0, eval_sq = 0.0, right = 0.0, loss = 0.0;
    uint64_t points = 0;
    for (size_t n = 0; n < count; n++) {
        const TrainSample *s = &samples[n];
        SampleGlobal sg;
        sample_global(t, s, &sg);
        double eval = linear_margin(t, s, &sg);
        double points_margin = sg.g[FEAT_G_OWNERSHIP] + sg.g[FEAT_G_STONES];
        sq += sg.point_sq;
        right += sg.owner_right;
        margin_sq += (points_margin - sg.margin) * (points_margin - sg.margin);
        eval_sq += (eval / 100.0 - sg.margin) * (eval / 100.0 - sg.margin);
        double expected = eval_curve_expectation(&t->curve, eval_stage(&s->pos), pos_stones_left(&s->pos), eval);
        loss += log_loss(0.5 * (1.0 + expected), result_of(sg.margin));
        points += (uint64_t)(s->pos.size * s->pos.size);
    }
    TrainError e = {0};
    if (points) {
        e.point_mse = sq / (double)points;
        e.owner_accuracy = right / (double)points;
    }
    if (count) {
        e.margin_rmse = sqrt(margin_sq / (double)count);
        e.eval_rmse = sqrt(eval_sq / (double)count);
        e.log_loss = loss / (double)count;
    }
    return e;
}

/* One knot's logistic regression: the weighted samples (margin in stones,
 * result 0..1, weight). */
typedef struct CurveSample {
    float margin, result, weight;
} CurveSample;

/* The ridge-regularised loss of slope k and offset c over the samples. */
static double knot_loss(const CurveSample *s, size_t n, double k, double c, double ridge)
{
    double loss = 0.5 * ridge * (k * k + c * c);
    for (size_t i = 0; i < n; i++) {
        /* -log sigma(z) and -log(1 - sigma(z)) without overflow */
        double z = k * s[i].margin + c;
        double lp = z >= 0 ? log1p(exp(-z)) : -z + log1p(exp(z));
        double lq = lp + z;
        loss += s[i].weight * (s[i].result * lp + (1.0 - s[i].result) * lq);
    }
    return loss;
}

/* Newton's method with step halving; with fit_slope false only c moves
 * (k stays as given). Deterministic: a bounded number of iterations. */
static void fit_knot(const CurveSample *s, size_t n, double ridge, bool fit_slope, double *k, double *c)
{
    double kk = *k, cc = *c, loss = knot_loss(s, n, kk, cc, ridge);
    for (int iter = 0; iter < 100; iter++) {
        double gk = ridge * kk, gc = ridge * cc, hkk = ridge, hkc = 0.0, hcc = ridge;
        for (size_t i = 0; i < n; i++) {
            double m = s[i].margin, p = 1.0 / (1.0 + exp(-(kk * m + cc)));
            double e = s[i].weight * (p - s[i].result), h = s[i].weight * p * (1.0 - p);
            gk += e * m;
            gc += e;
            hkk += h * m * m;
            hkc += h * m;
            hcc += h;
        }
        double dk = 0.0, dc = gc / hcc;
        if (fit_slope) {
            double det = hkk * hcc - hkc * hkc;
            if (!(det > 0.0))
                break;
            dk = (hcc * gk - hkc * gc) / det;
            dc = (hkk * gc - hkc * gk) / det;
        }
        double step = 1.0, next = loss;
        for (int half = 0; half < 40; half++, step *= 0.5) {
            next = knot_loss(s, n, kk - step * dk, cc - step * dc, ridge);
            if (next <= loss)
                break;
        }
        if (!(next <= loss))
            break;
        kk -= step * dk;
        cc -= step * dc;
        bool done = loss - next <= 1e-12 * (1.0 + loss);
        loss = next;
        if (done)
            break;
    }
    *k = kk;
    *c = cc;
}

/* The knot at or below a stage, and the stage's share of the next knot. */
static int knot_below(float stage, double *share)
{
    double x = (stage < 0.0f ? 0.0 : stage > 1.0f ? 1.0 : (double)stage) * (EVAL_WDL_KNOTS - 1);
    int i = (int)x;
    if (i > EVAL_WDL_KNOTS - 2)
        i = EVAL_WDL_KNOTS - 2;
    *share = x - i;
    return i;
}

bool train_fit_curve(Trainer *t, const TrainSample *samples, size_t count, float scale, float tiebreak)
{
    enum { K = EVAL_WDL_KNOTS, SLOTS = 2 * EVAL_WDL_KNOTS };
    /* every sample goes to the two knots around its stage, grouped by knot
     * and stones left (slot = knot * 2 + stones left - 1) */
    CurveSample *point = malloc((count + 1) * sizeof *point);
    CurveSample *grouped = malloc((2 * count + 1) * sizeof *grouped);
    uint8_t *low = malloc(count + 1);
    if (!point || !grouped || !low) {
        free(point);
        free(grouped);
        free(low);
        return false;
    }
    size_t start[SLOTS + 1] = {0};
    for (size_t n = 0; n < count; n++) {
        const TrainSample *s = &samples[n];
        SampleGlobal sg;
        sample_global(t, s, &sg);
        double share;
        int i = knot_below(eval_stage(&s->pos), &share);
        int slot = 2 * i + pos_stones_left(&s->pos) - 1;
        point[n] = (CurveSample){(float)(linear_margin(t, s, &sg) / 100.0), (float)result_of(sg.margin),
                                 (float)share};
        low[n] = (uint8_t)slot;
        start[slot + 1]++; /* counted one slot on: the sums below make starts */
        start[slot + 3]++; /* the next knot's slot, slot + 2 */
    }
    for (int i = 0; i < SLOTS; i++)
        start[i + 1] += start[i];
    size_t fill[SLOTS];
    memcpy(fill, start, sizeof fill);
    for (size_t n = 0; n < count; n++) {
        CurveSample c = point[n];
        float share = c.weight;
        c.weight = 1.0f - share;
        grouped[fill[low[n]]++] = c;
        c.weight = share;
        grouped[fill[low[n] + 2]++] = c;
    }
    EvalCurve curve;
    memset(&curve, 0, sizeof curve);
    curve.scale = scale;
    curve.tiebreak = tiebreak;
    bool fitted[K][2] = {{false}};
    for (int slot = 0; slot < SLOTS; slot++) {
        const CurveSample *s = grouped + start[slot];
        size_t n = start[slot + 1] - start[slot];
        double weight = 0.0;
        for (size_t i = 0; i < n; i++)
            weight += s[i].weight;
        if (weight < 1.0)
            continue;
        /* a little ridge keeps a knot whose results the margin separates
         * perfectly finite */
        double ridge = 1e-4 * weight + 1e-3, k = 0.0, c = 0.0;
        fit_knot(s, n, ridge, true, &k, &c);
        if (k < 0.0) {
            k = 0.0;
            fit_knot(s, n, ridge, false, &k, &c);
        }
        curve.slope[slot / 2][slot % 2] = (float)(k > EVAL_CURVE_MAX_SLOPE ? EVAL_CURVE_MAX_SLOPE : k);
        curve.offset[slot / 2][slot % 2] = (float)c;
        fitted[slot / 2][slot % 2] = true;
    }
    /* a knot without samples: the nearest one with (the lower on a tie) */
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < K; i++) {
            for (int d = 1; !fitted[i][j] && d < K; d++) {
                int from = i - d >= 0 && fitted[i - d][j] ? i - d : i + d < K && fitted[i + d][j] ? i + d : -1;
                if (from >= 0) {
                    curve.slope[i][j] = curve.slope[from][j];
                    curve.offset[i][j] = curve.offset[from][j];
                    break;
                }
            }
        }
    free(point);
    free(grouped);
    free(low);
    t->curve = curve;
    return true;
}

const EvalCurve *train_curve(const Trainer *t) { return &t->curve; }

const float *train_params(const Trainer *t, uint32_t *count)
{
    *count = eval_param_count(t->map);
    return t->param;
}
