/* The train-patterns command: reads selfplay files as `rin train` does,
 * holds out the games whose index is 0 modulo --holdout and a sixteenth of
 * the others (by a hash of the game index) for the calibration, runs
 * Adagrad epochs (learn/ntuple_train.h), fits the calibration, reports the
 * held-out log-loss and margin error next to the built-in weights' margin
 * error, and the distance to the recorded search scores, and writes the
 * pattern weights file whole or not at all. Deterministic from the seed:
 * the same data and options write the same bytes. */
#include "cli/pattern_train_command.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/train_options.h"
#include "formats/atomic_file.h"
#include "eval/evalmodel.h"
#include "eval/ntuple.h"
#include "eval/ntuple_weights.h"
#include "formats/number.h"
#include "learn/ntuple_train.h"
#include "base/clock.h"

enum { CALIBRATION_LIMIT = 200000 };

typedef struct PatternTrainOptions {
    NtupleConfig config;
    NtupleTrainConfig train;
    TrainCommonOptions common; /* --output, --epochs, --holdout, --seed, --rate, --l2 (copied to train) */
    double blend;     /* --target-blend */
    double mc;        /* --mc-blend */
    bool scored_only; /* --scored-only */
} PatternTrainOptions;

static bool set_shapes(void *shapes, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    return value && ntuple_parse_shapes(value, shapes);
}

static bool set_target(void *target, const char *value, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    if (value && strcmp(value, "margin") == 0)
        *(NtupleTarget *)target = NTUPLE_TARGET_MARGIN;
    else if (value && strcmp(value, "result") == 0)
        *(NtupleTarget *)target = NTUPLE_TARGET_RESULT;
    else
        return false;
    return true;
}

#define AT(field) offsetof(PatternTrainOptions, field)

static const ArgsOption pattern_train_options[] = {
    TRAIN_COMMON_ARGS(PatternTrainOptions, "pattern weights file to write (required; written only on success)",
                      "passes over the training positions (default 3)", "Adagrad learning rate (default 0.02)",
                      "weight decay (default 0.00001)"),
    {"--shapes", "LIST", ARGS_CALL, AT(config.shapes), 0, 0, set_shapes,
     "--shapes needs shape names from: win3x3, edge2x4, edge2x5, win2x4, win2x3",
     "the value head's shapes, comma-separated (default win3x3;\nalso win2x3, win2x4, edge2x4, edge2x5)"},
    {"--stages", "N", ARGS_INT, AT(config.stages), 1, NTUPLE_MAX_STAGES, NULL, "--stages needs a number from 1 to 16",
     "sets of tables by the fraction of points occupied, 1 to 16\n(default 4)"},
    {"--split-turn", NULL, ARGS_ONE, AT(config.split_turn), 0, 0, NULL, NULL,
     "separate tables for one and two stones left in the turn"},
    {"--tactical", NULL, ARGS_ONE, AT(config.tactical), 0, 0, NULL, NULL,
     "the value also weighs four tactical inputs of the search"},
    {"--owner", "LIST", ARGS_CALL, AT(config.owner_shapes), 0, 0, set_shapes,
     "--owner needs shape names from: win3x3, edge2x4, edge2x5, win2x4, win2x3",
     "an owner head with these shapes (default none)"},
    {"--value-uses-owner", NULL, ARGS_ONE, AT(config.value_uses_owner), 0, 0, NULL, NULL,
     "the value also weighs the owner head's margin"},
    {"--target", "T", ARGS_CALL, AT(config.target), 0, 0, set_target, "--target needs margin or result",
     "margin (default) or result: what the weights' sum predicts"},
    {"--target-blend", "L", ARGS_REAL, AT(blend), 0.0, 1.0, NULL, "--target-blend needs a number from 0 to 1",
     "train on L x the final margin + (1 - L) x the recorded search\nscore (the solver's value where recorded), in "
     "stones for the\nside to move; positions without a score keep the final\nmargin (default 1: the final margin "
     "alone; 0 to 1)"},
    {"--mc-blend", "W", ARGS_REAL, AT(mc), 0.0, 1.0, NULL, "--mc-blend needs a number from 0 to 1",
     "move that label by W towards the margin the random games of\nrin selfplay --mc-playouts expect, where the data "
     "has them\n(default 0: off; 0 to 1)"},
    {"--scored-only", NULL, ARGS_ON, AT(scored_only), 0, 0, NULL, NULL,
     "train only on positions with a recorded search score (drops\nthe positions before random, explored stones)"},
};

