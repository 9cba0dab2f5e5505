/* Measures the n-tuple pattern model against the learned evaluation of
 * today and the stone difference, on rin-selfplay files: trains the model
 * on every game but the held-out ones (game index = 0 modulo --holdout, as
 * `rin train` holds them out) and reports, on the held-out positions, the
 * log-loss of the result (win probability of the side to move, a draw
 * counting 1/2), the accuracy of the points' final owners and the rms error
 * of the final margin, overall and by board size and stage of the game.
 *
 *   ntuple_measure [--shapes win3,edge24,...] [--stages N] [--split-turn]
 *                  [--target margin|result] [--epochs N] [--rate R] [--l2 L]
 *                  [--seed S] [--holdout K] [--no-baselines] FILE...
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

#include "cli/train_data.h"
#include "eval/evalmodel.h"
#include "eval/evaluate.h"
#include "eval/ntuple.h"
#include "learn/ntuple_train.h"
#include "rules/tactics.h"

enum { PREDICTORS = 3, STAGE_BUCKETS = 4, CALIBRATION_LIMIT = 200000 };
enum { P_STONES, P_BUILTIN, P_NTUPLE };
static const char *const PREDICTOR_NAMES[PREDICTORS] = {"stone difference", "built-in evaluation", "n-tuple model"};

typedef struct Options {
    NtupleConfig config;
    NtupleTrainConfig train;
    int epochs;
    uint64_t holdout;
    bool baselines;
} Options;

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

/* The built-in evaluation's margin in stones (side to move), and each
 * point's predicted owner from Black's side when `owner` is not NULL. */
static double builtin_margin(const EvalModel *model, const Position *pos, float *owner)
{
    Tactics t;
    tactics_analyze(pos, false, &t);
    if (owner)
        eval_model_ownership(model, pos, &t.mine, &t.theirs, owner);
    return evaluate_with(model, pos, &t) / 100.0;
}

static double stones_margin(const Position *pos)
{
    int m = pos_score(pos);
    return pos_to_move(pos) == COLOR_BLACK ? m : -m;
}

/* Fits the win probability on a margin predictor over training samples;
 * false when memory runs out. */
static bool calibrate(const TrainSample *samples, size_t count, const EvalModel *builtin,
                      double ab[2][STAGE_BUCKETS][2])
{
    size_t step = count > CALIBRATION_LIMIT ? (count + CALIBRATION_LIMIT - 1) / CALIBRATION_LIMIT : 1;
    size_t cap = count / step + 1;
    double *xs = malloc(cap * sizeof *xs), *xb = malloc(cap * sizeof *xb), *y = malloc(cap * sizeof *y);
    if (!xs || !xb || !y) {
        free(xs);
        free(xb);
        free(y);
        return false;
    }
    for (int bucket = 0; bucket < STAGE_BUCKETS; bucket++) {
        size_t n = 0;
        for (size_t i = 0; i < count; i += step)
            if (stage_bucket(&samples[i].pos) == bucket) {
                xs[n] = stones_margin(&samples[i].pos);
                xb[n] = builtin ? builtin_margin(builtin, &samples[i].pos, NULL) : 0.0;
                y[n] = ntuple_sample_result(&samples[i]);
                n++;
            }
        double *s = ab[0][bucket], *b = ab[1][bucket];
        s[0] = s[1] = b[0] = b[1] = 0.0;
        if (!ntuple_fit_logistic(xs, y, n, &s[0], &s[1]))
            fprintf(stderr, "warning: the stone difference's logistic fit did not converge\n");
        if (builtin && !ntuple_fit_logistic(xb, y, n, &b[0], &b[1]))
            fprintf(stderr, "warning: the built-in evaluation's logistic fit did not converge\n");
    }
    free(xs);
    free(xb);
    free(y);
    return true;
}

static void tally_add(Tally *t, double win, double y, double margin, double final_margin)
{
    t->logloss += logloss(win, y);
    double d = margin - final_margin;
    t->margin_sq += d * d;
    t->positions++;
}

static void print_row(const char *group, const char *name, const Tally *t, bool owners)
{
    if (!t->positions)
        return;
    printf("%-10s %-22s %9zu  %8.4f", group, name, t->positions, t->logloss / (double)t->positions);
    if (owners && t->points)
        printf("  %8.4f", t->owner_right / (double)t->points);
    else
        printf("  %8s", "-");
    printf("  %8.3f\n", sqrt(t->margin_sq / (double)t->positions));
}

static bool parse_shapes(const char *text, uint32_t *shapes)
{
    *shapes = 0;
    char copy[256];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
        int s = 0;
        while (s < NTUPLE_SHAPES && strcmp(name, ntuple_shape_name((NtupleShape)s)) != 0)
            s++;
        if (s == NTUPLE_SHAPES)
            return false;
        *shapes |= NTUPLE_SHAPE_BIT(s);
    }
    return *shapes != 0;
}

static int usage(const char *why)
{
    fprintf(stderr,
            "ntuple_measure: %s\nusage: ntuple_measure [--shapes LIST] [--stages N] [--split-turn] "
            "[--target margin|result] [--epochs N] [--rate R] [--l2 L] [--seed S] [--holdout K] "
            "[--no-baselines] FILE...\nshapes:",
            why);
    for (int s = 0; s < NTUPLE_SHAPES; s++)
        fprintf(stderr, " %s", ntuple_shape_name((NtupleShape)s));
    fprintf(stderr, "\n");
    return 2;
}

