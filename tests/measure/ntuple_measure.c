/* Measures the n-tuple pattern model against the learned evaluation of
 * today and the stone difference, on rin-selfplay files: trains the model
 * on every game but the held-out ones (game index = 0 modulo --holdout, as
 * `rin train` holds them out) and reports, on the held-out positions, the
 * log-loss of the result (win probability of the side to move, a draw
 * counting 1/2), the accuracy of the points' final owners and the rms error
 * of the final margin, overall and by board size and stage of the game.
 *
 *   ntuple_measure [--shapes win3x3,edge2x4,...] [--owner SHAPES] [--stages N]
 *                  [--split-turn] [--value-uses-owner] [--tactical] [--target margin|result]
 *                  [--epochs N] [--rate R] [--l2 L] [--seed S] [--holdout K]
 *                  [--retrain-epochs N] [--no-baselines] FILE...
 *
 * A predictor that gives only a margin gets its win probability from a
 * logistic fit of the result on that margin per stage (quarter of the
 * points occupied; the n-tuple model its
 * other output from its calibration) over the positions of a sixteenth of
 * the games not held out, chosen by a hash of the game index, which the
 * model does not train on: a fit on the training positions would believe
 * an overfitted model. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/train_data.h"
#include "eval/evalmodel.h"
#include "eval/evaluate.h"
#include "eval/feature.h"
#include "eval/ntuple.h"
#include "learn/ntuple_train.h"
#include "learn/train.h"
#include "rules/tactics.h"

enum { STAGE_BUCKETS = 4, CALIBRATION_LIMIT = 200000 };

/* The predictors compared. */
enum { P_STONES, P_BUILTIN, P_RETRAINED, P_NTUPLE, P_NTUPLE_OWNER, PREDICTORS };
static const char *const PREDICTOR_NAMES[PREDICTORS] = {"stone difference", "built-in evaluation",
                                                        "today's model retrained", "n-tuple value",
                                                        "n-tuple owner sum"};

/* rin train's default linear features (protocol/cli/train_command.c) */
#define RETRAIN_FEATURES                                                                                           \
    (FEAT_BIT(FEAT_G_STONES) | FEAT_BIT(FEAT_G_POTENTIAL) | FEAT_BIT(FEAT_G_FILL_OWN) |                            \
     FEAT_BIT(FEAT_G_FILL_THEIRS) | FEAT_BIT(FEAT_G_RING2_OWN) | FEAT_BIT(FEAT_G_OWNERSHIP) | FEAT_BIT(FEAT_G_BIAS))

typedef struct Options {
    NtupleConfig config;
    NtupleTrainConfig train;
    int epochs;
    int retrain_epochs; /* -1: no retrained model of today */
    uint64_t holdout;
    bool baselines;
} Options;

/* The models behind the predictors; NULL: that predictor is left out. */
typedef struct Models {
    const EvalModel *builtin, *retrained;
    const NtupleModel *ntuple;
} Models;

/* Sums of one predictor over a group of positions. */
typedef struct Tally {
    double logloss, margin_sq, owner_right;
    size_t positions, points;
} Tally;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static double logloss(double p, double y)
{
    p = p < 1e-6 ? 1e-6 : p > 1 - 1e-6 ? 1 - 1e-6 : p;
    return -(y * log(p) + (1 - y) * log(1 - p));
}

static int stage_bucket(const Position *pos)
{
    int occupied = bb_count(bb_or(pos->stones[0], pos->stones[1]));
    int b = occupied * STAGE_BUCKETS / (pos->size * pos->size);
    return b < STAGE_BUCKETS ? b : STAGE_BUCKETS - 1;
}

static bool present(const Models *m, int k)
{
    switch (k) {
    case P_BUILTIN:
        return m->builtin != NULL;
    case P_RETRAINED:
        return m->retrained != NULL;
    case P_NTUPLE:
        return m->ntuple != NULL;
    case P_NTUPLE_OWNER:
        return m->ntuple && m->ntuple->config.owner_shapes;
    default:
        return true;
    }
}

