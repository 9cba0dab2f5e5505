/* The train command: reads selfplay files, holds out every tenth game (by
 * game index), runs Adagrad epochs with a progress line, fits the linear
 * model and the result curve, reports held-out errors next to baselines
 * (the stones on the board now, the classic evaluation, the built-in
 * weights, the search's own score when the file has it; a coin for the
 * curve's log-loss), and writes the weights file whole or not at all. */
#include "cli/train_command.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/train_options.h"
#include "formats/atomic_file.h"
#include "eval/evalmodel.h"
#include "formats/eval_file.h"
#include "formats/number.h"
#include "learn/train.h"
#include "base/clock.h"

#define DEFAULT_FEATURES "stones,potential,fill-own,fill-theirs,ring2-own,ownership,bias"


typedef struct TrainOptions {
    uint32_t features;
    TrainCommonOptions common; /* --output, --epochs, --holdout, --seed, --rate, --l2 */
    double tiebreak;
    bool curve;
} TrainOptions;

static bool set_features(void *features, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    return feature_parse_globals(value, features);
}

static bool set_tiebreak(void *tiebreak, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    double v;
    if (number_parse_real(value, 0.0, 1.0, &v) != NUMBER_OK || !(v > 0.0))
        return false;
    *(double *)tiebreak = v;
    return true;
}

static const ArgsOption train_options[] = {
    TRAIN_COMMON_ARGS(TrainOptions,
                      "weights file to write (required; written only on success);\na directory: the file rin-HASH.rinw "
                      "in it, HASH from its\ncontents (the built-in weights are named so)",
                      "passes over the data for the point model (default 6; 0: no\npoint model, only the linear model "
                      "over whole-board features)",
                      "Adagrad learning rate (default 0.05)", "weight decay per update (default 0)"),
    {"--features", "LIST", ARGS_CALL, offsetof(TrainOptions, features), 0, 0, set_features,
     "--features needs names from: stones, immune, potential, territory, fill-own, fill-theirs, ring2-own, "
     "ring2-theirs, ownership, bias",
     "whole-board features of the linear model, comma-separated\n(default " DEFAULT_FEATURES "; also immune,\n"
     "territory, ring2-theirs)"},
    {"--tiebreak", "L", ARGS_CALL, offsetof(TrainOptions, tiebreak), 0, 0, set_tiebreak,
     "--tiebreak needs a number above 0 and at most 1",
     "weight of the margin beside the result in the search's\nutility, above 0 and at most 1 (default 0.1)"},
    {"--no-curve", NULL, ARGS_OFF, offsetof(TrainOptions, curve), 0, 0, NULL, NULL,
     "write no result curve (a version 1 file, as the built-in\nweights: the search maximises the margin); the curve "
     "is\nstill fitted and reported"},
};

static const ArgsCommand train_args = {
    "train", "Usage: rin train FILE... --output WEIGHTS [options]\n",
    "Fits the evaluation's weights to rin selfplay files, binary or text (\"-\" reads stdin).\n", train_options,
    sizeof train_options / sizeof train_options[0], NULL};

const ArgsCommand *train_command_args(void) { return &train_args; }

static void epoch_progress(size_t done, size_t count, void *context)
{
    const uint64_t *epoch = context;
    fprintf(stderr, "\repoch %" PRIu64 ": %zu/%zu positions (%.0f%%)", *epoch, done, count,
            100.0 * (double)done / (double)count);
    fflush(stderr);
}

/* The held-out error of predictors of the final margin that are not the
 * model (train_data_baselines). */
static void report_baselines(const TrainRecord *records, size_t count, uint64_t holdout)
{
    EvalModel *builtin = eval_model_default();
    TrainBaselines b;
    train_data_baselines(records, count, holdout, builtin, &b);
    bool have_builtin = builtin != NULL;
    eval_model_destroy(builtin);
    if (!b.positions)
        return;
    fprintf(stderr, "baselines on %zu held-out positions, stones rms: stone difference now %.3f, classic evaluation %.3f",
            b.positions, b.stones, b.classic);
    if (have_builtin)
        fprintf(stderr, ", built-in weights %.3f", b.builtin);
    if (b.scored)
        fprintf(stderr, ", recorded search score %.3f (%zu positions)", b.score, b.scored);
    fprintf(stderr, "\n");
}