int main(int argc, char **argv)
{
    Options o = {.config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3) | NTUPLE_SHAPE_BIT(NTUPLE_EDGE24),
                            .stages = 4,
                            .target = NTUPLE_TARGET_MARGIN},
                 .train = {.seed = 1, .rate = 0.02f, .l2 = 1e-5f},
                 .epochs = 3,
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
        if (strcmp(a, "--no-baselines") == 0) {
            o.baselines = false;
            continue;
        }
        if (i + 1 >= argc)
            return usage("an option without its value");
        const char *v = argv[++i];
        char *end = NULL;
        if (strcmp(a, "--shapes") == 0) {
            if (!parse_shapes(v, &o.config.shapes))
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
    printf(", %d stages%s, target %s, %" PRIu32 " weights (%.2f MB), %d instances on 16x16\n", o.config.stages,
           o.config.split_turn ? " x stones left" : "", o.config.target == NTUPLE_TARGET_MARGIN ? "margin" : "result",
           model->params, (double)ntuple_model_bytes(model) / 1e6, model->layout[16]->instances);
    printf("training: %d epochs, rate %g, l2 %g, seed %" PRIu64 "\n", o.epochs, (double)o.train.rate,
           (double)o.train.l2, o.train.seed);
    double train_start = now_seconds();
    for (int e = 1; e <= o.epochs; e++) {
        double start = now_seconds();
        double loss = ntuple_train_epoch(trainer, train, nt);
        fprintf(stderr, "epoch %d: training loss %.4f (%.1f s)\n", e, loss, now_seconds() - start);
    }
    ntuple_train_calibrate(model, calib, nc, CALIBRATION_LIMIT);
    double train_seconds = now_seconds() - train_start;
    printf("trained in %.1f s\n", train_seconds);

    EvalModel *builtin = o.baselines ? eval_model_default() : NULL;
    double ab[2][STAGE_BUCKETS][2];
    if (!calibrate(calib, nc, builtin, ab)) {
        fprintf(stderr, "ntuple_measure: out of memory\n");
        return 1;
    }

    /* [size 12/16/other][stage bucket or all][predictor] */
    static Tally tally[3][STAGE_BUCKETS + 1][PREDICTORS];
    double eval_start = now_seconds();
    for (size_t i = 0; i < nh; i++) {
        const TrainSample *s = &held[i].sample;
        const Position *pos = &s->pos;
        int sz = pos->size == 12 ? 0 : pos->size == 16 ? 1 : 2, st = stage_bucket(pos);
        double y = ntuple_sample_result(s), m = ntuple_sample_margin(s);
        double pred[PREDICTORS], win[PREDICTORS];
        float owner[BB_POINTS];
        pred[P_STONES] = stones_margin(pos);
        win[P_STONES] = sigmoid(ab[0][st][0] * pred[P_STONES] + ab[0][st][1]);
        pred[P_BUILTIN] = builtin ? builtin_margin(builtin, pos, owner) : 0.0;
        win[P_BUILTIN] = sigmoid(ab[1][st][0] * pred[P_BUILTIN] + ab[1][st][1]);
        NtupleValue v = ntuple_eval_full(model, pos);
        pred[P_NTUPLE] = v.margin;
        win[P_NTUPLE] = v.win;
        /* owners: the stone difference keeps the stones and tosses a coin
         * for empty points; the built-in point model says a sign */
        double stones_right = 0, builtin_right = 0;
        Bitboard board = bb_board(pos->size);
        for (int p; (p = bb_next(&board)) != POINT_NONE;) {
            bool black_final = bb_test(s->black_final, p);
            int at = pos_at(pos, p);
            stones_right += at < 0 ? 0.5 : (at == COLOR_BLACK) == black_final;
            if (builtin)
                builtin_right += owner[p] == 0.0f ? 0.5 : (owner[p] > 0.0f) == black_final;
        }
        int points = pos->size * pos->size;
        for (int g = 0; g < 2; g++) {
            Tally *row = tally[sz][g ? st : STAGE_BUCKETS];
            for (int k = 0; k < PREDICTORS; k++)
                tally_add(&row[k], win[k], y, pred[k], m);
            row[P_STONES].owner_right += stones_right;
            row[P_STONES].points += (size_t)points;
            row[P_BUILTIN].owner_right += builtin_right;
            row[P_BUILTIN].points += (size_t)points;
        }
    }
    fprintf(stderr, "held-out evaluation took %.1f s\n", now_seconds() - eval_start);
    printf("\n%-10s %-22s %9s  %8s  %8s  %8s\n", "positions", "predictor", "count", "logloss", "owner", "margin");
    static const char *const size_names[3] = {"12x12", "16x16", "other"};
    for (int sz = 0; sz < 3; sz++)
        for (int st = STAGE_BUCKETS; st >= 0; st--) {
            char group[32];
            if (st == STAGE_BUCKETS)
                snprintf(group, sizeof group, "%s", size_names[sz]);
            else
                snprintf(group, sizeof group, " %d-%d%%", st * 100 / STAGE_BUCKETS, (st + 1) * 100 / STAGE_BUCKETS);
            for (int k = 0; k < PREDICTORS; k++)
                if (k != P_BUILTIN || builtin)
                    print_row(group, PREDICTOR_NAMES[k], &tally[sz][st][k], k != P_NTUPLE);
        }
    eval_model_destroy(builtin);
    ntuple_train_destroy(trainer);
    ntuple_model_destroy(model);
    free(train);
    free(calib);
    free(held);
    return 0;
}