/* Predictor k's final margin in stones for the side to move; its win
 * probability when it has its own (else NAN: calibrated); each point's
 * owner from Black's side when it predicts owners (*has_owner). */
static double predict(const Models *m, int k, const Position *pos, double *win, float owner[BB_POINTS],
                      bool *has_owner)
{
    *win = NAN;
    *has_owner = false;
    double sign = pos_to_move(pos) == COLOR_BLACK ? 1.0 : -1.0;
    switch (k) {
    case P_STONES:
        return sign * pos_score(pos);
    case P_BUILTIN:
    case P_RETRAINED: {
        const EvalModel *model = k == P_BUILTIN ? m->builtin : m->retrained;
        Tactics t;
        tactics_analyze(pos, false, &t);
        eval_model_ownership(model, pos, &t.mine, &t.theirs, owner);
        for (int p = 0; p < BB_POINTS && !*has_owner; p++)
            *has_owner = owner[p] != 0.0f;
        return evaluate_with(model, pos, &t) / 100.0;
    }
    case P_NTUPLE: {
        NtupleValue v = ntuple_eval_full(m->ntuple, pos);
        *win = v.win;
        *has_owner = ntuple_owner(m->ntuple, pos, owner);
        return v.margin;
    }
    default: { /* P_NTUPLE_OWNER */
        ntuple_owner(m->ntuple, pos, owner);
        double sum = 0;
        for (int p = 0; p < BB_POINTS; p++)
            sum += owner[p];
        return sign * sum;
    }
    }
}

/* Fits each margin-only predictor's win probability per stage bucket over
 * the calibration samples; false when memory runs out. */
static bool calibrate(const Models *m, const TrainSample *samples, size_t count,
                      double ab[PREDICTORS][STAGE_BUCKETS][2])
{
    size_t step = count > CALIBRATION_LIMIT ? (count + CALIBRATION_LIMIT - 1) / CALIBRATION_LIMIT : 1;
    size_t cap = count / step + 1;
    double *x = malloc(cap * sizeof *x), *y = malloc(cap * sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        return false;
    }
    memset(ab, 0, sizeof(double) * PREDICTORS * STAGE_BUCKETS * 2);
    for (int k = 0; k < PREDICTORS; k++) {
        if (!present(m, k) || k == P_NTUPLE)
            continue;
        for (int bucket = 0; bucket < STAGE_BUCKETS; bucket++) {
            size_t n = 0;
            for (size_t i = 0; i < count; i += step)
                if (stage_bucket(&samples[i].pos) == bucket) {
                    double win;
                    float owner[BB_POINTS];
                    bool has_owner;
                    x[n] = predict(m, k, &samples[i].pos, &win, owner, &has_owner);
                    y[n] = ntuple_sample_result(&samples[i]);
                    n++;
                }
            if (!ntuple_fit_logistic(x, y, n, &ab[k][bucket][0], &ab[k][bucket][1]))
                fprintf(stderr, "warning: the logistic fit of %s did not converge\n", PREDICTOR_NAMES[k]);
        }
    }
    free(x);
    free(y);
    return true;
}

static void print_row(const char *group, const char *name, const Tally *t)
{
    if (!t->positions)
        return;
    printf("%-10s %-24s %9zu  %8.4f", group, name, t->positions, t->logloss / (double)t->positions);
    if (t->points)
        printf("  %8.4f", t->owner_right / (double)t->points);
    else
        printf("  %8s", "-");
    printf("  %8.3f\n", sqrt(t->margin_sq / (double)t->positions));
}