static void print_linear(const float *w)
{
    fprintf(stderr, "linear weights (centistones), one stone left / two stones left:\n");
    for (int j = 0; j < FEAT_GLOBALS; j++)
        fprintf(stderr, "  %-13s %8.1f %8.1f\n", feature_global_name(j), (double)w[j], (double)w[FEAT_GLOBALS + j]);
}

static void print_curve(const EvalCurve *c)
{
    fprintf(stderr, "result curve (chance of a win 1 / (1 + exp(-(k m + c))), m in stones), scale %.0f, "
                    "tiebreak %.3f:\n  stage    k (1 left)  c (1 left)  k (2 left)  c (2 left)\n",
            (double)c->scale, (double)c->tiebreak);
    for (int i = 0; i < EVAL_WDL_KNOTS; i++)
        fprintf(stderr, "  %5.3f  %10.4f  %10.4f  %10.4f  %10.4f\n", (double)i / (EVAL_WDL_KNOTS - 1),
                (double)c->slope[i][0], (double)c->offset[i][0], (double)c->slope[i][1], (double)c->offset[i][1]);
}

/* Writes the file under a temporary name and renames it: a failure leaves
 * any existing file as it was. Into a directory, the file is named by its
 * contents (eval_file_name). */
static bool write_weights(const char *output, const float *params, uint32_t count, const EvalCurve *curve)
{
    size_t size;
    uint8_t *bytes = eval_file_write(params, count, curve, &size);
    size_t length = strlen(output);
    /* room for "/" and the name */
    char *path = malloc(length + 1 + EVAL_FILE_NAME_MAX);
    if (!bytes || !path) {
        free(bytes);
        free(path);
        fprintf(stderr, "rin: train: out of memory\n");
        return false;
    }
    struct stat st;
    if (stat(output, &st) == 0 && S_ISDIR(st.st_mode)) {
        char name[EVAL_FILE_NAME_MAX];
        eval_file_name(bytes, size, name);
        sprintf(path, "%s%s%s", output, length && output[length - 1] == '/' ? "" : "/", name);
    } else {
        strcpy(path, output);
    }
    char err[ARGS_ERROR_MAX];
    bool ok = atomic_file_write(path, bytes, size, err, sizeof err);
    if (ok)
        fprintf(stderr, "wrote %s (%" PRIu32 " weights, %s)\n", path, count,
                curve && curve->scale > 0.0f ? "with a result curve" : "no result curve");
    else
        args_fail("train", "%s", err);
    free(path);
    free(bytes);
    return ok;
}

/* The trained model's errors on the held-out positions. */
static void report_held_out(const Trainer *trainer, const TrainSample *held, size_t n_held, bool point_model)
{
    TrainError e = train_measure(trainer, held, n_held);
    fprintf(stderr, "held out: evaluation %.3f stones rms, point model %.3f stones rms\n", e.eval_rmse, e.margin_rmse);
    fprintf(stderr, "held out: result log-loss %.4f (a coin 0.6931)", e.log_loss);
    if (point_model)
        fprintf(stderr, ", final owner right at %.2f%% of points", 100.0 * e.owner_accuracy);
    fprintf(stderr, "\n");
}

