/* libFuzzer target: the weights file loader and the evaluation it gives.
 * The first byte chooses how the rest is used: odd, as the bytes of a file
 * (mostly refused by the header checks); even, as the parameters of a file
 * with a correct header and checksum, so that the values themselves reach
 * the loader's checks and, when accepted, the evaluation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval/evalmodel.h"
#include "eval/feature.h"
#include "rules/playout.h"
#include "rules/random.h"
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
        size_t given = (size - 1) / sizeof(float);
        memcpy(params, data + 1, (given < count ? given : count) * sizeof(float));
        size_t file_size = 0;
        uint8_t *file = eval_file_write(params, count, NULL, &file_size);
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
        eval_model_destroy(model);
    }
    return 0;
}