static int usage(const char *why)
{
    fprintf(stderr,
            "ntuple_measure: %s\nusage: ntuple_measure [--shapes LIST] [--owner LIST] [--stages N] [--split-turn] "
            "[--value-uses-owner] [--tactical] [--target margin|result] [--epochs N] [--rate R] [--l2 L] [--seed S] [--holdout K] "
            "[--retrain-epochs N] [--no-baselines] FILE...\nshapes:",
            why);
    for (int s = 0; s < NTUPLE_SHAPES; s++)
        fprintf(stderr, " %s", ntuple_shape_name((NtupleShape)s));
    fprintf(stderr, "\n");
    return 2;
}

/* Today's model (point model and linear model) fitted to the training
 * samples as `rin train --epochs N` fits it; NULL on failure. */
static EvalModel *retrain_today(const TrainSample *train, size_t count, int epochs)
{
    TrainConfig config = {.seed = 1, .rate = 0.05f, .l2 = 0.0f};
    Trainer *trainer = train_create(&config);
    if (!trainer)
        return NULL;
    double start = now_seconds();
    for (int e = 1; e <= epochs; e++)
        fprintf(stderr, "today's point model, epoch %d: %.4f per point\n", e,
                train_epoch(trainer, train, count, NULL, NULL));
    uint32_t features = RETRAIN_FEATURES & (epochs ? ~0u : ~FEAT_BIT(FEAT_G_OWNERSHIP));
    EvalModel *model = NULL;
    if (train_fit_linear(trainer, train, count, features)) {
        uint32_t n;
        const float *params = train_params(trainer, &n);
        size_t size;
        uint8_t *bytes = eval_file_write(params, n, NULL, &size);
        if (bytes && eval_model_parse(bytes, size, &model) != EVAL_OK)
            model = NULL;
        free(bytes);
    }
    train_destroy(trainer);
    printf("today's model retrained: %d point model epochs, %.1f s\n", epochs, now_seconds() - start);
    return model;
}

