/* libFuzzer target: the pattern weights file loader and the evaluation it
 * gives. The first byte chooses how the rest is used: odd, as the bytes of
 * a file (mostly refused by the frame's checks); even, as the weights of a
 * small model (2x3 windows; its bits 1 to 3 choose stones left, the result
 * target and the tactical inputs) written with a correct frame, so that the
 * values reach the loader's checks and, when accepted, the evaluation: a
 * file written and read back writes the same bytes, and the search's
 * incremental evaluation equals the one from scratch, with the float
 * tables or (every other input, by the last byte) the 16-bit ones. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval/ntuple.h"
#include "eval/ntuple_weights.h"
#include "rules/playout.h"
#include "base/random.h"
#include "rules/score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Evaluates positions of a few sizes played out at random (seeded by the
 * input), stone by stone, incrementally and from scratch. */
static void evaluate_some(const NtupleModel *model, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    NtupleBoard *board = malloc(sizeof *board);
    if (!board)
        return;
    for (int size = 4; size <= 16; size += 6) {
        Position pos;
        pos_init(&pos, size);
        ntuple_board_init(board, model, &pos);
        int stones = (int)rng_below(&rng, (uint32_t)(size * size));
        for (int i = 0; i < stones && !pos_is_over(&pos); i++) {
            pos_play(&pos, playout_random_point(&pos, &rng));
            ntuple_board_update(board, &pos);
            int v = ntuple_evaluate(model, board, &pos, NULL);
            if (v != ntuple_evaluate_full(model, &pos) || abs(v) > SCORE_EVAL_MAX)
                abort();
        }
    }
    free(board);
}

/* A file written from the model reads back as the same bytes. */
static void check_round_trip(const NtupleModel *model)
{
    size_t size = 0, again_size = 0;
    uint8_t *bytes = ntuple_weights_write(model, &size);
    if (!bytes)
        return;
    NtupleModel *back = NULL;
    if (ntuple_weights_parse(bytes, size, &back) != NTUPLE_WEIGHTS_OK)
        abort();
    uint8_t *again = ntuple_weights_write(back, &again_size);
    if (again && (again_size != size || memcmp(again, bytes, size) != 0))
        abort();
    free(again);
    free(bytes);
    ntuple_model_destroy(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    NtupleModel *model = NULL;
    uint64_t seed = size;
    for (size_t i = 0; i < size && i < 64; i++)
        seed = seed * 131 + data[i];
    if (data[0] & 1) {
        NtupleWeightsStatus status = ntuple_weights_parse(data + 1, size - 1, &model);
        if ((status == NTUPLE_WEIGHTS_OK) != (model != NULL) || ntuple_weights_status_text(status) == NULL)
            abort();
    } else {
        NtupleConfig config = {.shapes = NTUPLE_SHAPE_BIT(NTUPLE_WIN23),
                               .stages = 1,
                               .split_turn = (data[0] >> 1) & 1,
                               .target = data[0] & 4 ? NTUPLE_TARGET_RESULT : NTUPLE_TARGET_MARGIN,
                               .tactical = (data[0] >> 3) & 1};
        NtupleModel *source = NULL;
        if (ntuple_model_create(&config, &source) != NTUPLE_OK)
            return 0;
        const uint8_t *rest = data + 1;
        size_t left = size - 1;
        size_t calib = left < 8 ? left : 8;
        memcpy(source->calib_a, rest, calib < 4 ? calib : 4);
        if (calib > 4)
            memcpy(source->calib_b, rest + 4, calib - 4);
        rest += calib;
        left -= calib;
        size_t given = left / sizeof(float);
        memcpy(source->weights, rest, (given < source->params ? given : source->params) * sizeof(float));
        size_t file_size = 0;
        uint8_t *file = ntuple_weights_write(source, &file_size);
        ntuple_model_destroy(source);
        if (!file)
            return 0;
        NtupleWeightsStatus status = ntuple_weights_parse(file, file_size, &model);
        free(file);
        if (status != NTUPLE_WEIGHTS_OK && status != NTUPLE_WEIGHTS_ERR_VALUE && status != NTUPLE_WEIGHTS_ERR_MEMORY)
            abort(); /* a well-framed file is refused only for its values */
    }
    if (model) {
        check_round_trip(model);
        if ((data[size - 1] & 1) && !ntuple_model_pack(model)) {
            ntuple_model_destroy(model);
            return 0;
        }
        evaluate_some(model, seed);
        ntuple_model_destroy(model);
    }
    return 0;
}
