/* libFuzzer target: the weights file loader and the evaluation it gives.
 * The first byte chooses how the rest is used: odd, as the bytes of a file
 * (mostly refused by the header checks); even, as the values of a file with
 * a correct header and checksum, so that the values themselves reach the
 * loader's checks and, when accepted, the evaluation: with bit 1 clear, the
 * parameters of a version 1 file; with it set, a result curve (its first
 * sizeof(EvalCurve) bytes) and the parameters of a version 2 file. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval/evalmodel.h"
#include "eval/feature.h"
#include "rules/playout.h"
#include "base/random.h"
#include "rules/score.h"
#include "rules/tactics.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The feature map, built once before the first input: building it costs
 * more than loading a file with it. Written only by LLVMFuzzerInitialize. */
static const FeatureMap *fuzz_map;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_map = feature_map_create();
    if (!fuzz_map)
        abort();
    return 0;
}

/* Evaluates a few positions played out at random (seeded by the input). */
static void evaluate_some(const EvalModel *model, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (int size = 4; size <= 16; size += 6) {
        Position pos;
        pos_init(&pos, size);
        int stones = (int)rng_below(&rng, (uint32_t)(size * size));
        for (int i = 0; i < stones && !pos_is_over(&pos); i++)
            pos_play(&pos, playout_random_point(&pos, &rng));
        FillMap mine, theirs;
        Color me = pos_to_move(&pos);
        tactics_fill_points(&pos, me, &mine);
        tactics_fill_points(&pos, color_other(me), &theirs);
        float owner[BB_POINTS];
        (void)eval_model_evaluate(model, &pos, &mine, &theirs, -1);
        eval_model_ownership(model, &pos, &mine, &theirs, owner);
        for (int p = 0; p < BB_POINTS; p++)
            if (!(owner[p] >= -1.0f && owner[p] <= 1.0f))
                abort(); /* an owner is a number in [-1, 1] */
    }
}

/* The result curve's promises, at a few stages and margins: the utility
 * never falls as the margin rises, stays below proven results and is the
 * margin without a curve; the inverse stays within the estimates' range;
 * the expectation is in [-1, 1]. */
static void check_curve(const EvalModel *model)
{
    bool curve = eval_model_has_curve(model);
    for (int step = 0; step <= 8; step++) {
        float stage = (float)step / 8.0f + (step & 1 ? 0.03f : 0.0f);
        for (int left = 1; left <= 2; left++) {
            int previous = -SCORE_INF;
            for (int m = -SCORE_EVAL_MAX; m <= SCORE_EVAL_MAX; m += 250) {
                int u = eval_model_utility(model, stage, left, m);
                if (u < previous || (curve ? abs(u) >= SCORE_EVAL_MAX : u != m))
                    abort();
                previous = u;
                int back = eval_model_margin_of(model, stage, left, u);
                if (abs(back) > SCORE_EVAL_MAX)
                    abort();
                double e = eval_model_expectation(model, stage, left, m);
                if (!(e >= -1.0 && e <= 1.0))
                    abort();
            }
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    EvalModel *model = NULL;
    uint64_t seed = size;
    for (size_t i = 0; i < size && i < 64; i++)
        seed = seed * 131 + data[i];
    if (data[0] & 1) {
        EvalStatus status = eval_model_parse_mapped(data + 1, size - 1, fuzz_map, &model);
        if ((status == EVAL_OK) != (model != NULL) || eval_status_text(status) == NULL)
            abort();
    } else {
        uint32_t count = eval_param_count(fuzz_map);
        float *params = calloc(count, sizeof *params);
        if (!params)
            return 0;
        const uint8_t *rest = data + 1;
        size_t left = size - 1;
        bool with_curve = data[0] & 2;
        EvalCurve curve;
        memset(&curve, 0, sizeof curve);
        if (with_curve) {
            size_t taken = left < sizeof curve ? left : sizeof curve;
            memcpy(&curve, rest, taken);
            rest += taken;
            left -= taken;
        }
        size_t given = left / sizeof(float);
        memcpy(params, rest, (given < count ? given : count) * sizeof(float));
        size_t file_size = 0;
        uint8_t *file = eval_file_write(params, count, with_curve ? &curve : NULL, &file_size);
        free(params);
        if (!file)
            return 0;
        EvalStatus status = eval_model_parse_mapped(file, file_size, fuzz_map, &model);
        free(file);
        if (status != EVAL_OK && status != EVAL_ERR_VALUE)
            abort(); /* a well-framed file is refused only for its values */
    }
    if (model) {
        evaluate_some(model, seed);
        check_curve(model);
        eval_model_destroy(model);
    }
    return 0;
}