static const ArgsCommand pattern_train_args = {
    "train-patterns", "Usage: rin train-patterns FILE... --output PATTERNS [options]\n",
    "Fits the n-tuple pattern model to rin selfplay files, binary or text (\"-\" reads\nstdin), and writes a pattern "
    "weights file for --pattern-file.\n",
    pattern_train_options, sizeof pattern_train_options / sizeof pattern_train_options[0], NULL};

const ArgsCommand *pattern_train_command_args(void) { return &pattern_train_args; }

/* Writes the file under a temporary name and renames it: a failure leaves
 * any existing file as it was. */
static bool write_patterns(const char *path, const NtupleModel *model)
{
    size_t size;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    if (!bytes)
        return !args_fail("train-patterns", "out of memory");
    char err[ARGS_ERROR_MAX];
    bool ok = atomic_file_write(path, bytes, size, err, sizeof err);
    if (ok)
        fprintf(stderr, "wrote %s (%" PRIu32 " weights, %zu bytes)\n", path, model->params, size);
    else
        args_fail("train-patterns", "%s", err);
    free(bytes);
    return ok;
}

static void report_model(const NtupleModel *model)
{
    const NtupleConfig *c = &model->config;
    fprintf(stderr, "model: shapes");
    for (int s = 0; s < NTUPLE_SHAPES; s++)
        if (c->shapes & NTUPLE_SHAPE_BIT(s))
            fprintf(stderr, " %s", ntuple_shape_name((NtupleShape)s));
    if (c->owner_shapes) {
        fprintf(stderr, ", owner head");
        for (int s = 0; s < NTUPLE_SHAPES; s++)
            if (c->owner_shapes & NTUPLE_SHAPE_BIT(s))
                fprintf(stderr, " %s", ntuple_shape_name((NtupleShape)s));
        if (c->value_uses_owner)
            fprintf(stderr, " (its margin weighed by the value)");
    }
    fprintf(stderr, "%s, %d stages%s, target %s, %" PRIu32 " weights (%.2f MB)\n",
            c->tactical ? ", tactical inputs" : "", c->stages, c->split_turn ? " x stones left" : "",
            c->target == NTUPLE_TARGET_MARGIN ? "margin" : "result", model->params,
            (double)ntuple_model_bytes(model) / 1e6);
}

static void report_held_out(const NtupleModel *model, const TrainSample *held, size_t count, const char *when)
{
    NtupleError e = ntuple_train_measure(model, held, count);
    fprintf(stderr, "%s: held out %zu positions, result log-loss %.4f (a coin 0.6931), margin %.3f stones rms",
            when, e.positions, e.result_logloss, e.margin_rmse);
    if (model->config.owner_shapes)
        fprintf(stderr, ", final owner right at %.2f%% of points", 100.0 * e.owner_accuracy);
    fprintf(stderr, "\n");
}

/* The rms distance of the model's margin to the search's label over the
 * held-out positions that have one (train_data_score_rms). */
static void report_held_out_scores(const NtupleModel *model, const TrainData *data, uint64_t holdout)
{
    size_t n;
    double rms = train_data_score_rms(data, holdout, model, &n);
    if (n)
        fprintf(stderr, "trained: held out %zu positions with a search score, %.3f stones rms from it\n", n, rms);
}

/* The rms margin error of the built-in weights on the held-out games. */
static void report_baseline(const TrainData *data, uint64_t holdout)
{
    EvalModel *builtin = eval_model_default();
    if (!builtin)
        return;
    TrainBaselines b;
    train_data_baselines(data->records, data->count, holdout, builtin, &b);
    eval_model_destroy(builtin);
    if (b.positions)
        fprintf(stderr, "baseline on %zu held-out positions: built-in weights %.3f stones rms, stone difference %.3f\n",
                b.positions, b.builtin, b.stones);
}