int main(int argc, char **argv)
{
    Options o = {.config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24),
                            .stages = 4,
                            .target = NTUPLE_TARGET_MARGIN},
                 .train = {.seed = 1, .rate = 0.02f, .l2 = 1e-5f},
                 .epochs = 3,
                 .retrain_epochs = -1,
                 .holdout = 10,
                 .baselines = true};
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            first_file = i;
            break;
        }
        if (strcmp(a, "--split-turn") == 0) {
            o.config.split_turn = 1;
            continue;
        }
        if (strcmp(a, "--tactical") == 0) {
            o.config.tactical = 1;
            continue;
        }
        if (strcmp(a, "--value-uses-owner") == 0) {
            o.config.value_uses_owner = 1;
            continue;
        }
        if (strcmp(a, "--no-baselines") == 0) {
            o.baselines = false;
            continue;
        }
        if (i + 1 >= argc)
            return usage("an option without its value");
        const char *v = argv[++i];
        char *end = NULL;
        if (strcmp(a, "--shapes") == 0) {
            if (!ntuple_parse_shapes(v, &o.config.shapes))
                return usage("unknown shape");
        } else if (strcmp(a, "--owner") == 0) {
            if (!ntuple_parse_shapes(v, &o.config.owner_shapes))
                return usage("unknown shape");
        } else if (strcmp(a, "--stages") == 0) {
            o.config.stages = (int)strtol(v, &end, 10);
        } else if (strcmp(a, "--target") == 0) {
            if (strcmp(v, "margin") == 0)
                o.config.target = NTUPLE_TARGET_MARGIN;
            else if (strcmp(v, "result") == 0)
                o.config.target = NTUPLE_TARGET_RESULT;
            else
                return usage("--target is margin or result");
        } else if (strcmp(a, "--epochs") == 0) {
            o.epochs = (int)strtol(v, &end, 10);
        } else if (strcmp(a, "--retrain-epochs") == 0) {
            o.retrain_epochs = (int)strtol(v, &end, 10);
        } else if (strcmp(a, "--rate") == 0) {
            o.train.rate = strtof(v, &end);
        } else if (strcmp(a, "--l2") == 0) {
            o.train.l2 = strtof(v, &end);
        } else if (strcmp(a, "--seed") == 0) {
            o.train.seed = strtoull(v, &end, 10);
        } else if (strcmp(a, "--holdout") == 0) {
            o.holdout = strtoull(v, &end, 10);
        } else {
            return usage("unknown option");
        }
        if (end && *end)
            return usage("a bad number");
    }
    if (first_file >= argc)
        return usage("no data files");
    if (o.holdout < 2)
        return usage("--holdout needs at least 2");

    double t0 = now_seconds();
    TrainData data = {0};
    for (int i = first_file; i < argc; i++) {
        FILE *in = fopen(argv[i], "r");
        if (!in) {
            fprintf(stderr, "ntuple_measure: cannot open %s\n", argv[i]);
            return 1;
        }
        char err[512];
        bool ok = train_data_read(in, argv[i], &data, err, sizeof err);
        fclose(in);
        if (!ok) {
            fprintf(stderr, "ntuple_measure: %s\n", err);
            return 1;
        }
    }
    TrainSample *train = malloc((data.count + 1) * sizeof *train);
    TrainSample *calib = malloc((data.count + 1) * sizeof *calib);
    TrainRecord *held = malloc((data.count + 1) * sizeof *held);
    if (!train || !calib || !held) {
        fprintf(stderr, "ntuple_measure: out of memory\n");
        return 1;
    }
    size_t nt = 0, nc = 0, nh = 0;
    for (size_t i = 0; i < data.count; i++) {
        uint64_t game = (uint64_t)data.records[i].sample.game;
        if (game % o.holdout == 0)
            held[nh++] = data.records[i];
        else if ((game * UINT64_C(0x9E3779B97F4A7C15)) >> 60 == 0)
            calib[nc++] = data.records[i].sample;
        else
            train[nt++] = data.records[i].sample;
    }
    train_data_free(&data);
    fprintf(stderr, "read %zu training, %zu calibration and %zu held-out positions in %.1f s\n", nt, nc, nh,
            now_seconds() - t0);

    NtupleModel *model = NULL;
    if (ntuple_model_create(&o.config, &model) != NTUPLE_OK) {
        fprintf(stderr, "ntuple_measure: cannot create the model\n");
        return 1;
    }
    NtupleTrainer *trainer = ntuple_train_create(model, &o.train);
    if (!trainer) {
        fprintf(stderr, "ntuple_measure: out of memory\n");
        return 1;
    }
    printf("model: shapes");
    for (int s = 0; s < NTUPLE_SHAPES; s++)
        if (o.config.shapes & NTUPLE_SHAPE_BIT(s))
            printf(" %s", ntuple_shape_name((NtupleShape)s));
    if (o.config.owner_shapes) {
        printf(", owner head");
        for (int s = 0; s < NTUPLE_SHAPES; s++)
            if (o.config.owner_shapes & NTUPLE_SHAPE_BIT(s))
                printf(" %s", ntuple_shape_name((NtupleShape)s));
    }
    if (o.config.value_uses_owner)
        printf(" (its margin a value feature)");
    if (o.config.tactical)
        printf(", tactical inputs");
    printf(", %d stages%s, target %s, %" PRIu32 " weights (%.2f MB; value head %.2f MB), %d instances on 16x16\n",
           o.config.stages, o.config.split_turn ? " x stones left" : "",
           o.config.target == NTUPLE_TARGET_MARGIN ? "margin" : "result", model->params,
           (double)ntuple_model_bytes(model) / 1e6, (double)model->value_params * 4 / 1e6,
           model->layout[16]->instances);
    printf("training: %zu positions, %d epochs, rate %g, l2 %g, seed %" PRIu64 "\n", nt, o.epochs,
           (double)o.train.rate, (double)o.train.l2, o.train.seed);
    double train_start = now_seconds();
    for (int e = 1; e <= o.epochs; e++) {
        double start = now_seconds();
        NtupleLoss loss = ntuple_train_epoch(trainer, train, nt);
        fprintf(stderr, "epoch %d: training loss %.4f, owner %.4f (%.1f s)\n", e, loss.value, loss.owner,
                now_seconds() - start);
    }
    ntuple_train_calibrate(model, calib, nc, CALIBRATION_LIMIT);
    printf("trained in %.1f s\n", now_seconds() - train_start);

    EvalModel *builtin = o.baselines ? eval_model_default() : NULL;
    EvalModel *retrained = o.retrain_epochs >= 0 ? retrain_today(train, nt, o.retrain_epochs) : NULL;
    Models models = {.builtin = builtin, .retrained = retrained, .ntuple = model};
    static double ab[PREDICTORS][STAGE_BUCKETS][2];
    if (!calibrate(&models, calib, nc, ab)) {
        fprintf(stderr, "ntuple_measure: out of memory\n");
        return 1;
    }

    /* [size 12/16/other][stage bucket, or all][predictor] */
    static Tally tally[3][STAGE_BUCKETS + 1][PREDICTORS];
    double eval_start = now_seconds();
    for (size_t i = 0; i < nh; i++) {
        const TrainSample *s = &held[i].sample;
        const Position *pos = &s->pos;
        int sz = pos->size == 12 ? 0 : pos->size == 16 ? 1 : 2, st = stage_bucket(pos);
        double y = ntuple_sample_result(s), final_margin = ntuple_sample_margin(s);
        for (int k = 0; k < PREDICTORS; k++) {
            if (!present(&models, k))
                continue;
            double win;
            float owner[BB_POINTS];
            bool has_owner;
            double margin = predict(&models, k, pos, &win, owner, &has_owner);
            if (isnan(win))
                win = sigmoid(ab[k][st][0] * margin + ab[k][st][1]);
            /* owners: the stone difference keeps the stones and tosses a
             * coin for the empty points */
            double right = 0;
            Bitboard board = bb_board(pos->size);
            for (int p; (p = bb_next(&board)) != POINT_NONE;) {
                bool black_final = bb_test(s->black_final, p);
                if (k == P_STONES) {
                    int at = pos_at(pos, p);
                    right += at < 0 ? 0.5 : (at == COLOR_BLACK) == black_final;
                } else if (has_owner) {
                    right += owner[p] == 0.0f ? 0.5 : (owner[p] > 0.0f) == black_final;
                }
            }
            for (int g = 0; g < 2; g++) {
                Tally *t = &tally[sz][g ? st : STAGE_BUCKETS][k];
                t->logloss += logloss(win, y);
                t->margin_sq += (margin - final_margin) * (margin - final_margin);
                t->positions++;
                if (k == P_STONES || has_owner) {
                    t->owner_right += right;
                    t->points += (size_t)(pos->size * pos->size);
                }
            }
        }
    }
    fprintf(stderr, "held-out evaluation took %.1f s\n", now_seconds() - eval_start);
    printf("\n%-10s %-24s %9s  %8s  %8s  %8s\n", "positions", "predictor", "count", "logloss", "owner", "margin");
    static const char *const size_names[3] = {"12x12", "16x16", "other"};
    for (int sz = 0; sz < 3; sz++)
        for (int st = STAGE_BUCKETS; st >= 0; st--) {
            char group[32];
            if (st == STAGE_BUCKETS)
                snprintf(group, sizeof group, "%s", size_names[sz]);
            else
                snprintf(group, sizeof group, " %d-%d%%", st * 100 / STAGE_BUCKETS, (st + 1) * 100 / STAGE_BUCKETS);
            for (int k = 0; k < PREDICTORS; k++)
                print_row(group, PREDICTOR_NAMES[k], &tally[sz][st][k]);
        }
    eval_model_destroy(builtin);
    eval_model_destroy(retrained);
    ntuple_train_destroy(trainer);
    ntuple_model_destroy(model);
    free(train);
    free(calib);
    free(held);
    return 0;
}
