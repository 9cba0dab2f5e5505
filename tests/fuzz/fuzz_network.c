/* libFuzzer target: the network weights file loader and the evaluation it
 * gives. The first byte chooses how the rest is used: odd, as the bytes of
 * a file (refused by the frame's or the shape's checks: a whole file is
 * megabytes); even, as the layers' weights and biases of a model whose
 * feature rows are set from the input too, written with a correct frame,
 * so that the values reach the loader's range checks and, when accepted,
 * the evaluation: a file written and read back writes the same bytes, and
 * the board kept stone by stone gives the value from scratch. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eval/nnue.h"
#include "eval/nnue_weights.h"
#include "rules/playout.h"
#include "base/random.h"
#include "rules/score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void evaluate_some(const NnueModel *model, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    NnueBoard *board = malloc(2 * sizeof *board);
    if (!board)
        return;
    for (int size = 4; size <= 16; size += 6) {
        Position pos;
        pos_init(&pos, size);
        nnue_board_reset(&board[0]);
        nnue_board_reset(&board[1]);
        int stones = (int)rng_below(&rng, (uint32_t)(size * size));
        for (int i = 0; i < stones && !pos_is_over(&pos); i++) {
            FillMap mine, theirs;
            tactics_fill_points(&pos, pos_to_move(&pos), &mine);
            tactics_fill_points(&pos, color_other(pos_to_move(&pos)), &theirs);
            NnueBoard *b = &board[pos_to_move(&pos)];
            nnue_board_update(b, model, &pos, &mine, &theirs);
            NnueValue v = nnue_value(model, b, &pos), full = nnue_value_full(model, &pos);
            int cs = nnue_centistones(&v);
            if (v.owner_margin != full.owner_margin || v.correction != full.correction || abs(cs) > SCORE_EVAL_MAX)
                abort();
            pos_play(&pos, playout_random_point(&pos, &rng));
        }
    }
    free(board);
}

static void check_round_trip(const NnueModel *model)
{
    size_t size = 0, again_size = 0;
    uint8_t *bytes = nnue_weights_write(model, &size);
    if (!bytes)
        return;
    NnueModel *back = NULL;
    if (nnue_weights_parse(bytes, size, &back) != NNUE_WEIGHTS_OK)
        abort();
    uint8_t *again = nnue_weights_write(back, &again_size);
    if (again && (again_size != size || memcmp(again, bytes, size) != 0))
        abort();
    free(again);
    free(bytes);
    nnue_model_destroy(back);
}

/* Copies up to `n` bytes of the input into dst, advancing it. */
static void take(const uint8_t **rest, size_t *left, void *dst, size_t n)
{
    size_t k = *left < n ? *left : n;
    memcpy(dst, *rest, k);
    *rest += k;
    *left -= k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    uint64_t seed = size;
    for (size_t i = 0; i < size && i < 64; i++)
        seed = seed * 131 + data[i];
    NnueModel *model = NULL;
    if (data[0] & 1) {
        NnueWeightsStatus status = nnue_weights_parse(data + 1, size - 1, &model);
        if ((status == NNUE_WEIGHTS_OK) != (model != NULL) || nnue_weights_status_text(status) == NULL)
            abort();
    } else {
        NnueModel *source = nnue_model_create();
        if (!source)
            return 0;
        const uint8_t *rest = data + 1;
        size_t left = size - 1;
        take(&rest, &left, source->point_bias, sizeof source->point_bias);
        take(&rest, &left, source->owner_weight, sizeof source->owner_weight);
        take(&rest, &left, &source->owner_bias, sizeof source->owner_bias);
        take(&rest, &left, &source->out_bias, sizeof source->out_bias);
        take(&rest, &left, source->out_weight, sizeof source->out_weight);
        take(&rest, &left, source->l2_bias, sizeof source->l2_bias);
        take(&rest, &left, source->l1_bias, sizeof source->l1_bias);
        take(&rest, &left, source->l2_weight, sizeof source->l2_weight);
        take(&rest, &left, source->l1_weight, sizeof source->l1_weight);
        /* the rest fills the feature rows over and over */
        for (size_t i = 0; left >= 2 && i < (size_t)source->rows * NNUE_HIDDEN; i++)
            memcpy(&source->row[i], rest + (2 * i) % (left - left % 2), 2);
        size_t file_size = 0;
        uint8_t *file = nnue_weights_write(source, &file_size);
        nnue_model_destroy(source);
        if (!file)
            return 0;
        NnueWeightsStatus status = nnue_weights_parse(file, file_size, &model);
        free(file);
        if (status != NNUE_WEIGHTS_OK && status != NNUE_WEIGHTS_ERR_VALUE && status != NNUE_WEIGHTS_ERR_MEMORY)
            abort(); /* a well-framed file is refused only for its values */
    }
    if (model) {
        check_round_trip(model);
        evaluate_some(model, seed);
        nnue_model_destroy(model);
    }
    return 0;
}