static int train_files(char **files, int file_count, const PatternTrainOptions *o)
{
    TrainData data = {0};
    TrainSplit split = {0};
    NtupleModel *model = NULL;
    NtupleTrainer *trainer = NULL;
    int status = 1;
    if (!train_read_files(files, file_count, &data, "train-patterns"))
        goto done;
    TrainSplitOptions how = {.holdout = o->common.holdout,
                             .calibration = true,
                             .scored_only = o->scored_only,
                             .blend = o->blend,
                             .mc = o->mc};
    if (!train_split(&data, &how, &split)) {
        fprintf(stderr, "rin: train-patterns: out of memory\n");
        goto done;
    }
    const TrainSample *train = split.train, *calib = split.calib, *held = split.held;
    const double *targets = split.targets;
    size_t n_train = split.n_train, n_calib = split.n_calib, n_held = split.n_held, dropped = split.dropped;
    fprintf(stderr, "read %zu positions: %zu for training, %zu for the calibration, %zu held out\n", data.count,
            n_train, n_calib, n_held);
    if (o->scored_only)
        fprintf(stderr, "left out of the training %zu positions without a search score\n", dropped);
    if (o->blend != 1.0)
        fprintf(stderr, "training label: %.3g x final margin + %.3g x search score\n", o->blend, 1.0 - o->blend);
    if (o->mc != 0.0)
        fprintf(stderr, "training label: %.3g x that + %.3g x the random games' margin where recorded\n",
                1.0 - o->mc, o->mc);
    if (n_train == 0) {
        fprintf(stderr, "rin: train-patterns: no positions to train on (nothing written)\n");
        goto done;
    }
    if (n_held)
        report_baseline(&data, o->common.holdout);
    if (ntuple_model_create(&o->config, &model) != NTUPLE_OK || !(trainer = ntuple_train_create(model, &o->train))) {
        fprintf(stderr, "rin: train-patterns: out of memory\n");
        goto done;
    }
    report_model(model);
    for (uint64_t epoch = 1; epoch <= o->common.epochs; epoch++) {
        double start = clock_now_seconds();
        NtupleLoss loss = ntuple_train_epoch_to(trainer, train, targets, n_train);
        if (loss.value != loss.value) {
            fprintf(stderr, "rin: train-patterns: out of memory (nothing written)\n");
            goto done;
        }
        fprintf(stderr, "epoch %" PRIu64 "/%" PRIu64 ": training loss %.4f", epoch, o->common.epochs, loss.value);
        if (model->config.owner_shapes)
            fprintf(stderr, ", owner %.4f per point", loss.owner);
        fprintf(stderr, " (%.1f s)\n", clock_now_seconds() - start);
    }
    ntuple_train_calibrate(model, calib, n_calib, CALIBRATION_LIMIT);
    for (int s = 0; s < model->config.stages; s++)
        fprintf(stderr, "stage %d calibration: a %.5f, b %.5f\n", s, (double)model->calib_a[s],
                (double)model->calib_b[s]);
    if (n_held) {
        report_held_out(model, held, n_held, "trained");
        report_held_out_scores(model, &data, o->common.holdout);
    }
    if (write_patterns(o->common.output, model))
        status = 0;
done:
    ntuple_train_destroy(trainer);
    ntuple_model_destroy(model);
    train_split_free(&split);
    train_data_free(&data);
    return status;
}

int pattern_train_command_run(int argc, char **argv)
{
    PatternTrainOptions o = {.config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN3),
                                        .stages = 4,
                                        .target = NTUPLE_TARGET_MARGIN},
                             .common = {.output = NULL, .epochs = 3, .holdout = 10, .seed = 1, .rate = 0.02, .l2 = 1e-5},
                             .blend = 1.0,
                             .mc = 0.0};
    char **files = malloc((size_t)(argc + 1) * sizeof *files);
    if (!files)
        return 1;
    int file_count, status;
    ArgsResult parsed = args_parse(&pattern_train_args, argc, argv, &o, files, &file_count);
    if (parsed != ARGS_OK) {
        status = parsed == ARGS_HELP ? 0 : 2;
    } else if (o.config.value_uses_owner && !o.config.owner_shapes) {
        status = args_usage_error(&pattern_train_args, "--value-uses-owner needs --owner");
    } else if (file_count == 0) {
        status = args_usage_error(&pattern_train_args, "no input files");
    } else if (!o.common.output) {
        status = args_usage_error(&pattern_train_args, "--output is required");
    } else {
        o.train = (NtupleTrainConfig){.seed = o.common.seed, .rate = (float)o.common.rate, .l2 = (float)o.common.l2};
        status = train_files(files, file_count, &o);
    }
    free(files);
    return status;
}