/* The point model's epochs, each with its loss and the held-out error. */
static void run_epochs(Trainer *trainer, const TrainSplit *split, uint64_t epochs)
{
    bool terminal = isatty(STDERR_FILENO);
    for (uint64_t epoch = 1; epoch <= epochs; epoch++) {
        double start = clock_now_seconds();
        double loss = train_epoch(trainer, split->train, split->n_train, terminal ? epoch_progress : NULL, &epoch);
        if (terminal)
            fprintf(stderr, "\r\033[K");
        fprintf(stderr, "epoch %" PRIu64 "/%" PRIu64 ": training %.4f per point", epoch, epochs, loss);
        if (split->n_held) {
            TrainError e = train_measure(trainer, split->held, split->n_held);
            fprintf(stderr, ", held out %.4f per point, final margin %.3f stones rms", e.point_mse, e.margin_rmse);
        }
        fprintf(stderr, " (%.1f s)\n", clock_now_seconds() - start);
    }
}

static int train_files(char **files, int file_count, const TrainOptions *o)
{
    TrainData data = {0};
    TrainSplit split = {0};
    if (!train_read_files(files, file_count, &data, "train")) {
        train_data_free(&data);
        return 1;
    }
    TrainSplitOptions how = {.holdout = o->common.holdout, .blend = 1.0};
    if (!train_split(&data, &how, &split)) {
        fprintf(stderr, "rin: train: out of memory\n");
        train_data_free(&data);
        return 1;
    }
    const TrainSample *train = split.train, *held = split.held;
    size_t n_train = split.n_train, n_held = split.n_held;
    fprintf(stderr, "read %zu positions: %zu for training, %zu held out\n", data.count, n_train, n_held);
    int status = 1;
    if (n_train == 0) {
        fprintf(stderr, "rin: train: no positions to train on (nothing written)\n");
        goto done;
    }
    report_baselines(data.records, data.count, o->common.holdout);
    TrainConfig config = {.seed = o->common.seed, .rate = (float)o->common.rate, .l2 = (float)o->common.l2};
    Trainer *trainer = train_create(&config);
    if (!trainer) {
        fprintf(stderr, "rin: train: out of memory\n");
        goto done;
    }
    run_epochs(trainer, &split, o->common.epochs);
    uint32_t features = o->features;
    if (o->common.epochs == 0)
        features &= ~FEAT_BIT(FEAT_G_OWNERSHIP);
    if (!train_fit_linear(trainer, train, n_train, features)) {
        fprintf(stderr, "rin: train: the linear model has no solution on this data (nothing written)\n");
        train_destroy(trainer);
        goto done;
    }
    uint32_t count;
    const float *params = train_params(trainer, &count);
    print_linear(params + count - 2 * FEAT_GLOBALS);
    if (!train_fit_curve(trainer, train, n_train, TRAIN_CURVE_SCALE, (float)o->tiebreak)) {
        fprintf(stderr, "rin: train: out of memory (nothing written)\n");
        train_destroy(trainer);
        goto done;
    }
    EvalCurve curve = *train_curve(trainer);
    print_curve(&curve);
    if (n_held)
        report_held_out(trainer, held, n_held, o->common.epochs > 0);
    /* without the curve, a version 1 file: the format of the shipped
     * weights, which the same data and seed then reproduce byte for byte */
    if (write_weights(o->common.output, params, count, o->curve ? &curve : NULL))
        status = 0;
    train_destroy(trainer);
done:
    train_split_free(&split);
    train_data_free(&data);
    return status;
}

int train_command_run(int argc, char **argv)
{
    TrainOptions o = {.features = 0,
                      .common = {.output = NULL, .epochs = 6, .holdout = 10, .seed = 1, .rate = 0.05, .l2 = 0.0},
                      .tiebreak = 0.1,
                      .curve = true};
    char **files = malloc((size_t)(argc + 1) * sizeof *files);
    if (!files)
        return 1;
    feature_parse_globals(DEFAULT_FEATURES, &o.features);
    int file_count, status;
    ArgsResult parsed = args_parse(&train_args, argc, argv, &o, files, &file_count);
    if (parsed != ARGS_OK)
        status = parsed == ARGS_HELP ? 0 : 2;
    else if (file_count == 0)
        status = args_usage_error(&train_args, "no input files");
    else if (!o.common.output)
        status = args_usage_error(&train_args, "--output is required");
    else
        status = train_files(files, file_count, &o);
    free(files);
    return status;
}
